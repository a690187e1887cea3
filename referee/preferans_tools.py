"""The referee's Preferans tools [преферанс]: "score this deal" and "settle this pulka".

Every figure comes from the Preferans engine (`scoring.preferans.score_pulka`); this module
reads the request, asks the engine, and tells the answer step by step in the asker's
language with the rulebook articles it applied. Nothing here is stored. These are
Preferans's own tools: they import its engine directly.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from scoring.preferans import FORMAT, PreferansError, resolve_conventions, score_pulka
from scoring.preferans.contracts import MISERE_PRICE, obligation_of, parse_contract, share_of

from .tools import ToolError, tool_lang

_KEYS = ("ruleset", "conventions", "players", "first_dealer", "closed", "deals")


def _err(field: str | None, code: str, message: str) -> dict[str, Any]:
    return {"field": field, "code": code, "message": message}


def _engine_errors(exc: PreferansError) -> ToolError:
    """The engine's problems in the API's `{field, code, message}` shape (deal kept)."""
    problems = []
    for problem in exc.errors:
        field = problem.get("field")
        if problem.get("deal"):
            field = f"deals[{problem['deal'] - 1}]" + (f".{field}" if field else "")
        problems.append(_err(field, problem["code"], problem["message"]))
    return ToolError(problems)


def record_of(data: Any) -> dict[str, Any]:
    """A pulka record from a request: `{"record": {...}}` or the record's own keys."""
    if not isinstance(data, dict):
        raise ToolError([_err(None, "bad_format", "a JSON object is expected")])
    record = data.get("record", data)
    if not isinstance(record, dict):
        raise ToolError([_err("record", "bad_format", "the record is a JSON object")])
    record = {k: record[k] for k in (*_KEYS, "format") if k in record}
    record.setdefault("format", FORMAT)
    record.setdefault("ruleset", "sochi")
    return record


def _score(record: dict[str, Any]) -> dict[str, Any]:
    try:
        return score_pulka(record)
    except PreferansError as exc:
        raise _engine_errors(exc) from exc


def _fmt(value: Fraction | int) -> str:
    """A figure as a referee says it: 19⅓ → "19 1/3", −6⅔ → "−6 2/3"."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator).replace("-", "−")
    sign = "−" if value < 0 else ""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    fraction = f"{rest}/{value.denominator}"
    return f"{sign}{whole} {fraction}" if whole else f"{sign}{fraction}"


# --- score this deal -------------------------------------------------------------------------

_SUIT_SIGNS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def contract_shown(contract: str | None) -> str:
    """`7H` as a referee writes it: 7♥; `10NT`: 10 without trumps."""
    found = parse_contract(contract) if contract else None
    if found is None:
        return contract or ""
    if found.suit == "NT":
        return _("%(level)s without trumps") % {"level": found.level}
    return f"{found.level}{_SUIT_SIGNS[found.suit]}"


def outcome_shown(outcome: str) -> str:
    return str(
        {
            "made": _("made"),
            "remise": _("remise"),
            "not_played": _("not played"),
            "half_whist": _("half a whist"),
            "misere_made": _("misère made"),
            "misere_failed": _("misère failed"),
            "allpass": _("all-pass"),
        }.get(outcome, outcome)
    )


def _whole_or_text(amount: int | Fraction) -> int | str:
    """An amount for JSON: a whole number (prices are even, so halves are whole), else text."""
    amount = Fraction(amount)
    return amount.numerator if amount.denominator == 1 else _fmt(amount)


def _line(text: str, *articles: str, writes: list[tuple] | None = None) -> dict[str, Any]:
    """One reason: its text, the articles it applies and the writes it makes, each
    `{"player", "column": "pool" | "mountain" | "whists", "on", "amount"}`."""
    return {
        "text": text,
        "articles": list(articles),
        "writes": [
            {"player": who, "column": column, "on": on, "amount": _whole_or_text(amount)}
            for who, column, on, amount in writes or ()
        ],
    }


def _choices(deal: dict[str, Any]) -> dict[str, str]:
    whist = deal.get("whist") or {}
    return (
        {str(k): str(v).strip().lower() for k, v in whist.items()}
        if isinstance(whist, dict)
        else {}
    )


def _renonces(deal: dict[str, Any]) -> list[tuple[str, int]]:
    """(player, count) of the deal's renonce(s): one object, or the Kodex 33 list of two."""
    value = deal.get("violation")
    entries = value if isinstance(value, list) else [value] if isinstance(value, dict) else []
    return [
        (str(entry.get("player")), int(entry.get("count", 1)))
        for entry in entries
        if isinstance(entry, dict)
    ]


def _game_lines(
    deal: dict[str, Any], done: dict[str, Any], conv: dict[str, Any], players: list[str]
) -> list[dict[str, Any]]:
    """Why a game's declarer and defenders write what they write (rules of the article)."""
    contract = parse_contract(done["contract"])
    assert contract is not None  # the engine has read it
    declarer = done["declarer"]
    price = contract.price
    obligation = obligation_of(contract.level, conv.get("obligation_8", 1))
    share = share_of(obligation)
    f, g = conv["whist_factor"], conv["mountain_factor"]
    choices = _choices(deal)
    tricks = {str(k): int(v) for k, v in (deal.get("tricks") or {}).items()}
    defenders = [name for name in choices if name != declarer]
    values = {"declarer": declarer, "contract": contract_shown(done["contract"]), "price": price}
    lines: list[dict[str, Any]] = []
    outcome = done["outcome"]
    if outcome == "not_played":
        lines.append(
            _line(
                _(
                    "Both defenders passed: the %(contract)s is not played and %(declarer)s "
                    "writes its price, %(price)s, into the pool."
                )
                % values,
                "preferans.whisting",
                "preferans_scoring.made",
                writes=[(declarer, "pool", None, price)],
            )
        )
        return lines
    if outcome == "half_whist":
        half = next(name for name, c in choices.items() if c == "half")
        lines.append(
            _line(
                _(
                    "Half a whist: the game is not played; %(declarer)s writes %(price)s into "
                    "the pool and %(half)s writes %(price)s × %(factor)s × %(obligation)s ÷ 2 = "
                    "%(whists)s whists on %(declarer)s."
                )
                % {
                    **values,
                    "half": half,
                    "factor": f,
                    "obligation": obligation,
                    "whists": price * f * obligation // 2,
                },
                "preferans.half_whist",
                "preferans_conventions.half_whist",
                writes=[
                    (declarer, "pool", None, price),
                    (half, "whists", declarer, price * f * obligation // 2),
                ],
            )
        )
        return lines
    took = tricks.get(declarer, 0)
    under = max(0, contract.level - took)
    checked = any(c == "check" for c in choices.values())
    renonces = _renonces(deal)
    by_declarer = sum(count for name, count in renonces if name == declarer)
    by_defender = [(name, count) for name, count in renonces if name != declarer]
    for name, count in renonces:
        lines.append(
            _line(
                _("A renonce by %(player)s (%(count)s).") % {"player": name, "count": count},
                "preferans_scoring.violations",
            )
        )
    whisters = [name for name in defenders if choices.get(name) == "whist"]
    passers = [name for name in defenders if choices.get(name) == "pass"]
    defence = sum(tricks.get(name, 0) for name in defenders)
    if by_defender and by_declarer:
        return lines + _both_erred_lines(
            values, took, under, by_declarer, by_defender[0], defenders, tricks, conv
        )
    if by_defender:
        culprit, count = by_defender[0]
        lines += _defender_renonce_lines(values, under, culprit, count, g)
        if not checked:
            lines += _whist_lines(whisters, passers, tricks, values, conv, defence, culprit)
        return lines
    lines.append(_declarer_line(values, took, under, g))
    if checked:
        if under:
            half = price * f * defence // 2
            lines.append(
                _line(
                    _(
                        "A checked ten failed: the defenders write their %(defence)s tricks "
                        "as whists halved, %(price)s × %(f)s × %(defence)s ÷ 2 = %(whists)s "
                        "each on %(declarer)s (Kodex 35: «за вист пополам»)."
                    )
                    % {**values, "defence": defence, "f": f, "whists": half},
                    "preferans_conventions.ten_checked",
                    writes=[(name, "whists", declarer, half) for name in defenders if half],
                )
            )
        else:
            lines.append(
                _line(
                    _("A checked ten made: no whists for tricks and no shortfall."),
                    "preferans_conventions.ten_checked",
                )
            )
    else:
        lines += _whist_lines(whisters, passers, tricks, values, conv, defence, None)
    if under:
        lines.append(_consolation_line(values, players, whisters, passers, under, checked, conv))
    if under == 0 and not checked and defence < obligation:
        owed = _shortfall_lines(whisters, passers, tricks, values, conv, obligation, share)
        if by_declarer and owed:
            # Kodex 30: "ремиза не ставят, а ставит весь ремиз играющий".
            lines.append(
                _line(
                    _(
                        "The renonce was %(declarer)s's: the defenders write no shortfall, "
                        "%(declarer)s writes it into his own mountain (Kodex 30)."
                    )
                    % values,
                    "preferans_scoring.violations",
                )
            )
            for line in owed:
                line["writes"] = [{**write, "player": declarer} for write in line["writes"]]
        lines += owed
    return lines


def _declarer_line(values: dict[str, Any], took: int, under: int, g: int) -> dict[str, Any]:
    """The declarer's pool on a made game, or his remise [ремиз] into the mountain."""
    declarer, price = values["declarer"], values["price"]
    if under == 0:
        return _line(
            _("%(declarer)s took %(took)s tricks on a %(contract)s: made, %(price)s into the pool.")
            % {**values, "took": took},
            "preferans_scoring.made",
            writes=[(declarer, "pool", None, price)],
        )
    return _line(
        _(
            "%(declarer)s took %(took)s on a %(contract)s: a remise by %(under)s, "
            "%(price)s × %(under)s × %(g)s = %(mountain)s into the mountain."
        )
        % {**values, "took": took, "under": under, "g": g, "mountain": price * under * g},
        "preferans_scoring.remise",
        writes=[(declarer, "mountain", None, price * under * g)],
    )


def _whist_lines(
    whisters: list[str],
    passers: list[str],
    tricks: dict[str, int],
    values: dict[str, Any],
    conv: dict[str, Any],
    defence: int,
    culprit: str | None,
) -> list[dict[str, Any]]:
    """Whists for tricks [висты]; a defender who made a renonce (`culprit`) writes none."""
    declarer, price, f = values["declarer"], values["price"], conv["whist_factor"]
    lines = []
    if len(whisters) == 2:
        for name in whisters:
            if name == culprit:
                continue
            own = tricks.get(name, 0)
            lines.append(
                _line(
                    _(
                        "%(name)s whisted and took %(own)s: %(price)s × %(f)s × %(own)s = "
                        "%(whists)s whists on %(declarer)s."
                    )
                    % {**values, "name": name, "own": own, "f": f, "whists": price * f * own},
                    "preferans_scoring.whists",
                    writes=[(name, "whists", declarer, price * f * own)],
                )
            )
    elif len(whisters) == 1 and passers:
        whister, passer = whisters[0], passers[0]
        if conv["whist_split"] == "whister":
            if whister == culprit:
                return lines
            lines.append(
                _line(
                    _(
                        "Responsible whist: %(whister)s writes for both defenders' %(defence)s "
                        "tricks: %(price)s × %(f)s × %(defence)s = %(whists)s on %(declarer)s."
                    )
                    % {
                        **values,
                        "whister": whister,
                        "defence": defence,
                        "f": f,
                        "whists": price * f * defence,
                    },
                    "preferans_scoring.whists",
                    "preferans_conventions.whist_split",
                    writes=[(whister, "whists", declarer, price * f * defence)],
                )
            )
        else:
            lines.append(
                _line(
                    _(
                        "Gentleman whist: %(whister)s and %(passer)s each write half of "
                        "%(price)s × %(f)s × %(defence)s: %(whists)s on %(declarer)s."
                    )
                    % {
                        **values,
                        "whister": whister,
                        "passer": passer,
                        "defence": defence,
                        "f": f,
                        "whists": _fmt(Fraction(price * f * defence, 2)),
                    },
                    "preferans_scoring.whists",
                    "preferans_conventions.whist_split",
                    writes=[
                        (name, "whists", declarer, Fraction(price * f * defence, 2))
                        for name in (whister, passer)
                        if name != culprit
                    ],
                )
            )
    return lines


def _consolation_line(
    values: dict[str, Any],
    players: list[str],
    whisters: list[str],
    passers: list[str],
    under: int,
    checked: bool,
    conv: dict[str, Any],
) -> dict[str, Any]:
    """Consolation [консоляция]: every other player (Kodex 48); a lone responsible whister
    writes the passer's share too."""
    declarer, price, f = values["declarer"], values["price"], conv["whist_factor"]
    each = price * f * under
    others = [name for name in players if name != declarer]
    if checked or len(whisters) != 1 or conv["whist_split"] != "whister":
        return _line(
            _(
                "Consolation: %(others)s each write %(price)s × %(f)s × %(under)s = "
                "%(whists)s on %(declarer)s."
            )
            % {**values, "others": ", ".join(others), "f": f, "under": under, "whists": each},
            "preferans_scoring.consolation",
            writes=[(name, "whists", declarer, each) for name in others],
        )
    whister = whisters[0]
    # The passer writes none; with four players the sitting-out dealer writes his own.
    defenders_named = {whister, *passers}
    writes = [(whister, "whists", declarer, 2 * each)]
    writes += [(name, "whists", declarer, each) for name in others if name not in defenders_named]
    return _line(
        _(
            "Consolation, responsible whist: %(whister)s writes his and the passer's, "
            "2 × %(price)s × %(f)s × %(under)s = %(whists)s on %(declarer)s; the passer "
            "writes none."
        )
        % {**values, "whister": whister, "f": f, "under": under, "whists": 2 * each},
        "preferans_scoring.consolation",
        "preferans_conventions.whist_split",
        writes=writes,
    )


def _defender_renonce_lines(
    values: dict[str, Any], under: int, culprit: str, count: int, g: int
) -> list[dict[str, Any]]:
    """Kodex 31–32: the game counts as made; the culprit pays per trick short and per
    renonce."""
    declarer, price = values["declarer"], values["price"]
    mountain = price * (under + count) * g
    return [
        _line(
            _(
                "A defender's renonce: the %(contract)s counts as made whatever the tricks "
                "(Kodex 31–32): %(price)s into %(declarer)s's pool, no remise, no consolation."
            )
            % values,
            "preferans_scoring.violations",
            writes=[(declarer, "pool", None, price)],
        ),
        _line(
            _(
                "%(culprit)s writes a remise for each trick the declarer is short and for each "
                "renonce: %(price)s × (%(under)s + %(count)s) × %(g)s = %(mountain)s into the "
                "mountain, and no whists."
            )
            % {
                **values,
                "culprit": culprit,
                "under": under,
                "count": count,
                "g": g,
                "mountain": mountain,
            },
            "preferans_scoring.violations",
            writes=[(culprit, "mountain", None, mountain)],
        ),
    ]


def _both_erred_lines(
    values: dict[str, Any],
    took: int,
    under: int,
    by_declarer: int,
    culprit_entry: tuple[str, int],
    defenders: list[str],
    tricks: dict[str, int],
    conv: dict[str, Any],
) -> list[dict[str, Any]]:
    """Kodex 33: the declarer and a defender both made renonces."""
    declarer, price = values["declarer"], values["price"]
    f, g = conv["whist_factor"], conv["mountain_factor"]
    culprit, count = culprit_entry
    lines = [_declarer_line(values, took, under, g)]
    for name, k in ((declarer, by_declarer), (culprit, count)):
        lines.append(
            _line(
                _(
                    "%(name)s writes a remise per renonce (Kodex 33): %(price)s × %(k)s × "
                    "%(g)s = %(mountain)s into the mountain."
                )
                % {"name": name, "price": price, "k": k, "g": g, "mountain": price * k * g},
                "preferans_scoring.violations",
                writes=[(name, "mountain", None, price * k * g)],
            )
        )
    other = next((name for name in defenders if name != culprit), None)
    own = tricks.get(other, 0) if other else 0
    half = Fraction(price * f * own, 2)
    lines.append(
        _line(
            _(
                "%(other)s took %(own)s: %(price)s × %(f)s × %(own)s whists, half on "
                "%(declarer)s and half on %(culprit)s (%(half)s each); no consolation, no "
                "shortfall."
            )
            % {
                **values,
                "other": other or "—",
                "own": own,
                "f": f,
                "culprit": culprit,
                "half": _fmt(half),
            },
            "preferans_scoring.violations",
            writes=[(other, "whists", on, half) for on in (declarer, culprit) if other and half],
        )
    )
    return lines


def _shortfall_lines(
    whisters: list[str],
    passers: list[str],
    tricks: dict[str, int],
    values: dict[str, Any],
    conv: dict[str, Any],
    obligation: int,
    share: int,
) -> list[dict[str, Any]]:
    price, g = values["price"], conv["mountain_factor"]
    lines = []
    if len(whisters) == 2:
        for name in whisters:
            own = tricks.get(name, 0)
            if own < share:
                lines.append(
                    _line(
                        _(
                            "Shortfall: %(name)s took %(own)s, below his share of %(share)s: "
                            "%(price)s × %(lack)s × %(g)s = %(mountain)s into the mountain."
                        )
                        % {
                            "name": name,
                            "own": own,
                            "share": share,
                            "price": price,
                            "lack": share - own,
                            "g": g,
                            "mountain": price * (share - own) * g,
                        },
                        "preferans_scoring.shortfall",
                        writes=[(name, "mountain", None, price * (share - own) * g)],
                    )
                )
        return lines
    if len(whisters) == 1:
        defence = sum(tricks.get(n, 0) for n in (*whisters, *passers))
        owed = price * (obligation - defence) * g
        whister, passer = whisters[0], passers[0] if passers else ""
        shares = {
            "full": [(whister, "mountain", None, owed)],
            "half": [(whister, "mountain", None, owed // 2)],
            "shared": [(who, "mountain", None, owed // 2) for who in (whister, passer) if who],
        }[conv["shortfall"]]
        split = {
            "full": _("all of it to %(whister)s"),
            "half": _("half of it to %(whister)s"),
            "shared": _("half each to %(whister)s and %(passer)s"),
        }[conv["shortfall"]] % {"whister": whisters[0], "passer": passers[0] if passers else ""}
        lines.append(
            _line(
                _(
                    "Shortfall: the defenders took %(defence)s of their %(obligation)s: "
                    "%(price)s × %(lack)s × %(g)s = %(owed)s, %(split)s, into the mountain."
                )
                % {
                    "defence": defence,
                    "obligation": obligation,
                    "price": price,
                    "lack": obligation - defence,
                    "g": g,
                    "owed": owed,
                    "split": split,
                },
                "preferans_scoring.shortfall",
                "preferans_conventions.shortfall",
                writes=shares,
            )
        )
    return lines


def _misere_lines(deal: dict[str, Any], done: dict[str, Any], conv: dict[str, Any]) -> list:
    declarer = done["declarer"]
    took = int((deal.get("tricks") or {}).get(declarer, 0))
    g = conv["mountain_factor"]
    renonces = _renonces(deal)
    culprit = next(((name, k) for name, k in renonces if name != declarer), None)
    if culprit is not None:
        name, k = culprit
        mountain = MISERE_PRICE * max(k, took) * g
        return [
            _line(
                _(
                    "A renonce by %(culprit)s: the misère counts as made (Kodex 65), "
                    "%(price)s into %(declarer)s's pool; %(culprit)s writes %(price)s × "
                    "%(count)s × %(g)s = %(mountain)s into the mountain."
                )
                % {
                    "culprit": name,
                    "declarer": declarer,
                    "price": MISERE_PRICE,
                    "count": max(k, took),
                    "g": g,
                    "mountain": mountain,
                },
                "preferans_scoring.misere",
                "preferans_scoring.violations",
                writes=[
                    (declarer, "pool", None, MISERE_PRICE),
                    (name, "mountain", None, mountain),
                ],
            )
        ]
    lines = [
        _line(
            _("A renonce by %(player)s (%(count)s): %(price)s × %(count)s × %(g)s more.")
            % {"player": name, "count": k, "price": MISERE_PRICE, "g": g},
            "preferans_scoring.violations",
            writes=[(name, "mountain", None, MISERE_PRICE * k * g)],
        )
        for name, k in renonces
    ]
    return _misere_result_lines(done, declarer, took, g) + lines


def _misere_result_lines(done: dict[str, Any], declarer: str, took: int, g: int) -> list:
    if done["outcome"] == "misere_made":
        writes = [(declarer, "pool", None, MISERE_PRICE)]
        text = _("%(declarer)s took no trick: the misère is made, %(price)s into the pool.") % {
            "declarer": declarer,
            "price": MISERE_PRICE,
        }
    else:
        writes = [(declarer, "mountain", None, MISERE_PRICE * took * g)]
        text = _(
            "%(declarer)s took %(took)s on a misère: %(price)s × %(took)s × %(g)s = "
            "%(mountain)s into the mountain."
        ) % {
            "declarer": declarer,
            "took": took,
            "price": MISERE_PRICE,
            "g": g,
            "mountain": MISERE_PRICE * took * g,
        }
    return [_line(text, "preferans_scoring.misere", writes=writes)]


def _rostov_writes(
    tricks: dict[str, int], players: list[str], dealer: str, unit: int
) -> list[tuple]:
    """Rostov all-pass whists: the fewest tricks write `unit` per trick on every player who
    took more, shared equally, odd whists to the first of them clockwise from the dealer's
    left."""
    fewest_count = min(tricks.values())
    start = (players.index(dealer) + 1) % len(players) if dealer in players else 0
    clockwise = players[start:] + players[:start]
    fewest = [p for p in clockwise if p in tricks and tricks[p] == fewest_count]
    writes: list[tuple] = []
    for on in players:
        took = tricks.get(on, 0)
        if on in fewest or not took:
            continue
        total = unit * took
        each, odd = divmod(total, len(fewest))
        for index, writer in enumerate(fewest):
            amount = each + (1 if index < odd else 0)
            if amount:
                writes.append((writer, "whists", on, amount))
    return writes


def _allpass_lines(
    deal: dict[str, Any], done: dict[str, Any], conv: dict[str, Any], players: list[str]
) -> list:
    m = done.get("allpass_multiplier") or 1
    b, g = conv["allpass_trick"], conv["mountain_factor"]
    tricks = {str(k): int(v) for k, v in (deal.get("tricks") or {}).items()}
    lines = [
        _line(
            _("All-pass, multiplier %(m)s (%(progression)s progression).")
            % {"m": m, "progression": conv["allpass_progression"]},
            "preferans_scoring.allpass",
            "preferans_conventions.allpass_progression",
        )
    ]
    if conv["allpass_scoring"] == "whists":
        lines.append(
            _line(
                _(
                    "All-passes are scored in whists: the fewest tricks write 10 × %(b)s × "
                    "%(m)s whists per trick on each other player."
                )
                % {"b": b, "m": m},
                "preferans_scoring.allpass_whists",
                writes=_rostov_writes(tricks, players, done["dealer"], 10 * b * m),
            )
        )
        return lines
    for name, took in tricks.items():
        if took:
            lines.append(
                _line(
                    _(
                        "%(name)s took %(took)s: %(b)s × %(m)s × %(g)s × %(took)s = "
                        "%(mountain)s into the mountain."
                    )
                    % {
                        "name": name,
                        "took": took,
                        "b": b,
                        "m": m,
                        "g": g,
                        "mountain": b * m * g * took,
                    },
                    "preferans_scoring.allpass",
                    writes=[(name, "mountain", None, b * m * g * took)],
                )
            )
        elif conv["allpass_zero"] != "none":
            where = _("into the pool") if conv["allpass_zero"] == "pool" else _("off the mountain")
            lines.append(
                _line(
                    _("%(name)s took no trick: %(points)s %(where)s.")
                    % {"name": name, "points": b * m, "where": where},
                    "preferans_scoring.allpass_zero",
                    writes=[
                        (name, "pool", None, b * m)
                        if conv["allpass_zero"] == "pool"
                        else (name, "mountain", None, -b * m)
                    ],
                )
            )
    return lines


def _help_lines(done: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        _line(
            _(
                "%(from)s's pool is full: %(points)s points go to %(to)s's pool as help, and "
                "%(from)s writes 10 × %(points)s = %(whists)s whists on %(to)s."
            )
            % {
                "from": item["from"],
                "to": item["to"],
                "points": item["points"],
                "whists": 10 * item["points"],
            },
            "preferans_pulka.pool",
        )
        for item in done.get("help") or []
    ]


def _writes(done: dict[str, Any], players: list[str]) -> list[dict[str, Any]]:
    """What each player writes in this deal, by column, as the engine computed it."""
    rows = []
    for name in players:
        rows.append(
            {
                "player": name,
                "pool": done["pool"].get(name, 0),
                "mountain": done["mountain"].get(name, 0),
                "whists": dict((done["whists"].get(name) or {}).items()),
                "balance": done["balance"].get(name, 0),
            }
        )
    return rows


def preferans_score_deal(*, record: Any, lang: Any = None) -> dict[str, Any]:
    """The pulka record's last deal scored on top of the deals before it: what each player
    writes (pool, mountain, whists on whom), why, and the articles applied."""
    record = record_of(record)
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise ToolError([_err("deals", "no_deal", "the record has no deal to score")])
    result = _score(record)
    done = result["deals"][-1]
    deal = deals[-1] if isinstance(deals[-1], dict) else {}
    conv = result["conventions"]
    players = list(result["players"])
    with translation.override(tool_lang(lang)):
        if done["kind"] == "game":
            lines = _game_lines(deal, done, conv, players)
        elif done["kind"] == "misere":
            lines = _misere_lines(deal, done, conv)
        else:
            lines = _allpass_lines(deal, done, conv, players)
        if done["kind"] == "allpass":
            # Kodex 54: "ставит по 10 наверх за каждую ошибку", not multiplied.
            lines += [
                _line(
                    _(
                        "A renonce by %(player)s (%(count)s): 10 × %(count)s = %(mountain)s "
                        "into the mountain (Kodex 54)."
                    )
                    % {"player": name, "count": k, "mountain": 10 * k},
                    "preferans_scoring.violations",
                    writes=[(name, "mountain", None, 10 * k)],
                )
                for name, k in _renonces(deal)
            ]
        lines += _help_lines(done)
        if result["finished"]:
            lines.append(_line(_("This deal ends the pulka."), "preferans_pulka.end"))
        shown = {
            "contract_shown": contract_shown(done["contract"]),
            "outcome_shown": outcome_shown(done["outcome"]),
        }
    articles = list(dict.fromkeys(a for line in lines for a in line["articles"]))
    return {
        "number": done["number"],
        "dealer": done["dealer"],
        "kind": done["kind"],
        "declarer": done["declarer"],
        "contract": done["contract"],
        "outcome": done["outcome"],
        **shown,
        "allpass_multiplier": done["allpass_multiplier"],
        "pool": done["pool"],
        "mountain": done["mountain"],
        "whists": done["whists"],
        "help": done["help"],
        "writes": _writes(done, players),
        "sheet": done["sheet"],
        "balance": done["balance"],
        "next_dealer": done["next_dealer"],
        "finished": result["finished"],
        "ruleset": result["ruleset"],
        "conventions": conv,
        "lines": lines,
        "articles": articles,
    }


# --- settle this pulka -----------------------------------------------------------------------


def _whole(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ToolError([_err(field, "bad_number", f"{field} takes a whole number ≥ 0")])
    return value


def _sheet_of(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The sheet to settle and the engine's balance to check it against (from a record)."""
    if "record" in data or "deals" in data:
        record = record_of(data)
        result = _score(record)
        last = result["deals"][-1] if result["deals"] else None
        players = list(result["players"])
        zero = {
            "pool": {p: 0 for p in players},
            "mountain": {p: 0 for p in players},
            "whists": {p: {q: 0 for q in players if q != p} for p in players},
        }
        return (
            {
                "players": players,
                "first_dealer": record.get("first_dealer") or players[0],
                "pool_target": result["conventions"]["pool_target"],
                **(last["sheet"] if last else zero),
            },
            result["settlement"]["balance"],
        )
    players = data.get("players")
    if (
        not isinstance(players, list)
        or len(players) not in (3, 4)
        or len({str(p) for p in players}) != len(players)
    ):
        raise ToolError([_err("players", "bad_players", "3 or 4 distinct names, clockwise")])
    players = [str(p) for p in players]
    first = data.get("first_dealer") or players[0]
    if first not in players:
        raise ToolError([_err("first_dealer", "unknown_player", f"{first!r} is not at the table")])
    try:
        conv = resolve_conventions(data.get("ruleset") or "sochi", data.get("conventions"))
    except PreferansError as exc:
        raise _engine_errors(exc) from exc
    pool = data.get("pool") or {}
    mountain = data.get("mountain") or {}
    whists = data.get("whists") or {}
    if not all(isinstance(x, dict) for x in (pool, mountain, whists)) or not all(
        isinstance(row, dict) for row in whists.values() if row
    ):
        raise ToolError([_err(None, "bad_format", "pool, mountain and whists are objects")])
    for column in (pool, mountain, whists):
        for name in column:
            if name not in players:
                raise ToolError([_err(name, "unknown_player", f"{name!r} is not at the table")])
    sheet = {
        "players": players,
        "first_dealer": first,
        "pool_target": conv["pool_target"],
        "pool": {p: _whole(pool.get(p, 0), f"pool.{p}") for p in players},
        "mountain": {p: _whole(mountain.get(p, 0), f"mountain.{p}") for p in players},
        "whists": {
            p: {
                q: _whole((whists.get(p) or {}).get(q, 0), f"whists.{p}.{q}")
                for q in players
                if q != p
            }
            for p in players
        },
    }
    return sheet, None


def preferans_settle(*, data: Any, lang: Any = None) -> dict[str, Any]:
    """The settlement [расчёт пули] step by step: pool deficits to the mountain, the mountain
    to whists, the whist balance, the rounding. From a pulka record (its running sheet) or
    from a sheet typed in (`players`, `pool`, `mountain`, `whists`, `ruleset`)."""
    if not isinstance(data, dict):
        raise ToolError([_err(None, "bad_format", "a JSON object is expected")])
    sheet, engine_balance = _sheet_of(data)
    players = sheet["players"]
    n = len(players)
    target = sheet["pool_target"]
    deficit = {p: max(0, target - sheet["pool"][p]) for p in players}
    mountain = {p: sheet["mountain"][p] + deficit[p] for p in players}
    average = Fraction(sum(mountain.values()), n)
    from_mountain = {p: 10 * (average - mountain[p]) for p in players}
    written = sheet["whists"]
    pairs = []
    whist_balance = {p: 0 for p in players}
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            net = written[a].get(b, 0) - written[b].get(a, 0)
            pairs.append(
                {
                    "a": a,
                    "b": b,
                    "a_on_b": written[a].get(b, 0),
                    "b_on_a": written[b].get(a, 0),
                    "net": net,
                }
            )
            whist_balance[a] += net
            whist_balance[b] -= net
    exact = {p: whist_balance[p] + from_mountain[p] for p in players}
    floors = {p: math.floor(exact[p]) for p in players}
    missing = -sum(floors.values())
    start = players.index(sheet["first_dealer"])
    clockwise = players[start:] + players[:start]
    order = sorted(clockwise, key=lambda p: -(exact[p] - floors[p]))  # stable: ties clockwise
    units = set(order[:missing])
    balance = {p: floors[p] + (1 if p in units else 0) for p in players}
    with translation.override(tool_lang(lang)):
        steps = [
            {
                "step": 1,
                "title": _("Pool deficits go into the mountain"),
                "rows": [
                    {
                        "player": p,
                        "text": _(
                            "pool %(pool)s of %(target)s: deficit %(deficit)s; mountain "
                            "%(mountain)s + %(deficit)s = %(total)s"
                        )
                        % {
                            "pool": sheet["pool"][p],
                            "target": target,
                            "deficit": deficit[p],
                            "mountain": sheet["mountain"][p],
                            "total": mountain[p],
                        },
                    }
                    for p in players
                ],
            },
            {
                "step": 2,
                "title": _("The mountain is turned into whists: average %(average)s")
                % {"average": _fmt(average)},
                "rows": [
                    {
                        "player": p,
                        "text": f"10 × ({_fmt(average)} − {mountain[p]}) = "
                        f"{_fmt(from_mountain[p])}",
                    }
                    for p in players
                ],
            },
            {
                "step": 3,
                "title": _("The whists balance pair by pair"),
                "rows": [
                    {
                        "player": f"{pair['a']} – {pair['b']}",
                        "text": _(
                            "%(a)s wrote %(ab)s on %(b)s, %(b)s wrote %(ba)s on %(a)s: "
                            "%(net)s to %(a)s"
                        )
                        % {
                            "a": pair["a"],
                            "b": pair["b"],
                            "ab": pair["a_on_b"],
                            "ba": pair["b_on_a"],
                            "net": _fmt(pair["net"]),
                        },
                    }
                    for pair in pairs
                ],
            },
            {
                "step": 4,
                "title": _("Exact balances, rounded to whole whists"),
                "rows": [
                    {
                        "player": p,
                        "text": _("%(whists)s + %(mountain)s = %(exact)s → %(balance)s")
                        % {
                            "whists": _fmt(whist_balance[p]),
                            "mountain": _fmt(from_mountain[p]),
                            "exact": _fmt(exact[p]),
                            "balance": _fmt(balance[p]),
                        },
                    }
                    for p in players
                ],
                "note": (
                    _(
                        "Rounded down; the %(missing)s missing unit(s) go to the largest "
                        "fractional parts, ties clockwise from the first dealer (%(first)s)."
                    )
                    % {"missing": missing, "first": sheet["first_dealer"]}
                    if missing
                    else ""
                ),
            },
        ]
    return {
        "players": players,
        "pool_target": target,
        "pool": sheet["pool"],
        "deficit": deficit,
        "mountain": mountain,
        "average_mountain": _fmt(average),
        "mountain_whists": {p: _fmt(v) for p, v in from_mountain.items()},
        "whist_balance": whist_balance,
        "exact": {p: _fmt(v) for p, v in exact.items()},
        "balance": balance,
        "engine_balance": engine_balance,
        "steps": steps,
        "articles": ["preferans_pulka.settlement", "preferans_pulka.rounding"],
    }
