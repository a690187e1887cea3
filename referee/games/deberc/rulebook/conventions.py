"""One article per convention (§2–§8). What each preset sets is not written here: the pages
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken
read it from `scoring.games.deberc.engine.conventions.PRESETS`, so the rulebook never drifts
from the engine."""

from referee.rulebook.base import MOSCOW_RULES, ONLINE_RULES, VARIANTS, RuleArticle, Source, article


def conv(
    name: str,
    titles: tuple[str, str, str],
    ru: str,
    uk: str,
    en: str,
    *,
    kw: tuple[str, str, str],
    source: Source | tuple[Source, ...],
    project_default: bool = False,
) -> RuleArticle:
    """A convention article: titles and texts in ru/uk/en, aliases people type."""
    return article(
        f"conventions.{name}",
        ru=(titles[0], ru),
        uk=(titles[1], uk),
        en=(titles[2], en),
        kw_ru=f"{name}, {kw[0]}, конвенция, договорённость",
        kw_uk=f"{name}, {kw[1]}, конвенція, домовленість",
        kw_en=f"{name.replace('_', ' ')}, {kw[2]}, convention, house rule",
        conventions=(name,),
        source=source,
        project_default=project_default,
    )


ARTICLES = [
    conv(
        "target",
        ("До скольких очков (target)", "До скількох очок (target)", "Target score"),
        "Сколько очков нужно набрать, чтобы выиграть партию: любое целое положительное число, "
        "обычно 501 (если не договорились иначе), 301 или 1001 вчетвером.",
        "Скільки очок треба набрати для перемоги: будь-яке ціле додатне число, зазвичай 501 "
        "(якщо не домовилися інакше), 301 або 1001 учотирьох.",
        "The score that wins the match: any positive whole number, usually 501 (default), 301, "
        "or 1001 with four players.",
        kw=("501, 301, 1001, играть до", "501, 301, 1001, грати до", "501, 301, 1001, play to"),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    conv(
        "obligatory_order",
        (
            "С обязом (заказ обязателен)",
            "З обязом (замовлення обов’язкове)",
            "Obligatory order (с обязом)",
        ),
        "Да: если во втором круге торговли все пасуют, сдатчик (последний) обязан назначить "
        "козырь другой масти, не той, что была открыта, и играть — пустых сдач нет (Харьков: "
        "«обяз», Одесса: «обязон»). Нет: после всех пасов пересдача.",
        "Так: якщо в другому колі всі пасують, той, хто роздає, мусить назвати козир іншої "
        "масті, не тієї, що була відкрита, і грати — порожніх здач немає (Харків: «обяз», "
        "Одеса: «обязон»). Ні: після всіх пасів перездача.",
        "Yes: when everybody passes in round 2, the dealer (last) must name a suit other than "
        "the turned one and play, so there are no void deals (Kharkov's обяз, Odessa's обязон). "
        "No: all pass means a redeal.",
        kw=(
            "обяз, с обязом, обязон, заказ обязателен, сдатчик обязан играть",
            "обяз, з обязом, замовлення обов’язкове",
            "obligatory bid, forced dealer, must bid",
        ),
        source=(VARIANTS, ONLINE_RULES),
    ),
    conv(
        "seven_swap",
        ("Замена семёрки", "Заміна сімки", "Seven swap"),
        "Да: в игре по первому козырю владелец козырной семёрки может до первого хода поменять "
        "её на открытую карту. Замена на другую карту или не по первому козырю — нарушение.",
        "Так: у грі по першому козирю власник козирної сімки може до першого ходу поміняти її"
        " на відкриту карту. Заміна на іншу карту або не по першому козирю — порушення.",
        "Yes: in a game on the first trump, the holder of the trump seven may exchange it for "
        "the turned card before the first lead. Any other swap is a violation.",
        kw=(
            "семёрка, поменять семёрку, замена семерки, козырная семёрка",
            "сімка, поміняти сімку, козирна сімка",
            "swap the seven, trump seven, exchange",
        ),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    conv(
        "first_lead",
        ("Первый ход", "Перший хід", "First lead"),
        "Первая рука (eldest; Москва): в первую взятку ходит первая рука, игрок слева от "
        "сдатчика. Играющий (declarer; Харьков, Одесса): первым ходит играющий.",
        "Перша рука (eldest; Москва): першим ходить перша рука, гравець ліворуч від того, хто "
        "роздає. Граючий (declarer; Харків, Одеса): першим ходить граючий.",
        "The eldest (eldest; Moscow): the player to the dealer's left leads to the first trick. "
        "The declarer (declarer; Kharkov, Odessa): the declarer leads.",
        kw=(
            "кто ходит первым, первый ход, первая рука",
            "хто ходить першим, перший хід",
            "who leads first, opening lead",
        ),
        source=(MOSCOW_RULES, VARIANTS),
    ),
    conv(
        "overtrump",
        (
            "Перебивать козырь всегда?",
            "Перебивати козир завжди?",
            "Overtrump: when you must beat a trump",
        ),
        "При ходе с козыря (trump_lead; Москва): перебивать обязательно, когда ход сделан с "
        "козыря. Всегда (always; Одесса, «козырь соперника перебивается всегда»): всякий раз, "
        "когда на взятке уже лежит козырь и игрок обязан или хочет бить козырем, он должен "
        "положить старший козырь, если он есть.",
        "При ході з козиря (trump_lead; Москва): перебивати обов’язково, коли хід зроблено з "
        "козиря. Завжди (always; Одеса, «козир суперника перебивається завжди»): щоразу, коли"
        " на взятці вже лежить козир і гравець мусить або хоче бити козирем, він має покласти"
        " старший козир, якщо він є.",
        "trump_lead (Moscow): you must beat the trump only when trump was led. always (Odessa, "
        '"the opponent\'s trump is always beaten"): whenever a trump already lies on the trick, '
        "a player who must or may trump has to beat it if able.",
        kw=(
            "перебивать, перебить козырь, козырь соперника перебивается всегда, не бить козырь",
            "перебивати, перебити козир",
            "overtrump, over-ruff, beat the trump",
        ),
        source=(MOSCOW_RULES, VARIANTS),
    ),
    conv(
        "hundred",
        ("Сотня", "Сотня", "Hundred"),
        "Да: пять карт одной масти подряд — сотня, 100 очков, старше полтинника (Харьков "
        "вчетвером, по договорённости). Нет: пять подряд считаются полтинником.",
        "Так: п’ять карт однієї масті підряд — сотня, 100 очок, старша за полтинник (Харків "
        "учотирьох, за домовленістю). Ні: п’ять підряд рахуються полтинником.",
        "Yes: five in sequence is a hundred, 100 points, above a fifty (Kharkov with four "
        "players, by agreement). No: five in sequence count as a fifty.",
        kw=("сотня, пять подряд, 100 очков", "сотня, п’ять підряд", "hundred, five in a row"),
        source=VARIANTS,
    ),
    conv(
        "debertz",
        ("Деберц: 7 или 6 карт", "Деберц: 7 чи 6 карт", "Debertz: 7 or 6 cards"),
        "Не играется (off) — деберца нет; 7 — семь карт одной масти подряд выигрывают партию; "
        "6 — шесть и больше (Харьков). Объявивший и показавший деберц «получает максимум очков "
        "(301, 501, 1001) и выигрывает партию»: его счёт партии становится равным числу, до "
        "которого играют (он пишет разницу), остальные сохраняют свой; сама сдача очков не даёт.",
        "Не грається (off) — деберцу немає; 7 — сім карт підряд виграють партію; 6 — шість і "
        "більше (Харків). Той, хто оголосив і показав деберц, отримує максимум очок (301, 501, "
        "1001) і виграє партію: його рахунок партії стає рівним числу, до якого грають (він пише "
        "різницю), інші зберігають свій; сама здача очок не дає.",
        "Not played (off): no debertz; 7: seven in sequence wins the match; 6: six or more "
        "(Kharkov). Whoever declares and shows one 'gets the maximum (301, 501, 1001) and wins the "
        "match': their match total becomes the target (they record the difference), the others "
        "keep theirs; the deal itself scores no points.",
        kw=("деберц, семь подряд, шесть подряд", "деберц, сім підряд", "debertz, seven in a row"),
        source=VARIANTS,
    ),
    conv(
        "trump_in_combination",
        ("Козырь в комбинации", "Козир у комбінації", "Trump in combination"),
        "По-московски (moscow): при равной старшей карте козырная комбинация старше "
        "некозырной. По-харьковски (kharkov): козырь в старшинстве не учитывается (тогда "
        "решает договорённость «равные комбинации»).",
        "По-московськи (moscow): за рівної старшої карти козирна комбінація старша за "
        "некозирну. По-харківськи (kharkov): козир у старшинстві не враховується (тоді "
        "вирішує домовленість «рівні комбінації»).",
        "Moscow (moscow): with the same top card, the trump combination wins. Kharkov "
        "(kharkov): trump is ignored (then the combination tie convention decides).",
        kw=(
            "козырный терц, козырь в комбинации, Москва Харьков",
            "козирний терц, козир у комбінації",
            "trump terz, trump counts in seniority",
        ),
        source=ONLINE_RULES,
    ),
    conv(
        "combination_tie",
        ("Равные комбинации", "Рівні комбінації", "Combination tie"),
        "Когда лучшие комбинации равны во всём: первой руке (eldest) — засчитывается первому "
        "по часовой стрелке от сдатчика, «тот, кто объявил по порядку сдачи карт первым» (так "
        "говорят все тексты: московские правила, описание вариантов, онлайн-стол); первому "
        "объявившему (first_declared) — тому, кто первым пошёл и объявил (так «объявил первым» "
        "читают некоторые столы, когда первый ход за играющим; это прочтение, а не правило "
        "текстов); взявшему послед (last_trick) — тому, кто взял послед (Одесса).",
        "Коли найкращі комбінації рівні в усьому: першій руці (eldest) — зараховується першому "
        "за годинниковою стрілкою від того, хто роздає, «тот, кто объявил по порядку сдачи карт "
        "первым» (так кажуть усі тексти: московські правила, опис варіантів, онлайн-стіл); "
        "першому, хто оголосив (first_declared) — тому, хто першим пішов і оголосив (так «оголосив "
        "першим» читають деякі столи, коли перший хід за граючим; це прочитання, а не правило "
        "текстів); тому, хто взяв послід (last_trick) — Одеса.",
        "When the best combinations are equal in every way: to the eldest (eldest) — the first "
        "clockwise from the dealer's left, 'whoever declared first in the order of dealing' (all "
        "the texts: the Moscow rules, the guide to the variants, the online table); to the first "
        "declared (first_declared) — whoever led first and declared (how some tables read "
        "'declared first' when the declarer leads; a reading, not the texts' rule); to the last "
        "trick (last_trick) — whoever took the last trick (Odessa).",
        kw=(
            "равные терцы, одинаковые терцы, ничья комбинаций, объявил первым",
            "рівні терци, однакові терци, оголосив першим",
            "equal terz, tie between combinations, declared first",
        ),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    conv(
        "combinations_need_trick",
        ("Комбинации только со взяткой", "Комбінації лише зі взяткою", "Combinations need a trick"),
        "Да (обычно так и играют): терцы, полтинники и сотни пишутся, только если владелец взял "
        "хотя бы одну взятку, пусть пустую. Нет: объявления считаются независимо от взяток. "
        "Тексты расходятся: правила онлайн-стола говорят и так, и так. Белле взятка не нужна.",
        "Так (зазвичай так і грають): терци, полтинники й сотні пишуться, лише якщо власник "
        "узяв хоч одну взятку, навіть порожню. Ні: оголошення зараховуються незалежно від "
        "взяток. Тексти розходяться: правила онлайн-столу кажуть і так, і так. Беллі взятка не "
        "потрібна.",
        "Yes (default): terzes, fifties and hundreds count only if their holder took at least "
        "one trick, even an empty one. No: declarations count regardless of tricks. The texts "
        "disagree: the online table's rules say both. Bella never needs one.",
        kw=(
            "без взятки, хотя бы одна взятка",
            "без взятки, хоч одна взятка",
            "at least one trick, no trick",
        ),
        source=(VARIANTS, ONLINE_RULES),
    ),
    conv(
        "bella_to_trick_winner",
        ("Белла взявшему взятку", "Белла тому, хто взяв взятку", "Bella to the trick winner"),
        "Да (Одесса): 20 очков беллы получает тот, кто взял взятку, на которой белла объявлена. "
        "Нужна запись по картам; без неё белла остаётся у владельца. Нет: белла всегда у "
        "владельца.",
        "Так (Одеса): 20 очок белли отримує той, хто взяв взятку, на якій беллу оголошено. "
        "Потрібен запис по картах; без нього белла лишається у власника. Ні: белла завжди у "
        "власника.",
        "Yes (Odessa): bella's 20 go to whoever takes the trick on which it was declared "
        "(needs a card-by-card record). No: bella always scores for its holder.",
        kw=("белла, бела, кому белла", "белла, кому белла", "bella, belote to trick winner"),
        source=VARIANTS,
    ),
    conv(
        "winner_takes_all",
        ("Победителю всё", "Переможцю все", "Winner takes all"),
        "Да (так можно настроить стол по правилам онлайн-стола): если игра сделана, играющий "
        "пишет сумму итогов всех игроков, включая вистующих, а вистующие — 0.",
        "Так (так можна налаштувати стіл за правилами онлайн-столу): якщо гру зроблено, "
        "граючий пише суму підсумків усіх гравців, включно з вістуючими, а вістуючі — 0.",
        "Yes (a table setting of the online table's rules): when the game is made, the "
        "declarer records the sum of all totals, the opponents' included, and the opponents "
        "record 0.",
        kw=("победителю всё, всё играющему", "переможцю все", "winner takes all"),
        source=ONLINE_RULES,
    ),
    conv(
        "byte_3p",
        ("Байт втроём", "Байт утрьох", "Byte with three players"),
        "Сопернику с большими очками (top; московские правила): очки байтующего получает "
        "соперник с большими очками; при равенстве соперников очки висят для них двоих. "
        "Пополам (split; Харьков): пополам двум соперникам.",
        "Супернику з більшими очками (top; московські правила): очки граючого отримує суперник "
        "із більшими очками; за рівності суперників очки висять для них двох. Навпіл (split; "
        "Харків): навпіл двом суперникам.",
        "To the higher opponent (top; the Moscow rules): the declarer's total goes to the "
        "opponent with more points (equal: a pool for the two). Halved (split; Kharkov): halved "
        "between the two opponents.",
        kw=(
            "байт втроём, кому очки байта, пополам",
            "байт утрьох, навпіл",
            "three players byte, split byte",
        ),
        source=VARIANTS,
    ),
    conv(
        "hanging_separately",
        ("Висячие отдельно", "Висячі окремо", "Hanging separately"),
        "Нет: новая висячка добавляется к уже висящей, и они разыгрываются как одна. Да (правила "
        "онлайн-стола): висячки стоят в очереди, каждая следующая сдача разыгрывает самую старую.",
        "Ні: нова висячка додається до висячої, і вони розігруються як одна. Так (правила "
        "онлайн-столу): висячки стоять у черзі, кожна наступна здача розігрує найстаршу.",
        "No: a new pool joins the hanging one and they are played as one. Yes (the online "
        "table's rules): pools queue and each later deal plays only the oldest.",
        kw=(
            "висячие отдельно, две висячки, висячка на висячку",
            "висячі окремо, дві висячки",
            "hanging separately, two hanging bytes",
        ),
        source=(MOSCOW_RULES, ONLINE_RULES),
    ),
    conv(
        "hanging_on_byte_3p",
        ("Висячка при байте втроём", "Висячка при байті втрьох", "Hanging pool on a 3-player byte"),
        "Втроём, когда сдача, разыгрывающая висячку, закончилась байтом: пополам (split) — "
        "висячку делят пополам два вистующих (правила онлайн-стола); лучшему (top) — её "
        "получает лучший, как обычно. Висячка никогда не достаётся тому, кто не имеет на неё "
        "права: если из двух вистующих право на неё есть только у одного, при делении пополам "
        "он забирает её целиком. Байт на картах тут байтом не считается.",
        "Утрьох, коли здача, що розігрує висячку, закінчилася байтом: навпіл (split) — висячку "
        "ділять навпіл двоє вістуючих (правила онлайн-столу); кращому (top) — її отримує "
        "кращий, як завжди. Висячка ніколи не дістається тому, хто не має на неї права: якщо з "
        "двох вістуючих право на неї має лише один, при поділі навпіл він забирає її цілком. "
        "Байт на картах тут байтом не вважається.",
        "With three players, when the deal playing a pool is a byte: halved (split) — the two "
        "opponents halve it (the online table's rules); to the best (top) — the best one takes "
        "it as usual. A pool never goes to a player not eligible for it: under split, when only "
        "one of the byte's two opponents is eligible, that opponent takes the whole pool. A "
        "card byte does not count here.",
        kw=("висячка при байте, висячие втроём", "висячка при байті", "hanging pool on byte"),
        source=ONLINE_RULES,
    ),
    conv(
        "dealer",
        ("Кто сдаёт", "Хто роздає", "Dealer"),
        "Выигравший сдачу (winner; Москва): сдаёт набравший больше всех в сдаче. По очереди "
        "(clockwise; Харьков, Одесса): по очереди по часовой стрелке.",
        "Той, хто виграв здачу (winner; Москва): роздає той, хто набрав найбільше. По черзі "
        "(clockwise; Харків, Одеса): по черзі за годинниковою стрілкою.",
        "The deal's winner (winner; Moscow): the player with the highest deal total deals next. "
        "In turn (clockwise; Kharkov, Odessa): the deal passes clockwise.",
        kw=(
            "кто сдаёт, сдаёт выигравший, по часовой",
            "хто роздає, по черзі",
            "who deals, dealer rotation",
        ),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    conv(
        "renonce_penalty",
        ("Наказание за ренонс", "Покарання за ренонс", "Renonce penalty"),
        "Байт на картах (card_byte; Москва). Пересдача и −100 (redeal_minus_100; Одесса): "
        "нарушитель пишет −100, остальные 0, висячки остаются, пересдаёт следующий по очереди "
        "сдатчик. "
        "Соперник забирает взятку (take_trick; Харьков): сдачу доигрывают, в конце заметивший "
        "соперник забирает у нарушителя одну любую его взятку, кроме взятки с козырным валетом, "
        "со всеми её очками; байта нет.",
        "Байт на картах (card_byte; Москва). Перездача і −100 (redeal_minus_100; Одеса): "
        "порушник пише −100, інші 0, висячки лишаються, перероздає наступний за чергою. "
        "Суперник забирає взятку (take_trick; Харків): здачу дограють, наприкінці суперник, який "
        "помітив, забирає в порушника одну будь-яку його взятку, крім взятки з козирним валетом, "
        "з усіма її очками; байту немає.",
        "A card byte (card_byte; Moscow). A redeal and −100 (redeal_minus_100; Odessa): the "
        "violator records −100, the others 0, pools stay, and the next dealer in turn deals "
        "again. The "
        "opponent takes a trick (take_trick; Kharkov): the deal is played out and at the end the "
        "opponent who noticed takes one of the violator's tricks, any but the one with the trump "
        "jack, with all its points; no byte.",
        kw=(
            "фальшренонс, штраф за ренонс, минус 100, пересдача",
            "фальшренонс, мінус 100",
            "renonce penalty, revoke penalty, minus 100",
        ),
        source=(MOSCOW_RULES, VARIANTS),
    ),
    conv(
        "hanging_replay",
        (
            "Висяк: висячка или обязательная игра",
            "Висяк: висячка чи обов’язкова гра",
            "Hanging byte replayed (висяк)",
        ),
        "Висячка (pool): очки играющего висят, пока их не выиграет лучший в следующей сдаче. "
        "Висяк (forced; Одесса): «карты сдает следующий игрок по часовой стрелке и тот кто "
        "выбирал козырь в прошлый раз должен будет играть в ту масть, которая выпадет при сдаче». "
        "Терцы, полтинники и сотни не объявляются, только бела (деберц и клабор можно). Сыграл — "
        "пишет свои очки и очки висяка; байт — соперник получает очки за обе игры (втроём — как "
        "велит byte_3p); снова висяк — очки растут, и снова обязательная игра.",
        "Висячка (pool): очки граючого висять, доки їх не виграє найкращий у наступній роздачі. "
        "Висяк (forced; Одеса): роздає наступний гравець за годинниковою стрілкою, і той, хто "
        "обирав козир минулого разу, мусить грати в масть, що випаде при роздачі. Терци, "
        "полтинники й сотні не оголошуються, лише бела (деберц і клабор можна). Зіграв — пише "
        "свої очки й очки висяка; байт — суперник отримує очки за обидві гри (утрьох — як велить "
        "byte_3p); знову висяк — очки ростуть, і знову обов’язкова гра.",
        "A hanging pool (pool): the declarer's points hang until the best player of a later deal "
        "wins them. A forced deal (forced; Odessa): the next player clockwise deals and the same "
        "declarer must play the turned suit; no terz, fifty or hundred is declared, bella only "
        "(debertz and klabor may be). Made: the declarer records the deal and the hanging total; "
        "byte: the opponent records both deals (with three players as byte_3p says); hanging "
        "again: the total grows and the next deal is forced again.",
        kw=(
            "обязательная игра, обязательная сдача, висяк обязательный",
            "обов’язкова гра, обов’язкова здача, висяк обов’язковий",
            "forced deal, forced hanging byte",
        ),
        source=VARIANTS,
    ),
    conv(
        "redeal_below",
        (
            "Пересдача при малом числе очков",
            "Перездача при малій кількості очок",
            "Redeal for a poor hand",
        ),
        "Одесса: «если у игрока после сдачи карт, на руках без прикупа менее 2-х очков, то "
        "объявляется пересдача карт»; порог оговаривают перед игрой (0 — не играется). Пересдача "
        "объявляется сама, просить её не нужно: сдача пустая, никто ничего не пишет, и сдаёт "
        "следующий по очереди сдатчик (карты в Одессе «сдаются всегда по очереди»).",
        "Одеса: якщо в гравця після роздачі на руках без прикупу менше 2 очок, оголошується "
        "перездача; поріг обумовлюють перед грою (0 — не грається). Перездача оголошується сама, "
        "просити її не треба: здача порожня, ніхто нічого не пише, і роздає наступний за "
        "чергою (карти в Одесі «сдаются всегда по очереди»).",
        "Odessa: a player whose dealt cards (before the last cards are dealt) hold fewer than "
        "2 card points gets a redeal: it is declared, nobody has to ask for it; the figure is "
        "agreed before play (0: off). The deal is void, nobody records anything, and the next "
        "dealer in turn deals (in Odessa the cards are always dealt in turn).",
        kw=("пересдача, мало очков", "перездача, мало очок", "redeal, poor hand, few points"),
        source=VARIANTS,
    ),
    conv(
        "bolt_penalty",
        ("Лыжа (болт)", "Лижа (болт)", "Bolt penalty"),
        "Сколько теряет игрок (пара) без единой взятки в сыгранной сдаче: 0 (Москва); 50 вдвоём "
        "и вчетвером каждый сам за себя, 100 втроём или парами (Харьков, «50 / 100»); 100 "
        "(Одесса).",
        "Скільки втрачає гравець (пара) без жодної взятки в зіграній здачі: 0 (Москва); 50 "
        "удвох і вчотирьох кожен сам за себе, 100 утрьох або парами (Харків, «50 / 100»); 100 "
        "(Одеса).",
        "What a player (pair) with no trick in a played deal loses: 0 (Moscow); 50 with two "
        'or four each for himself, 100 with three or pairs (Kharkov, "50 / 100"); 100 (Odessa).',
        kw=("лыжа, болт, без взяток", "лижа, болт, без взяток", "bolt, ski, no trick"),
        source=VARIANTS,
    ),
    conv(
        "three_bytes_penalty",
        ("Штраф за три байта", "Штраф за три байти", "Three bytes penalty"),
        "Каждый третий байт игрока в партии стоит столько очков (Харьков: 100; 0 — нет штрафа). "
        "Байты на картах считаются.",
        "Кожен третій байт гравця в партії коштує стільки очок (Харків: 100; 0 — штрафу "
        "немає). Байти на картах рахуються.",
        "Every third byte of a player in a match costs this many points (Kharkov: 100; 0: "
        "none). Card bytes count.",
        kw=("три байта, третий байт", "три байти, третій байт", "three bytes"),
        source=VARIANTS,
    ),
    conv(
        "both_over_target",
        ("Оба набрали 501", "Обидва набрали 501", "Both over the target"),
        "Если после сдачи несколько игроков набрали нужные очки (501 или сколько договорились): "
        "послед (last_trick) — выигрывает взявший послед (московские правила); больший счёт "
        "(higher) — выигрывает больший счёт, при равенстве послед (московские правила знают и "
        "так; для онлайн-стола — так читает этот сервис).",
        "Якщо після здачі кілька гравців набрали потрібні очки (501 чи скільки домовилися): "
        "послід (last_trick) — виграє той, хто взяв послід (московські правила); більший "
        "рахунок (higher) — виграє більший рахунок, за рівності послід (московські правила "
        "знають і так; для онлайн-столу — так читає цей сервіс).",
        "When several players reach the target in one deal: the last trick (last_trick) — "
        "whoever took the last trick wins (the Moscow rules); the higher total (higher) — the "
        "higher total wins, ties to the last trick (the Moscow rules know it too; for the "
        "online table it is this service's reading).",
        kw=("оба набрали, оба за 501, послед решает", "обидва набрали, послід", "both reached 501"),
        source=MOSCOW_RULES,
    ),
    conv(
        "false_closing",
        ("Ложное закрытие", "Хибне закриття", "False closing"),
        "Проигрыш партии (loses; московские правила): заявивший проигрывает партию. Удвоенный "
        "счёт соперникам (double_to_opponents; Харьков, так читает этот сервис): его счёт "
        "обнуляется, удвоенный счёт получает соперник (втроём пополам), игра продолжается; "
        "закрыть на взятке с козырным валетом нельзя.",
        "Програш партії (loses; московські правила): той, хто заявив, програє партію. "
        "Подвоєний рахунок суперникам (double_to_opponents; Харків, так читає цей сервіс): його "
        "рахунок обнуляється, подвоєний — супернику (утрьох навпіл), гра триває; закрити на "
        "взятці з козирним валетом не можна.",
        "Loses the match (loses; the Moscow rules): the claimant loses the match. Double to the "
        "opponents (double_to_opponents; Kharkov, this service's reading): the claimant's total "
        "drops to 0 and twice it goes to the opponent (halved with three), play goes on; no "
        "closing on the trick of the trump jack.",
        kw=(
            "ложное закрытие, закрытие, вдвойне",
            "хибне закриття, вдвічі",
            "false closing, failed claim, double",
        ),
        source=VARIANTS,
        project_default=True,
    ),
    conv(
        "match_score",
        ("Очки за партию", "Очки за партію", "Match score"),
        "Два варианта, один или другой: 1 за победу (win) — победитель получает одно условное "
        "очко; разница (difference) — по предварительной договорённости победитель получает "
        "вместо него разницу: очки, до которых играют, минус счёт проигравшего (ничего, если "
        "оба их набрали).",
        "Два варіанти, один або інший: 1 за перемогу (win) — переможець отримує одне умовне "
        "очко; різниця (difference) — за попередньою домовленістю переможець отримує замість "
        "нього різницю: очки, до яких грають, мінус рахунок того, хто програв (нічого, якщо "
        "обидва їх набрали).",
        "Two alternatives, one or the other: 1 per win (win): the winner scores one nominal "
        "point; the difference (difference): by prior agreement the winner scores instead the "
        "target minus the loser's total (nothing when both are over).",
        kw=("очки за партию, разница", "очки за партію, різниця", "match points, difference"),
        source=MOSCOW_RULES,
    ),
    conv(
        "klabor",
        ("Клабор", "Клабор", "Klabor"),
        "Да (Одесса): шесть карт подряд от туза в первых шести сданных картах — клабор, "
        "объявивший выигрывает партию. Как деберц, его счёт партии становится равным числу, до "
        "которого играют (так этот сервис читает «партия считается им выигранной»).",
        "Так (Одеса): шість карт підряд від туза в перших шести розданих картах — клабор, "
        "той, хто його оголосив, виграє партію. Як і з деберцом, його рахунок партії стає рівним "
        "числу, до якого грають (так цей сервіс читає «партия считается им выигранной»).",
        "Yes (Odessa): six in sequence from the ace in the first six dealt cards is a klabor; "
        "declaring it wins the match. As with debertz, the holder's match total becomes the "
        "target (this service's reading of 'the match is counted as won by him').",
        kw=(
            "клабор, одесский деберц, шесть от туза",
            "клабор, одеський деберц",
            "klabor, klaberjass, Odessa",
        ),
        source=VARIANTS,
    ),
    conv(
        "format",
        ("Формат партии", "Формат партії", "Match format"),
        "До набора очков (race) — играют, пока кто-то не наберёт нужные очки; число сдач "
        "(fixed) — короткий деберц: играют договорённое число сдач, затем побеждает больший "
        "счёт (при равенстве послед последней сдачи, затем первый по часовой стрелке).",
        "До набору очок (race) — грають, доки хтось не набере потрібні очки; кількість здач "
        "(fixed) — короткий деберц: грають домовлену кількість здач, потім перемагає більший "
        "рахунок (за рівності — послід останньої здачі, далі перший за годинниковою "
        "стрілкою).",
        "Race to the target (race); a fixed number of deals (fixed): short deberc, the agreed "
        "number of deals (fixed_deals), then the higher total (ties: the last trick of the "
        "final deal, then the earlier clockwise).",
        kw=(
            "короткий деберц, формат, фиксированные сдачи",
            "короткий деберц, формат",
            "short deberc, fixed deals, race",
        ),
        source=VARIANTS,
    ),
    conv(
        "fixed_deals",
        (
            "Число сдач (короткий деберц)",
            "Кількість здач (короткий деберц)",
            "Number of deals (fixed format)",
        ),
        "В коротком деберце (формат партии — число сдач, fixed) — сколько сдач играется "
        "(пустые тоже считаются).",
        "У короткому деберці (формат партії — кількість здач, fixed) — скільки здач грається "
        "(порожні теж рахуються).",
        "In short deberc (match format: a fixed number of deals, fixed): how many deals are "
        "played (void deals included).",
        kw=("сколько сдач, короткий деберц", "скільки здач", "how many deals"),
        source=VARIANTS,
    ),
    conv(
        "mercy_gap",
        ("Разрыв 250", "Розрив 250", "Mercy gap"),
        "Деберц с полтинниками: когда разрыв между лидером и другим игроком достигает этого "
        "числа (обычно 250; true), лидер выигрывает. Выключено (off) — разрыв не считается.",
        "Деберц із полтинниками: коли розрив між лідером та іншим гравцем сягає цього числа "
        "(зазвичай 250; true), лідер виграє. Вимкнено (off) — розрив не рахується.",
        "Deberc with fifties: when the gap between the leader and another player reaches this "
        "many points (usually 250; true), the leader wins. Off (off): never.",
        kw=("разрыв, 250, деберц с полтинниками", "розрив, 250", "mercy, gap, 250"),
        source=VARIANTS,
    ),
    conv(
        "pencil_rule",
        ("Правило карандаша", "Правило олівця", "Pencil rule"),
        "Да: штрафы правила карандаша за приписку очков (разница переходит сопернику). Нет (так "
        "читает этот сервис, если не договорились иначе): исправление просто заменяет запись, "
        "история остаётся.",
        "Так: штрафи правила олівця за приписку очок (різниця переходить супернику). Ні (так "
        "читає цей сервіс, якщо не домовилися інакше): виправлення просто замінює запис, "
        "історія лишається.",
        "Yes: the pencil rule's transfer penalties for over-recording. No (this service's "
        "reading unless agreed otherwise): a correction just replaces the figures; the history "
        "stays.",
        kw=("правило карандаша, приписка", "правило олівця", "pencil rule, correction"),
        source=VARIANTS,
        project_default=True,
    ),
    conv(
        "deal_after_trump",
        (
            "Прикуп: по 3 или по 4 карты",
            "Прикуп: по 3 чи по 4 карти",
            "Cards dealt after the trump",
        ),
        "Сколько карт сдают каждому вдвоём и втроём, когда козырь выбран: 3 (на руках по 9, "
        "9 взяток; московские правила) или 4 (на руках по 10, 10 взяток; Харьков: «раздают не по "
        "3, а по 4 карты при игре в 2 или 3 игрока»). С 10 картами вдвоём в игре 20 карт (не "
        "больше 150 очков за карты), втроём 30 (152). Вчетвером всегда по 8 карт, договорённость "
        "ничего не меняет. Что делают с открытой картой, сервис не записывает: руки у всех "
        "одинаковые (так этот сервис читает текст).",
        "Скільки карт роздають кожному удвох і втрьох, коли козир обрано: 3 (на руках по 9, "
        "9 взяток; московські правила) або 4 (на руках по 10, 10 взяток; Харків: «раздают не по "
        "3, а по 4 карты при игре в 2 или 3 игрока»). З 10 картами удвох у грі 20 карт "
        "(щонайбільше 150 очок за карти), утрьох 30 (152). Учотирьох завжди по 8 карт, "
        "домовленість нічого не змінює. Що роблять із відкритою картою, сервіс не записує: руки "
        "в усіх однакові (так цей сервіс читає текст).",
        "How many more cards each of two or three players gets once the trump is chosen: 3 (9 in "
        "hand, 9 tricks; the Moscow rules) or 4 (10 in hand, 10 tricks; Kharkov). With 10 cards "
        "two players hold 20 cards (at most 150 card points), three hold 30 (152). Four players "
        "always get 8; the convention changes nothing. What becomes of the turned card is not "
        "recorded: every hand has the same size (this service's reading).",
        kw=(
            "прикуп по 4, по четыре карты, 10 карт, 10 взяток, харьковская сдача",
            "прикуп по 4, по чотири карти, 10 карт, 10 взяток",
            "four more cards, 10 cards, 10 tricks, Kharkov deal",
        ),
        source=(MOSCOW_RULES, VARIANTS),
        project_default=True,
    ),
    conv(
        "pairs",
        (
            "Вчетвером: парами или каждый сам за себя",
            "Учотирьох: парами чи кожен сам за себе",
            "Four players: pairs or each for himself",
        ),
        "Да: вчетвером играют две пары, партнёры напротив. Нет: каждый сам за себя "
        "(«4 (сам за себя)» в харьковских договорённостях); только при харьковском наборе "
        "правил, Одесса играет вчетвером только парами. Каждый за себя: по 8 карт, 8 взяток, "
        "вся колода (152 очка); играющий сравнивается с лучшим из трёх соперников; байт, "
        "висячка и байт на картах — как втроём, на троих; лыжа −50. Эти правила для четверых "
        "сервис выводит из правил для троих: текст называет только лыжу.",
        "Так: учотирьох грають дві пари, партнери навпроти. Ні: кожен сам за себе "
        "(«4 (сам за себя)» у харківських домовленостях); лише за харківського набору правил, "
        "Одеса грає вчотирьох тільки парами. Кожен за себе: по 8 карт, 8 взяток, уся колода "
        "(152 очки); граючого порівнюють із найкращим із трьох суперників; байт, висячка й байт "
        "на картах — як утрьох, на трьох; лижа −50. Ці правила для чотирьох сервіс виводить із "
        "правил для трьох: текст називає лише лижу.",
        "Yes: four players play two pairs, partners opposite. No: each for himself "
        "(Kharkov's agreements: '4 (each for himself)'); only with the Kharkov ruleset, Odessa "
        "plays four only in pairs. Each for himself: 8 cards, 8 tricks, the whole deck (152 card "
        "points); the declarer is compared with the best of the three opponents; byte, hanging "
        "byte and card byte as with three, shared by three; bolt −50. The service generalises "
        "the three-player rules: the text names only the bolt.",
        kw=(
            "сам за себя, каждый за себя, вчетвером без пар, четыре игрока",
            "сам за себе, кожен за себе, учотирьох без пар",
            "each for himself, four individuals, no partners",
        ),
        source=VARIANTS,
        project_default=True,
    ),
    conv(
        "byte",
        (
            "Короткий деберц: с байтом или без",
            "Короткий деберц: з байтом чи без",
            "Short deberc: with or without byte",
        ),
        "Только для партии в одну сдачу (format: fixed, fixed_deals: 1). Без байта: «кто "
        "заказал козырь не имеет никакого значения» — каждый пишет свои очки, выигрывает "
        "больший итог; победитель получает одну ставку с каждого. С байтом: сдача "
        "считается как обычно; вдвоём играющий при сыгранной игре получает ставку, при байте "
        "«проигрывает двойную ставку»; втроём «в случае выигрыша получает с каждого игрока по "
        "одной ставке, в случае проигрыша — платит каждому по одной». Висячий байт стоит одну "
        "ставку, и размер ставки при игре без байта — так этот сервис читает текст.",
        "Лише для партії в одну здачу (format: fixed, fixed_deals: 1). Без байту: хто "
        "замовив козир, значення не має — кожен пише свої очки, виграє більший підсумок; "
        "переможець отримує одну ставку з кожного. З байтом: здачу рахують як звичайно; "
        "удвох граючий за зіграної гри отримує ставку, за байту програє подвійну ставку; утрьох у "
        "разі виграшу отримує з кожного по одній ставці, у разі програшу — платить кожному по "
        "одній. Висячий байт коштує одну ставку, і розмір ставки в грі без байту — так цей "
        "сервіс читає текст.",
        "Only for a match of one deal (format: fixed, fixed_deals: 1). Without byte: 'who "
        "named the trump does not matter': everyone records their own points and the higher "
        "total wins; the winner wins one stake from each other player. With byte: the deal "
        "is scored as usual; with two, a made game wins the declarer one stake, a byte loses a "
        "double stake; with three, a win takes one stake from each, a loss pays one to each. A "
        "hanging byte costing one stake, and the stake without byte, are this service's reading.",
        kw=(
            "без байда, с байдом, ставка, двойная ставка, в одну сдачу",
            "без байду, з байдом, ставка, подвійна ставка, в одну здачу",
            "without byte, with byte, stakes, double stake, one deal",
        ),
        source=VARIANTS,
        project_default=True,
    ),
]
