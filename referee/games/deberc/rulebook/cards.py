"""§1 Cards: the deck, the trick order, card points, what is dealt, the sequence order."""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from referee.rulebook.base import MOSCOW_RULES, ONLINE_RULES, SERVICE, VARIANTS, article

ARTICLES = [
    article(
        "cards.deck",
        ru=(
            "Колода и запись карт",
            """
Играют колодой в 32 карты: семёрка, восьмёрка, девятка, десятка, валет (В), дама (Д),
король (К), туз (Т) четырёх мастей — трефы ♣, бубны ♦, черви ♥, пики ♠.

Карту записывают как достоинство и букву масти: 10H (десятка червей), QS (дама пик), 7C,
AD. Принимаются также T вместо 10, значки мастей ♣♦♥♠ и русские буквы: В, Д, К, Т для
валета, дамы, короля и туза; П — пики, Т — трефы, Б — бубны, Ч — черви. На выходе карта
всегда пишется в каноническом виде (10H, QS).""",
        ),
        uk=(
            "Колода і запис карт",
            """
Грають колодою з 32 карт: сімка, вісімка, дев’ятка, десятка, валет, дама, король, туз
чотирьох мастей — хрести (трефи) ♣, бубни ♦, чирви ♥, піки ♠.

Карту записують як номінал і літеру масті: 10H (десятка чирв), QS (дама пік), 7C, AD.
Приймаються також T замість 10, значки мастей ♣♦♥♠ і російські літери (В, Д, К, Т;
П — піки, Т — трефи, Б — бубни, Ч — чирви). Сервіс завжди виводить канонічний запис.""",
        ),
        en=(
            "The deck and card notation",
            """
A 32-card deck: 7, 8, 9, 10, jack, queen, king and ace of four suits — clubs ♣, diamonds ♦,
hearts ♥, spades ♠.

A card is written as its rank and suit letter: 10H (ten of hearts), QS, 7C, AD. Also
accepted on input: T for 10, the suit symbols ♣♦♥♠ and the Russian letters (В jack, Д queen,
К king, Т ace; П spades, Т clubs, Б diamonds, Ч hearts). Output is always canonical.""",
        ),
        kw_ru="колода, 32 карты, масти, трефы, бубны, черви, пики, запись карт, нотация",
        kw_uk="колода, 32 карти, масті, хрести, бубни, чирви, піки, запис карт",
        kw_en="deck, 32 cards, suits, clubs, diamonds, hearts, spades, notation, card names",
        source=(MOSCOW_RULES, VARIANTS),
    ),
    article(
        "cards.order",
        ru=(
            "Старшинство карт во взятке",
            """
В козырной масти карты по старшинству (от старшей): валет, девятка, туз, десятка, король,
дама, восьмёрка, семёрка. Козырный валет — самая старшая карта игры, за ним козырная
девятка.

В некозырной масти: туз, десятка, король, дама, валет, девятка, восьмёрка, семёрка.""",
        ),
        uk=(
            "Старшинство карт у взятці",
            """
У козирній масті (від старшої): валет, дев’ятка, туз, десятка, король, дама, вісімка,
сімка. Козирний валет — найстарша карта гри, за ним козирна дев’ятка.

У некозирній масті: туз, десятка, король, дама, валет, дев’ятка, вісімка, сімка.""",
        ),
        en=(
            "Card order in a trick",
            """
In the trump suit, high to low: jack, nine, ace, ten, king, queen, 8, 7. The trump jack is
the highest card of the game, then the trump nine.

In the other suits: ace, ten, king, queen, jack, 9, 8, 7.""",
        ),
        kw_ru="старшинство карт, какая карта старше, козырный валет, козырная девятка, ранг",
        kw_uk="старшинство карт, яка карта старша, козирний валет, козирна дев’ятка",
        kw_en="card ranking, rank order, which card is higher, trump jack, trump nine, highest card",
        source=(MOSCOW_RULES, ONLINE_RULES),
    ),
    article(
        "cards.points",
        ru=(
            "Очки карт и послед",
            """
Очки карт во взятках: козырный валет — 20, козырная девятка — 14, туз — 11, десятка — 10,
король — 4, дама — 3, некозырный валет — 2, остальные (девятка, восьмёрка, семёрка) — 0.

Все карты вместе стоят 152 очка. Последняя взятка — послед — добавляет ещё 10, поэтому за
сдачу без комбинаций можно набрать не больше 162 («сто шестьдесят вторая»).

При подсчёте сначала называют очки «на слово»: за комбинации, за послед и за козырных валета
и девятку. Потом выкладывают карты по одной и прибавляют их очки; дойдя до козырных валета и
девятки, второй раз их не считают, а говорят «пропускаю».""",
        ),
        uk=(
            "Очки карт і послід",
            """
Очки карт у взятках: козирний валет — 20, козирна дев’ятка — 14, туз — 11, десятка — 10,
король — 4, дама — 3, некозирний валет — 2, інші (дев’ятка, вісімка, сімка) — 0.

Усі карти разом — 152 очки. Остання взятка — послід — додає ще 10, тож без комбінацій за
здачу можна набрати щонайбільше 162 очки («сто шістдесят друга»).

Під час підрахунку спершу називають очки «на слово»: за комбінації, за послід і за козирних
валета й дев’ятку. Потім викладають карти по одній і додають їхні очки; дійшовши до козирних
валета й дев’ятки, вдруге їх не рахують, а кажуть «пропускаю».""",
        ),
        en=(
            "Card points and the last trick",
            """
Card points in tricks: trump jack 20, trump nine 14, ace 11, ten 10, king 4, queen 3,
non-trump jack 2, the others (9, 8, 7) 0.

All cards together hold 152 points. The last trick [послед] adds 10, so a deal without
combinations is worth at most 162.

When counting, a player first states the points "on word" [на слово]: the combinations, the
last trick, and the trump jack and nine. Then the cards are laid out one by one and added up;
the trump jack and nine are not counted twice ("пропускаю").""",
        ),
        kw_ru="очки, сколько стоит, стоимость карт, подсчёт очков, послед, последняя взятка, 152, 162, сто шестьдесят вторая, на слово, пропускаю",
        kw_uk="очки, скільки коштує, вартість карт, підрахунок, послід, остання взятка, 152, 162, на слово",
        kw_en="card points, card values, counting, last trick, 10 for last trick, 152, 162, on word",
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    article(
        "cards.dealt",
        ru=(
            "Не все карты сдаются",
            """
Вдвоём на руках 18 карт (14 не приходят в игру), втроём 27 (5 остаются в колоде), вчетвером
все 32. Поэтому очки карт во взятках дают ровно 152 только вчетвером; вдвоём и втроём —
сколько держат сданные карты (вдвоём не больше 146: 18 самых дорогих карт оставляют вне игры
три валета по 2).

Записанные очки верны, только если какая-то раскладка колоды даёт взяткам каждого игрока
эти очки (в каждой взятке по одной карте от игрока), а остальные карты остаются несданными.
Иначе запись отклоняется (код impossible_points). Так эти правила читает этот сервис.""",
        ),
        uk=(
            "Не всі карти роздаються",
            """
Удвох на руках 18 карт (14 не йдуть у гру), утрьох 27 (5 лишаються в колоді), учотирьох усі
32. Тож очки карт у взятках дають рівно 152 лише вчотирьох; удвох і втрьох — скільки мають
роздані карти (удвох не більше 146: 18 найдорожчих карт лишають поза грою три валети по 2).

Записані очки правильні, лише якщо якийсь розклад колоди дає взяткам кожного гравця ці очки
(у кожній взятці по одній карті від гравця), а решта карт лишається нероздана. Інакше запис
відхиляється (код impossible_points). Так ці правила читає цей сервіс.""",
        ),
        en=(
            "Not every card is dealt",
            """
Two players hold 18 cards (14 never come into play), three hold 27 (5 stay out), four hold
all 32. So the card points won add up to exactly 152 only with four players; with two or
three, to what the dealt cards hold (with two at most 146: the 18 richest cards leave out
three jacks of 2).

A scorer's figures are valid only if some split of the deck gives each player's tricks those
points (one card per player per trick) and leaves the rest undealt; otherwise the record is
refused (impossible_points).""",
        ),
        kw_ru="сумма очков, 146, проверка записи, невозможные очки, несданные карты",
        kw_uk="сума очок, 146, перевірка запису, неможливі очки",
        kw_en="points sum, impossible points, 146, undealt cards, check figures",
        source=SERVICE,
        project_default=True,
    ),
    article(
        "cards.sequence",
        ru=(
            "Порядок карт в комбинациях",
            """
Для терцев и полтинников карты идут в естественном порядке: туз, король, дама, валет,
десятка, девятка, восьмёрка, семёрка — в каждой масти, и в козырной тоже. Терц — это
туз-король-дама, но никогда не туз-десятка-король и тем более не валет-девятка-туз.""",
        ),
        uk=(
            "Порядок карт у комбінаціях",
            """
Для терців і полтинників карти йдуть у природному порядку: туз, король, дама, валет,
десятка, дев’ятка, вісімка, сімка — в кожній масті, і в козирній також. Терц — це
туз-король-дама, але ніколи не туз-десятка-король чи валет-дев’ятка-туз.""",
        ),
        en=(
            "Sequence order for combinations",
            """
For terzes and fifties the cards run in the natural order A K Q J 10 9 8 7 in every suit,
trump included: a terz is A-K-Q, never A-10-K, never J-9-A.""",
        ),
        kw_ru="порядок в комбинации, подряд, последовательность, терц туз король дама",
        kw_uk="порядок у комбінації, підряд, послідовність",
        kw_en="sequence, in a row, consecutive, run order",
        source=ONLINE_RULES,
    ),
]
