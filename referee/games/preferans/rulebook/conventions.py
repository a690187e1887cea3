"""One article per Preferans convention (`scoring.games.preferans.engine.CONVENTIONS`). What each preset
sets is not written here: the convention's page reads it from the engine and shows the three
presets side by side."""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from referee.rulebook.base import PREFERANS_RULES, SERVICE, RuleArticle, Source, article


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
    cite: tuple[str, str, str],
    quote: str,
    reading: tuple[str, str, str] = ("", "", ""),
) -> RuleArticle:
    """A Preferans convention article: titles and texts in ru/uk/en, aliases people type,
    where the rule texts say it (`cite`, `quote`) and this service's `reading`."""
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
        cite=cite,
        quote=quote,
        reading=reading,
    )


def kodex(items: int | str) -> tuple[str, str, str]:
    """The Kodex's items as readers name them: 35 → "Кодекс преферанса, п. 35";
    "29–32, 54" → "Кодекс преферанса, пп. 29–32, 54"."""
    n = str(items)
    many = not n.isdigit()
    return (
        f"Кодекс преферанса, {'пп.' if many else 'п.'} {n}",
        f"Кодекс преферансу, {'пп.' if many else 'п.'} {n}",
        f"the Preferans Kodex, {'items' if many else 'item'} {n}",
    )


def named(ru: str, uk: str, en: str, *more: tuple[str, str, str]) -> tuple[str, str, str]:
    """A cite of several places: "Кодекс преферанса, п. 35; таблица цен игр"."""
    parts = [(ru, uk, en), *more]
    ru_all, uk_all, en_all = ("; ".join(p[i] for p in parts) for i in range(3))
    return ru_all, uk_all, en_all


# The other places of the Preferans compendium the articles cite, as readers name them.
KINDS = ("виды виста", "види вісту", "the kinds of whist")
PRICES = ("таблица цен игр", "таблиця цін ігор", "the table of game prices")
ALLPASS_POINTS = (
    "таблица очков за распасы",
    "таблиця очок за розпаси",
    "the all-pass points table",
)
PORTAL = (
    "соглашения игрового портала (Mail.Ru)",
    "угоди ігрового порталу (Mail.Ru)",
    "the game portal's agreements (Mail.Ru)",
)
SCHOOLS = (
    "описание сочинки, ленинградки и ростова",
    "опис сочинки, ленінградки й ростова",
    "the guide to Sochi, Leningrad and Rostov",
)
GENERAL = ("общие правила преферанса", "загальні правила преферансу", "the general Preferans rules")
ENDING = (
    "общие правила: завершение игры",
    "загальні правила: завершення гри",
    "the general rules: ending the game",
)


ARTICLES = [
    pconv(
        "pool_target",
        ("Пуля до скольких (pool_target)", "Куля до скількох (pool_target)", "Pool target"),
        "Цифра, до которой каждый закрывает пулю: целое положительное число, обычно 20 (бывает 10, 30). Очки сверх неё — помощь другим.",
        "Цифра, до якої кожен закриває кулю: ціле додатне число, зазвичай 20 (буває 10, 30). Очки понад неї — допомога іншим.",
        "The number each player fills his pool to: a positive whole number, usually 20 (10 or 30 also seen). Points above it are help to the others.",
        kw=("пуля до 20, пуля до 10, до скольких играем", "куля до 20", "pool to 20, play to"),
        cite=ENDING,
        quote="Наиболее рапространенный вариант — это заранее оговоренное игроками ограничение в пуле: например до 20.",
    ),
    pconv(
        "whist_split",
        (
            "Вист: жлобский или джентльменский",
            "Віст: жлобський чи джентльменський",
            "Responsible or gentleman whist",
        ),
        "Вистует один, другой пасует. Ответственный, жлобский (whister): все висты за взятки защитников и консоляцию за обоих пишет вистующий. Полуответственный, джентльменский (halves): «висты пишут оба — пополам».",
        "Вістує один, другий пасує. Відповідальний, жлобський (whister): усі вісти за взятки захисників і консоляцію за обох пише вістуючий. Напіввідповідальний, джентльменський (halves): вісти пишуть обидва навпіл.",
        "One whister and one passer. Responsible whist (whister): the whister writes the whists for both defenders' tricks and the consolation for both. Gentleman, half-responsible whist (halves): both write half.",
        kw=(
            "жлобский вист, джентльменский вист, ответственный, полуответственный",
            "жлобський віст, джентльменський віст, відповідальний",
            "responsible whist, gentleman whist",
        ),
        cite=KINDS,
        quote="Джентльменский вист – в случае одного вистующего, а второго пасующего участника, висты пишут оба — пополам, а за подсад в гору пишет только вистующий.",
    ),
    pconv(
        "shortfall",
        ("Недовист одного вистующего", "Недовіст одного вістуючого", "A lone whister's shortfall"),
        "Игра сделана, вистовал один, защитники недобрали обязательных взяток. Целиком (full): всё в гору вистующему. Половина (half): «вистующий в гору записывает половину». Поровну (shared): половину вистующему, половину пасовавшему. При двух вистующих не применяется.",
        "Гру зроблено, вістував один, захисники недобрали обов’язкових взяток. Повністю (full): усе в гору вістуючому. Половина (half): вістуючий пише в гору половину. Навпіл (shared): половину вістуючому, половину тому, хто пасував. При двох вістуючих не застосовується.",
        "A made game, one whister, the defenders short of their obligation. full: all into the whister's mountain; half: half of it; shared: half each to the whister and the passer. Not used with two whisters.",
        kw=("недовист, недобор, штраф вистующему", "недовіст, недобір", "shortfall, under-whist"),
        cite=KINDS,
        quote="Полуответственный вист – основные положения такие же, как и в ответственном висте, только вистующий в гору записывает половину стоимости партии.",
        reading=(
            "Кодекс (п. 41) требует от одного вистующего без приглашения меньше взяток (на шестерной две), таблица обязательств — четыре на двоих; этот сервис считает недобор по таблице, а кто его пишет, решает эта договорённость.",
            "Кодекс (п. 41) вимагає від одного вістуючого без запрошення менше взяток (на шестерній дві), таблиця зобов’язань — чотири на двох; цей сервіс рахує недобір за таблицею, а хто його пише, вирішує ця домовленість.",
            "The Kodex (item 41) asks a lone uninvited whister for fewer tricks (two on a six), the obligation table for four between both; this service counts the shortfall by the table, and this convention decides who writes it.",
        ),
    ),
    pconv(
        "whist_factor",
        ("Множитель вистов", "Множник вістів", "Whist factor"),
        "Висты за взятку — цена игры × множитель. Один (сочинка, ростовский): по 2 за взятку на шестерной. Два (ленинградка): по 4. Множитель действует на висты за взятки, полвиста и консоляцию.",
        "Вісти за взятку — ціна гри × множник. Один (сочинка, ростовський): по 2 за взятку на шестерній. Два (ленінградка): по 4. Множник діє на вісти за взятки, піввіста й консоляцію.",
        "Whists per trick are the price × the factor. 1 (Sochi, Rostov): 2 a trick on a six. 2 (Leningrad): 4. It applies to whists for tricks, half whists and consolation.",
        kw=(
            "висты по 4, висты по 2, множитель вистов, цена виста",
            "вісти по 4, множник вістів",
            "whist price, whists per trick",
        ),
        cite=kodex(37),
        quote="если он играл простые черви, то вистующим платит по 2 (Сочи, Ростов) или 4 (Ленинград) за взятку",
    ),
    pconv(
        "mountain_factor",
        ("Множитель горы", "Множник гори", "Mountain factor"),
        "Всё, что пишется в гору — ремиз, недовист, мизер, распасы, штраф за ренонс в игре и на мизере, — умножается на него: один — обычная гора, два (ленинградка) — удвоенная гора. Штраф за ренонс на распасах — 10 за ошибку — не умножается.",
        "Усе, що пишеться в гору, — реміз, недовіст, мізер, розпаси, штраф за ренонс у грі та на мізері — множиться на нього: один — звичайна гора, два (ленінградка) — подвоєна гора. Штраф за ренонс на розпасах — 10 за помилку — не множиться.",
        "Every mountain write — a remise, a shortfall, a misère, an all-pass, a renonce penalty in a game or a misère — is multiplied by it: 1 an ordinary mountain, 2 (Leningrad) a double mountain. The all-pass renonce penalty, 10 an error, is not multiplied.",
        kw=("двойная гора, удвоенная гора, множитель горы", "подвоєна гора", "double mountain"),
        cite=named(*SCHOOLS, kodex(54)),
        quote="Гора, обычно, двойная, а пулька ограничена по времени.",
        reading=(
            "Кодекс (п. 54) назначает за ренонс на распасах ровно «по 10 наверх за каждую ошибку», поэтому этот сервис не умножает эти 10 ни на множитель горы (mountain_factor), ни на множитель распасов.",
            "Кодекс (п. 54) призначає за ренонс на розпасах рівно 10 у гору за кожну помилку, тому цей сервіс не множить ці 10 ні на множник гори (mountain_factor), ні на множник розпасів.",
            "The Kodex (item 54) sets the all-pass renonce at exactly 10 an error, so this service multiplies it neither by the mountain factor (mountain_factor) nor by the all-pass multiplier.",
        ),
    ),
    pconv(
        "half_whist",
        ("Полвиста разрешено?", "Піввіста дозволено?", "Half whist allowed?"),
        "Да: на шестерной и семерной, когда первый защитник спасовал, второй может взять полвиста — игра не играется, играющий пишет цену в пулю, взявший полвиста пишет половину вистов за обязательные взятки. Но спасовавший может ответить «играем» и вистовать: тогда игра играется с одним вистующим. Нет: полвиста не бывает.",
        "Так: на шестерній і семерній, коли перший захисник спасував, другий може взяти піввіста — гра не грається, граючий пише ціну в кулю, той, хто взяв піввіста, пише половину вістів за обов’язкові взятки. Але той, хто спасував, може відповісти «граємо» й вістувати: тоді гра грається з одним вістуючим. Ні: піввіста немає.",
        'Yes: on a six or a seven, when the first defender passed, the second may take half a whist; the game is not played, the declarer writes the price into the pool and the half-whister half the whists of the obligation. But the passer may answer "we play" and whist: the game is then played with one whister. No: there is no half whist.',
        kw=("полвиста, пол виста, играем", "піввіста, граємо", "half whist"),
        cite=kodex(23),
        quote="Если первый из возможных вистов говорит «пас», второй может отойти «за свои», но первый может сказать «фиг тебе, играем» и тем самым идет вист.",
    ),
    pconv(
        "obligation_8",
        (
            "Обязательные взятки на восьмерной",
            "Обов’язкові взятки на восьмерній",
            "The defenders' obligation on an eight",
        ),
        "Сколько взяток на двоих обязаны взять вистующие на восьмерной: одну (1; так в таблице обязательств, так во всех трёх наборах) или две (2; так в Кодексе). Доля одного вистующего — одна взятка в обоих случаях; от этого зависит недовист.",
        "Скільки взяток на двох зобов’язані взяти вістуючі на восьмерній: одну (1; так у таблиці зобов’язань, так в усіх трьох наборах) або дві (2; так у Кодексі). Частка одного вістуючого — одна взятка в обох випадках; від цього залежить недовіст.",
        "How many tricks the defenders must take together on an eight: one (1; the obligation table, all three presets) or two (2; the Kodex). One whister's share is one trick either way; the shortfall follows it.",
        kw=(
            "восьмерная, обязательные взятки, две на восьмерной",
            "восьмерна, обов’язкові взятки",
            "eight, obligation, two on an eight",
        ),
        cite=named(*kodex(35), PRICES),
        quote="Вистующий же или оба обязаны при шестерной игре взять 4 взятки, при семерной — две, при восьмерной тоже две, при девятерной — одну.",
        reading=(
            "Кодекс говорит «при восьмерной тоже две», таблица обязательств — одна; источники расходятся. Этот сервис по умолчанию следует таблице, две — если стол так договорился (obligation_8).",
            "Кодекс каже «на восьмерній теж дві», таблиця зобов’язань — одна; джерела розходяться. Цей сервіс типово йде за таблицею, дві — якщо стіл так домовився (obligation_8).",
            'The Kodex says "on an eight two as well", the obligation table one; the sources disagree. This service follows the table unless the table agrees on two (obligation_8).',
        ),
    ),
    pconv(
        "stalingrad",
        ("Сталинград", "Сталінград", "Stalingrad"),
        "Да: шестерную пик обязаны вистовать оба защитника; пас или полвиста на ней не принимаются. Нет: шестерная пик вистуется как любая игра.",
        "Так: шість пік зобов’язані вістувати обидва захисники; пас чи піввіста на ній не приймаються. Ні: шість пік вістується як будь-яка гра.",
        "Yes: a six of spades must be whisted by both defenders; a pass or a half whist on it is refused. No: it is whisted like any game.",
        kw=(
            "сталинград, шестерная пик, 6 пик вистуют оба",
            "сталінград, шість пік",
            "stalingrad, six of spades",
        ),
        cite=("разновидности преферанса", "різновиди преферансу", "the kinds of Preferans"),
        quote="сталинград (обязательный вист при игре на взятки в 6 пик)",
    ),
    pconv(
        "ten_checked",
        ("Десятерная проверяется", "Десятерна перевіряється", "A ten is checked"),
        "Да: десятерную не вистуют, а проверяют — защитники говорят «проверяю», игра идёт в открытую, решают взятки. Сыграна — 10 в пулю, больше ничего. Не сыграна — играющий пишет ремиз, защитники пишут «за вист пополам»: цена × взятки защитников (с множителем вистов) делится между ними поровну, и каждый пишет свою консоляцию; недовиста нет. Нет: десятерную вистуют как любую игру.",
        "Так: десятерну не вістують, а перевіряють — захисники кажуть «перевіряю», гра йде відкрито, вирішують взятки. Зіграна — 10 у кулю, більше нічого. Не зіграна — граючий пише реміз, захисники пишуть «за віст навпіл»: ціна × взятки захисників (з множником вістів) ділиться між ними порівну, і кожен пише свою консоляцію; недовісту немає. Ні: десятерну вістують як будь-яку гру.",
        'Yes: a ten is not whisted but checked — the defenders say "check", it is played open and the tricks decide. Made: 10 into the pool and nothing else. Failed: the declarer writes the remise and the defenders write "whists halved": the price × the defenders\' tricks (times the whist factor) split equally between them, and each writes his own consolation; no shortfall. No: a ten is whisted like any game.',
        kw=(
            "десятерная, проверка десятерной, проверяю, за вист пополам",
            "десятерна, перевірка, перевіряю",
            "checked ten, ten tricks",
        ),
        source=(PREFERANS_RULES, SERVICE),
        project_default=True,
        cite=kodex(35),
        quote="На игру в десять виста не существует (или по договоренности в некоторых играх можно вистовать), но партнеры имеют право проверять назначавшего. ... игрок ставит ремиз, а они записывают за вист пополам.",
        reading=(
            "Достаточно одного «проверяю»; два паса — игра не играется. «За вист пополам» этот сервис читает так: висты за взятки защитников делятся пополам между обоими, даже если один спасовал. Меняет договорённость «десятерная проверяется» (ten_checked).",
            "Достатньо одного «перевіряю»; два паси — гра не грається. «За віст навпіл» цей сервіс читає так: вісти за взятки захисників діляться навпіл між обома, навіть якщо один спасував. Змінює домовленість «десятерна перевіряється» (ten_checked).",
            'One check is enough; two passes leave it unplayed. "Whists halved" is read as the defenders\' whists for tricks split between both, even if one passed. The convention that changes it: a ten is checked (ten_checked).',
        ),
    ),
    pconv(
        "allpass_scoring",
        ("Как пишутся распасы", "Як пишуться розпаси", "How all-passes are scored"),
        "В гору (mountain): каждый пишет в гору за свои взятки. Висты (whists; ростовский): меньше всех взявший пишет висты на остальных за их взятки, горы нет.",
        "У гору (mountain): кожен пише в гору за свої взятки. Вісти (whists; ростовський): той, хто взяв найменше, пише вісти на інших за їхні взятки, гори немає.",
        "mountain: each writes his tricks into the mountain. whists (Rostov): the fewest tricks write whists on the others for their tricks; no mountain.",
        kw=(
            "распасы в гору, распасы на висты",
            "розпаси в гору, розпаси на вісти, распаси",
            "all-pass scoring",
        ),
        cite=kodex(53),
        quote="За каждую взятку, взятую при распасовке, пишется в гору согласно таблицам расчета или пишутся висты (в Ростове).",
    ),
    pconv(
        "allpass_trick",
        ("Цена взятки на распасах", "Ціна взятки на розпасах", "All-pass trick price"),
        "Сколько стоит взятка на распасах до множителя серии: 1 или 2.",
        "Скільки коштує взятка на розпасах до множника серії: 1 або 2.",
        "What one all-pass trick costs before the series multiplier: 1 or 2.",
        kw=(
            "цена взятки на распасах, распасы по 2",
            "ціна взятки на розпасах",
            "all-pass trick price",
        ),
        cite=ALLPASS_POINTS,
        quote="Очки за распасы: 10-рная – 10, мизер – 10, 1-рные – 1, 2-ные – 2, 3-ные – 4 балла.",
        reading=(
            "Тексты называют цену взятки 1; цена 2 — выбор, который этот сервис даёт столу (allpass_trick).",
            "Тексти називають ціну взятки 1; ціна 2 — вибір, який цей сервіс дає столу (allpass_trick).",
            "The texts give a trick price of 1; 2 is a choice this service offers the table (allpass_trick).",
        ),
    ),
    pconv(
        "allpass_progression",
        ("Прогрессия на распасах", "Прогресія на розпасах", "All-pass progression"),
        "Как растёт цена взятки на распасах подряд. Нет (none): всегда 1. Арифметическая (arithmetic): 1, 2, 3… Геометрическая (geometric): 1, 2, 4… — «1-рные – 1, 2-ные – 2, 3-ные – 4». Рост ограничен пределом прогрессии.",
        "Як росте ціна взятки на розпасах поспіль. Немає (none): завжди 1. Арифметична (arithmetic): 1, 2, 3… Геометрична (geometric): 1, 2, 4… — перші 1, другі 2, треті 4. Ріст обмежено межею прогресії.",
        'How the trick price rises over all-passes in a row. none: always 1. arithmetic: 1, 2, 3… geometric: 1, 2, 4… ("first 1, second 2, third 4"). The rise stops at the progression limit.',
        kw=(
            "прогрессия, однерные, двойные, тройные распасы",
            "прогресія",
            "progression, double all-pass",
        ),
        cite=named(*ALLPASS_POINTS, PORTAL),
        quote="Прогрессия стоимости взяток на распасах — ограниченная арифметическая (х1,х2,х3,х3…)",
        reading=(
            "Тексты дают ряд 1, 2, 4 и ряд 1, 2, 3, 3, не называя школ; что первый — сочинка, второй — ленинградка, а у ростовского прогрессии нет, — наборы этого сервиса.",
            "Тексти дають ряд 1, 2, 4 і ряд 1, 2, 3, 3, не називаючи шкіл; що перший — сочинка, другий — ленінградка, а в ростовського прогресії немає, — набори цього сервісу.",
            "The texts give 1, 2, 4 and 1, 2, 3, 3 without naming a school; that the first is Sochi's, the second Leningrad's and Rostov has none are this service's presets.",
        ),
    ),
    pconv(
        "allpass_progression_limit",
        ("Предел прогрессии", "Межа прогресії", "Progression limit"),
        "Сколько раз растёт множитель распасов: целое число (2 — сочинка: 1, 2, 4, 4…; ленинградка: 1, 2, 3, 3…) или без предела (none).",
        "Скільки разів росте множник розпасів: ціле число (2 — сочинка: 1, 2, 4, 4…; ленінградка: 1, 2, 3, 3…) або без межі (none).",
        "How many times the all-pass multiplier rises: a whole number (2 — Sochi 1, 2, 4, 4…; Leningrad 1, 2, 3, 3…) or none (no limit).",
        kw=("предел прогрессии, до скольких растёт", "межа прогресії", "progression limit"),
        cite=named(*ALLPASS_POINTS, PORTAL),
        quote="3-ные – 4 балла",
        reading=(
            "Тексты обрывают ряд на третьих распасах; что дальше цена не растёт и что так играют сочинка и ленинградка — наборы этого сервиса.",
            "Тексти обривають ряд на третіх розпасах; що далі ціна не росте і що так грають сочинка й ленінградка — набори цього сервісу.",
            "The texts stop the series at the third all-pass; that the price rises no further and that Sochi and Leningrad play so are this service's presets.",
        ),
    ),
    pconv(
        "allpass_zero",
        ("Ноль взяток на распасах", "Нуль взяток на розпасах", "No trick on an all-pass"),
        "Не взявший ни одной взятки, вчетвером и сдающий: в пулю (pool) — цена взятки × множитель; с горы (mountain_off) — столько же списывается с горы, не ниже нуля; ничего (none).",
        "Той, хто не взяв жодної взятки, учотирьох і той, хто роздає: у кулю (pool) — ціна взятки × множник; з гори (mountain_off) — стільки ж списується з гори, не нижче нуля; нічого (none).",
        "A player with no trick, with four the dealer too: pool — the trick price × multiplier into the pool; mountain_off — as much off the mountain, not below zero; none — nothing.",
        kw=("ноль на распасах, чистый распас", "нуль на розпасах", "zero on all-pass"),
        cite=kodex(52),
        quote="Игрок, не взявший при распасовке ни одной взятки, списываете с горы или пишет в пулю в зависимости от договоренности. Это относится и к сдатчику, если он не взял взятки.",
        reading=(
            "Третий выбор — ничего не писать — этого сервиса: так пишет ростовский набор, где распасы идут на висты (allpass_zero).",
            "Третій вибір — нічого не писати — цього сервісу: так пише ростовський набір, де розпаси йдуть на вісти (allpass_zero).",
            "The third choice — writing nothing — is this service's: the Rostov preset, where all-passes go to whists, uses it (allpass_zero).",
        ),
    ),
    pconv(
        "allpass_exit",
        ("Выход из распасов", "Вихід із розпасів", "All-pass exit"),
        "Список наименьших игр после первых, вторых, третьих… распасов подряд, последняя повторяется: от одной до пяти цифр от 6 до 10. Мизер разрешён всегда.",
        "Список найменших ігор після перших, других, третіх… розпасів поспіль, остання повторюється: від однієї до п’яти цифр від 6 до 10. Мізер дозволено завжди.",
        "The least game after the 1st, 2nd, 3rd… all-pass in a row, the last repeating: one to five numbers from 6 to 10. A misère is always allowed.",
        kw=("выход из распасов, после распасов", "вихід із розпасів", "all-pass exit"),
        cite=PORTAL,
        quote="Выход из распасов — ужесточенный (6,7,8,8…)",
        reading=(
            "Тексты знают только «ужесточённый» выход 6, 7, 8, 8 и не называют его школу; выходы сочинки 6, 7, 7, ленинградки 6, 7, 8 и ростовского 6, 6, 6 — наборы этого сервиса.",
            "Тексти знають лише «посилений» вихід 6, 7, 8, 8 і не називають його школу; виходи сочинки 6, 7, 7, ленінградки 6, 7, 8 і ростовського 6, 6, 6 — набори цього сервісу.",
            "The texts know only the \"strict\" exit 6, 7, 8, 8 and name no school for it; Sochi's 6, 7, 7, Leningrad's 6, 7, 8 and Rostov's 6, 6, 6 are this service's presets.",
        ),
    ),
    pconv(
        "allpass_dealer",
        ("Кто сдаёт после распасов", "Хто роздає після розпасів", "Dealer after an all-pass"),
        "По очереди (rotates): сдача переходит как всегда. Тот же (stays): сдающий сдаёт снова, но «сдавать карты подряд больше трёх раз он не имеет права».",
        "По черзі (rotates): здача переходить як завжди. Той самий (stays): той, хто роздає, роздає знову, але не більше трьох разів поспіль.",
        "rotates: the deal passes on as always. stays: the dealer deals again, but never more than three times in a row.",
        kw=(
            "сдающий после распасов, кто сдаёт после распасов",
            "хто роздає після розпасів",
            "dealer after all-pass",
        ),
        cite=GENERAL,
        quote="После распасов сдатчик не меняется, но сдавать карты подряд больше трех раз он не имеет права",
    ),
    pconv(
        "end",
        ("Когда кончается пулька", "Коли закінчується пулька", "When the pulka ends"),
        "Пули закрыты (pools_full): после сдачи, закрывшей пули всех. Число сдач (fixed_deals): после оговорённого числа сдач. Закрыта (closed): когда стол закрыт, например по времени.",
        "Кулі закриті (pools_full): після здачі, що закрила кулі всіх. Число здач (fixed_deals): після обумовленого числа здач. Закрито (closed): коли стіл закрито, наприклад за часом.",
        "pools_full: after the deal that fills every pool. fixed_deals: after an agreed number of deals. closed: when the table is closed, e.g. on time.",
        kw=(
            "конец пульки, по времени, число сдач",
            "кінець пульки, за часом",
            "end of pulka, time limit",
        ),
        cite=ENDING,
        quote="Существуют различные варианты условленного ограничения игры: по времени, по количеству кругов, до определенной величины в пуле.",
    ),
    pconv(
        "fixed_deals",
        ("Число сдач", "Кількість здач", "Number of deals"),
        "Сколько сдач играется, если пулька кончается по числу сдач: целое положительное число; распасы тоже считаются.",
        "Скільки здач грається, якщо пулька закінчується за кількістю здач: ціле додатне число; розпаси теж рахуються.",
        "How many deals are played when the pulka ends after a number of deals: a positive whole number; all-passes count.",
        kw=("число сдач, сколько сдач", "кількість здач", "number of deals, fixed deals"),
        cite=GENERAL,
        quote="Определяется количество раздач, и оно сыграно",
        reading=(
            "Что распасы тоже считаются сдачами, тексты не говорят: так читает этот сервис (fixed_deals).",
            "Що розпаси теж рахуються здачами, тексти не кажуть: так читає цей сервіс (fixed_deals).",
            "That all-passes count as deals the texts do not say: this service's reading (fixed_deals).",
        ),
    ),
]
