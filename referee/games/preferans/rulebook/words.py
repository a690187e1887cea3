"""Preferans' convention values and presets as a reader says them, in ru/uk/en ("в гору" for
`mountain`): the engine's words (`scoring.games.preferans.engine.conventions`) stay the
settings' notation; the convention pages show each value in the reader's language."""

from __future__ import annotations

# convention -> engine word -> (ru, uk, en)
WORDS: dict[str, dict[str, tuple[str, str, str]]] = {
    "whist_split": {
        "whister": (
            "ответственный, жлобский",
            "відповідальний, жлобський",
            "responsible",
        ),
        "halves": (
            "джентльменский, пополам",
            "джентльменський, навпіл",
            "gentleman, half each",
        ),
    },
    "shortfall": {
        "full": ("целиком вистующему", "повністю вістуючому", "all to the whister"),
        "half": ("половина вистующему", "половина вістуючому", "half to the whister"),
        "shared": (
            "пополам с пасовавшим",
            "навпіл із тим, хто пасував",
            "shared with the passer",
        ),
    },
    "allpass_scoring": {
        "mountain": ("в гору", "у гору", "into the mountain"),
        "whists": ("вистами", "вістами", "in whists"),
    },
    "allpass_progression": {
        "none": ("без прогрессии", "без прогресії", "no progression"),
        "arithmetic": ("1, 2, 3…", "1, 2, 3…", "1, 2, 3…"),
        "geometric": ("1, 2, 4…", "1, 2, 4…", "1, 2, 4…"),
    },
    "allpass_progression_limit": {
        "none": ("без предела", "без межі", "no limit"),
    },
    "allpass_zero": {
        "pool": ("в пулю", "у пулю", "into the pool"),
        "mountain_off": ("с горы", "з гори", "off the mountain"),
        "none": ("ничего", "нічого", "nothing"),
    },
    "allpass_dealer": {
        "rotates": ("по очереди", "по черзі", "in turn"),
        "stays": ("тот же сдающий", "той самий", "the same dealer"),
    },
    "end": {
        "pools_full": ("пули закрыты", "пулі закриті", "every pool full"),
        "fixed_deals": ("число сдач", "кількість здач", "a number of deals"),
        "closed": ("стол закрыт", "стіл закрито", "the table closed"),
        "pools_total": ("сумма пуль", "сума пуль", "the pools' total"),
        "mountains_zero": (
            "пули закрыты, горы списаны",
            "пулі закриті, гори списані",
            "pools full, mountains written off",
        ),
        "jumps": ("после последней скачки", "після останньої скачки", "after the last jump"),
    },
    "lone_whist_duty": {
        "full": ("за обоих вистующих", "за обох вістуючих", "for both whisters"),
        "kodex41": (
            "только свои взятки (п. 41)",
            "лише свої взятки (п. 41)",
            "his own tricks only (item 41)",
        ),
    },
    "allpass_amnesty": {
        "none": ("без амнистии", "без амністії", "no amnesty"),
        "min": ("списать минимум у всех", "списати мінімум у всіх", "the fewest struck off"),
        "three": (
            "три взятки бесплатно",
            "три взятки безкоштовно",
            "three tricks free",
        ),
    },
    "help": {
        "clockwise": ("по часовой стрелке", "за годинниковою стрілкою", "clockwise"),
        "highest_first": ("сначала самой полной", "спершу найповнішій", "the fullest pool first"),
        "none": ("без помощи", "без допомоги", "no help"),
    },
    "jumps": {
        "none": ("без скачек", "без скачок", "no jumps"),
    },
}

# The presets by their players' names.
PRESET_NAMES: dict[str, tuple[str, str, str]] = {
    "sochi": ("сочинка", "сочинка", "Sochi"),
    "leningrad": ("ленинградка", "ленінградка", "Leningrad"),
    "rostov": ("ростовский", "ростовський", "Rostov"),
    "classic": ("классика", "класика", "Classic"),
    "skachki": ("скачки", "скачки", "Skachki"),
}
