"""The big screen of a pairs or team event (issue 35, item 13): each seat on a table's tile
names its pair or team, the pairs' or teams' standings stand above the players', and who sits
out this round is said (a pair or team once, with its members). It showed only the players'
standings and names, and nothing of who sat out."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.html import escape

from scoring.models import Seat
from tests.factories import EntryFactory, TournamentFactory
from tests.tournaments.live.bigscreen_events import LONG_PAIR, paired_event
from tournaments.events.models import Round
from tournaments.pairing.manager import round_pair

pytestmark = pytest.mark.django_db

SITTING_OUT = {"ru": "Пропускают этот тур", "uk": "Пропускають цей тур"}
TITLE = {("pairs", "ru"): "Пары", ("pairs", "uk"): "Пари", ("teams", "ru"): "Команды"}
TITLE[("teams", "uk")] = "Команди"


def _screen(tournament, language: str) -> str:
    page = Client().get(f"/tournaments/{tournament.pk}/screen/", HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    return page.content.decode()


@pytest.mark.parametrize("language", ["ru", "uk"])
@pytest.mark.parametrize("entrants", ["pairs", "teams"])
def test_the_big_screen_names_pairs_or_teams_their_standings_and_who_sits_out(entrants, language):
    tournament, team_of = paired_event(entrants)
    html = _screen(tournament, language)
    # Every seated player's pair or team under their name, on their table's tile.
    round_ = Round.objects.get(tournament=tournament, number=1)
    seats = Seat.objects.filter(match__round=round_).select_related("player")
    assert seats.count() == (8 if entrants == "pairs" else 12)
    for seat in seats:
        team = escape(team_of[seat.player_id])
        name = escape(seat.player.display_name)
        tile = re.search(rf'title="{re.escape(name)}">.*?</li>', html, re.S)
        assert tile, seat.player.display_name
        assert f'<span class="team-name" title="{team}">{team}</span>' in tile.group(0)
    # The pairs' or teams' standings, every one of the five, above the players'.
    teams = html.index('data-testid="team-standings"')
    assert f"<h2>{TITLE[(entrants, language)]}</h2>" in html[teams:]
    assert html[teams:].count("<tr data-team=") == 5
    assert teams < html.index('<table class="standings">', teams + 40)
    # Who sits out: the pair (both partners) or the team's player who has the bye.
    byes = list(round_.byes.values_list("pk", "display_name"))
    assert len(byes) == (2 if entrants == "pairs" else 1)
    part = html[html.index('data-testid="byes"') :]
    assert SITTING_OUT[language] in part
    [team] = {team_of[pk] for pk, _name in byes}
    assert f'<span class="bye-name" title="{escape(team)}">{escape(team)}</span>' in part
    for _pk, name in byes:
        assert escape(name) in part.split("</ul>")[0]


def test_a_long_name_is_whole_in_its_title():
    tournament, _team_of = paired_event("pairs")
    html = _screen(tournament, "uk")
    assert f'title="{escape(LONG_PAIR)}"' in html
    assert 'class="name"><a href="/players/' in html


def test_a_tournament_of_players_has_no_team_parts():
    tournament = TournamentFactory(conventions={"target": 201})
    for _ in range(5):
        EntryFactory(tournament=tournament)
    round_pair(tournament=tournament)
    html = _screen(tournament, "ru")
    assert 'data-testid="team-standings"' not in html
    assert 'class="team-name"' not in html
    # An odd field: one player sits out, named alone.
    assert SITTING_OUT["ru"] in html
    assert html.count('class="bye-name"') == 1
