"""Issue 20: a table card's QR code opens that table's scorer page on a phone, no account:
the scanned card asks the scorer's name once, the deals keep it, and the card scores its own
table only while the round is open."""

from __future__ import annotations

import io
import itertools
import json

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Deal
from tests.factories import DEAL_MADE, make_evening
from tournaments.clubs import table_cards
from tournaments.clubs.models import TableCard
from tournaments.events.models import Round

pytestmark = pytest.mark.django_db
_keys = itertools.count()


def organiser_client(night) -> Client:
    client = Client()
    client.force_login(night.organiser)
    return client


def issue(night, match=None) -> dict:
    answer = organiser_client(night).post(f"/api/v1/matches/{(match or night.match).pk}/card/")
    assert answer.status_code == 201, answer.content
    return answer.json()


def scan(url: str, name: str = "Олена") -> Client:
    phone = Client()
    path = url.split("testserver", 1)[1]
    assert phone.get(path).status_code == 200
    answer = phone.post(path, {"name": name})
    assert answer.status_code == 302
    return phone


def post_deal(phone: Client, match) -> int:
    answer = phone.post(
        f"/api/v1/matches/{match.pk}/deals/",
        data=json.dumps({**DEAL_MADE, "version": match.version}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=f"card-{next(_keys)}",
    )
    assert answer.status_code != 400, answer.content
    return answer.status_code


def test_the_api_gives_the_link_the_card_carries_and_only_its_hash_is_kept():
    night = make_evening()
    body = issue(night)
    assert set(body) == {"url", "expires_at"}
    assert body["url"].startswith("http://testserver/cards/")
    token = body["url"].rstrip("/").rsplit("/", 1)[1]
    assert len(token) >= 22  # 128 bits and more, URL-safe
    card = TableCard.objects.get(table=night.table)
    assert card.token_hash == table_cards.token_hash(token)
    assert token not in card.token_hash


def test_a_scanned_card_scores_its_table_with_the_scorers_name_and_nothing_else():
    night = make_evening(published=False)
    phone = scan(issue(night)["url"], "Олена")
    assert phone.get(f"/matches/{night.match.pk}/").status_code == 200
    assert post_deal(phone, night.match) == 201
    deal = Deal.objects.get(match=night.match)
    assert deal.scorer_name == "Олена"
    assert deal.history.first().scorer_name == "Олена"
    history = phone.get(f"/matches/{night.match.pk}/history/").content.decode()
    assert "Олена" in history and "table card" in history
    # Another table, another tournament's page, the organiser's pages: refused.
    night.other_match.refresh_from_db()
    assert post_deal(phone, night.other_match) == 404
    assert phone.get(f"/matches/{night.other_match.pk}/").status_code == 404
    assert phone.get(f"/tournaments/{night.tournament.pk}/edit/").status_code in (403, 404)
    assert phone.get(f"/tournaments/{night.tournament.pk}/staff/").status_code in (403, 404)
    assert phone.post(f"/api/v1/matches/{night.other_match.pk}/card/").status_code in (403, 404)


def test_the_card_dies_when_the_round_closes_and_stays_dead_when_it_opens_again():
    night = make_evening()
    url = issue(night)["url"]
    phone = scan(url)
    night.round.status = Round.Status.CLOSED
    night.round.save()
    from django.utils import timezone

    night.round.closed_at = timezone.now()
    night.round.save()
    night.match.refresh_from_db()
    assert post_deal(phone, night.match) in (401, 403)
    refused = Client().get(url.split("testserver", 1)[1])
    assert refused.status_code == 403
    night.round.status = Round.Status.OPEN
    night.round.save()
    assert Client().get(url.split("testserver", 1)[1]).status_code == 403


def test_a_revoked_card_signs_its_phones_out():
    night = make_evening()
    url = issue(night)["url"]
    phone = scan(url)
    answer = organiser_client(night).delete(f"/api/v1/matches/{night.match.pk}/card/")
    assert answer.status_code == 204
    night.match.refresh_from_db()
    assert post_deal(phone, night.match) in (401, 403)
    assert Client().get(url.split("testserver", 1)[1]).status_code == 403


def test_a_new_card_replaces_the_one_before():
    night = make_evening()
    first = issue(night)["url"]
    issue(night)
    assert Client().get(first.split("testserver", 1)[1]).status_code == 403


def test_only_the_organiser_makes_cards():
    night = make_evening()
    for role in ("referee", "scorer", "player", "stranger"):
        client = Client()
        client.force_login(night.users[role])
        assert client.post(f"/api/v1/matches/{night.match.pk}/card/").status_code == 403
    assert Client().post(f"/api/v1/matches/{night.match.pk}/card/").status_code == 401


def test_the_name_is_asked_and_required():
    night = make_evening()
    path = issue(night)["url"].split("testserver", 1)[1]
    phone = Client()
    answer = phone.post(path, {"name": "  "})
    assert answer.status_code == 400
    assert b'data-field="name"' in answer.content


def test_a_made_up_secret_opens_nothing_and_is_never_logged(caplog):
    import logging

    caplog.set_level(logging.INFO, logger="deberc.request")
    answer = Client().get("/cards/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/")
    assert answer.status_code == 403
    assert "AAAAAAAAAAAAAAAAAAAAAAAA" not in caplog.text


def test_the_round_cards_pdf_has_one_qr_per_table_that_decodes_to_its_card():
    import zxingcpp
    from PIL import Image
    from pypdf import PdfReader

    night = make_evening()
    issued = organiser_client(night).post(
        f"/api/v1/tournaments/{night.tournament.pk}/rounds/1/cards/"
    )
    assert issued.status_code == 201
    answer = organiser_client(night).get(
        f"/api/v1/tournaments/{night.tournament.pk}/rounds/1/cards.pdf"
    )
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(answer.content))
    assert len(reader.pages) == 2
    urls = []
    for page in reader.pages:
        assert "1" in page.extract_text()
        image = Image.open(io.BytesIO(page.images[0].data))
        urls.append(zxingcpp.read_barcodes(image)[0].text)
    for url, match in zip(urls, [night.match, night.other_match], strict=True):
        phone = scan(url)
        match.refresh_from_db()
        assert phone.get(f"/matches/{match.pk}/").status_code == 200
    assert TableCard.objects.filter(revoked_at__isnull=True).count() == 2
    assert reverse("tournaments:round_tables", args=[night.tournament.pk, 1])
