"""The live pages never slow the tables (issue 22): anonymous visitors share cached fragments
and pages, every answer has a strong ETag from the version of what it shows, a matching
conditional request gets 304, and nothing cached outlives the change it shows: a deal, the
standings refresh, an organiser's act."""

from __future__ import annotations

import re
import uuid

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from scoring.models import Match
from scoring.selectors import seat_names
from tests.factories import PlayerFactory, TableFactory, make_match
from tournaments.events.models import Round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]

HTMX = {"HTTP_HX_REQUEST": "true"}


def deal_record(names, declarer_points=120):
    return {
        "trump": "H",
        "declarer": names[0],
        "points": {names[0]: declarer_points, names[1]: 130 - declarer_points},
        "last_trick": names[0],
    }


def post_deal(match, user, django_capture_on_commit_callbacks, points=120):
    """A scorer's deal through the API, committed (what waits for the commit runs too)."""
    client = APIClient()
    client.force_authenticate(user=user)
    match.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/api/v1/matches/{match.pk}/deals/",
            deal_record(seat_names(match), points) | {"version": match.version},
            format="json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        )
    assert answer.status_code == 201, answer.content
    match.refresh_from_db()
    return answer


def finish(match, user, django_capture_on_commit_callbacks):
    for _ in range(10):
        post_deal(match, user, django_capture_on_commit_callbacks)
        if match.status == Match.Status.FINISHED:
            return
    raise AssertionError("the match did not finish")


def table_card(html: str, number: int) -> str:
    start = html.index(f'data-table="{number}"')
    return html[start : html.index("</article>", start)]


def vary(response) -> list[str]:
    return [v.strip().lower() for v in response.get("Vary", "").split(",") if v.strip()]


def test_a_polled_fragment_shows_the_deal_committed_after_the_last_poll(
    client, tournament, match, organiser, django_capture_on_commit_callbacks
):
    url = f"/tournaments/{tournament.pk}/"
    first = client.get(url, **HTMX)
    again = client.get(url, **HTMX)  # from the cache
    assert first.content == again.content
    assert "not started" in table_card(first.content.decode(), match.table.number)

    post_deal(match, organiser, django_capture_on_commit_callbacks)

    after = client.get(url, **HTMX)
    card = table_card(after.content.decode(), match.table.number)
    assert "1 deal" in card and "not started" not in card
    assert after["ETag"] != first["ETag"]
    # The round page's tables and the big screen show it too.
    for path in (
        f"/tournaments/{tournament.pk}/rounds/1/",
        f"/tournaments/{tournament.pk}/screen/",
    ):
        card = table_card(client.get(path, **HTMX).content.decode(), match.table.number)
        assert "1 deal" in card


def test_a_matching_etag_gets_304_until_a_deal_changes_the_tables(
    client, tournament, match, organiser, django_capture_on_commit_callbacks
):
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    first = client.get(url, **HTMX)
    etag = first["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{40}"', etag)  # strong
    assert first["Cache-Control"] == "no-cache"  # the browser asks again every time
    assert "cookie" not in vary(first)
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX).status_code == 304

    post_deal(match, organiser, django_capture_on_commit_callbacks)

    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert client.get(url, HTTP_IF_NONE_MATCH=changed["ETag"], **HTMX).status_code == 304


def test_the_standings_fragment_and_api_change_with_the_standings_refresh(
    client, tournament, match, organiser, django_capture_on_commit_callbacks
):
    fragment_url = f"/tournaments/{tournament.pk}/standings/"
    api_url = f"/api/v1/tournaments/{tournament.pk}/standings/"
    fragment, api = client.get(fragment_url, **HTMX), client.get(api_url)
    assert api["Cache-Control"] == "no-cache"
    assert client.get(fragment_url, HTTP_IF_NONE_MATCH=fragment["ETag"], **HTMX).status_code == 304
    assert client.get(api_url, HTTP_IF_NONE_MATCH=api["ETag"]).status_code == 304

    # A deal that leaves the match in play changes no standings: still 304.
    post_deal(match, organiser, django_capture_on_commit_callbacks, points=70)
    if match.status != Match.Status.FINISHED:
        assert client.get(api_url, HTTP_IF_NONE_MATCH=api["ETag"]).status_code == 304

    finish(match, organiser, django_capture_on_commit_callbacks)
    winner = match.seats.get(position=match.winner_seats[0]).player

    fresh_api = client.get(api_url, HTTP_IF_NONE_MATCH=api["ETag"])
    assert fresh_api.status_code == 200 and fresh_api["ETag"] != api["ETag"]
    row = next(r for r in fresh_api.json() if r["player_id"] == winner.pk)
    assert row["won"] == 1
    fresh = client.get(fragment_url, HTTP_IF_NONE_MATCH=fragment["ETag"], **HTMX)
    assert fresh.status_code == 200
    line = re.search(rf'<tr data-player="{winner.pk}">.*?</tr>', fresh.content.decode(), re.S)
    assert line and re.search(r'<td class="num mp">[1-9]', line.group(0))


def test_the_match_document_gets_an_etag_and_304(
    tournament, match, organiser, django_capture_on_commit_callbacks
):
    api = APIClient()
    api.force_authenticate(user=organiser)
    url = f"/api/v1/matches/{match.pk}/"
    first = api.get(url)
    assert first.status_code == 200 and re.fullmatch(r'"[0-9a-f]{40}"', first["ETag"])
    assert api.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    post_deal(match, organiser, django_capture_on_commit_callbacks)
    after = api.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]


def test_the_rules_and_the_leaderboard_answer_304_to_their_etag(client):
    for url in ("/api/v1/rules/", "/api/v1/leaderboard/"):
        first = client.get(url)
        assert first.status_code == 200, url
        assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304, url


def test_an_organisers_act_shows_at_once(client, tournament, match, organiser):
    url = f"/tournaments/{tournament.pk}/"
    client.get(url, **HTMX)
    player = match.seats.get(position=0).player
    player.display_name = "Перейменований Гравець"
    player.save()
    assert "Перейменований Гравець" in client.get(url, **HTMX).content.decode()
    round_ = Round.objects.get(pk=match.round_id)
    before = client.get(url, **HTMX).content.decode()
    round_.status = Round.Status.CLOSED
    round_.save()
    after = client.get(url, **HTMX).content.decode()
    badge = re.compile(r'Round 1 <span class="badge">([^<]*)</span>')
    assert badge.search(before).group(1) != badge.search(after).group(1)
    assert badge.search(after).group(1) == str(Round.Status.CLOSED.label)


def test_a_signed_in_page_never_reaches_anonymous_visitors(tournament, match, organiser):
    url = f"/tournaments/{tournament.pk}/"
    signed_in = Client()
    signed_in.force_login(organiser)
    own = signed_in.get(url)
    assert "Pairing" in own.content.decode()
    assert own["Cache-Control"] == "private, no-cache" and "ETag" not in own
    anonymous = Client().get(url)
    assert "Pairing" not in anonymous.content.decode()
    assert "organiser-live" not in anonymous.content.decode()
    # ...nor an anonymous page a signed-in user.
    assert "Pairing" in signed_in.get(url).content.decode()


def test_an_unpublished_tournament_is_not_served_from_the_cache(client, tournament, match):
    url = f"/tournaments/{tournament.pk}/"
    assert client.get(url, **HTMX).status_code == 200
    assert client.get(url).status_code == 200
    tournament.published = False
    tournament.save()
    assert client.get(url, **HTMX).status_code == 404
    assert client.get(url).status_code == 404


def test_a_cached_page_carries_each_visitors_own_csrf_token(tournament, match):
    url = f"/tournaments/{tournament.pk}/standings/"
    for _visitor in range(2):
        visitor = Client(enforce_csrf_checks=True)
        page = visitor.get(url)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
        assert token
        # The language form of the (cached) page works for this visitor.
        answer = visitor.post(
            "/i18n/setlang/", {"language": "uk", "csrfmiddlewaretoken": token.group(1)}
        )
        assert answer.status_code == 302


def test_if_modified_since_gets_304_once_the_version_is_a_second_old(
    client, tournament, match, monkeypatch
):
    import time as time_module

    from tournaments.live import cache as live_cache

    now = [time_module.time()]
    monkeypatch.setattr(live_cache.time, "time", lambda: now[0])
    url = f"/tournaments/{tournament.pk}/standings/"
    first = client.get(url, **HTMX)
    assert "Last-Modified" not in first  # a version younger than a second: no date yet
    now[0] += 2
    later = client.get(url, **HTMX)
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=later["Last-Modified"], **HTMX).status_code == 304


def test_the_overview_counts_the_deals_of_the_shown_tables_only(client, tournament):
    round_ = Round.objects.create(tournament=tournament, number=1, status=Round.Status.OPEN)

    def add_tables(count: int) -> None:
        start = round_.tables.count() + 1
        for number in range(start, start + count):
            make_match(
                table=TableFactory(round=round_, number=number),
                players=[PlayerFactory(club=tournament.club) for _ in range(2)],
            )

    add_tables(30)
    url = f"/tournaments/{tournament.pk}/"

    def polled() -> tuple[int, list[str]]:
        from django.core.cache import cache

        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url, **HTMX).status_code == 200
        return len(queries), [q["sql"] for q in queries.captured_queries]

    count_30, sqls = polled()
    counting = [sql for sql in sqls if "COUNT(" in sql.upper() and "scoring_deal" in sql]
    assert len(counting) == 1
    # Only the 24 shown tables' deals are counted, chosen by id (a prepared statement takes
    # the ids as one list: SQLite's log shows it; PostgreSQL's shows the statement unbound).
    ids = re.search(r"json_each\('\[([^\]]*)\]'\)", counting[0])
    if connection.vendor == "postgresql":
        assert "= ANY(%s)" in counting[0]
    else:
        assert ids and len(ids.group(1).split(",")) == 24
    add_tables(40)
    count_70, _ = polled()
    assert count_70 == count_30  # the queries do not grow with the round
    with CaptureQueriesContext(connection) as cached:
        client.get(url, **HTMX)
    assert len(cached) < count_30


def test_an_etag_back_through_a_compressing_proxy_still_gets_304(client, tournament, match):
    url = f"/tournaments/{tournament.pk}/standings/"
    tag = client.get(url, **HTMX)["ETag"].strip('"')
    # nginx weakens a tag it compresses; Caddy appends the coding.
    for sent in (f'W/"{tag}"', f'"{tag}-gzip"', f'"other", "{tag}-zstd"'):
        assert client.get(url, HTTP_IF_NONE_MATCH=sent, **HTMX).status_code == 304, sent
    assert client.get(url, HTTP_IF_NONE_MATCH='W/"0123"', **HTMX).status_code == 200


def test_a_club_or_player_renamed_shows_at_once_on_the_cached_pages(client, tournament, match):
    """A rename committed (the admin saves the row) is never hidden by a cached answer: the
    club's name heads every page of its tournaments, a player's name their standings rows."""
    page_url = f"/tournaments/{tournament.pk}/"
    standings_url = f"/tournaments/{tournament.pk}/standings/"
    page = client.get(page_url)
    standings = client.get(standings_url, **HTMX)
    assert (
        client.get(standings_url, HTTP_IF_NONE_MATCH=standings["ETag"], **HTMX).status_code == 304
    )
    club = tournament.club
    assert club.name in page.content.decode()

    club.name = "Клуб «Перейменований»"
    club.save()
    renamed = client.get(page_url).content.decode()
    assert "Клуб «Перейменований»" in renamed

    player = tournament.entries.order_by("pk").first().player
    player.display_name = "Гравець Нове Ім'я"
    player.save()
    fresh = client.get(standings_url, HTTP_IF_NONE_MATCH=standings["ETag"], **HTMX)
    assert fresh.status_code == 200
    row = re.search(rf'<tr data-player="{player.pk}">.*?</tr>', fresh.content.decode(), re.S)
    assert row and "Гравець Нове Ім&#x27;я" in row.group(0)


@pytest.mark.parametrize("page", ["", "screen/"])
def test_the_top_of_the_standings_is_kept_between_deals_and_follows_the_refresh(
    client, tournament, match, organiser, django_capture_on_commit_callbacks, page
):
    """The overview and the big screen keep their top of the standings rendered (a deal
    changes a table card, not the standings), yet show a finished match's winner at once."""
    url = f"/tournaments/{tournament.pk}/{page}"

    def top(html: str) -> str:
        return html[html.index('<table class="standings">') :]

    def points(html: str) -> dict[int, float]:
        rows = re.findall(r'<tr data-player="(\d+)">.*?<td class="num mp">([^<]*)<', html, re.S)
        return {int(player): float(mp.replace(",", ".")) for player, mp in rows}

    before = top(client.get(url, **HTMX).content.decode())
    post_deal(match, organiser, django_capture_on_commit_callbacks, points=70)
    if match.status != Match.Status.FINISHED:
        with CaptureQueriesContext(connection) as queries:
            again = client.get(url, **HTMX)
        assert top(again.content.decode()) == before
        # The kept top reads no standings rows.
        assert not [q for q in queries.captured_queries if "standingrow" in q["sql"].lower()]

    finish(match, organiser, django_capture_on_commit_callbacks)
    winner = match.seats.get(position=match.winner_seats[0]).player
    fresh = top(client.get(url, **HTMX).content.decode())
    assert points(fresh)[winner.pk] > points(before).get(winner.pk, 0)


def test_a_standings_refresh_keeps_the_other_tables_cards_and_a_rename_renders_them_again(
    client, tournament, match
):
    """A finished match refreshes the standings (the tournament's counter), yet every other
    table's card is kept, since its match did not change; a player renamed renders it again."""
    from tournaments.live.html import table_cards_kept
    from tournaments.standings.services import standings_refresh

    url = f"/tournaments/{tournament.pk}/rounds/{match.round.number}/"
    assert client.get(url, **HTMX).status_code == 200
    cards = set(table_cards_kept._cards)
    assert cards
    tournament.refresh_from_db()
    standings_refresh(tournament=tournament)
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, **HTMX)
    assert again.status_code == 200
    # The card came from the cache: no read of the tables' seats (the cards' statement).
    assert not [q for q in queries.captured_queries if "s.position" in q["sql"]]
    assert set(table_cards_kept._cards) == cards

    player = match.seats.order_by("position").first().player
    player.display_name = "Нове Ім'я за столом"
    player.save()
    renamed = client.get(url, **HTMX).content.decode()
    assert "Нове Ім&#x27;я за столом" in table_card(renamed, match.table.number)
