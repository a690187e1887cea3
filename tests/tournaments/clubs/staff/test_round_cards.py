"""Issue 31, item 4: the round's table cards are issued by a POST (with CSRF, and on the page a
confirmation when live cards would die); downloading them (GET cards.pdf) renders the cards
already issued and changes nothing, even sent cross-site with the organiser's cookie. The
card brute-force throttle never refuses a valid card, whoever shares its address. A table
card's session never gets the scorer's username in its write answers."""

from __future__ import annotations

import io
import itertools
import json

import pytest
from django.test import Client

from scoring.models import Match
from tests.factories import DEAL_MADE, make_evening
from tournaments.clubs import table_cards
from tournaments.clubs.models import TableCard
from tournaments.events.models import Round

pytestmark = pytest.mark.django_db
_keys = itertools.count()


def organiser(night, *, csrf: bool = False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    client.force_login(night.organiser)
    return client


def pdf_links(pdf: bytes) -> list[str]:
    """The links the PDF's QR codes carry, a page each (zxing-cpp on the card images)."""
    import zxingcpp
    from PIL import Image
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    links = [
        code.text
        for page in reader.pages
        for image in page.images
        for code in zxingcpp.read_barcodes(Image.open(io.BytesIO(image.data)))
    ]
    assert len(set(links)) == len(reader.pages)
    return sorted(set(links))


def api_issue(night) -> dict:
    answer = organiser(night).post(f"/api/v1/tournaments/{night.tournament.pk}/rounds/1/cards/")
    assert answer.status_code == 201, answer.content
    assert answer["Cache-Control"] == "no-store"
    return answer.json()


def path_of(url: str) -> str:
    return url.split("testserver", 1)[1]


def scan(url: str, name: str = "Марта", **extra) -> Client:
    phone = Client(**extra)
    assert phone.get(path_of(url)).status_code == 200
    answer = phone.post(path_of(url), {"name": name})
    assert answer.status_code == 302, answer.status_code
    return phone


def deal(client: Client, match: Match) -> tuple[int, dict]:
    match.refresh_from_db()
    answer = client.post(
        f"/api/v1/matches/{match.pk}/deals/",
        data=json.dumps({**DEAL_MADE, "version": match.version}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=f"round-cards-{next(_keys)}",
    )
    return answer.status_code, answer.json()


def live_hashes(night) -> set[str]:
    return set(
        TableCard.objects.filter(table__round=night.round, revoked_at__isnull=True).values_list(
            "token_hash", flat=True
        )
    )


# --- issuing is a POST; downloading changes nothing ---------------------------------------


def test_the_post_issues_a_card_a_table_and_the_pdf_renders_those_same_cards_again():
    night = make_evening()
    body = api_issue(night)
    assert [card["table"] for card in body["cards"]] == [1, 2]
    assert [card["match"] for card in body["cards"]] == [night.match.pk, night.other_match.pk]
    issued = sorted(card["url"] for card in body["cards"])
    assert body["pdf"].endswith(f"/api/v1/tournaments/{night.tournament.pk}/rounds/1/cards.pdf")
    for _twice in range(2):
        answer = organiser(night).get(path_of(body["pdf"]))
        assert answer.status_code == 200
        assert answer["Content-Type"] == "application/pdf"
        assert "no-store" in answer["Cache-Control"]
        assert pdf_links(answer.content) == issued
    # Only the secrets' hashes are kept; each card opens its own table.
    assert TableCard.objects.count() == 2
    in_order = [card["url"] for card in body["cards"]]
    for url, match in zip(in_order, [night.match, night.other_match], strict=True):
        token = url.rstrip("/").rsplit("/", 1)[1]
        assert token not in "".join(live_hashes(night))
        assert table_cards.card_find(token).table_id == match.table_id
        assert scan(url).get(f"/matches/{match.pk}/").status_code == 200


@pytest.mark.parametrize("door", ["page", "api"])
def test_downloading_the_cards_keeps_them_live_and_their_phones_signed_in(door):
    night = make_evening()
    url = api_issue(night)["cards"][0]["url"]
    phone = scan(url)
    before = live_hashes(night)
    prefix = "/api/v1" if door == "api" else ""
    pdf = f"{prefix}/tournaments/{night.tournament.pk}/rounds/1/cards.pdf"
    for _again in range(2):  # a second download, a browser's re-fetch
        assert organiser(night).get(pdf).status_code == 200
    assert live_hashes(night) == before
    assert TableCard.objects.count() == 2
    assert deal(phone, night.match)[0] == 201
    assert phone.get(path_of(url)).status_code == 302  # the card still opens its table


@pytest.mark.parametrize("door", ["page", "api"])
def test_a_cross_site_get_with_the_organisers_cookie_revokes_nothing(door):
    night = make_evening()
    phone = scan(api_issue(night)["cards"][0]["url"])
    before = live_hashes(night)
    prefix = "/api/v1" if door == "api" else ""
    browser = organiser(night, csrf=True)
    for path in (
        f"{prefix}/tournaments/{night.tournament.pk}/rounds/1/cards.pdf",
        f"{prefix}/tournaments/{night.tournament.pk}/rounds/1/cards/",
    ):
        answer = browser.get(
            path, HTTP_REFERER="https://evil.example/", HTTP_SEC_FETCH_SITE="cross-site"
        )
        assert answer.status_code in (200, 405), (path, answer.status_code)
    assert live_hashes(night) == before
    assert deal(phone, night.match)[0] == 201


@pytest.mark.parametrize("door", ["page", "api"])
def test_issuing_without_the_csrf_token_is_refused_and_issues_nothing(door):
    night = make_evening()
    prefix = "/api/v1" if door == "api" else ""
    path = f"{prefix}/tournaments/{night.tournament.pk}/rounds/1/cards/"
    answer = organiser(night, csrf=True).post(path, {"confirm": "reissue"})
    assert answer.status_code == 403
    assert TableCard.objects.count() == 0
    # With the token (the page's form carries it), the same POST issues the cards.
    browser = organiser(night, csrf=True)
    browser.get(f"/tournaments/{night.tournament.pk}/rounds/1/tables/")
    token = browser.cookies["csrftoken"].value
    answer = browser.post(path, {"confirm": "reissue"}, HTTP_X_CSRFTOKEN=token)
    assert answer.status_code in (201, 303), answer.status_code
    assert TableCard.objects.filter(revoked_at__isnull=True).count() == 2


def test_only_the_tournaments_organiser_issues_or_downloads_the_cards():
    night = make_evening()
    t = night.tournament.pk
    for role in ("referee", "scorer", "player", "stranger"):
        client = Client()
        client.force_login(night.users[role])
        assert client.post(f"/api/v1/tournaments/{t}/rounds/1/cards/").status_code == 403
        assert client.post(f"/tournaments/{t}/rounds/1/cards/").status_code == 403
        assert client.get(f"/api/v1/tournaments/{t}/rounds/1/cards.pdf").status_code == 403
    assert Client().post(f"/api/v1/tournaments/{t}/rounds/1/cards/").status_code == 401
    assert TableCard.objects.count() == 0


# --- the page: issue, confirm a reissue -----------------------------------------------------


def test_the_page_issues_the_cards_then_offers_their_download():
    night = make_evening()
    tables = f"/tournaments/{night.tournament.pk}/rounds/1/tables/"
    desk = organiser(night)
    page = desk.get(tables).content.decode()
    assert 'data-testid="cards-issue"' in page
    assert 'data-testid="cards-pdf"' not in page  # nothing to download yet
    answer = desk.post(f"/tournaments/{night.tournament.pk}/rounds/1/cards/")
    assert answer.status_code == 303
    assert answer["Location"] == tables
    page = desk.get(tables).content.decode()
    assert "2 table cards issued" in page
    assert 'data-testid="cards-pdf"' in page
    assert TableCard.objects.filter(revoked_at__isnull=True).count() == 2


def test_reissuing_on_the_page_asks_first_and_says_the_phones_are_signed_out():
    night = make_evening()
    url = api_issue(night)["cards"][0]["url"]
    phone = scan(url)
    before = live_hashes(night)
    path = f"/tournaments/{night.tournament.pk}/rounds/1/cards/"
    asked = organiser(night).post(path)
    assert asked.status_code == 200
    text = asked.content.decode()
    assert 'data-testid="cards-confirm"' in text
    assert "signs out the phones of the 2 live cards (tables 1, 2)" in text
    assert live_hashes(night) == before  # asking changed nothing
    assert deal(phone, night.match)[0] == 201
    done = organiser(night).post(path, {"confirm": "reissue"})
    assert done.status_code == 303
    assert live_hashes(night).isdisjoint(before)
    assert len(live_hashes(night)) == 2
    assert deal(phone, night.match)[0] in (401, 403)  # signed out
    assert Client().get(path_of(url)).status_code == 403


def test_the_page_says_so_when_no_card_was_issued_yet_and_a_closed_round_has_none():
    night = make_evening()
    t = night.tournament.pk
    page = organiser(night).get(f"/tournaments/{t}/rounds/1/cards.pdf")
    assert page.status_code == 404
    assert "No card of this round is live" in page.content.decode()
    assert 'data-testid="cards-issue"' in page.content.decode()
    api = organiser(night).get(f"/api/v1/tournaments/{t}/rounds/1/cards.pdf")
    assert api.status_code == 404
    assert api.json()["errors"][0]["code"] == "no_cards"
    api_issue(night)
    Round.objects.filter(pk=night.round.pk).update(status=Round.Status.CLOSED)
    closed = organiser(night).get(f"/api/v1/tournaments/{t}/rounds/1/cards.pdf")
    assert closed.status_code == 409
    assert closed.json()["errors"][0]["code"] == "round_closed"
    refused = organiser(night).post(f"/api/v1/tournaments/{t}/rounds/1/cards/")
    assert refused.status_code == 409
    assert refused.json()["errors"][0]["code"] == "round_closed"


def test_a_rotated_secret_key_keeps_the_cards_and_downloads_them_under_its_fallback(settings):
    night = make_evening()
    issued = sorted(card["url"] for card in api_issue(night)["cards"])
    pdf = f"/api/v1/tournaments/{night.tournament.pk}/rounds/1/cards.pdf"
    original = settings.SECRET_KEY
    # SECRET_KEY rotated without a fallback: no key derives the cards' secrets again. They
    # still open their tables (their hash is kept); the download leaves them out and the
    # round view says to issue them again.
    settings.SECRET_KEY = "another secret key, long enough for the test " * 2
    assert organiser(night).get(pdf).json()["errors"][0]["code"] == "no_cards"
    page = organiser(night).get(f"/tournaments/{night.tournament.pk}/rounds/1/tables/")
    assert page.content.decode().count('data-testid="card-not-printable"') == 2
    scan(issued[0])
    # The old key kept as a fallback: the same cards download again.
    settings.SECRET_KEY_FALLBACKS = [original]
    assert pdf_links(organiser(night).get(pdf).content) == issued


# --- the throttle never refuses a valid card ------------------------------------------------


def test_thirty_phones_behind_one_address_open_their_tables_while_one_of_them_guesses(
    settings,
):
    """The club's Wi-Fi: every phone reaches the site through one NAT address, which the
    proxy in front of the site writes into X-Forwarded-For."""
    settings.TRUSTED_PROXY_COUNT = 1
    club = {"REMOTE_ADDR": "10.0.0.2", "HTTP_X_FORWARDED_FOR": "198.51.100.7"}
    night = make_evening()
    urls = card_urls(night)
    guesser = Client(**club)
    answers = [
        guesser.get(f"/cards/{'A' * 30}{n:02d}/").status_code
        for n in range(table_cards_attempts() + 10)
    ]
    assert answers[: table_cards_attempts()] == [403] * table_cards_attempts()
    assert set(answers[table_cards_attempts() :]) == {429}  # the guesser is refused
    phones = []
    for n in range(30):
        phones.append(scan(urls[n % 2], f"Гравець {n}", **club))
        # The guesser keeps guessing between the phones: still refused, nobody else is.
        assert guesser.get(f"/cards/{'B' * 30}{n:02d}/").status_code == 429
    assert deal(phones[0], night.match)[0] == 201
    assert phones[1].get(f"/matches/{night.other_match.pk}/").status_code == 200
    # Another address behind the same proxy is not the guesser.
    elsewhere = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert elsewhere.get(f"/cards/{'C' * 32}/").status_code == 403


def test_phones_scanning_a_revoked_card_are_told_so_and_count_as_no_guess(settings):
    night = make_evening()
    old = card_urls(night)[0]
    fresh = card_urls(night)[0]
    for _phone in range(table_cards_attempts() + 5):
        answer = Client().get(path_of(old))
        assert answer.status_code == 403
        assert b'data-testid="refused"' in answer.content
    assert Client().get(f"/cards/{'D' * 32}/").status_code == 403  # not throttled
    scan(fresh)


def card_urls(night) -> list[str]:
    """A card for each table, issued by the service (as both doors issue them)."""
    issued = [
        table_cards.card_issue(table=table, user=night.organiser)
        for table in (night.table, night.other_table)
    ]
    return [f"http://testserver/cards/{card.token}/" for card in issued]


def table_cards_attempts() -> int:
    from tournaments.clubs.views import ATTEMPTS_MAX

    return ATTEMPTS_MAX


# --- a card's session never learns the scorer's username ------------------------------------


def test_a_card_session_gets_no_username_in_its_write_answers():
    night = make_evening()
    assert night.table.scorer == night.scorer
    phone = scan(card_urls(night)[0])
    status, body = deal(phone, night.match)
    assert status == 201
    assert body["scorer"] is None
    assert night.scorer.username not in json.dumps(body)
    # A stale version's 409 answer, a correction's and a withdrawal's: no username either.
    stale = phone.post(
        f"/api/v1/matches/{night.match.pk}/deals/",
        data=json.dumps({**DEAL_MADE, "version": 0}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=f"round-cards-{next(_keys)}",
    )
    assert stale.status_code == 409
    assert night.scorer.username not in stale.content.decode()
    night.match.refresh_from_db()
    corrected = phone.put(
        f"/api/v1/matches/{night.match.pk}/deals/1/",
        data=json.dumps({**DEAL_MADE, "version": night.match.version, "reason": "typo"}),
        content_type="application/json",
    )
    assert corrected.status_code == 200, corrected.content
    assert night.scorer.username not in corrected.content.decode()
    # The table's own scorer and the organiser still see who scores the table.
    scorer = Client()
    scorer.force_login(night.scorer)
    assert deal(scorer, night.match)[1]["scorer"] == night.scorer.username
    assert deal(organiser(night), night.match)[1]["scorer"] == night.scorer.username


# --- the download made once per content (issue 35, item 19) --------------------------------


def more_tables(night, count: int) -> None:
    """`count` more tables of two in the night's round, each with its match."""
    from tests.factories import TableFactory, make_match

    for number in range(3, 3 + count):
        make_match(table=TableFactory(round=night.round, number=number))


def pdf_text(pdf: bytes) -> str:
    from pypdf import PdfReader

    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_the_download_reads_as_many_queries_for_ten_tables_as_for_two():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for extra in (0, 8):
        night = make_evening()
        more_tables(night, extra)
        api_issue(night)
        client = organiser(night)
        with CaptureQueriesContext(connection) as queries:
            answer = client.get(f"/tournaments/{night.tournament.pk}/rounds/1/cards.pdf")
        assert answer.status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_a_download_after_the_cards_are_issued_again_or_a_player_renamed_prints_the_new():
    night = make_evening()
    pdf = f"/tournaments/{night.tournament.pk}/rounds/1/cards.pdf"
    first = sorted(card["url"] for card in api_issue(night)["cards"])
    assert pdf_links(organiser(night).get(pdf).content) == first
    # The same download again: the same file, made once.
    assert organiser(night).get(pdf).content == organiser(night).get(pdf).content
    again = sorted(card["url"] for card in api_issue(night)["cards"])
    assert again != first
    assert pdf_links(organiser(night).get(pdf).content) == again
    anna = night.match.seats.get(position=0).player
    anna.display_name = "Annabel"
    anna.save()
    assert "Annabel" in pdf_text(organiser(night).get(pdf).content)
