"""A pairs event and a team event with a round paired and open, for the big screen's tests."""

from __future__ import annotations

from tests.factories import EntryFactory, PlayerFactory, TournamentFactory
from tournaments.events.models import Round, Team, Tournament
from tournaments.pairing.manager import round_pair

# A pair's name as long as clubs name them: it must not push a score out of its card.
LONG_PAIR = "Дніпровські пороги — ветерани клубу «Запорізька Січ» (збірна області)"


def paired_event(entrants: str) -> tuple[Tournament, dict[int, str]]:
    """Five pairs of Deberc at tables of four (one pair sits out), or five teams (three of
    three, two of two: 13 players at tables of three, one sits out); round 1 paired and open.
    Returns the tournament and each player's pair or team name."""
    pairs = entrants == "pairs"
    tournament = TournamentFactory(
        name="Кубок пар" if pairs else "Кубок команд",
        game="deberc",
        table_size=4 if pairs else 3,
        entrants=entrants,
        rounds=3,
        conventions={"target": 151},
    )
    sizes = [2] * 5 if pairs else [3, 3, 3, 2, 2]
    names = [LONG_PAIR, "Сокіл", "Вишня", "Кобзар", "Сіверяни"]
    team_of: dict[int, str] = {}
    for seed, (size, name) in enumerate(zip(sizes, names, strict=True), start=1):
        team = Team.objects.create(tournament=tournament, name=name, seed=seed)
        for k in range(size):
            player = PlayerFactory(
                club=tournament.club,
                # The long pair's players have long names too.
                display_name=(
                    f"Олександра-Вікторія Костянтинопольська-Загребельна {k + 1}"
                    if name == LONG_PAIR
                    else f"{name} {k + 1}"
                ),
            )
            EntryFactory(tournament=tournament, player=player, team=team)
            team_of[player.pk] = name
    round_ = round_pair(tournament=tournament)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.OPEN)
    return tournament, team_of
