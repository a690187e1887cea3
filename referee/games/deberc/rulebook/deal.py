"""§2 Table and deal: seats, dealing, bidding, void deals, four sevens."""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from referee.rulebook.base import MOSCOW_RULES, ONLINE_RULES, VARIANTS, article

ARTICLES = [
    article(
        "deal.table",
        ru=(
            "Стол: игроки, пары, первая рука",
            """
Играют вдвоём или втроём — каждый сам за себя, или вчетвером двумя парами: партнёры сидят
друг напротив друга (места 1 и 3 против 2 и 4). В харьковских договорённостях вчетвером
можно играть и каждый сам за себя (pairs); в Одессе вчетвером играют только парами. Места перечисляются по часовой стрелке.

Первая рука («О», старший) — игрок слева от сдатчика, следующий по часовой стрелке. Первого
сдатчика определяет жребий (например, кто первым вытянет туза).""",
        ),
        uk=(
            "Стіл: гравці, пари, перша рука",
            """
Грають удвох чи втрьох — кожен сам за себе, або вчотирьох двома парами: партнери сидять
навпроти (місця 1 і 3 проти 2 і 4). У харківських домовленостях учотирьох можна грати й
кожен сам за себе (pairs); в Одесі
учотирьох грають лише парами. Місця перелічуються за годинниковою стрілкою.

Перша рука («О») — гравець ліворуч від того, хто роздає (Р). Першого, хто роздає, визначає
жереб (наприклад, хто першим витягне туза).""",
        ),
        en=(
            "The table: players, pairs, the eldest",
            """
Two or three players, each for themselves, or four in two pairs with partners opposite
(seats 1 & 3 against 2 & 4). Kharkov's agreements also let four play each for himself
(pairs); Odessa plays four only in pairs. Seats are listed
clockwise.

The eldest [первая рука, "О"] is the player to the dealer's left (next clockwise). The first
dealer is drawn by lot (e.g. whoever draws the first ace).""",
        ),
        kw_ru="сколько игроков, вдвоём, втроём, вчетвером, пара на пару, сам за себя, каждый за себя, первая рука, старший, жребий, кто сдаёт первым",
        kw_uk="скільки гравців, удвох, утрьох, вчотирьох, пара на пару, сам за себе, перша рука, жереб",
        kw_en="number of players, two players, three players, four players, pairs, partners, eldest hand, first dealer, each for himself",
        conventions=("pairs",),
        source=(MOSCOW_RULES, VARIANTS),
    ),
    article(
        "deal.dealing",
        ru=(
            "Сдача карт и прикуп",
            """
Вдвоём и втроём каждому сдают по 6 карт (дважды по 3), начиная с первой руки. Верхнюю карту
остатка открывают — это первый (потенциальный) козырь. Когда козырь выбран, сдают ещё по 3
карты: на руках по 9. Нижнюю карту колоды («фреза», «свечка») открывают для сведения.
Вчетвером сдают по 8 карт. В Харькове прикуп сдают по 4 карты — на руках по 10
(deal_after_trump), а вдвоём фрезу не открывают (см. «Харьков:
прикуп по четыре карты»).""",
        ),
        uk=(
            "Роздача карт і прикуп",
            """
Удвох і втрьох кожному роздають по 6 карт (двічі по 3), починаючи з першої руки. Верхню
карту решти перевертають — це перший козир. Коли козир обрано, доздають ще по 3: на руках по
9 карт. Нижню карту колоди («фреза», «свічка») відкривають для інформації. Учотирьох
роздають по 8 карт. У Харкові прикуп роздають по 4 карти — на руках по 10 (deal_after_trump), а вдвох фрезу не відкривають (див. «Харків: прикуп по чотири
карти»).""",
        ),
        en=(
            "Dealing",
            """
With two or three players each gets 6 cards (3 + 3), the eldest first. The top card of the
rest is turned: the first trump candidate. After a trump is chosen, 3 more each: 9 cards in
hand. The bottom card ("freza") is shown for information. Four players get 8 cards each.
In Kharkov 4 more cards are dealt, 10 in hand (deal_after_trump), and, with two
players, the bottom card stays down (see "Kharkov: four more cards each").""",
        ),
        kw_ru="сдача, раздача, по три карты, 9 карт, прикуп, фреза, свечка, открытая карта, первый козырь",
        kw_uk="роздача, здача, по три карти, 9 карт, прикуп, перший козир",
        kw_en="dealing, deal cards, 9 cards, 8 cards, 10 cards, turned card, first trump",
        conventions=("deal_after_trump",),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    article(
        "deal.bidding",
        ru=(
            "Торговля: играю или пас",
            """
Торговля идёт в два круга, начиная с первой руки, по часовой стрелке; сдатчик говорит
последним. Первый круг: играть в масть открытой карты («играю», по первому козырю) или
«пас». Второй круг: назвать любую другую масть («играю в пику») или «пас».

Кто назвал козырь — играющий; остальные — вистующие.""",
        ),
        uk=(
            "Торгівля: граю чи пас",
            """
Торгівля йде у два кола, починаючи з першої руки, за годинниковою стрілкою; той, хто
роздає, — останній. Перше коло: грати в масть перевернутої карти («граю», по першому козирю)
або «пас». Друге коло: назвати будь-яку іншу масть («граю в піку») або «пас».

Хто назвав козир — граючий; інші — опоненти (вістуючі).""",
        ),
        en=(
            "Bidding: play or pass",
            """
Two rounds, from the eldest clockwise, the dealer last. Round 1: play the turned suit
("играю") or pass. Round 2: name any other suit or pass.

The player who names a trump is the declarer [играющий]; the others are opponents
[вистующие].""",
        ),
        kw_ru="торговля, заказ, играю, пас, играющий, вистующий, заказать козырь, второй круг",
        kw_uk="торгівля, замовлення, граю, пас, граючий, замовити козир",
        kw_en="bidding, auction, pass, declarer, opponents, choose trump, name a suit",
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    article(
        "deal.void",
        ru=(
            "Все спасовали: пересдача",
            """
Если в обоих кругах все сказали «пас», сдача пустая: никто ничего не пишет, и сдаёт
следующий игрок по часовой стрелке. При игре «с обязом» (договорённость «заказ обязателен»;
Харьков и Одесса) пустых сдач нет: если во втором круге все спасовали, сдатчик обязан
назначить козырь другой масти, не той, что была открыта, и играть.""",
        ),
        uk=(
            "Усі спасували: перездача",
            """
Якщо в обох колах усі сказали «пас», здача порожня: ніхто нічого не пише, а роздає наступний
гравець за годинниковою стрілкою. При грі «з обязом» (домовленість «замовлення обов’язкове»;
Харків і Одеса) порожніх здач немає: якщо в другому колі всі спасували, той, хто роздавав,
мусить призначити козир іншої масті, не тієї, що була відкрита, і грати.""",
        ),
        en=(
            "All pass: a void deal",
            """
When everybody passes in both rounds, the deal is void: nobody scores and the next player
clockwise deals. Under obligatory_order ("с обязом"; Kharkov and Odessa) there are no void
deals: when everybody passed in round 2, the dealer must name a trump of another suit than
the turned one and play.""",
        ),
        kw_ru="все пас, пересдача, пустая сдача, никто не играет, обяз, с обязом",
        kw_uk="всі пас, перездача, порожня здача, ніхто не грає, обяз, з обязом",
        kw_en="all pass, void deal, redeal, nobody plays, passed out, obligatory order",
        conventions=("obligatory_order",),
        source=(MOSCOW_RULES, VARIANTS),
    ),
    article(
        "deal.four_sevens",
        ru=(
            "Четыре семёрки",
            """
Игрок с четырьмя семёрками на руках может, показав их, потребовать пересдачи — но только до
первого хода. Сдача пустая, сдаёт тот же сдатчик.""",
        ),
        uk=(
            "Чотири сімки",
            """
Гравець із чотирма сімками може, показавши їх, вимагати перездачі — але лише до першого ходу.
Здача порожня, роздає той самий гравець.""",
        ),
        en=(
            "Four sevens",
            """
A player holding all four sevens may show them and demand a redeal before the first lead:
the deal is void and the same dealer deals again.""",
        ),
        kw_ru="четыре семёрки, 4 семерки, пересдача",
        kw_uk="чотири сімки, 4 сімки, перездача",
        kw_en="four sevens, redeal",
        source=VARIANTS,
    ),
    article(
        "deal.redeals",
        ru=(
            "Пересдачи: кто сдаёт заново",
            """
Пересдача — пустая сдача: никто ничего не пишет, висячие очки остаются. Кто сдаёт потом:

— все спасовали — следующий по часовой стрелке;

— мало очков на руках (Одесса, договорённость «пересдача при малом числе очков»): пересдача
объявляется сама, как только у игрока после сдачи на руках без прикупа меньше оговорённого
числа очков (обычно 2), просить её не нужно; сдаёт следующий по очереди сдатчик;

— ренонс в Одессе («объявляется пересдача», минус 100 нарушителю): сдаёт следующий по
очереди сдатчик;

— четыре семёрки: пересдачу нужно потребовать; сдаёт тот же сдатчик.

Текст не говорит, кто сдаёт одесские пересдачи: сервис читает их по одесскому «карты сдаются
всегда по очереди по часовой стрелке».""",
        ),
        uk=(
            "Перездачі: хто роздає знову",
            """
Перездача — порожня здача: ніхто нічого не пише, висячі очки лишаються. Хто роздає потім:

— усі спасували — наступний за годинниковою стрілкою;

— мало очок на руках (Одеса, домовленість «перездача при малій кількості очок»): перездача
оголошується сама, щойно в гравця після роздачі на руках без прикупу менше обумовленої
кількості очок (зазвичай 2), просити її не треба; роздає наступний за чергою;

— ренонс в Одесі («объявляется пересдача», мінус 100 порушнику): роздає наступний за чергою;

— чотири сімки: перездачу треба вимагати; роздає той самий гравець.

Текст не каже, хто роздає одеські перездачі: сервіс читає їх за одеським «карты сдаются
всегда по очереди по часовой стрелке».""",
        ),
        en=(
            "Redeals: who deals again",
            """
A redeal is a void deal: nobody records anything and hanging points stay. Who deals next:

— everybody passed: the next player clockwise;

— a poor hand (Odessa, convention redeal_below): the redeal is declared by itself as soon as a
player's dealt cards, before the last cards, hold fewer than the agreed points (usually 2);
nobody has to ask for it; the next dealer in turn deals;

— a renonce in Odessa ("a redeal is declared", −100 to the violator): the next dealer in turn
deals;

— four sevens: the redeal must be demanded; the same dealer deals again.

The text does not say who deals Odessa's redeals: the service reads them by Odessa's "the
cards are always dealt in turn, clockwise".""",
        ),
        kw_ru="пересдача, кто сдаёт после пересдачи, мало очков, пересдача автоматически, пересдача за ренонс",
        kw_uk="перездача, хто роздає після перездачі, мало очок, перездача за ренонс",
        kw_en="redeal, who deals after a redeal, poor hand, automatic redeal, renonce redeal",
        conventions=("redeal_below", "renonce_penalty", "dealer"),
        presets=("odessa",),
        source=VARIANTS,
        project_default=True,
    ),
    article(
        "deal.cut",
        ru=(
            "Сдвиг колоды обязателен",
            """
После тасования колоду сдвигают: игрок, которому это положено, делит её в любом месте на
две части и меняет их местами, чтобы защитить колоду от подтасовки. Московские правила
колоду снимают, но о наказании молчат. В Харькове игроку, который не сдвинул, записывается
байт. Одесса говорит только, что сдвиг обязателен, и наказания не называет.

Сервис сдвиг не записывает и отдельного нарушения для него не знает: решение судьи
остаётся в его решениях (rulings), а сдачу записывают так, как её присудили.""",
        ),
        uk=(
            "Зсув колоди обов’язковий",
            """
Після тасування колоду зсувають: гравець, якому це належить, ділить її в будь-якому місці на
дві частини й міняє їх місцями, щоб захистити колоду від підтасовки. Московські правила
колоду знімають, але про покарання мовчать. У Харкові гравцеві, який не зсунув, записується
байт. Одеса каже лише, що зсув обов’язковий, і покарання не називає.

Сервіс зсув не записує й окремого порушення для нього не знає: рішення судді лишається в
його рішеннях (rulings), а здачу записують так, як її присудили.""",
        ),
        en=(
            "The cut is obligatory",
            """
After the shuffle the deck is cut: the player whose turn it is splits it anywhere into two
parts and swaps them, to protect the deck from stacking. The Moscow rules cut the deck but
name no penalty. In Kharkov a player who did not cut has a byte written. Odessa only says the
cut is obligatory and names no penalty.

The service does not record the cut and has no violation for a missed one: the referee's
decision stays among the rulings, and the deal is recorded as it was awarded.""",
        ),
        kw_ru="сдвиг, сдвинуть колоду, снять колоду, подснять, не сдвинул, подтасовка",
        kw_uk="зсув, зсунути колоду, зняти колоду, не зсунув, підтасовка",
        kw_en="cut, cut the deck, did not cut, stacking",
        presets=("kharkov", "odessa"),
        source=(MOSCOW_RULES, VARIANTS),
        project_default=True,
    ),
    article(
        "deal.kharkov_deal",
        ru=(
            "Харьков: прикуп по четыре карты, фреза не открывается",
            """
В харьковском деберце после выбора козыря прикуп сдают не по 3, а по 4 карты вдвоём и
втроём (вчетвером — по 2), так что в игре больше карт. Вдвоём нижнюю карту колоды (фрезу) не
открывают, чтобы нельзя было просчитать карты соперника. С открытым потенциальным козырем
поступают по договорённости: его берёт играющий, кладут под низ колоды или меняют на
семёрку (вчетвером его берёт играющий).

Это решает договорённость (deal_after_trump): по 3 карты (9 на руках, 9 взяток) или по 4
(10 на руках, 10 взяток; харьковский пресет). С 10 картами вдвоём в игре 20 карт и не больше
150 очков за карты, втроём 30 карт и 152. Слова текста «вся колода в игре» точны только
вчетвером. Открыта фреза или нет, на счёт не влияет.""",
        ),
        uk=(
            "Харків: прикуп по чотири карти, фреза не відкривається",
            """
У харківському деберці після вибору козиря прикуп роздають не по 3, а по 4 карти удвох і
втрьох (учотирьох — по 2), тож у грі більше карт. Удвох нижню карту колоди (фрезу) не
відкривають, щоб не можна було прорахувати карти суперника. З відкритим потенційним козирем
роблять за домовленістю: його бере граючий, кладуть під низ колоди або міняють на сімку
(учотирьох його бере граючий).

Це вирішує домовленість (deal_after_trump): по 3 карти (9 на руках, 9 взяток) або по 4 (10
на руках, 10 взяток; харківський пресет). З 10 картами удвох у грі 20 карт і щонайбільше 150
очок за карти, утрьох 30 карт і 152. Слова тексту «вся колода в игре» точні лише вчотирьох.
Відкрита фреза чи ні, на рахунок не впливає.""",
        ),
        en=(
            "Kharkov: four more cards each, the bottom card stays down",
            """
In Kharkov deberc, once the trump is chosen, each player gets 4 more cards instead of 3 with
two or three players (2 with four), so more cards are in play. With two players the bottom
card of the deck (the freza) is not turned, so nobody can count the opponent's cards. The
turned trump card goes, as agreed, to the declarer, under the deck, or is swapped for the
seven (with four players the declarer takes it).

A convention decides it (deal_after_trump): 3 more (9 in hand, 9 tricks) or 4 more (10 in hand, 10
tricks; the Kharkov preset). With 10 cards two players hold 20 cards and at most 150 card
points, three hold 30 cards and 152. The text's "the whole deck is in play" is exact only
with four. Whether the bottom card is turned does not change the score.""",
        ),
        kw_ru="харьков, по четыре карты, прикуп по 4, 10 карт, 10 взяток, фреза не открывается, нижняя карта, вся колода в игре",
        kw_uk="харків, по чотири карти, прикуп по 4, фреза не відкривається, нижня карта",
        kw_en="kharkov, four cards, second deal, bottom card, freza not turned, 10 cards, 10 tricks",
        conventions=("deal_after_trump",),
        presets=("kharkov",),
        source=VARIANTS,
        project_default=True,
    ),
]
