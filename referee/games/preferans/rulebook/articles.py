"""Preferans [преферанс]: table and deal, auction, contracts, whisting, play, scoring a deal,
misère, all-pass, violations, the pool and help, the end and the settlement, the presets.

Written from the Preferans rules (the club's compendium of seven rule pages, the last of them
the numbered list «Общие правила преферанса», cited by item): each article names its place
there as readers know it (`cite`, "«Общие правила преферанса», п. 35"), quotes it (`quote`)
and, where the texts disagree or are silent, says this service's reading (`reading`) with the
convention that changes it. What each preset sets is read from the engine
(`scoring.games.preferans.engine.PRESETS`) on the presets' and conventions' pages. Checklist for
reviewers: docs/rulebook-checklist.md.
"""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from referee.rulebook.base import PREFERANS_RULES, SERVICE, article

from .conventions import (
    ALLPASS_POINTS,
    AUCTION,
    BASICS,
    BIDDING,
    CHOSEN,
    CLASSIC_BIDDING,
    COUNT,
    DEALER,
    ENDING,
    KINDS,
    MISERE_RULES,
    ORDER,
    PLAY,
    PORTAL,
    PRICES,
    RECORD,
    SCHOOLS,
    kodex,
    named,
    section,
)

PREF = "preferans"

ARTICLES = [
    # --- table, auction, contracts, whisting, play (section "preferans") ---------------------
    article(
        "preferans.overview",
        ru=(
            "Преферанс: пулька, пуля, гора, висты",
            """
Вторая игра клуба (правила преферанса). Играют втроём или вчетвером колодой в 32 карты; партия
называется пулькой. На листе у каждого три графы: пуля (очки за сыгранные игры, её наполняют
до договорённой цифры, обычно 20), гора (штрафные очки: ремизы, недовисты, распасы) и висты
(очки, записанные на каждого из партнёров). В конце гора и пуля переводятся в висты, и каждый
видит, сколько выиграл или проиграл.

Договорённости стола собраны в три набора: сочинка, ленинградка и ростовский; любую
договорённость можно изменить для турнира или стола.""",
        ),
        uk=(
            "Преферанс: пулька, пуля, гора, вісти",
            """
Друга гра клубу (правила преферансу). Грають утрьох або вчотирьох колодою з 32 карт; партія
зветься пулькою. На аркуші в кожного три графи: пуля (очки за зіграні ігри, її наповнюють до
домовленої цифри, зазвичай 20), гора (штрафні очки: реміз, недовіст, розпаси) і вісти (очки,
записані на кожного з партнерів). Наприкінці гору й пулю переводять у вісти, і кожен бачить,
скільки виграв чи програв.

Домовленості столу зібрано в три набори: сочинка, ленінградка і ростовський; будь-яку
домовленість можна змінити для турніру чи столу.""",
        ),
        en=(
            "Preferans: pulka, pool, mountain, whists",
            """
The club's second game (the Preferans rules). Three or four play with a 32-card pack; a
match is a pulka. Each player's sheet has three columns: the pool [пуля] (points for games
played, filled up to an agreed target, usually 20), the mountain [гора] (penalty points:
remises, shortfalls, all-passes) and the whists [висты] (points written on each of the other
players). At the end the mountain and the pool are turned into whists and everybody sees
what they won or lost.

The table's conventions come in three presets: Sochi, Leningrad and Rostov; any convention
may be changed for a tournament or a table.""",
        ),
        kw_ru="преферанс, преф, пулька, пуля, гора, висты, лист, расписать пульку",
        kw_uk="преферанс, преф, пулька, пуля, гора, вісти",
        kw_en="preferans, preference, pulka, pool, mountain, whists, score sheet",
        source=PREFERANS_RULES,
        game=PREF,
        cite=RECORD,
        quote="Верхняя часть схемы носит название «гора», туда вносятся полученные штрафные очки. Середина – это «пулька».",
    ),
    article(
        "preferans.table",
        ru=(
            "Стол и сдача: трое или четверо, сдающий на прикупе",
            """
Играют трое или четверо, места по часовой стрелке. Каждому играющему сдают по 10 карт, две
карты — прикуп. Вчетвером сдающий «сидит на прикупе»: карт не получает, в игре и мизере
взяток не берёт; на распасах он открывает две карты прикупа и может взять эти взятки (не
больше двух).

Сдача переходит по часовой стрелке после каждой сдачи. Если договорились, что после распасов
сдаёт тот же (договорённость «сдающий после распасов»), он всё равно не сдаёт больше трёх раз
подряд. Первым вистует игрок слева от играющего (сдающий на прикупе пропускается). В сдаче
десять взяток.

Вчетвером любой игрок может позвать сдающего играть «в пополаме»: тогда «вся ответственность делится пополам, ровно как и выигрыш» (на мизере так же: «проигрыш тогда расписывается на двоих», и выигрыш тоже). Сдача записывается с тем, с кем сдающий играл пополам; он пишет половину каждой записи этого игрока, а своей консоляции не пишет.""",
        ),
        uk=(
            "Стіл і здача: троє чи четверо, той, хто роздає, на прикупі",
            """
Грають троє або четверо, місця за годинниковою стрілкою. Кожному, хто грає, роздають по 10
карт, дві карти — прикуп. Учотирьох той, хто роздає, «сидить на прикупі»: карт не отримує, у
грі та мізері взяток не бере; на розпасах він відкриває дві карти прикупу і може взяти ці
взятки (не більше двох).

Здача переходить за годинниковою стрілкою після кожної здачі. Якщо домовилися, що після
розпасів роздає той самий (домовленість «хто роздає після розпасів»), він усе одно роздає не
більше трьох разів поспіль. Першим вістує гравець ліворуч від граючого (того, хто роздає і
сидить на прикупі, пропускають). У здачі десять взяток.

Учотирьох будь-який гравець може покликати того, хто роздає, грати «в пополаме»: тоді вся відповідальність ділиться навпіл, так само як і виграш (на мізері так само: програш розписується на двох, і виграш теж). Здачу записують із тим, з ким той, хто роздає, грав навпіл; він пише половину кожного запису цього гравця, а своєї консоляції не пише.""",
        ),
        en=(
            "Table and deal: three or four, the dealer sits out",
            """
Three or four play, seated clockwise. Each playing hand gets 10 cards; two cards are the
talon [прикуп]. With four the dealer sits the deal out ("на прикупе"): he gets no cards and
takes no trick in a game or a misère; on an all-pass he turns the two talon cards as leads
and may take those tricks (at most two).

The deal passes clockwise after every deal. If the table agreed that the dealer deals again
after an all-pass (convention allpass_dealer), he still never deals more than three times in
a row. The first defender is the declarer's left-hand player (skipping a sitting-out dealer).
A deal has ten tricks.

With four, any player may call the dealer to play "в пополаме" (in halves): then "all the responsibility is halved, and so are the winnings" (on a misère too: the loss is shared by two, and the win). The deal is written with the player the dealer shared; the dealer writes half of each of that player's writes and no consolation of his own.""",
        ),
        kw_ru="сдача, кто сдаёт, сдающий, на прикупе, в пополаме, пополам со сдающим, вчетвером, втроём, прикуп, 32 карты",
        kw_uk="здача, хто роздає, на прикупі, вчотирьох, утрьох, прикуп",
        kw_en="deal, dealer, four players, three players, talon, sits out, who deals",
        conventions=("allpass_dealer",),
        source=(PREFERANS_RULES, SERVICE),
        game=PREF,
        cite=named(*kodex("15, 51"), DEALER),
        quote="При игре вчетвером выходит с первой карты прикупа сдающий — все игроки стараются уступить ему эту взятку ... Однако любой игрок имеет право позвать сдающего играть «в пополаме» ... Проигрыш тогда расписывается на двоих. Однако и победные очки тоже делятся пополам.",
        reading=(
            "Что сдающий, игравший пополам, не пишет своей консоляции, — так читает этот сервис: «Общие правила» (п. 48) дают её «четвертому сдающему», а о пополаме молчат (consolation).",
            "Що той, хто роздає і грав навпіл, не пише своєї консоляції, — так читає цей сервіс: «Общие правила» (п. 48) дають її четвертому, хто роздає, а про пополам мовчать (consolation).",
            'That a dealer playing in halves writes no consolation of his own is this service\'s reading: the general rules (item 48) give it to "the fourth, the dealer" and are silent on halves (consolation).',
        ),
    ),
    article(
        "preferans.auction",
        ru=(
            "Торговля: мизер только первым словом, девятерная бьёт мизер",
            """
Торговлю начинает игрок слева от сдающего; заявки идут по лестнице без пропуска ступеней:
шесть пик, шесть треф, шесть бубен, шесть червей, шесть без козыря, семь пик… до десяти без
козыря. Спасовавший больше не торгуется.

Мизер можно заказать только первой заявкой: кто уже назвал любую игру, мизер заказать не
может. Мизер перебивается девятерной (а мизер без прикупа — девятерной или десятерной без
прикупа).

Выигравший торговлю берёт прикуп и заказывает игру не ниже той, на которой остановилась
торговля: купив на семь, нельзя играть шестерную, а купив семь бубен — семь пик или семь
треф (в этих мастях уже восемь).

Когда в торговле остались двое, старшая рука может не повышать, а сказать «здесь» (или «держу») — то есть взять ту же заявку. Если первая и вторая руки спасовали, третья может взять прикуп без торговли, но обязуется сыграть любую игру, кроме мизера.""",
        ),
        uk=(
            "Торгівля: мізер лише першим словом, дев’ятерна б’є мізер",
            """
Торгівлю починає гравець ліворуч від того, хто роздає; заявки йдуть драбиною без пропуску
сходинок: шість пік, шість треф, шість бубон, шість чирв, шість без козиря, сім пік… до десяти
без козиря. Той, хто спасував, більше не торгується.

Мізер можна замовити лише першою заявкою: хто вже назвав будь-яку гру, мізер замовити не
може. Мізер перебивається дев’ятерною (а мізер без прикупу — дев’ятерною чи десятерною без
прикупу).

Той, хто виграв торгівлю, бере прикуп і замовляє гру не нижчу за ту, на якій зупинилася
торгівля: купивши на сім, не можна грати шестерну, а купивши сім бубон — сім пік чи сім треф
(у цих мастях уже вісім).

Коли в торгівлі лишилося двоє, старша рука може не підвищувати, а сказати «здесь» (чи «держу») — тобто взяти ту саму заявку. Якщо перша й друга руки спасували, третя може взяти прикуп без торгівлі, але зобов’язується зіграти будь-яку гру, крім мізеру.""",
        ),
        en=(
            "The auction: a misère only as a first bid, a nine beats a misère",
            """
The player left of the dealer bids first; bids climb the ladder without skipping a step: six
spades, six clubs, six diamonds, six hearts, six no trumps, seven spades… up to ten no trumps.
A player who passed bids no more.

A misère may only be a player's first bid: whoever has named any game may not bid a misère. A
misère is beaten by a nine (a misère without the talon by a nine or a ten without it).

The winner takes the talon and names a game no lower than where the auction stopped: having
bought at seven he may not play a six, and having bought seven diamonds he may not play seven
spades or seven clubs (in those suits it must be eight).

When two are left in the auction, the elder hand may hold instead of raising by saying "здесь" or "держу" (the same bid). If the first and second hands passed, the third may take the talon without bidding but must play some game, not a misère.""",
        ),
        kw_ru="торговля, аукцион, заявка, здесь, держу, третья рука, мизер первым словом, девятерная на мизер, перебить мизер, играть ниже",
        kw_uk="торгівля, аукціон, заявка, мізер першим словом, дев’ятерна на мізер",
        kw_en="auction, bidding, bid, misere first bid, nine beats misere, lower game",
        source=(PREFERANS_RULES, SERVICE),
        game=PREF,
        cite=named(*AUCTION, kodex("7, 9"), PORTAL, CLASSIC_BIDDING, BIDDING),
        quote="Желающий играть мизер должен объявить об этом своей первой заявкой. ... Вообще играть менее, нежели прикупил, не позволяется. ... Мизер с прикупом перебивается девятерной с прикупом. ... может сказать «держу» или «здесь» ... Если первая и вторая руки сделали пас, то третья получает право",
        reading=(
            "Лист этого сервиса торговлю не записывает: игра ниже торговли или мизер не первым словом — вопрос судье до записи сдачи; после распасов лист сам не примет игру ниже выхода (allpass_exit).",
            "Аркуш цього сервісу торгівлю не записує: гра нижча за торгівлю чи мізер не першим словом — питання судді до запису здачі; після розпасів аркуш сам не прийме гру нижчу за вихід (allpass_exit).",
            "This service's sheet does not record the auction: a game below the bid or a misère that was not a first bid is for the referee before the deal is written; after all-passes the sheet itself refuses a game below the exit (allpass_exit).",
        ),
    ),
    article(
        "preferans.talon_look",
        ru=(
            "Подсмотрел прикуп",
            """
Никто, кроме выигравшего торговлю, не смотрит прикуп раньше него. По «Общим правилам» подсмотревший
ставит ремиз в игре, объявленной купившим, и теряет право вистовать в этой игре. Вчетвером
сдающий тоже не смотрит прикуп и не заглядывает в карты соседа.

Общие правила наказывают иначе: 5 очков в гору; увидевший прикуп до начала игры теряет право
торговаться, а на распасах получает первые две взятки, начатые картами известного ему
прикупа. Источники расходятся: какой штраф, решает судья по договорённости стола.""",
        ),
        uk=(
            "Підглянув прикуп",
            """
Ніхто, крім того, хто виграв торгівлю, не дивиться прикуп раніше за нього. За «Общими правилами» той,
хто підглянув, ставить реміз у грі, оголошеній тим, хто купив, і втрачає право вістувати в цій
грі. Учотирьох той, хто роздає, теж не дивиться прикуп і не зазирає в карти сусіда.

Загальні правила карають інакше: 5 очок у гору; той, хто побачив прикуп до початку гри,
втрачає право торгуватися, а на розпасах отримує перші дві взятки, розпочаті картами відомого
йому прикупу. Джерела розходяться: який штраф, вирішує суддя за домовленістю столу.""",
        ),
        en=(
            "Looking into the talon",
            """
Nobody but the auction's winner looks at the talon before him. By the general rules the one who
looked writes a remise in the game the buyer names and loses the right to whist in it. With
four the dealer does not look at the talon nor into a neighbour's cards either.

The general rules punish it differently: 5 points into the mountain; who saw the talon before
play loses the right to bid, and on an all-pass takes the first two tricks led by the talon
cards he knows. The sources disagree: the referee applies the penalty the table agreed.""",
        ),
        kw_ru="подсмотрел прикуп, смотреть прикуп, увидел прикуп, засветил прикуп",
        kw_uk="підглянув прикуп, дивитися прикуп",
        kw_en="looked at the talon, talon seen, peek",
        source=(PREFERANS_RULES, SERVICE),
        game=PREF,
        cite=named(*kodex("15–16"), BIDDING),
        quote="Никто, ранее самого прикупившего, не имеет права смотреть прикуп, в противном случае виновник ставит ремиз в объявленной прикупившим масть, и лишается права вистовать в эту игру.",
        reading=(
            "Лист этого сервиса такого штрафа не считает: судья записывает решение, а ремиз или 5 в гору стол вносит поправкой сдачи по своей договорённости.",
            "Аркуш цього сервісу такого штрафу не рахує: суддя записує рішення, а реміз чи 5 у гору стіл вносить виправленням здачі за своєю домовленістю.",
            "This service's sheet does not compute this penalty: the referee records the ruling and the table writes the remise or the 5 points as a correction, as it agreed.",
        ),
    ),
    article(
        "preferans.contracts",
        ru=(
            "Игры и их цена: игра, мизер, распасы",
            """
Сдача бывает трёх видов. Игра: играющий обязуется взять от 6 до 10 взяток с козырем (пики
младше треф, трефы младше бубен, бубны младше червей) или без козыря. Мизер: играющий
обязуется не взять ни одной взятки. Распасы: все спасовали, и каждый старается взять взяток
поменьше.

Цена игры: шестерная — 2, семерная — 4, восьмерная — 6, девятерная — 8, десятерная — 10,
мизер — 10. Масть козыря на цену не влияет.

Обязательные взятки вистующих на двоих: на шестерной 4, на семерной 2, на восьмерной 1 или 2
(договорённость об обязательных взятках на восьмерной), на девятерной и десятерной 1. Доля
одного вистующего — половина, округлённая вверх: 2 на шестерной, иначе 1.""",
        ),
        uk=(
            "Ігри та їхня ціна: гра, мізер, розпаси",
            """
Здача буває трьох видів. Гра: граючий зобов’язується взяти від 6 до 10 взяток з козирем (піки
молодші за трефи, трефи — за бубни, бубни — за чирви) або без козиря. Мізер: граючий
зобов’язується не взяти жодної взятки. Розпаси: усі спасували, і кожен намагається взяти
якнайменше взяток.

Ціна гри: шестерна — 2, семерна — 4, восьмерна — 6, дев’ятерна — 8, десятерна — 10, мізер —
10. Масть козиря на ціну не впливає.

Обов’язкові взятки вістуючих на двох: на шестерній 4, на семерній 2, на восьмерній 1 або 2
(домовленість про обов’язкові взятки на восьмерній), на дев’ятерній і десятерній 1. Частка
одного вістуючого — половина, заокруглена вгору: 2 на шестерній, інакше 1.""",
        ),
        en=(
            "Contracts and their price: game, misère, all-pass",
            """
A deal is one of three kinds. A game: the declarer undertakes 6 to 10 tricks with a trump
(spades below clubs below diamonds below hearts) or without trumps. A misère [мизер]: the
declarer undertakes to take no trick. An all-pass [распасы]: everybody passed and everybody
tries to take as few tricks as possible.

The price of a game: a six 2, a seven 4, an eight 6, a nine 8, a ten 10, a misère 10. The trump
suit does not change the price.

The defenders' obligation, the tricks they must take together: 4 on a six, 2 on a seven, 1
or 2 on an eight (convention obligation_8), 1 on a nine or a ten. One whister's share is half
of it rounded up: 2 on a six, else 1.""",
        ),
        kw_ru="цена игры, сколько стоит игра, обязаловка, обязательные взятки, шестерная, семерная, восьмерная, девятерная, десятерная, обязательные взятки, бескозырка",
        kw_uk="ціна гри, скільки коштує гра, шестерна, семерна, восьмерна, десятерна, обов’язкові взятки",
        kw_en="contract, price, game price, six, seven, eight, no trumps, obligation, whist obligation",
        conventions=("obligation_8",),
        source=PREFERANS_RULES,
        game=PREF,
        cite=named(*PRICES, kodex(35)),
        quote="Очки за игры: 6-рная – 2, 7-рная – 4, 8-рная – 6, 9-рная – 8, 10-рная – 10, мизер – 10 баллов. ... при восьмерной тоже две",
        reading=(
            "На восьмерной таблица обязательств говорит одна взятка, «Общие правила» (п. 35) — две; этот сервис считает одну, пока стол не договорился о двух (obligation_8).",
            "На восьмерній таблиця зобов’язань каже одна взятка, «Общие правила» (п. 35) — дві; цей сервіс рахує одну, доки стіл не домовився про дві (obligation_8).",
            "On an eight the obligation table says one trick, the general rules (item 35) two; this service counts one unless the table agreed on two (obligation_8).",
        ),
    ),
    article(
        "preferans.discard",
        ru=(
            "Снос и отказ играть: «без одной», «без двух»",
            """
Выигравший торговлю берёт прикуп, показывает его и сносит две карты, никому их не показывая.
После заказа игры снос не меняют, а после первого хода в него не смотрят: за это — «без
одной», даже если играющий свою игру сделал; если взял больше заказанного, штраф на одну
взятку меньше. Без одной — цена игры в гору (с множителем горы): семерная — 4.

Прервал игру или у него не десять карт — ремиз «без двух» на заказанной игре: две цены в гору,
семерная — 8.""",
        ),
        uk=(
            "Знос і відмова грати: «без однієї», «без двох»",
            """
Той, хто виграв торгівлю, бере прикуп, показує його і зносить дві карти, нікому їх не
показуючи. Після замовлення гри знос не міняють, а після першого ходу в нього не дивляться: за
це — «без однієї», навіть якщо граючий свою гру зробив; якщо взяв більше замовленого, штраф на
одну взятку менший. Без однієї — ціна гри в гору (з множником гори): семерна — 4.

Перервав гру чи має не десять карт — реміз «без двох» на замовленій грі: дві ціни в гору,
семерна — 8.""",
        ),
        en=(
            "The discard and refusing to play: one down, two down",
            """
The auction's winner takes the talon, shows it and discards two cards without showing them.
After the game is named the discard is not changed, and after the first lead nobody looks at
it: for that, "one down", even if the declarer made his game; if he took more than his
contract, one trick less. One down is the price into the mountain (times the mountain factor):
a seven, 4.

Breaking off the game or holding other than ten cards: a remise "two down" on the game named,
two prices into the mountain, a seven 8.""",
        ),
        kw_ru="снос, поменял снос, смотрел снос, без одной, без двух, отказ играть, бросил игру, неверное число карт, лишняя карта",
        kw_uk="знос, поміняв знос, без однієї, без двох, відмова грати, неправильна кількість карт",
        kw_en="discard, changed the discard, one down, two down, refused to play, wrong number of cards",
        conventions=("mountain_factor",),
        source=(PREFERANS_RULES, SERVICE),
        game=PREF,
        cite=named(*ORDER, kodex("10–11")),
        quote="Если же игрок почему-то прерывает игру либо количество его карт не равно десяти, то его наказывают ремизом, то есть штрафом, без двух на заявленной игре. После заказа цены снос не изменяют. И после первого хода его не смотрят. За нарушение этого правила полагается наказание в одну взятку.",
        reading=(
            "Как писать висты и консоляцию при таком штрафе, тексты не говорят. Этот сервис записывает сдачу как ремиз с нужным числом взяток играющего (заказ − 2, заказ − 1), и висты и консоляция пишутся как при ремизе (whist_split).",
            "Як писати вісти й консоляцію при такому штрафі, тексти не кажуть. Цей сервіс записує здачу як реміз із потрібною кількістю взяток граючого (замовлення − 2, замовлення − 1), і вісти й консоляція пишуться як при ремізі (whist_split).",
            "The texts do not say how whists and consolation go with this penalty. This service writes the deal as a remise with the declarer's tricks set accordingly (the contract − 2 or − 1), and whists and consolation follow as for a remise (whist_split).",
        ),
    ),
    article(
        "preferans.whisting",
        ru=(
            "Вист и пас",
            """
После заказа игры каждый из двух противников говорит «вист» или «пас». Оба спасовали — игра не
играется: играющий пишет её цену в пулю, взятки не считаются. Хотя бы один вистует — игра
играется, и записываются взятки всех играющих рук.

Если вистует один, а другой пасует, кто пишет висты за взятки пасующего — договорённость о
висте: ответственный (жлобский) вист — все висты пишет вистующий; полуответственный
(джентльменский) — «висты пишут оба — пополам».

Варианты: полвиста на шестерной и семерной, сталинград (шестерная пик вистуется
обязательно обоими), десятерная проверяется (не вистуется, а играется в открытую).""",
        ),
        uk=(
            "Віст і пас",
            """
Після замовлення гри кожен із двох супротивників каже «віст» або «пас». Обидва спасували — гра не
грається: граючий пише її ціну в пулю, взятки не рахуються. Хоча б один вістує — гра
грається, і записуються взятки всіх рук, що грають.

Якщо вістує один, а другий пасує, хто пише вісти за взятки того, хто пасує, — домовленість про
віст: відповідальний (жлобський) віст — усі вісти пише вістуючий; напіввідповідальний
(джентльменський) — вісти пишуть обидва навпіл.

Варіанти: піввіста на шестерній і семерній, сталінград (шість пік обов’язково вістують обидва),
десятерна перевіряється (не вістується, а грається відкрито).""",
        ),
        en=(
            "Whist and pass",
            """
After a game is bid each of the two defenders says "whist" or "pass". Both pass: the game is
not played, the declarer writes its price into the pool and the tricks do not count. At least
one whists: the game is played and every playing hand's tricks are written.

When one whists and the other passes, who writes the whists for the passer's tricks is a
convention: responsible whist [жлобский] — the whister writes them all; half-responsible or
gentleman whist [джентльменский] — "both write the whists, half each".

Variants: half a whist on a six or a seven, Stalingrad (a six of spades must be whisted by
both), a checked ten (a ten is not whisted but played open).""",
        ),
        kw_ru="вист, вистовать, пас, оба паса, обязаловка, жлобский вист, джентльменский вист, ответственный вист, полуответственный",
        kw_uk="віст, вістувати, пас, жлобський віст, джентльменський віст",
        kw_en="whist, pass, defender, responsible whist, gentleman whist, both pass",
        conventions=("whist_split", "half_whist", "stalingrad", "ten_checked"),
        source=PREFERANS_RULES,
        game=PREF,
        cite=named(*kodex("22, 40"), KINDS),
        quote="Когда при назначении игры одним из игроков другие оба пасуют, то назначавший записывает в пулю с игры без разыгрывания.",
    ),
    article(
        "preferans.half_whist",
        ru=(
            "Полвиста и ответ «играем»",
            """
На шестерной или семерной, когда первый противник спасовал, второй может взять полвиста
(«отойти за свои»): игра не играется, играющий пишет цену в пулю, а взявший полвиста пишет на
играющего половину вистов за обязательные взятки: цена × обязательные взятки ÷ 2 (с
множителем вистов). Сочинка: на шестерной 2 × 4 ÷ 2 = 4, на семерной 4 × 2 ÷ 2 = 4. На
восьмерной и выше полвиста нет.

Спасовавший первым может ответить на полвиста «играем» и вистовать: тогда игра играется с
одним вистующим (ответивший вистует, предложивший полвиста пасует), и пишется как любая игра
с одним вистующим.""",
        ),
        uk=(
            "Піввіста й відповідь «граємо»",
            """
На шестерній або семерній, коли перший супротивник спасував, другий може взяти піввіста («відійти
за свої»): гра не грається, граючий пише ціну в пулю, а той, хто взяв піввіста, пише на
граючого половину вістів за обов’язкові взятки: ціна × обов’язкові взятки ÷ 2 (з множником
вістів). Сочинка: на шестерній 2 × 4 ÷ 2 = 4, на семерній 4 × 2 ÷ 2 = 4. На восьмерній і вище
піввіста немає.

Той, хто спасував першим, може відповісти на піввіста «граємо» й вістувати: тоді гра грається
з одним вістуючим (той, хто відповів, вістує, а той, хто запропонував піввіста, пасує), і
пишеться як будь-яка гра з одним вістуючим.""",
        ),
        en=(
            'Half a whist and the answer "we play"',
            """
On a six or a seven, when the first defender passed, the second may take half a whist ("go
for his own"): the game is not played, the declarer writes the price into the pool and the
half-whister writes on the declarer half the whists of the obligation: price × obligation ÷ 2
(times the whist factor). Sochi: a six 2 × 4 ÷ 2 = 4, a seven 4 × 2 ÷ 2 = 4. There is no half
whist on an eight or higher.

The first passer may answer the half whist "we play" and whist: the game is then played with
one whister (the one who answered whists, the one who offered half passes) and is written
like any game with one whister.""",
        ),
        kw_ru="полвиста, пол-виста, половина виста, играем, за свои",
        kw_uk="піввіста, пів віста, граємо",
        kw_en="half whist, half a whist, we play",
        conventions=("half_whist", "whist_factor"),
        source=PREFERANS_RULES,
        game=PREF,
        cite=kodex(23),
        quote="Если первый из возможных вистов говорит «пас», второй может отойти «за свои», но первый может сказать «фиг тебе, играем» и тем самым идет вист. Свои: на шести это две, на семи — одна взятка.",
    ),
    article(
        "preferans.open_whist",
        ru=(
            "Вист в открытую и приглашение",
            """
Один вистует, другой пасует. Вистующий может пригласить пасующего: карты противников
открываются, и они играют в открытую. Если вистующий не приглашает, пасующий может сам
пригласить его; тогда вистующий по желанию пригласившего либо открывает карты, либо играет в
тёмную. Вистующий без приглашения отвечает по «Общим правилам» только за свои взятки: на простой игре
за две, на семи, восьми и девяти за одну.

На бескозырной «Общие правила» (п. 46) лишь советуют: «вист при бескозырной рискован. Если
и вистуют на такую игру, то не иначе как с приглашением в открытую» — это совет игроку, а не
правило, и на счёт он не влияет.""",
        ),
        uk=(
            "Віст у відкриту й запрошення",
            """
Один вістує, другий пасує. Вістуючий може запросити того, хто пасує: карти супротивників
відкриваються, і вони грають у відкриту. Якщо вістуючий не запрошує, той, хто пасує, може сам
запросити його; тоді вістуючий на бажання того, хто запросив, або відкриває карти, або грає
втемну. Вістуючий без запрошення відповідає за «Общими правилами» лише за свої взятки: на простій грі за
дві, на семи, восьми й дев’яти за одну.

На безкозирній «Общие правила» (п. 46) лише радять: віст на безкозирній ризикований, і якщо
вже вістують, то лише із запрошенням у відкриту — це порада гравцеві, а не правило, і на
рахунок вона не впливає.""",
        ),
        en=(
            "Open whist and the invitation",
            """
One defender whists, the other passes. The whister may invite the passer: the defenders'
cards are laid open and they play open. If the whister does not invite, the passer may
invite him; the whister then, as the inviter wishes, either lays his cards open or plays
blind. An uninvited whister answers by the general rules only for his own tricks: two on a six, one on
a seven, an eight or a nine.

On a no-trump game the general rules (item 46) only advise: "whisting a no-trump game is
risky; if one whists at all, then only with an open invitation" — advice to a player, not a
rule, and it does not change the score.""",
        ),
        kw_ru="вист в открытую, в открытую, пригласить, приглашение, лечь, в тёмную, втемную",
        kw_uk="віст у відкриту, запросити, запрошення, втемну",
        kw_en="open whist, invitation, invite, play open, blind",
        conventions=("shortfall", "lone_whist_duty"),
        source=(PREFERANS_RULES, SERVICE),
        game=PREF,
        cite=kodex("41–42, 46"),
        quote="Если один на объявленную игру пасует, а другой вистует и идет без приглашения, то число обязательных взяток для виста изменяется так: при простой игре — он должен взять только две, при игре семь, восемь и девять — одну. ... Пасующий имеет право, если его вистующий не приглашает, сам, пригласить его. ... Вист при бескозырной рискован.",
        reading=(
            "Открытый или закрытый вист на счёт этого сервиса не влияет: недовист одного вистующего считается по таблице обязательств на двоих, а кто его пишет, решает договорённость о недовисте (shortfall). Уменьшенное обязательство п. 41 применяется, если стол так договорился (lone_whist_duty).",
            "Відкритий чи закритий віст на рахунок цього сервісу не впливає: недовіст одного вістуючого рахується за таблицею зобов’язань на двох, а хто його пише, вирішує домовленість про недовіст (shortfall). Зменшене зобов’язання п. 41 застосовується, якщо стіл так домовився (lone_whist_duty).",
            "Open or closed whist does not change this service's count: a lone whister's shortfall is counted by the obligation table for both, and the shortfall convention (shortfall) says who writes it. Item 41's smaller obligation applies when the table agreed on it (lone_whist_duty).",
        ),
    ),
    article(
        "preferans.early_show",
        ru=(
            "Открыл карты раньше времени",
            """
Игру доигрывают до конца; оставшиеся карты открывают, только когда взятки действительно
неотъемлемы. Если играющий открыл карты раньше, он не может взять их обратно, и вистующие
распоряжаются его картами: заставляют ходить с той карты, с какой пожелают. Если после этого
он не взял заказанного, он пишет ремиз и платит висты за взятки, как при обычном ремизе.""",
        ),
        uk=(
            "Відкрив карти передчасно",
            """
Гру догравають до кінця; решту карт відкривають, лише коли взятки справді невід’ємні. Якщо
граючий відкрив карти раніше, він не може взяти їх назад, і вістуючі розпоряджаються його
картами: змушують ходити з тієї карти, з якої забажають. Якщо після цього він не взяв
замовленого, він пише реміз і платить вісти за взятки, як при звичайному ремізі.""",
        ),
        en=(
            "Showing cards too early",
            """
A game is played to the end; the remaining cards are shown only when the tricks truly cannot
be lost. A declarer who shows them earlier may not take them back, and the whisters dispose
of his cards: they make him lead whichever card they like. If he then falls short, he writes
the remise and pays whists for the tricks as on any remise.""",
        ),
        kw_ru="открыл карты, раскрыл карты, положил карты, раньше времени, доигрывать до конца",
        kw_uk="відкрив карти, передчасно, догравати до кінця",
        kw_en="showed cards, laid down cards, claim, too early",
        source=PREFERANS_RULES,
        game=PREF,
        cite=kodex(34),
        quote="Игрок, вскрывйший карты прежде времени, не может уже взять их снова на руки, и вистующие имеют право заставить его ходить с той карты, с которой они пожелают. После этого, если играющий не сделает законное число взяток, то ставит ремиз и платит за взятки по расчету.",
    ),
    article(
        "preferans.misere_play",
        ru=(
            "Как играется мизер",
            """
Мизер заказывают только первым словом торговли. Играющий открывает прикуп и сносит две любые
карты, никому их не показывая. Козырей нет, старшинство карт сохраняется, в масть давать
обязательно, ход у взявшего последнюю взятку. Если первый ход играющего, он ходит до того, как
вистующие откроют карты; если ход вистующих, они открывают карты до первого хода. Вистующие на
мизере играют в открытую. Записывать расклад на мизере можно.""",
        ),
        uk=(
            "Як грається мізер",
            """
Мізер замовляють лише першим словом торгівлі. Граючий відкриває прикуп і зносить дві будь-які
карти, нікому їх не показуючи. Козирів немає, старшинство карт зберігається, у масть давати
обов’язково, хід у того, хто взяв останню взятку. Якщо перший хід граючого, він ходить до
того, як вістуючі відкриють карти; якщо хід вістуючих, вони відкривають карти до першого ходу.
Вістуючі на мізері грають у відкриту. Записувати розклад на мізері можна.""",
        ),
        en=(
            "How a misère is played",
            """
A misère is bid only as a first bid. The declarer turns the talon and discards any two cards
without showing them. No trumps; the cards keep their order, suit must be followed, the
winner of a trick leads. If the declarer leads first he does so before the defenders lay
their cards open; if the defenders lead, they lay them open before the first lead. The
defenders play a misère open. Writing down the hands is allowed on a misère.""",
        ),
        kw_ru="как играть мизер, розыгрыш мизера, ловля мизера, лечь на мизере, мизер в открытую",
        kw_uk="як грати мізер, розіграш мізеру, ловити мізер",
        kw_en="playing a misere, catching a misere, open misere",
        source=PREFERANS_RULES,
        game=PREF,
        cite=named(*MISERE_RULES, kodex(69)),
        quote="Козырей на мизере не существует. Старшинство карт сохраняется ... Если ход принадлежит разыгрывающему, он должен сделать его до того, как противники «лягут» — откроют карты. Если первый ход принадлежит вистующим, они открывают карты до первого хода.",
    ),
    article(
        "preferans.look_back",
        ru=(
            "Просмотр взятки и сноса",
            """
Взятки могут рассматривать и играющий, и вистующие — «но лишь до тех пор, пока не закрыта
следующая». Снос играющего после первого хода не
смотрят: за это — «без одной». Карту, уже положенную на стол, заменить нельзя, даже если
взятка ещё не закрыта.

Правила классического преферанса ограничивают просмотр: взятую взятку смотрят, «пока не закрыта следующая».""",
        ),
        uk=(
            "Перегляд взятки й зносу",
            """
Взятки можуть розглядати і граючий, і вістуючі. Знос граючого після першого ходу не
переглядають: за це — «без однієї». Карту, вже покладену на стіл, замінити не можна, навіть
якщо взятку ще не закрито.

Правила класичного преферансу обмежують перегляд: взяту взятку дивляться, доки не закрито наступну.""",
        ),
        en=(
            "Looking back at tricks and the discard",
            """
Both the declarer and the defenders may look at the tricks taken. Nobody looks at the
declarer's discard after the first lead: for that, "one down". A card already played cannot
be changed, even before the trick is closed.

The classic rules page limits the look: a taken trick may be seen "until the next one is closed".""",
        ),
        kw_ru="посмотреть взятку, просмотр взяток, смотреть снос, сменить карту",
        kw_uk="переглянути взятку, перегляд взяток, знос",
        kw_en="look back, review tricks, quitted trick, change a card",
        source=PREFERANS_RULES,
        game=PREF,
        cite=named(*kodex("24, 71"), ORDER, PLAY),
        quote="Взятки все могут быть рассматриваемы как играющим, так и вистующими. ... Взятую взятку любой из участников может посмотреть, но лишь до тех пор, пока не закрыта следующая.",
    ),
    # --- scoring a deal (section "preferans_scoring") ----------------------------------------
    article(
        "preferans_scoring.made",
        ru=(
            "Игра сделана: цена в пулю",
            """
Играющий взял не меньше заказанного — игра сделана: он пишет цену игры в пулю (шестерная 2,
семерная 4, восьмерная 6, девятерная 8, десятерная 10). Вистующие пишут на него висты за свои
взятки; если они взяли меньше обязательного, пишется недовист.""",
        ),
        uk=(
            "Гру зроблено: ціна в пулю",
            """
Граючий узяв не менше замовленого — гру зроблено: він пише ціну гри в пулю (шестерна 2,
семерна 4, восьмерна 6, дев’ятерна 8, десятерна 10). Вістуючі пишуть на нього вісти за свої
взятки; якщо вони взяли менше обов’язкового, пишеться недовіст.""",
        ),
        en=(
            "A game made: the price into the pool",
            """
The declarer took at least the contract: the game is made and he writes its price into the
pool (six 2, seven 4, eight 6, nine 8, ten 10). The whisters write whists on him for their
tricks; if they took fewer than their obligation, a shortfall is written.""",
        ),
        kw_ru="сыграл, игра сделана, в пулю, записать в пулю",
        kw_uk="зіграв, гру зроблено, у пулю",
        kw_en="made, game made, into the pool",
        source=PREFERANS_RULES,
        game=PREF,
        cite=kodex(36),
        quote="Если игрок, назначавший игру, возьмет законное число взяток — то записывает к себе в пулю стоимость игры.",
    ),
    article(
        "preferans_scoring.remise",
        ru=(
            "Ремиз: «без одной», «без двух»",
            """
Играющий не добрал взяток — ремиз («без одной», «без двух»…). Он пишет в гору цену игры за
каждую недобранную взятку (с множителем горы): семерная без двух — 4 × 2 = 8 в гору. Кроме
того, вистующие пишут на него висты за свои взятки, а вистующие и вчетвером сдающий —
консоляцию; при одном вистующем и ответственном висте консоляцию за пасовавшего пишет
вистующий.

Пример (сочинка): семерная червей, играющий взял 5, вистующие 3 и 2. Гора играющего +8; висты
за взятки 4 × 3 = 12 и 4 × 2 = 8; консоляция по 4 × 2 = 8 каждому вистующему; итого на
играющего 20 и 16.""",
        ),
        uk=(
            "Реміз: «без однієї», «без двох»",
            """
Граючий не добрав взяток — реміз («без однієї», «без двох»…). Він пише в гору ціну гри за
кожну недобрану взятку (з множником гори): семерна без двох — 4 × 2 = 8 у гору. Крім того,
вістуючі пишуть на нього вісти за свої взятки, а вістуючі й учотирьох той, хто роздає, —
консоляцію; при одному вістуючому й відповідальному вісті консоляцію за того, хто пасував,
пише вістуючий.

Приклад (сочинка): сім чирв, граючий узяв 5, вістуючі 3 і 2. Гора граючого +8; вісти за
взятки 4 × 3 = 12 і 4 × 2 = 8; консоляція по 4 × 2 = 8 кожному вістуючому; разом на граючого
20 і 16.""",
        ),
        en=(
            "Remise: one down, two down",
            """
The declarer fell short: a remise [ремиз] ("one down", "two down"…). He writes the price of
the game per missing trick into the mountain (times the mountain factor): a seven two down is
4 × 2 = 8. The whisters also write whists for their tricks on him, and the whisters and,
with four, the dealer a consolation; with one whister under responsible whist the whister
writes the passer's consolation too.

Example (Sochi): a seven of hearts, the declarer takes 5, the whisters 3 and 2. Declarer's
mountain +8; whists for tricks 4 × 3 = 12 and 4 × 2 = 8; consolation 4 × 2 = 8 each; in all
20 and 16 on the declarer.""",
        ),
        kw_ru="ремиз, без одной, без двух, подсел, недобрал, посадили, не сыграл",
        kw_uk="реміз, без однієї, без двох, не добрав, не зіграв",
        kw_en="remise, one down, two down, went down, failed contract, set",
        conventions=("mountain_factor", "whist_split"),
        source=PREFERANS_RULES,
        game=PREF,
        cite=kodex("38, 48"),
        quote="Игрок, назначавший игру и не взявший законное число взяток, ставит наверх ремиз в том же размере, какой оы он списал при благоприятных обстоятельствах согласно таблицам расчета.",
        reading=(
            "При одном вистующем и джентльменском висте пасовавший пишет свою консоляцию сам — так читает этот сервис (whist_split).",
            "При одному вістуючому й джентльменському вісті той, хто пасував, пише свою консоляцію сам — так читає цей сервіс (whist_split).",
            "With one whister under gentleman whist the passer writes his own consolation: this service's reading (whist_split).",
        ),
    ),
    article(
        "preferans_scoring.whists",
        ru=(
            "Висты за взятки",
            """
Каждый вистующий пишет на играющего цену игры × свои взятки (с множителем вистов). Вистуют
двое — каждый за свои. Вистует один, другой пасует: при ответственном (жлобском) висте
вистующий пишет за взятки обоих противников; при джентльменском каждый пишет половину вистов
за взятки обоих.

Пример (сочинка): шестерная пик, вистует один, взятки противников 3 и 1: вистующий пишет
2 × 4 = 8. Проверяемая десятерная: сыграна — вистов нет; не сыграна — «за вист пополам»: цена
× взятки противников делится поровну между обоими (десятерная без одной: по 10 × 1 ÷ 2 = 5).""",
        ),
        uk=(
            "Вісти за взятки",
            """
Кожен вістуючий пише на граючого ціну гри × свої взятки (з множником вістів). Вістують двоє —
кожен за свої. Вістує один, другий пасує: при відповідальному (жлобському) вісті вістуючий
пише за взятки обох супротивників; при джентльменському кожен пише половину вістів за взятки
обох.

Приклад (сочинка): шість пік, вістує один, взятки супротивників 3 і 1: вістуючий пише 2 × 4 = 8.
Десятерна, що перевіряється: зіграна — вістів немає; не зіграна — «за віст навпіл»: ціна ×
взятки супротивників ділиться порівну між обома (десятерна без однієї: по 10 × 1 ÷ 2 = 5).""",
        ),
        en=(
            "Whists for tricks",
            """
Each whister writes on the declarer the price × their own tricks (times the whist factor).
Two whisters: each for their own. One whister and a passer: with responsible whist the
whister writes for both defenders' tricks; with gentleman whist each writes half of the whists
for both.

Example (Sochi): a six of spades, one whister, the defenders take 3 and 1: the whister writes
2 × 4 = 8. A checked ten: made, no whists; failed, "whists halved": the price × the defenders'
tricks split equally between both (a ten one down: 10 × 1 ÷ 2 = 5 each).""",
        ),
        kw_ru="висты, сколько вистов, вистовать, вистующий пишет, висты на играющего, за вист пополам",
        kw_uk="вісти, скільки вістів, вістуючий пише, за віст навпіл",
        kw_en="whists, whists for tricks, how many whists, whister writes",
        conventions=("whist_split", "whist_factor", "ten_checked"),
        source=PREFERANS_RULES,
        game=PREF,
        cite=named(*kodex("35, 37"), KINDS),
        quote="Вистующим партнерам играющий платит за каждую взятку призы (висты), соответственно игре. ... игрок ставит ремиз, а они записывают за вист пополам.",
        reading=(
            "«За вист пополам» на проверяемой десятерной этот сервис читает как висты за взятки обоих противников, поделённые между ними поровну, даже если один спасовал (ten_checked).",
            "«За віст навпіл» на десятерній, що перевіряється, цей сервіс читає як вісти за взятки обох супротивників, поділені між ними порівну, навіть якщо один спасував (ten_checked).",
            'This service reads "whists halved" on a checked ten as the whists for both defenders\' tricks split equally between them, even if one passed (ten_checked).',
        ),
    ),
    article(
        "preferans_scoring.consolation",
        ru=(
            "Консоляция",
            """
При ремизе вистующие, а вчетвером и сдающий, пишут на играющего консоляцию: цена игры ×
недобранные взятки (с множителем вистов). Семерная без двух: по 4 × 2 = 8 каждому.

Вистовал один, другой спасовал: при ответственном (жлобском) висте вистующий пишет
консоляцию и за себя, и за пасовавшего (семерная без одной: 2 × 4 × 1 = 8), пасовавший не
пишет ничего; при джентльменском каждый пишет свою. Вчетвером сдающий всегда пишет свою.

Проверяемая десятерная: оба противника пишут свою консоляцию, а висты за взятки — «за вист
пополам». На мизере консоляции нет.""",
        ),
        uk=(
            "Консоляція",
            """
При ремізі вістуючі, а вчотирьох і той, хто роздає, пишуть на граючого консоляцію: ціна гри ×
недобрані взятки (з множником вістів). Семерна без двох: по 4 × 2 = 8 кожному.

Вістував один, другий спасував: при відповідальному (жлобському) вісті вістуючий пише
консоляцію і за себе, і за того, хто пасував (семерна без однієї: 2 × 4 × 1 = 8), той, хто
пасував, не пише нічого; при джентльменському кожен пише свою. Учотирьох той, хто роздає,
завжди пише свою.

Десятерна, що перевіряється: обидва супротивники пишуть свою консоляцію, а вісти за взятки — «за
віст навпіл». На мізері консоляції немає.""",
        ),
        en=(
            "Consolation",
            """
On a remise the whisters and, with four players, the dealer write a consolation
[консоляция] on the declarer: price × missing tricks (times the whist factor). A seven two
down: 4 × 2 = 8 each.

One whister and one passer: under responsible whist the whister writes the consolation for
himself and for the passer (a seven one down: 2 × 4 × 1 = 8) and the passer writes none;
under gentleman whist each writes his own. With four the dealer always writes his own.

A checked ten: both defenders write their own consolation, and the whists for tricks are
"halved". A misère has no consolation.""",
        ),
        kw_ru="консоляция, утешение, за ремиз всем, всем по, консоляция за пасовавшего",
        kw_uk="консоляція, втіха",
        kw_en="consolation, everyone writes on a remise",
        conventions=("whist_factor", "whist_split", "ten_checked"),
        source=PREFERANS_RULES,
        game=PREF,
        cite=named(*kodex("48–49, 70"), KINDS),
        quote="Консоляцией называется та плата, которую получая четвертый сдающий игрок или вистуюцие, когда они обремизирывают играющего. За каждую недобранную взятку пишут согласно таблицам расчетов.",
        reading=(
            "«Общие правила» называют писавшими консоляцию вистующих и вчетвером сдающего; что при джентльменском висте пасовавший пишет свою, а на проверяемой десятерной каждый противник пишет свою, — так читает этот сервис (whist_split, ten_checked).",
            "«Общие правила» називають тими, хто пише консоляцію, вістуючих і вчотирьох того, хто роздає; що при джентльменському вісті той, хто пасував, пише свою, а на десятерній, що перевіряється, кожен супротивник пише свою, — так читає цей сервіс (whist_split, ten_checked).",
            "The general rules name the whisters and, with four, the dealer as writing the consolation; that under gentleman whist the passer writes his own, and on a checked ten each defender his own, is this service's reading (whist_split, ten_checked).",
        ),
    ),
    article(
        "preferans_scoring.shortfall",
        ru=(
            "Недовист (недобор взяток вистующими)",
            """
Игра сделана, а противники взяли меньше обязательного (шестерная — 4, семерная — 2, восьмерная
— 1 или 2, выше — 1). Один вистующий: недобор = обязательные − взятки обоих противников; в гору
пишется цена × недобор (с множителем горы): весь вистующему, половину ему («вистующий в гору
записывает половину») или пополам с пасовавшим — по договорённости о недовисте.

Двое вистующих: в гору пишет тот, кто взял меньше своей доли (на шестерной 2, выше 1):
«в гору получит тот, кто взял меньше двух взяток»; целиком, а при договорённости «половина»
(полуответственный вист, ленинградка) — половину. Пример: шестерная, играющий взял 7,
вистующие 2 и 1 — взявший одну пишет 2 × 1 = 2.

Источники расходятся: «Общие правила» (п. 41) требуют от одного вистующего без приглашения только
своих взяток — две на шестерной, одну на семерной, восьмерной и девятерной, — а таблица
обязательств считает взятки обоих противников против полного обязательства.""",
        ),
        uk=(
            "Недовіст (недобір взяток вістуючими)",
            """
Гру зроблено, а супротивники взяли менше обов’язкового (шестерна — 4, семерна — 2, восьмерна — 1
або 2, вище — 1). Один вістуючий: недобір = обов’язкові − взятки обох супротивників; у гору
пишеться ціна × недобір (з множником гори): увесь вістуючому, половина йому («вістуючий пише в
гору половину») або навпіл із тим, хто пасував, — за домовленістю про недовіст.

Двоє вістуючих: у гору пише той, хто взяв менше своєї частки (на шестерній 2, вище 1): «у гору
отримає той, хто взяв менше двох взяток». Приклад: шестерна, граючий узяв 7, вістуючі 2 і 1 —
той, хто взяв одну, пише 2 × 1 = 2.

Джерела розходяться: «Общие правила» (п. 41) вимагають від одного вістуючого без запрошення лише своїх
взяток — дві на шестерній, одну на семерній, восьмерній і дев’ятерній, — а таблиця зобов’язань
рахує взятки обох супротивників проти повного зобов’язання.""",
        ),
        en=(
            "Shortfall: defenders below their obligation",
            """
The game is made but the defenders took fewer than their obligation (six 4, seven 2, eight 1
or 2, higher 1). One whister: the shortfall is the obligation minus both defenders' tricks,
and price × shortfall (times the mountain factor) goes into the mountain: all to the whister,
half of it to him, or half each to him and the passer — a convention.

Two whisters: each whose own tricks are below his share (2 on a six, else 1) writes price ×
what he lacks. Example: a six, declarer 7, whisters 2 and 1: the one with 1 writes 2 × 1 = 2.

The sources disagree: the general rules (item 41) ask a lone uninvited whister only for his own
tricks — two on a six, one on a seven, an eight or a nine — while the obligation table counts
both defenders' tricks against the full obligation.""",
        ),
        kw_ru="недовист, недобор, недобор взяток, перевист, не взяли своих, штраф вистующему",
        kw_uk="недовіст, недобір взяток",
        kw_en="shortfall, under-whist, defenders short, whister penalty",
        conventions=("shortfall", "mountain_factor", "obligation_8", "lone_whist_duty"),
        source=PREFERANS_RULES,
        game=PREF,
        cite=named(*kodex("39, 41"), KINDS, COUNT),
        quote="Если вистовали оба, то «в гору» получит тот, кто взял меньше двух взяток. Если вистовал один, то он получит «в гору» без одной (4-1=3), то есть столько, сколько оговорено конкретной конвенцией.",
        reading=(
            "Что половина при двух вистующих тоже действует (тексты говорят о половине для одного вистующего, а о двух — только «в гору»), — так читает этот сервис. Этот сервис следует таблице обязательств (взятки обоих противников против полного обязательства) и не применяет п. 41; кто пишет недобор одного вистующего, решает договорённость о недовисте (shortfall), на восьмерной — договорённость об обязательных взятках (obligation_8).",
            "Що половина за двох вістуючих теж діє (тексти кажуть про половину для одного вістуючого, а про двох — лише «в гору»), — так читає цей сервіс. Цей сервіс іде за таблицею зобов’язань (взятки обох супротивників проти повного зобов’язання) і не застосовує п. 41; хто пише недобір одного вістуючого, вирішує домовленість про недовіст (shortfall), на восьмерній — домовленість про обов’язкові взятки (obligation_8).",
            "That the half applies to two whisters too (the texts give the half for one whister, and for two only \"into the mountain\") is this service's reading. This service follows the obligation table (both defenders' tricks against the full obligation) and does not apply item 41; who writes a lone whister's shortfall is the shortfall convention's (shortfall), the obligation on an eight the convention on it (obligation_8).",
        ),
    ),
    article(
        "preferans_scoring.misere",
        ru=(
            "Мизер: счёт",
            """
Играющий обязуется не взять ни одной взятки; козыря нет, мизер не вистуется. Сыгран (ни
одной взятки) — 10 в пулю. Не сыгран — в гору 10 за каждую взятку (с множителем горы): мизер с
двумя взятками — 20 в гору. Вистов и консоляции на мизере нет, и сдающий за проданных тузов
на мизере ничего не пишет. Записываются взятки всех играющих рук, вместе 10. Мизер можно
заказать и после распасов, при любом выходе.""",
        ),
        uk=(
            "Мізер: рахунок",
            """
Граючий зобов’язується не взяти жодної взятки; козиря немає, мізер не вістується. Зіграний
(жодної взятки) — 10 у пулю. Не зіграний — у гору 10 за кожну взятку (з множником гори): мізер
із двома взятками — 20 у гору. Вістів і консоляції на мізері немає, і той, хто роздає, за
продані тузи на мізері нічого не пише. Записуються взятки всіх рук, що грають, разом 10. Мізер
можна замовити й після розпасів, за будь-якого виходу.""",
        ),
        en=(
            "Misère: the score",
            """
The declarer undertakes to take no trick; no trumps, and a misère [мизер] is never whisted.
Made (no trick): 10 into the pool. Failed: 10 per trick into the mountain (times the mountain
factor): a misère with two tricks is 20. No whists and no consolation, and the dealer writes
nothing for sold aces on a misère. Every playing hand's tricks are written, 10 in all. A
misère may be bid after all-passes whatever the exit.""",
        ),
        kw_ru="мизер, мизера, мизер не сыгран, поймали на мизере, ловля мизера",
        kw_uk="мізер, мізер не зіграно",
        kw_en="misere, misère, nullo, no tricks",
        conventions=("mountain_factor",),
        source=PREFERANS_RULES,
        game=PREF,
        cite=named(*kodex(70), PRICES),
        quote="При игре мизер за взятки и консоляции не платят. Также и сдатчик за проданных тузов для мизерной игры ничего не записывает.",
        reading=(
            "Что мизер разрешён после любых распасов, тексты прямо не говорят: так читает этот сервис (allpass_exit).",
            "Що мізер дозволено після будь-яких розпасів, тексти прямо не кажуть: так читає цей сервіс (allpass_exit).",
            "That a misère is allowed after any all-pass the texts do not say outright: this service's reading (allpass_exit).",
        ),
    ),
    article(
        "preferans_scoring.aces_premium",
        ru=(
            "Проданные тузы в прикупе",
            """
Вчетвером: если в прикупе оказался туз («проданный туз»), сдающий пишет висты по
договорённости; за туза и короля одной масти — вдвое больше, за двух тузов — втрое (обычно в
Ростове). На мизере за проданных тузов ничего не пишут.

Другие тексты называют суммы: за туза в прикупе — висты, равные одной взятке заказанной игры; за даму и короля одной масти (марьяж) — одна взятка; за туза с королём одной масти — две; за двух тузов — три. И оговаривают: это правило «не действует в серьёзных рейтинговых играх».""",
        ),
        uk=(
            "Продані тузи в прикупі",
            """
Учотирьох: якщо в прикупі опинився туз («проданий туз»), той, хто роздає, пише вісти за
домовленістю; за туза й короля однієї масті — удвічі більше, за двох тузів — утричі (зазвичай у
Ростові). На мізері за продані тузи нічого не пишуть.

Інші тексти називають суми: за туза в прикупі — вісти, що дорівнюють одній взятці замовленої гри; за даму й короля однієї масті (мар’яж) — одна взятка; за туза з королем однієї масті — дві; за двох тузів — три. І застерігають: це правило не діє в серйозних рейтингових іграх.""",
        ),
        en=(
            "Aces sold in the talon",
            """
With four: when an ace turns up in the talon (a "sold ace"), the dealer writes whists as
agreed; for an ace and king of one suit twice that, for two aces three times (usually in
Rostov). Nothing is written for sold aces on a misère.

Other texts give the amounts: an ace in the talon, whists worth one trick of the contract; a queen and king of one suit (a marriage), one trick; an ace with the king of its suit, two; two aces, three. And they add that the rule "does not apply in serious rated games".""",
        ),
        kw_ru="проданный туз, туз в прикупе, тузы в прикупе, премия сдающему",
        kw_uk="проданий туз, туз у прикупі",
        kw_en="sold ace, ace in the talon, dealer premium",
        source=(PREFERANS_RULES, SERVICE),
        game=PREF,
        cite=named(*kodex("50, 70"), DEALER, BASICS),
        quote="За проданного туза (т. е. если в прикупе таковой окажется) сдатчик записывает висты по договоренности, а за проданных туза и короля одной масти — в два раза больше, и за двух тузов — в три раза больше (обычно в Ростове).",
        reading=(
            "Сколько стоит проданный туз, тексты оставляют договорённости; лист этого сервиса такой премии не считает: стол пишет её решением судьи.",
            "Скільки коштує проданий туз, тексти залишають домовленості; аркуш цього сервісу такої премії не рахує: стіл пише її рішенням судді.",
            "The texts leave a sold ace's worth to agreement; this service's sheet does not compute the premium: the table writes it by a referee's ruling.",
        ),
    ),
    article(
        "preferans_scoring.allpass",
        ru=(
            "Распасы и прогрессия",
            """
Все спасовали — распасы: каждый старается взять поменьше. Записываются взятки всех играющих
рук (вчетвером и сдающего — взятки прикупа, до двух). В горном счёте каждый пишет в гору за
каждую взятку цену взятки (1 или 2) × множитель серии (с множителем горы).

Множитель растёт, если распасы идут подряд (после любой другой сдачи счёт начинается
заново): тексты дают ряд «1-рные – 1, 2-ные – 2, 3-ные – 4» и ряд 1, 2, 3, 3…, не называя
ни сочинки, ни ленинградки; в наборах этого сервиса первый — у сочинки (дальше 4), второй — у ленинградки, у
ростовского прогрессии нет. Пример: первые распасы, взятки 4, 0 и 6 — в гору 4 и 6, взявший
ноль пишет 1 в пулю.

Амнистия (договорённость «амнистия на распасах»): по одним текстам после распасов «списываются, как при амнистии, одинаковое количество взяток у всех», по другим первые три взятки «подлежат амнистии», а за каждую сверх трёх — 10 в гору. Эти слова можно понять и как конец пульки, поэтому ни один набор амнистию не включает.""",
        ),
        uk=(
            "Розпаси та прогресія",
            """
Усі спасували — розпаси: кожен намагається взяти якнайменше. Записуються взятки всіх рук, що
грають (учотирьох і того, хто роздає, — взятки прикупу, до двох). У гірському рахунку кожен
пише в гору за кожну взятку ціну взятки (1 або 2) × множник серії (з множником гори).

Множник росте, якщо розпаси йдуть поспіль (після будь-якої іншої здачі рахунок починається
знову): тексти дають ряд «перші — 1, другі — 2, треті — 4» і ряд 1, 2, 3, 3…, не називаючи
шкіл; у наборах цього сервісу перший — у сочинки (далі 4), другий — у ленінградки, у
ростовського прогресії немає. Приклад: перші розпаси, взятки 4, 0 і 6 — у гору 4 і 6, той, хто
взяв нуль, пише 1 у пулю.

Амністія (домовленість «амністія на розпасах»): за одними текстами після розпасів у всіх списують однакову кількість взяток, за іншими перші три взятки підлягають амністії, а за кожну понад три — 10 у гору. Ці слова можна зрозуміти і як кінець пульки, тому жоден набір амністію не вмикає.""",
        ),
        en=(
            "All-pass and its progression",
            """
Everybody passed: an all-pass [распасы], and everybody tries to take few tricks. Every
playing hand's tricks are written (with four, the dealer's talon tricks too, at most two).
Scored in the mountain, each player writes per trick the all-pass trick price (1 or 2) × the
series multiplier (times the mountain factor).

The multiplier rises over all-passes in a row (any other deal starts the count again): the
texts give "first 1, second 2, third 4" and 1, 2, 3, 3… without naming a school; in this
service's presets the first is Sochi's (4 on), the second Leningrad's, and Rostov has none.
Example: a first all-pass with tricks 4, 0 and 6: 4 and 6 into the mountains, the player with
none writes 1 into the pool.

Amnesty (convention allpass_amnesty): one text strikes "the same number of tricks for everyone, as in an amnesty" after an all-pass, another amnesties the first three tricks and charges 10 into the mountain for each one above three. The words may also mean the end of the pulka, so no preset turns the amnesty on.""",
        ),
        kw_ru="распасы, распас, все пас, прогрессия, однерные, двойные, тройные, цена взятки на распасах",
        kw_uk="розпаси, розпас, распаси, прогресія, всі пас",
        kw_en="all-pass, allpass, raspasy, everybody passed, progression, passout",
        conventions=(
            "allpass_scoring",
            "allpass_trick",
            "allpass_progression",
            "allpass_progression_limit",
            "allpass_amnesty",
        ),
        source=PREFERANS_RULES,
        game=PREF,
        cite=named(*ALLPASS_POINTS, kodex("51–53"), PORTAL),
        quote="Очки за распасы: 10-рная – 10, мизер – 10, 1-рные – 1, 2-ные – 2, 3-ные – 4 балла.",
        reading=(
            "Какой ряд у какой школы и что после третьих распасов цена не растёт — наборы этого сервиса (allpass_progression, allpass_progression_limit); что амнистия касается каждых распасов, а не конца пульки, — прочтение для столов, которые её выбирают (allpass_amnesty).",
            "Який ряд у якої школи і що після третіх розпасів ціна не росте — набори цього сервісу (allpass_progression, allpass_progression_limit); що амністія стосується кожних розпасів, а не кінця пульки, — прочитання для столів, які її обирають (allpass_amnesty).",
            "Which series belongs to which school, and that the price stops rising after the third all-pass, are this service's presets (allpass_progression, allpass_progression_limit); that the amnesty applies to each all-pass, not the pulka's end, is a reading for the tables that choose it (allpass_amnesty).",
        ),
    ),
    article(
        "preferans_scoring.allpass_talon",
        ru=(
            "Прикуп на распасах",
            """
Втроём прикуп на распасах открывается или не открывается — по договорённости; первым ходит
игрок слева от сдающего. Если прикуп открывают, его карты задают масть первых двух взяток.
Вчетвером сдающий ходит первой картой прикупа, потом второй; эти взятки может взять и он
(не больше двух), дальше ходит игрок слева от него. В ростовском прикуп на распасах не
открывается.""",
        ),
        uk=(
            "Прикуп на розпасах",
            """
Утрьох прикуп на розпасах відкривається чи не відкривається — за домовленістю; першим ходить
гравець ліворуч від того, хто роздає. Якщо прикуп відкривають, його карти задають масть перших
двох взяток. Учотирьох той, хто роздає, ходить першою картою прикупу, потім другою; ці взятки
може взяти і він (не більше двох), далі ходить гравець ліворуч від нього. У ростовському
прикуп на розпасах не відкривається.""",
        ),
        en=(
            "The talon on an all-pass",
            """
With three the talon on an all-pass is turned or not, as agreed; the player left of the
dealer leads. If it is turned, its cards set the suit of the first two tricks. With four the
dealer leads the first talon card, then the second; he may take those tricks (at most two),
and then the player on his left leads. In Rostov the talon is not turned on an all-pass.""",
        ),
        kw_ru="прикуп на распасах, открывать прикуп, распасы с прикупом, заход с прикупа",
        kw_uk="прикуп на розпасах, відкривати прикуп",
        kw_en="talon on all-pass, turn the talon, all-pass talon",
        source=(PREFERANS_RULES, SERVICE),
        game=PREF,
        cite=named(*kodex("51, 57"), SCHOOLS),
        quote="При игре втроем в распасовку прикуп открывается или не открывается (в зависимости от договоренности). Первый выход делает игрок, сидящий слева от сдатчика.",
        reading=(
            "Лист этого сервиса записывает только взятки; открыт ли прикуп, на счёт не влияет, и договорённости об этом в листе нет.",
            "Аркуш цього сервісу записує лише взятки; чи відкрито прикуп, на рахунок не впливає, і домовленості про це в аркуші немає.",
            "This service's sheet records only the tricks; whether the talon was turned does not change the score, and there is no convention for it.",
        ),
    ),
    article(
        "preferans_scoring.allpass_zero",
        ru=(
            "Ноль взяток на распасах",
            """
Кто на распасах не взял ни одной взятки — вчетвером и сдающий, если он не взял взяток
прикупа, — по договорённости пишет одну взятку этих распасов (цену взятки × множитель) или
ровно одно очко в пулю, списывает столько же с горы
(не ниже нуля) или не пишет ничего. Если пуля у него уже полна, очки идут помощью.""",
        ),
        uk=(
            "Нуль взяток на розпасах",
            """
Хто на розпасах не взяв жодної взятки — учотирьох і той, хто роздає, якщо він не взяв взяток
прикупу, — за домовленістю пише одну взятку цих розпасів (ціну взятки × множник) або рівно
одне очко в пулю, списує стільки ж із гори (не
нижче нуля) або нічого не пише. Якщо пуля в нього вже повна, очки йдуть допомогою.""",
        ),
        en=(
            "No trick on an all-pass",
            """
A player who took no trick on an all-pass — with four the dealer too, if he took no talon
trick — writes one trick of this all-pass (the trick price × the multiplier) or exactly one
point into the pool, writes as much off his
mountain (not below zero), or writes nothing, as the table agreed. If his pool is already
full the points are help.""",
        ),
        kw_ru="ноль на распасах, ни одной взятки, чистый распас, в пулю за распасы",
        kw_uk="нуль на розпасах, жодної взятки",
        kw_en="zero tricks, no trick on all-pass, clean all-pass",
        conventions=("allpass_zero", "allpass_zero_multiplied"),
        source=(PREFERANS_RULES, SERVICE),
        game=PREF,
        cite=kodex(52),
        quote="Игрок, не взявший при распасовке ни одной взятки, списываете с горы или пишет в пулю в зависимости от договоренности. Это относится и к сдатчику, если он не взял взятки.",
        reading=(
            "Тексты не связывают выбор со школой; в наборах этого сервиса сочинка и ленинградка пишут в пулю, ростовский не пишет ничего (allpass_zero). Сколько писать, тексты расходятся («пишется одно очко» и «запишут одну взятку»); что по умолчанию это одна взятка серии, с её множителем, — так читает этот сервис, а не правило (allpass_zero_multiplied).",
            "Тексти не пов’язують вибір зі школою; у наборах цього сервісу сочинка й ленінградка пишуть у пулю, ростовський не пише нічого (allpass_zero). Скільки писати, тексти розходяться («пишется одно очко» і «запишут одну взятку»); що типово це одна взятка серії, з її множником, — так читає цей сервіс, а не правило (allpass_zero_multiplied).",
            'The texts tie the choice to no school; in this service\'s presets Sochi and Leningrad write into the pool and Rostov writes nothing (allpass_zero). How much, the texts disagree ("one point" and "one trick"); that by default it is one trick of the series, with its multiplier, is this service\'s reading, not a rule (allpass_zero_multiplied).',
        ),
    ),
    article(
        "preferans_scoring.allpass_whists",
        ru=(
            "Распасы на висты (ростовский)",
            """
По ростовским правилам распасы пишутся не в гору, а вистами: взявший меньше всех взяток пишет
висты на партнёров — на каждого другого игрока 10 × цена взятки × множитель за каждую взятку,
которую тот взял. Если меньше всех взяли двое, висты делятся поровну, лишний вист — первому из
них по часовой стрелке от левого соседа сдающего. Горы и пули на таких распасах нет. Прикуп на
таких распасах не открывается.""",
        ),
        uk=(
            "Розпаси на вісти (ростовський)",
            """
За ростовськими правилами розпаси пишуться не в гору, а вістами: той, хто взяв найменше
взяток, пише вісти на партнерів — на кожного іншого гравця 10 × ціна взятки × множник за кожну
взятку, яку той узяв. Якщо найменше взяли двоє, вісти діляться порівну, зайвий віст — першому з
них за годинниковою стрілкою від лівого сусіда того, хто роздає. Гори й пулі на таких розпасах
немає. Прикуп на таких розпасах не відкривається.""",
        ),
        en=(
            "All-pass scored in whists (Rostov)",
            """
Under the Rostov rules an all-pass is written in whists, not in the mountain: the player with
the fewest tricks writes whists on the others — on every other player 10 × the trick price ×
the multiplier per trick that player took. When several tie for the fewest they share it
equally, an odd whist to the first of them clockwise from the dealer's left. No mountain and
no pool on such an all-pass. The talon is not turned on it.""",
        ),
        kw_ru="распасы на висты, ростовские распасы, ростовский распас",
        kw_uk="розпаси на вісти, ростовські розпаси, распаси на вісти",
        kw_en="all-pass in whists, rostov all-pass",
        conventions=("allpass_scoring",),
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        game=PREF,
        cite=SCHOOLS,
        quote="При игре на распасах прикуп не открывается. Взявший наименьшее количество взяток записывает определенное количество вистов на партнеров. Считается, что это игра для мастеров распасов.",
        reading=(
            "Тексты говорят «определённое количество вистов», не называя его: 10 вистов за очко взятки, деление между равными, а вчетвером взятки прикупа сдающего наравне со всеми и висты только на взявших больше — так читает этот сервис (allpass_scoring).",
            "Тексти кажуть «певну кількість вістів», не називаючи її: 10 вістів за очко взятки, поділ між рівними, а вчотирьох взятки прикупу того, хто роздає, нарівні з усіма і вісти лише на тих, хто взяв більше, — так читає цей сервіс (allpass_scoring).",
            "The texts say \"a set number of whists\" without naming it: 10 whists per trick point, the split between ties, with four the dealer's talon tricks counting like anyone's and whists only on those who took more, are this service's reading (allpass_scoring).",
        ),
    ),
    article(
        "preferans_scoring.allpass_exit",
        ru=(
            "Выход из распасов",
            """
После распасов нельзя заказать игру ниже договорённого выхода. Договорённость — список
наименьших игр после первых, вторых, третьих распасов подряд, последняя повторяется. Тексты
называют простой (6/6/6), затруднённый (6/7/7) и тяжёлый (6/7/8) выходы и «ужесточённый» 6, 7,
8, 8…, не называя школ; в наборах этого
сервиса сочинка 6, 7, 7 (после одних распасов можно шестерную, после двух и более — не ниже
семерной), ленинградка 6, 7, 8, ростовский 6, 6, 6. Мизер разрешён всегда. Игра ниже выхода не
принимается.""",
        ),
        uk=(
            "Вихід із розпасів",
            """
Після розпасів не можна замовити гру нижчу за домовлений вихід. Домовленість — список
найменших ігор після перших, других, третіх розпасів поспіль, остання повторюється. Тексти
називають простий (6/6/6), утруднений (6/7/7) і важкий (6/7/8) виходи та «посилений» 6, 7, 8,
8…, не називаючи шкіл; у наборах цього сервісу
сочинка 6, 7, 7 (після одних розпасів можна шестерну, після двох і більше — не нижче
семерної), ленінградка 6, 7, 8, ростовський 6, 6, 6. Мізер дозволено завжди. Гра нижча за
вихід не приймається.""",
        ),
        en=(
            "Exit from all-passes",
            """
After all-passes a game below the agreed exit may not be bid. The convention lists the least
game after the 1st, 2nd, 3rd… all-pass in a row, the last repeating. The texts name the simple
(6/6/6), hard (6/7/7) and heavy (6/7/8) exits and the "strict" 6, 7, 8, 8…, naming no school; in this service's presets Sochi 6, 7, 7
(a six after one all-pass, at least a seven after two or more), Leningrad 6, 7, 8, Rostov 6,
6, 6. A misère is always allowed. A lower game is refused.""",
        ),
        kw_ru="выход из распасов, после распасов, какую игру после распасов",
        kw_uk="вихід із розпасів, після розпасів",
        kw_en="all-pass exit, exit, after all-pass, least game",
        conventions=("allpass_exit",),
        source=PREFERANS_RULES,
        game=PREF,
        cite=named(*CHOSEN, PORTAL),
        quote="Выход из распасов (простой/затрудненный/тяжелый, 6/6/6, 6/7/7, 6/7/8, соответственно) ... Выход из распасов — ужесточенный (6,7,8,8…)",
        reading=(
            "Выходы наборов и то, что мизер разрешён при любом выходе, — так читает этот сервис (allpass_exit).",
            "Виходи наборів і те, що мізер дозволено за будь-якого виходу, — так читає цей сервіс (allpass_exit).",
            "The presets' exits, and a misère being allowed whatever the exit, are this service's reading (allpass_exit).",
        ),
    ),
    article(
        "preferans_scoring.violations",
        ru=(
            "Нарушения: ренонс в преферансе",
            """
Ренонс — не дал в масть, имея её, или не покрыл козырем, не имея масти, но имея козыря.
Судья переносит ренонсные взятки, и записываются взятки после переноса; кроме того:

На распасах нарушитель «ставит по 10 наверх за каждую ошибку» — 10 в гору за ошибку, без
множителя горы и множителя распасов.

В игре, нарушил играющий: ренонсная взятка переходит к вистующему со старшей картой масти,
сдача считается по взяткам; вистующие недовиста не пишут — «ставит весь ремиз играющий»: их
недовист (по договорённости о недовисте) пишет в гору играющий. Других штрафов нет.

Нарушил противник: игра считается сделанной (цена в пулю, ремиза и консоляции нет), даже если
играющий не добрал; никто не пишет недовиста; нарушитель пишет в гору цену (с множителем горы)
за каждую взятку, которой играющему не хватает до заказа, и за каждый ренонс, и не пишет вистов;
другой противник пишет свои висты как обычно. Пример (сочинка): семерная, играющий взял 6,
вистующие 2 и 2, ренонс у одного — нарушитель пишет 4 × (1 + 1) = 8 в гору.

Нарушили и играющий, и противник — отдельная статья. На мизере нарушил противник — мизер
сыгран, нарушитель пишет по 10 в гору за каждую взятку, взятую играющим, и ничего, если тот не
взял ни одной (так этот сервис читает «следуемую курочку за каждую взятку, взятую игроком», п. 65); нарушил играющий —
сдача по взяткам и ещё 10 за ошибку. В несыгранной игре нарушений нет.""",
        ),
        uk=(
            "Порушення: ренонс у преферансі",
            """
Ренонс — не дав у масть, маючи її, або не покрив козирем, не маючи масті, але маючи козир.
Суддя переносить ренонсні взятки, і записуються взятки після перенесення; крім того:

На розпасах порушник пише «по 10 угору за кожну помилку» — 10 у гору за помилку, без множника
гори й множника розпасів.

У грі, порушив граючий: ренонсна взятка переходить до вістуючого зі старшою картою масті,
здача рахується за взятками; вістуючі недовісту не пишуть — «увесь реміз ставить граючий»: їхній
недовіст (за домовленістю про недовіст) пише в гору граючий. Інших штрафів немає.

Порушив супротивник: гру вважають зробленою (ціна в пулю, без реміза й консоляції), навіть якщо
граючий не добрав; ніхто не пише недовісту; порушник пише в гору ціну (з множником гори) за
кожну взятку, якої граючому бракує до замовлення, і за кожен ренонс, і не пише вістів; інший
супротивник пише свої вісти як завжди. Приклад (сочинка): семерна, граючий узяв 6, вістуючі 2 і
2, ренонс в одного — порушник пише 4 × (1 + 1) = 8 у гору.

Порушили і граючий, і супротивник — окрема стаття. На мізері порушив супротивник — мізер зіграно,
порушник пише по 10 у гору за кожну взятку, взяту граючим, і нічого, якщо той не взяв жодної
(так цей сервіс читає п. 65 «Общих правил»); порушив граючий — здача за
взятками і ще 10 за помилку. У незіграній грі порушень немає.""",
        ),
        en=(
            "Violations: a renonce in Preferans",
            """
A renonce: not following suit when able, or not trumping when void in the suit and holding a
trump. The referee moves the renonce tricks and the tricks after the move are written;
besides:

On an all-pass the violator writes 10 into the mountain per error, multiplied neither by the
mountain factor nor by the all-pass multiplier.

In a game, the declarer erred: the renonce trick goes to the whister with the higher card of
the suit and the deal scores from the tricks; the whisters write no shortfall — "the declarer
writes the whole remise": their shortfall (under the shortfall convention) goes into his
mountain. No other penalty.

A defender erred: the game counts as made (the price into the pool, no remise, no
consolation) even if the declarer fell short; nobody writes a shortfall; the violator writes
the price (times the mountain factor) into the mountain for each trick the declarer still
lacks and for each renonce, and no whists; the other defender writes his whists as usual.
Example (Sochi): a seven, the declarer takes 6, the whisters 2 and 2, one renonce: the violator
writes 4 × (1 + 1) = 8.

The declarer and a defender both erring has its own article. On a misère, a defender erred:
the misère is made and the violator writes 10 into the mountain for each trick the declarer
took, nothing if he took none (this service's reading of item 65's "for each trick taken by the
player"); the declarer erred: scored from the tricks plus 10 per error. A game not played has no
violation.""",
        ),
        kw_ru="нарушение, ренонс, ошибка, штраф, не в масть, снос, фальшренонс в преферансе",
        kw_uk="порушення, ренонс, помилка, штраф",
        kw_en="violation, renonce, revoke, penalty, misplay",
        conventions=("mountain_factor", "shortfall"),
        source=PREFERANS_RULES,
        game=PREF,
        cite=kodex("29–32, 54, 65"),
        quote="Если ренонс cделан играющим, то взятка эта переходит к тому вистующему, чья карта в требуемой масти старшая. ... Если же ренонс сделан вистующим, то играющий ... списывает с игры столько, сколько ему следовало бы записать при выигрыше, и ремиза не ставит. ... провинившийся ставит за недобранные взятки и за каждый ренонс по одному ремизу по игре.",
        reading=(
            "Что 10 за ренонс на распасах не умножаются (mountain_factor), что нарушитель-противник не пишет вистов, что на проверяемой десятерной его ренонс делает игру сыгранной (ten_checked) и что на мизере он пишет по 10 за каждую взятку играющего — так читает этот сервис.",
            "Що 10 за ренонс на розпасах не множаться (mountain_factor), що порушник-супротивник не пише вістів, що на десятерній, що перевіряється, його ренонс робить гру зіграною (ten_checked), і що на мізері він пише по 10 за кожну взятку граючого, — так читає цей сервіс.",
            "That the all-pass 10 is not multiplied (mountain_factor), that a violating defender writes no whists, that his renonce makes a checked ten made (ten_checked), and that on a misère he writes 10 for each of the declarer's tricks are this service's reading.",
        ),
    ),
    article(
        "preferans_scoring.both_erred",
        ru=(
            "Ренонс у играющего и у противника",
            """
Ренонс сделали и играющий, и вистующий в одной игре: ренонсные взятки достаются тому, чьи
карты старше. Играющий считается по взяткам (пуля или ремиз, консоляции нет). Каждый
нарушитель пишет в гору цену игры (с множителем горы) за каждый свой ренонс. Другой противник
пишет висты за свои взятки (цена × взятки, с множителем вистов) — половину на играющего,
половину на нарушившего противника — и недовиста не пишет; если у него взяток нет, он ничего не
пишет.

Пример (сочинка): семерная, по ренонсу у играющего и одного вистующего, играющий взял 7,
вистующие 2 и 1: играющий 4 в пулю и 4 в гору, нарушитель 4 в гору, другой вистующий пишет по
2 на обоих.""",
        ),
        uk=(
            "Ренонс у граючого і в супротивника",
            """
Ренонс зробили і граючий, і вістуючий в одній грі: ренонсні взятки дістаються тому, чиї карти
старші. Граючий рахується за взятками (пуля або реміз, консоляції немає). Кожен порушник пише в
гору ціну гри (з множником гори) за кожен свій ренонс. Інший супротивник пише вісти за свої
взятки (ціна × взятки, з множником вістів) — половину на граючого, половину на супротивника, що
порушив, — і недовісту не пише; якщо взяток у нього немає, він нічого не пише.

Приклад (сочинка): семерна, по ренонсу в граючого й одного вістуючого, граючий узяв 7,
вістуючі 2 і 1: граючий 4 у пулю і 4 у гору, порушник 4 у гору, інший вістуючий пише по 2 на
обох.""",
        ),
        en=(
            "A renonce by the declarer and by a defender",
            """
The declarer and a whister both made a renonce in one game: the renonce tricks go to whoever
holds the higher cards. The declarer scores from the tricks (pool or remise, no
consolation). Each violator writes the price (times the mountain factor) into the mountain per
renonce of his. The other defender writes whists for his own tricks (price × tricks, times the
whist factor), half on the declarer and half on the violating defender, and no shortfall; with
no tricks he writes nothing.

Example (Sochi): a seven, one renonce each by the declarer and one whister, the declarer
takes 7, the whisters 2 and 1: the declarer 4 into the pool and 4 into the mountain, the
violator 4 into the mountain, the other whister writes 2 on each.""",
        ),
        kw_ru="оба ренонса, ренонс у обоих, играющий и вистующий ренонс, двойной ренонс",
        kw_uk="обидва ренонси, ренонс в обох",
        kw_en="both renonce, declarer and defender renonce, double revoke",
        conventions=("mountain_factor", "whist_factor"),
        source=PREFERANS_RULES,
        game=PREF,
        cite=kodex(33),
        quote="играющий и вистующий ставят по одному ремизу за каждый сделанный ими ренонс, и платят пополам по расчету другому вистующему за сделанные им взятки. Но если бы этот другой вистующий был без взяток, он ремиза не ставит.",
        reading=(
            "Что нарушивший противник не пишет вистов за свои взятки, а другой противник получает висты, даже если пасовал, — так читает этот сервис.",
            "Що супротивник-порушник не пише вістів за свої взятки, а інший супротивник отримує вісти, навіть якщо пасував, — так читає цей сервіс.",
            "That the violating defender writes no whists for his tricks, and the other defender is paid even if he passed, is this service's reading.",
        ),
    ),
    # --- the pulka: pool, help, end, settlement (section "preferans_pulka") -----------------
    article(
        "preferans_pulka.pool",
        ru=(
            "Пуля и помощь",
            """
Пуля каждого не растёт выше договорённой цифры («наиболее распространённый вариант — до 20»).
Закрывший пулю пишет дальнейшие очки «вистующим в графе» — это помощь.

Как этот сервис раздаёт помощь: очки сверх цифры идут в пули тех, у кого пуля не закрыта, по
очереди по часовой стрелке от левого соседа записывающего, каждому сколько ему не хватает, а
записывающий пишет на каждого, кому помог, 10 вистов за очко. Что никто не может взять,
списывается с его горы (не ниже нуля), остальное пропадает.

Пример: пуля до 10, у Бориса 8, он сыграл семерную (4): его пуля 10, 2 очка лишние; у Веры
(слева от него) пуля полна, у Ани 3 — Аня получает 2 в пулю, Борис пишет на Аню 20 вистов.""",
        ),
        uk=(
            "Пуля і допомога",
            """
Пуля кожного не росте вище домовленої цифри («найпоширеніший варіант — до 20»). Той, хто
закрив пулю, пише подальші очки «вістуючим у графі» — це допомога.

Як цей сервіс роздає допомогу: очки понад цифру йдуть у пулі тих, у кого пуля не закрита, по
черзі за годинниковою стрілкою від лівого сусіда того, хто пише, кожному скільки йому бракує, а
той, хто пише, пише на кожного, кому допоміг, 10 вістів за очко. Чого ніхто не може взяти,
списується з його гори (не нижче нуля), решта пропадає.

Приклад: пуля до 10, у Бориса 8, він зіграв семерну (4): його пуля 10, 2 очки зайві; у Віри
(ліворуч від нього) пуля повна, в Ані 3 — Аня отримує 2 у пулю, Борис пише на Аню 20 вістів.""",
        ),
        en=(
            "Pool target and help",
            """
Nobody's pool goes above the agreed target ("most common is 20"). A player whose pool is full
writes further points "to the whisters, in the column" — help [помощь].

How this service hands out help: the points above the target go into the pools still open,
clockwise from the writer's left, each up to what it lacks, and the writer writes 10 whists
per point on each player helped. What nobody can take comes off the writer's own mountain
(not below zero); the rest is lost.

Example: target 10, B has 8 and makes a seven (4): B's pool is 10 with 2 over; C's pool is
full, A has 3: A gets 2 into the pool and B writes 20 whists on A.""",
        ),
        kw_ru="пуля, до скольких пуля, помощь, закрыл пулю, пуля закрыта, в графе, пуля до 20",
        kw_uk="пуля, допомога, закрив пулю, пуля до 20",
        kw_en="pool, pool target, help, pool full, closed pool",
        conventions=("pool_target",),
        source=PREFERANS_RULES,
        game=PREF,
        cite=named(*kodex(43), ENDING),
        quote="Если один из играющих запишет в пулю установленное количество раньше других, то в последующие игры он записывает вистующим й графе взятую сумму.",
        reading=(
            "«Общие правила» не говорят, кому и как идёт помощь: очередь по часовой стрелке, 10 вистов за очко и списание остатка с горы — так читает этот сервис (pool_target).",
            "«Общие правила» не кажуть, кому і як іде допомога: черга за годинниковою стрілкою, 10 вістів за очко і списання залишку з гори — так читає цей сервіс (pool_target).",
            "The general rules do not say to whom and how help goes: the clockwise order, 10 whists a point and the rest off the mountain are this service's reading (pool_target).",
        ),
    ),
    article(
        "preferans_pulka.end",
        ru=(
            "Конец пульки",
            """
Пулька кончается сдачей, после которой закрыты пули всех игроков (обычно). По договорённости
— после оговорённого числа сдач (распасы тоже считаются) или когда стол закрыт по времени.
Сдача после конца пульки не принимается. После конца делают расчёт.""",
        ),
        uk=(
            "Кінець пульки",
            """
Пулька закінчується здачею, після якої закриті пулі всіх гравців (зазвичай). За домовленістю —
після обумовленого числа здач (розпаси теж рахуються) або коли стіл закрито за часом. Здача
після кінця пульки не приймається. Після кінця роблять розрахунок.""",
        ),
        en=(
            "The end of the pulka",
            """
The pulka ends with the deal after which every pool is full (usually). By convention it ends
after an agreed number of deals (all-passes count) or when the table is closed on time. A deal
after the end is refused. Then the pulka is settled.""",
        ),
        kw_ru="конец пульки, когда кончается пулька, закрыть пульку, пулька сыграна, по времени",
        kw_uk="кінець пульки, коли закінчується пулька",
        kw_en="end of the pulka, when does it end, finish, time limit",
        conventions=("end", "fixed_deals"),
        source=PREFERANS_RULES,
        game=PREF,
        cite=ENDING,
        quote="В тот момент, когда все игроки достигают ограничения, игра останавливается и один из них «расписывает пулю». ... Существуют различные варианты условленного ограничения игры: по времени, по количеству кругов, до определенной величины в пуле.",
    ),
    article(
        "preferans_pulka.settlement",
        ru=(
            "Расчёт пульки",
            """
Тексты говорят только, что в конце один из игроков «расписывает пулю»; как её расписывать, они
не описывают. Этот сервис считает так (в конце, а для живого стола после каждой сдачи — «если бы
пулька кончилась сейчас»):

1. Недостача пули (цифра пули − пуля) каждого добавляется к его горе.
2. Гора переводится в висты: средняя гора = сумма гор ÷ число игроков; каждый получает
10 × (средняя гора − своя гора).
3. Баланс вистов: всё, что игрок написал на других, минус всё, что написали на него, плюс
итог шага 2.
4. Балансы в сумме дают ноль; их пишут целыми (округление — отдельная статья).

Пример (сочинка, трое): Борис сыграл шестерную (пуля 2), Вера вистовала и написала на него 8:
горы 20, 18, 20, средняя 19⅓; Аня −6⅔, Борис +13⅓, Вера −6⅔; с вистами: Аня −6, Борис 5,
Вера 1.""",
        ),
        uk=(
            "Розрахунок пульки",
            """
Тексти кажуть лише, що наприкінці один із гравців «розписує пулю»; як її розписувати, вони не
описують. Цей сервіс рахує так (наприкінці, а для живого столу після кожної здачі — «якби
пулька закінчилася зараз»):

1. Нестача пулі (цифра пулі − пуля) кожного додається до його гори.
2. Гора переводиться у вісти: середня гора = сума гір ÷ число гравців; кожен отримує
10 × (середня гора − своя гора).
3. Баланс вістів: усе, що гравець написав на інших, мінус усе, що написали на нього, плюс
підсумок кроку 2.
4. Баланси в сумі дають нуль; їх пишуть цілими (заокруглення — окрема стаття).

Приклад (сочинка, троє): Борис зіграв шестерну (пуля 2), Віра вістувала й написала на нього 8:
гори 20, 18, 20, середня 19⅓; Аня −6⅔, Борис +13⅓, Віра −6⅔; із вістами: Аня −6, Борис 5,
Віра 1.""",
        ),
        en=(
            "Settling the pulka",
            """
The texts only say that at the end one player "writes out the pool"; they do not say how.
This service settles so (at the end, and after every deal for a live table — "if the pulka
ended now"):

1. Each player's pool deficit (target − pool) is added to his mountain.
2. The mountain is turned into whists: the average mountain = the sum ÷ the number of players;
each player gets 10 × (average − own mountain).
3. The whist balance: all a player wrote on the others, minus all they wrote on him, plus step
2.
4. The balances add up to zero and are written as whole numbers (see rounding).

Example (Sochi, three): after B's six (pool 2, C whisted 8 on B): mountains 20, 18, 20,
average 19⅓; A −6⅔, B +13⅓, C −6⅔; with the whists A −6, B 5, C 1.""",
        ),
        kw_ru="расчёт, расчёт пули, посчитать пульку, сколько проиграл, баланс, гору в висты, итог пульки",
        kw_uk="розрахунок, розрахунок пулі, баланс, скільки програв",
        kw_en="settlement, settle, balance, who owes, final score, mountain to whists",
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        game=PREF,
        cite=ENDING,
        quote="В тот момент, когда все игроки достигают ограничения, игра останавливается и один из них «расписывает пулю». При игре на деньги, как правило, полученное количество вистов умножается на цену виста",
        reading=(
            "Весь способ расчёта — недостача пули в гору, средняя гора, 10 вистов за очко горы — так читает этот сервис; договорённости, которая его меняет, нет.",
            "Увесь спосіб розрахунку — нестача пулі в гору, середня гора, 10 вістів за очко гори — так читає цей сервіс; домовленості, яка його змінює, немає.",
            "The whole method — the pool deficit into the mountain, the average mountain, 10 whists per mountain point — is this service's reading; no convention changes it.",
        ),
    ),
    article(
        "preferans_pulka.rounding",
        ru=(
            "Округление расчёта",
            """
Точные балансы бывают дробными (сумма гор не делится на число игроков). Каждый округляется
вниз, а недостающие до нуля единицы получают по одной игроки с наибольшей дробной частью; при
равенстве — по часовой стрелке от первого сдающего. У всех балансов одна и та же дробная часть,
поэтому единицы достаются первым по часовой стрелке от первого сдающего.""",
        ),
        uk=(
            "Заокруглення розрахунку",
            """
Точні баланси бувають дробовими (сума гір не ділиться на число гравців). Кожен заокруглюється
вниз, а одиниці, яких бракує до нуля, отримують по одній гравці з найбільшою дробовою
частиною; за рівності — за годинниковою стрілкою від першого, хто роздавав. У всіх балансів
однакова дробова частина, тому одиниці дістаються першим за годинниковою стрілкою від першого,
хто роздавав.""",
        ),
        en=(
            "Rounding the settlement",
            """
Exact balances may be fractions (the mountains' sum not divisible by the number of players).
Each is rounded down and the units missing to zero go one each to the largest fractional
parts; ties clockwise from the first dealer. All balances share one fractional part, so the
units go to the first players clockwise from the first dealer.""",
        ),
        kw_ru="округление, дробные висты, треть виста",
        kw_uk="заокруглення, дробові вісти",
        kw_en="rounding, fractions, remainder",
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        game=PREF,
        cite=ENDING,
        quote="один из них «расписывает пулю»",
        reading=(
            "Тексты об округлении молчат: весь способ — так читает этот сервис.",
            "Тексти про заокруглення мовчать: увесь спосіб — так читає цей сервіс.",
            "The texts are silent on rounding: the whole method is this service's reading.",
        ),
    ),
    # --- presets (section "preferans_presets") ------------------------------------------------
    article(
        "preferans_presets.sochi",
        ru=(
            "Сочинка",
            """
Сочинский преферанс: ответственный (жлобский) вист, недовист целиком вистующему, вист по цене
игры за взятку, гора без множителя, полвиста есть, распасы в гору с прогрессией 1, 2, 4, ноль
взяток — в пулю, выход из распасов 6, 7, 7, пуля до 20.""",
        ),
        uk=(
            "Сочинка",
            """
Сочинський преферанс: відповідальний (жлобський) віст, недовіст повністю вістуючому, віст за
ціною гри за взятку, гора без множника, піввіста є, розпаси в гору з прогресією 1, 2, 4, нуль
взяток — у пулю, вихід із розпасів 6, 7, 7, пуля до 20.""",
        ),
        en=(
            "Sochi",
            """
Sochi Preferans: responsible whist, the whole shortfall to the whister, whists at the game's
price per trick, a single mountain, half whists allowed, all-passes into the mountain rising
1, 2, 4, no trick into the pool, exit 6, 7, 7, pool to 20.""",
        ),
        kw_ru="сочинка, сочи, сочинский",
        kw_uk="сочинка, сочі",
        kw_en="sochi, sochinka",
        presets=("sochi",),
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        game=PREF,
        cite=named(*SCHOOLS, kodex(37)),
        quote="Для данной разновидности характерен ответственный («жлобский») вист. Поскольку вистование затруднено, считается «игрой против вистующего».",
        reading=(
            "Тексты дают сочинке только ответственный вист и висты по 2 за взятку простой игры; остальное в наборе — так читает этот сервис.",
            "Тексти дають сочинці лише відповідальний віст і вісти по 2 за взятку простої гри; решта в наборі — так читає цей сервіс.",
            "The texts give Sochi only responsible whist and 2 whists a trick on a six; the rest of the preset is this service's reading.",
        ),
    ),
    article(
        "preferans_presets.leningrad",
        ru=(
            "Ленинградка",
            """
Ленинградский преферанс: полуответственный (джентльменский) вист, висты по 4 за взятку
простой игры (множитель вистов 2) и удвоенная гора, недовист — половина вистующему, распасы в
гору 1, 2, 3, 3…, выход из распасов 6, 7, 8, пуля до 20.

Источник добавляет, что пулька ограничена по времени. Набор кончает пульку, когда закрыты все
пули; чтобы играть по времени, стол выбирает конец пульки «стол закрыт».""",
        ),
        uk=(
            "Ленінградка",
            """
Ленінградський преферанс: напіввідповідальний (джентльменський) віст, вісти по 4 за взятку
простої гри (множник вістів 2) і подвоєна гора, недовіст — половина вістуючому, розпаси в гору
1, 2, 3, 3…, вихід із розпасів 6, 7, 8, пуля до 20.

Джерело додає, що пулька обмежена за часом. Набір закінчує пульку, коли закриті всі пулі; щоб
грати за часом, стіл обирає кінець пульки «стіл закрито».""",
        ),
        en=(
            "Leningrad",
            """
Leningrad Preferans: gentleman (half-responsible) whist, 4 whists per trick on a six (whist
factor 2) and a double mountain, half the shortfall to the whister, all-passes into the
mountain 1, 2, 3, 3…, exit 6, 7, 8, pool to 20.

The source adds that the pulka is limited in time. The preset ends the pulka when every pool
is full; to play on time the table sets the end to "table closed".""",
        ),
        kw_ru="ленинградка, ленинград, питерка, питер, по времени",
        kw_uk="ленінградка, ленінград, за часом",
        kw_en="leningrad, leningradka, piter, time limit",
        presets=("leningrad",),
        conventions=("end",),
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        game=PREF,
        cite=named(*SCHOOLS, kodex(37)),
        quote="Вист в данной конвенции полуответственный («джентльменский»). Соответственно, данная разновидность может рассматриваться как «игра вистующего». Гора, обычно, двойная, а пулька ограничена по времени.",
        reading=(
            "Конец пульки по закрытым пулям вместо времени, прогрессия 1, 2, 3, 3 и выход 6, 7, 8 — набор этого сервиса; время ставится договорённостью о конце пульки (end).",
            "Кінець пульки за закритими пулями замість часу, прогресія 1, 2, 3, 3 і вихід 6, 7, 8 — набір цього сервісу; час ставиться домовленістю про кінець пульки (end).",
            "Ending on full pools instead of on time, the progression 1, 2, 3, 3 and the exit 6, 7, 8 are this service's preset; a time limit is set with the end convention (end).",
        ),
    ),
    article(
        "preferans_presets.rostov",
        ru=(
            "Ростовский преферанс",
            """
Ростовский: ответственный вист, полвиста нет, распасы пишутся вистами (взявший меньше всех
взяток пишет висты на партнёров) без прогрессии, прикуп на распасах не открывается, выход из
распасов шестерной, пуля до 20.""",
        ),
        uk=(
            "Ростовський преферанс",
            """
Ростовський: відповідальний віст, піввіста немає, розпаси пишуться вістами (той, хто взяв
найменше взяток, пише вісти на партнерів) без прогресії, прикуп на розпасах не відкривається,
вихід із розпасів — шестерна, пуля до 20.""",
        ),
        en=(
            "Rostov",
            """
Rostov Preferans: responsible whist, no half whist, all-passes written in whists (the fewest
tricks write on the others) without progression, the talon not turned on an all-pass, exit a
six, pool to 20.""",
        ),
        kw_ru="ростовский, ростовка, ростов",
        kw_uk="ростовський, ростов",
        kw_en="rostov",
        presets=("rostov",),
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        game=PREF,
        cite=named(*SCHOOLS, kodex("50, 53")),
        quote="При игре на распасах прикуп не открывается. Взявший наименьшее количество взяток записывает определенное количество вистов на партнеров. Считается, что это игра для мастеров распасов.",
        reading=(
            "Прикуп на распасах лист не записывает, на счёт он не влияет. Ответственный вист, отсутствие полвиста и выход 6 — набор этого сервиса (whist_split, half_whist, allpass_exit).",
            "Прикуп на розпасах аркуш не записує, на рахунок він не впливає. Відповідальний віст, відсутність піввіста й вихід 6 — набір цього сервісу (whist_split, half_whist, allpass_exit).",
            "The sheet does not record the all-pass talon; it does not change the score. Responsible whist, no half whist and exit 6 are this service's preset (whist_split, half_whist, allpass_exit).",
        ),
    ),
    article(
        "preferans_scoring.deal_factor",
        ru=(
            "Бомба и игра втёмную: множитель сдачи",
            """
Всё, что пишет сдача (пуля, гора, висты, консоляция, очко за ноль на распасах, штрафы за
ренонс), умножается на множитель сдачи.

Бомба (классика, договорённость «бомбы»): «партия, сыгранная на бомбе, увеличивается в два раза
на простой, в четыре раза — на двойной и в восемь раз — на тройной». В записи сдачи — уровень
бомбы от 0 до 3. Бомба держится, пока игра не сыграна: после сыгранной игры (и несыгранной из-за
пасов или полвиста, и сыгранного мизера) она исчезает, после ремиза, несыгранного мизера или
распасов переходит на следующую сдачу.

Втёмную: «при игре втёмную цена любой игры удваивается» — в записи сдачи отмечают «втёмную»,
и сдача пишется вдвое, в любом наборе правил. Помощь и премии скачков не умножаются.""",
        ),
        uk=(
            "Бомба і гра втемну: множник здачі",
            """
Усе, що пише здача (пуля, гора, вісти, консоляція, очко за нуль на розпасах, штрафи за
ренонс), множиться на множник здачі.

Бомба (класика, домовленість «бомби»): партія, зіграна на бомбі, збільшується вдвічі на простій,
учетверо на подвійній і увосьмеро на потрійній. У записі здачі — рівень бомби від 0 до 3. Бомба
тримається, доки гру не зіграно: після зіграної гри (і незіграної через паси чи піввіста, і
зіграного мізеру) вона зникає, після реміза, незіграного мізеру чи розпасів переходить на
наступну здачу.

Втемну: ціна будь-якої гри втемну подвоюється — у записі здачі позначають «втемну», і здача
пишеться вдвічі, за будь-якого набору правил. Допомога й премії скачків не множаться.""",
        ),
        en=(
            "Bombs and blind play: the deal's factor",
            """
Everything a deal writes (pool, mountain, whists, consolation, the all-pass zero-trick point,
renonce penalties) is multiplied by the deal's factor.

A bomb (Classic, convention bombs): "a game played on a bomb is doubled on a single, quadrupled
on a double and multiplied by eight on a triple". The deal's record gives the bomb level, 0 to
3. The bomb stays until a contract is made: after a made game (a game not played for passes or
a half-whist, a made misère) it goes, after a remise, a failed misère or an all-pass it carries
to the next deal.

Blind: "played blind, any game's price is doubled": the deal's record marks it blind and the
deal is written doubled, in every ruleset. Help and Skachki's premiums are not multiplied.""",
        ),
        kw_ru="бомба, брандер, двойная бомба, тройная бомба, втёмную, в тёмную, играть втемную, удваивается",
        kw_uk="бомба, брандер, втемну, подвоюється",
        kw_en="bomb, brander, blind, play blind, doubled, deal factor",
        conventions=("bombs",),
        presets=("classic",),
        source=(PREFERANS_RULES, SERVICE),
        game=PREF,
        cite=named(
            *section(
                206,
                "«Правила преферанса классика»",
                "«Правила преферанса классика»",
                "«Правила преферанса классика» (Classic)",
            ),
            BIDDING,
        ),
        quote="Партия, сыгранная на бомбе, увеличивается в два раза на простой, в четыре раза – на двойной и в восемь раз – на тройной. ... Нужно учесть, что при игре втёмную, цена удваивается",
        reading=(
            "Что бомба — состояние стола и держится от сдачи к сдаче, что распасы её сохраняют и что вторую тёмную («очки же считают вчетверо») лист не записывает, — так читает этот сервис (bombs).",
            "Що бомба — стан столу й тримається від здачі до здачі, що розпаси її зберігають і що другу темну («очки же считают вчетверо») аркуш не записує, — так читає цей сервіс (bombs).",
            'That a bomb is a state of the table carried from deal to deal, kept by an all-pass, and that a second blind round ("the points are counted fourfold") is not recorded, is this service\'s reading (bombs).',
        ),
    ),
    article(
        "preferans_presets.classic",
        ru=(
            "Классика (классический преферанс)",
            """
Классика — «игра с бомбами»: бомбы (брандеры) повышают стоимость сдачи вдвое, вчетверо или
в восемь раз, пока игра не сыграна. Цены игр и ряд распасов «1-рные – 1, 2-ные – 2, 3-ные – 4»
те же, что в сочинке, и всё остальное в наборе — как в сочинке: ответственный вист, выход из
распасов 6, 7, 7, пуля до 20.""",
        ),
        uk=(
            "Класика (класичний преферанс)",
            """
Класика — гра з бомбами: бомби (брандери) підвищують вартість здачі вдвічі, учетверо чи
увосьмеро, доки гру не зіграно. Ціни ігор і ряд розпасів «1-рные – 1, 2-ные – 2, 3-ные – 4»
ті самі, що в сочинці, і все інше в наборі — як у сочинці: відповідальний віст, вихід із
розпасів 6, 7, 7, пуля до 20.""",
        ),
        en=(
            "Classic Preferans",
            """
Classic is "the game with bombs": bombs (branders) double, quadruple or multiply by eight a
deal's worth until a contract is made. Its game prices and all-pass series "1, 2, 4" are the
same as Sochi's, and the rest of the preset is Sochi's: responsible whist, exit 6, 7, 7, pool
to 20.""",
        ),
        kw_ru="классика, классический преферанс, с бомбами, брандеры",
        kw_uk="класика, класичний преферанс, з бомбами",
        kw_en="classic, classic preferans, with bombs",
        conventions=("bombs",),
        presets=("classic",),
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        game=PREF,
        cite=named(
            *section(
                206,
                "«Правила преферанса классика»",
                "«Правила преферанса классика»",
                "«Правила преферанса классика» (Classic)",
            ),
            SCHOOLS,
        ),
        quote="Классический стандартный преферанс отличается от других видов брандерами (бомбами), которые повышают стоимость игры. ... Игра с «бомбами».",
        reading=(
            "Тексты называют у классики только бомбы, её цены и ряд распасов; всё остальное в наборе взято у сочинки — так решил этот сервис (bombs).",
            "Тексти називають у класики лише бомби, її ціни й ряд розпасів; усе інше в наборі взято в сочинки — так вирішив цей сервіс (bombs).",
            "The texts give Classic only its bombs, prices and all-pass series; the rest of the preset is Sochi's, this service's choice (bombs).",
        ),
    ),
    article(
        "preferans_presets.skachki",
        ru=(
            "Скачки",
            """
Скачки — «5 по 20» (иногда «7 по 20»): пулька из пяти скачков до 20 в пуле. Кто первым
«доскакал» до 20 (призёр), пишет на остальных премию, чаще всего по 100 вистов; тот, у кого в
этот момент гора меньше всех (амнистёр), — тоже. Пули закрываются, начинается новый скачок, а
гора и висты не закрываются. Пулька кончается с последним скачком. Остальное в наборе — как в
сочинке.""",
        ),
        uk=(
            "Скачки",
            """
Скачки — «5 по 20» (іноді «7 по 20»): пулька з п’яти скачків до 20 у пулі. Хто першим
«доскакав» до 20 (призер), пише на інших премію, найчастіше по 100 вістів; той, у кого цієї
миті найменша гора (амністер), — теж. Пулі закриваються, починається новий скачок, а гора й
вісти не закриваються. Пулька закінчується з останнім скачком. Решта в наборі — як у сочинці.""",
        ),
        en=(
            "Skachki (jumps)",
            """
Skachki is "5 by 20" (sometimes "7 by 20"): a pulka of five jumps to 20 in the pool. The first
to reach 20 (the prizer) writes a premium on the others, most often 100 whists each; so does
the player with the smallest mountain at that moment (the amnester). The pools close and a new
jump starts; mountains and whists carry on. The pulka ends with the last jump. The rest of the
preset is Sochi's.""",
        ),
        kw_ru="скачки, скачок, 5 по 20, призёр, амнистёр",
        kw_uk="скачки, скачок, 5 по 20, призер",
        kw_en="skachki, jumps, 5 by 20, prizer, amnester",
        conventions=("jumps", "jump_premium", "end"),
        presets=("skachki",),
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        game=PREF,
        cite=SCHOOLS,
        quote="Обычно играется «5 по 20» (иногда «7 по 20»), то есть игра состоит из пяти скачков до 20 в пуле. ... Пуля на этом закрывается и начинается новый скачок, причем гора и висты не закрываются.",
        reading=(
            "Тексты не называют у скачек других правил: всё остальное в наборе взято у сочинки — так решил этот сервис (jumps).",
            "Тексти не називають у скачок інших правил: усе інше в наборі взято в сочинки — так вирішив цей сервіс (jumps).",
            "The texts give Skachki no other rule: the rest of the preset is Sochi's, this service's choice (jumps).",
        ),
    ),
]
