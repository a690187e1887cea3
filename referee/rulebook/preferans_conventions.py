"""One article per Preferans convention (`scoring.preferans.CONVENTIONS`). What each preset
sets is not written here: the convention's page reads it from the engine and shows the three
presets side by side."""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from .base import PREFERANS_RULES, SERVICE, RuleArticle, Source, article


def pconv(
    name: str,
    titles: tuple[str, str, str],
    ru: str,
    uk: str,
    en: str,
    *,
    kw: tuple[str, str, str],
    source: Source | tuple[Source, ...] = PREFERANS_RULES,
    project_default: bool = False,
) -> RuleArticle:
    """A Preferans convention article: titles and texts in ru/uk/en, aliases people type."""
    return article(
        f"preferans_conventions.{name}",
        ru=(titles[0], ru),
        uk=(titles[1], uk),
        en=(titles[2], en),
        kw_ru=f"{name}, {kw[0]}, договорённость преферанса, конвенция",
        kw_uk=f"{name}, {kw[1]}, домовленість преферансу, конвенція",
        kw_en=f"{name.replace('_', ' ')}, {kw[2]}, preferans convention, house rule",
        conventions=(name,),
        source=source,
        project_default=project_default,
        game="preferans",
    )


ARTICLES = [
    pconv(
        "pool_target",
        ("Пуля до скольких (pool_target)", "Куля до скількох (pool_target)", "Pool target"),
        "Цифра, до которой каждый закрывает пулю: целое положительное число, обычно 20 (бывает 10, 30). Очки сверх неё — помощь другим.",
        "Цифра, до якої кожен закриває кулю: ціле додатне число, зазвичай 20. Очки понад неї — допомога іншим.",
        "The number each player fills his pool to: a positive whole number, usually 20 (10 or 30 also seen). Points above it are help to the others.",
        kw=("пуля до 20, пуля до 10, до скольких играем", "куля до 20", "pool to 20, play to"),
    ),
    pconv(
        "whist_split",
        (
            "Вист: жлобский или джентльменский",
            "Віст: жлобський чи джентльменський",
            "Responsible or gentleman whist",
        ),
        "Вистует один, другой пасует. Ответственный, жлобский (whister): все висты за взятки защитников пишет вистующий. Полуответственный, джентльменский (halves): «висты пишут оба — пополам».",
        "Вістує один, другий пасує. Відповідальний, жлобський (whister): усі вісти за взятки захисників пише вістуючий. Джентльменський (halves): вісти пишуть обидва навпіл.",
        "One whister and one passer. Responsible whist (whister): the whister writes the whists for both defenders' tricks. Gentleman, half-responsible whist (halves): both write half.",
        kw=(
            "жлобский вист, джентльменский вист, ответственный, полуответственный",
            "жлобський віст, джентльменський віст",
            "responsible whist, gentleman whist",
        ),
    ),
    pconv(
        "shortfall",
        ("Недовист одного вистующего", "Недовіст одного вістуючого", "A lone whister's shortfall"),
        "Игра сделана, вистовал один, защитники недобрали обязательных взяток. Целиком (full): всё в гору вистующему. Половина (half): «вистующий в гору записывает половину». Поровну (shared): половину вистующему, половину пасовавшему. При двух вистующих не применяется.",
        "Гру зроблено, вістував один, захисники недобрали. Повністю (full): усе в гору вістуючому. Половина (half): половину. Навпіл (shared): половину вістуючому, половину тому, хто пасував.",
        "A made game, one whister, the defenders short of their obligation. full: all into the whister's mountain; half: half of it; shared: half each to the whister and the passer. Not used with two whisters.",
        kw=("недовист, недобор, штраф вистующему", "недовіст, недобір", "shortfall, under-whist"),
    ),
    pconv(
        "whist_factor",
        ("Множитель вистов", "Множник вістів", "Whist factor"),
        "Висты за взятку — цена игры × множитель. Один (сочинка, ростовский): по 2 за взятку на шестерной. Два (ленинградка): по 4. Множитель действует на висты за взятки, полвиста и консоляцию.",
        "Вісти за взятку — ціна гри × множник. Один: по 2 за взятку на шістці. Два (ленінградка): по 4.",
        "Whists per trick are the price × the factor. 1 (Sochi, Rostov): 2 a trick on a six. 2 (Leningrad): 4. It applies to whists for tricks, half whists and consolation.",
        kw=(
            "висты по 4, висты по 2, множитель вистов, цена виста",
            "вісти по 4, множник вістів",
            "whist price, whists per trick",
        ),
    ),
    pconv(
        "mountain_factor",
        ("Множитель горы", "Множник гори", "Mountain factor"),
        "Всё, что пишется в гору, умножается на него: один — обычная гора, два (ленинградка) — удвоенная гора.",
        "Усе, що пишеться в гору, множиться на нього: один — звичайна гора, два (ленінградка) — подвоєна.",
        "Every mountain write is multiplied by it: 1 an ordinary mountain, 2 (Leningrad) a double mountain.",
        kw=("двойная гора, удвоенная гора, множитель горы", "подвоєна гора", "double mountain"),
    ),
    pconv(
        "half_whist",
        ("Полвиста разрешено?", "Піввіста дозволено?", "Half whist allowed?"),
        "Да: на шестерной и семерной, когда один защитник спасовал, другой может взять полвиста — игра не играется, играющий пишет цену в пулю, взявший полвиста пишет половину вистов за обязательные взятки. Нет: полвиста не бывает.",
        "Так: на шістці й сімці можна взяти піввіста — гра не грається, граючий пише ціну в кулю, той, хто взяв піввіста, пише половину вістів за обов’язкові взятки. Ні: піввіста немає.",
        "Yes: on a six or a seven with the other defender passing, a defender may take half a whist; the game is not played. No: there is no half whist.",
        kw=("полвиста, пол виста", "піввіста", "half whist"),
    ),
    pconv(
        "stalingrad",
        ("Сталинград", "Сталінград", "Stalingrad"),
        "Да: шестерную пик обязаны вистовать оба защитника; пас или полвиста на ней не принимаются. Нет: шестерная пик вистуется как любая игра.",
        "Так: шістку пік зобов’язані вістувати обидва захисники. Ні: шістка пік вістується як будь-яка гра.",
        "Yes: a six of spades must be whisted by both defenders; a pass or a half whist on it is refused. No: it is whisted like any game.",
        kw=(
            "сталинград, шестерная пик, 6 пик вистуют оба",
            "сталінград, шістка пік",
            "stalingrad, six of spades",
        ),
    ),
    pconv(
        "ten_checked",
        ("Десятерная проверяется", "Десятка перевіряється", "A ten is checked"),
        "Да: десятерную не вистуют, а проверяют — защитники говорят «проверяю», игра идёт в открытую, решают взятки; вистов за взятки и недовиста нет, при ремизе консоляция обычная. Так читает этот сервис: достаточно одного «проверяю»; два паса — игра не играется. Нет: десятерную вистуют как любую игру.",
        "Так: десятку не вістують, а перевіряють — гра відкрита, вирішують взятки; вістів за взятки й недовісту немає. Так читає цей сервіс: достатньо одного «перевіряю». Ні: десятку вістують як будь-яку гру.",
        "Yes: a ten is not whisted but checked — played open, the tricks decide; no whists for tricks, no shortfall, the usual consolation on a remise. This service's reading: one check is enough; two passes leave it unplayed. No: a ten is whisted like any game.",
        kw=(
            "десятерная, проверка десятерной, проверяю",
            "десятка, перевірка",
            "checked ten, ten tricks",
        ),
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
    ),
    pconv(
        "allpass_scoring",
        ("Как пишутся распасы", "Як пишуться распаси", "How all-passes are scored"),
        "В гору (mountain): каждый пишет в гору за свои взятки. Висты (whists; ростовский): меньше всех взявший пишет висты на остальных за их взятки, горы нет.",
        "У гору (mountain): кожен пише в гору за свої взятки. Вісти (whists; ростовський): той, хто взяв найменше, пише вісти на інших.",
        "mountain: each writes his tricks into the mountain. whists (Rostov): the fewest tricks write whists on the others for their tricks; no mountain.",
        kw=(
            "распасы в гору, распасы на висты",
            "распаси в гору, распаси на вісти",
            "all-pass scoring",
        ),
    ),
    pconv(
        "allpass_trick",
        ("Цена взятки на распасах", "Ціна взятки на распасах", "All-pass trick price"),
        "Сколько стоит взятка на распасах до множителя серии: 1 или 2.",
        "Скільки коштує взятка на распасах до множника серії: 1 або 2.",
        "What one all-pass trick costs before the series multiplier: 1 or 2.",
        kw=(
            "цена взятки на распасах, распасы по 2",
            "ціна взятки на распасах",
            "all-pass trick price",
        ),
    ),
    pconv(
        "allpass_progression",
        ("Прогрессия на распасах", "Прогресія на распасах", "All-pass progression"),
        "Как растёт цена взятки на распасах подряд. Нет (none): всегда 1. Арифметическая (arithmetic): 1, 2, 3… Геометрическая (geometric): 1, 2, 4… — «однерные 1, двойные 2, тройные 4». Рост ограничен пределом прогрессии.",
        "Як росте ціна взятки на распасах поспіль. Немає (none): завжди 1. Арифметична (arithmetic): 1, 2, 3… Геометрична (geometric): 1, 2, 4…",
        "How the trick price rises over all-passes in a row. none: always 1. arithmetic: 1, 2, 3… geometric: 1, 2, 4… The rise stops at the progression limit.",
        kw=(
            "прогрессия, однерные, двойные, тройные распасы",
            "прогресія",
            "progression, double all-pass",
        ),
    ),
    pconv(
        "allpass_progression_limit",
        ("Предел прогрессии", "Межа прогресії", "Progression limit"),
        "Сколько раз растёт множитель распасов: целое число (2 — сочинка: 1, 2, 4, 4…; ленинградка: 1, 2, 3, 3…) или без предела (none).",
        "Скільки разів росте множник распасів: ціле число або без межі (none).",
        "How many times the all-pass multiplier rises: a whole number (2 — Sochi 1, 2, 4, 4…; Leningrad 1, 2, 3, 3…) or none (no limit).",
        kw=("предел прогрессии, до скольких растёт", "межа прогресії", "progression limit"),
    ),
    pconv(
        "allpass_zero",
        ("Ноль взяток на распасах", "Нуль взяток на распасах", "No trick on an all-pass"),
        "Не взявший ни одной взятки: в пулю (pool) — цена взятки × множитель; с горы (mountain_off) — столько же списывается с горы, не ниже нуля; ничего (none).",
        "Той, хто не взяв жодної взятки: у кулю (pool); з гори (mountain_off) — списується з гори; нічого (none).",
        "A player with no trick: pool — the trick price × multiplier into the pool; mountain_off — as much off the mountain, not below zero; none — nothing.",
        kw=("ноль на распасах, чистый распас", "нуль на распасах", "zero on all-pass"),
    ),
    pconv(
        "allpass_exit",
        ("Выход из распасов", "Вихід із распасів", "All-pass exit"),
        "Список наименьших игр после первых, вторых, третьих… распасов подряд, последняя повторяется: от одной до пяти цифр от 6 до 10. Сочинка 6, 7, 7. Мизер разрешён всегда.",
        "Список найменших ігор після перших, других, третіх… распасів поспіль, остання повторюється. Сочинка 6, 7, 7. Мізер дозволено завжди.",
        "The least game after the 1st, 2nd, 3rd… all-pass in a row, the last repeating: one to five numbers from 6 to 10. Sochi 6, 7, 7. A misère is always allowed.",
        kw=("выход из распасов, после распасов", "вихід із распасів", "all-pass exit"),
    ),
    pconv(
        "allpass_dealer",
        ("Кто сдаёт после распасов", "Хто роздає після распасів", "Dealer after an all-pass"),
        "По очереди (rotates): сдача переходит как всегда. Тот же (stays): сдающий сдаёт снова, но «сдавать карты подряд больше трёх раз он не имеет права».",
        "По черзі (rotates): здача переходить як завжди. Той самий (stays): роздає знову, але не більше трьох разів поспіль.",
        "rotates: the deal passes on as always. stays: the dealer deals again, but never more than three times in a row.",
        kw=(
            "сдающий после распасов, кто сдаёт после распасов",
            "хто роздає після распасів",
            "dealer after all-pass",
        ),
    ),
    pconv(
        "end",
        ("Когда кончается пулька", "Коли закінчується пулька", "When the pulka ends"),
        "Пули закрыты (pools_full): после сдачи, закрывшей пули всех. Число сдач (fixed_deals): после оговорённого числа сдач. Закрыта (closed): когда стол закрыт, например по времени.",
        "Кулі закриті (pools_full): після здачі, що закрила кулі всіх. Число здач (fixed_deals). Закрито (closed): коли стіл закрито, наприклад за часом.",
        "pools_full: after the deal that fills every pool. fixed_deals: after an agreed number of deals. closed: when the table is closed, e.g. on time.",
        kw=("конец пульки, по времени, число сдач", "кінець пульки", "end of pulka, time limit"),
    ),
    pconv(
        "fixed_deals",
        ("Число сдач", "Кількість здач", "Number of deals"),
        "Сколько сдач играется, если пулька кончается по числу сдач: целое положительное число; распасы тоже считаются.",
        "Скільки здач грається, якщо пулька закінчується за кількістю здач: ціле додатне число.",
        "How many deals are played when the pulka ends after a number of deals: a positive whole number; all-passes count.",
        kw=("число сдач, сколько сдач", "кількість здач", "number of deals, fixed deals"),
    ),
]
