"""Each game a peer on the player's page and the leaderboard (issue 18): a player has a rating
in each game they play, the leaderboard ranks one game at a time (by club too), and the
player's page shows each game's own statistics under the game's name."""

from __future__ import annotations

import re

import pytest
from django.apps import apps
from django.utils import translation

from tests.factories import ClubFactory
from tournaments.standings.models import Rating, RatingEvent

from .two_games import DEBERC_NAMES, PREFERANS_NAMES, both, club, player

pytestmark = pytest.mark.django_db

__all__ = ["both", "club"]  # the fixtures


def test_a_player_of_both_games_has_a_rating_in_each(both, club):
    olena = player("Олена Шевченко", club)
    assert set(Rating.objects.filter(player=olena).values_list("game", flat=True)) == {
        "deberc",
        "preferans",
    }
    deberc = Rating.objects.get(player=olena, game="deberc")
    preferans = Rating.objects.get(player=olena, game="preferans")
    assert (deberc.matches, preferans.matches) == (2, 2)
    # Each history holds its own game's matches only.
    for rating in (deberc, preferans):
        events = RatingEvent.objects.filter(player=olena, game=rating.game)
        assert events.count() == rating.matches
        assert {e.match.game for e in events.select_related("match")} == {rating.game}
    anna = player("Анна Вист", club)
    assert list(Rating.objects.filter(player=anna).values_list("game", flat=True)) == ["preferans"]


def test_rating_a_match_moves_only_its_games_rating(both, club):
    from tournaments.standings.ratings import ratings_rate_pending

    olena = player("Олена Шевченко", club)
    before = {r.game: (r.mu, r.sigma) for r in Rating.objects.filter(player=olena)}
    # Replayed one match at a time, the ratings come out as the whole replay's.
    RatingEvent.objects.all().delete()
    Rating.objects.all().delete()
    assert ratings_rate_pending() == 6
    after = {r.game: (r.mu, r.sigma) for r in Rating.objects.filter(player=olena)}
    assert after.keys() == before.keys()
    for game, (mu, sigma) in before.items():
        assert after[game] == pytest.approx((mu, sigma))


def test_the_leaderboard_ranks_one_game_at_a_time(client, both, club):
    deberc = client.get("/api/v1/leaderboard/?game=deberc").json()
    preferans = client.get("/api/v1/leaderboard/", {"game": "preferans"}).json()
    assert {r["player"] for r in deberc} == set(DEBERC_NAMES)
    assert {r["player"] for r in preferans} == set(PREFERANS_NAMES)
    assert {r["game"] for r in deberc} == {"deberc"} and {r["game"] for r in preferans} == {
        "preferans"
    }
    olena = player("Олена Шевченко", club)
    by_game = {r.game: round(r.ordinal, 2) for r in Rating.objects.filter(player=olena)}
    assert (
        next(r for r in preferans if r["player_id"] == olena.pk)["rating"] == by_game["preferans"]
    )
    # No game named: the default game's ratings, never both mixed.
    assert client.get("/api/v1/leaderboard/").json() == deberc
    # By club and game together.
    other = ClubFactory(name="Інший клуб")
    assert client.get(f"/api/v1/leaderboard/?game=preferans&club={other.pk}").json() == []
    assert len(client.get(f"/api/v1/leaderboard/?game=preferans&club={club.pk}").json()) == 3


def test_a_wrong_game_is_named_in_the_users_language(client, both):
    response = client.get("/api/v1/leaderboard/?game=poker", HTTP_ACCEPT_LANGUAGE="uk")
    assert response.status_code == 400
    (problem,) = response.json()["errors"]
    assert (problem["field"], problem["code"]) == ("game", "invalid")
    assert "одна з ігор" in problem["message"] and "preferans" in problem["message"]
    both_wrong = client.get("/api/v1/leaderboard/?game=poker&club=x", HTTP_ACCEPT_LANGUAGE="ru")
    assert {e["field"] for e in both_wrong.json()["errors"]} == {"game", "club"}


def test_the_leaderboard_page_filters_by_game_and_club(client, both, club):
    page = client.get("/leaderboard/?game=preferans", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Анна Вист" in page and "Тарас Коваль" not in page
    assert re.search(r'<option value="preferans" selected>', page)
    deberc = client.get("/leaderboard/?game=deberc").content.decode()
    assert "Тарас Коваль" in deberc and "Анна Вист" not in deberc
    # An unknown game on the page shows the default game's board (no error page).
    assert client.get("/leaderboard/?game=poker").status_code == 200
    club_page = client.get(f"/leaderboard/?game=preferans&club={club.pk}").content.decode()
    assert "Борис Пуля" in club_page


def test_a_preferans_players_page_shows_preferans_figures(client, both, club):
    anna = player("Анна Вист", club)
    with translation.override("en"):
        page = client.get(f"/players/{anna.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="game-preferans"' in page and 'data-testid="game-deberc"' not in page
    for text in (
        "Contracts by level",
        "misères made",
        "misères caught",
        "whists taken",
        "all-pass tricks",
        "average whist balance per pulka",
    ):
        assert text in page, text
    for deberc_only in ("points per deal", "byte rate", "Combinations declared"):
        assert deberc_only not in page, deberc_only


def test_the_contracts_table_counts_what_the_results_say(client, both, club):
    from scoring.models import Match

    anna = player("Анна Вист", club)
    declared: dict[str, int] = {}
    made: dict[str, int] = {}
    for match in Match.objects.filter(tournament__game="preferans"):
        for deal in match.result["deals"]:
            if deal["kind"] == "game" and deal["declarer"] == "Анна Вист":
                level = deal["contract"].rstrip("SCDHNT")  # "10NT" → "10"
                declared[level] = declared.get(level, 0) + 1
                if deal["outcome"] in ("made", "not_played", "half_whist"):
                    made[level] = made.get(level, 0) + 1
    page = client.get(f"/players/{anna.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    table = page.split("Contracts by level", 1)[1].split("</table>", 1)[0]
    rows = re.findall(
        r"<tr><td>(\d+)</td><td class=\"num\">(\d+)</td><td class=\"num\">(\d+)", table
    )
    assert [r[0] for r in rows] == ["6", "7", "8", "9", "10"]
    for level, n_declared, n_made in rows:
        assert (int(n_declared), int(n_made)) == (declared.get(level, 0), made.get(level, 0))
    assert sum(declared.values()) > 0


def test_a_deberc_players_page_keeps_deberc_figures(client, both, club):
    taras = player("Тарас Коваль", club)
    page = client.get(f"/players/{taras.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="game-deberc"' in page and 'data-testid="game-preferans"' not in page
    assert "points per deal" in page and "byte rate" in page
    assert "Combinations declared" in page
    assert "Contracts by level" not in page and "whists taken" not in page


def test_a_player_of_both_games_sees_both_each_under_its_name(client, both, club):
    olena = player("Олена Шевченко", club)
    page = client.get(f"/players/{olena.pk}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    deberc = page.index('data-testid="game-deberc"')
    preferans = page.index('data-testid="game-preferans"')
    assert "Деберц" in page[deberc:preferans] and "очков за сдачу" in page[deberc:preferans]
    assert "Преферанс" in page[preferans:] and "Игры по уровню" in page[preferans:]
    assert 'data-testid="rating-chart-deberc"' in page
    assert 'data-testid="rating-chart-preferans"' in page


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_rating_chart_writes_numbers_an_svg_reads(client, both, club, language):
    """Under a decimal comma the chart's coordinates stay "28.0": "28,0" is no SVG length."""
    olena = player("Олена Шевченко", club)
    page = client.get(f"/players/{olena.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    svgs = re.findall(r'<svg class="chart".*?</svg>', page, flags=re.S)
    assert len(svgs) == 2
    number = r"-?\d+(?:\.\d+)?"
    for svg in svgs:
        for attr, value in re.findall(r'\b(cx|cy|x1|x2|y1|y2|x|y)="([^"]*)"', svg):
            assert re.fullmatch(number, value), (attr, value)
        (points,) = re.findall(r'points="([^"]*)"', svg)
        assert all(re.fullmatch(f"{number},{number}", p) for p in points.split()), points
    # The ratings for a script: JSON, whatever the language.
    assert re.search(r'<script id="rating-values-preferans" type="application/json">\[-?\d', page)


def test_the_data_step_splits_a_mixed_rating_by_game(both, club):
    """Ratings from before issue 18 mixed the games in one row: the migration's data step
    puts each event in its match's game and replays the ratings game by game."""
    import importlib

    migration = importlib.import_module("tournaments.migrations.0008_ratings_per_game")
    expected = {(r.player_id, r.game): (r.mu, r.sigma, r.matches) for r in Rating.objects.all()}
    olena = player("Олена Шевченко", club)
    # As before: one row per player, every event labelled with the default game.
    RatingEvent.objects.update(game="deberc")
    Rating.objects.filter(game="preferans").exclude(player=olena).update(game="deberc")
    Rating.objects.filter(player=olena, game="preferans").delete()
    migration.ratings_into_games(apps, None)
    got = {(r.player_id, r.game): (r.mu, r.sigma, r.matches) for r in Rating.objects.all()}
    assert got.keys() == expected.keys()
    for key, value in expected.items():
        assert got[key] == pytest.approx(value)
    assert not RatingEvent.objects.filter(game="deberc", match__tournament__game="preferans")
