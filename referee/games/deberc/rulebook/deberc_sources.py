"""Where each Deberc article stands in the rule texts (issues 21, 34): the lines it quotes, the
text and section those lines stand in as a referee finds them ("московские правила";
"описание вариантов деберца: «Харьковский Деберц»"; "онлайн-стол: правила игры"), a short
quote in the text's own words, and, where the texts disagree or are silent, this service's
reading with the convention that changes it.

The rule texts are: 000, the Moscow rules (in Ukrainian); 001, the Russian guide to the
variants, whose sections are Moscow (again), the agreements it files under Kharkov, Kharkov,
Odessa, short deberc and deberc with fifties; 003, an online table's rules. A quote names the
lines it comes from (`at`: "001:141", one per piece of the quote, pieces joined by " … ") and
its label is read from them (`cite_of`), so that a quote from seed 001's Moscow section is
never labelled as seed 000's Moscow rules: a referee looking in the Ukrainian text would not
find it there.

Kept in one table rather than inside each article so that a reviewer can check every Deberc
article against the texts in one place (docs/rulebook-checklist.md walks the same list). The
Moscow rules (000) are written in Ukrainian: their quotes stay in Ukrainian and the page marks
the quote's language; everything else is quoted from the Russian texts.
"""
# ruff: noqa: E501 -- quotes read better unbroken

from __future__ import annotations

from dataclasses import dataclass, replace

from referee.rulebook.base import RuleArticle, _per_lang

Names = tuple[str, str, str]  # ru, uk, en


@dataclass(frozen=True)
class Text:
    """One rule text as readers name it, with its sections by their first line."""

    name: Names
    sections: tuple[tuple[int, Names], ...] = ()
    lang: str = "ru"  # the language it is written in (its quotes stay in it)

    def section_at(self, line: int) -> Names:
        found: Names = ("", "", "")
        for first, names in self.sections:
            if line >= first:
                found = names
        return found


def _part(title: str, uk_note: str = "", en_note: str = "") -> Names:
    """A section of the Russian guide by its own heading (as a referee finds it in the text)."""
    return (
        f"раздел «{title}»",
        f"розділ «{title}»" + (f" ({uk_note})" if uk_note else ""),
        f"section «{title}»" + (f" ({en_note})" if en_note else ""),
    )


TEXTS: dict[str, Text] = {
    "000": Text(("московские правила", "московські правила", "the Moscow rules"), lang="uk"),
    "001": Text(
        (
            "описание вариантов деберца",
            "опис варіантів деберцу",
            "the guide to the Deberc variants",
        ),
        (
            (1, ("вступление", "вступ", "introduction")),
            (21, _part("Московский Деберц", "московський деберц", "Moscow deberc")),
            (
                112,
                (
                    "раздел «Договоренности в игре» (харьковские)",
                    "розділ «Договоренности в игре» (харківські домовленості)",
                    "section «Договоренности в игре» (Kharkov's agreements)",
                ),
            ),
            (133, _part("Харьковский Деберц", "харківський деберц", "Kharkov deberc")),
            (155, _part("Клабор (Одесский Деберц)", "одеський деберц", "Odessa deberc")),
            (175, _part("Короткий Деберц", "короткий деберц", "short deberc")),
            (184, _part("Деберц с полтинниками", "деберц із полтинниками", "deberc with fifties")),
        ),
    ),
    "003": Text(
        ("онлайн-стол", "онлайн-стіл", "the online table"),
        (
            (1, ("параметры стола", "параметри столу", "the table options")),
            (24, ("правила игры", "правила гри", "the rules of the game")),
            (86, ("английский текст", "англійський текст", "the English text")),
        ),
    ),
}
# Seed 001's sections, by their first and last line, for the tests and the checklist.
GUIDE_SECTIONS = {
    "moscow": (21, 111),
    "agreements": (112, 132),
    "kharkov": (133, 154),
    "odessa": (155, 174),
    "short": (175, 183),
    "fifties": (184, 185),
}


def place(at: str) -> tuple[str, int]:
    """ "001:141" → ("001", 141)."""
    seed, line = at.split(":")
    return seed, int(line)


def cite_of(at: tuple[str, ...]) -> Names:
    """The label of the quoted lines, per language: each text once, with its sections in the
    order quoted ("описание вариантов деберца: «Московский Деберц», «Клабор (…)»")."""
    grouped: dict[str, list[Names]] = {}
    for where in at:
        seed, line = place(where)
        section = TEXTS[seed].section_at(line)
        found = grouped.setdefault(seed, [])
        if section[0] and section not in found:
            found.append(section)
    out = []
    for i in range(3):
        parts = []
        for seed, sections in grouped.items():
            name = TEXTS[seed].name[i]
            inner = _joined([s[i] for s in sections], _PLURAL[i])
            parts.append(f"{name}: {inner}" if inner else name)
        out.append("; ".join(parts))
    return out[0], out[1], out[2]


_PLURAL = (("раздел ", "разделы "), ("розділ ", "розділи "), ("section ", "sections "))


def _joined(sections: list[str], plural: tuple[str, str]) -> str:
    """«A», «B» under one "sections" word where several sections are headed ones."""
    one, many = plural
    headed = [s for s in sections if s.startswith(one)]
    if len(headed) < 2:
        return ", ".join(sections)
    rest = [s for s in sections if not s.startswith(one)]
    return ", ".join([*rest, many + ", ".join(s[len(one) :] for s in headed)])


def quote_pieces(quote: str) -> list[str]:
    """The pieces of a quote, as `at` names their lines (joined by " … ")."""
    return [p.strip() for p in " ".join(quote.split()).split("…") if p.strip()]


@dataclass(frozen=True)
class Where:
    at: tuple[str, ...]  # the seed lines quoted, one per piece of the quote
    quote: str
    reading: Names = ("", "", "")

    @property
    def cite(self) -> Names:
        return cite_of(self.at)


WHERE: dict[str, Where] = {
    # --- §1 cards -------------------------------------------------------------------------
    "cards.deck": Where(
        ("001:3",),
        "Количество колод: 1 Количество карт в колоде: 32",
        (
            "Запись карт (10H, QS, русские буквы) — запись этого сервиса для протокола, правила её не касаются; ни одна договорённость её не меняет.",
            "Запис карт (10H, QS, російські літери) — запис цього сервісу для протоколу, правила його не стосуються; жодна домовленість його не змінює.",
            "The card notation (10H, QS, Russian letters) is this service's way of writing a record; the rules do not deal with it and no convention changes it.",
        ),
    ),
    "cards.order": Where(
        ("001:6",),
        "Старшинство карт: в козырной масти - 7, 8, Д, К, 10, Т, 9, В; в некозырной масти - 7, 8, 9, В, Д, К, 10, Т.",
    ),
    "cards.points": Where(
        ("000:58",),
        "спочатку рахують очки за комбінації, за послід, а також за козирні валет і дев’ятку – ці очки називають «на слово»",
    ),
    "cards.dealt": Where(
        ("001:28",),
        "Таким образом, каждый игрок имеет перед началом розыгрыша по 9 карт.",
        (
            "Как проверять записанные очки, правила не говорят: сервис принимает их, только если их даёт какой-то расклад сданных карт (ошибка impossible_points); ни одна договорённость этого не меняет.",
            "Як перевіряти записані очки, правила не кажуть: сервіс приймає їх, лише якщо їх дає якийсь розклад розданих карт (помилка impossible_points); жодна домовленість цього не змінює.",
            "The rules do not say how recorded figures are checked: the service accepts them only if some split of the dealt cards gives them (error impossible_points); no convention changes this.",
        ),
    ),
    "cards.sequence": Where(
        ("003:47",),
        "При определении терцев и полтинников используется порядок карт, отличный от принятого старшинства: туз, король, дама, валет, десять, девять, восемь, семь.",
    ),
    # --- §2 table and deal ----------------------------------------------------------------
    "deal.table": Where(
        ("001:5", "001:125", "001:157"),
        "Количество игроков: 2, 3, 4 … за это назначают штраф при игре в 2 и 4 (сам за себя) игрока -50 очков и при игре в 3 и 4 (пара на пару) в -100 очков … при игре в 4 игрока играют парами двое на двое",
    ),
    "deal.dealing": Where(
        ("001:23",),
        "Колода тщательно тасуется, снимается и каждому игроку раздается по 6 карт по 3 карты за раз.",
    ),
    "deal.bidding": Where(
        ("001:26",),
        'Второй этап. Начиная с игрока слева от сдатчика и далее по часовой стрелке, каждый игрок вправе объявить любую другую масть козырной, назвав эту масть, например, "червы" или сказав "пас".',
    ),
    "deal.void": Where(
        ("001:26",),
        'Существует вариант игры, который называется "с обязом", когда если все говорят пас на втором этапе торговли, то сдатчик должен обязательно выбрать козырную масть и играть, и новой сдачи карт нет.',
    ),
    "deal.four_sevens": Where(
        ("001:29", "001:29"),
        "Если у одного из игроков имеются 4 семерки … то игрок может потребовать пересдачи карт, показав карты другим игрокам, но только до того, как будет сделан первый ход розыгрыша.",
        (
            "Кто сдаёт заново, правила не говорят: тот же сдатчик, сдача записывается пустой; ни одна договорённость этого не меняет.",
            "Хто роздає знову, правила не кажуть: той самий гравець, здача записується порожньою; жодна домовленість цього не змінює.",
            "The rules do not say who deals again: the same dealer, and the deal is recorded as void; no convention changes this.",
        ),
    ),
    "deal.redeals": Where(
        ("001:164", "001:158", "001:174"),
        "если у игрока после сдачи карт, на руках без прикупа менее 2-х очков, то объявляется пересдача карт … карты сдаются всегда по очереди по часовой стрелке … то объявляется пересдача, а со счета игрока (игроков) вычитается 100 очков",
        (
            "Кто сдаёт одесские пересдачи, текст не говорит: сервис отдаёт их следующему по очереди сдатчику и объявляет пересдачу при малом числе очков сам, без просьбы (redeal_below, renonce_penalty); пересдача за четыре семёрки остаётся у того же сдатчика.",
            "Хто роздає одеські перездачі, текст не каже: сервіс віддає їх наступному за чергою і оголошує перездачу за малої кількості очок сам, без прохання (redeal_below, renonce_penalty); перездача за чотири сімки лишається в того самого гравця.",
            "The text does not say who deals Odessa's redeals: the service gives them to the next dealer in turn and declares the poor-hand redeal by itself, unasked (redeal_below, renonce_penalty); the four-sevens redeal stays with the same dealer.",
        ),
    ),
    "deal.cut": Where(
        ("001:136", "001:162"),
        "карты необходимо сдвигать, если игрок не сдвинул карты, то ему записывается байд … сдвиг колоды после тасования карт обязателен",
        (
            "Байт за несдвинутую колоду — только харьковское правило; Одесса называет сдвиг обязательным без наказания. Отдельного нарушения «не сдвинул» у сервиса нет: решение судьи остаётся в его решениях, сдачу записывают так, как её присудили; ни одна договорённость этого не меняет.",
            "Байт за незсунуту колоду — лише харківське правило; Одеса називає зсув обов’язковим без покарання. Окремого порушення «не зсунув» у сервісу немає: рішення судді лишається в його рішеннях, здачу записують так, як її присудили; жодна домовленість цього не змінює.",
            "The byte for a missed cut is Kharkov's rule only; Odessa calls the cut obligatory and names no penalty. The service has no violation for a missed cut: the referee's decision stays among the rulings and the deal is recorded as awarded; no convention changes this.",
        ),
    ),
    "deal.kharkov_deal": Where(
        ("001:141", "001:139"),
        "после того как определился козырь, игрокам раздают не по 3, а по 4 карты при игре в 2 или 3 игрока, и раздают по 2 карты при игре в 4 игрока … при игре вдвоем фреза (нижняя карта колоды) не открывается",
        (
            "Что делают с открытой картой (её берёт играющий, кладут под колоду или меняют на семёрку), сервис не записывает: у всех на руках поровну, по 10 карт, и очки проверяются по картам, которые действительно в игре (deal_after_trump).",
            "Що роблять із відкритою картою (її бере граючий, кладуть під колоду чи міняють на сімку), сервіс не записує: у всіх на руках порівну, по 10 карт, і очки перевіряються за картами, які справді в грі (deal_after_trump).",
            "What becomes of the turned card (the declarer takes it, it goes under the deck or is swapped for the seven) is not recorded: every hand holds 10 cards and the figures are checked against the cards really in play (deal_after_trump).",
        ),
    ),
    # --- §3 trick play --------------------------------------------------------------------
    "play.follow_suit": Where(
        ("001:51",),
        "Следующий игрок по часовой стрелке должен класть карту такой же масти, если такой карты нет, то должен положить свою любую козырную карту, если и такой карты нет, то должен положить свою любую карту.",
    ),
    "play.overtrump": Where(
        ("001:51", "001:171"),
        "Если ход сделан с козырной карты, то ее надо обязательно перебивать … козырь соперника перебивается всегда",
    ),
    "play.trick": Where(
        ("001:51",),
        "При розыгрыше каждой следующей взятки первым ходит игрок, который берет предыдущую взятку.",
    ),
    "play.renonce": Where(
        ("001:151",),
        "В таком случае, в конце игры игрок заметивший это, имеет право забрать у этого игрока одну любую взятку, но только кроме взятки с козырным валетом",
        (
            "Парами при харьковском ренонсе забирают взятку, которую взял сам нарушитель, а не его партнёр; запись по картам должна назвать, кто заметил и какую взятку забрал; одесскую пересдачу сдаёт следующий по очереди сдатчик (renonce_penalty).",
            "Парами при харківському ренонсі забирають взятку, яку взяв сам порушник, а не його партнер; запис по картах має назвати, хто помітив і яку взятку забрав; одеську перездачу роздає наступний за чергою (renonce_penalty).",
            "With pairs, Kharkov's renonce takes a trick the violator took, not the partner's; a card-by-card record must name who noticed it and which trick was taken; Odessa's redeal is dealt by the next dealer in turn (renonce_penalty).",
        ),
    ),
    # --- §4 combinations ------------------------------------------------------------------
    "combinations.kinds": Where(
        ("001:31",),
        "терц - 3 карты одной масти подряд, например, 7-8-9; полтинник, берц, полтина, полташ - 4 карты одной масти подряд, например, 7-8-9-10",
    ),
    "combinations.notation": Where(
        ("000:25",),
        "каже з карти якого номіналу і масті його терц починається – наприклад, «терц від пікового валета»",
        (
            "Запись комбинации старшей картой (terz:KH, fifty:AS) — запись этого сервиса для протокола; ни одна договорённость её не меняет.",
            "Запис комбінації старшою картою (terz:KH, fifty:AS) — запис цього сервісу для протоколу; жодна домовленість його не змінює.",
            "Writing a combination by its top card (terz:KH, fifty:AS) is this service's record notation; no convention changes it.",
        ),
    ),
    "combinations.how_high": Where(
        ("000:26", "000:29", "000:28"),
        "то в момент викриття такої обставини роздачу припиняють і аннулють, а порушника карають байтом на картах … Сразу можна об’явити свої комбінації тоді, коли є на руках козирнимй полтинник від туза, а в усіх інших випадках питається вишка … то його комбінації аннулюються, а опонента проходять – така кара за незаконне питання",
        (
            "Втроём комбинации соперников сравнивают между собой как обычно, парами свои комбинации теряет пара спросившего, белла остаётся, а комбинациям соперника по-прежнему нужна взятка (combinations_need_trick); сотню объявляют сразу, и правила вопроса к ней не относятся (hundred).",
            "Утрьох комбінації суперників порівнюють між собою як звичайно, парами свої комбінації втрачає пара того, хто спитав, белла лишається, а комбінаціям суперника, як і раніше, потрібна взятка (combinations_need_trick); сотню оголошують одразу, і правила питання її не стосуються (hundred).",
            "With three players the opponents' combinations are compared as usual, with pairs the asker's pair loses its combinations, bella stays, and the opponent's combinations still need a trick (combinations_need_trick); a hundred is declared at once and the question's rules do not apply to it (hundred).",
        ),
    ),
    "combinations.seniority": Where(
        ("001:40", "001:48"),
        "При равенстве комбинаций, где карты комбинаций одинаковы и комбинации не козырные, преимущество получает игрок, который объявил комбинацию первым … если козырных терцев нет, то тот, кто объявил по порядку сдачи карт первым, побеждает",
        (
            "Равные некозырные комбинации — первой руке по порядку сдачи, как говорят тексты; «объявил первым» буквально, первому пошедшему, — прочтение некоторых столов, и взявшему послед — Одесса (combination_tie); учитывать ли козырь — договорённость (trump_in_combination).",
            "Рівні некозирні комбінації — першій руці за порядком роздачі, як кажуть тексти; «оголосив першим» буквально, першому, хто пішов, — прочитання деяких столів, і тому, хто взяв послід, — Одеса (combination_tie); чи враховувати козир — домовленість (trump_in_combination).",
            'Equal non-trump combinations go to the eldest in the order of dealing, as the texts say; "declared first" taken literally, to whoever led first, is how some tables read it, and to the last trick is Odessa\'s (combination_tie); whether trump counts is a convention (trump_in_combination).',
        ),
    ),
    "combinations.need_trick": Where(
        ("001:70",),
        "Очки за терцы и полтинники записываются игроку только в том случае, если он взял хотя бы одну взятку, пусть даже без очков.",
        (
            "Тексты расходятся (онлайн-стол: «его объявления считаются независимо от взяток»); по умолчанию сервис требует взятку (combinations_need_trick).",
            "Тексти розходяться (онлайн-стіл: оголошення зараховуються незалежно від взяток); за замовчуванням сервіс вимагає взятку (combinations_need_trick).",
            "The texts disagree (the online table: declarations count regardless of tricks); by default the service requires a trick (combinations_need_trick).",
        ),
    ),
    "combinations.bella": Where(
        ("001:50", "001:149", "001:160"),
        "Беллу игрок может объявить в любой момент, как до начала игры, так и при своем первом ходе. … бела может быть объявлена только до того момента, когда будет перевернута последняя взятка … бела объявляется только в момент, когда игрок кладет козырную даму или козырного короля",
        (
            "Когда объявили беллу, сервис не проверяет: записанная белла пишется владельцу (по записи по картам — если король и дама у него на руках); кому идут её очки — договорённость (bella_to_trick_winner).",
            "Коли оголосили беллу, сервіс не перевіряє: записана белла пишеться власнику (за записом по картах — якщо король і дама в нього на руках); кому йдуть її очки — домовленість (bella_to_trick_winner).",
            "The service does not check when bella was declared: a recorded bella scores for its holder (with a card-by-card record, if the king and queen are in their hand); who gets its points is a convention (bella_to_trick_winner).",
        ),
    ),
    "combinations.debertz": Where(
        ("001:146",),
        "комбинация деберц может считаться по-другому - 6 или 7 карт одной масти подряд, это могут быть козырные или не козырные карты. Игрок объявивший и показавший деберц, получает максимум очков (301, 501, 1001) и выигрывает партию",
        (
            "Если деберц объявили двое, побеждает первый по часовой стрелке от сдатчика; клабор («партия считается им выигранной») сервис считает так же, как деберц: счёт партии держателя становится равным цели (debertz, klabor).",
            "Якщо деберц оголосили двоє, перемагає перший за годинниковою стрілкою від того, хто роздає; клабор («партия считается им выигранной») сервіс рахує так само, як деберц: рахунок партії власника стає рівним меті (debertz, klabor).",
            "If two players declare one, the first clockwise from the dealer's left wins; a klabor (\"the match is counted as won\") is scored like a debertz: the holder's match total becomes the target (debertz, klabor).",
        ),
    ),
    # --- §5 scoring a deal ----------------------------------------------------------------
    "scoring.deal_total": Where(
        ("001:62",),
        'К набранным очкам за взятки игроки приплюсовывают бонусные очки за комбинации и за последнюю взятку, что называется "послед".',
    ),
    "scoring.made": Where(
        ("001:74",),
        "В каждой сдаче игрок, который объявил козыря, должен взять больше очков, чем его соперник при игре вдвоем или чем его оба соперника при игре втроем.",
    ),
    "scoring.byte": Where(
        ("001:78",),
        "Если игра проходит втроем, то очки игрока записываются тому из двоих соперников, который взял больше очков.",
    ),
    "scoring.hanging_byte": Where(
        ("001:83", "001:166"),
        'в данном случае очки этого игрока записываются отдельно и называются "висячий байд". Эти очки получит тот из игроков, включая игрока заказавшего игру, кто в следующей сдаче наберет наибольшее количество очков … объявляется "висяк" и карты сдает следующий игрок по часовой стрелке и тот кто выбирал козырь в прошлый раз должен будет играть в ту масть, которая выпадет при сдаче',
        (
            "Висячка или висяк — договорённость (hanging_replay); пересдача в обязательной сдаче (четыре семёрки, мало очков) — не пустая сдача: тот же сдатчик сдаёт снова, и обязательная сдача ждёт своего играющего.",
            "Висячка чи висяк — домовленість (hanging_replay); перездача в обов’язковій здачі (чотири сімки, мало очок) — не порожня здача: той самий гравець роздає знову, і обов’язкова здача чекає свого граючого.",
            "Pool or forced deal is a convention (hanging_replay); a redeal in the forced deal (four sevens, few points) is not a passed-out deal: the same dealer deals again and the forced deal waits for its declarer.",
        ),
    ),
    "scoring.hanging_pools": Where(
        ("003:82",),
        "либо в следующей сдаче разыгрывается вся сумма очков двух висячих байдов, либо в следующей сдаче разыгрывается первый висячий байд, а затем - второй.",
        (
            "Если наибольший итог делят имеющие право, банк висит дальше; банк никогда не достаётся тому, кто на него права не имеет (hanging_separately, hanging_on_byte_3p).",
            "Якщо найбільший підсумок ділять ті, хто має право, банк висить далі; банк ніколи не дістається тому, хто права на нього не має (hanging_separately, hanging_on_byte_3p).",
            "A top total shared by eligible players leaves the pool hanging; a pool never goes to a player not eligible for it (hanging_separately, hanging_on_byte_3p).",
        ),
    ),
    "scoring.halving": Where(
        ("001:152",),
        "очки игрока, который получил байд, могут быть поделены поровну между двумя другими игроками, независимо от того, кто из них набрал больше очков",
        (
            "Куда идёт нечётное очко, правила не говорят: раньше по часовой стрелке от сдатчика (byte_3p, hanging_on_byte_3p).",
            "Куди йде непарне очко, правила не кажуть: раніше за годинниковою стрілкою від того, хто роздає (byte_3p, hanging_on_byte_3p).",
            "The rules do not say where an odd point goes: to the earlier player clockwise from the dealer's left (byte_3p, hanging_on_byte_3p).",
        ),
    ),
    "scoring.next_dealer": Where(
        ("001:23",),
        "в следующей сдаче сдает карты тот игрок, который наберет наибольшее количество очков в предыдущей сдаче (в некоторых компаниях сдают карты по очереди)",
        (
            "Если наибольший итог у двух соперников, сдаёт первый из них по часовой стрелке; после пустой сдачи сдают по часовой стрелке (dealer).",
            "Якщо найбільший підсумок у двох суперників, роздає перший із них за годинниковою стрілкою; після порожньої здачі роздають за годинниковою стрілкою (dealer).",
            "When two opponents share the highest total, the first of them clockwise deals; after a void deal the deal passes clockwise (dealer).",
        ),
    ),
    # --- §6 violations --------------------------------------------------------------------
    "violations.card_byte": Where(
        ("000:67", "000:69"),
        "непорушивший правила гравець записує собі всі очки, в тому числі за декларовані комбінації і послід, які є у обох гравців на руках … опонент гравця, який порушив правила, маючи на руках не обявдлену беллу, має право її декларувати зразу після порушення",
        (
            "Число 162 — из описания вариантов («за одну сдачу можно набрать 162 очка»); московские правила говорят только «всі очки». Втроём правила молчат: сервис делит ту же сумму пополам между двумя другими; ни одна договорённость этого не меняет.",
            "Число 162 — з опису варіантів («за одну сдачу можно набрать 162 очка»); московські правила кажуть лише «всі очки». Утрьох правила мовчать: сервіс ділить ту саму суму навпіл між двома іншими; жодна домовленість цього не змінює.",
            'The 162 is the guide to the variants\' figure (a deal can make 162); the Moscow rules say only "all the points". With three players the rules are silent: the service halves the same sum between the other two; no convention changes this.',
        ),
    ),
    "violations.false_declaration": Where(
        ("001:97",),
        "Байдом также наказывается: фальшренонс (ошибочный ход картой); при наличии лишней карты на руках; недостачи карты на руках; ложное объявление комбинации",
    ),
    "violations.illegal_question": Where(
        ("000:26", "000:29"),
        "Якщо ж він спитає про вишку терца опонента, маючи при цьому непрохідний терц, чи взагалі не маючи на руках ні терца, ні полтинника, то в момент викриття такої обставини роздачу припиняють і аннулють, а порушника карають байтом на картах … маючи на руках терц чи некозирний полтиннник від десятки, Р каже «проходить»",
    ),
    "violations.late_senior": Where(
        ("000:30", "000:32"),
        "Якщо ж, впевнившись, що об’явлена ним комібінація старша за комбінації опонента, він захоче об’явити комбінацію, яка старша за об’явлену спочатку, то таку комбінацію враховувати не будуть … то їх вже не враховують",
    ),
    "violations.illegal_swap": Where(
        ("001:106",),
        "замена козырной семерки на фрезу (нижняя карта оставшейся колоды, которая кладется поверх бывшего потенциального козыря); замена семеркой вскрытого потенциального козыря, если игра идет иначе.",
    ),
    "violations.wrong_card_count": Where(
        ("001:97",),
        "Байдом также наказывается: фальшренонс (ошибочный ход картой); при наличии лишней карты на руках; недостачи карты на руках",
    ),
    "violations.bolt": Where(
        ("001:125", "001:161"),
        "за это назначают штраф при игре в 2 и 4 (сам за себя) игрока -50 очков и при игре в 3 и 4 (пара на пару) в -100 очков … со счета игрока вычитается 100 очков",
    ),
    "violations.three_bytes": Where(
        ("001:137",),
        "3 набранных байда могут налагаться штрафом в -100 очков",
    ),
    "violations.pencil_rule": Where(
        ("001:94",),
        "Если соперник у другого игрока заметил приписку лишних очков, то он указывает на эту ошибку и записывает себе разницу, а с этого игрока списываются эти очки.",
        (
            "Исправление записи всегда сохраняет исходную в истории; штрафы правила карандаша — только по договорённости, обычно выключенной (pencil_rule).",
            "Виправлення запису завжди зберігає початковий в історії; штрафи правила олівця — лише за домовленістю, зазвичай вимкненою (pencil_rule).",
            "A correction always keeps the original in the history; the pencil rule's penalties apply only by convention, usually off (pencil_rule).",
        ),
    ),
    "violations.declarer_short": Where(
        ("001:94",),
        "Если игрок (за исключением играющего) записал меньше очков, чем набрал, то ошибка также просто исправляется без наказания. Если играющий записал меньше очков, чем положено, то объявляется байд.",
        (
            "Байт за недописанные очки сервис ставит только по договорённости, обычно выключенной (pencil_rule).",
            "Байт за недописані очки сервіс ставить лише за домовленістю, зазвичай вимкненою (pencil_rule).",
            "The service puts a declarer in byte for writing too few points only by convention, usually off (pencil_rule).",
        ),
    ),
    # --- §7 the match ---------------------------------------------------------------------
    "match.target": Where(
        ("001:22", "001:120"),
        "Партия играется до 501 очка. … Существует вариант игры вдвоем, когда игроку для победы нужно набрать не 501 очков, а 301 очко. При игре вчетвером возможна игра до 1001 очка.",
    ),
    "match.winner": Where(
        ("000:65",),
        "Якщо при підрахунку з’ясовують, що обидва набрали не менше 501 очка, виграє той, хто взяв послід. Інколи грають і так, що в такій ситуації переможцем об’являють гравця, у якого набрано більше очок.",
        (
            "Если и это не решает (втроём), побеждает больший итог, затем первый по часовой стрелке от сдатчика (both_over_target).",
            "Якщо й це не вирішує (утрьох), перемагає більший підсумок, далі перший за годинниковою стрілкою від того, хто роздає (both_over_target).",
            "If that still does not decide (three players), the higher total wins, then the earlier clockwise from the dealer's left (both_over_target).",
        ),
    ),
    "match.closing": Where(
        ("000:66",),
        "Така заява, називається «закриття», може бути зроблене в любий момент гри на своєму ході, але тільки не під час розіграшу останньої взятки.",
    ),
    "match.false_closing": Where(
        ("001:153",),
        "партия не может быть досрочно завершена на козырного валета. Игрок, который хочет закрыть партию, должен взять любую взятку после хода козырным валетом. Если же валет был все же последней взяткой, то игроки начинают новую сдачу.",
        (
            "«Все очки за сыгранные сдачи» сервис читает как счёт заявившего до этой сдачи: он обнуляется, соперник получает его вдвойне, втроём пополам (false_closing); по записи по картам сервис проверяет взятку после козырного валета.",
            "«Усі очки за зіграні здачі» сервіс читає як рахунок того, хто заявив, до цієї здачі: він обнуляється, суперник отримує його вдвічі, утрьох навпіл (false_closing); за записом по картах сервіс перевіряє взятку після козирного валета.",
            '"All points of the played deals" is read as the claimant\'s total before this deal: it drops to 0 and the opponent gets it doubled, halved with three players (false_closing); with a card-by-card record the service checks the trick after the trump jack.',
        ),
    ),
    "match.mercy": Where(
        ("001:185",),
        "в любое время после назначения соперником козыря, но перед до сдачей трех последних карт, игрок может предложить сопернику записать без игры 50 очков. Если разрыв в записи очков достигнет 250 очков, то партия будет считаться законченной",
        (
            "Когда было сделано предложение и кто назначил козырь, сервис не проверяет — это проверяет судья; разрыв считается только от единственного лидера (mercy_gap).",
            "Коли було зроблено пропозицію і хто призначив козир, сервіс не перевіряє — це перевіряє суддя; розрив рахується лише від єдиного лідера (mercy_gap).",
            "The service does not check when the offer was made or who named the trump: the referee does; the gap counts only from a single leader (mercy_gap).",
        ),
    ),
    "match.result": Where(
        ("000:70",),
        "за кожну виграну партію переможець може отримувати одне умовне очко, а може, згідно попередньої домовленості, і різницю між 501 очками і очками, які були набрані опонентом",
    ),
    "match.short": Where(
        ("001:182",),
        'Короткий деберц в одну сдачу с даве (предложение сдаться) вдвоем. Игрок, который скажет "даве" предлагает сопернику сдаться за определенное количество очков или играть за двойное количество этих очков.',
        (
            "Короткую партию сервис записывает как партию в одну сдачу (format, fixed_deals), с байтом или без (byte), и считает её ставки; даве не записывает.",
            "Коротку партію сервіс записує як партію в одну здачу (format, fixed_deals), з байтом чи без (byte), і рахує її ставки; даве не записує.",
            "The service records a short match as a match of one deal (format, fixed_deals), with or without byte (byte), and counts its stakes; it does not record даве.",
        ),
    ),
    "match.project_defaults": Where(
        ("001:19",),
        "Деберц имеет большое количество вариантов и договоренностей: Московский Деберц, Харьковский Деберц, Одесский Деберц (Клабор), Деберц с договоренностями и др.",
        (
            "Харьковское ложное закрытие, пересдачи и четверых каждого за себя меняет договорённость стола (false_closing, redeal_below, renonce_penalty, pairs); остальные решения не меняет ни одна договорённость.",
            "Харківське хибне закриття, перездачі й чотирьох кожного за себе змінює домовленість столу (false_closing, redeal_below, renonce_penalty, pairs); інших рішень не змінює жодна домовленість.",
            "A table's convention changes the Kharkov false closing, the redeals and four each for himself (false_closing, redeal_below, renonce_penalty, pairs); no convention changes the other choices.",
        ),
    ),
    # --- §8 presets -----------------------------------------------------------------------
    "presets.moscow": Where(
        ("001:20",),
        "Для начала опишем правила игры в Деберц по московским правилам, так как данные правила считаются классическими, а все остальные варианты игры являются от него производными.",
    ),
    "presets.online": Where(
        ("003:81",),
        'Если в следующую сдачу случится байд, "повисшие" очки разделят поровну вистующие.',
        (
            "Оба набрали 501 — в правилах онлайн-стола этого нет: сервис отдаёт победу большему счёту, при равенстве — взявшему послед (both_over_target).",
            "Обидва набрали 501 — у правилах онлайн-столу цього немає: сервіс віддає перемогу більшому рахунку, за рівності — тому, хто взяв послід (both_over_target).",
            "Both over 501 is not in the online table's rules: the service gives the match to the higher total, on equal totals to the last trick (both_over_target).",
        ),
    ),
    "presets.kharkov": Where(
        ("001:134", "001:134"),
        "В Харьковский Деберц (Дэбчик) играют по правилам Московского Деберца за нижеперечисленными изменениями в правилах. … а количество договоренностей в игре определяется игроками",
        (
            "Пресет включает все харьковские договорённости сразу; стол может выключить любую (renonce_penalty, false_closing, obligatory_order).",
            "Пресет вмикає всі харківські домовленості одразу; стіл може вимкнути будь-яку (renonce_penalty, false_closing, obligatory_order).",
            "The preset turns every Kharkov convention on at once; a table may switch any of them off (renonce_penalty, false_closing, obligatory_order).",
        ),
    ),
    "presets.odessa": Where(
        ("001:167",),
        "терцы и полтины можно показывать в промежутке от сдачи карт и до переворачивания второй взятки",
        (
            "Когда показаны терцы, сервис не проверяет; висяк и пересдача при малом числе очков — договорённости (hanging_replay, redeal_below).",
            "Коли показано терци, сервіс не перевіряє; висяк і перездача за малої кількості очок — домовленості (hanging_replay, redeal_below).",
            "The service does not check when terzes were shown; the forced deal and the redeal for a poor hand are conventions (hanging_replay, redeal_below).",
        ),
    ),
    # --- §9 conventions -------------------------------------------------------------------
    "conventions.target": Where(
        ("001:22",),
        "Партия играется до 501 очка.",
    ),
    "conventions.obligatory_order": Where(
        ("001:140",),
        'если сдатчику второй раз предоставляется возможность выбора козыря, то он должен назвать другую масть, то есть которая не была потенциальным козырем. Обычно так загоняют сдатчика в "обяз"',
    ),
    "conventions.seven_swap": Where(
        ("001:114",),
        "любой игрок, который имеет козырную семь может обменять ее на открытый на столе козырь, как до прикупа, так и после, но только до первого хода",
    ),
    "conventions.first_lead": Where(
        ("001:150",),
        "первый ход принадлежит играющему",
    ),
    "conventions.overtrump": Where(
        ("001:171",),
        "козырь соперника перебивается всегда",
    ),
    "conventions.hundred": Where(
        ("001:147",),
        'при игре в 4 игрока в игру вводится дополнительная комбинация "сотня" - 5 карт одной масти подряд',
    ),
    "conventions.debertz": Where(
        ("001:146",),
        "комбинация деберц может считаться по-другому - 6 или 7 карт одной масти подряд",
    ),
    "conventions.trump_in_combination": Where(
        ("003:22",),
        "Если выбран параметр «Харьков», то в старшинстве комбинаций терц и берц, козырь не учитывается.",
    ),
    "conventions.combination_tie": Where(
        ("001:48", "001:168"),
        "если козырных терцев нет, то тот, кто объявил по порядку сдачи карт первым, побеждает … если у обоих соперников терц по старшинству совпадает и оба терца некозырные, то терц засчитывается тому из них, кто взял последнюю взятку",
        (
            "«Первому объявившему» (тот, кто первым пошёл и объявил, когда первый ход за играющим) — прочтение, а не правило текстов; ни один набор правил его не выбирает (combination_tie).",
            "«Першому, хто оголосив» (той, хто першим пішов і оголосив, коли перший хід за граючим) — прочитання, а не правило текстів; жоден набір правил його не обирає (combination_tie).",
            '"To the first declared" (whoever led first and declared, when the declarer leads) is a reading, not the texts\' rule; no preset chooses it (combination_tie).',
        ),
    ),
    "conventions.combinations_need_trick": Where(
        ("001:70",),
        "Очки за терцы и полтинники записываются игроку только в том случае, если он взял хотя бы одну взятку, пусть даже без очков.",
        (
            "Онлайн-стол в другом месте считает объявления независимо от взяток; по умолчанию сервис требует взятку (combinations_need_trick).",
            "Онлайн-стіл в іншому місці зараховує оголошення незалежно від взяток; за замовчуванням сервіс вимагає взятку (combinations_need_trick).",
            "The online table elsewhere counts declarations regardless of tricks; by default the service requires a trick (combinations_need_trick).",
        ),
    ),
    "conventions.bella_to_trick_winner": Where(
        ("001:160",),
        "Если игрок объявляет белу, а взятку забирает другой игрок, то очки за белу записываются игроку взявшему взятку",
        (
            "Без записи по картам сервис не знает, кто взял эту взятку, и оставляет беллу владельцу (bella_to_trick_winner).",
            "Без запису по картах сервіс не знає, хто взяв цю взятку, і лишає беллу власнику (bella_to_trick_winner).",
            "Without a card-by-card record the service cannot tell who took that trick and leaves bella with its holder (bella_to_trick_winner).",
        ),
    ),
    "conventions.winner_takes_all": Where(
        ("003:10",),
        "Если выбран параметр ДА, то игроку заказавшему игру и набравшего в раунде, большее число очков записывается сумма очков всех игроков, включая вистующих.",
    ),
    "conventions.byte_3p": Where(
        ("001:152",),
        "очки игрока, который получил байд, могут быть поделены поровну между двумя другими игроками, независимо от того, кто из них набрал больше очков",
    ),
    "conventions.hanging_separately": Where(
        ("003:19",),
        "Если выбран параметр ДА, то возникшие одновременно несколько «висячих байдов» разыгрываются по отдельности в последующих раундах",
    ),
    "conventions.hanging_on_byte_3p": Where(
        ("003:81",),
        'Если в следующую сдачу случится байд, "повисшие" очки разделят поровну вистующие.',
        (
            "Банк не достаётся тому, кто на него права не имеет: если право есть только у одного из двух вистующих, он забирает банк целиком (hanging_on_byte_3p).",
            "Банк не дістається тому, хто права на нього не має: якщо право має лише один із двох вістуючих, він забирає банк цілком (hanging_on_byte_3p).",
            "A pool never goes to a player not eligible for it: when only one of the two opponents is eligible, that one takes the whole pool (hanging_on_byte_3p).",
        ),
    ),
    "conventions.dealer": Where(
        ("001:136",),
        "каждая последующая сдача производится не выигравшим игроком, а по очереди по часовой стрелке",
    ),
    "conventions.renonce_penalty": Where(
        ("001:174",),
        'в том случае, если игрок забирает взятку козырем, или кладет другую масть, при условии, что у него на руках имеется масть, с которой был "заход", то объявляется пересдача, а со счета игрока (игроков) вычитается 100 очков',
        (
            "Одесский ренонс не пишет «Б» и не считается для штрафа за три байта, а пересдаёт следующий по очереди сдатчик; харьковский парами забирает взятку самого нарушителя (renonce_penalty).",
            "Одеський ренонс не пише «Б» і не рахується для штрафу за три байти, а перероздає наступний за чергою; харківський парами забирає взятку самого порушника (renonce_penalty).",
            "Odessa's renonce writes no \"Б\", does not count for three bytes, and the next dealer in turn deals the redeal; Kharkov's, with pairs, takes a trick of the violator's own (renonce_penalty).",
        ),
    ),
    "conventions.hanging_replay": Where(
        ("001:166",),
        "Терцы и полтины не объявляются ни кем, разрешается объявлять только белу. Если игрок заработавший висяк, выиграет эту игру, то очки записываются обычным образом с добавлением очков прошлой игры. Если будет байд, то очки получит соперник за обе игры",
        (
            "Снова ровно — очки висяка растут и следующая сдача снова обязательная; пересдача в обязательной сдаче её не отменяет; висяк, не сыгранный к концу партии, пропадает (hanging_replay).",
            "Знову порівну — очки висяка ростуть і наступна здача знову обов’язкова; перездача в обов’язковій здачі її не скасовує; висяк, не зіграний до кінця партії, пропадає (hanging_replay).",
            "Equal again: the hanging total grows and the next deal is forced again; a redeal in the forced deal does not cancel it; a total still waiting at the end of the match is lost (hanging_replay).",
        ),
    ),
    "conventions.redeal_below": Where(
        ("001:164", "001:158"),
        "если у игрока после сдачи карт, на руках без прикупа менее 2-х очков, то объявляется пересдача карт. Иногда минимальное количество очков игроки оговаривают перед игрой … карты сдаются всегда по очереди по часовой стрелке",
        (
            "Пересдача объявляется сама, без просьбы, и сдаёт её следующий по очереди сдатчик: текст не говорит, кто сдаёт, сервис читает это по «сдаются всегда по очереди» (redeal_below).",
            "Перездача оголошується сама, без прохання, і роздає її наступний за чергою: текст не каже, хто роздає, сервіс читає це за «сдаются всегда по очереди» (redeal_below).",
            'The redeal is declared by itself, unasked, and dealt by the next dealer in turn: the text does not say who deals it; the service reads it by "always dealt in turn" (redeal_below).',
        ),
    ),
    "conventions.bolt_penalty": Where(
        ("001:161",),
        "если после окончания всех разыгрываемых карт в сдаче игрок не взял ни одной взятки, то со счета игрока вычитается 100 очков",
    ),
    "conventions.three_bytes_penalty": Where(
        ("001:123",),
        "Иногда за 3 набранных байда игроку назначается штраф в -100 очков.",
    ),
    "conventions.both_over_target": Where(
        ("000:65",),
        "Інколи грають і так, що в такій ситуації переможцем об’являють гравця, у якого набрано більше очок. Якщо ж очок порівно, знову розглядають послід.",
    ),
    "conventions.false_closing": Where(
        ("001:153",),
        "Если же у игрока не хватает нужного количества очков, то все очки за сыгранные сдачи вдвойне достаются сопернику и игра продолжается",
        (
            "«Все очки за сыгранные сдачи» — счёт заявившего до этой сдачи; втроём удвоенный счёт делят двое других (false_closing).",
            "«Усі очки за зіграні здачі» — рахунок того, хто заявив, до цієї здачі; утрьох подвоєний рахунок ділять двоє інших (false_closing).",
            '"All points of the played deals" is the claimant\'s total before this deal; with three players the other two share the doubled total (false_closing).',
        ),
    ),
    "conventions.match_score": Where(
        ("000:70", "000:70"),
        "переможець може отримувати одне умовне очко, а може, згідно попередньої домовленості, і різницю між 501 очками і очками, які були набрані опонентом … Якщо ж обидва гравці набрали не менше 501 очка, то переможець їх різницю не пише",
    ),
    "conventions.klabor": Where(
        ("001:173",),
        'может использоваться дополнительная комбинация карт "клабор" это 6 карт одной масти подряд с туза, сразу сданных игроку без дополнительно розданных карт прикупа. Если игрок объявляет клабор, то партия считается им выигранной',
        (
            "Как и при деберце, счёт партии объявившего становится равным цели, остальные сохраняют свой (klabor).",
            "Як і з деберцом, рахунок партії того, хто оголосив, стає рівним меті, інші зберігають свій (klabor).",
            "As with debertz, the holder's match total becomes the target and the others keep theirs (klabor).",
        ),
    ),
    "conventions.format": Where(
        ("001:177",),
        "Короткий деберц: выигрывает тот игрок, который наберет большее количество очков.",
    ),
    "conventions.fixed_deals": Where(
        ("001:178",),
        "Короткий деберц в одну сдачу без байда вдвоем: выигрывает тот игрок, который наберет большее количество очков; кто заказал козырь не имеет никакого значения.",
        (
            "Равные итоги — взявшему послед последней сдачи, затем первому по часовой стрелке от её сдатчика; сдача считается с байтом как обычно, если стол не выбрал короткий деберц без байта (fixed_deals, byte).",
            "Рівні підсумки — тому, хто взяв послід останньої здачі, далі першому за годинниковою стрілкою від того, хто її роздавав; здача рахується з байтом як звичайно, якщо стіл не обрав короткий деберц без байту (fixed_deals, byte).",
            "Equal totals go to the last trick of the final deal, then the earlier clockwise from its dealer's left; the deal is scored with bytes as usual unless the table chose short deberc without byte (fixed_deals, byte).",
        ),
    ),
    "conventions.mercy_gap": Where(
        ("001:185",),
        "Если разрыв в записи очков достигнет 250 очков, то партия будет считаться законченной, а выигрыш будет принадлежать игроку, который ведет в счете.",
        (
            "Пока лидируют двое с равным счётом, разрыв ничего не заканчивает (mercy_gap).",
            "Доки лідирують двоє з рівним рахунком, розрив нічого не закінчує (mercy_gap).",
            "While two players share the lead, the gap ends nothing (mercy_gap).",
        ),
    ),
    "conventions.pencil_rule": Where(
        ("001:94",),
        "При ошибке в 100 очков ошибка просто исправляется без наказания.",
    ),
    "conventions.deal_after_trump": Where(
        ("001:141",),
        "после того как определился козырь, игрокам раздают не по 3, а по 4 карты при игре в 2 или 3 игрока, и раздают по 2 карты при игре в 4 игрока, таким образом вся колода в игре",
        (
            "«Вся колода в игре» точно только вчетвером (втроём в игре 30 карт, вдвоём 20); что делают с открытой картой, сервис не записывает: руки у всех одинаковые (deal_after_trump).",
            "«Вся колода в игре» точно лише вчотирьох (утрьох у грі 30 карт, удвох 20); що роблять із відкритою картою, сервіс не записує: руки в усіх однакові (deal_after_trump).",
            '"The whole deck is in play" is exact only with four (three hold 30 cards, two 20); what becomes of the turned card is not recorded: every hand has the same size (deal_after_trump).',
        ),
    ),
    "conventions.pairs": Where(
        ("001:125", "001:135"),
        "за это назначают штраф при игре в 2 и 4 (сам за себя) игрока -50 очков и при игре в 3 и 4 (пара на пару) в -100 очков … возможно играть вчетвером, в том числе пара на пару",
        (
            "Текст называет четверых, каждого за себя, только в штрафе за лыжу: сервис принимает это только при харьковском наборе правил и играет их по правилам для троих — байт, висячка и байт на картах на троих (pairs, byte_3p, hanging_on_byte_3p).",
            "Текст називає чотирьох, кожного за себе, лише в штрафі за лижу: сервіс приймає це лише за харківського набору правил і грає їх за правилами для трьох — байт, висячка й байт на картах на трьох (pairs, byte_3p, hanging_on_byte_3p).",
            "The text names four each for himself only in the bolt penalty: the service accepts it only with the Kharkov ruleset and plays it by the three-player rules, byte, hanging byte and card byte shared by three (pairs, byte_3p, hanging_on_byte_3p).",
        ),
    ),
    "conventions.byte": Where(
        ("001:178", "001:180", "001:181"),
        'Короткий деберц в одну сдачу без байда вдвоем: выигрывает тот игрок, который наберет большее количество очков; кто заказал козырь не имеет никакого значения … в случае меньшего набора очков, чем его соперник, проигрывает двойную ставку - байд вдвойне … в случае выигрыша получает с каждого игрока по одной "ставке", в случае проигрыша - платит каждому по одной "ставке"',
        (
            "Висячий байт в короткой партии стоит играющему одну ставку, а без байта победитель получает одну ставку с каждого: этого текст не говорит; парами считают как вдвоём, четверых каждого за себя — как троих (byte).",
            "Висячий байт у короткій партії коштує граючому одну ставку, а без байту переможець отримує одну ставку з кожного: цього текст не каже; парами рахують як удвох, чотирьох кожного за себе — як трьох (byte).",
            "A hanging byte in a short match costing the declarer one stake, and the winner without byte taking one stake from each, are not in the text; pairs count as two players, four individuals as three (byte).",
        ),
    ),
}


def with_source(rule: RuleArticle) -> RuleArticle:
    """The Deberc article with its place in the texts, its quote and this service's reading
    (an article that already names its place keeps its own)."""
    where = WHERE.get(rule.id)
    if rule.game != "deberc" or where is None or rule.cite:
        return rule
    return replace(
        rule,
        cite=_per_lang(where.cite),
        quote=" ".join(where.quote.split()),
        reading=_per_lang(where.reading),
    )
