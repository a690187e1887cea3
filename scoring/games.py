"""The games the service scores, behind one door [игры].

Django apps reach a game's rules only through this registry: a match names its game
(`Match.game`), a scoresheet names its format (`"deberc-scoresheet/1"`), and the entry found
here scores it, settles its conventions, gives match points for standings and names its
scorer-page form. Nothing outside an engine and its own pages asks which game a match is:
it asks the registry for the match's game and calls what the game gives.

Each engine stays pure Python (no Django); this module is the only place that knows them all.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from . import engine as deberc
from . import preferans
from . import simulation as deberc_simulation
from .engine import cards as deberc_cards
from .engine import conventions as deberc_conventions
from .engine import match as deberc_match
from .preferans import contracts as preferans_contracts
from .preferans import simulate as preferans_simulate


@dataclass(frozen=True)
class Game:
    """What one game gives the rest of the service."""

    key: str
    name: str | Promise
    record_format: str
    result_format: str
    table_sizes: tuple[int, ...]
    default_ruleset: str
    presets: Mapping[str, Mapping[str, Any]]
    conventions: Mapping[str, Mapping[str, Any]]
    error_type: type[Exception]
    score: Callable[[Any], dict[str, Any]]
    # (ruleset, overrides, table size) → None, or raises `error_type` naming every problem.
    check_conventions: Callable[[Any, Any, int], None]
    # (result, match_score) → each player's match points for the standings.
    match_points: Callable[[dict[str, Any], str], Mapping[str, float]]
    # Dotted path of the module with the scorer page's deal form (imported when first asked);
    # None while the game has no scorer page of its own.
    scorer_form_module: str | None
    # --- the tournament side (issue 12) ---
    # Table sizes at which the players sit as two partnerships (Deberc's four); at any other
    # size of `table_sizes` every player plays for themselves (the pairing asks this).
    pairs_at: frozenset[int]
    # The organiser's "match scoring" choices, {key: label}; the first is the default.
    match_scores: Mapping[str, str | Promise]
    # The standings tiebreaks the game offers (figure keys of tournaments.standings), and the
    # order a new tournament starts with.
    tiebreaks: tuple[str, ...]
    default_tiebreaks: tuple[str, ...]
    # (finished result, ruleset, overrides) → the match as the standings count it, by seat
    # in the result's player order: {"totals": [int], "winners": [names], "bytes": [int],
    # "sides": [int], "target": int} and, when the game ranks by more than a win,
    # "points": {match_score: [points by seat]}.
    tally: Callable[[dict[str, Any], Any, Any], dict[str, Any]]
    # (match_score, ruleset, overrides, table size) → the match points of a bye.
    bye_points: Callable[[str, Any, Any, int], float]
    # (ruleset, overrides) → whether a match ends when closed on time (the record's
    # `"closed": true` ends it: Preferans `end: closed`).
    closes_on_time: Callable[[Any, Any], bool]
    # (record without deals, rng) → (a played record, its result): random legal deals for
    # demos and generated tournaments, until the match ends (a time-limited match is closed
    # after some deals). The played record may name another first dealer than the one given.
    simulate: Callable[[dict[str, Any], random.Random], tuple[dict[str, Any], dict[str, Any]]]
    # Where the engine's result keeps each player's running score, {name: number}: what the
    # live table cards show (Deberc the match totals, Preferans the whist balances).
    score_path: tuple[str, ...]
    # (result) → the names of the match's winner(s) once it is finished (`Match.winner_seats`):
    # Deberc's winner or winning pair, Preferans' first place(s) by whist balance.
    winners: Callable[[dict[str, Any]], list[str]]

    # --- the scorer's page (issue 12, the Preferans scorer's page) ---
    # Dotted path of the module with the game's own scorer page, which the shared scorer views
    # (scoring.views) call: PAGE_TEMPLATE, SHEET_TEMPLATE, EDIT_TEMPLATE, parse_deal(post,
    # names), values_from_record(record, names), sheet_context(request, match, *, values,
    # errors, doc, editing), engine_error_key(err, names), error_message(err),
    # deal_summary(record, names). None while the game has no scorer page.
    scorer_page: str | None = None
    # (a deal the engine accepted) → the deal as stored: its values in canonical notation
    # ("6nt" → "6NT"), so that every door stores one spelling.
    canonical_deal: Callable[[dict[str, Any]], dict[str, Any]] = lambda deal: deal

    def scorer_page_module(self) -> Any:
        if self.scorer_page is None:
            raise LookupError(f"{self.key} has no scorer page")
        return import_module(self.scorer_page)

    def scorer_forms(self) -> Any:
        if self.scorer_form_module is None:
            raise LookupError(f"{self.key} has no scorer page")
        return import_module(self.scorer_form_module)

    def errors_of(self, exc: Exception) -> list[dict[str, Any]]:
        """The `{"deal", "field", "code", "message"}` problems an engine error carries."""
        return list(getattr(exc, "errors", []))


def _deberc_check(ruleset: Any, overrides: Any, table_size: int) -> None:
    deberc_conventions.resolve_conventions(ruleset, overrides, table_size)


def _deberc_match_points(result: dict[str, Any], match_score: str) -> dict[str, int]:
    conventions = deberc_conventions.resolve_conventions(
        result.get("ruleset"),
        {**(result.get("conventions") or {}), "match_score": match_score},
        len(result["players"]),
    )
    return deberc_match.match_points(result, conventions)


def _deberc_target(ruleset: Any, overrides: Any, players: int) -> int:
    return deberc_conventions.resolve_conventions(ruleset, overrides or {}, players).target


def _deberc_tally(result: dict[str, Any], ruleset: Any, overrides: Any) -> dict[str, Any]:
    """Match totals, the winner(s), bytes made as declarer (card bytes included), and the
    sides (pairs at four): the match points follow the winner rule (`winner_match_points`)."""
    names: list[str] = list(result["players"])
    index = {name: i for i, name in enumerate(names)}
    winner = result.get("winner")
    winner_names = winner if isinstance(winner, list) else ([winner] if winner else [])
    byte_counts = [0] * len(names)
    for deal in result.get("deals", []):
        outcome = deal.get("outcome")
        if outcome == "byte" and deal.get("declarer") in index:
            byte_counts[index[deal["declarer"]]] += 1
        elif outcome == "card_byte":
            # The violator records 0 while the others share the whole deal.
            recorded = deal.get("recorded", {})
            zeros = [n for n in names if recorded.get(n, 0) <= 0]
            if len(zeros) == 1 or (len(names) == 4 and len(zeros) == 2):
                for name in zeros[:1]:
                    byte_counts[index[name]] += 1
    return {
        "totals": [int(result.get("match", {}).get(name, 0)) for name in names],
        "winners": [name for name in winner_names if name in index],
        "bytes": byte_counts,
        "sides": [i % 2 for i in range(4)] if len(names) == 4 else list(range(len(names))),
        "target": _deberc_target(ruleset, overrides, len(names)),
    }


def _deberc_bye_points(match_score: str, ruleset: Any, overrides: Any, table_size: int) -> int:
    # A bye scores a win: 1, or with `difference` half the target (of two players at pairs).
    target = _deberc_target(ruleset, overrides, 2 if table_size == 4 else max(table_size, 2))
    return target // 2 if match_score == "difference" else 1


def _preferans_check(ruleset: Any, overrides: Any, table_size: int) -> None:
    preferans.resolve_conventions(ruleset, overrides)


def _preferans_match_points(result: dict[str, Any], match_score: str) -> Mapping[str, float]:
    """`places`: points by place at the table (2/1/0, 3/2/1/0, ties sharing); `balance`:
    the pulka's whist balance [сальдо вистов] itself."""
    if match_score == "balance":
        balance = result["settlement"]["balance"]
        return {name: int(balance[name]) for name in result["players"]}
    return preferans.match_points(result)


def _preferans_tally(result: dict[str, Any], ruleset: Any, overrides: Any) -> dict[str, Any]:
    """Whist balances as the totals, the first place(s) as the winners, the match points of
    both scorings by seat."""
    names: list[str] = list(result["players"])
    balance = result["settlement"]["balance"]
    totals = [int(balance[name]) for name in names]
    best = max(totals)
    places = preferans.match_points(result)
    return {
        "totals": totals,
        "winners": [name for name, total in zip(names, totals, strict=True) if total == best],
        "bytes": [0] * len(names),
        "sides": list(range(len(names))),
        "target": 0,
        "points": {"places": [places[name] for name in names], "balance": totals},
    }


def _preferans_bye_points(match_score: str, ruleset: Any, overrides: Any, size: int) -> float:
    # A bye scores the average of the table: the middle place, or a zero balance.
    if match_score == "balance":
        return 0
    average = (size - 1) / 2
    return int(average) if average == int(average) else average


def _preferans_closes_on_time(ruleset: Any, overrides: Any) -> bool:
    try:
        return preferans.resolve_conventions(ruleset, overrides or {})["end"] == "closed"
    except preferans.PreferansError:
        return False


def _deberc_winners(result: dict[str, Any]) -> list[str]:
    winner = result.get("winner")
    return list(winner) if isinstance(winner, list) else ([winner] if winner else [])


def _preferans_winners(result: dict[str, Any]) -> list[str]:
    if not result.get("finished"):
        return []
    balance = (result.get("settlement") or {}).get("balance") or {}
    best = max(balance.values(), default=None)
    return [name for name in result.get("players", []) if balance.get(name) == best]


def _deberc_canonical_deal(deal: dict[str, Any]) -> dict[str, Any]:
    """The trump as its letter (`"h"`, `"♥"` → `"H"`)."""
    suit = deberc_cards.parse_suit(deal.get("trump"))
    if suit is None:
        return deal
    return {**deal, "trump": deberc_cards.SUIT_LETTERS[suit]}


def _preferans_canonical_deal(deal: dict[str, Any]) -> dict[str, Any]:
    """The contract as the engine names it (`"6nt"`, `"7♥"` → `"6NT"`, `"7H"`)."""
    contract = preferans_contracts.parse_contract(deal.get("contract"))
    if contract is None:
        return deal
    return {**deal, "contract": contract.name}


def _never(ruleset: Any, overrides: Any) -> bool:
    return False


def _deberc_simulate(
    record: dict[str, Any], rng: random.Random
) -> tuple[dict[str, Any], dict[str, Any]]:
    # Believable Deberc deals, dealt from a deck and played (scoring.simulation).
    deals, result = deberc_simulation.play_match(record, rng)
    return {**record, "deals": deals}, result


def _preferans_simulate(
    record: dict[str, Any], rng: random.Random
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A random legal pulka (the engine's simulator draws its own first dealer); a match
    that ends on time is closed after 12 to 30 deals."""
    closes = _preferans_closes_on_time(record.get("ruleset"), record.get("conventions"))
    players = list(record["players"])
    # The engine's simulator draws the first dealer first: seat the table so that its draw
    # falls on the first dealer the table drew (fairly), then put the seats back; the deals
    # do not depend on which seat is "first", only on the clockwise order and the dealer.
    probe = random.Random()
    probe.setstate(rng.getstate())
    drawn = probe.randrange(len(players))
    wanted = players.index(record["first_dealer"]) if record.get("first_dealer") in players else 0
    shift = (wanted - drawn) % len(players)
    played = preferans_simulate.random_pulka(
        rng,
        players[shift:] + players[:shift],
        ruleset=record.get("ruleset") or "sochi",
        conventions=dict(record.get("conventions") or {}),
        max_deals=30 if closes else 200,
    )
    played["players"] = players
    if closes:
        played["deals"] = played["deals"][: rng.randint(12, 30)]
        played["closed"] = True
    return played, preferans.score_pulka(played)


# The winner rule [очки за победу] (Deberc §7: the winner scores 1, with `difference` also the
# target minus each beaten side's total): how the standings count a match whose game's tally
# gives no points of its own, and a tally kept before the games gave them.
winner_match_points = deberc_match.winner_match_points


DEBERC_TIEBREAKS = (
    "game_points",
    "points_difference",
    "buchholz",
    "sonneborn_berger",
    "head_to_head",
    "wins",
    "fewer_bytes",
)
PREFERANS_TIEBREAKS = ("balance", "places", "buchholz", "wins", "head_to_head", "sonneborn_berger")


DEBERC = Game(
    key="deberc",
    name=_("Deberc"),
    record_format=deberc_match.FORMAT,
    result_format=deberc_match.RESULT_FORMAT,
    table_sizes=(2, 3, 4),
    default_ruleset="moscow",
    presets=deberc_conventions.PRESETS,
    conventions=deberc_conventions.CONVENTIONS,
    error_type=deberc.ScoresheetError,
    score=deberc.score_match,
    check_conventions=_deberc_check,
    match_points=_deberc_match_points,
    scorer_form_module="scoring.forms",
    scorer_page="scoring.deberc_page",
    pairs_at=frozenset({4}),
    match_scores={
        "win": _("Win (1 point per match)"),
        "difference": _("Difference (target minus loser's total)"),
    },
    tiebreaks=DEBERC_TIEBREAKS,
    default_tiebreaks=("game_points", "points_difference", "buchholz", "wins"),
    tally=_deberc_tally,
    bye_points=_deberc_bye_points,
    closes_on_time=_never,
    simulate=_deberc_simulate,
    score_path=("match",),
    winners=_deberc_winners,
    canonical_deal=_deberc_canonical_deal,
)

PREFERANS = Game(
    key="preferans",
    name=_("Preferans"),
    record_format=preferans.FORMAT,
    result_format=preferans.RESULT_FORMAT,
    table_sizes=tuple(preferans.TABLE_SIZES),
    default_ruleset="sochi",
    presets=preferans.PRESETS,
    conventions=preferans.CONVENTIONS,
    error_type=preferans.PreferansError,
    score=preferans.score_pulka,
    check_conventions=_preferans_check,
    match_points=_preferans_match_points,
    scorer_form_module="scoring.preferans_page.forms",
    scorer_page="scoring.preferans_page.views",
    pairs_at=frozenset(),
    match_scores={
        "places": _("Places at the table (2/1/0, with four 3/2/1/0)"),
        "balance": _("Whist balance"),
    },
    tiebreaks=PREFERANS_TIEBREAKS,
    default_tiebreaks=("balance", "buchholz", "wins", "head_to_head"),
    tally=_preferans_tally,
    bye_points=_preferans_bye_points,
    closes_on_time=_preferans_closes_on_time,
    simulate=_preferans_simulate,
    score_path=("settlement", "balance"),
    winners=_preferans_winners,
    canonical_deal=_preferans_canonical_deal,
)

GAMES: dict[str, Game] = {game.key: game for game in (DEBERC, PREFERANS)}
BY_FORMAT: dict[str, Game] = {game.record_format: game for game in GAMES.values()}
BY_RESULT_FORMAT: dict[str, Game] = {game.result_format: game for game in GAMES.values()}
DEFAULT = DEBERC

# Every engine's error type: a caller that scores "whatever game this is" catches these.
ENGINE_ERRORS: tuple[type[Exception], ...] = tuple({g.error_type for g in GAMES.values()})


def game_choices() -> list[tuple[str, Any]]:
    return [(game.key, game.name) for game in GAMES.values()]


def game_get(key: str | None) -> Game:
    """The game called `key` (the default game for an empty key); KeyError for an unknown one."""
    return GAMES[key] if key else DEFAULT


def game_for_record(record: Any) -> Game | None:
    """The game whose scoresheet format the record names; None when it names none we know."""
    tag = record.get("format") if isinstance(record, dict) else None
    return BY_FORMAT.get(tag) if isinstance(tag, str) else None


def game_for_result(result: Any) -> Game:
    """The game whose result format the engine's result names (the default game for a
    result without a known format)."""
    tag = result.get("format") if isinstance(result, dict) else None
    return BY_RESULT_FORMAT.get(tag, DEFAULT) if isinstance(tag, str) else DEFAULT


def unknown_format_errors(record: Any) -> list[dict[str, Any]]:
    """The refusal of a record whose `format` names no game of this service."""
    tag = record.get("format") if isinstance(record, dict) else None
    known = ", ".join(sorted(BY_FORMAT))
    message = (
        "a scoresheet is a JSON object"
        if not isinstance(record, dict)
        else f"format {tag!r} is not one of {known}"
    )
    return [
        {
            "deal": None,
            "field": None if not isinstance(record, dict) else "format",
            "code": "bad_format",
            "message": message,
        }
    ]


class UnknownFormat(ValueError):
    """A record whose `format` names no game; `.errors` in the engines' shape."""

    def __init__(self, record: Any) -> None:
        self.errors = unknown_format_errors(record)
        super().__init__(self.errors[0]["message"])


def record_score(record: Any) -> dict[str, Any]:
    """Score any game's scoresheet record by its `format` tag. Raises the game's error type
    (with `.errors`) for an invalid record, UnknownFormat for a format of no game."""
    game = game_for_record(record)
    if game is None:
        raise UnknownFormat(record)
    return game.score(record)


SCORING_ERRORS: tuple[type[Exception], ...] = (*ENGINE_ERRORS, UnknownFormat)
