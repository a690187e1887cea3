"""Deberc's convention values and presets as a reader says them, in ru/uk/en ("пополам" for
`split`): the engine's words (`scoring.games.deberc.engine.conventions`) stay the settings'
notation; the convention pages show each value in the reader's language."""

from __future__ import annotations

# convention -> engine word -> (ru, uk, en)
WORDS: dict[str, dict[str, tuple[str, str, str]]] = {
    "first_lead": {
        "eldest": ("первая рука", "перша рука", "the eldest"),
        "declarer": ("играющий", "граючий", "the declarer"),
    },
    "overtrump": {
        "trump_lead": ("при ходе с козыря", "при ході з козиря", "when trump is led"),
        "always": ("всегда", "завжди", "always"),
    },
    "debertz": {
        "off": ("не играется", "не грається", "not played"),
    },
    "trump_in_combination": {
        "moscow": (
            "по-московски: козырь учитывается",
            "по-московськи: козир враховується",
            "Moscow: trump counts",
        ),
        "kharkov": (
            "по-харьковски: козырь не учитывается",
            "по-харківськи: козир не враховується",
            "Kharkov: trump ignored",
        ),
    },
    "combination_tie": {
        "eldest": ("первой руке", "першій руці", "to the eldest"),
        "first_declared": ("первому объявившему", "першому, хто оголосив", "to the first declared"),
        "last_trick": ("взявшему послед", "тому, хто взяв послід", "to the last trick"),
    },
    "byte_3p": {
        "top": (
            "сопернику с большими очками",
            "супернику з більшими очками",
            "to the higher opponent",
        ),
        "split": ("пополам", "навпіл", "halved"),
    },
    "hanging_on_byte_3p": {
        "top": ("лучшему", "кращому", "to the best"),
        "split": ("пополам", "навпіл", "halved"),
    },
    "dealer": {
        "winner": ("выигравший сдачу", "той, хто виграв здачу", "the deal's winner"),
        "clockwise": ("по очереди", "по черзі", "in turn"),
    },
    "renonce_penalty": {
        "card_byte": ("байт на картах", "байт на картах", "a card byte"),
        "redeal_minus_100": ("пересдача и −100", "перездача і −100", "a redeal and −100"),
        "take_trick": (
            "соперник забирает взятку",
            "суперник забирає взятку",
            "the opponent takes a trick",
        ),
    },
    "hanging_replay": {
        "pool": ("висячий байт разыгрывается", "висячий байт розігрується", "a hanging pool"),
        "forced": (
            "висяк: тот же играющий играет следующую сдачу",
            "висяк: той самий гравець грає наступну роздачу",
            "висяк: the same declarer plays the next deal",
        ),
    },
    "both_over_target": {
        "last_trick": ("взявший послед", "той, хто взяв послід", "the last trick"),
        "higher": ("больший счёт", "більший рахунок", "the higher total"),
    },
    "false_closing": {
        "loses": ("проигрыш партии", "програш партії", "loses the match"),
        "double_to_opponents": (
            "удвоенный счёт соперникам",
            "подвоєний рахунок суперникам",
            "double to the opponents",
        ),
    },
    "match_score": {
        "win": ("1 за победу", "1 за перемогу", "1 per win"),
        "difference": ("разница", "різниця", "the difference"),
    },
    "format": {
        "race": ("до набора очков", "до набору очок", "race to the target"),
        "fixed": ("число сдач", "кількість здач", "a fixed number of deals"),
    },
    "mercy_gap": {
        "off": ("выключено", "вимкнено", "off"),
    },
}

# The presets by the names club members give them.
PRESET_NAMES: dict[str, tuple[str, str, str]] = {
    "moscow": ("Московский", "Московський", "Moscow"),
    "online": ("Онлайн-стол", "Онлайн-стіл", "Online table"),
    "kharkov": ("Харьковский", "Харківський", "Kharkov"),
    "odessa": ("Одесский", "Одеський", "Odessa"),
}
