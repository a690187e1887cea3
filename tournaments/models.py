"""Every model of the tournaments app, for Django's app registry and the migrations.

The models live in their domain's package (`clubs`, `people`, `federations`, `events`,
`discipline`, `standings`, `live`, `reports`); this module only gathers them, as Django loads
an app's models from its `models` module, and the migrations name
`tournaments.models.PointsField`. Code of the app imports a model from its domain's `models`;
code of other apps may import it from here.
"""

from tournaments.clubs.models import (
    Club,
    ClubMember,
    Invitation,
    LockoutLift,
    Player,
    Profile,
    TableCard,
)
from tournaments.discipline.models import Card
from tournaments.events.models import (
    ClubPreset,
    Entry,
    Round,
    RoundEvent,
    Table,
    Team,
    Tournament,
)
from tournaments.federations.models import Federation, FederationClub, FederationOrganiser
from tournaments.live.models import LiveVersion
from tournaments.people.models import ClubPlayer, PlayerMerge, RosterRequest
from tournaments.reports.models import ReportJob
from tournaments.standings.models import (
    MatchTally,
    PointsField,
    Rating,
    RatingEvent,
    StandingRow,
)

__all__ = [
    "Card",
    "Club",
    "ClubMember",
    "ClubPlayer",
    "ClubPreset",
    "Entry",
    "Federation",
    "FederationClub",
    "FederationOrganiser",
    "Invitation",
    "LiveVersion",
    "LockoutLift",
    "MatchTally",
    "Player",
    "PlayerMerge",
    "PointsField",
    "Profile",
    "Rating",
    "RatingEvent",
    "ReportJob",
    "RosterRequest",
    "Round",
    "RoundEvent",
    "StandingRow",
    "Table",
    "TableCard",
    "Team",
    "Tournament",
]
