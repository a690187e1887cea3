"""Every door checked across clubs (issue 31, item 2).

The routes are not listed by hand: every page of the URLConf (the admin apart: Django's own,
for site staff) and every operation of the API schema is tried, against club A's objects (a
draft tournament, its round, tables, matches, rulings, cards, report job, invitation and
preset), as nine people: anonymous; a player, a scorer, a referee and an organiser of club A
(members of the club with that role, holding that role in the tournament); and each of these
of club B (the same roles in club B and its own tournament, none in club A). A route or an
operation that the tables below do not name fails the test: a new door cannot be missed.

Each door has an access rule, the permission rules of `tournaments.clubs.permissions` in words: who
may pass. A person who may not pass gets 401, 403 or 404 (a page: the sign-in page) and
nothing changes in the database; a person who may pass gets anything else (a page, a 400 for
the empty body sent, a 409). Everyone refused is asked first, then the people who may pass,
on a world whose changes are undone after each door.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from django.apps import apps
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from tests.factories import DEAL_HANGING, DEAL_MADE, make_evening
from tournaments.clubs.models import ClubMember, Invitation
from tournaments.events.models import ClubPreset, Entry, Team
from tournaments.federations.models import Federation, FederationClub, FederationOrganiser
from tournaments.people.models import PlayerMerge, RosterRequest

pytestmark = pytest.mark.django_db

ANON = "anonymous"
ROLES = ("player", "scorer", "referee", "organiser")
PEOPLE = (ANON, *(f"a_{r}" for r in ROLES), *(f"b_{r}" for r in ROLES))

# --- who may pass each kind of door -------------------------------------------------------
EVERYONE = frozenset(PEOPLE)
SIGNED_IN = EVERYONE - {ANON}
IN_THE_TOURNAMENT = frozenset(f"a_{r}" for r in ROLES)  # a draft: the people in it
AT_THE_MATCH = IN_THE_TOURNAMENT  # match 1: Anna (a_player) and its scorer, and the staff
WRITES_DEALS = frozenset({"a_scorer", "a_referee", "a_organiser"})
CONFIRMS = frozenset({"a_player", "a_referee", "a_organiser"})
DISPUTES = frozenset({"a_player"})  # a seated player calls the referee (issue 35)
TOURNAMENT_STAFF = frozenset({"a_referee", "a_organiser"})
TOURNAMENT_ORGANISER = frozenset({"a_organiser"})
CLUB_ORGANISER = frozenset({"a_organiser"})
ANY_CLUB_ORGANISER = frozenset({"a_organiser", "b_organiser"})
NOBODY = frozenset()  # a door whose key (a token) nobody here holds
TOKEN_OWNER = frozenset({"a_player"})  # an API token is its owner's alone
# Issue 33: club A's organiser is also the organiser of the federation of clubs A and B; B
# asks for A's Boris (no account: A's organisers answer) and proposes B's Boris is A's.
FEDERATION_ORGANISER = frozenset({"a_organiser"})
PERSON_ANSWERS = frozenset({"a_organiser"})

# Pages, by URL name.
PAGES: dict[str, frozenset[str]] = {
    "home": EVERYONE,
    "set_language": EVERYONE,
    "login": EVERYONE,
    "logout": EVERYONE,
    "schema": EVERYONE,
    "api-docs": EVERYONE,
    "scoring:service_worker": EVERYONE,
    "scoring:match": AT_THE_MATCH,
    "scoring:deal_create": WRITES_DEALS,
    "scoring:deal_edit": WRITES_DEALS,
    "scoring:deal_confirm": CONFIRMS,
    "scoring:deal_dispute": DISPUTES,
    "scoring:deal_withdraw": WRITES_DEALS,
    "scoring:match_close": WRITES_DEALS,
    "scoring:history": AT_THE_MATCH,
    "scoring:scoresheet": AT_THE_MATCH,
    "tournaments:create": ANY_CLUB_ORGANISER,
    "tournaments:game_fields": ANY_CLUB_ORGANISER,
    "tournaments:edit": TOURNAMENT_ORGANISER,
    "tournaments:matches": IN_THE_TOURNAMENT,
    "tournaments:entries": IN_THE_TOURNAMENT,
    "tournaments:entry_withdraw": TOURNAMENT_ORGANISER,
    "tournaments:entry_remove": TOURNAMENT_ORGANISER,
    "tournaments:round_open": TOURNAMENT_STAFF,
    "tournaments:round_close": TOURNAMENT_STAFF,
    "tournaments:round_time_up": TOURNAMENT_STAFF,
    "tournaments:round_scorers": TOURNAMENT_STAFF,
    "tournaments:deals_csv": IN_THE_TOURNAMENT,
    "tournaments:import_scoresheets": TOURNAMENT_ORGANISER,
    "tournaments:export_json": IN_THE_TOURNAMENT,
    "tournaments:live_tournament": IN_THE_TOURNAMENT,
    "tournaments:live_standings": IN_THE_TOURNAMENT,
    "tournaments:live_round": IN_THE_TOURNAMENT,
    "tournaments:live_bigscreen": IN_THE_TOURNAMENT,
    "tournaments:live_manage": TOURNAMENT_ORGANISER,
    "tournaments:live_pair": TOURNAMENT_ORGANISER,
    "tournaments:live_swap": TOURNAMENT_ORGANISER,
    "tournaments:live_player": IN_THE_TOURNAMENT,
    "tournaments:live_leaderboard": EVERYONE,
    "tournaments:reports": TOURNAMENT_STAFF,
    "tournaments:report_archive_restore": TOURNAMENT_ORGANISER,
    "tournaments:report_job": TOURNAMENT_STAFF,
    "tournaments:report_job_retry": TOURNAMENT_STAFF,
    "tournaments:lockouts": ANY_CLUB_ORGANISER,
    "tournaments:lockout_lift": ANY_CLUB_ORGANISER,
    "tournaments:staff": TOURNAMENT_ORGANISER,
    "tournaments:staff_add": TOURNAMENT_ORGANISER,
    "tournaments:staff_remove": TOURNAMENT_ORGANISER,
    "tournaments:club_members": CLUB_ORGANISER,
    "tournaments:invitation_create": CLUB_ORGANISER,
    "tournaments:invitation_revoke": CLUB_ORGANISER,
    "tournaments:invitation": NOBODY,
    "tournaments:round_tables": TOURNAMENT_ORGANISER,
    "tournaments:table_card_issue": TOURNAMENT_ORGANISER,
    "tournaments:table_card_revoke": TOURNAMENT_ORGANISER,
    "tournaments:round_cards_pdf": TOURNAMENT_ORGANISER,
    "tournaments:round_cards_issue": TOURNAMENT_ORGANISER,
    "tournaments:tournament_status": TOURNAMENT_ORGANISER,
    "tournaments:table_card": NOBODY,
    "tournaments:queue_report": WRITES_DEALS,
    "tournaments:club_presets": CLUB_ORGANISER,
    "tournaments:preset_rename": CLUB_ORGANISER,
    "tournaments:preset_delete": CLUB_ORGANISER,
    "referee:rulebook": EVERYONE,
    "referee:article": EVERYONE,
    "referee:tools": EVERYONE,
    "referee:legal_cards": EVERYONE,
    "referee:combinations": EVERYONE,
    "referee:check_deal": EVERYONE,
    "referee:check_closing": EVERYONE,
    "referee:preferans_score_deal": EVERYONE,
    "referee:preferans_settle": EVERYONE,
    "referee:deberc_conventions": EVERYONE,
    "referee:preferans_conventions": EVERYONE,
    "referee:ruling_new": TOURNAMENT_STAFF,
    "referee:tournament_rulings": IN_THE_TOURNAMENT,
    "referee:ruling_overturn": TOURNAMENT_ORGANISER,
    "referee:tournament_cards": IN_THE_TOURNAMENT,
    "referee:card_withdraw": TOURNAMENT_STAFF,
    "tournaments:club_roster": CLUB_ORGANISER,
    "tournaments:club_roster_ask": CLUB_ORGANISER,
    "tournaments:player_merge": CLUB_ORGANISER,
    "tournaments:player_merge_propose": CLUB_ORGANISER,
    "tournaments:people_waiting": SIGNED_IN,
    "tournaments:roster_answer": PERSON_ANSWERS,
    "tournaments:merge_answer": PERSON_ANSWERS,
    "tournaments:federations": EVERYONE,
    "tournaments:federation": EVERYONE,
    "tournaments:federation_club_invite": FEDERATION_ORGANISER,
    "tournaments:federation_club_answer": CLUB_ORGANISER,
    "tournaments:federation_replay": FEDERATION_ORGANISER,
}

# API operations, as "METHOD path" of the schema.
API: dict[str, frozenset[str]] = {
    "POST /api/v1/auth/token/": EVERYONE,
    "GET /api/v1/tokens/": SIGNED_IN,
    "DELETE /api/v1/tokens/{token_id}/": TOKEN_OWNER,
    "POST /api/v1/score-match/": EVERYONE,
    "GET /api/v1/matches/{match_id}/": AT_THE_MATCH,
    "POST /api/v1/matches/{match_id}/deals/": WRITES_DEALS,
    "PUT /api/v1/matches/{match_id}/deals/{number}/": WRITES_DEALS,
    "POST /api/v1/matches/{match_id}/deals/{number}/confirm/": CONFIRMS,
    "POST /api/v1/matches/{match_id}/deals/{number}/dispute/": DISPUTES,
    "POST /api/v1/matches/{match_id}/close/": WRITES_DEALS,
    "GET /api/v1/matches/{match_id}/history/": AT_THE_MATCH,
    "GET /api/v1/matches/{match_id}/scoresheet/": AT_THE_MATCH,
    "GET /api/v1/tournaments/": EVERYONE,
    "POST /api/v1/tournaments/": ANY_CLUB_ORGANISER,
    "POST /api/v1/tournaments/import/": ANY_CLUB_ORGANISER,
    "GET /api/v1/tournaments/{tournament_id}/": IN_THE_TOURNAMENT,
    "PATCH /api/v1/tournaments/{tournament_id}/": TOURNAMENT_ORGANISER,
    "GET /api/v1/tournaments/{tournament_id}/entries/": IN_THE_TOURNAMENT,
    "POST /api/v1/tournaments/{tournament_id}/entries/": TOURNAMENT_ORGANISER,
    "PATCH /api/v1/tournaments/{tournament_id}/entries/{entry_id}/": TOURNAMENT_ORGANISER,
    "DELETE /api/v1/tournaments/{tournament_id}/entries/{entry_id}/": TOURNAMENT_ORGANISER,
    "GET /api/v1/tournaments/{tournament_id}/matches/": IN_THE_TOURNAMENT,
    "POST /api/v1/tournaments/{tournament_id}/import/": TOURNAMENT_ORGANISER,
    "GET /api/v1/tournaments/{tournament_id}/export/": IN_THE_TOURNAMENT,
    "GET /api/v1/tournaments/{tournament_id}/deals.csv": IN_THE_TOURNAMENT,
    "GET /api/v1/tournaments/{tournament_id}/rounds/": IN_THE_TOURNAMENT,
    "POST /api/v1/tournaments/{tournament_id}/rounds/": TOURNAMENT_ORGANISER,
    "POST /api/v1/tournaments/{tournament_id}/rounds/{number}/swap/": TOURNAMENT_ORGANISER,
    "GET /api/v1/tournaments/{tournament_id}/standings/": IN_THE_TOURNAMENT,
    "GET /api/v1/tournaments/{tournament_id}/standings/notes/": IN_THE_TOURNAMENT,
    "GET /api/v1/leaderboard/": EVERYONE,
    "GET /api/v1/tournaments/{tournament_id}/reports/": TOURNAMENT_STAFF,
    "POST /api/v1/tournaments/{tournament_id}/reports/": TOURNAMENT_STAFF,
    "POST /api/v1/tournaments/{tournament_id}/archive/": TOURNAMENT_ORGANISER,
    "GET /api/v1/jobs/{job_id}/": TOURNAMENT_STAFF,
    "POST /api/v1/jobs/{job_id}/retry/": TOURNAMENT_STAFF,
    "GET /api/v1/jobs/{job_id}/download/": TOURNAMENT_STAFF,
    "GET /api/v1/lockouts/": ANY_CLUB_ORGANISER,
    "POST /api/v1/lockouts/lift/": ANY_CLUB_ORGANISER,
    "GET /api/v1/tournaments/{tournament_id}/staff/": TOURNAMENT_ORGANISER,
    "POST /api/v1/tournaments/{tournament_id}/staff/": TOURNAMENT_ORGANISER,
    "DELETE /api/v1/tournaments/{tournament_id}/staff/{user}/": TOURNAMENT_ORGANISER,
    "GET /api/v1/tournaments/{tournament_id}/rounds/{number}/cards.pdf": TOURNAMENT_ORGANISER,
    "POST /api/v1/tournaments/{tournament_id}/rounds/{number}/cards/": TOURNAMENT_ORGANISER,
    "GET /api/v1/clubs/{club_id}/invitations/": CLUB_ORGANISER,
    "POST /api/v1/clubs/{club_id}/invitations/": CLUB_ORGANISER,
    "DELETE /api/v1/clubs/{club_id}/invitations/{invitation_id}/": CLUB_ORGANISER,
    "POST /api/v1/matches/{match_id}/card/": TOURNAMENT_ORGANISER,
    "DELETE /api/v1/matches/{match_id}/card/": TOURNAMENT_ORGANISER,
    "GET /api/v1/clubs/{club_id}/presets/": CLUB_ORGANISER,
    "POST /api/v1/clubs/{club_id}/presets/": CLUB_ORGANISER,
    "GET /api/v1/clubs/{club_id}/presets/{preset_id}/": CLUB_ORGANISER,
    "PATCH /api/v1/clubs/{club_id}/presets/{preset_id}/": CLUB_ORGANISER,
    "DELETE /api/v1/clubs/{club_id}/presets/{preset_id}/": CLUB_ORGANISER,
    "GET /api/v1/tournaments/{tournament_id}/teams/": IN_THE_TOURNAMENT,
    "POST /api/v1/tournaments/{tournament_id}/teams/": TOURNAMENT_ORGANISER,
    "PATCH /api/v1/tournaments/{tournament_id}/teams/{team_id}/": TOURNAMENT_ORGANISER,
    "GET /api/v1/tournaments/{tournament_id}/standings/teams/": IN_THE_TOURNAMENT,
    "GET /api/v1/rules/": EVERYONE,
    "GET /api/v1/rules/{article_id}/": EVERYONE,
    "POST /api/v1/referee/legal-cards/": EVERYONE,
    "POST /api/v1/referee/combinations/": EVERYONE,
    "POST /api/v1/referee/check-deal/": EVERYONE,
    "POST /api/v1/referee/check-closing/": EVERYONE,
    "POST /api/v1/referee/preferans/score-deal/": EVERYONE,
    "POST /api/v1/referee/preferans/settle/": EVERYONE,
    "GET /api/v1/matches/{match_id}/rulings/": AT_THE_MATCH,
    "POST /api/v1/matches/{match_id}/rulings/": TOURNAMENT_STAFF,
    "GET /api/v1/tournaments/{tournament_id}/rulings/": IN_THE_TOURNAMENT,
    "POST /api/v1/rulings/{ruling_id}/overturn/": TOURNAMENT_ORGANISER,
    "GET /api/v1/tournaments/{tournament_id}/cards/": IN_THE_TOURNAMENT,
    "POST /api/v1/tournaments/{tournament_id}/cards/": TOURNAMENT_STAFF,
    "POST /api/v1/cards/{card_id}/withdraw/": TOURNAMENT_STAFF,
    "GET /api/v1/clubs/{club_id}/players/": CLUB_ORGANISER,
    "POST /api/v1/clubs/{club_id}/roster-requests/": CLUB_ORGANISER,
    "POST /api/v1/roster-requests/{request_id}/": PERSON_ANSWERS,
    "POST /api/v1/clubs/{club_id}/merges/": CLUB_ORGANISER,
    "POST /api/v1/merges/{merge_id}/": PERSON_ANSWERS,
    "GET /api/v1/federations/": EVERYONE,
    "GET /api/v1/federations/{federation_id}/": EVERYONE,
    "POST /api/v1/federations/{federation_id}/clubs/": FEDERATION_ORGANISER,
    "POST /api/v1/federations/{federation_id}/clubs/{club_id}/": CLUB_ORGANISER,
    "DELETE /api/v1/federations/{federation_id}/clubs/{club_id}/": CLUB_ORGANISER,
    "GET /api/v1/federations/{federation_id}/replay/": FEDERATION_ORGANISER,
    "POST /api/v1/federations/{federation_id}/replay/": FEDERATION_ORGANISER,
}


# --- the routes, from the URLConf and the schema ------------------------------------------


def _page_routes() -> Iterator[tuple[str, str]]:
    """(URL name, pattern) of every page, the admin's apart."""

    def walk(patterns: list[Any], prefix: str, namespace: str) -> Iterator[tuple[str, str]]:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.namespace == "admin" or pattern.app_name == "admin":
                    continue
                inner = f"{namespace}:{pattern.namespace}" if namespace else pattern.namespace
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern), inner or "")
            elif isinstance(pattern, URLPattern):
                route = prefix + str(pattern.pattern)
                if route.startswith("api/v1/") or route == "favicon.ico":
                    continue  # the API is tried by its schema's operations
                name = f"{namespace}:{pattern.name}" if namespace else str(pattern.name)
                yield name, route

    seen: dict[str, str] = {}
    for name, route in walk(get_resolver().url_patterns, "", ""):
        seen.setdefault(name, route)
    return iter(sorted(seen.items()))


def _api_operations() -> list[str]:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(
        f"{method.upper()} {path}"
        for path, methods in schema["paths"].items()
        for method in methods
        if method in {"get", "post", "put", "patch", "delete"}
    )


PAGE_ROUTES = dict(_page_routes())


def test_every_page_and_operation_has_an_access_rule() -> None:
    """A new route or API operation must say who may pass (add it to the tables above)."""
    assert sorted(set(PAGE_ROUTES) - set(PAGES)) == []
    assert sorted(set(_api_operations()) - set(API)) == []
    # And no stale rule for a door that is gone.
    assert sorted(set(PAGES) - set(PAGE_ROUTES)) == []
    assert sorted(set(API) - set(_api_operations())) == []


# --- the world --------------------------------------------------------------------------


def _world() -> SimpleNamespace:
    """Club A's draft evening, with its objects, and club B's own; the nine people."""
    from rest_framework.test import APIClient

    from scoring import services, tokens
    from tournaments.clubs import table_cards

    a = make_evening(published=False)
    b = make_evening(published=False)
    people: dict[str, Any] = {ANON: None}
    for prefix, ev in (("a", a), ("b", b)):
        club = ev.tournament.club
        for role in ROLES:
            user = ev.users[role]
            ClubMember.objects.create(club=club, user=user, role=role)
            people[f"{prefix}_{role}"] = user
    for deal in (DEAL_HANGING, DEAL_MADE):
        services.deal_submit(
            match=a.match, record=deal, user=a.scorer, idempotency_key=None, version=None
        )
    anna = a.match.seats.get(position=0).player
    entry, _ = Entry.objects.get_or_create(tournament=a.tournament, player=anna)
    referee = APIClient()
    referee.force_authenticate(user=a.referee)
    ruling = referee.post(
        f"/api/v1/matches/{a.match.pk}/rulings/",
        {"deal": 2, "kind": "renonce", "violator": "Boris", "explanation": "matrix"},
        format="json",
    )
    assert ruling.status_code == 201, ruling.content
    card = referee.post(
        f"/api/v1/tournaments/{a.tournament.pk}/cards/",
        {"player": anna.pk, "kind": "yellow", "reason": "matrix"},
        format="json",
    )
    assert card.status_code == 201, card.content
    organiser = APIClient()
    organiser.force_authenticate(user=a.organiser)
    job = organiser.post(
        f"/api/v1/tournaments/{a.tournament.pk}/reports/", {"kind": "standings_csv"}, format="json"
    )
    assert job.status_code == 202, job.content
    club = a.tournament.club
    invitation = Invitation.objects.create(
        club=club,
        role="scorer",
        name="Invited",
        token_hash="b" * 64,
        created_by=a.organiser,
        expires_at=timezone.now() + timedelta(days=3),
    )
    preset = ClubPreset.objects.create(
        club=club, name="A's preset", game="deberc", settings={"ruleset": "moscow"}
    )
    team = Team.objects.create(tournament=a.tournament, name="A's team")
    # The round's table cards, so that their download has something to render.
    table_cards.cards_issue_round(round=a.round, user=a.organiser)
    token = tokens.token_issue(user=people["a_player"])
    federation = Federation.objects.create(name="Matrix league")
    FederationOrganiser.objects.create(federation=federation, user=a.organiser)
    FederationClub.objects.create(federation=federation, club=club, joined_at=timezone.now())
    FederationClub.objects.create(federation=federation, club=b.tournament.club)
    boris = a.match.seats.get(position=1).player
    b_boris = b.match.seats.get(position=1).player
    asked = RosterRequest.objects.create(club=b.tournament.club, player=boris, asked_by=b.organiser)
    merge = PlayerMerge.objects.create(
        source=b_boris,
        source_id_kept=b_boris.pk,
        source_name=b_boris.display_name,
        source_club=b.tournament.club,
        target=boris,
        target_name=boris.display_name,
        proposed_by=b.organiser,
    )
    return SimpleNamespace(
        a=a,
        b=b,
        people=people,
        params={
            "token_id": token.use.pk,
            "tournament_id": a.tournament.pk,
            "match_id": a.match.pk,
            "number": 1,
            "entry_id": entry.pk,
            "club_id": club.pk,
            "invitation_id": invitation.pk,
            "preset_id": preset.pk,
            "team_id": team.pk,
            "ruling_id": ruling.json()["ruling"]["id"],
            "card_id": card.json()["id"],
            "job_id": job.json()["job"],
            "user": a.referee.username,
            "user_id": a.referee.pk,
            "table": a.table.number,
            "article_id": "scoring.byte",
            "player_id": anna.pk,
            "action": "finish",
            "token": "not-a-real-token-0000",
            "federation_id": federation.pk,
            "request_id": asked.pk,
            "merge_id": merge.pk,
        },
    )


def _fingerprint() -> dict[str, Any]:
    """What a refused request must not change: every row of the service's own apps."""
    rows: dict[str, Any] = {}
    for label in ("tournaments", "scoring", "referee"):
        for model in apps.get_app_config(label).get_models():
            rows[model._meta.label] = sorted(
                repr(sorted(row.items())) for row in model.objects.values()
            )
    return rows


def _fill(route: str, params: dict[str, Any]) -> str:
    values = dict(params)

    def one(match: re.Match[str]) -> str:
        return str(values[match.group("name")])

    path = re.sub(r"<(?:\w+:)?(?P<name>\w+)>", one, route)
    return "/" + re.sub(r"\{(?P<name>\w+)\}", one, path).lstrip("/")


# Ids of nothing: where a door answers the same for them, it told nothing of club A's objects.
GHOSTS: dict[str, Any] = {
    "token_id": 999_999,
    "tournament_id": 999_999,
    "match_id": 999_999,
    "number": 999,
    "entry_id": 999_999,
    "club_id": 999_999,
    "invitation_id": 999_999,
    "preset_id": 999_999,
    "team_id": 999_999,
    "ruling_id": 999_999,
    "card_id": 999_999,
    "job_id": "00000000-0000-4000-8000-000000000000",
    "user": "nobody-at-all",
    "user_id": 999_999,
    "table": 999,
    "article_id": "no.such.article",
    "player_id": 999_999,
    "token": "not-a-real-token-0000",
    "action": "finish",
    "federation_id": 999_999,
    "request_id": 999_999,
    "merge_id": 999_999,
}


class _Refusal:
    status_code = 404
    headers: dict[str, str] = {}


ghost_refusal = _Refusal()


def _refused(response: Any) -> bool:
    if response.status_code in (401, 403, 404):
        return True
    location = response.headers.get("Location", "") if response.status_code == 302 else ""
    return "/accounts/login/" in location


def _client(world: SimpleNamespace, person: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    user = world.people[person]
    if user is not None:
        client.force_login(user)
    return client


def _ask(client: Client, method: str, path: str) -> Any:
    if method == "GET":
        return client.get(path)
    return getattr(client, method.lower())(path, data="{}", content_type="application/json")


@pytest.fixture(scope="module")
def world(django_db_setup: Any, django_db_blocker: Any) -> Iterator[SimpleNamespace]:
    """Built once for the module, inside a transaction that is rolled back at its end; each
    test's own transaction (a savepoint inside it) undoes what the people who may pass did."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        yield _world()
        transaction.set_rollback(True)


def _try(
    world: SimpleNamespace, doors: frozenset[str], method_and_path: list[tuple[str, str]]
) -> list[str]:
    wrong: list[str] = []
    # The refused first: none of them may change anything.
    order = sorted(PEOPLE, key=lambda person: person in doors)
    for person in order:
        client = _client(world, person)
        for asked, route in method_and_path:
            path = _fill(route, world.params)
            before = _fingerprint() if person not in doors else None
            method = "GET" if asked == "AUTO" else asked
            with transaction.atomic():  # what one person did is undone for the next
                response = _ask(client, method, path)
                if asked == "AUTO" and response.status_code == 405:
                    # A form that only takes POST: tried with POST (a 405 tells nothing).
                    method = "POST"
                    response = _ask(client, method, path)
                if person not in doors and response.status_code == 400:
                    # A body refused before any object is read tells nothing: the same answer
                    # comes for objects that do not exist.
                    ghost = _ask(client, method, _fill(route, GHOSTS))
                    if (ghost.status_code, ghost.content) == (400, response.content):
                        response = ghost_refusal
                changed = before is not None and _fingerprint() != before
                transaction.set_rollback(True)
            if response.status_code >= 500:
                wrong.append(f"{person} {method} {path}: {response.status_code}")
            elif person in doors and _refused(response) and doors is not NOBODY:
                wrong.append(f"{person} {method} {path}: refused ({response.status_code})")
            elif person not in doors and not _refused(response):
                wrong.append(f"{person} {method} {path}: let in ({response.status_code})")
            elif changed:
                wrong.append(f"{person} {method} {path}: refused but changed the database")
    return wrong


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page(world: SimpleNamespace, name: str) -> None:
    if name in ("logout", "set_language"):
        pytest.skip("signs out or sets a cookie: no club data behind it")
    wrong = _try(world, PAGES[name], [("AUTO", PAGE_ROUTES[name])])
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("operation", sorted(API))
def test_api_operation(world: SimpleNamespace, operation: str) -> None:
    method, path = operation.split(" ", 1)
    if operation == "POST /api/v1/auth/token/":
        pytest.skip("signs in by password: no club data behind it (tests/security)")
    wrong = _try(world, API[operation], [(method, path)])
    assert not wrong, "\n".join(wrong)
