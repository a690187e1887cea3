"""§5 Scoring a deal: totals, made, byte, hanging byte and pools, halving, next dealer."""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from referee.rulebook.base import MOSCOW_RULES, ONLINE_RULES, SERVICE, VARIANTS, article

ARTICLES = [
    article(
        "scoring.deal_total",
        ru=(
            "Итог сдачи",
            """
Итог сдачи игрока (пары) = очки карт в его взятках + 10 за послед + засчитанные комбинации +
объявленная белла. Итоги сдачи вместе дают очки сыгранных карт (152 только вчетвером) + 10 +
засчитанные комбинации + беллы.""",
        ),
        uk=(
            "Підсумок здачі",
            """
Підсумок здачі гравця (пари) = очки карт у його взятках + 10 за послід + зараховані
комбінації + оголошена белла. Підсумки здачі разом дають очки зіграних карт (152 лише
вчотирьох) + 10 + зараховані комбінації + белли.""",
        ),
        en=(
            "The deal total",
            """
Each player's (pair's) deal total = card points in their tricks + 10 for the last trick +
credited combinations + declared bella. The totals add up to the card points won (152 only
with four players) + 10 + credited combinations + bellas.""",
        ),
        kw_ru="итог, подсчёт очков, сколько записать, запись сдачи",
        kw_uk="підсумок, підрахунок очок, скільки записати",
        kw_en="deal total, scoring a deal, how to count, what to write",
        source=(MOSCOW_RULES, ONLINE_RULES),
    ),
    article(
        "scoring.made",
        ru=(
            "Игра сделана",
            """
Играющий набрал строго больше лучшего из соперников (вдвоём — соперника, втроём — большего из
двух, вчетвером — другой пары): каждый пишет свои очки.

Договорённость «победителю всё» (правила онлайн-стола): играющий пишет сумму итогов всех
игроков, вистующие — 0.""",
        ),
        uk=(
            "Гру зроблено",
            """
Граючий набрав строго більше за найкращого із суперників (удвох — суперника, утрьох —
більшого з двох, учотирьох — іншої пари): кожен пише свої очки.

Домовленість «переможцю все» (правила онлайн-столу): граючий пише суму підсумків усіх
гравців, вістуючі — 0.""",
        ),
        en=(
            "The game is made",
            """
The declarer has strictly more than the best opponent (2 players: the opponent; 3: the
higher of the two; 4: the other pair): everybody records their own total. Convention
winner_takes_all (the online table's rules): the declarer records the sum of all totals, the opponents 0.""",
        ),
        kw_ru="сыграл, сделал игру, играющий больше, победителю всё",
        kw_uk="зіграв, зробив гру, граючий більше, переможцю все",
        kw_en="made, declarer wins the deal, contract made, winner takes all",
        conventions=("winner_takes_all",),
        source=(MOSCOW_RULES, ONLINE_RULES),
    ),
    article(
        "scoring.byte",
        ru=(
            "Байт (байд)",
            """
Играющий набрал меньше лучшего соперника — байт: он пишет 0 и «Б», его очки уходят сопернику
(вдвоём), другой паре (вчетвером), а втроём — по договорённости «байт втроём»: сопернику с
большими очками (top; московские правила) или пополам обоим (split; Харьков). Когда очки идут
сопернику с большими очками, а два соперника равны, очки играющего становятся висячими, и
выиграть их могут только эти двое.""",
        ),
        uk=(
            "Байт",
            """
Граючий набрав менше за найкращого суперника — байт: він пише 0 і «Б», його очки йдуть
супернику (удвох), іншій парі (учотирьох), а втрьох — за домовленістю «байт утрьох»:
суперникові з більшими очками (top; московські правила) або навпіл обом (split; Харків). Коли
очки йдуть суперникові з більшими очками, а два суперники рівні, очки граючого зависають, і
виграти їх можуть лише вони двоє.""",
        ),
        en=(
            "Byte",
            """
The declarer has less than the best opponent: a byte [байт, байд, "Б"]. The declarer records
0 and writes "Б"; their total goes to the opponent (2 players), the other pair (4), or with 3
players by convention byte_3p: top (to the opponent with more points; the Moscow rules) or
split (halved; Kharkov). With top and the two opponents equal, the declarer's total becomes a
hanging pool only those two can win.""",
        ),
        kw_ru="байт, байд, бaйт, Б, проиграл сдачу, играющий меньше, сел, очки сопернику",
        kw_uk="байт, байд, Б, програв здачу, граючий менше",
        kw_en="byte, bait, set, declarer loses, went down, fails",
        conventions=("byte_3p",),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    article(
        "scoring.hanging_byte",
        ru=(
            "Висячий байт (висячка, висяк)",
            """
Играющий набрал столько же, сколько лучший соперник, — висячий байт, висячка. Соперники
пишут свои очки, играющий не пишет ничего. Что дальше с его очками, тексты решают
по-разному (договорённость «висяк»):

— висячка (московские правила, Харьков, онлайн-стол): очки играющего «зависают» и становятся
висячим банком; его выигрывает тот, включая самого играющего, кто наберёт больше всех в одной
из следующих сдач (см. «Висячие очки»);

— висяк (Одесса): следующую сдачу сдаёт следующий по часовой стрелке, и тот же играющий
обязан играть в масть открытой карты — козырь не выбирают, терцы, полтинники и сотни никто не
объявляет, только беллу. Сыграл — пишет свои очки этой сдачи и очки висяка; байт — соперник
получает очки за обе игры (втроём — по договорённости о байте втроём); снова ровно — очки
висяка растут, и следующая сдача снова обязательная.""",
        ),
        uk=(
            "Висячий байт (висячка, висяк)",
            """
Граючий набрав стільки ж, скільки найкращий суперник, — висячий байт, висячка. Суперники
пишуть свої очки, граючий нічого. Що далі з його очками, тексти вирішують по-різному
(домовленість «висяк»):

— висячка (московські правила, Харків, онлайн-стіл): очки граючого «зависають» і стають
висячим банком; його виграє той, включно із самим граючим, хто набере найбільше в одній із
наступних здач (див. «Висячі очки»);

— висяк (Одеса): наступну здачу роздає наступний за годинниковою стрілкою, і той самий
граючий мусить грати в масть відкритої карти — козир не обирають, терців, полтинників і
сотень ніхто не оголошує, лише беллу. Зіграв — пише свої очки цієї здачі й очки висяка; байт —
суперник отримує очки за обидві гри (утрьох — за домовленістю про байт утрьох); знову
порівну — очки висяка ростуть, і наступна здача знову обов’язкова.""",
        ),
        en=(
            "Hanging byte",
            """
The declarer equals the best opponent: a hanging byte [висячий байт, висячка]. The opponents
record their own totals and the declarer records nothing. What happens to the declarer's
points is convention hanging_replay:

— pool (the Moscow rules, Kharkov, the online table): the declarer's total hangs as a pool,
won by whoever, the declarer included, scores most in a later deal (see "Hanging pools");

— forced (Odessa's висяк): the next player clockwise deals and the same declarer must play
the turned suit; nobody chooses a trump and nobody declares a terz, fifty or hundred, bella
only. Made: the declarer records this deal's total plus the hanging total; byte: the opponent
records both deals (with three players as byte_3p says); equal again: the hanging total grows
and the next deal is forced again.""",
        ),
        kw_ru="висячий байт, висячка, висяк, висячий байд, равные очки, поровну, ничья в сдаче, зависли очки, обязательная игра",
        kw_uk="висячий байт, висячка, висяк, рівні очки, порівну, очки зависли, обов’язкова гра",
        kw_en="hanging byte, hanging bait, tie, equal points, draw in a deal, hanging points, forced deal",
        conventions=("hanging_replay", "hanging_separately", "byte_3p"),
        presets=("odessa",),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    article(
        "scoring.hanging_pools",
        ru=(
            "Висячие очки: кто их забирает",
            """
Висячий банк выигрывает в одной из следующих сдач тот (из имеющих право), у кого наибольший
итог в этой сдаче. Если наибольший итог делят несколько имеющих право — банк висит дальше.
Сдача сначала разыгрывает уже висящие банки, потом добавляет свой новый. Банк в 0 очков не
создаётся; банк, висящий к концу партии, пропадает. Так играют при висячке; при одесском
висяке банков нет (см. «Висячий байт»).

Договорённость «висячие отдельно» (правила онлайн-стола): нет — новый банк сливается с
висящим и разыгрывается как один; да — банки стоят в очереди, каждая сдача разыгрывает самый
старый. Договорённость «висячка при байте втроём»: если сдача, разыгрывающая банк,
закончилась байтом, банк делят пополам два вистующих (split) или получает лучший (top). Банк
никогда не достаётся тому, кто не имеет на него права: если право есть только у одного из
двух вистующих, при делении пополам он забирает банк целиком.""",
        ),
        uk=(
            "Висячі очки: хто їх забирає",
            """
Висячий банк виграє в одній із наступних здач той (з тих, хто має право), у кого найбільший
підсумок у цій здачі. Якщо найбільший підсумок ділять кілька — банк висить далі. Здача
спершу розігрує вже висячі банки, потім додає свій. Банк із 0 очок не створюється; банк, що
висить до кінця партії, пропадає. Так грають при висячці; при одеському висяку банків немає
(див. «Висячий байт»).

Домовленість «висячі окремо» (правила онлайн-столу): ні — новий банк зливається з висячим і
розігрується як один; так — банки стоять у черзі, кожна здача розігрує найстаріший.
Домовленість «висячка при байті втрьох»: якщо здача, що розігрує банк, закінчилася байтом,
банк ділять навпіл два вістуючі (split) або отримує кращий (top). Банк ніколи не
дістається тому, хто не має на нього права: якщо право має лише один із двох вістуючих, при
поділі навпіл він забирає банк цілком.""",
        ),
        en=(
            "Hanging pools: who takes them",
            """
A pool is won in a later deal by the eligible player with the highest deal total in that
deal. If the top total is shared among eligible players, the pool keeps hanging. A deal plays
the pools already hanging before its own new pool is added. A pool of 0 is not created; a
pool still hanging at the end of the match is lost. This is the pool of hanging_replay: pool;
Odessa's forced deal makes no pool (see "Hanging byte").

Convention hanging_separately (the online table's rules): no — a new pool joins the hanging
one; yes — pools queue and each deal plays only the oldest. Convention hanging_on_byte_3p (3
players): when the deal playing a pool is a byte, the pool is split between the two opponents
or goes to the top one. A pool never goes to a player not eligible for it: under split, when
only one of the two opponents is eligible, that opponent takes the whole pool.""",
        ),
        kw_ru="висячие очки, висячий банк, кто забирает висячку, две висячки, висячие отдельно, разыгрываются висячие",
        kw_uk="висячі очки, хто забирає висячку, дві висячки, висячі окремо",
        kw_en="hanging pool, who wins the hanging points, two hanging bytes, hanging separately",
        conventions=("hanging_separately", "hanging_on_byte_3p"),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    article(
        "scoring.halving",
        ru=(
            "Деление пополам: нечётное очко",
            """
Когда очки делят пополам (байт втроём, когда его делят пополам, висячий банк, байт на картах
втроём), нечётное очко получает тот, кто раньше по часовой стрелке от сдатчика. Правила об
этом молчат: так их читает этот сервис.""",
        ),
        uk=(
            "Поділ навпіл: непарне очко",
            """
Коли очки ділять навпіл (байт утрьох, коли його ділять навпіл, висячий банк, байт на картах
утрьох), непарне очко отримує той, хто раніше за годинниковою стрілкою від того, хто роздає.
Правила про це мовчать: так їх читає цей сервіс.""",
        ),
        en=(
            "Halving: the odd point",
            """
When points are halved (a 3-player byte under split, a pool, a 3-player card byte), the odd
point goes to the earlier player clockwise from the dealer's left. The rule texts are silent:
this is this service's reading.""",
        ),
        kw_ru="пополам, делить, нечётное очко, поровну, split",
        kw_uk="навпіл, ділити, непарне очко",
        kw_en="halve, split, odd point, rounding",
        source=SERVICE,
        project_default=True,
    ),
    article(
        "scoring.next_dealer",
        ru=(
            "Кто сдаёт следующим",
            """
Договорённость «кто сдаёт»: выигравший сдачу (winner; Москва) — сдаёт набравший больше всех в
сдаче; при висячем байте — соперник, сравнявшийся с играющим; если соперники равны — первый из
них по часовой стрелке от сдатчика. По очереди (clockwise; Харьков, Одесса) — по очереди по
часовой стрелке. После байта на картах
больше всех у того, кто не нарушал. После пустой сдачи сдаёт следующий по часовой стрелке.
Вчетвером сдаёт игрок выигравшей пары, первый по часовой стрелке.""",
        ),
        uk=(
            "Хто роздає наступним",
            """
Домовленість «хто роздає»: той, хто виграв здачу (winner; Москва) — роздає той, хто набрав
найбільше в здачі; при висячому байті — суперник, що зрівнявся з граючим; якщо суперники
рівні — перший із них за годинниковою стрілкою від того, хто роздавав. По черзі (clockwise;
Харків, Одеса) — по черзі за годинниковою стрілкою. Після байту на картах найбільше в того,
хто не порушував. Після порожньої здачі роздає наступний за годинниковою стрілкою. Учотирьох
роздає гравець пари-переможниці, перший за годинниковою стрілкою.""",
        ),
        en=(
            "Who deals next",
            """
Convention dealer: winner (Moscow) — the player with the highest deal total; after a hanging
byte, the opponent who tied; opponents tied for the highest, the first of them clockwise from
the dealer's left. clockwise (Kharkov, Odessa). After a card byte the highest total is the
non-violator's; a void deal always passes the deal clockwise; with pairs, the member of the
winning pair first clockwise.""",
        ),
        kw_ru="кто сдаёт, следующий сдатчик, сдаёт выигравший, по очереди",
        kw_uk="хто роздає, наступний, роздає переможець, по черзі",
        kw_en="next dealer, who deals, dealer rotation",
        conventions=("dealer",),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
]
