"""§4 Combinations: kinds, notation, declaring and "how high?", seniority, bella, debertz."""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from referee.rulebook.base import MOSCOW_RULES, ONLINE_RULES, SERVICE, VARIANTS, article

ARTICLES = [
    article(
        "combinations.kinds",
        ru=(
            "Комбинации: терц, полтинник, сотня, белла",
            """
Терц — три карты одной масти подряд: 20 очков. Полтинник (берц, полтина, полташ; на
онлайн-столе также «деберц») — четыре подряд: 50. Сотня — пять подряд: 100, только по договорённости «сотня» (Харьков вчетвером).
Белла — козырные король и дама: 20. Деберц — семь подряд (или шесть, по договорённости
«деберц: 6 карт», Харьков) — выигрыш партии. Клабор — шесть подряд от туза в первых шести
сданных картах (Одесса) — выигрыш партии.

Без сотни пять и больше карт подряд всё равно считаются одним полтинником; шесть можно
объявить как два терца (смысла нет, но можно). Одна карта не может входить в две объявленные
комбинации одного игрока — кроме беллы, которая может входить в терц или полтинник.""",
        ),
        uk=(
            "Комбінації: терц, полтинник, сотня, белла",
            """
Терц — три карти однієї масті підряд: 20 очок. Полтинник («п’ятдесят», берц, полтина, полташ; на
онлайн-столі також «деберц») — чотири підряд: 50. Сотня — п’ять підряд: 100, лише за
домовленістю «сотня» (Харків учотирьох). Белла — козирні король і дама: 20. Деберц — сім
підряд (або шість за домовленістю «деберц: 6 карт», Харків) — виграш партії. Клабор — шість
підряд від туза в перших шести розданих картах (Одеса) — виграш партії.

Без сотні п’ять і більше карт підряд однаково рахуються одним полтинником; шість можна
оголосити як два терци (сенсу немає, але можна). Одна карта не може входити у дві оголошені
комбінації одного гравця — окрім белли, яка може входити в терц чи полтинник.""",
        ),
        en=(
            "Combinations: terz, fifty, hundred, bella",
            """
Terz [терц]: three in sequence in one suit, 20. Fifty [полтинник, берц, полтина, полташ; the online
table also says деберц]: four in sequence, 50. Hundred [сотня]: five in sequence, 100, only with the convention
hundred. Bella [белла]: trump king and queen, 20. Debertz [деберц]: seven in sequence (six
with debertz: 6, Kharkov) wins the match. Klabor [клабор]: six in sequence from the ace in
the first six dealt cards (Odessa) wins the match.

Without hundred, five or more in sequence still count as one fifty; six may be declared as
two terzes. No card may serve in two declared combinations of one player, except bella,
which may overlap a terz or fifty.""",
        ),
        kw_ru="комбинации, терц, терс, полтинник, берц, полтина, полташ, пятьдесят, сотня, белла, бэлла, сколько стоит терц, 20 очков, 50 очков",
        kw_uk="комбінації, терц, полтинник, п’ятдесят, берц, полтина, сотня, белла, скільки коштує терц",
        kw_en="combinations, declarations, melds, terz, tierce, fifty, hundred, bella, belote, sequence points",
        conventions=("hundred", "debertz", "klabor"),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    article(
        "combinations.notation",
        ru=(
            "Запись комбинаций",
            """
В записи сдачи комбинацию называют видом и старшей картой: terz:KH — терц от червового
короля (К Д В ♥); fifty:AS — полтинник от пикового туза (Т К Д В ♠); hundred:AS — сотня
(Т К Д В 10 ♠); bella; debertz:AS; klabor:AS. Регистр букв не важен.""",
        ),
        uk=(
            "Запис комбінацій",
            """
У записі здачі комбінацію називають видом і старшою картою: terz:KH — терц від чирвового
короля (К Д В ♥); fifty:AS — полтинник від пікового туза; hundred:AS — сотня; bella;
debertz:AS; klabor:AS. Регістр літер не важливий.""",
        ),
        en=(
            "Writing combinations down",
            """
A combination is written as its kind and top card: terz:KH is the terz from the king of
hearts (K Q J ♥); fifty:AS is A K Q J ♠; hundred:AS is A K Q J 10 ♠; bella; debertz:AS;
klabor:AS. Kinds are case-insensitive.""",
        ),
        kw_ru="запись комбинации, terz:KH, fifty:AS, от короля, от туза",
        kw_uk="запис комбінації, terz:KH, від короля, від туза",
        kw_en="combination notation, terz:KH, fifty:AS, top card",
        source=SERVICE,
    ),
    article(
        "combinations.how_high",
        ru=(
            "Объявление комбинаций и вопрос «вышка?» («рост?»)",
            """
Терцы и полтинники объявляют при первом ходе: сначала только самую старшую. У соперника тоже
есть комбинация — он спрашивает «вышка?» (или «рост?», «от чего?»); объявивший называет
старшую карту («от дамы», «от дамы козырной»). Соперник отвечает «проходит» (или «твой»,
«меньше»), если его комбинация младше, или называет свою, если она старше. Тот, чья
комбинация прошла, объявляет и остальные свои комбинации. Против терца полтинник или терц от
козырного туза, заведомо старшие объявленного, объявляют сразу, не спрашивая.

Против объявленного полтинника — так же, но с терцем или некозырным полтинником от десятки
соперник говорит «проходит»; сразу объявляют только козырный полтинник от туза, во всех
остальных случаях спрашивают вышку.

Старшую комбинацию, объявленную после младшей, уже не считают: объявлять нужно сразу самую
старшую (нарушение «старшая после младшей»).

Московские правила различают два неправильных вопроса:

1) спросил вышку, не имея ничего, что могло бы поспорить (против терца: ни терца, ни
полтинника, или только некозырный терц от девятки; против полтинника: только терцы или
некозырный полтинник от десятки): сдачу останавливают и аннулируют, спросившего наказывают байтом
на картах (см. «Незаконный вопрос»);

2) спросил вышку, а потом объявил комбинацию, заведомо старше объявленной соперником (против
терца — полтинник или терц от козырного туза, против полтинника — козырный полтинник от
туза): это не байт. Сдачу доигрывают и считают как обычно, но комбинации спросившего аннулируются, а
комбинации соперника проходят. Белла не затрагивается.""",
        ),
        uk=(
            "Оголошення комбінацій і питання «вишка?»",
            """
Терци й полтинники оголошують при першому ході: спершу лише найстаршу. Якщо в суперника
теж є комбінація, він питає «вишка?» (чи «ріст?», «від чого?»); той, хто оголосив, називає
старшу карту («від дами», «від дами козирної»). Суперник каже «проходить», якщо його
комбінація молодша, або називає свою, якщо вона старша. Чия комбінація пройшла, оголошує й
решту своїх. Проти терца полтинник або терц від козирного туза, завідомо старші за
оголошений, оголошують одразу, не питаючи.

Проти оголошеного п’ятдесяти — так само, але з терцем чи некозирним полтинником від десятки
суперник каже «проходить»; одразу оголошують лише козирний полтинник від туза, в усіх інших
випадках питають вишку.

Старшу комбінацію, оголошену після молодшої, вже не враховують: оголошувати треба одразу
найстаршу (порушення «старша після молодшої»).

Московські правила розрізняють два неправильні питання:

1) спитав вишку, не маючи нічого, що могло б змагатися (проти терца: ні терца, ні
полтинника, або лише некозирний терц від дев’ятки; проти п’ятдесяти: лише терци чи
некозирний полтинник від десятки): здачу зупиняють і анулюють, того, хто спитав, карають байтом
на картах (див. «Незаконне питання»);

2) спитав вишку, а потім оголосив комбінацію, завідомо старшу за оголошену суперником (проти
терца — полтинник чи терц від козирного туза, проти п’ятдесяти — козирний полтинник від
туза): це не байт. Здачу дограють і рахують як звичайно, але комбінації того, хто спитав, анулюються, а
комбінації суперника проходять. Белли це не стосується.""",
        ),
        en=(
            'Declaring combinations and "how high?" [вишка]',
            """
Terzes and fifties are declared at the first lead, the most senior one first. An opponent
who also holds one asks "how high?" [вишка, "рост?"]; the declarer names the top card ("from
the queen", "from the trump queen"). The opponent says "good" [проходит] if theirs is
lower, or names theirs if higher. The player whose combination stands then declares the
rest. Against a terz, a fifty or a terz from the trump ace, plainly senior, is declared at
once, without asking.

Against a declared fifty the same, except that with a terz or a non-trump fifty from the ten
the opponent says "good"; only the trump fifty from the ace is declared at once, in every
other case one asks.

A senior combination declared after a junior one no longer counts: the most senior must be
declared first (violation "senior after junior").

The Moscow rules tell two wrong questions apart:

1) asking while holding nothing that could compete (against a terz: no terz or fifty, or
only a non-trump terz from the nine; against a fifty: only terzes or the non-trump fifty from
the ten): the deal is stopped and annulled and the asker gets a card byte (see
"Illegal question");

2) asking, then declaring a combination that plainly outranks the opponent's (against a
terz a fifty or a terz from the trump ace, against a fifty the trump fifty from the ace): no
byte. The
deal is played and scored as usual, but the asker's combinations are annulled and the
opponent's pass. Bella is not touched.""",
        ),
        kw_ru="вышка, вишка, рост, от чего терц, проходит, твой, меньше, объявить комбинацию, спросить вышку, когда объявлять терц, аннулируются комбинации",
        kw_uk="вишка, ріст, проходить, від чого терц, оголосити комбінацію, спитати вишку, анулюються комбінації",
        kw_en="how high, vyshka, rost, announce combination, declare, asking height, good, not good, annulled combinations, against a fifty, senior after junior",
        conventions=("hundred",),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    article(
        "combinations.seniority",
        ru=(
            "Старшинство комбинаций: кому пишутся терцы",
            """
Комбинации (терцы, полтинники, сотни) пишет только один игрок (вчетвером — одна пара): у кого
самая старшая из объявленных, тот пишет все свои объявленные, остальные не пишут ничего.
Сравнивают лучшую комбинацию каждого:
1) класс: сотня старше полтинника, полтинник старше терца (два терца не бьют полтинник);
2) при одном классе — старше та, у которой старшая карта выше (терц от дамы бьёт два терца
от валета);
3) при одинаковой старшей карте — козырная (договорённость «козырь в комбинации»: по-московски
козырь учитывается, по-харьковски — нет);
4) всё равно равны — договорённость «равные комбинации»: первой руке (eldest) — у первого по
часовой стрелке от сдатчика, «тот, кто объявил по порядку сдачи карт первым» (так говорят
московские правила, описание вариантов и онлайн-стол); первому объявившему (first_declared) —
так «объявил первым» читают некоторые столы, это прочтение, не правило текстов; взявшему
послед (last_trick) — у взявшего послед (Одесса).

Белла в старшинстве не участвует.""",
        ),
        uk=(
            "Старшинство комбінацій: кому йдуть терци",
            """
Комбінації (терци, полтинники, сотні) записує лише один гравець (учотирьох — одна пара): у
кого найстарша з оголошених, той пише всі свої, інші — нічого. Порівнюють найкращу
комбінацію кожного:
1) клас: сотня старша за полтинник, полтинник — за терц (два терци не б’ють полтинник);
2) того ж класу — старша та, що починається з вищої карти;
3) з однаковою старшою картою — козирна (домовленість «козир у комбінації»: по-московськи
козир враховується, по-харківськи — ні);
4) далі рівні — домовленість «рівні комбінації»: першій руці (eldest) — у першої руки за
порядком роздачі (так кажуть московські правила, опис варіантів і онлайн-стіл); першому, хто
оголосив (first_declared) — так «оголосив першим» читають деякі столи, це прочитання, не
правило текстів; тому, хто взяв послід (last_trick) — у того, хто взяв послід (Одеса).

Белла у старшинстві не бере участі.""",
        ),
        en=(
            "Seniority: who scores the combinations",
            """
Only one player (one pair with four) scores terzes, fifties and hundreds: the holder of the
single most senior declared one scores all of theirs; everyone else scores none. Compare
each player's best combination:
1) class: hundred > fifty > terz (two terzes never beat one fifty);
2) same class: the higher top card in sequence order wins;
3) same top card: the trump one wins (convention trump_in_combination: moscow counts it,
kharkov ignores it);
4) still equal: convention combination_tie: eldest (first clockwise from the dealer's left,
"whoever declared first in the order of dealing": the Moscow rules, the guide to the variants
and the online table all say so), first_declared (how some tables read "declared first"; a
reading, not the texts' rule) or last_trick (Odessa).

Bella takes no part in seniority.""",
        ),
        kw_ru="старшинство, чей терц старше, равные терцы, одинаковые терцы, кому засчитывается, кто пишет комбинации, два терца против полтинника, козырный терц",
        kw_uk="старшинство, чий терц старший, рівні терци, кому зараховується, два терци проти полтинника",
        kw_en="seniority, whose combination wins, equal terzes, tie, which terz is higher, two terzes against fifty, trump terz",
        conventions=("trump_in_combination", "combination_tie", "hundred"),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
        project_default=True,
    ),
    article(
        "combinations.need_trick",
        ru=(
            "Комбинации без взятки",
            """
Московские правила (в описании вариантов) и правила онлайн-стола: терцы и полтинники
пишутся, только если их владелец взял хотя бы одну взятку, пусть даже пустую. Но правила
онлайн-стола в другом месте говорят обратное: объявления игрока, не взявшего ни одной
взятки, считаются независимо от взяток. Тексты расходятся; это решает договорённость
«комбинации только со взяткой», обычно включённая. Белле взятка не нужна никогда.""",
        ),
        uk=(
            "Комбінації без взятки",
            """
Московські правила (в описі варіантів) і правила онлайн-столу: терци й полтинники
записуються, лише якщо власник узяв хоч одну взятку, навіть порожню. Але правила онлайн-столу
в іншому місці кажуть протилежне: оголошення гравця, який не взяв жодної взятки,
зараховуються незалежно від взяток. Тексти розходяться; це вирішує домовленість «комбінації
лише зі взяткою», зазвичай увімкнена. Беллі взятка не потрібна ніколи.""",
        ),
        en=(
            "Combinations need a trick",
            """
The Moscow rules (in the guide to the variants) and the online table's rules: terzes and
fifties are credited only if their holder took at least one trick, possibly an empty one. Yet
the online table's rules say the opposite elsewhere: a player's declarations count even
without a trick. The texts disagree; convention combinations_need_trick decides, usually on.
Bella never needs a trick.""",
        ),
        kw_ru="без взятки, ни одной взятки, пустая взятка, терц не засчитан",
        kw_uk="без взятки, жодної взятки, порожня взятка",
        kw_en="no trick, without a trick, empty trick, combination not credited",
        conventions=("combinations_need_trick",),
        source=(VARIANTS, ONLINE_RULES),
    ),
    article(
        "combinations.bella",
        ru=(
            "Белла",
            """
Белла — козырные король и дама у одного игрока: 20 очков. В старшинстве не участвует:
объявленная белла всегда пишется владельцу и может входить в терц или полтинник. Объявлять
её не обязательно.

Когда её можно объявить, тексты говорят по-разному:
— московские правила: когда ходят второй из этих карт; в описании вариантов — в любой момент,
до начала игры или при первом ходе, а по договорённости — при любом своём ходе;
— Харьков: только до последнего своего хода (пока не перевёрнута последняя взятка);
— Одесса: только в момент, когда кладут козырную даму или козырного короля;
— онлайн-стол: при своём ходе с первой руки (иногда — при любом своём ходе).

Одесская договорённость «белла взявшему взятку»: 20 очков беллы получает тот, кто взял
взятку, на которой её объявили. Это требует записи по картам; без неё белла остаётся у
владельца.""",
        ),
        uk=(
            "Белла",
            """
Белла — козирні король і дама в одного гравця: 20 очок. У старшинстві не бере участі:
оголошена белла завжди записується власнику і може входити в терц чи полтинник. Оголошувати
її не обов’язково.

Коли її можна оголосити, тексти кажуть по-різному:
— московські правила: коли ходять другою з цих карт; в описі варіантів — будь-коли, до
початку гри або при першому ході, а за домовленістю — при будь-якому своєму ході;
— Харків: лише до свого останнього ходу (доки не перевернута остання взятка);
— Одеса: лише в момент, коли кладуть козирну даму чи козирного короля;
— онлайн-стіл: при своєму ході з першої руки (іноді — при будь-якому своєму ході).

Одеська домовленість «белла тому, хто взяв взятку»: 20 очок белли отримує той, хто взяв
взятку, на якій її оголосили. Це потребує запису по картах; без нього белла лишається у
власника.""",
        ),
        en=(
            "Bella",
            """
Bella is the trump king and queen in one hand: 20 points. It takes no part in seniority: a
declared bella always scores for its holder and may overlap a terz or fifty. Declaring it is
optional.

When it may be declared differs:
— the Moscow rules: when the second of the two cards is played; the guide to the variants:
at any time, before play or at one's first lead, and by agreement at any of one's leads;
— Kharkov: only until one's last move (before the last trick is turned);
— Odessa: only at the moment the trump queen or king is played;
— the online table: not before play; on one's own move from the first hand [при своём ходе
с первой руки] (sometimes agreed: at any of one's moves).

Odessa convention bella_to_trick_winner: bella's 20 go to whoever takes the trick on which it
was declared (needs a card-by-card record; without one it stays with its holder).""",
        ),
        kw_ru="белла, бэлла, бела, козырный марьяж, король и дама козырные, когда объявлять беллу",
        kw_uk="белла, бела, козирний марʼяж, король і дама козирні, коли оголошувати беллу",
        kw_en="bella, belote, trump king and queen, marriage, when to declare bella",
        conventions=("bella_to_trick_winner",),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    article(
        "combinations.debertz",
        ru=(
            "Деберц и клабор: выигрыш партии",
            """
Деберц — семь карт одной масти подряд (договорённость «деберц: 7 карт») или шесть и больше
(«деберц: 6 карт», Харьков). Клабор — шесть подряд от туза в первых шести сданных картах
(Одесса, договорённость «клабор»). Объявивший и показавший деберц «получает максимум очков
(301, 501, 1001) и выигрывает партию»: его счёт партии становится равным числу, до которого
играют (он записывает недостающую разницу), остальные сохраняют свой счёт; если таких двое —
первый по часовой стрелке от сдатчика. Очков за карты и комбинации эта сдача не даёт. Клабор
сервис считает так же (текст говорит только «партия считается им выигранной»).""",
        ),
        uk=(
            "Деберц і клабор: виграш партії",
            """
Деберц — сім карт однієї масті підряд (домовленість «деберц: 7 карт») або шість і більше
(«деберц: 6 карт», Харків). Клабор — шість підряд від туза в перших шести розданих картах
(Одеса, домовленість «клабор»). Той, хто оголосив і показав деберц, отримує максимум очок
(301, 501, 1001) і виграє партію: його рахунок партії стає рівним числу, до якого грають (він
записує різницю, якої бракує), інші зберігають свій рахунок; якщо таких двоє — перший за
годинниковою стрілкою від того, хто роздає. Очок за карти й комбінації ця здача не дає.
Клабор сервіс рахує так само (текст каже лише «партия считается им выигранной»).""",
        ),
        en=(
            "Debertz and klabor: the match at once",
            """
Debertz is seven in sequence in one suit (debertz: 7) or six or more (debertz: 6, Kharkov).
Klabor is six in sequence from the ace in the first six dealt cards (Odessa, convention
klabor). Whoever declares and shows a debertz "gets the maximum (301, 501, 1001) and wins the
match": their match total becomes the target (they record the missing difference), the others
keep theirs (the first holder clockwise from the dealer's left if two). The deal's cards and
combinations score nothing. A klabor is scored the same way (this service's reading: the text
only says the match is counted as won).""",
        ),
        kw_ru="деберц, клабор, семь подряд, шесть подряд, шесть от туза, выигрыш сразу, максимум очков",
        kw_uk="деберц, клабор, сім підряд, шість підряд, виграш одразу",
        kw_en="debertz, deberc, klabor, seven in a row, six in a row, instant win, maximum points, 301, 501, 1001",
        conventions=("debertz", "klabor"),
        presets=("kharkov", "odessa"),
        source=VARIANTS,
        project_default=True,
    ),
]
