"""The referee's Preferans tools [преферанс]: "score this deal" and "settle this pulka".

Every figure of "score this deal" comes from the Preferans engine
(`scoring.games.preferans.engine.score_pulka_with_ledgers`): this module reads the request,
asks the engine, and tells the ledger of writes the engine made, in its order, in the asker's
language with the rulebook articles each applies; it computes no amount of its own. Nothing
here is stored.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from referee.toolbase import ToolError, tool_lang
from scoring.games.preferans.engine import (
    FORMAT,
    PreferansError,
    Write,
    resolve_conventions,
    score_pulka,
    score_pulka_with_ledgers,
    settlement_explained,
)
from scoring.games.preferans.engine.contracts import parse_contract

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


def _line(
    text: str, *articles: str, reason: str | None = None, writes: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """One reason: its text, the articles it applies, the engine's reason code (None for a
    line that writes nothing) and the writes it tells, each `{"player", "column": "pool" |
    "mountain" | "whists", "on", "amount"}`."""
    return {"text": text, "articles": list(articles), "reason": reason, "writes": writes or []}


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


# Each reason code of the engine's ledger (scoring.games.preferans.engine.deal.R_*): the
# articles it applies and its words. The words take the write's own figures (`amount`, the
# positive `points` of a write-off) and the deal's facts as the scorer wrote them (`took`:
# the writer's tricks, `took_on`: those of the one written on, `count`: the writer's
# renonces, `defence`: the defenders' tricks); never a figure of their own.
_ARTICLES: dict[str, tuple[str, ...]] = {
    "game": ("preferans_scoring.made",),
    "not_played": ("preferans.whisting", "preferans_scoring.made"),
    "half_whist_pool": ("preferans.half_whist", "preferans_conventions.half_whist"),
    "half_whist": ("preferans.half_whist", "preferans_conventions.half_whist"),
    "remise": ("preferans_scoring.remise",),
    "whists": ("preferans_scoring.whists",),
    "whists_responsible": ("preferans_scoring.whists", "preferans_conventions.whist_split"),
    "whists_gentleman": ("preferans_scoring.whists", "preferans_conventions.whist_split"),
    "checked_ten": ("preferans_conventions.ten_checked",),
    "shortfall": ("preferans_scoring.shortfall", "preferans_conventions.shortfall"),
    "shortfall_declarer": ("preferans_scoring.violations", "preferans_scoring.shortfall"),
    "consolation": ("preferans_scoring.consolation",),
    "consolation_passer": ("preferans_scoring.consolation", "preferans_conventions.whist_split"),
    "renonce_defender": ("preferans_scoring.violations",),
    "renonce_remise": ("preferans_scoring.violations",),
    "renonce_half": ("preferans_scoring.violations",),
    "misere_made": ("preferans_scoring.misere",),
    "misere_failed": ("preferans_scoring.misere",),
    "renonce_misere": ("preferans_scoring.misere", "preferans_scoring.violations"),
    "renonce_own_misere": ("preferans_scoring.misere", "preferans_scoring.violations"),
    "allpass_tricks": ("preferans_scoring.allpass",),
    "allpass_zero_pool": ("preferans_scoring.allpass_zero",),
    "allpass_zero_off": ("preferans_scoring.allpass_zero",),
    "allpass_whists": ("preferans_scoring.allpass_whists",),
    "renonce_allpass": ("preferans_scoring.violations",),
    "mountain_floor": ("preferans_scoring.allpass_zero",),
    "pool_over": ("preferans_pulka.pool",),
    "help": ("preferans_pulka.pool",),
    "help_whists": ("preferans_pulka.pool",),
    "help_mountain": ("preferans_pulka.pool",),
    "halves": ("preferans.table",),
    "jump_prizer": ("preferans_pulka.end", "preferans_pulka.pool"),
    "jump_amnester": ("preferans_pulka.end", "preferans_pulka.pool"),
}


def _reason_text(reason: str, values: dict[str, Any], counted: bool) -> str:
    """The words of one write (`counted`: the game counts as made by a defender's renonce)."""
    if reason == "game":
        if counted:
            return (
                _(
                    "A defender's renonce: the %(contract)s counts as made whatever the tricks "
                    "(Kodex 31–32): %(amount)s into %(player)s's pool, no remise, no "
                    "consolation."
                )
                % values
            )
        return (
            _("%(player)s took %(took)s tricks on a %(contract)s: made, %(amount)s into the pool.")
            % values
        )
    if reason == "misere_made" and counted:
        return (
            _(
                "A defender's renonce: the misère counts as made (Kodex 65), %(amount)s into "
                "%(player)s's pool."
            )
            % values
        )
    if reason == "whists_responsible":
        return (
            ngettext(
                "Responsible whist: %(player)s writes for both defenders' %(defence)s trick: "
                "%(amount)s whists on %(on)s.",
                "Responsible whist: %(player)s writes for both defenders' %(defence)s tricks: "
                "%(amount)s whists on %(on)s.",
                values["defence"],
            )
            % values
        )
    texts = {
        "not_played": _(
            "Both defenders passed: the %(contract)s is not played and %(player)s writes its "
            "price, %(amount)s, into the pool."
        ),
        "half_whist_pool": _(
            "Half a whist: the %(contract)s is not played; %(player)s writes %(amount)s into "
            "the pool."
        ),
        "half_whist": _(
            "%(player)s said half a whist: %(amount)s whists on %(on)s, half the obligation."
        ),
        "remise": _(
            "%(player)s took %(took)s on a %(contract)s: a remise, %(amount)s into the mountain."
        ),
        "whists": _("%(player)s whisted and took %(took)s: %(amount)s whists on %(on)s."),
        "whists_gentleman": _(
            "Gentleman whist: %(player)s writes half of the defenders' tricks: %(amount)s "
            "whists on %(on)s."
        ),
        "checked_ten": _(
            "A checked ten failed: %(player)s writes the defenders' tricks as whists halved "
            "(Kodex 35: «за вист пополам»): %(amount)s on %(on)s."
        ),
        "shortfall": _(
            "Shortfall: the defenders took fewer tricks than they owe; %(player)s writes "
            "%(amount)s into the mountain."
        ),
        "shortfall_declarer": _(
            "The renonce was %(player)s's: the defenders write no shortfall, %(player)s "
            "writes theirs, %(amount)s, into his own mountain (Kodex 30)."
        ),
        "consolation": _("Consolation: %(player)s writes %(amount)s whists on %(on)s."),
        "consolation_passer": _(
            "Consolation, responsible whist: %(player)s writes the passer's share too, "
            "%(amount)s whists on %(on)s; the passer writes none."
        ),
        "renonce_defender": _(
            "%(player)s writes a remise for each trick the declarer is short and for each "
            "renonce (%(count)s): %(amount)s into the mountain, and no whists."
        ),
        "renonce_remise": _(
            "%(player)s writes a remise per renonce (%(count)s, Kodex 33): %(amount)s into "
            "the mountain."
        ),
        "renonce_half": _(
            "%(player)s took %(took)s: each violator pays half (Kodex 33), %(amount)s whists "
            "on %(on)s; no consolation, no shortfall."
        ),
        "misere_made": _("%(player)s took no trick: the misère is made, %(amount)s into the pool."),
        "misere_failed": _("%(player)s took %(took)s on a misère: %(amount)s into the mountain."),
        "renonce_misere": _(
            "A renonce by %(player)s on a misère (Kodex 65): %(player)s writes %(amount)s "
            "into the mountain."
        ),
        "renonce_own_misere": _(
            "A renonce by %(player)s (%(count)s): %(amount)s more into the mountain."
        ),
        "allpass_tricks": _("%(player)s took %(took)s: %(amount)s into the mountain."),
        "allpass_zero_pool": _("%(player)s took no trick: %(amount)s into the pool."),
        "allpass_zero_off": _("%(player)s took no trick: %(points)s off the mountain."),
        "allpass_whists": _(
            "All-passes in whists: %(player)s took the fewest tricks and writes %(amount)s "
            "whists on %(on)s, who took %(took_on)s."
        ),
        "renonce_allpass": _(
            "A renonce by %(player)s (%(count)s): %(amount)s into the mountain (Kodex 54)."
        ),
        "mountain_floor": _(
            "%(player)s's mountain does not go below 0: %(amount)s of the write-off is not taken."
        ),
        "pool_over": _(
            "%(player)s's pool is full: the %(points)s points over the target leave it."
        ),
        "help": _("%(amount)s of them go to %(player)s's pool as help."),
        "help_whists": _("%(player)s writes %(amount)s whists on %(on)s for the help."),
        "help_mountain": _("%(player)s writes the rest, %(points)s, off his own mountain."),
        "halves": _(
            "The dealer plays in halves («в пополаме», Kodex 15): %(player)s takes half of "
            "his partner's write, %(amount)s."
        ),
        "jump_prizer": _(
            "Skachki: %(player)s reached the pool target first (the prizer): %(amount)s "
            "whists on %(on)s."
        ),
        "jump_amnester": _(
            "Skachki: %(player)s has the smallest mountain (the amnester): %(amount)s whists "
            "on %(on)s."
        ),
    }
    return texts.get(reason, reason) % values


def _ledger_lines(
    deal: dict[str, Any], done: dict[str, Any], ledger: list[Write], players: list[str]
) -> list[dict[str, Any]]:
    """The engine's writes of the deal told one by one, in the order it made them."""
    tricks = {str(k): v for k, v in (deal.get("tricks") or {}).items()}
    counts = dict(_renonces(deal))
    defence = sum(
        tricks.get(name, 0) for name in _choices(deal) if name != done["declarer"]
    )  # the defenders' tricks as the scorer wrote them, for the words' plural
    reasons = {write.reason for write in ledger}
    lines = []
    for write in ledger:
        player = players[write.player]
        on = players[write.against] if write.column == "whists" else None
        counted = (write.reason == "game" and "renonce_defender" in reasons) or (
            write.reason == "misere_made" and "renonce_misere" in reasons
        )
        values = {
            "player": player,
            "on": on,
            "amount": write.amount,
            "points": -write.amount,
            "contract": contract_shown(done["contract"]),
            "took": tricks.get(player, 0),
            "took_on": tricks.get(on, 0) if on else 0,
            "count": counts.get(player, 1),
            "defence": defence,
        }
        lines.append(
            _line(
                _reason_text(write.reason, values, counted),
                *_ARTICLES.get(write.reason, ()),
                reason=write.reason,
                writes=[
                    {"player": player, "column": write.column, "on": on, "amount": write.amount}
                ],
            )
        )
    return lines


def _context_lines(
    deal: dict[str, Any], done: dict[str, Any], conv: dict[str, Any]
) -> list[dict[str, Any]]:
    """What the deal was, before its writes: its renonces, an all-pass's multiplier, a checked
    ten made (which writes nothing for the defenders)."""
    lines = []
    if done["factor"] != 1:
        # Bombs and blind play (§7a): every write below is already multiplied.
        lines.append(
            _line(
                _(
                    "Deal factor ×%(factor)s (bomb level %(bomb)s%(blind)s): every write of "
                    "the deal is multiplied by it."
                )
                % {
                    "factor": done["factor"],
                    "bomb": done["bomb"],
                    "blind": _(", blind") if deal.get("blind") is True else "",
                },
            )
        )
    if done["kind"] == "game":
        for name, count in _renonces(deal):
            lines.append(
                _line(
                    _("A renonce by %(player)s (%(count)s).") % {"player": name, "count": count},
                    "preferans_scoring.violations",
                )
            )
        checked = any(choice == "check" for choice in _choices(deal).values())
        if checked and done["outcome"] == "made" and not deal.get("violation"):
            lines.append(
                _line(
                    _("A checked ten made: no whists for tricks and no shortfall."),
                    "preferans_conventions.ten_checked",
                )
            )
    elif done["kind"] == "allpass":
        lines.append(
            _line(
                _("All-pass, multiplier %(m)s (%(progression)s progression).")
                % {
                    "m": done["allpass_multiplier"],
                    "progression": conv["allpass_progression"],
                },
                "preferans_scoring.allpass",
                "preferans_conventions.allpass_progression",
            )
        )
    return lines


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
    try:
        result, ledgers = score_pulka_with_ledgers(record)
    except PreferansError as exc:
        raise _engine_errors(exc) from exc
    done = result["deals"][-1]
    deal = deals[-1] if isinstance(deals[-1], dict) else {}
    conv = result["conventions"]
    players = list(result["players"])
    with translation.override(tool_lang(lang)):
        lines = _context_lines(deal, done, conv) + _ledger_lines(deal, done, ledgers[-1], players)
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
    named = data.get("players")
    if (
        not isinstance(named, list)
        or len(named) not in (3, 4)
        or len({str(p) for p in named}) != len(named)
    ):
        raise ToolError([_err("players", "bad_players", "3 or 4 distinct names, clockwise")])
    players = [str(p) for p in named]
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
    # A pool is never written above the target (what would go over helps the others or goes
    # to whists, rules §8), so a sheet that says so is refused, not settled.
    for p in players:
        points = _whole(pool.get(p, 0), f"pool.{p}")
        if points > conv["pool_target"]:
            raise ToolError(
                [
                    _err(
                        f"pool.{p}",
                        "bad_number",
                        f"pool.{p} is at most the pool target {conv['pool_target']}",
                    )
                ]
            )
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
    target = sheet["pool_target"]
    # Every figure is the engine's (§9 step by step): this tool only tells them.
    settled = settlement_explained(
        pool=[sheet["pool"][p] for p in players],
        mountain=[sheet["mountain"][p] for p in players],
        whists=[[sheet["whists"][p].get(q, 0) for q in players] for p in players],
        target=target,
        first_dealer=players.index(sheet["first_dealer"]),
    )
    deficit = dict(zip(players, settled.deficits, strict=True))
    mountain = dict(zip(players, settled.mountains, strict=True))
    average = settled.average_mountain
    from_mountain = dict(zip(players, settled.mountain_whists, strict=True))
    pairs = [
        {
            "a": players[pair.a],
            "b": players[pair.b],
            "a_on_b": pair.a_on_b,
            "b_on_a": pair.b_on_a,
            "net": pair.net,
        }
        for pair in settled.pairs
    ]
    whist_balance = dict(zip(players, settled.net_whists, strict=True))
    exact = dict(zip(players, settled.exact, strict=True))
    balance = dict(zip(players, settled.balances, strict=True))
    missing = settled.missing
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
