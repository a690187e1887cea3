"""What the referee desk offers on a table's scorer page (`scoring.table_links`): beside each
deal "Rule on this deal" (the ruling form of the match, the deal chosen), and "Give a card"
(the cards form, its players those of the table). Only the tournament's referees and
organisers see them; a scorer, a player and the public see nothing."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.models import Match
from scoring.table_links import DealLink, TableLink, TableLinks
from tournaments.clubs import permissions as perms


def table_links(user: Any, match: Match) -> TableLinks | None:
    """The referee's links at `match` for `user`, or None when they are not theirs."""
    tournament = match.tournament if match.tournament_id is not None else None
    if tournament is None or not getattr(user, "is_authenticated", False):
        return None
    if not perms.is_staff_of(user, tournament):
        return None
    cards = reverse("referee:tournament_cards", args=[match.tournament_id])
    rule = reverse("referee:ruling_new", args=[match.pk])
    return TableLinks(
        table=(
            TableLink(label=_("Give a card"), url=f"{cards}?match={match.pk}", testid="give-card"),
        ),
        deal=(
            DealLink(
                label=_("Rule on this deal (deal %(number)s)"),
                url=f"{rule}?deal=",
                testid="rule",
                symbol="⚖",
            ),
        ),
    )
