"""The referee's tools at the table: whose combinations count, which cards may be played, a
deal checked card by card, a closing checked against the target.

Every verdict comes from the rules engine (`scoring.games.deberc.engine`); this module only
reads the request, asks the engine, and explains the answer in the asker's language with the
rulebook articles it applied. Nothing here is stored.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from referee.toolbase import ToolError, tool_lang
from scoring.games.deberc.engine import ScoresheetError, score_match
from scoring.games.deberc.engine.cards import (
    SUIT_LETTERS,
    card_name,
    parse_card,
    parse_suit,
    trick_winner_index,
)
from scoring.games.deberc.engine.combinations import (
    CLASS,
    BadDeclaration,
    parse_declaration,
    seniority_key,
    settle_combinations,
)
from scoring.games.deberc.engine.conventions import PRESETS, Conventions, resolve_conventions
from scoring.games.deberc.engine.match import deal_violations
from scoring.games.deberc.engine.play import (
    MUST_FOLLOW_SUIT,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    legal_cards,
)


def _err(field: str | None, code: str, message: str) -> dict[str, Any]:
    return {"field": field, "code": code, "message": message}


def suit_name(suit: int) -> str:
    return [_("clubs"), _("diamonds"), _("hearts"), _("spades")][suit]


def _conventions(ruleset: Any, overrides: Any, n_players: int) -> Conventions:
    try:
        return resolve_conventions(ruleset or "moscow", overrides or {}, n_players)
    except ScoresheetError as exc:
        raise ToolError([_err(e["field"], e["code"], e["message"]) for e in exc.errors]) from exc


def _trump(value: Any) -> int:
    suit = parse_suit(value) if isinstance(value, str) else None
    if suit is None:
        raise ToolError([_err("trump", "bad_card", f"unknown trump suit {value!r}")])
    return suit


def _cards(values: Any, field: str) -> list[str]:
    """Canonical names of a list of cards, or every unreadable one as an error."""
    if not isinstance(values, list):
        raise ToolError([_err(field, "bad_card", 'a list of cards such as ["10H", "QS"]')])
    names: list[str] = []
    errors = []
    for index, value in enumerate(values):
        card = parse_card(value)
        if card is None:
            errors.append(_err(f"{field}[{index}]", "bad_card", f"unreadable card {value!r}"))
        else:
            names.append(card_name(card))
    if errors:
        raise ToolError(errors)
    return names


# --- 1. legal cards --------------------------------------------------------------------------

_REASON_ARTICLES = {
    MUST_FOLLOW_SUIT: "play.follow_suit",
    MUST_TRUMP: "play.follow_suit",
    MUST_OVERTRUMP: "play.overtrump",
}


def _reason_sentence(code: str, led: str, trump: str, player: str | None = None) -> str:
    """Why a card is refused: to the asker ("you"), or about `player` in a checked deal."""
    if player is not None:
        return _third_person(code, led, trump, player)
    if code == MUST_FOLLOW_SUIT:
        return _("%(led)s were led and you hold %(led)s: you must follow suit.") % {"led": led}
    if code == MUST_TRUMP:
        return _("You hold no %(led)s but you hold a trump (%(trump)s): you must play a trump.") % {
            "led": led,
            "trump": trump,
        }
    return _("A trump is on the trick and you hold a higher trump: you must beat it (overtrump).")


def _third_person(code: str, led: str, trump: str, player: str) -> str:
    values = {"led": led, "trump": trump, "player": player}
    if code == MUST_FOLLOW_SUIT:
        return _("%(led)s were led and %(player)s held %(led)s: they had to follow suit.") % values
    if code == MUST_TRUMP:
        return (
            _("%(player)s held no %(led)s but held a trump (%(trump)s): they had to play a trump.")
            % values
        )
    return (
        _("A trump was on the trick and %(player)s held a higher trump: they had to beat it.")
        % values
    )


def legal_cards_check(
    *,
    trump: Any,
    trick: Any,
    hand: Any,
    conventions: Any = None,
    ruleset: Any = "moscow",
    lang: Any = None,
) -> dict[str, Any]:
    """Which cards of `hand` may go onto `trick`, why the others may not, and the rules."""
    trick_names = _cards(trick or [], "trick")
    hand_names = _cards(hand, "hand")
    suit = _trump(trump)
    if not hand_names:
        raise ToolError([_err("hand", "bad_play", "the hand is empty")])
    if len(trick_names) > 3:
        raise ToolError([_err("trick", "bad_play", "a trick holds at most 4 cards")])
    seen: set[str] = set()
    for field, names in (("trick", trick_names), ("hand", hand_names)):
        for name in names:
            if name in seen:
                raise ToolError([_err(field, "card_conflict", f"{name} is given twice")])
            seen.add(name)
    conv = _conventions(ruleset, conventions, max(2, len(trick_names) + 1))
    answer = legal_cards(hand_names, trick_names, SUIT_LETTERS[suit], overtrump=conv.overtrump)
    lang = tool_lang(lang)
    articles = ["play.follow_suit"]
    led_card = parse_card(trick_names[0]) if trick_names else None
    led_suit = led_card >> 3 if led_card is not None else None
    with translation.override(lang):
        led = suit_name(led_suit) if led_suit is not None else ""
        reasons = {
            card: {"code": code, "message": _reason_sentence(code, led, suit_name(suit))}
            for card, code in answer["refused"].items()
        }
    for code in answer["refused"].values():
        articles.append(_REASON_ARTICLES[code])
    if led_suit == suit or MUST_OVERTRUMP in answer["refused"].values():
        articles.append("play.overtrump")
    if conv.overtrump == "always":
        articles.append("conventions.overtrump")
    if answer["refused"]:
        articles.append("play.renonce")
    return {
        "legal": answer["legal"],
        "reasons": reasons,
        "articles": list(dict.fromkeys(articles)),
        "trump": SUIT_LETTERS[suit],
        "led": SUIT_LETTERS[led_suit] if led_suit is not None else None,
        "overtrump": conv.overtrump,
    }


# --- 2. combinations -------------------------------------------------------------------------


def _kind_name(kind: str) -> str:
    return {"terz": _("terz"), "fifty": _("fifty"), "hundred": _("hundred")}.get(kind, kind)


def _rank_word(card: int) -> str:
    return [_("ace"), _("king"), _("queen"), _("jack"), "10", "9", "8", "7"][card & 7]


def _describe(declaration: Any) -> str:
    return _("%(kind)s from the %(rank)s of %(suit)s") % {
        "kind": _kind_name(declaration.kind),
        "rank": _rank_word(declaration.top),
        "suit": suit_name(declaration.top >> 3),
    }


def combinations_check(
    *,
    trump: Any,
    players: Any,
    declarations: Any,
    conventions: Any = None,
    ruleset: Any = "moscow",
    last_trick: Any = None,
    tricks: Any = None,
    lang: Any = None,
    declarer: Any = None,
) -> dict[str, Any]:
    """Whose declared terzes/fifties/hundreds count (seniority), and who scores bella.

    `players` are listed clockwise from the eldest (the dealer's left). `tricks` (optional,
    tricks taken per player) applies `combinations_need_trick`. `declarer` (optional) is who
    leads first under `first_lead: declarer`, for `combination_tie: first_declared`.
    """
    if (
        not isinstance(players, list)
        or not 2 <= len(players) <= 4
        or len(set(map(str, players))) != len(players)
    ):
        raise ToolError([_err("players", "bad_players", "2 to 4 distinct names, from the eldest")])
    players = [str(p) for p in players]
    if not isinstance(declarations, dict):
        raise ToolError([_err("declarations", "bad_combination", "an object name: [combinations]")])
    unknown = [name for name in declarations if name not in players]
    if unknown:
        raise ToolError(
            [
                _err("declarations", "unknown_player", f"{name!r} is not at the table")
                for name in unknown
            ]
        )
    if last_trick is not None and last_trick not in players:
        raise ToolError(
            [_err("last_trick", "unknown_player", f"{last_trick!r} is not at the table")]
        )
    if declarer is not None and declarer not in players:
        raise ToolError([_err("declarer", "unknown_player", f"{declarer!r} is not at the table")])
    suit = _trump(trump)
    conv = _conventions(ruleset, conventions, len(players))
    parsed: dict[str, list[Any]] = {}
    errors = []
    for name in players:
        parsed[name] = []
        said = declarations.get(name) or []
        # Each player's declarations are a list of notations: anything else (a number, an
        # object) is the caller's mistake at that field, never a server error.
        if not isinstance(said, list) or not all(isinstance(text, str) for text in said):
            errors.append(
                _err(f"declarations.{name}", "bad_combination", "a list of combinations expected")
            )
            continue
        for index, text in enumerate(said):
            try:
                parsed[name].append(parse_declaration(text, suit, conv))
            except BadDeclaration as exc:
                errors.append(_err(f"declarations.{name}[{index}]", exc.code, str(exc)))
    if errors:
        raise ToolError(errors)
    settled = settle_combinations(
        {name: list(declarations.get(name) or []) for name in players},
        SUIT_LETTERS[suit],
        players,
        conv,
        last_trick=last_trick,
        pairs=len(players) == 4 and conv.pairs,
        declarer=declarer,
    )
    winner = settled["combinations_to"]
    decided_by = settled["decided_by"]
    credited = dict(settled["credited"])
    withheld: list[str] = []
    if isinstance(tricks, dict) and conv.combinations_need_trick:
        for name in players:
            if credited.get(name) and not tricks.get(name):
                credited[name] = 0
                withheld.append(name)

    best = {
        name: max(
            (d for d in parsed[name] if d.kind in CLASS),
            key=lambda d: seniority_key(d, suit, conv),
            default=None,
        )
        for name in players
    }
    articles = ["combinations.seniority"]
    lang = tool_lang(lang)
    with translation.override(lang):
        explanation = _explain(winner, decided_by, best, conv)
        if withheld:
            explanation += " " + _(
                "%(names)s took no trick, so their combinations are not credited."
            ) % {"names": ", ".join(withheld)}
        best_text = {name: (_describe(d) if d is not None else None) for name, d in best.items()}
    if decided_by == "trump" or conv.trump_in_combination == "kharkov":
        articles.append("conventions.trump_in_combination")
    if decided_by in ("eldest", "first_declared", "last_trick"):
        articles.append("conventions.combination_tie")
    if withheld or tricks is not None:
        articles.append("combinations.need_trick")
    if settled["bella"]:
        articles.append("combinations.bella")
    return {
        "combinations_to": winner,
        "decided_by": decided_by,
        "credited": credited,
        "bella": settled["bella"],
        "best": best_text,
        "explanation": explanation,
        "articles": articles,
    }


def _explain(winner: str | None, decided_by: str | None, best: dict, conv: Conventions) -> str:
    if winner is None:
        return _("Nobody declared a terz, fifty or hundred: only a declared bella scores.")
    combination = _describe(best[winner])
    values = {"winner": winner, "best": combination}
    if decided_by == "only":
        return _("Only %(winner)s declared a run (%(best)s): they score all of theirs.") % values
    if decided_by == "class":
        return (
            _(
                "%(winner)s's %(best)s is of a higher class (hundred > fifty > terz): "
                "%(winner)s scores all of their combinations, the others none."
            )
            % values
        )
    if decided_by == "top_card":
        return (
            _(
                "%(winner)s's %(best)s has the highest top card: %(winner)s scores all of their "
                "combinations, the others none."
            )
            % values
        )
    if decided_by == "trump":
        return (
            _(
                "Same class and top card; %(winner)s's %(best)s is in trump, and trump counts "
                "(trump_in_combination: moscow)."
            )
            % values
        )
    if decided_by == "last_trick":
        return (
            _(
                "The best combinations are equal; %(winner)s took the last trick "
                "(combination_tie: last_trick)."
            )
            % values
        )
    if decided_by == "first_declared":
        return (
            _(
                "The best combinations are equal; %(winner)s declared first, being first "
                "clockwise from the first lead (combination_tie: first_declared)."
            )
            % values
        )
    return (
        _(
            "The best combinations are equal; %(winner)s is first clockwise from the dealer's left "
            "(combination_tie: eldest)."
        )
        % values
    )


# --- 3. deal check ---------------------------------------------------------------------------

_OUTCOME_ARTICLES = {
    "made": ["scoring.made"],
    "byte": ["scoring.byte"],
    "hanging": ["scoring.hanging_byte", "scoring.hanging_pools"],
    "card_byte": ["violations.card_byte"],
    "closing": ["match.closing"],
    "debertz": ["combinations.debertz"],
}
_VIOLATION_ARTICLES = {
    "renonce": ["play.renonce", "conventions.renonce_penalty"],
    "false_declaration": ["violations.false_declaration"],
}


def deal_check(
    *,
    players: Any,
    dealer: Any,
    trump: Any,
    declarer: Any,
    declarations: Any,
    hands: Any,
    tricks: Any,
    ruleset: Any = "moscow",
    conventions: Any = None,
    lang: Any = None,
    taken_by: Any = None,
    taken_trick: Any = None,
    how_high_by: Any = None,
    late_senior_by: Any = None,
    late_combination: Any = None,
) -> dict[str, Any]:
    """A deal entered card by card → the first violation with its rule, or the score.

    The deal becomes a one-deal scoresheet (`play` with the hands and tricks) and the engine
    scores it: the engine itself turns a false declaration or the first illegal card into a
    card byte. For the referee we also say *which* card broke *which* rule.

    Two rulings do not stop the deal (rules §4, §6): `how_high_by`, the player who asked "how
    high?" and then declared a senior combination (`senior_after_question`); and under
    `renonce_penalty: take_trick` (Kharkov) a renonce the play shows, punished by the
    opponent `taken_by` taking the violator's trick number `taken_trick`. A third, also
    scored from the play: `late_senior_by` announced `late_combination`, a senior combination,
    after a junior one (`late_senior`, rules §4): it is not counted.
    """
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise ToolError([_err("players", "bad_players", "2 to 4 names, clockwise")])
    if dealer not in players:
        raise ToolError([_err("dealer", "unknown_player", "who dealt? one of the players")])
    record = {
        "format": "deberc-scoresheet/1",
        "ruleset": ruleset or "moscow",
        "conventions": conventions or {},
        "players": players,
        "first_dealer": dealer,
        "deals": [
            {
                "trump": trump,
                "declarer": declarer,
                "declarations": declarations or {},
                "play": {"hands": hands, "tricks": tricks},
            }
        ],
    }
    ruling = _deal_ruling(record, taken_by, taken_trick, how_high_by, lang)
    if late_senior_by or late_combination:
        if ruling is not None:
            raise ToolError(
                [_err("late_senior_by", "bad_violation", "one violation per deal: the other first")]
            )
        ruling = {"player": late_senior_by, "kind": "late_senior"}
        if late_combination:
            ruling["combination"] = late_combination
    if ruling is not None:
        record["deals"][0]["violation"] = ruling
    try:
        result = score_match(record)
    except ScoresheetError as exc:
        raise ToolError([_err(e["field"], e["code"], e["message"]) for e in exc.errors]) from exc
    deal = result["deals"][0]
    violation = None
    articles: list[str] = []
    with translation.override(tool_lang(lang)):
        found = deal_violations(record)[0]
        if found is not None:
            violation = _explain_violation(found, trump)
        if violation is not None:
            articles += _VIOLATION_ARTICLES.get(violation["kind"], [])
            articles += violation.pop("articles", [])
        articles += _OUTCOME_ARTICLES.get(deal["outcome"], [])
        if deal.get("combinations_to"):
            articles.append("combinations.seniority")
        articles.append("scoring.deal_total")
        outcome_label = _outcome_name(deal["outcome"])
        if violation is None:
            explanation = _("No violation: the deal is scored by the rules (%(outcome)s).") % {
                "outcome": outcome_label
            }
        else:
            explanation = violation["message"]
    return {
        "violation": violation,
        "outcome": deal["outcome"],
        "outcome_label": outcome_label,  # the outcome in the asker's language
        "declarer": deal["declarer"],
        "combinations_to": deal["combinations_to"],
        "totals": deal["totals"],
        "recorded": deal["recorded"],
        "hanging": deal["hanging"],
        "next_dealer": deal["next_dealer"],
        "finished": result["finished"],
        "winner": result["winner"],
        "explanation": explanation,
        "articles": list(dict.fromkeys(articles)),
        "result": result,
    }


def _deal_ruling(
    record: dict[str, Any], taken_by: Any, taken_trick: Any, how_high_by: Any, lang: Any
) -> dict[str, Any] | None:
    """The ruling that does not stop the deal, for the deal check's record (None: none).

    Under `take_trick` the renonce's violator is the one the cards show: found by reading the
    same play as a card byte would; without `taken_by` and `taken_trick` the referee is told
    which tricks may be taken."""
    conv = _conventions(record["ruleset"], record["conventions"], len(record["players"]))
    renonce = None
    if conv.renonce_penalty == "take_trick":
        probe = {
            **record,
            "conventions": {**(record["conventions"] or {}), "renonce_penalty": "card_byte"},
        }
        try:
            found = deal_violations(probe)[0]
        except ScoresheetError:
            found = None  # the real scoring reports what is wrong with the record
        if found is not None and found["kind"] == "renonce":
            renonce = found
    if renonce is not None and how_high_by:
        raise ToolError(
            [_err("how_high_by", "bad_violation", "one violation per deal: the renonce first")]
        )
    if how_high_by:
        return {"player": how_high_by, "kind": "senior_after_question"}
    if renonce is None:
        if taken_by or taken_trick:
            raise ToolError(
                [_err("taken_by", "bad_violation", "the play shows no renonce to take a trick for")]
            )
        return None
    if not taken_by or not taken_trick:
        tricks = _takeable_tricks(record, renonce["player"], conv)
        with translation.override(tool_lang(lang)):
            message = _(
                "Trick %(trick)s: %(player)s played %(card)s, a renonce. At this table the "
                "opponent who noticed takes one of %(player)s's tricks, not the one with the "
                "trump jack (tricks %(tricks)s): say who and which."
            ) % {
                "trick": renonce["trick"],
                "player": renonce["player"],
                "card": renonce["card"],
                "tricks": ", ".join(map(str, tricks)) or "—",
            }
        field = "taken_by" if not taken_by else "taken_trick"
        raise ToolError([_err(field, "missing_field", message)])
    return {
        "player": renonce["player"],
        "kind": "renonce",
        "taken_by": taken_by,
        "trick": taken_trick,
    }


def _takeable_tricks(record: dict[str, Any], violator: str, conv: Conventions) -> list[int]:
    """The violator's tricks (1-based) without the trump jack, as the play gives them."""
    deal = record["deals"][0]
    players = record["players"]
    suit = _trump(deal["trump"])
    hands = deal["play"]["hands"] or {}
    owner = {}
    for name, cards in hands.items():
        for text in cards or []:
            card = parse_card(text)
            if card is not None:
                owner[card] = name
    n = len(players)
    dealer = players.index(record["first_dealer"])
    leader = deal["declarer"] if conv.first_lead == "declarer" else players[(dealer + 1) % n]
    out = []
    for number, trick in enumerate(deal["play"]["tricks"] or [], start=1):
        cards = [parse_card(text) for text in trick]
        if len(cards) != n or None in cards or leader not in players:
            break
        winner = players[(players.index(leader) + trick_winner_index(cards, suit)) % n]
        if winner == violator and suit * 8 + 3 not in cards:
            out.append(number)
        leader = winner
    return out


def _outcome_name(outcome: str) -> str:
    return {
        "made": _("the game is made"),
        "byte": _("byte"),
        "hanging": _("hanging byte"),
        "card_byte": _("card byte"),
        "closing": _("closing"),
        "debertz": _("debertz"),
        "void": _("void deal"),
        "played": _("played without byte"),
    }.get(outcome, outcome)


def _explain_violation(found: dict[str, Any], trump: Any) -> dict[str, Any]:
    """The engine's finding (`deal_violations`: who broke which rule, with which card or
    declaration) told in the asker's language, with the article it applies."""
    name = found["player"]
    if found["kind"] == "senior_after_question":
        return {
            "player": name,
            "kind": "senior_after_question",
            "message": _(
                '%(player)s asked "how high?" and then declared a senior combination: their '
                "combinations are annulled and the opponents' pass; no byte, the deal is scored."
            )
            % {"player": name},
            "articles": ["combinations.how_high"],
        }
    if found["kind"] == "late_senior":
        text = found.get("combination", "")
        return {
            "player": name,
            "kind": "late_senior",
            "combination": text,
            "message": _(
                "%(player)s announced %(combination)s after a junior combination: it is not "
                "counted; no byte, the deal is scored without it."
            )
            % {"player": name, "combination": text},
            "articles": ["combinations.how_high"],
        }
    if found["kind"] == "false_declaration":
        text = found.get("combination", "")
        return {
            "player": name,
            "kind": "false_declaration",
            "combination": text,
            "message": _(
                "%(player)s declared %(combination)s but does not hold it: "
                "a false declaration, card byte."
            )
            % {"player": name, "combination": text},
            "articles": [],
        }
    card = found["card"]
    led_card = parse_card(found["led"])
    assert led_card is not None  # the engine names a card it read
    led = suit_name(led_card >> 3)
    reason = _reason_sentence(found["reason"], led, suit_name(_trump(trump)), player=name)
    answer: dict[str, Any] = {
        "player": name,
        "kind": "renonce",
        "card": card,
        "trick": found["trick"],
        "reason": found["reason"],
        "message": _("Trick %(trick)s: %(player)s played %(card)s, a renonce. %(reason)s")
        % {"trick": found["trick"], "player": name, "card": card, "reason": reason},
        "articles": [_REASON_ARTICLES[found["reason"]]],
    }
    if "taken_by" in found:
        # Kharkov (`take_trick`): no byte; the noticing opponent took one of the tricks.
        answer["taken_by"] = found["taken_by"]
        answer["taken_trick"] = found.get("taken_trick")
        answer["message"] += " " + _(
            "%(taker)s takes %(player)s's trick %(taken)s; the deal is scored as played."
        ) % {"taker": found["taken_by"], "player": name, "taken": found.get("taken_trick")}
    return answer


def order_tricks(
    *,
    players: list[str],
    dealer: str,
    declarer: str,
    trump: Any,
    hands: dict[str, list[str]],
    tricks: list[list[str]],
    ruleset: Any = "moscow",
    conventions: Any = None,
) -> list[list[str]]:
    """Tricks tapped as sets of cards, put in the order they were played: each card's
    player is who held it, the first trick is led as `first_lead` says (the eldest or the
    declarer) and every later one by the previous trick's winner. Cards nobody held (or a
    table that cannot be read) keep their order, for `deal_check` to report."""
    if dealer not in players or not players:
        return [list(t) for t in tricks]
    suit = parse_suit(trump) if isinstance(trump, str) else None
    owner: dict[str, str] = {}
    for name, cards in (hands or {}).items():
        for text in cards:
            card = parse_card(text)
            if card is not None:
                owner[card_name(card)] = name
    conv = _conventions(ruleset, conventions, len(players))
    n = len(players)
    if conv.first_lead == "declarer" and declarer in players:
        leader = declarer
    else:
        leader = players[(players.index(dealer) + 1) % n]
    ordered: list[list[str]] = []
    for trick in tricks:
        names = [card_name(c) if (c := parse_card(t)) is not None else str(t) for t in trick]
        start = players.index(leader)
        names.sort(key=lambda c: (players.index(owner[c]) - start) % n if c in owner else n)
        ordered.append(names)
        if suit is not None and len(names) == n and all(c in owner for c in names):
            # Every name is a card in `owner`: each reads back.
            read = [card for c in names if (card := parse_card(c)) is not None]
            leader = owner[names[trick_winner_index(read, suit)]]
    return ordered


def ruleset_choices() -> list[str]:
    return list(PRESETS)
