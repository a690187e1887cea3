"""Convention values of both games as a reader says them, in ru/uk/en: "пополам (split)"
rather than a bare "split". The engines' words (`scoring.engine.conventions`,
`scoring.preferans.conventions`) stay the settings' notation; the convention pages show each
value in the reader's language with the word in brackets."""

from __future__ import annotations

from typing import Any

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

# Preferans (`scoring.preferans.CONVENTIONS`): convention -> engine word -> (ru, uk, en).
WORDS.update(
    {
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
            "pool": ("в пулю", "у кулю", "into the pool"),
            "mountain_off": ("с горы", "з гори", "off the mountain"),
            "none": ("ничего", "нічого", "nothing"),
        },
        "allpass_dealer": {
            "rotates": ("по очереди", "по черзі", "in turn"),
            "stays": ("тот же сдающий", "той самий", "the same dealer"),
        },
        "end": {
            "pools_full": ("пули закрыты", "кулі закриті", "every pool full"),
            "fixed_deals": ("число сдач", "кількість здач", "a number of deals"),
            "closed": ("стол закрыт", "стіл закрито", "the table closed"),
        },
    }
)

# Preferans presets by their players' names (the Deberc ones are the tournaments app's labels).
PRESET_NAMES: dict[str, tuple[str, str, str]] = {
    "sochi": ("сочинка", "сочинка", "Sochi"),
    "leningrad": ("ленинградка", "ленінградка", "Leningrad"),
    "rostov": ("ростовский", "ростовський", "Rostov"),
}

# Words every kind of value shares.
YES = ("да", "так", "yes")
NO = ("нет", "ні", "no")
NONE = ("—", "—", "—")
WHOLE_NUMBER = ("целое число", "ціле число", "a whole number")
MERCY_DEFAULT = ("да — 250", "так — 250", "yes — 250")
FOUR_PLAYERS_ONLY = ("да, только вчетвером", "так, лише вчотирьох", "yes, with 4 players only")
BOLT_50_100 = (
    "50 вдвоём, 100 втроём и парами",
    "50 удвох, 100 утрьох і парами",
    "50 with 2, 100 with 3 or pairs",
)

POSITIVE_NUMBER = ("целое положительное число", "ціле додатне число", "a positive whole number")
ONE_OR_TWO = ("1 или 2", "1 або 2", "1 or 2")
EXIT_LIST = (
    "от одной до пяти игр от 6 до 10",
    "від однієї до п’яти ігор від 6 до 10",
    "one to five games from 6 to 10",
)

_LANG_INDEX = {"ru": 0, "uk": 1, "en": 2}


def _pick(words: tuple[str, str, str], lang: str) -> str:
    return words[_LANG_INDEX.get(lang, 2)]


def preset_name(preset: str, lang: str) -> str | None:
    """A Preferans preset's name in `lang` ("ленинградка"); None for a preset of another game."""
    words = PRESET_NAMES.get(preset)
    return _pick(words, lang) if words else None


def value_shown(convention: str, value: Any, lang: str) -> str:
    """A convention's value as a reader says it: "пополам (split)", "да", "501", "—"."""
    if value is True:
        return _pick(YES, lang)
    if value is False:
        return _pick(NO, lang)
    if value is None:
        return _pick(NONE, lang)
    if value == "4p":
        return _pick(FOUR_PLAYERS_ONLY, lang)
    if value == "50/100":
        return _pick(BOLT_50_100, lang)
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, str):
        words = WORDS.get(convention, {}).get(value)
        if words is None:
            return value
        said = _pick(words, lang)
        return said if said == value else f"{said} ({value})"
    return str(value)


def allowed_shown(convention: str, kind: str, allowed: Any, lang: str) -> list[str]:
    """What a convention may be set to, as a reader says it."""
    if kind == "bool":
        return [_pick(YES, lang), _pick(NO, lang)]
    if kind == "whole":
        return [_pick(WHOLE_NUMBER, lang)]
    if kind in ("positive", "deals"):
        return [_pick(POSITIVE_NUMBER, lang)]
    if kind == "one_or_two":
        return [_pick(ONE_OR_TWO, lang)]
    if kind == "limit":
        return [_pick(WHOLE_NUMBER, lang), value_shown(convention, "none", lang)]
    if kind == "exit":
        return [_pick(EXIT_LIST, lang)]
    if kind == "mercy":
        return [
            value_shown(convention, "off", lang),
            f"{_pick(MERCY_DEFAULT, lang)} (true)",
            _pick(WHOLE_NUMBER, lang),
        ]
    return [value_shown(convention, value, lang) for value in allowed or ()]
