"""One article per convention (§2–§8). What each preset sets is not written here: the pages
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken
read it from `scoring.engine.conventions.PRESETS`, so the rulebook never drifts from the
engine."""

from .base import PROJECT_DEFAULT, SEED_000, SEED_001, SEED_003, RuleArticle, article


def conv(
    name: str,
    titles: tuple[str, str, str],
    ru: str,
    uk: str,
    en: str,
    *,
    kw: tuple[str, str, str],
    source: str,
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
        "обычно 501 (по умолчанию), 301 или 1001 вчетвером.",
        "Скільки очок треба набрати для перемоги: будь-яке ціле додатне число, зазвичай 501, "
        "301 або 1001 учотирьох.",
        "The score that wins the match: any positive whole number, usually 501 (default), 301, "
        "or 1001 with four players.",
        kw=("501, 301, 1001, играть до", "501, 301, 1001, грати до", "501, 301, 1001, play to"),
        source=f"{SEED_000}; {SEED_001}; {SEED_003}",
    ),
    conv(
        "obligatory_order",
        (
            "С обязом (заказ обязателен)",
            "З обязом (замовлення обов’язкове)",
            "Obligatory order (с обязом)",
        ),
        "Да: если во втором круге торговли все пасуют, сдатчик (последний) обязан назначить "
        "козырь — пустых сдач нет. Нет: после всех пасов пересдача.",
        "Так: якщо в другому колі всі пасують, той, хто роздає, мусить назвати козир — порожніх "
        "здач немає. Ні: після всіх пасів перездача.",
        "Yes: when everybody passes in round 2, the dealer (last) must name a suit, so there are "
        "no void deals. No: all pass means a redeal.",
        kw=(
            "обяз, с обязом, обязон, заказ обязателен, сдатчик обязан играть",
            "обяз, з обязом, замовлення обов’язкове",
            "obligatory bid, forced dealer, must bid",
        ),
        source=f"{SEED_001}; {SEED_003}",
    ),
    conv(
        "seven_swap",
        ("Замена семёрки", "Заміна сімки", "Seven swap"),
        "Да: в игре по первому козырю владелец козырной семёрки может до первого хода поменять "
        "её на открытую карту. Замена на другую карту или не по первому козырю — нарушение.",
        "Так: у грі по першому козирю власник козирної сімки може до першого ходу поміняти її "
        "на відкриту карту. Інша заміна — порушення.",
        "Yes: in a game on the first trump, the holder of the trump seven may exchange it for "
        "the turned card before the first lead. Any other swap is a violation.",
        kw=(
            "семёрка, поменять семёрку, замена семерки, козырная семёрка",
            "сімка, поміняти сімку, козирна сімка",
            "swap the seven, trump seven, exchange",
        ),
        source=f"{SEED_000}; {SEED_001}; {SEED_003}",
    ),
    conv(
        "first_lead",
        ("Первый ход", "Перший хід", "First lead"),
        "eldest (Москва): первой взятке ходит первая рука, игрок слева от сдатчика. declarer "
        "(Харьков, Одесса): первым ходит играющий.",
        "eldest (Москва): першим ходить перша рука. declarer (Харків, Одеса): першим ходить "
        "граючий.",
        "eldest (Moscow): the player to the dealer's left leads to the first trick. declarer "
        "(Kharkov, Odessa): the declarer leads.",
        kw=(
            "кто ходит первым, первый ход, первая рука",
            "хто ходить першим, перший хід",
            "who leads first, opening lead",
        ),
        source=f"{SEED_000}; {SEED_001}",
    ),
    conv(
        "overtrump",
        (
            "Перебивать козырь всегда?",
            "Перебивати козир завжди?",
            "Overtrump: when you must beat a trump",
        ),
        "trump_lead (Москва): перебивать обязательно, когда ход сделан с козыря. always (Одесса, "
        "«козырь соперника перебивается всегда»): всякий раз, когда на взятке уже лежит козырь и "
        "игрок обязан или хочет бить козырем, он должен положить старший козырь, если он есть.",
        "trump_lead (Москва): перебивати обов’язково, коли хід з козиря. always (Одеса): "
        "щоразу, коли на взятці вже лежить козир, треба класти старший козир, якщо він є.",
        "trump_lead (Moscow): you must beat the trump only when trump was led. always (Odessa, "
        '"the opponent\'s trump is always beaten"): whenever a trump already lies on the trick, '
        "a player who must or may trump has to beat it if able.",
        kw=(
            "перебивать, перебить козырь, козырь соперника перебивается всегда, не бить козырь",
            "перебивати, перебити козир",
            "overtrump, over-ruff, beat the trump",
        ),
        source=f"{SEED_000}; {SEED_001}",
    ),
    conv(
        "hundred",
        ("Сотня", "Сотня", "Hundred"),
        "Да: пять карт одной масти подряд — сотня, 100 очков, старше полтинника (Харьков "
        "вчетвером, по договорённости). Нет: пять подряд считаются полтинником.",
        "Так: п’ять карт підряд — сотня, 100 очок (Харків учотирьох). Ні: п’ять підряд — "
        "полтинник.",
        "Yes: five in sequence is a hundred, 100 points, above a fifty (Kharkov with four "
        "players, by agreement). No: five in sequence count as a fifty.",
        kw=("сотня, пять подряд, 100 очков", "сотня, п’ять підряд", "hundred, five in a row"),
        source=SEED_001,
    ),
    conv(
        "debertz",
        ("Деберц: 7 или 6 карт", "Деберц: 7 чи 6 карт", "Debertz: 7 or 6 cards"),
        "off — деберц не играется; 7 — семь карт одной масти подряд выигрывают партию; 6 — шесть "
        "и больше (Харьков).",
        "off — деберца немає; 7 — сім карт підряд виграють партію; 6 — шість і більше (Харків).",
        "off: no debertz; 7: seven in sequence wins the match; 6: six or more (Kharkov).",
        kw=("деберц, семь подряд, шесть подряд", "деберц, сім підряд", "debertz, seven in a row"),
        source=SEED_001,
    ),
    conv(
        "trump_in_combination",
        ("Козырь в комбинации", "Козир у комбінації", "Trump in combination"),
        "moscow: при равной старшей карте козырная комбинация старше некозырной. kharkov: "
        "козырь в старшинстве не учитывается (тогда решает combination_tie).",
        "moscow: за рівної старшої карти козирна комбінація старша. kharkov: козир не "
        "враховується.",
        "moscow: with the same top card, the trump combination wins. kharkov: trump is ignored "
        "(then combination_tie decides).",
        kw=(
            "козырный терц, козырь в комбинации, Москва Харьков",
            "козирний терц, козир у комбінації",
            "trump terz, trump counts in seniority",
        ),
        source=SEED_003,
    ),
    conv(
        "combination_tie",
        ("Равные комбинации", "Рівні комбінації", "Combination tie"),
        "Когда лучшие комбинации равны во всём: eldest — засчитывается первому по часовой "
        "стрелке от сдатчика (решение проекта по seeds 000/001/003); last_trick — тому, кто "
        "взял послед (Одесса).",
        "Коли найкращі комбінації рівні: eldest — першій руці (рішення проєкту); last_trick — "
        "тому, хто взяв послід (Одеса).",
        "When the best combinations are equal in every way: eldest — the first clockwise from "
        "the dealer's left (project default, seeds 000/001/003); last_trick — whoever took the "
        "last trick (Odessa).",
        kw=(
            "равные терцы, одинаковые терцы, ничья комбинаций",
            "рівні терци, однакові терци",
            "equal terz, tie between combinations",
        ),
        source=f"{SEED_000}; {SEED_001}; {SEED_003}; project default",
        project_default=True,
    ),
    conv(
        "combinations_need_trick",
        ("Комбинации только со взяткой", "Комбінації лише зі взяткою", "Combinations need a trick"),
        "Да (по умолчанию): терцы, полтинники и сотни пишутся, только если владелец взял хотя бы "
        "одну взятку, пусть пустую. Белле взятка не нужна.",
        "Так: терци, полтинники й сотні пишуться, лише якщо власник узяв хоч одну взятку.",
        "Yes (default): terzes, fifties and hundreds count only if their holder took at least "
        "one trick, even an empty one. Bella never needs one.",
        kw=(
            "без взятки, хотя бы одна взятка",
            "без взятки, хоч одна взятка",
            "at least one trick, no trick",
        ),
        source=f"{SEED_001}; {SEED_003}",
    ),
    conv(
        "bella_to_trick_winner",
        ("Белла взявшему взятку", "Белла тому, хто взяв взятку", "Bella to the trick winner"),
        "Да (Одесса): 20 очков беллы получает тот, кто взял взятку, на которой белла объявлена. "
        "Нужна запись по картам; без неё белла остаётся у владельца. Нет: белла всегда у "
        "владельца.",
        "Так (Одеса): очки белли отримує той, хто взяв взятку з беллою. Ні: белла завжди у "
        "власника.",
        "Yes (Odessa): bella's 20 go to whoever takes the trick on which it was declared "
        "(needs a card-by-card record). No: bella always scores for its holder.",
        kw=("белла, бела, кому белла", "белла, кому белла", "bella, belote to trick winner"),
        source=SEED_001,
    ),
    conv(
        "winner_takes_all",
        ("Победителю всё", "Переможцю все", "Winner takes all"),
        "Да (seed 003): если игра сделана, играющий пишет сумму итогов всех игроков, включая "
        "вистующих, а вистующие — 0.",
        "Так: якщо гру зроблено, граючий пише суму підсумків усіх гравців, інші — 0.",
        "Yes (seed 003): when the game is made, the declarer records the sum of all totals, "
        "the opponents' included, and the opponents record 0.",
        kw=("победителю всё, всё играющему", "переможцю все", "winner takes all"),
        source=SEED_003,
    ),
    conv(
        "byte_3p",
        ("Байт втроём", "Байт утрьох", "Byte with three players"),
        "top (seed 001): очки байтующего получает соперник с большими очками; при равенстве "
        "соперников очки висят для них двоих. split (Харьков): пополам двум соперникам.",
        "top: очки отримує суперник із більшими очками. split (Харків): навпіл двом.",
        "top (seed 001): the declarer's total goes to the opponent with more points (equal: a "
        "pool for the two). split (Kharkov): halved between the two opponents.",
        kw=(
            "байт втроём, кому очки байта, пополам",
            "байт утрьох, навпіл",
            "three players byte, split byte",
        ),
        source=SEED_001,
    ),
    conv(
        "hanging_separately",
        ("Висячие отдельно", "Висячі окремо", "Hanging separately"),
        "Нет: новая висячка добавляется к уже висящей, и они разыгрываются как одна. Да (seed "
        "003): висячки стоят в очереди, каждая следующая сдача разыгрывает самую старую.",
        "Ні: нова висячка додається до висячої. Так: висячки розігруються по черзі.",
        "No: a new pool joins the hanging one and they are played as one. Yes (seed 003): pools "
        "queue and each later deal plays only the oldest.",
        kw=(
            "висячие отдельно, две висячки, висячка на висячку",
            "висячі окремо, дві висячки",
            "hanging separately, two hanging bytes",
        ),
        source=f"{SEED_000}; {SEED_003}",
    ),
    conv(
        "hanging_on_byte_3p",
        ("Висячка при байте втроём", "Висячка при байті втрьох", "Hanging pool on a 3-player byte"),
        "Втроём, когда сдача, разыгрывающая висячку, закончилась байтом: split — висячку делят "
        "пополам два вистующих (seed 003); top — её получает лучший, как обычно. Байт на картах "
        "тут байтом не считается.",
        "Утрьох, коли здача з висячкою — байт: split — навпіл двом; top — кращому.",
        "With three players, when the deal playing a pool is a byte: split — the two opponents "
        "halve it (seed 003); top — the best one takes it as usual. A card byte does not count "
        "here.",
        kw=("висячка при байте, висячие втроём", "висячка при байті", "hanging pool on byte"),
        source=SEED_003,
    ),
    conv(
        "dealer",
        ("Кто сдаёт", "Хто роздає", "Dealer"),
        "winner (Москва): сдаёт набравший больше всех в сдаче; clockwise (Харьков, Одесса): по "
        "очереди по часовой стрелке.",
        "winner (Москва): роздає той, хто набрав найбільше; clockwise: по черзі.",
        "winner (Moscow): the player with the highest deal total deals next; clockwise "
        "(Kharkov, Odessa): in turn.",
        kw=(
            "кто сдаёт, сдаёт выигравший, по часовой",
            "хто роздає, по черзі",
            "who deals, dealer rotation",
        ),
        source=f"{SEED_000}; {SEED_001}; {SEED_003}",
    ),
    conv(
        "renonce_penalty",
        ("Наказание за ренонс", "Покарання за ренонс", "Renonce penalty"),
        "card_byte (Москва): байт на картах. redeal_minus_100 (Одесса): нарушитель пишет −100, "
        "остальные 0, висячки остаются, и тот же сдатчик пересдаёт.",
        "card_byte: байт на картах. redeal_minus_100 (Одеса): порушник пише −100, перездача.",
        "card_byte (Moscow): a card byte. redeal_minus_100 (Odessa): the violator records −100, "
        "the others 0, pools stay, and the same dealer deals again.",
        kw=(
            "фальшренонс, штраф за ренонс, минус 100, пересдача",
            "фальшренонс, мінус 100",
            "renonce penalty, revoke penalty, minus 100",
        ),
        source=f"{SEED_000}; {SEED_001}",
    ),
    conv(
        "bolt_penalty",
        ("Лыжа (болт)", "Лижа (болт)", "Bolt penalty"),
        "Сколько теряет игрок (пара) без единой взятки в сыгранной сдаче: 0 (Москва); 50 вдвоём, "
        "100 втроём или парами (Харьков, «50 / 100»); 100 (Одесса).",
        "Скільки втрачає гравець без жодної взятки: 0 (Москва); 50 / 100 (Харків); 100 (Одеса).",
        "What a player (pair) with no trick in a played deal loses: 0 (Moscow); 50 with two, "
        '100 with three or pairs (Kharkov, "50 / 100"); 100 (Odessa).',
        kw=("лыжа, болт, без взяток", "лижа, болт, без взяток", "bolt, ski, no trick"),
        source=SEED_001,
    ),
    conv(
        "three_bytes_penalty",
        ("Штраф за три байта", "Штраф за три байти", "Three bytes penalty"),
        "Каждый третий байт игрока в партии стоит столько очков (Харьков: 100; 0 — нет штрафа). "
        "Байты на картах считаются.",
        "Кожен третій байт гравця коштує стільки очок (Харків: 100).",
        "Every third byte of a player in a match costs this many points (Kharkov: 100; 0: "
        "none). Card bytes count.",
        kw=("три байта, третий байт", "три байти, третій байт", "three bytes"),
        source=SEED_001,
    ),
    conv(
        "both_over_target",
        ("Оба набрали 501", "Обидва набрали 501", "Both over the target"),
        "Если после сдачи несколько игроков набрали target: last_trick — выигрывает взявший "
        "послед (seed 000); higher — больший счёт, при равенстве послед.",
        "Якщо кілька гравців набрали target: last_trick — виграє той, хто взяв послід; "
        "higher — більший рахунок.",
        "When several players reach the target in one deal: last_trick — whoever took the last "
        "trick wins (seed 000); higher — the higher total, ties to the last trick.",
        kw=("оба набрали, оба за 501, послед решает", "обидва набрали, послід", "both reached 501"),
        source=SEED_000,
    ),
    conv(
        "false_closing",
        ("Ложное закрытие", "Хибне закриття", "False closing"),
        "loses (seed 001): заявивший проигрывает партию. double_to_opponents (Харьков, "
        "прочтение проекта): его счёт обнуляется, удвоенный счёт получает соперник (втроём "
        "пополам), игра продолжается; закрыть на взятке с козырным валетом нельзя.",
        "loses: той, хто заявив, програє партію. double_to_opponents (Харків): його рахунок "
        "обнуляється, подвоєний — супернику, гра триває.",
        "loses (seed 001): the claimant loses the match. double_to_opponents (Kharkov, project "
        "reading): the claimant's total drops to 0 and twice it goes to the opponent (halved "
        "with three), play goes on; no closing on the trick of the trump jack.",
        kw=(
            "ложное закрытие, закрытие, вдвойне",
            "хибне закриття, вдвічі",
            "false closing, failed claim, double",
        ),
        source=f"{SEED_001}; project reading",
        project_default=True,
    ),
    conv(
        "match_score",
        ("Очки за партию", "Очки за партію", "Match score"),
        "win — победитель получает 1 очко; difference — победитель получает ещё разницу target "
        "минус счёт проигравшего (ничего, если оба за target).",
        "win — 1 очко переможцю; difference — різниця target мінус рахунок того, хто програв.",
        "win: 1 point per won match; difference: the winner also scores target minus the "
        "loser's total (nothing when both are over).",
        kw=("очки за партию, разница", "очки за партію, різниця", "match points, difference"),
        source=SEED_000,
    ),
    conv(
        "klabor",
        ("Клабор", "Клабор", "Klabor"),
        "Да (Одесса): шесть карт подряд от туза в первых шести сданных картах — клабор, "
        "объявивший выигрывает партию.",
        "Так (Одеса): шість карт підряд від туза в перших шести картах — клабор, виграш партії.",
        "Yes (Odessa): six in sequence from the ace in the first six dealt cards is a klabor; "
        "declaring it wins the match.",
        kw=(
            "клабор, одесский деберц, шесть от туза",
            "клабор, одеський деберц",
            "klabor, klaberjass, Odessa",
        ),
        source=SEED_001,
    ),
    conv(
        "format",
        ("Формат партии", "Формат партії", "Match format"),
        "race — до набора target; fixed — короткий деберц: fixed_deals сдач, затем побеждает "
        "больший счёт (при равенстве послед последней сдачи, затем первый по часовой стрелке).",
        "race — до target; fixed — короткий деберц: fixed_deals здач, потім більший рахунок.",
        "race: to the target; fixed: short deberc, fixed_deals deals, then the higher total "
        "(ties: the last trick of the final deal, then the earlier clockwise).",
        kw=(
            "короткий деберц, формат, фиксированные сдачи",
            "короткий деберц, формат",
            "short deberc, fixed deals, race",
        ),
        source=SEED_001,
    ),
    conv(
        "fixed_deals",
        (
            "Число сдач (короткий деберц)",
            "Кількість здач (короткий деберц)",
            "Number of deals (fixed format)",
        ),
        "При format = fixed — сколько сдач играется (пустые тоже считаются).",
        "При format = fixed — скільки здач грається (порожні теж рахуються).",
        "With format = fixed: how many deals are played (void deals included).",
        kw=("сколько сдач, короткий деберц", "скільки здач", "how many deals"),
        source=SEED_001,
    ),
    conv(
        "mercy_gap",
        ("Разрыв 250", "Розрив 250", "Mercy gap"),
        "Деберц с полтинниками: когда разрыв между лидером и другим игроком достигает этого "
        "числа (true = 250), лидер выигрывает. off — нет.",
        "Коли розрив між лідером та іншим гравцем сягає цього числа (true = 250), лідер виграє.",
        "Deberc with fifties: when the gap between the leader and another player reaches this "
        "many points (true = 250), the leader wins. off: never.",
        kw=("разрыв, 250, деберц с полтинниками", "розрив, 250", "mercy, gap, 250"),
        source=SEED_001,
    ),
    conv(
        "pencil_rule",
        ("Правило карандаша", "Правило олівця", "Pencil rule"),
        "Да: штрафы правила карандаша за приписку очков (разница переходит сопернику). Нет (по "
        "умолчанию): исправление просто заменяет запись, история остаётся.",
        "Так: штрафи правила олівця. Ні (типово): виправлення просто замінює запис.",
        "Yes: the pencil rule's transfer penalties for over-recording. No (default): a "
        "correction just replaces the figures; the history stays.",
        kw=("правило карандаша, приписка", "правило олівця", "pencil rule, correction"),
        source=f"{SEED_001}; {PROJECT_DEFAULT}",
        project_default=True,
    ),
]
