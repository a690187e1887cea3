"""Issue 31, item 5: dates. `starts_at` took year 0001 and 9999 and answered
"0001-01-01T14:02:04+02:02:04" (the site's zone before 1924 has an offset of seconds: not
RFC 3339). A date and time typed or sent lies in 2000-01-01..2100-12-31 (`date_out_of_range`
at its field, in the user's language), and every date and time the API answers is RFC 3339
(config.datetimes)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from scoring import services as scoring_services
from scoring import tokens
from tests.factories import DEAL_MADE, make_club_organiser, make_evening
from tournaments.clubs import services as staff
from tournaments.events import presets
from tournaments.events.models import Tournament
from tournaments.federations.models import Federation
from tournaments.reports.models import ReportJob

pytestmark = pytest.mark.django_db

RFC3339 = re.compile(
    r"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?"
    r"(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$"
)
# What a date and time looks like, however it is written: each such string must be RFC 3339.
LOOKS_LIKE_A_MOMENT = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d")


@pytest.fixture
def ev():
    ev = make_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    ev.club = ev.tournament.club
    return ev


def api(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def errors(answer) -> list[tuple[str, str]]:
    return [(e["field"], e["code"]) for e in answer.json()["errors"]]


OUT_OF_RANGE = [
    "0001-01-01T12:00:00+02:00",
    "0001-01-01T00:00:00+05:00",  # past year 1 in UTC
    "9999-12-31T23:00:00-05:00",  # past year 9999 in UTC
    "9999-01-01T10:00:00Z",
    "1999-12-31T12:00:00Z",
    "2101-01-01T12:00:00Z",
]


@pytest.mark.parametrize("starts_at", OUT_OF_RANGE)
def test_a_start_out_of_range_is_refused_on_create(ev, starts_at) -> None:
    before = Tournament.objects.count()
    answer = api(ev.organiser).post(
        "/api/v1/tournaments/",
        {"name": "Cup", "club": ev.club.pk, "starts_at": starts_at},
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert errors(answer) == [("starts_at", "date_out_of_range")]
    assert Tournament.objects.count() == before


def test_the_refusal_is_in_the_users_language_and_a_change_is_refused_too(ev) -> None:
    for language, word in (("en", "between"), ("ru", "между"), ("uk", "між")):
        answer = api(ev.organiser, language).patch(
            f"/api/v1/tournaments/{ev.tournament.pk}/",
            {"starts_at": "0001-01-01T12:00:00+02:00"},
            content_type="application/json",
        )
        assert answer.status_code == 400
        (error,) = answer.json()["errors"]
        assert (error["field"], error["code"]) == ("starts_at", "date_out_of_range")
        assert word in error["message"]
    ev.tournament.refresh_from_db()
    assert ev.tournament.starts_at is None


def test_the_import_and_the_form_refuse_a_start_out_of_range(ev) -> None:
    client = api(ev.organiser)
    doc = {
        "format": "deberc-tournament/1",
        "tournament": {"name": "Old", "club": ev.club.name, "starts_at": "9999-12-31T10:00:00Z"},
        "players": [],
    }
    answer = client.post("/api/v1/tournaments/import/", doc, content_type="application/json")
    assert answer.status_code == 400
    assert errors(answer) == [("tournament.starts_at", "date_out_of_range")]
    page = client.post(
        f"/tournaments/{ev.tournament.pk}/edit/",
        {"name": ev.tournament.name, "starts_at": "0001-01-01T10:00"},
    )
    assert "between 2000-01-01 and 2100-12-31" in page.content.decode()
    ev.tournament.refresh_from_db()
    assert ev.tournament.starts_at is None


def test_a_start_is_answered_in_rfc_3339_utc(ev) -> None:
    answer = api(ev.organiser).post(
        "/api/v1/tournaments/",
        {"name": "Cup", "club": ev.club.pk, "starts_at": "2026-05-01T19:00:00+03:00"},
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["starts_at"] == "2026-05-01T16:00:00+00:00"
    assert RFC3339.match(answer.json()["created_at"])


def _moments(value: Any, where: str = "") -> list[tuple[str, str]]:
    """Every string of a JSON answer that looks like a date and time, with its place."""
    if isinstance(value, dict):
        return [m for k, v in value.items() for m in _moments(v, f"{where}.{k}")]
    if isinstance(value, list):
        return [m for i, v in enumerate(value) for m in _moments(v, f"{where}[{i}]")]
    if isinstance(value, str) and LOOKS_LIKE_A_MOMENT.match(value):
        return [(where, value)]
    return []


def test_every_date_and_time_the_api_answers_is_rfc_3339(ev) -> None:
    """Every JSON GET operation of the schema, with real objects behind its ids; a stored
    start of 1900 (before the range: a row of before this check) is answered in RFC 3339
    too."""
    Tournament.objects.filter(pk=ev.tournament.pk).update(
        starts_at=datetime(1900, 1, 1, 12, tzinfo=UTC)
    )
    scoring_services.deal_submit(
        match=ev.match, record=DEAL_MADE, user=ev.scorer, idempotency_key=None, version=None
    )
    preset = presets.preset_create(club=ev.club, name="Quick", settings={}, user=ev.organiser)
    staff.invitation_create(club=ev.club, role="scorer", name="Ann", by=ev.organiser)
    tokens.token_issue(user=ev.organiser)
    job = ReportJob.objects.create(tournament=ev.tournament, kind="round", params={"round": 1})
    ids = {
        "club_id": ev.club.pk,
        "preset_id": preset.pk,
        "tournament_id": ev.tournament.pk,
        "match_id": ev.match.pk,
        "job_id": job.pk,
        "number": 1,
        "article_id": "1",
        "federation_id": Federation.objects.create(name="Ліга").pk,
    }
    admin = get_user_model().objects.create_superuser("root", "root@example.com", "pw")
    schema = SchemaGenerator().get_schema(request=None, public=True)
    seen: dict[str, str] = {}
    checked = 0
    for path, operations in schema["paths"].items():
        if "get" not in operations:
            continue
        url = re.sub(r"\{(\w+)\}", lambda m: str(ids[m.group(1)]), path)
        for user in (ev.organiser, admin):
            answer = api(user).get(url)
            if not answer.get("Content-Type", "").startswith("application/json"):
                continue
            if answer.status_code != 200:
                continue
            checked += 1
            for where, moment in _moments(answer.json()):
                seen[f"{path}{where}"] = moment
    assert checked >= 20
    bad = {where: moment for where, moment in seen.items() if not RFC3339.match(moment)}
    assert not bad
    # What the walk must have met (so that it cannot pass by seeing nothing).
    assert seen["/api/v1/tournaments/{tournament_id}/.starts_at"] == "1900-01-01T12:00:00+00:00"
    met = " ".join(seen)
    for needle in ("created_at", "expires_at", "history", "invitations", "presets", "jobs"):
        assert needle in met, needle
