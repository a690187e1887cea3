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


# Seed 002 is a compendium of seven rule pages, one after another; a quote is labelled by the
# page it stands in (and its section, by the page's own heading), so that a referee finds it.
# `PAGES`: the first line of each page and its name (ru, uk, en); `QUOTED` (in
# `preferans_sources`) names the lines each article quotes, and a test checks the labels.
PAGES: dict[int, tuple[str, str, str]] = {
    1: ("правила для новичков", "правила для новачків", "the beginners' guide"),
    118: (
        "правила классического преферанса",
        "правила класичного преферансу",
        "the classic Preferans rules page",
    ),
    244: (
        "правила Мини-Игр (Mail.Ru)",
        "правила Міні-Ігор (Mail.Ru)",
        "the Mini-Games rules (Mail.Ru)",
    ),
    385: ("«Как играть в преферанс?»", "«Как играть в преферанс?»", "«Как играть в преферанс?»"),
    439: (
        "обзор разновидностей преферанса",
        "огляд різновидів преферансу",
        "the overview of the Preferans kinds",
    ),
    565: (
        "правила и комбинации карт",
        "правила й комбінації карт",
        "the rules and card combinations page",
    ),
    668: (
        "«Общие правила преферанса»",
        "«Общие правила преферанса» (загальні правила)",
        "«Общие правила преферанса» (the general rules)",
    ),
}


def page_at(line: int) -> tuple[str, str, str]:
    """The page of seed 002 a line stands in."""
    return PAGES[max(first for first in PAGES if first <= line)]


def section(first_line: int, ru: str, uk: str, en: str) -> tuple[str, str, str]:
    """A section of a page, by the page's own heading: "правила для новичков: «Заказ цены»"."""
    page = page_at(first_line)
    return f"{page[0]}: {ru}", f"{page[1]}: {uk}", f"{page[2]}: {en}"


def kodex(items: int | str) -> tuple[str, str, str]:
    """The numbered list the seed titles «Общие правила преферанса» (l.672; not the 1996 Kodex,
    which the seed names but does not reproduce), by its items: 35 → "«Общие правила
    преферанса», п. 35"; "29–32, 54" → "«Общие правила преферанса», пп. 29–32, 54"."""
    n = str(items)
    many = not n.isdigit()
    page = PAGES[668]
    return (
        f"{page[0]}, {'пп.' if many else 'п.'} {n}",
        f"{page[1]}, {'пп.' if many else 'п.'} {n}",
        f"{page[2]}, {'items' if many else 'item'} {n}",
    )


def named(ru: str, uk: str, en: str, *more: tuple[str, str, str]) -> tuple[str, str, str]:
    """A cite of several places: "«Общие правила преферанса», п. 35; таблица цен игр"."""
    parts = [(ru, uk, en), *more]
    ru_all, uk_all, en_all = ("; ".join(p[i] for p in parts) for i in range(3))
    return ru_all, uk_all, en_all


# The other places of the Preferans compendium the articles cite, as readers name them.
ORDER = section(
    86, "«Заказ цены»", "«Заказ цены» (замовлення ціни)", "«Заказ цены» (naming the contract)"
)
GENERAL = section(
    168,
    "«Правила для распасов»",
    "«Правила для распасов» (розпаси)",
    "«Правила для распасов» (all-pass)",
)
KINDS = section(
    177, "«Виды вистования»", "«Виды вистования» (види вісту)", "«Виды вистования» (kinds of whist)"
)
RECORD = section(
    188,
    "«Запись результатов»",
    "«Запись результатов» (запис)",
    "«Запись результатов» (the score sheet)",
)
FINISH = section(
    192, "«Завершение игры»", "«Завершение игры» (завершення гри)", "«Завершение игры» (ending)"
)
PRICES = section(192, "очки за игры", "очки за ігри", "the game prices")
ALLPASS_POINTS = section(192, "очки за распасы", "очки за розпаси", "the all-pass points")
AUCTION = section(
    314, "«Правила торговли»", "«Правила торговли» (торгівля)", "«Правила торговли» (the auction)"
)
MISERE_RULES = section(
    334,
    "«Правила розыгрыша мизера»",
    "«Правила розыгрыша мизера» (мізер)",
    "«Правила розыгрыша мизера» (misère)",
)
PORTAL = section(
    367,
    "«Дополнительные соглашения»",
    "«Дополнительные соглашения» (угоди порталу)",
    "«Дополнительные соглашения» (the portal's agreements)",
)
BASICS = section(
    421, "«Заказ цены»", "«Заказ цены» (замовлення ціни)", "«Заказ цены» (naming the contract)"
)
BIDDING = section(
    64,
    "«Торговля (аукцион)»",
    "«Торговля (аукцион)» (торгівля)",
    "«Торговля (аукцион)» (the auction)",
)
CLASSIC_BIDDING = section(158, "«Торговля»", "«Торговля» (торгівля)", "«Торговля» (the auction)")
PLAY = section(184, "«Розыгрыш»", "«Розыгрыш» (розіграш)", "«Розыгрыш» (the play)")
COUNT = section(485, "«Счет»", "«Счет» (рахунок)", "«Счет» (the count)")
ENDING = section(
    493, "«Завершение игры»", "«Завершение игры» (завершення гри)", "«Завершение игры» (ending)"
)
SCHOOLS = section(
    499,
    "«Разновидности преферанса»",
    "«Разновидности преферанса» (різновиди)",
    "«Разновидности преферанса» (the kinds)",
)
CHOSEN = section(
    525,
    "«Выбираемые соглашения»",
    "«Выбираемые соглашения» (домовленості на вибір)",
    "«Выбираемые соглашения» (the agreements to choose)",
)
DEALER = section(
    569,
    "«Права и обязанности сдающего»",
    "«Права и обязанности сдающего» (той, хто роздає)",
    "«Права и обязанности сдающего» (the dealer)",
)
SEVEN_TEN = section(
    629, "«Игры на семь—десять»", "«Игры на семь—десять»", "«Игры на семь—десять» (games of 7–10)"
)
GIVEAWAY = section(
    650,
    "«Преферанс с поддавками»",
    "«Преферанс с поддавками» (піддавки)",
    "«Преферанс с поддавками» (giveaway)",
)

ARTICLES = [
    pconv(
        "pool_target",
        ("Пуля до скольких (pool_target)", "Пуля до скількох (pool_target)", "Pool target"),
        "Цифра, до которой каждый закрывает пулю: целое положительное число, обычно 20 (бывает 10, 30). Очки сверх неё — помощь другим.",
        "Цифра, до якої кожен закриває пулю: ціле додатне число, зазвичай 20 (буває 10, 30). Очки понад неї — допомога іншим.",
        "The number each player fills his pool to: a positive whole number, usually 20 (10 or 30 also seen). Points above it are help to the others.",
        kw=("пуля до 20, пуля до 10, до скольких играем", "пуля до 20", "pool to 20, play to"),
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
        "Вистует один, другой пасует. Ответственный, жлобский (whister): все висты за взятки противников и консоляцию за обоих пишет вистующий. Полуответственный, джентльменский (halves): «висты пишут оба — пополам».",
        "Вістує один, другий пасує. Відповідальний, жлобський (whister): усі вісти за взятки супротивників і консоляцію за обох пише вістуючий. Напіввідповідальний, джентльменський (halves): вісти пишуть обидва навпіл.",
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
        (
            "Недовист: целиком, половина, поровну",
            "Недовіст: повністю, половина, навпіл",
            "Shortfall: full, half, shared",
        ),
        "Игра сделана, вистовал один, противники недобрали обязательных взяток. Целиком (full): всё в гору вистующему. Половина (half): «вистующий в гору записывает половину». Поровну (shared): половину вистующему, половину пасовавшему. При двух вистующих недовист пишет тот, кто взял меньше своей доли: целиком (full и shared — пасовавшего нет) или половину (half).",
        "Гру зроблено, вістував один, супротивники недобрали обов’язкових взяток. Повністю (full): усе в гору вістуючому. Половина (half): вістуючий пише в гору половину. Навпіл (shared): половину вістуючому, половину тому, хто пасував. При двох вістуючих недовіст пише той, хто взяв менше своєї частки: повністю (full і shared — того, хто пасував, немає) або половину (half).",
        "A made game, one whister, the defenders short of their obligation. full: all into the whister's mountain; half: half of it; shared: half each to the whister and the passer. With two whisters each one short of his own share writes it: in full (full, and shared: there is no passer) or half (half).",
        kw=("недовист, недобор, штраф вистующему", "недовіст, недобір", "shortfall, under-whist"),
        cite=named(*KINDS, SCHOOLS),
        quote="Полуответственный вист – основные положения такие же, как и в ответственном висте, только вистующий в гору записывает половину стоимости партии. ... Вист в данной конвенции полуответственный («джентльменский»)",
        reading=(
            "«Вистующий в гору записывает половину» говорит об одном вистующем, а о двух вистующих тексты говорят только «в гору», без суммы; что половина действует и для двух (ленинградка полуответственная), — так читает этот сервис (shortfall). Сколько взяток требовать от одного вистующего — таблица или «Общие правила» (п. 41), — решает другая договорённость (lone_whist_duty).",
            "«Вістуючий у гору записує половину» каже про одного вістуючого, а про двох вістуючих тексти кажуть лише «в гору», без суми; що половина діє й для двох (ленінградка напіввідповідальна), — так читає цей сервіс (shortfall). Скільки взяток вимагати від одного вістуючого — таблиця чи «Общие правила» (п. 41), — вирішує інша домовленість (lone_whist_duty).",
            '"The whister writes half into the mountain" speaks of one whister, and of two whisters the texts say only "into the mountain", with no amount; that the half applies to two as well (Leningrad is half-responsible) is this service\'s reading (shortfall). How many tricks a lone whister owes, the table\'s or the general rules\' (item 41), is another convention (lone_whist_duty).',
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
            "«Общие правила» (п. 54) назначают за ренонс на распасах ровно «по 10 наверх за каждую ошибку», поэтому этот сервис не умножает эти 10 ни на множитель горы (mountain_factor), ни на множитель распасов.",
            "«Общие правила» (п. 54) призначають за ренонс на розпасах рівно 10 у гору за кожну помилку, тому цей сервіс не множить ці 10 ні на множник гори (mountain_factor), ні на множник розпасів.",
            "The general rules (item 54) set the all-pass renonce at exactly 10 an error, so this service multiplies it neither by the mountain factor (mountain_factor) nor by the all-pass multiplier.",
        ),
    ),
    pconv(
        "half_whist",
        ("Полвиста разрешено?", "Піввіста дозволено?", "Half whist allowed?"),
        "Да: на шестерной и семерной, когда первый противник спасовал, второй может взять полвиста — игра не играется, играющий пишет цену в пулю, взявший полвиста пишет половину вистов за обязательные взятки. Но спасовавший может ответить «играем» и вистовать: тогда игра играется с одним вистующим. Нет: полвиста не бывает.",
        "Так: на шестерній і семерній, коли перший супротивник спасував, другий може взяти піввіста — гра не грається, граючий пише ціну в пулю, той, хто взяв піввіста, пише половину вістів за обов’язкові взятки. Але той, хто спасував, може відповісти «граємо» й вістувати: тоді гра грається з одним вістуючим. Ні: піввіста немає.",
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
        "Сколько взяток на двоих обязаны взять вистующие на восьмерной: одну (1; так в таблице обязательств, так во всех трёх наборах) или две (2; так в «Общих правилах»). Доля одного вистующего — одна взятка в обоих случаях; от этого зависит недовист.",
        "Скільки взяток на двох зобов’язані взяти вістуючі на восьмерній: одну (1; так у таблиці зобов’язань, так в усіх трьох наборах) або дві (2; так у «Общих правилах»). Частка одного вістуючого — одна взятка в обох випадках; від цього залежить недовіст.",
        "How many tricks the defenders must take together on an eight: one (1; the obligation table, all three presets) or two (2; the general rules). One whister's share is one trick either way; the shortfall follows it.",
        kw=(
            "восьмерная, обязательные взятки, две на восьмерной",
            "восьмерна, обов’язкові взятки",
            "eight, obligation, two on an eight",
        ),
        cite=named(*kodex(35), PRICES),
        quote="Вистующий же или оба обязаны при шестерной игре взять 4 взятки, при семерной — две, при восьмерной тоже две, при девятерной — одну.",
        reading=(
            "«Общие правила» говорят «при восьмерной тоже две», таблица обязательств — одна; источники расходятся. Этот сервис по умолчанию следует таблице, две — если стол так договорился (obligation_8).",
            "«Общие правила» кажуть «на восьмерній теж дві», таблиця зобов’язань — одна; джерела розходяться. Цей сервіс типово йде за таблицею, дві — якщо стіл так домовився (obligation_8).",
            'The general rules say "on an eight two as well", the obligation table one; the sources disagree. This service follows the table unless the table agrees on two (obligation_8).',
        ),
    ),
    pconv(
        "stalingrad",
        ("Сталинград", "Сталінград", "Stalingrad"),
        "Да: шестерную пик обязаны вистовать оба противника; пас или полвиста на ней не принимаются. Нет: шестерная пик вистуется как любая игра.",
        "Так: шість пік зобов’язані вістувати обидва супротивники; пас чи піввіста на ній не приймаються. Ні: шість пік вістується як будь-яка гра.",
        "Yes: a six of spades must be whisted by both defenders; a pass or a half whist on it is refused. No: it is whisted like any game.",
        kw=(
            "сталинград, шестерная пик, 6 пик вистуют оба",
            "сталінград, шість пік",
            "stalingrad, six of spades",
        ),
        cite=SCHOOLS,
        quote="сталинград (обязательный вист при игре на взятки в 6 пик)",
    ),
    pconv(
        "ten_checked",
        ("Десятерная проверяется", "Десятерна перевіряється", "A ten is checked"),
        "Да: десятерную не вистуют, а проверяют — противники говорят «проверяю», игра идёт в открытую, решают взятки. Сыграна — 10 в пулю, больше ничего. Не сыграна — играющий пишет ремиз, противники пишут «за вист пополам»: цена × взятки противников (с множителем вистов) делится между ними поровну, и каждый пишет свою консоляцию; недовиста нет. Нет: десятерную вистуют как любую игру.",
        "Так: десятерну не вістують, а перевіряють — супротивники кажуть «перевіряю», гра йде відкрито, вирішують взятки. Зіграна — 10 у пулю, більше нічого. Не зіграна — граючий пише реміз, супротивники пишуть «за віст навпіл»: ціна × взятки супротивників (з множником вістів) ділиться між ними порівну, і кожен пише свою консоляцію; недовісту немає. Ні: десятерну вістують як будь-яку гру.",
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
            "Достаточно одного «проверяю»; два паса — игра не играется. «За вист пополам» этот сервис читает так: висты за взятки противников делятся пополам между обоими, даже если один спасовал. Меняет договорённость «десятерная проверяется» (ten_checked).",
            "Достатньо одного «перевіряю»; два паси — гра не грається. «За віст навпіл» цей сервіс читає так: вісти за взятки супротивників діляться навпіл між обома, навіть якщо один спасував. Змінює домовленість «десятерна перевіряється» (ten_checked).",
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
        "Сколько стоит взятка на распасах до множителя серии: «обычно 1 очко, иногда бывает 2».",
        "Скільки коштує взятка на розпасах до множника серії: зазвичай 1 очко, іноді 2.",
        'What one all-pass trick costs before the series multiplier: "usually 1 point, sometimes 2".',
        kw=(
            "цена взятки на распасах, распасы по 2",
            "ціна взятки на розпасах",
            "all-pass trick price",
        ),
        cite=named(*CHOSEN, ALLPASS_POINTS),
        quote="Цена взятки на распасах (обычно 1 очко, иногда бывает 2) ... Очки за распасы: 10-рная – 10, мизер – 10, 1-рные – 1, 2-ные – 2, 3-ные – 4 балла.",
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
            "Тексты дают ряд 1, 2, 4 (очки за распасы) и ряд 1, 2, 3, 3 (соглашения Mail.Ru), не называя ни сочинки, ни ленинградки; что первый ряд у сочинки, второй у ленинградки, а у ростовского прогрессии нет, — наборы этого сервиса (allpass_progression).",
            "Тексти дають ряд 1, 2, 4 (очки за розпаси) і ряд 1, 2, 3, 3 (угоди Mail.Ru), не називаючи ні сочинки, ні ленінградки; що перший ряд у сочинки, другий у ленінградки, а в ростовського прогресії немає, — набори цього сервісу (allpass_progression).",
            "The texts give 1, 2, 4 (the all-pass points) and 1, 2, 3, 3 (the Mail.Ru agreements) naming neither Sochi nor Leningrad; that the first is Sochi's, the second Leningrad's and Rostov has none are this service's presets (allpass_progression).",
        ),
    ),
    pconv(
        "allpass_progression_limit",
        ("Предел прогрессии", "Межа прогресії", "Progression limit"),
        "Сколько раз растёт множитель распасов: «рост прекращается после первого/второго повышения/не прекращается никогда» — целое число (2: 1, 2, 4, 4… или 1, 2, 3, 3…) или без предела (none).",
        "Скільки разів росте множник розпасів: ріст припиняється після першого чи другого підвищення або не припиняється ніколи — ціле число (2: 1, 2, 4, 4… чи 1, 2, 3, 3…) або без межі (none).",
        'How many times the all-pass multiplier rises: "the rise stops after the first/second increase/never stops" — a whole number (2: 1, 2, 4, 4… or 1, 2, 3, 3…) or none (no limit).',
        kw=("предел прогрессии, до скольких растёт", "межа прогресії", "progression limit"),
        cite=named(*CHOSEN, PORTAL),
        quote="Предел прогрессии цены взятки на распасах (рост прекращается после первого/второго повышения/не прекращается никогда)",
        reading=(
            "Тексты называют все три предела, не называя школ; что сочинка и ленинградка останавливаются после второго повышения, — наборы этого сервиса (allpass_progression_limit).",
            "Тексти називають усі три межі, не називаючи шкіл; що сочинка й ленінградка зупиняються після другого підвищення, — набори цього сервісу (allpass_progression_limit).",
            "The texts name all three limits and no school; that Sochi and Leningrad stop after the second increase is this service's presets (allpass_progression_limit).",
        ),
    ),
    pconv(
        "allpass_zero",
        ("Ноль взяток на распасах", "Нуль взяток на розпасах", "No trick on an all-pass"),
        "Не взявший ни одной взятки, вчетвером и сдающий: в пулю (pool) — цена взятки × множитель; с горы (mountain_off) — столько же списывается с горы, не ниже нуля; ничего (none).",
        "Той, хто не взяв жодної взятки, учотирьох і той, хто роздає: у пулю (pool) — ціна взятки × множник; з гори (mountain_off) — стільки ж списується з гори, не нижче нуля; нічого (none).",
        "A player with no trick, with four the dealer too: pool — the trick price × multiplier into the pool; mountain_off — as much off the mountain, not below zero; none — nothing.",
        kw=("ноль на распасах, чистый распас", "нуль на розпасах", "zero on all-pass"),
        cite=kodex(52),
        quote="Игрок, не взявший при распасовке ни одной взятки, списываете с горы или пишет в пулю в зависимости от договоренности. Это относится и к сдатчику, если он не взял взятки.",
        reading=(
            "Третий выбор — ничего не писать — этого сервиса: так пишет ростовский набор, где распасы идут на висты (allpass_zero). Сколько писать, «Общие правила» не говорят: «одно очко» другого текста или одну взятку серии — решает договорённость, по умолчанию взятка серии (allpass_zero_multiplied).",
            "Третій вибір — нічого не писати — цього сервісу: так пише ростовський набір, де розпаси йдуть на вісти (allpass_zero). Скільки писати, «Общие правила» не кажуть: «одно очко» іншого тексту чи одну взятку серії — вирішує домовленість, типово взятка серії (allpass_zero_multiplied).",
            "The third choice — writing nothing — is this service's: the Rostov preset, where all-passes go to whists, uses it (allpass_zero). How much to write the general rules do not say: another text's \"one point\" or one trick of the series is a convention, by default the series' trick (allpass_zero_multiplied).",
        ),
    ),
    pconv(
        "allpass_exit",
        ("Выход из распасов", "Вихід із розпасів", "All-pass exit"),
        "Список наименьших игр после первых, вторых, третьих… распасов подряд, последняя повторяется: от одной до пяти цифр от 6 до 10. Мизер разрешён всегда.",
        "Список найменших ігор після перших, других, третіх… розпасів поспіль, остання повторюється: від однієї до п’яти цифр від 6 до 10. Мізер дозволено завжди.",
        "The least game after the 1st, 2nd, 3rd… all-pass in a row, the last repeating: one to five numbers from 6 to 10. A misère is always allowed.",
        kw=("выход из распасов, после распасов", "вихід із розпасів", "all-pass exit"),
        cite=named(*CHOSEN, PORTAL),
        quote="Выход из распасов (простой/затрудненный/тяжелый, 6/6/6, 6/7/7, 6/7/8, соответственно) ... Выход из распасов — ужесточенный (6,7,8,8…)",
        reading=(
            "Тексты называют простой (6/6/6), затруднённый (6/7/7) и тяжёлый (6/7/8) выходы и «ужесточённый» 6, 7, 8, 8, не называя школ; что сочинка выходит 6, 7, 7, ленинградка 6, 7, 8, а ростовский 6, 6, 6, — наборы этого сервиса (allpass_exit).",
            "Тексти називають простий (6/6/6), утруднений (6/7/7) і важкий (6/7/8) виходи та «посилений» 6, 7, 8, 8, не називаючи шкіл; що сочинка виходить 6, 7, 7, ленінградка 6, 7, 8, а ростовський 6, 6, 6, — набори цього сервісу (allpass_exit).",
            'The texts name the simple (6/6/6), hard (6/7/7) and heavy (6/7/8) exits and the "strict" 6, 7, 8, 8, naming no school; that Sochi exits 6, 7, 7, Leningrad 6, 7, 8 and Rostov 6, 6, 6 is this service\'s presets (allpass_exit).',
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
        "Пули закрыты: после сдачи, закрывшей пули всех. Сумма пуль: когда сумма пуль дошла до цифры, умноженной на число игроков. Число сдач: после оговорённого числа сдач. Закрыта: когда стол закрыт, например по времени. Горы в ноль: пули закрыты, «а очки горы списаны в ноль». Скачки: после последнего скачка.",
        "Пулі закриті: після здачі, що закрила пулі всіх. Сума пуль: коли сума пуль дійшла до цифри, помноженої на кількість гравців. Кількість здач: після обумовленої кількості здач. Закрито: коли стіл закрито, наприклад за часом. Гори в нуль: пулі закриті, а очки гори списано в нуль. Скачки: після останнього скачка.",
        'pools_full: after the deal that fills every pool. pools_total: when the pools add up to the target times the number of players. fixed_deals: after an agreed number of deals. closed: when the table is closed, e.g. on time. mountains_zero: the pools are full "and the mountain\'s points written down to zero". jumps: after the last jump (Skachki).',
        kw=(
            "конец пульки, по времени, число сдач",
            "кінець пульки, за часом",
            "end of pulka, time limit",
        ),
        cite=named(*FINISH, ENDING),
        quote="Установлено суммарное количество очков в пуле, и игроки его набрали; ... Определенное количество очков в пульке набрано, а очки горы списаны в ноль ... Существуют различные варианты условленного ограничения игры: по времени, по количеству кругов, до определенной величины в пуле.",
        reading=(
            "Что «суммарное количество» — цифра пули, умноженная на число игроков, и что при закрытых пулях очки сверх пули списываются с горы, пока горы не дойдут до нуля, — так читает этот сервис (end, help).",
            "Що «суммарное количество» — цифра пулі, помножена на кількість гравців, і що за закритих пуль очки понад пулю списуються з гори, доки гори не дійдуть до нуля, — так читає цей сервіс (end, help).",
            'That the "total" is the pool target times the number of players, and that with full pools points above the pool are written off the mountain until the mountains reach zero, is this service\'s reading (end, help).',
        ),
    ),
    pconv(
        "fixed_deals",
        ("Число сдач", "Кількість здач", "Number of deals"),
        "Сколько сдач играется, если пулька кончается по числу сдач: целое положительное число; распасы тоже считаются.",
        "Скільки здач грається, якщо пулька закінчується за кількістю здач: ціле додатне число; розпаси теж рахуються.",
        "How many deals are played when the pulka ends after a number of deals: a positive whole number; all-passes count.",
        kw=("число сдач, сколько сдач", "кількість здач", "number of deals, fixed deals"),
        cite=FINISH,
        quote="Определяется количество раздач, и оно сыграно",
        reading=(
            "Что распасы тоже считаются сдачами, тексты не говорят: так читает этот сервис (fixed_deals).",
            "Що розпаси теж рахуються здачами, тексти не кажуть: так читає цей сервіс (fixed_deals).",
            "That all-passes count as deals the texts do not say: this service's reading (fixed_deals).",
        ),
    ),
    pconv(
        "help",
        (
            "Помощь: куда идут очки сверх пули",
            "Допомога: куди йдуть очки понад пулю",
            "Help: points above the pool",
        ),
        "Кто закрыл пулю, в последующие игры «записывает вистующим в графе»: по часовой стрелке — другим, у кого пуля не закрыта, по очереди слева от пишущего, каждому сколько не хватает, по 10 вистов за очко, остаток списывается с его горы; сначала старшему — так же, но начиная с того, у кого пуля больше; без помощи — пуля растёт сверх цифры, никто не помогает.",
        "Хто закрив пулю, у подальших іграх записує вістуючим «в графі»: за годинниковою стрілкою — іншим, у кого пуля не закрита, по черзі ліворуч від того, хто пише, кожному скільки бракує, по 10 вістів за очко, залишок списується з його гори; спершу найбільшій — так само, але починаючи з того, у кого пуля більша; без допомоги — пуля росте понад цифру, ніхто не допомагає.",
        'Whoever has filled his pool writes later points "to the whisters in the column": clockwise — to the others below the target in turn from the writer\'s left, each up to what he lacks, 10 whists a point, the rest off his own mountain; highest_first — the same, the highest pool first; none — the pool grows above the target and nobody helps.',
        kw=(
            "помощь, в графе, сверх пули, закрыл пулю",
            "допомога, в графі, понад пулю",
            "help, over the pool, column",
        ),
        cite=kodex(43),
        quote="Если один из играющих запишет в пулю установленное количество раньше других, то в последующие игры он записывает вистующим й графе взятую сумму.",
        reading=(
            "Кому и в каком порядке идёт помощь, тексты не говорят: все три варианта — так читает этот сервис обычай столов (help).",
            "Кому й у якому порядку йде допомога, тексти не кажуть: усі три варіанти — так цей сервіс читає звичай столів (help).",
            "The texts do not say to whom and in what order help goes: all three values are this service's reading of table practice (help).",
        ),
    ),
    pconv(
        "check_9_10",
        (
            "Девятерная и десятерная проверяются",
            "Дев’ятерна й десятерна перевіряються",
            "Nines and tens are checked",
        ),
        "Нет: если оба спасовали, игра записывается без розыгрыша. Да: на девятерной и десятерной спасовавшие «не бросают карты», игру разыгрывают, и она считается как при двух вистующих — играющему пишут заказанное, противникам висты за их взятки, недовиста нет. Десятерная, которую проверяют (ten_checked), остаётся проверяемой.",
        "Ні: якщо обидва спасували, гру записують без розіграшу. Так: на дев’ятерній і десятерній ті, хто спасував, не кидають карти, гру розігрують, і її рахують як за двох вістуючих — граючому пишуть замовлене, супротивникам вісти за їхні взятки, недовісту немає. Десятерна, яку перевіряють (ten_checked), лишається такою.",
        'No (no): when both pass, the game is written without play. Yes (yes): on a nine or ten the passers "do not throw in their cards": the game is played and scored as if both had whisted — the declarer his contract, the defenders whists for their tricks, no shortfall. A checked ten (ten_checked) stays checked.',
        kw=(
            "проверка девятерной, проверочная игра, не бросают карты",
            "перевірка дев’ятерної",
            "check nine, check ten",
        ),
        source=(PREFERANS_RULES, SERVICE),
        cite=named(*SEVEN_TEN),
        quote="Если оба вистующих спасовали, то они не бросают карты. Они играют безвозмездно. ... Эта проверочная комбинация обязательна при «девятерной» и «десятерной» играх!",
        reading=(
            "«Общие правила» (п. 40) пишут такую игру без розыгрыша, поэтому по умолчанию проверки нет; что проверенная игра пишется как при двух вистующих и без недовиста («безвозмездно»), — так читает этот сервис (check_9_10).",
            "«Общие правила» (п. 40) пишуть таку гру без розіграшу, тому типово перевірки немає; що перевірену гру пишуть як за двох вістуючих і без недовісту («безвозмездно»), — так читає цей сервіс (check_9_10).",
            'The general rules (item 40) write such a game without play, so by default there is no check; that a checked game is written as with two whisters and without a shortfall ("безвозмездно") is this service\'s reading (check_9_10).',
        ),
    ),
    pconv(
        "consolation",
        ("Консоляция", "Консоляція", "Consolation"),
        "Да: на ремизе каждый противник (и вчетвером сдающий) пишет консоляцию на играющего. Нет: консоляцию не пишет никто.",
        "Так: на ремізі кожен супротивник (і вчотирьох той, хто роздає) пише консоляцію на граючого. Ні: консоляцію не пише ніхто.",
        "Yes (yes): on a remise every defender (and with four the dealer) writes the consolation on the declarer. No (no): nobody writes any.",
        kw=("консоляция, без консоляции, утешение", "консоляція", "consolation"),
        source=(PREFERANS_RULES, SERVICE),
        cite=kodex(48),
        quote="Консоляцией называется та плата, которую получая четвертый сдающий игрок или вистуюцие, когда они обремизирывают играющего.",
        reading=(
            "Консоляцию пишут «Общие правила» (п. 48); игру без неё (нет) тексты не знают: это договорённость других программ для подсчёта, которую этот сервис даёт столу (consolation).",
            "Консоляцію пишуть «Общие правила» (п. 48); гри без неї (ні) тексти не знають: це домовленість інших програм для підрахунку, яку цей сервіс дає столу (consolation).",
            "The general rules (item 48) write the consolation; play without it is not in the texts: it is other scorers' convention, which this service offers the table (consolation).",
        ),
    ),
    pconv(
        "allpass_zero_multiplied",
        (
            "Ноль на распасах: очко или взятка серии",
            "Нуль на розпасах: очко чи взятка серії",
            "Zero on an all-pass: one point or one trick",
        ),
        "Да: не взявший взятки пишет одну взятку этих распасов — цену взятки × множитель серии. Нет: ровно одно очко («ему пишется одно очко»).",
        "Так: той, хто не взяв взятки, пише одну взятку цих розпасів — ціну взятки × множник серії. Ні: рівно одне очко.",
        'Yes (yes): a player with no trick writes one trick of this all-pass — the trick price × the series multiplier. No (no): exactly one point ("he is written one point").',
        kw=(
            "одно очко на распасах, ноль взяток, чистый",
            "одне очко на розпасах",
            "zero trick point, one point",
        ),
        source=(PREFERANS_RULES, SERVICE),
        cite=named(
            *section(96, "«Распасовка»", "«Распасовка» (розпаси)", "«Распасовка» (all-pass)"),
            kodex(52),
        ),
        quote="Если играющим не была взята ни одна взятка, то ему пишется одно очко.",
        reading=(
            "Тексты расходятся: «пишется одно очко» и «запишут одну взятку»; по умолчанию этот сервис пишет одну взятку серии, как было до исправления (allpass_zero_multiplied).",
            "Тексти розходяться: «пишется одно очко» і «запишут одну взятку»; типово цей сервіс пише одну взятку серії, як було до виправлення (allpass_zero_multiplied).",
            'The texts disagree: "one point is written" and "one trick is written"; by default this service writes one trick of the series, as before the correction (allpass_zero_multiplied).',
        ),
    ),
    pconv(
        "allpass_amnesty",
        ("Амнистия на распасах", "Амністія на розпасах", "All-pass amnesty"),
        "Нет: каждая взятка считается. Поровну: «списываются, как при амнистии, одинаковое количество взяток у всех» — у каждого вычитают столько взяток, сколько взял взявший меньше всех. Три: первые три взятки «подлежат амнистии», за каждую сверх трёх — 10 в гору (только когда распасы пишутся в гору).",
        "Ні: кожна взятка рахується. Порівну: у всіх списують однакову кількість взяток — стільки, скільки взяв той, хто взяв найменше. Три: перші три взятки підлягають амністії, за кожну понад три — 10 у гору (лише коли розпаси пишуться в гору).",
        'None (none): every trick counts. Min (min): "the same number of tricks is struck off for everyone, as in an amnesty" — the fewest anyone took. Three (three): the first three tricks "are amnestied", each one above three costs 10 into the mountain (only when all-passes go to the mountain).',
        kw=(
            "амнистия, списываются взятки, поддавки, три взятки",
            "амністія, піддавки",
            "amnesty, giveaway, three tricks",
        ),
        source=(PREFERANS_RULES, SERVICE),
        cite=named(
            *section(429, "«Распасовка»", "«Распасовка» (розпаси)", "«Распасовка» (all-pass)"),
            GIVEAWAY,
        ),
        quote="После окончания игры списываются, как при амнистии, одинаковое количество взяток у всех. ... За каждую взятку сверх трех дается по 10 ремизов.",
        reading=(
            "«После окончания игры» можно читать и как конец пульки, а не распасов: поэтому ни один набор амнистию не включает; что при «трёх» множители серии и горы по-прежнему действуют, — так читает этот сервис (allpass_amnesty).",
            "«После окончания игры» можна читати і як кінець пульки, а не розпасів: тому жоден набір амністію не вмикає; що за «трьох» множники серії й гори й далі діють, — так читає цей сервіс (allpass_amnesty).",
            '"After the game" may mean the end of the pulka, not of the all-pass: so no preset turns the amnesty on; that under "three" the series and mountain multipliers still apply is this service\'s reading (allpass_amnesty).',
        ),
    ),
    pconv(
        "lone_whist_duty",
        (
            "Сколько обязан один вистующий",
            "Скільки мусить узяти один вістуючий",
            "A lone whister's duty",
        ),
        "Полностью: один вистующий отвечает за всё обязательство таблицы (на шестерной четыре на двоих). По «Общим правилам»: вистующий без приглашения «при простой игре — он должен взять только две, при игре семь, восемь и девять — одну» своих взяток.",
        "Повністю: один вістуючий відповідає за все зобов’язання таблиці (на шестерній чотири на двох). За «Общими правилами»: вістуючий без запрошення на простій грі мусить узяти лише дві, на сім, вісім і дев’ять — одну свою взятку.",
        'Full (full): a lone whister answers for the table\'s whole obligation (four on a six). By the general rules (kodex41): an uninvited whister "on a simple game must take only two, on seven, eight and nine one" of his own tricks.',
        kw=(
            "один вистующий, без приглашения, обязательство",
            "один вістуючий, без запрошення",
            "lone whister, uninvited, duty",
        ),
        source=(PREFERANS_RULES, SERVICE),
        cite=named(*kodex(41), COUNT),
        quote="Если один на объявленную игру пасует, а другой вистует и идет без приглашения, то число обязательных взяток для виста изменяется так: при простой игре — он должен взять только две, при игре семь, восемь и девять — одну. ... Если вистовал один, то он получит «в гору» без одной",
        reading=(
            "Что «он должен взять» — это свои взятки вистующего и что на вистуемой десятерной он должен одну, как на девятерной, — так читает этот сервис; по умолчанию — всё обязательство таблицы (lone_whist_duty).",
            "Що «он должен взять» — це власні взятки вістуючого і що на десятерній, яку вістують, він мусить одну, як на дев’ятерній, — так читає цей сервіс; типово — усе зобов’язання таблиці (lone_whist_duty).",
            "That \"he must take\" counts the whister's own tricks, and one on a whisted ten as on a nine, is this service's reading; by default the table's whole obligation (lone_whist_duty).",
        ),
    ),
    pconv(
        "bombs",
        ("Бомбы (брандеры)", "Бомби (брандери)", "Bombs"),
        "Да (классика): сдачу можно играть на бомбе — простой, двойной или тройной: всё, что она пишет, умножается на 2, 4 или 8. Бомба держится, пока игра не сыграна: после сыгранной игры она исчезает, после ремиза, несыгранного мизера или распасов переходит на следующую сдачу. Нет: бомб нет.",
        "Так (класика): здачу можна грати на бомбі — простій, подвійній чи потрійній: усе, що вона пише, множиться на 2, 4 чи 8. Бомба тримається, доки гру не зіграно: після зіграної гри зникає, після реміза, незіграного мізеру чи розпасів переходить на наступну здачу. Ні: бомб немає.",
        "Yes (yes; Classic): a deal may be played on a bomb — single, double or triple: everything it writes is multiplied by 2, 4 or 8. The bomb stays until a contract is made: after a made game it goes, after a remise, a failed misère or an all-pass it carries to the next deal. No (no): no bombs.",
        kw=(
            "бомба, брандер, двойная бомба, классика",
            "бомба, брандер, класика",
            "bomb, brander, classic",
        ),
        source=(PREFERANS_RULES, SERVICE),
        cite=named(
            *section(
                206,
                "«Правила преферанса классика»",
                "«Правила преферанса классика»",
                "«Правила преферанса классика» (Classic)",
            ),
            SCHOOLS,
        ),
        quote="Партия, сыгранная на бомбе, увеличивается в два раза на простой, в четыре раза – на двойной и в восемь раз – на тройной. Если партия сыграна, то бомба исчезает, в противном случае – сохраняется",
        reading=(
            "Что бомба — состояние стола, которое держится от сдачи к сдаче, пока игра не сыграна, и что распасы тоже её сохраняют, — так читает этот сервис (bombs).",
            "Що бомба — стан столу, який тримається від здачі до здачі, доки гру не зіграно, і що розпаси теж її зберігають, — так читає цей сервіс (bombs).",
            "That a bomb is a state of the table carried from deal to deal until a contract is made, all-passes included, is this service's reading (bombs).",
        ),
    ),
    pconv(
        "jumps",
        ("Скачки: сколько скачков", "Скачки: скільки скачків", "Skachki: number of jumps"),
        "Нет: пулька без скачков. Число: «5 по 20» — пулька из пяти скачков до 20 в пуле. Кто первым «доскакал» (призёр), пишет на остальных премию, и тот, у кого меньше всех гора (амнистёр), тоже; пули закрываются и начинается новый скачок, «гора и висты не закрываются».",
        "Ні: пулька без скачків. Число: «5 по 20» — пулька з п’яти скачків до 20 у пулі. Хто першим «доскакав» (призер), пише на інших премію, і той, у кого найменша гора (амністер), теж; пулі закриваються й починається новий скачок, гора й вісти не закриваються.",
        'None (none): no jumps. A number: "5 by 20" — a pulka of five jumps to 20 in the pool. The first to get there (the prizer) writes the premium on the others, and so does the player with the smallest mountain (the amnester); the pools close and a new jump starts, "mountain and whists are not closed".',
        kw=(
            "скачки, скачок, 5 по 20, призёр, амнистёр",
            "скачки, скачок, призер",
            "skachki, jumps, prizer",
        ),
        source=(PREFERANS_RULES, SERVICE),
        cite=SCHOOLS,
        quote="Обычно играется «5 по 20» (иногда «7 по 20»), то есть игра состоит из пяти скачков до 20 в пуле. Тот, кто первый «доскакал» до 20 очков в пуле («призер»), пишет на остальных по 100 вистов.",
        reading=(
            "Кто призёр, когда пули закрываются в одной сдаче, и кто амнистёр при равных горах, тексты не говорят: первый в порядке записи сдачи, при равных горах — призёр или первый по часовой стрелке (jumps).",
            "Хто призер, коли пулі закриваються в одній здачі, і хто амністер за рівних гір, тексти не кажуть: перший у порядку запису здачі, за рівних гір — призер або перший за годинниковою стрілкою (jumps).",
            "Who is the prizer when pools close in one deal, and the amnester on equal mountains, the texts do not say: the first in the deal's order of writing; on equal mountains the prizer, else the first clockwise (jumps).",
        ),
    ),
    pconv(
        "jump_premium",
        ("Скачки: премия", "Скачки: премія", "Skachki: premium"),
        "Сколько вистов пишут на каждого призёр и амнистёр скачка: «чаще всего — 100 вистов»; целое неотрицательное число.",
        "Скільки вістів пишуть на кожного призер і амністер скачка: найчастіше 100 вістів; ціле невід’ємне число.",
        'How many whists the prizer and the amnester of a jump write on each other player: "most often 100"; a non-negative whole number.',
        kw=("премия скачка, 100 вистов", "премія скачка", "jump premium"),
        cite=SCHOOLS,
        quote="Размер премий является предметом соглашения игроков перед началом игры, чаще всего — 100 вистов.",
    ),
]
