"""Preferans [преферанс]: table and deal, contracts, whisting, scoring a deal, misère,
all-pass, violations, the pool and help, the end and the settlement, the three presets.

Written from the Preferans rules (the club's compendium); where they are silent or disagree
the article says so and names this service's reading. What each preset sets is read from the
engine (`scoring.preferans.PRESETS`) on the presets' and conventions' pages.
"""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from .base import PREFERANS_RULES, SERVICE, article

PREF = "preferans"

ARTICLES = [
    # --- table, contracts, whisting (section "preferans") -----------------------------------
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
            "Преферанс: пулька, куля, гора, вісти",
            """
Друга гра клубу (правила преферансу). Грають утрьох або вчотирьох колодою з 32 карт; партія
зветься пулькою. На аркуші в кожного три графи: куля (очки за зіграні ігри, її наповнюють до
домовленої цифри, зазвичай 20), гора (штрафні очки: реміз, недовіст, распаси) і вісти (очки,
записані на кожного з партнерів). Наприкінці гору й кулю переводять у вісти, і кожен бачить
свій виграш чи програш.

Домовленості столу зібрано в три набори: сочинка, ленінградка і ростовський; будь-яку можна
змінити для турніру чи столу.""",
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
        kw_uk="преферанс, преф, пулька, куля, гора, вісти",
        kw_en="preferans, preference, pulka, pool, mountain, whists, score sheet",
        source=PREFERANS_RULES,
        game=PREF,
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
десять взяток.""",
        ),
        uk=(
            "Стіл і здача: троє чи четверо, той, хто роздає, на прикупі",
            """
Грають троє або четверо, місця за годинниковою стрілкою. Кожному, хто грає, роздають по 10
карт, дві карти — прикуп. Учотирьох той, хто роздає, «сидить на прикупі»: карт не отримує, у
грі та мізері взяток не бере; на распасах він відкриває дві карти прикупу і може взяти ці
взятки (не більше двох).

Здача переходить за годинниковою стрілкою. Якщо домовилися, що після распасів роздає той
самий, він усе одно роздає не більше трьох разів поспіль. Першим вістує гравець ліворуч від
граючого. У здачі десять взяток.""",
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
A deal has ten tricks.""",
        ),
        kw_ru="сдача, кто сдаёт, сдающий, на прикупе, вчетвером, втроём, прикуп, 32 карты",
        kw_uk="здача, хто роздає, на прикупі, вчотирьох, утрьох, прикуп",
        kw_en="deal, dealer, four players, three players, talon, sits out, who deals",
        conventions=("allpass_dealer",),
        source=PREFERANS_RULES,
        game=PREF,
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

Обязательные взятки вистующих на двоих: на шестерной 4, на семерной 2, на восьмерной, девятерной и
десятерной по 1. Доля одного вистующего — половина, округлённая вверх: 2 на шестерной, иначе 1.""",
        ),
        uk=(
            "Ігри та їхня ціна: гра, мізер, распаси",
            """
Здача буває трьох видів. Гра: граючий зобов’язується взяти від 6 до 10 взяток з козирем (піки
молодші за трефи, трефи — за бубни, бубни — за чирви) або без козиря. Мізер: граючий
зобов’язується не взяти жодної взятки. Распаси: усі спасували, і кожен намагається взяти
якнайменше взяток.

Ціна гри: шістка — 2, сімка — 4, вісімка — 6, дев’ятка — 8, десятка — 10, мізер — 10. Масть
козиря на ціну не впливає.

Обов’язкові взятки вістуючих на двох: на шістці 4, на сімці 2, на вісімці, дев’ятці й десятці
по 1. Частка одного вістуючого — половина, заокруглена вгору: 2 на шістці, інакше 1.""",
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

The defenders' obligation, the tricks they must take together: 4 on a six, 2 on a seven, 1 on
an eight, a nine or a ten. One whister's share is half of it rounded up: 2 on a six, else 1.""",
        ),
        kw_ru="цена игры, сколько стоит игра, шестерная, семерная, восьмерная, девятерная, десятерная, обязательные взятки, бескозырка",
        kw_uk="ціна гри, скільки коштує гра, шістка, сімка, обов’язкові взятки",
        kw_en="contract, price, game price, six, seven, eight, no trumps, obligation, whist obligation",
        source=PREFERANS_RULES,
        game=PREF,
    ),
    article(
        "preferans.whisting",
        ru=(
            "Вист и пас",
            """
После заказа игры каждый из двух защитников говорит «вист» или «пас». Оба спасовали — игра не
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
Після замовлення гри кожен із двох захисників каже «віст» або «пас». Обидва спасували — гра не
грається: граючий пише її ціну в кулю, взятки не рахуються. Хоча б один вістує — гра
грається, і записуються взятки всіх рук, що грають.

Якщо вістує один, а другий пасує, хто пише вісти за взятки того, хто пасує, — домовленість про
віст: відповідальний (жлобський) віст — усі вісти пише вістуючий; напіввідповідальний
(джентльменський) — вісти пишуть обидва навпіл.

Варіанти: піввіста на шістці та сімці, сталінград (шістка пік вістується обов’язково обома),
десятка перевіряється (не вістується, а грається відкрито).""",
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
        kw_ru="вист, вистовать, пас, оба паса, жлобский вист, джентльменский вист, ответственный вист, полуответственный",
        kw_uk="віст, вістувати, пас, жлобський віст, джентльменський віст",
        kw_en="whist, pass, defender, responsible whist, gentleman whist, both pass",
        conventions=("whist_split", "half_whist", "stalingrad", "ten_checked"),
        source=PREFERANS_RULES,
        game=PREF,
    ),
    article(
        "preferans.half_whist",
        ru=(
            "Полвиста",
            """
На шестерной или семерной, когда один защитник спасовал, другой может взять полвиста:
игра не играется, играющий пишет цену в пулю, а взявший полвиста пишет на играющего
половину вистов за обязательные взятки: цена × обязательные взятки ÷ 2 (с множителем
вистов). Сочинка: на шестерной 2 × 4 ÷ 2 = 4, на семерной 4 × 2 ÷ 2 = 4. На восьмерной и
выше полвиста нет.""",
        ),
        uk=(
            "Піввіста",
            """
На шістці або сімці, коли один захисник спасував, другий може взяти піввіста: гра не
грається, граючий пише ціну в кулю, а той, хто взяв піввіста, пише на граючого половину
вістів за обов’язкові взятки: ціна × обов’язкові взятки ÷ 2 (з множником вістів). Сочинка:
на шістці 2 × 4 ÷ 2 = 4, на сімці 4 × 2 ÷ 2 = 4.""",
        ),
        en=(
            "Half a whist",
            """
On a six or a seven, when one defender passed, the other may take half a whist: the game is
not played, the declarer writes the price into the pool and the half-whister writes on the
declarer half the whists of the obligation: price × obligation ÷ 2 (times the whist factor).
Sochi: a six 2 × 4 ÷ 2 = 4, a seven 4 × 2 ÷ 2 = 4. There is no half whist on an eight or
higher.""",
        ),
        kw_ru="полвиста, пол-виста, половина виста",
        kw_uk="піввіста, пів віста",
        kw_en="half whist, half a whist",
        conventions=("half_whist",),
        source=PREFERANS_RULES,
        game=PREF,
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
            "Гру зроблено: ціна в кулю",
            """
Граючий взяв не менше замовленого — гру зроблено: він пише ціну гри в кулю (шістка 2, сімка 4,
вісімка 6, дев’ятка 8, десятка 10). Вістуючі пишуть на нього вісти за свої взятки; якщо вони
взяли менше обов’язкового, пишеться недовіст.""",
        ),
        en=(
            "A game made: the price into the pool",
            """
The declarer took at least the contract: the game is made and he writes its price into the
pool (six 2, seven 4, eight 6, nine 8, ten 10). The whisters write whists on him for their
tricks; if they took fewer than their obligation, a shortfall is written.""",
        ),
        kw_ru="сыграл, игра сделана, в пулю, записать в пулю",
        kw_uk="зіграв, гру зроблено, у кулю",
        kw_en="made, game made, into the pool",
        source=PREFERANS_RULES,
        game=PREF,
    ),
    article(
        "preferans_scoring.remise",
        ru=(
            "Ремиз: «без одной», «без двух»",
            """
Играющий не добрал взяток — ремиз («без одной», «без двух»…). Он пишет в гору цену игры за
каждую недобранную взятку (с множителем горы): семерная без двух — 4 × 2 = 8 в гору. Кроме
того, вистующие пишут на него висты за свои взятки, а все остальные игроки — консоляцию.

Пример (сочинка): семерная червей, играющий взял 5, вистующие 3 и 2. Гора играющего +8; висты
за взятки 4 × 3 = 12 и 4 × 2 = 8; консоляция по 4 × 2 = 8 каждому вистующему; итого на
играющего 20 и 16.""",
        ),
        uk=(
            "Реміз: «без однієї», «без двох»",
            """
Граючий не добрав взяток — реміз («без однієї», «без двох»…). Він пише в гору ціну гри за
кожну недобрану взятку (з множником гори): сімка без двох — 4 × 2 = 8 у гору. Крім того,
вістуючі пишуть на нього вісти за свої взятки, а всі інші гравці — консоляцію.

Приклад (сочинка): сімка чирв, граючий узяв 5, вістуючі 3 і 2. Гора граючого +8; вісти за
взятки 12 і 8; консоляція по 8 кожному; разом на граючого 20 і 16.""",
        ),
        en=(
            "Remise: one down, two down",
            """
The declarer fell short: a remise [ремиз] ("one down", "two down"…). He writes the price of
the game per missing trick into the mountain (times the mountain factor): a seven two down is
4 × 2 = 8. The whisters also write whists for their tricks on him, and every other player a
consolation.

Example (Sochi): a seven of hearts, the declarer takes 5, the whisters 3 and 2. Declarer's
mountain +8; whists for tricks 4 × 3 = 12 and 4 × 2 = 8; consolation 4 × 2 = 8 each; in all
20 and 16 on the declarer.""",
        ),
        kw_ru="ремиз, без одной, без двух, подсел, недобрал, посадили, не сыграл",
        kw_uk="реміз, без однієї, без двох, не добрав, не зіграв",
        kw_en="remise, one down, two down, went down, failed contract, set",
        conventions=("mountain_factor",),
        source=PREFERANS_RULES,
        game=PREF,
    ),
    article(
        "preferans_scoring.whists",
        ru=(
            "Висты за взятки",
            """
Каждый вистующий пишет на играющего цену игры × свои взятки (с множителем вистов). Вистуют
двое — каждый за свои. Вистует один, другой пасует: при ответственном (жлобском) висте
вистующий пишет за взятки обоих защитников; при джентльменском каждый пишет половину вистов
за взятки обоих.

Пример (сочинка): шестерная пик, вистует один, взятки защитников 3 и 1: вистующий пишет
2 × 4 = 8. На проверяемой десятерной вистов за взятки нет.""",
        ),
        uk=(
            "Вісти за взятки",
            """
Кожен вістуючий пише на граючого ціну гри × свої взятки (з множником вістів). Вістують двоє —
кожен за свої. Вістує один, другий пасує: при відповідальному (жлобському) вісті вістуючий
пише за взятки обох захисників; при джентльменському кожен пише половину.

Приклад (сочинка): шістка пік, вістує один, взятки захисників 3 і 1: вістуючий пише 2 × 4 = 8.""",
        ),
        en=(
            "Whists for tricks",
            """
Each whister writes on the declarer the price × their own tricks (times the whist factor).
Two whisters: each for their own. One whister and a passer: with responsible whist the
whister writes for both defenders' tricks; with gentleman whist each writes half of the whists
for both.

Example (Sochi): a six of spades, one whister, the defenders take 3 and 1: the whister writes
2 × 4 = 8. A checked ten has no whists for tricks.""",
        ),
        kw_ru="висты, сколько вистов, вистовать, вистующий пишет, висты на играющего",
        kw_uk="вісти, скільки вістів, вістуючий пише",
        kw_en="whists, whists for tricks, how many whists, whister writes",
        conventions=("whist_split", "whist_factor"),
        source=PREFERANS_RULES,
        game=PREF,
    ),
    article(
        "preferans_scoring.consolation",
        ru=(
            "Консоляция",
            """
При ремизе каждый другой игрок стола — вистующие, пасующий и вчетвером сдающий — пишет на
играющего консоляцию: цена игры × недобранные взятки (с множителем вистов). Семерная без
двух: по 4 × 2 = 8 каждому. Консоляция пишется и на проверяемой десятерной, но не на
мизере.""",
        ),
        uk=(
            "Консоляція",
            """
При ремізі кожен інший гравець столу — вістуючі, той, хто пасує, і вчотирьох той, хто роздає,
— пише на граючого консоляцію: ціна гри × недобрані взятки (з множником вістів). Сімка без
двох: по 4 × 2 = 8 кожному. На мізері консоляції немає.""",
        ),
        en=(
            "Consolation",
            """
On a remise every other player at the table — the whisters, the passer and with four players
the dealer — writes a consolation [консоляция] on the declarer: price × missing tricks
(times the whist factor). A seven two down: 4 × 2 = 8 each. A checked ten has it too; a
misère has none.""",
        ),
        kw_ru="консоляция, утешение, за ремиз всем, всем по",
        kw_uk="консоляція, втіха",
        kw_en="consolation, everyone writes on a remise",
        conventions=("whist_factor",),
        source=PREFERANS_RULES,
        game=PREF,
    ),
    article(
        "preferans_scoring.shortfall",
        ru=(
            "Недовист (недобор взяток вистующими)",
            """
Игра сделана, а защитники взяли меньше обязательного (шестерная — 4, семерная — 2, выше — 1).
Один вистующий: недобор = обязательные − взятки защитников; в гору пишется цена × недобор
(с множителем горы): весь вистующему, половину ему («вистующий в гору записывает
половину») или пополам с пасовавшим — по договорённости о недовисте.

Двое вистующих: в гору пишет тот, кто взял меньше своей доли (на шестерной 2, выше 1):
«в гору получит тот, кто взял меньше двух взяток». Пример: шестерная, играющий взял 7,
вистующие 2 и 1 — взявший одну пишет 2 × 1 = 2.""",
        ),
        uk=(
            "Недовіст (недобір взяток вістуючими)",
            """
Гру зроблено, а захисники взяли менше обов’язкового (шістка — 4, сімка — 2, вище — 1). Один
вістуючий: недобір = обов’язкові − взятки захисників; у гору пишеться ціна × недобір (з
множником гори): увесь вістуючому, половина йому або навпіл із тим, хто пасував — за
домовленістю.

Двоє вістуючих: у гору пише той, хто взяв менше своєї частки (на шістці 2, вище 1). Приклад:
шістка, граючий узяв 7, вістуючі 2 і 1 — той, хто взяв одну, пише 2 × 1 = 2.""",
        ),
        en=(
            "Shortfall: defenders below their obligation",
            """
The game is made but the defenders took fewer than their obligation (six 4, seven 2, higher 1).
One whister: the shortfall is the obligation minus the defenders' tricks, and price ×
shortfall (times the mountain factor) goes into the mountain: all to the whister, half of it
to him, or half each to him and the passer — a convention.

Two whisters: each whose own tricks are below his share (2 on a six, else 1) writes price ×
what he lacks. Example: a six, declarer 7, whisters 2 and 1: the one with 1 writes 2 × 1 = 2.""",
        ),
        kw_ru="недовист, недобор, недобор взяток, перевист, не взяли своих, штраф вистующему",
        kw_uk="недовіст, недобір взяток",
        kw_en="shortfall, under-whist, defenders short, whister penalty",
        conventions=("shortfall", "mountain_factor"),
        source=PREFERANS_RULES,
        game=PREF,
    ),
    article(
        "preferans_scoring.misere",
        ru=(
            "Мизер",
            """
Играющий обязуется не взять ни одной взятки; козыря нет, мизер не вистуется. Сыгран (ни
одной взятки) — 10 в пулю. Не сыгран — в гору 10 за каждую взятку (с множителем горы): мизер с
двумя взятками — 20 в гору. Вистов и консоляции на мизере нет. Записываются взятки всех
играющих рук, вместе 10. Мизер можно заказать и после распасов, при любом выходе.""",
        ),
        uk=(
            "Мізер",
            """
Граючий зобов’язується не взяти жодної взятки; козиря немає, мізер не вістується. Зіграний —
10 у кулю. Не зіграний — у гору 10 за кожну взятку (з множником гори): мізер із двома
взятками — 20 у гору. Вістів і консоляції на мізері немає.""",
        ),
        en=(
            "Misère",
            """
The declarer undertakes to take no trick; no trumps, and a misère [мизер] is never whisted.
Made (no trick): 10 into the pool. Failed: 10 per trick into the mountain (times the mountain
factor): a misère with two tricks is 20. No whists and no consolation. Every playing hand's
tricks are written, 10 in all. A misère may be bid after all-passes whatever the exit.""",
        ),
        kw_ru="мизер, мизера, мизер не сыгран, поймали на мизере, ловля мизера",
        kw_uk="мізер, мізер не зіграно",
        kw_en="misere, misère, nullo, no tricks",
        conventions=("mountain_factor",),
        source=PREFERANS_RULES,
        game=PREF,
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
заново): сочинка — «однерные 1, двойные 2, тройные 4» и дальше 4; ленинградка — 1, 2, 3, 3…;
ростовский — без прогрессии. Пример: первые распасы, взятки 4, 0 и 6 — в гору 4 и 6, взявший
ноль пишет 1 в пулю.""",
        ),
        uk=(
            "Распаси та прогресія",
            """
Усі спасували — распаси: кожен намагається взяти якнайменше. Записуються взятки всіх рук, що
грають (учотирьох і того, хто роздає, — взятки прикупу, до двох). У гірському рахунку кожен
пише в гору за кожну взятку ціну взятки (1 або 2) × множник серії (з множником гори).

Множник росте, якщо распаси йдуть поспіль: сочинка — 1, 2, 4 і далі 4; ленінградка — 1, 2, 3,
3…; ростовський — без прогресії.""",
        ),
        en=(
            "All-pass and its progression",
            """
Everybody passed: an all-pass [распасы], and everybody tries to take few tricks. Every
playing hand's tricks are written (with four, the dealer's talon tricks too, at most two).
Scored in the mountain, each player writes per trick the all-pass trick price (1 or 2) × the
series multiplier (times the mountain factor).

The multiplier rises over all-passes in a row (any other deal starts the count again): Sochi
1, 2, 4 and 4 on; Leningrad 1, 2, 3, 3…; Rostov no progression. Example: a first all-pass with
tricks 4, 0 and 6: 4 and 6 into the mountains, the player with none writes 1 into the pool.""",
        ),
        kw_ru="распасы, распас, все пас, прогрессия, однерные, двойные, тройные, цена взятки на распасах",
        kw_uk="распаси, розпаси, розпас, прогресія, всі пас",
        kw_en="all-pass, allpass, raspasy, everybody passed, progression, passout",
        conventions=(
            "allpass_scoring",
            "allpass_trick",
            "allpass_progression",
            "allpass_progression_limit",
        ),
        source=PREFERANS_RULES,
        game=PREF,
    ),
    article(
        "preferans_scoring.allpass_zero",
        ru=(
            "Ноль взяток на распасах",
            """
Кто на распасах не взял ни одной взятки, по договорённости пишет цену взятки × множитель в
пулю (сочинка, ленинградка), списывает столько же с горы (не ниже нуля) или не пишет ничего
(ростовский). Если пуля у него уже полна, очки идут помощью.""",
        ),
        uk=(
            "Нуль взяток на распасах",
            """
Хто на распасах не взяв жодної взятки, за домовленістю пише ціну взятки × множник у кулю
(сочинка, ленінградка), списує стільки ж із гори (не нижче нуля) або нічого не пише
(ростовський).""",
        ),
        en=(
            "No trick on an all-pass",
            """
A player who took no trick on an all-pass writes the trick price × the multiplier into the
pool (Sochi, Leningrad), writes as much off his mountain (not below zero), or writes nothing
(Rostov), as the table agreed. If his pool is already full the points are help.""",
        ),
        kw_ru="ноль на распасах, ни одной взятки, чистый распас, в пулю за распасы",
        kw_uk="нуль на распасах, жодної взятки",
        kw_en="zero tricks, no trick on all-pass, clean all-pass",
        conventions=("allpass_zero",),
        source=PREFERANS_RULES,
        game=PREF,
    ),
    article(
        "preferans_scoring.allpass_whists",
        ru=(
            "Распасы на висты (ростовский)",
            """
По ростовским правилам распасы пишутся не в гору, а вистами: «взявший наименьшее количество
взяток записывает висты на партнёров» — на каждого другого игрока 10 × цена взятки ×
множитель за каждую взятку, которую тот взял. Если меньше всех взяли двое, висты делятся
поровну, лишний вист — первому из них по часовой стрелке от левого соседа сдающего. Горы и
пули на таких распасах нет.

Так читает этот сервис: вчетвером сдающий со взятками прикупа считается как все; меньшие
пишут только на тех, кто взял больше.""",
        ),
        uk=(
            "Распаси на вісти (ростовський)",
            """
За ростовськими правилами распаси пишуться не в гору, а вістами: той, хто взяв найменше
взяток, пише на кожного іншого гравця 10 × ціна взятки × множник за кожну його взятку. Якщо
найменше взяли двоє, вісти діляться порівну. Гори й кулі на таких распасах немає.

Так читає цей сервіс: учотирьох той, хто роздає, зі взятками прикупу рахується як усі.""",
        ),
        en=(
            "All-pass scored in whists (Rostov)",
            """
Under the Rostov rules an all-pass is written in whists, not in the mountain: the player with
the fewest tricks writes on every other player 10 × the trick price × the multiplier per trick
that player took. When several tie for the fewest they share it equally, an odd whist to the
first of them clockwise from the dealer's left. No mountain and no pool on such an all-pass.

This service's reading: with four the dealer's talon tricks count like anyone's; the fewest
write only on players who took more.""",
        ),
        kw_ru="распасы на висты, ростовские распасы, ростовский распас",
        kw_uk="распаси на вісти, ростовські распаси",
        kw_en="all-pass in whists, rostov all-pass",
        conventions=("allpass_scoring",),
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        game=PREF,
    ),
    article(
        "preferans_scoring.allpass_exit",
        ru=(
            "Выход из распасов",
            """
После распасов нельзя заказать игру ниже договорённого выхода. Договорённость — список
наименьших игр после первых, вторых, третьих распасов подряд, последняя повторяется:
сочинка 6, 7, 7 (после одних распасов можно шестерную, после двух и более — не ниже семерной),
ленинградка 6, 7, 8, ростовский 6, 6, 6. Мизер разрешён всегда. Игра ниже выхода не
принимается.""",
        ),
        uk=(
            "Вихід із распасів",
            """
Після распасів не можна замовити гру нижчу за домовлений вихід: список найменших ігор після
перших, других, третіх распасів поспіль, остання повторюється: сочинка 6, 7, 7, ленінградка 6,
7, 8, ростовський 6, 6, 6. Мізер дозволено завжди.""",
        ),
        en=(
            "Exit from all-passes",
            """
After all-passes a game below the agreed exit may not be bid. The convention lists the least
game after the 1st, 2nd, 3rd… all-pass in a row, the last repeating: Sochi 6, 7, 7 (a six
after one all-pass, at least a seven after two or more), Leningrad 6, 7, 8, Rostov 6, 6, 6. A
misère is always allowed. A lower game is refused.""",
        ),
        kw_ru="выход из распасов, после распасов, какую игру после распасов",
        kw_uk="вихід із распасів, після распасів",
        kw_en="all-pass exit, exit, after all-pass, least game",
        conventions=("allpass_exit",),
        source=PREFERANS_RULES,
        game=PREF,
    ),
    article(
        "preferans_scoring.violations",
        ru=(
            "Нарушения: ренонс в преферансе",
            """
Ренонс (не дал в масть или в козырь, когда мог) — взятки переносятся судьёй, и записываются
взятки после переноса; кроме того:

На распасах нарушитель «ставит по 10 наверх за каждую ошибку» — 10 в гору за ошибку. В игре,
нарушил играющий: сдача считается по взяткам, недовиста нет, играющий пишет в гору ещё цену ×
число ошибок. Нарушил защитник: игра считается сделанной (цена в пулю, ремиза и консоляции
нет), недовиста нет, нарушитель пишет в гору цену × число ошибок и не пишет вистов; другой
защитник пишет свои висты как обычно. На мизере нарушил защитник — мизер сыгран, нарушитель
пишет 10 × большее из числа ошибок и взяток играющего; нарушил играющий — сдача по взяткам и
ещё 10 за ошибку. В несыгранной игре нарушений нет.""",
        ),
        uk=(
            "Порушення: ренонс у преферансі",
            """
Ренонс (не дав у масть чи в козир, коли міг) — взятки переносить суддя, і записуються взятки
після перенесення; крім того:

На распасах порушник пише 10 у гору за кожну помилку. У грі, порушив граючий: здача за
взятками, недовісту немає, граючий пише в гору ще ціну × число помилок. Порушив захисник: гру
зроблено (ціна в кулю, без реміза й консоляції), порушник пише в гору ціну × число помилок і
не пише вістів. На мізері порушив захисник — мізер зіграно, порушник пише 10 × більше з числа
помилок і взяток граючого.""",
        ),
        en=(
            "Violations: a renonce in Preferans",
            """
A renonce (not following suit or trumping when able): the referee moves the tricks and the
tricks after the move are written; besides:

On an all-pass the violator writes 10 into the mountain per error. In a game, the declarer
erred: scored from the tricks, nobody writes a shortfall, and the declarer writes price ×
errors more into the mountain. A defender erred: the game counts as made (the price into the
pool, no remise, no consolation), no shortfall, the violator writes price × errors into the
mountain and no whists; the other defender writes his whists as usual. On a misère, a defender
erred: the misère is made and the violator writes 10 × the larger of the errors and the
declarer's tricks; the declarer erred: scored from the tricks plus 10 per error. A game not
played has no violation.""",
        ),
        kw_ru="нарушение, ренонс, ошибка, штраф, не в масть, снос, фальшренонс в преферансе",
        kw_uk="порушення, ренонс, помилка, штраф",
        kw_en="violation, renonce, revoke, penalty, misplay",
        conventions=("mountain_factor",),
        source=PREFERANS_RULES,
        game=PREF,
    ),
    # --- the pulka: pool, help, end, settlement (section "preferans_pulka") -----------------
    article(
        "preferans_pulka.pool",
        ru=(
            "Пуля и помощь",
            """
Пуля каждого не растёт выше договорённой цифры («наиболее распространённый вариант — до 20»).
Очки сверх неё — помощь («в графе»): они идут в пули тех, у кого пуля не закрыта, по очереди
по часовой стрелке от левого соседа записывающего, каждому сколько ему не хватает, а
записывающий пишет на каждого, кому помог, 10 вистов за очко. Что никто не может взять,
списывается с его горы (не ниже нуля), остальное пропадает.

Пример: пуля до 10, у Бориса 8, он сыграл семерную (4): его пуля 10, 2 очка лишние; у Веры
(слева от него) пуля полна, у Ани 3 — Аня получает 2 в пулю, Борис пишет на Аню 20 вистов.""",
        ),
        uk=(
            "Куля і допомога",
            """
Куля кожного не росте вище домовленої цифри (найчастіше — до 20). Очки понад неї — допомога:
вони йдуть у кулі тих, у кого куля не закрита, по черзі за годинниковою стрілкою від лівого
сусіда, кожному скільки йому бракує, а той, хто пише, пише на кожного, кому допоміг, 10 вістів
за очко. Чого ніхто не може взяти, списується з його гори (не нижче нуля).""",
        ),
        en=(
            "Pool target and help",
            """
Nobody's pool goes above the agreed target ("most common is 20"). Points above it are help
[помощь]: they go into the pools still open, clockwise from the writer's left, each up to what
it lacks, and the writer writes 10 whists per point on each player helped. What nobody can
take comes off the writer's own mountain (not below zero); the rest is lost.

Example: target 10, B has 8 and makes a seven (4): B's pool is 10 with 2 over; C's pool is
full, A has 3: A gets 2 into the pool and B writes 20 whists on A.""",
        ),
        kw_ru="пуля, до скольких пуля, помощь, закрыл пулю, пуля закрыта, в графе, пуля до 20",
        kw_uk="куля, допомога, закрив кулю, куля до 20",
        kw_en="pool, pool target, help, pool full, closed pool",
        conventions=("pool_target",),
        source=PREFERANS_RULES,
        game=PREF,
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
Пулька закінчується здачею, після якої закриті кулі всіх гравців (зазвичай). За домовленістю —
після обумовленого числа здач (распаси теж рахуються) або коли стіл закрито за часом. Здача
після кінця не приймається.""",
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
    ),
    article(
        "preferans_pulka.settlement",
        ru=(
            "Расчёт пульки",
            """
Расчёт (в конце, а для живого стола после каждой сдачи — «если бы пулька кончилась сейчас»):

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
Розрахунок (наприкінці, а для живого столу після кожної здачі):

1. Нестача кулі (цифра кулі − куля) кожного додається до його гори.
2. Гора переводиться у вісти: середня гора = сума гір ÷ число гравців; кожен отримує
10 × (середня гора − своя гора).
3. Баланс вістів: усе, що гравець написав на інших, мінус усе, що написали на нього, плюс
підсумок кроку 2.
4. Баланси в сумі дають нуль; їх пишуть цілими.""",
        ),
        en=(
            "Settling the pulka",
            """
The settlement (at the end, and after every deal for a live table — "if the pulka ended
now"):

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
        kw_uk="розрахунок, розрахунок кулі, баланс, скільки програв",
        kw_en="settlement, settle, balance, who owes, final score, mountain to whists",
        source=PREFERANS_RULES,
        game=PREF,
    ),
    article(
        "preferans_pulka.rounding",
        ru=(
            "Округление расчёта",
            """
Точные балансы бывают дробными (сумма гор не делится на число игроков). Каждый округляется
вниз, а недостающие до нуля единицы получают по одной игроки с наибольшей дробной частью; при
равенстве — по часовой стрелке от первого сдающего. Так читает этот сервис: у всех балансов
одна и та же дробная часть, поэтому единицы достаются первым по часовой стрелке от первого
сдающего.""",
        ),
        uk=(
            "Заокруглення розрахунку",
            """
Точні баланси бувають дробовими. Кожен заокруглюється вниз, а одиниці, яких бракує до нуля,
отримують по одній гравці з найбільшою дробовою частиною; за рівності — за годинниковою
стрілкою від першого, хто роздавав. Так читає цей сервіс.""",
        ),
        en=(
            "Rounding the settlement",
            """
Exact balances may be fractions (the mountains' sum not divisible by the number of players).
Each is rounded down and the units missing to zero go one each to the largest fractional
parts; ties clockwise from the first dealer. This service's reading: all balances share one
fractional part, so the units go to the first players clockwise from the first dealer.""",
        ),
        kw_ru="округление, дробные висты, треть виста",
        kw_uk="заокруглення, дробові вісти",
        kw_en="rounding, fractions, remainder",
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        game=PREF,
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
Сочинський преферанс: відповідальний (жлобський) віст, недовіст повністю вістуючому, піввіста
є, распаси в гору з прогресією 1, 2, 4, нуль взяток — у кулю, вихід із распасів 6, 7, 7, куля
до 20.""",
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
    ),
    article(
        "preferans_presets.leningrad",
        ru=(
            "Ленинградка",
            """
Ленинградский преферанс: полуответственный (джентльменский) вист, висты по 4 за взятку
простой игры (множитель вистов 2) и удвоенная гора, недовист — половина вистующему, распасы в
гору 1, 2, 3, 3…, выход из распасов 6, 7, 8, пуля до 20.""",
        ),
        uk=(
            "Ленінградка",
            """
Ленінградський преферанс: джентльменський віст, вісти по 4 за взятку простої гри (множник 2) і
подвоєна гора, недовіст — половина вістуючому, распаси в гору 1, 2, 3, 3…, вихід 6, 7, 8.""",
        ),
        en=(
            "Leningrad",
            """
Leningrad Preferans: gentleman (half-responsible) whist, 4 whists per trick on a six (whist
factor 2) and a double mountain, half the shortfall to the whister, all-passes into the
mountain 1, 2, 3, 3…, exit 6, 7, 8, pool to 20.""",
        ),
        kw_ru="ленинградка, ленинград, питерка, питер",
        kw_uk="ленінградка, ленінград",
        kw_en="leningrad, leningradka, piter",
        presets=("leningrad",),
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        game=PREF,
    ),
    article(
        "preferans_presets.rostov",
        ru=(
            "Ростовский преферанс",
            """
Ростовский: ответственный вист, полвиста нет, распасы пишутся вистами («взявший наименьшее
количество взяток записывает висты на партнёров») без прогрессии, выход из распасов шестерной,
пуля до 20.""",
        ),
        uk=(
            "Ростовський преферанс",
            """
Ростовський: відповідальний віст, піввіста немає, распаси пишуться вістами без прогресії,
вихід із распасів — шістка, куля до 20.""",
        ),
        en=(
            "Rostov",
            """
Rostov Preferans: responsible whist, no half whist, all-passes written in whists (the fewest
tricks write on the others) without progression, exit a six, pool to 20.""",
        ),
        kw_ru="ростовский, ростовка",
        kw_uk="ростовський",
        kw_en="rostov",
        presets=("rostov",),
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        game=PREF,
    ),
]
