"""Errors in the user's language: the service's own codes, and the door to each game's.

An engine speaks English (`message`) and gives a stable `code`; the pages and the API show a
message built per code in the active language, keeping the English text when the language is
English (it carries the figures, e.g. "card points add up to 150, not 152"). Each game
translates its own engine's codes (`Game.localise_error`, in the game's folder); the codes
here are the service's (a stale version, a reason required...) and the few every game's
format shares (a missing field, an unknown field, a bad format), which a game's own table may
word otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from .games.base import Game

# A code's sentence, and the sentences that carry an engine message's figures:
# (code, pattern over the English message, translated template with the pattern's groups).
Messages = Mapping[str, Any]
Figures = Sequence[tuple[str, "re.Pattern[str]", Any]]

MESSAGES: dict[str, Any] = {
    "unknown_player": _("This name is not a player at the table."),
    "dealer_out_of_turn": _("This is not the player who deals now."),
    "missing_field": _("This must be filled in."),
    "bad_convention": _("An unknown rule setting."),
    "bad_format": _("The scoresheet is not in the expected format."),
    "match_finished": _("The match is already over: no more deals."),
    "awaiting_confirmation": _("The previous deal waits for an opponent's confirmation."),
    "not_pending": _("This deal does not wait for confirmation."),
    "stale_version": _("Someone entered a deal meanwhile: the sheet was reloaded."),
    "required": _("This must be filled in."),
    "idempotency_key_reused": _("This submission was already used for another deal."),
    "invalid": _("This value is not valid."),
    "reason_required": _("Say why: the change is kept with its reason."),
    "round_time_not_up": _("The round's time is not up: the table plays on."),
    "round_closed": _("The round is closed: its organiser opens it again to add a deal."),
    "unknown_field": _("This field is not part of a deal: check its spelling."),
}

FIGURES: list[tuple[str, re.Pattern[str], Any]] = [
    # A key beside `deals` (deal null): the record's, not a deal's, field.
    (
        "unknown_field",
        re.compile(r"is not a field of a (scoresheet|pulka) record$"),
        _("This field is not part of a scoresheet: check its spelling."),
    ),
]


def active_language() -> str:
    """The active language's code without its region ("ru", "uk", "en")."""
    return (translation.get_language() or "en").split("-")[0]


def message_in(
    err: Mapping[str, Any], language: str, messages: Messages, figures: Figures
) -> str | None:
    """The problem's message in `language` from one table of sentences; None when the table
    has no sentence for its code. English keeps the engine's own message."""
    if language.split("-")[0] == "en":
        return str(err.get("message", ""))
    code = err.get("code", "")
    english = str(err.get("message", ""))
    with translation.override(language):
        for known, pattern, template in figures:
            found = pattern.search(english) if known == code else None
            if found:
                return str(template) % found.groupdict()
        template = messages.get(code)
        return None if template is None else str(template)


def shared_message(err: Mapping[str, Any], language: str) -> str:
    """The service's sentence for the problem's code in `language`; the English message when
    there is none."""
    found = message_in(err, language, MESSAGES, FIGURES)
    return str(err.get("message", "")) if found is None else found


def localise(err: Mapping[str, Any], game: Game | None = None) -> dict[str, Any]:
    """One error with its `message` in the active language: its game's words for its game's
    codes (`Game.localise_error`), the service's for the service's codes."""
    language = active_language()
    if language == "en":
        return dict(err)
    message = (
        game.localise_error(err, language) if game is not None else shared_message(err, language)
    )
    return {**err, "message": message}


def localise_errors(
    errors: Sequence[Mapping[str, Any]], game: Game | None = None
) -> list[dict[str, Any]]:
    return [localise(err, game) for err in errors]


def game_of(key: str | None) -> Game | None:
    """The registered game called `key`; None for no key or a key of no game."""
    from scoring import games

    try:
        return games.game_get(key) if key else None
    except KeyError:
        return None


def field_key(err: dict[str, Any]) -> str:
    """Where a form shows the error: the top-level field of the deal (`points.Anna` →
    `points`, `declarations.Boris[1]` → `declarations`), or `__all__`."""
    field = err.get("field") or ""
    head = re.split(r"[.\[]", field, maxsplit=1)[0] if field else ""
    return head or "__all__"
