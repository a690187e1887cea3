"""§2 Table and deal: seats, dealing, bidding, void deals, four sevens."""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from .base import MOSCOW_RULES, ONLINE_RULES, VARIANTS, article

ARTICLES = [
    article(
        "deal.table",
        ru=(
            "Стол: игроки, пары, первая рука",
            """
Играют вдвоём или втроём — каждый сам за себя, или вчетвером двумя парами: партнёры сидят
друг напротив друга (места 1 и 3 против 2 и 4). Места перечисляются по часовой стрелке.

Первая рука («О», старший) — игрок слева от сдатчика, следующий по часовой стрелке. Первого
сдатчика определяет жребий (например, кто первым вытянет туза).""",
        ),
        uk=(
            "Стіл: гравці, пари, перша рука",
            """
Грають удвох чи втрьох — кожен сам за себе, або вчотирьох двома парами: партнери сидять
навпроти (місця 1 і 3 проти 2 і 4). Місця перелічуються за годинниковою стрілкою.

Перша рука («О») — гравець ліворуч від того, хто роздає (Р). Першого, хто роздає, визначає
жереб (наприклад, хто першим витягне туза).""",
        ),
        en=(
            "The table: players, pairs, the eldest",
            """
Two or three players, each for themselves, or four in two pairs with partners opposite
(seats 1 & 3 against 2 & 4). Seats are listed clockwise.

The eldest [первая рука, "О"] is the player to the dealer's left (next clockwise). The first
dealer is drawn by lot (e.g. whoever draws the first ace).""",
        ),
        kw_ru="сколько игроков, вдвоём, втроём, вчетвером, пара на пару, первая рука, старший, жребий, кто сдаёт первым",
        kw_uk="скільки гравців, удвох, утрьох, вчотирьох, пара на пару, перша рука, жереб",
        kw_en="number of players, two players, three players, four players, pairs, partners, eldest hand, first dealer",
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
Вчетвером сдают по 8 карт.""",
        ),
        uk=(
            "Роздача карт і прикуп",
            """
Удвох і втрьох кожному роздають по 6 карт (двічі по 3), починаючи з першої руки. Верхню
карту решти перевертають — це перший козир. Коли козир обрано, доздають ще по 3: на руках по
9 карт. Нижню карту колоди відкривають для інформації. Учотирьох роздають по 8 карт.""",
        ),
        en=(
            "Dealing",
            """
With two or three players each gets 6 cards (3 + 3), the eldest first. The top card of the
rest is turned: the first trump candidate. After a trump is chosen, 3 more each: 9 cards in
hand. The bottom card ("freza") is shown for information. Four players get 8 cards each.""",
        ),
        kw_ru="сдача, раздача, по три карты, 9 карт, прикуп, фреза, свечка, открытая карта, первый козырь",
        kw_uk="роздача, здача, по три карти, 9 карт, прикуп, перший козир",
        kw_en="dealing, deal cards, 9 cards, 8 cards, turned card, first trump",
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

Хто назвав козир — граючий; інші — опоненти (вистуючі).""",
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
следующий игрок по часовой стрелке. При игре «с обязом» (договорённость «заказ обязателен»)
пустых сдач нет — сдатчик обязан назначить козырь.""",
        ),
        uk=(
            "Усі спасували: перездача",
            """
Якщо в обох колах усі сказали «пас», здача порожня: ніхто нічого не пише, а роздає наступний
гравець за годинниковою стрілкою. При грі «з обязом» порожніх здач немає.""",
        ),
        en=(
            "All pass: a void deal",
            """
When everybody passes in both rounds, the deal is void: nobody scores and the next player
clockwise deals. Under obligatory_order ("с обязом") there are no void deals.""",
        ),
        kw_ru="все пас, пересдача, пустая сдача, никто не играет",
        kw_uk="всі пас, перездача, порожня здача, ніхто не грає",
        kw_en="all pass, void deal, redeal, nobody plays, passed out",
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
]
