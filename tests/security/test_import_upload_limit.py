"""The import page's upload is bounded as the import API's body is (issue 17, item 6): files
over settings.IMPORT_BODY_MAX_BYTES together are refused with 413 `too_large` at the file
field, in the user's language, before they are read (never a 500, never a silent cut), and
nothing is stored. The page's CSRF check still holds for the uploads it reads."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoring.models import Match
from tests.factories import DEAL_MADE, make_club_organiser, make_evening

pytestmark = pytest.mark.django_db

SHEET = {
    "format": "deberc-scoresheet/1",
    "ruleset": "moscow",
    "players": ["Anna", "Boris"],
    "first_dealer": "Anna",
    "deals": [DEAL_MADE],
}


def _upload(padding: int = 0) -> SimpleUploadedFile:
    # Whitespace is valid JSON: a file that is only too large, not wrong.
    body = json.dumps(SHEET) + " " * padding
    return SimpleUploadedFile("sheet.json", body.encode(), "application/json")


@pytest.fixture
def ev():
    ev = make_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    return ev


def _client(ev, **kwargs) -> Client:
    client = Client(**kwargs)
    client.force_login(ev.organiser)
    return client


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "larger than"), ("ru", "Файлы вместе больше"), ("uk", "Файли разом більші")],
)
def test_an_upload_over_the_import_limit_is_a_413_at_the_file_field(ev, settings, language, words):
    settings.IMPORT_BODY_MAX_BYTES = 8 * 1024
    before = Match.objects.count()
    response = _client(ev).post(
        f"/tournaments/{ev.tournament.pk}/import/",
        {"files": [_upload(padding=16 * 1024)]},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 413
    page = response.content.decode()
    found = re.search(r'<p [^>]*data-testid="import-error"[^>]*>([^<]*)</p>', page)
    assert found, page
    assert 'data-field="files"' in found.group(0) and 'data-code="too_large"' in found.group(0)
    assert words in found.group(1)
    assert Match.objects.count() == before


def test_an_upload_within_the_limit_is_imported(ev, settings):
    settings.IMPORT_BODY_MAX_BYTES = 8 * 1024
    before = Match.objects.count()
    response = _client(ev).post(
        f"/tournaments/{ev.tournament.pk}/import/", {"files": [_upload(padding=1024)]}
    )
    assert response.status_code == 302
    assert Match.objects.count() == before + 1


def test_the_import_page_still_needs_its_csrf_token(ev):
    client = _client(ev, enforce_csrf_checks=True)
    before = Match.objects.count()
    response = client.post(f"/tournaments/{ev.tournament.pk}/import/", {"files": [_upload()]})
    assert response.status_code == 403
    assert Match.objects.count() == before


def test_a_stranger_learns_nothing_of_the_limit(ev, settings):
    settings.IMPORT_BODY_MAX_BYTES = 1024
    client = Client()
    client.force_login(ev.scorer)
    response = client.post(
        f"/tournaments/{ev.tournament.pk}/import/", {"files": [_upload(padding=4096)]}
    )
    assert response.status_code == 403
