"""A club night whose every user-visible text is hostile markup (security tests): a Deberc and
a Preferans tournament of one hostile club, hostile tournament and player names, rulings with
hostile text (one overturned for a hostile reason); one user per role; and the site's pages,
listed by walking the URLconfs, with who may see each and what hostile text it shows."""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client, TestCase
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from referee.models import Ruling
from scoring.games.deberc.engine.simulate import random_match
from scoring.games.preferans.engine.simulate import random_pulka
from scoring.models import Match
from tests.factories import (
    ClubFactory,
    PreferansTournamentFactory,
    TournamentFactory,
    UserFactory,
    make_club_organiser,
)
from tournaments.clubs.models import Player
from tournaments.events.models import Round, Table
from tournaments.federations.models import Federation, FederationClub
from tournaments.reports.models import ReportJob

XSS_PLAYER = "<script>alert(1)</script>"
XSS_PLAYER_2 = '"><img src=x onerror=alert(2)>'
XSS_TOURNAMENT = '<script>alert("tournament")</script>'
XSS_CLUB = "<b onmouseover=alert(3)>Club</b>"
XSS_RULING = '<script>alert("ruling")</script>'
XSS_OVERTURN = "<iframe src=javascript:alert(4)>"
# The Preferans tournament's: its pulka sheet is an SVG, whose <text> a name may try to close.
XSS_PREF_TOURNAMENT = "<svg onload=alert('preferans')>"
XSS_PLAYER_3 = "</text><script>alert(5)</script>"
XSS_PLAYER_4 = "<svg/onload=alert(6)>"
XSS_PREF_RULING = "<a href=\"javascript:alert('pref')\">see</a>"
XSS_FEDERATION = "<i onclick=alert(7)>League</i>"

DEBERC_PLAYERS = [XSS_PLAYER, XSS_PLAYER_2, "Олена Шевченко", "Тарас Коваль"]
PREFERANS_PLAYERS = [XSS_PLAYER, XSS_PLAYER_3, XSS_PLAYER_4]
HOSTILE = [
    XSS_PLAYER,
    XSS_PLAYER_2,
    XSS_TOURNAMENT,
    XSS_CLUB,
    XSS_RULING,
    XSS_OVERTURN,
    XSS_PREF_TOURNAMENT,
    XSS_PLAYER_3,
    XSS_PLAYER_4,
    XSS_PREF_RULING,
    XSS_FEDERATION,
]
# What must never reach a page as markup.
RAW_MARKUP = [
    "<script>alert",
    "<img src=x",
    "<b onmouseover",
    "<iframe src",
    "<svg onload",
    "<svg/onload",
    "</text><script",
    '<a href="javascript',
    "<i onclick",
]
ROLES = ("organiser", "referee", "scorer", "player", "public")


def play(tournament: Any, names: list[str], *, rounds: int, seed: int = 11) -> None:
    """Random legal 2-player matches among `names`, imported as the tournament's rounds (the
    engine scores them, the standings follow)."""
    rng = random.Random(seed)
    records = []
    order = list(names)
    for number in range(1, rounds + 1):
        for table, k in enumerate(range(0, len(order) - 1, 2), start=1):
            record = random_match(rng, [order[k], order[k + 1]], card_by_card=False)
            record["round"], record["table"] = number, table
            records.append(record)
        order = [order[0], order[-1], *order[1:-1]]
    _import(tournament, records)


def play_preferans(tournament: Any, names: list[str], *, rounds: int, seed: int = 12) -> None:
    """A random legal Sochi pulka of `names` per round (a few deals: still in play)."""
    rng = random.Random(seed)
    records = []
    for number in range(1, rounds + 1):
        record = random_pulka(rng, names[number - 1 :] + names[: number - 1], max_deals=6)
        record["round"], record["table"] = number, 1
        records.append(record)
    _import(tournament, records)


def _import(tournament: Any, records: list[dict[str, Any]]) -> None:
    from tournaments.events.entries import scoresheet_import

    with TestCase.captureOnCommitCallbacks(execute=True):
        scoresheet_import(tournament=tournament, records=records)


def _first_match(tournament: Any, number: int) -> Match:
    return (
        Match.objects.filter(tournament=tournament, round__number=number)
        .order_by("table__number")
        .first()
    )


@pytest.fixture
def hostile_night(db: Any, settings: Any) -> SimpleNamespace:
    """A hostile club's two published tournaments: Deberc (hostile name; four players, two
    of them hostile; two rounds played, the first closed) and Preferans (hostile name; three
    hostile players, one of them also in the Deberc tournament; a pulka in each of two
    rounds). A ruling with a hostile explanation on each game's round-1 match (the Deberc
    one overturned for a hostile reason); a report job. Users: the organiser (organises and
    referees both), a referee (of both), the scorer of each game's round-2 table 1, the
    hostile player's own account."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    users = {role: UserFactory(username=f"hostile_{role}") for role in ROLES if role != "public"}
    organiser = users["organiser"]
    club = ClubFactory(name=XSS_CLUB)
    make_club_organiser(organiser, club)
    tournament = TournamentFactory(name=XSS_TOURNAMENT, club=club, published=True, rounds=3)
    preferans = PreferansTournamentFactory(
        name=XSS_PREF_TOURNAMENT, club=club, published=True, rounds=3
    )
    for t in (tournament, preferans):
        t.organisers.add(organiser)
        t.referees.add(organiser, users["referee"])
    play(tournament, DEBERC_PLAYERS, rounds=2)
    play_preferans(preferans, PREFERANS_PLAYERS, rounds=2)
    Round.objects.filter(tournament=tournament, number=1).update(status=Round.Status.CLOSED)
    Round.objects.filter(tournament__in=[tournament, preferans], number=2).update(
        status=Round.Status.OPEN
    )
    Table.objects.filter(round__tournament__in=[tournament, preferans], round__number=2).filter(
        number=1
    ).update(scorer=users["scorer"])
    player = Player.objects.get(display_name=XSS_PLAYER)
    Player.objects.filter(pk=player.pk).update(user=users["player"])
    match = _first_match(tournament, 1)
    preferans_match = _first_match(preferans, 1)
    ruling = Ruling.objects.create(
        match=match,
        deal_number=1,
        kind="renonce",
        violator=player,
        explanation=XSS_RULING,
        articles=[],
        referee=organiser,
        overturned=True,
        overturned_by=organiser,
        overturn_reason=XSS_OVERTURN,
    )
    Ruling.objects.create(
        match=preferans_match,
        deal_number=1,
        kind="renonce",
        violator=Player.objects.get(display_name=XSS_PLAYER_3),
        explanation=XSS_PREF_RULING,
        articles=[],
        referee=users["referee"],
    )
    job = ReportJob.objects.create(
        tournament=tournament, kind=ReportJob.Kind.STANDINGS_PDF, requested_by=organiser
    )
    # A federation of a hostile name, the hostile club in it (issue 33).
    federation = Federation.objects.create(name=XSS_FEDERATION)
    FederationClub.objects.create(federation=federation, club=club, joined_at=timezone.now())
    return SimpleNamespace(
        federation=federation,
        users=users,
        organiser=organiser,
        tournament=tournament,
        preferans=preferans,
        match=match,
        preferans_match=preferans_match,
        scored_match=_first_match(tournament, 2),
        scored_preferans_match=_first_match(preferans, 2),
        player=player,
        ruling=ruling,
        job=job,
    )


def client_as(night: SimpleNamespace, role: str) -> Client:
    client = Client()
    if role != "public":
        client.force_login(night.users[role])
    return client


# --- the pages -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    """A page of the site: its route's name, its URL for the night, who may see it (200) and
    the hostile texts it shows (escaped) to the organiser."""

    route: str
    url: str
    roles: tuple[str, ...]
    shows: tuple[str, ...] = ()


EVERYONE = ROLES
SIGNED_IN = tuple(role for role in ROLES if role != "public")
STAFF = ("organiser", "referee")
ORGANISER = ("organiser",)
AT_THE_TABLE = ("organiser", "referee", "scorer")  # the table's scorer corrects its deals
SEATED = ("organiser", "referee", "player")  # a seated player reads the table's history
# What the pages of each tournament show: its name, its players (hostile ones), its club.
DEBERC = (XSS_TOURNAMENT, XSS_PLAYER, XSS_PLAYER_2)
PREFERANS = (XSS_PREF_TOURNAMENT, XSS_PLAYER, XSS_PLAYER_3, XSS_PLAYER_4)


def pages(night: SimpleNamespace) -> list[Page]:
    """Every page people use (each named GET route of the URLconfs answering HTML; the rest
    are in NOT_PAGES), with the night's objects: both tournaments, each game's matches (the
    round-1 table of the two hostile Deberc players, the round-2 one of the scorer), the
    referee's tools with no table and with each game's hostile table chosen."""
    t, pt = night.tournament.pk, night.preferans.pk
    m, pm = night.match.pk, night.preferans_match.pk
    sm, spm = night.scored_match.pk, night.scored_preferans_match.pk
    out = [
        Page("home", "/", EVERYONE, (XSS_TOURNAMENT, XSS_PREF_TOURNAMENT, XSS_CLUB)),
        Page("login", "/accounts/login/", EVERYONE),
        # One person across clubs, federations (issue 33).
        Page(
            "tournaments:club_roster",
            f"/clubs/{night.tournament.club_id}/players/?q=a",
            ORGANISER,
            (XSS_CLUB, XSS_PLAYER, XSS_PLAYER_2),
        ),
        Page(
            "tournaments:player_merge",
            f"/clubs/{night.tournament.club_id}/players/{night.player.pk}/merge/",
            ORGANISER,
            (XSS_PLAYER,),
        ),
        Page("tournaments:people_waiting", "/people/waiting/", SIGNED_IN),
        Page("tournaments:federations", "/federations/", EVERYONE, (XSS_FEDERATION,)),
        Page(
            "tournaments:federation",
            f"/federations/{night.federation.pk}/",
            EVERYONE,
            (XSS_FEDERATION, XSS_CLUB, XSS_TOURNAMENT, XSS_PREF_TOURNAMENT),
        ),
        Page("api-docs", "/api/docs/", EVERYONE),
        Page("tournaments:create", "/tournaments/new/", ORGANISER, (XSS_CLUB,)),
        Page("tournaments:lockouts", "/accounts/lockouts/", ORGANISER),
        Page(
            "tournaments:club_members",
            f"/clubs/{night.tournament.club_id}/members/",
            ORGANISER,
            (XSS_CLUB,),
        ),
        Page(
            "tournaments:club_presets",
            f"/clubs/{night.tournament.club_id}/presets/",
            ORGANISER,
            (XSS_CLUB, XSS_TOURNAMENT, XSS_PREF_TOURNAMENT),
        ),
        Page(
            "tournaments:live_player",
            f"/players/{night.player.pk}/",
            EVERYONE,
            (XSS_PLAYER, XSS_TOURNAMENT, XSS_PREF_TOURNAMENT, XSS_CLUB),
        ),
        Page(
            "tournaments:live_leaderboard",
            "/leaderboard/",
            EVERYONE,
            (XSS_PLAYER, XSS_PLAYER_2, XSS_CLUB),
        ),
        Page("tournaments:report_job", f"/reports/jobs/{night.job.pk}/", STAFF),
        Page("referee:rulebook", "/rules/", EVERYONE),
        Page("referee:article", "/rules/play.renonce/", EVERYONE),
        Page("referee:tools", "/referee/", EVERYONE),
        Page("referee:preferans_conventions", "/referee/preferans/conventions/", EVERYONE),
        Page("referee:deberc_conventions", "/referee/deberc/conventions/", EVERYONE),
        Page("tournaments:game_fields", "/tournaments/new/game-fields/?game=preferans", ORGANISER),
        Page("tournaments:game_fields", "/tournaments/new/game-fields/?game=deberc", ORGANISER),
    ]
    for tid, names, rulings in (
        (t, DEBERC, (XSS_TOURNAMENT, XSS_PLAYER, XSS_RULING, XSS_OVERTURN)),
        (pt, PREFERANS, (XSS_PREF_TOURNAMENT, XSS_PLAYER_3, XSS_PREF_RULING)),
    ):
        shown = (*names, XSS_CLUB)
        out += [
            Page("tournaments:live_tournament", f"/tournaments/{tid}/", EVERYONE, shown),
            Page("tournaments:live_standings", f"/tournaments/{tid}/standings/", EVERYONE, shown),
            Page("tournaments:live_round", f"/tournaments/{tid}/rounds/1/", EVERYONE, shown),
            Page("tournaments:live_round", f"/tournaments/{tid}/rounds/2/", EVERYONE, shown),
            Page("tournaments:live_bigscreen", f"/tournaments/{tid}/screen/", EVERYONE, names),
            Page("tournaments:live_manage", f"/tournaments/{tid}/pairing/", ORGANISER, shown),
            Page("tournaments:matches", f"/tournaments/{tid}/matches/", EVERYONE, shown),
            Page("tournaments:entries", f"/tournaments/{tid}/players/", EVERYONE, shown),
            Page("tournaments:edit", f"/tournaments/{tid}/edit/", ORGANISER, (names[0], XSS_CLUB)),
            Page("tournaments:reports", f"/tournaments/{tid}/reports/", STAFF, shown),
            # Issue 20: the staff page and the round's tables with their cards.
            Page(
                "tournaments:staff", f"/tournaments/{tid}/staff/", ORGANISER, (names[0], XSS_CLUB)
            ),
            Page(
                "tournaments:round_tables",
                f"/tournaments/{tid}/rounds/1/tables/",
                ORGANISER,
                (names[0], XSS_CLUB),
            ),
            Page(
                "referee:tournament_rulings",
                f"/referee/tournaments/{tid}/rulings/",
                EVERYONE,
                rulings,
            ),
            # Issue 19: the warnings and yellow cards (the staff give them there).
            Page(
                "referee:tournament_cards",
                f"/referee/tournaments/{tid}/cards/",
                EVERYONE,
                rulings[:1],
            ),
        ]
    for match, scored, names, at_scored in (
        (m, sm, DEBERC, (XSS_TOURNAMENT, XSS_PLAYER)),
        (pm, spm, PREFERANS, PREFERANS),
    ):
        players = tuple(name for name in names if name not in (XSS_TOURNAMENT, XSS_PREF_TOURNAMENT))
        out += [
            Page("scoring:match", f"/matches/{match}/", EVERYONE, names),
            Page("scoring:match", f"/matches/{scored}/", EVERYONE, at_scored),
            Page("scoring:history", f"/matches/{match}/history/", SEATED, players),
            Page(
                "scoring:deal_edit", f"/matches/{scored}/deals/1/edit/", AT_THE_TABLE, at_scored[1:]
            ),
            Page("referee:ruling_new", f"/referee/matches/{match}/rule/", STAFF, players),
        ]
    # The referee's tools: without a table, and with each game's hostile table chosen (its
    # players fill the form; the table select names every table of the referee's).
    for route, path, match, names in (
        ("referee:legal_cards", "legal-cards", m, DEBERC),
        ("referee:combinations", "combinations", m, DEBERC),
        ("referee:check_deal", "check-deal", m, DEBERC),
        ("referee:check_closing", "check-closing", m, DEBERC),
        ("referee:preferans_score_deal", "preferans/score-deal", pm, PREFERANS),
        ("referee:preferans_settle", "preferans/settle", pm, PREFERANS),
    ):
        out.append(Page(route, f"/referee/{path}/", EVERYONE))
        out.append(Page(route, f"/referee/{path}/?table={match}", EVERYONE, names))
    return out


# Named routes that are not pages: what each answers instead.
NOT_PAGES = {
    "logout": "POST only",
    "set_language": "POST only (the language switch)",
    "schema": "the API's OpenAPI document (YAML)",
    "scoring:service_worker": "a script, with no data in it",
    "scoring:scoresheet": "a JSON download (test_it_serves_the_downloads_as_attachments)",
    "tournaments:deals_csv": "a CSV download (test_it_serves_the_downloads_as_attachments)",
    "tournaments:export_json": "a JSON download (test_it_serves_the_downloads_as_attachments)",
    "tournaments:round_cards_pdf": (
        "a PDF download (tests/tournaments/clubs/staff/test_round_cards.py)"
    ),
    "tournaments:invitation": (
        "a one-time secret's page (tests/tournaments/clubs/staff: its refusals, its form)"
    ),
    "tournaments:table_card": (
        "a table card's secret's page (tests/tournaments/clubs/staff, tests/security)"
    ),
    **{
        name: "POST only"
        for name in (
            "scoring:deal_create",
            "tournaments:round_cards_issue",
            "tournaments:tournament_status",
            "scoring:deal_confirm",
            "scoring:deal_dispute",
            "scoring:deal_withdraw",
            "scoring:match_close",
            "tournaments:entry_withdraw",
            "tournaments:entry_remove",
            "tournaments:round_open",
            "tournaments:round_close",
            "tournaments:round_time_up",
            "tournaments:round_scorers",
            "tournaments:import_scoresheets",
            "tournaments:live_pair",
            "tournaments:live_swap",
            "tournaments:report_archive_restore",
            "tournaments:report_job_retry",
            "tournaments:lockout_lift",
            "referee:ruling_overturn",
            "referee:card_withdraw",
            "tournaments:staff_add",
            "tournaments:staff_remove",
            "tournaments:invitation_create",
            "tournaments:invitation_revoke",
            "tournaments:table_card_issue",
            "tournaments:table_card_revoke",
            "tournaments:queue_report",
            "tournaments:preset_rename",
            "tournaments:preset_delete",
            "tournaments:club_roster_ask",
            "tournaments:player_merge_propose",
            "tournaments:roster_answer",
            "tournaments:merge_answer",
            "tournaments:federation_club_invite",
            "tournaments:federation_club_answer",
            "tournaments:federation_replay",
        )
    },
}
# Whole URLconfs left out of the walk: the API answers JSON (tests/fuzz, tests/*_api), the
# admin is Django's own (it escapes as every template does).
NOT_WALKED = ("api/v1/", "admin/")


def named_routes() -> set[str]:
    """Every named route of the site's URLconfs (namespaced), but NOT_WALKED."""

    def walk(patterns: list[Any], prefix: str, namespace: str | None) -> set[str]:
        names: set[str] = set()
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if route.startswith(NOT_WALKED):
                continue
            if isinstance(pattern, URLResolver):
                names |= walk(pattern.url_patterns, route, pattern.namespace or namespace)
            elif isinstance(pattern, URLPattern) and pattern.name:
                names.add(f"{namespace}:{pattern.name}" if namespace else pattern.name)
        return names

    return walk(get_resolver().url_patterns, "", None)


def page_urls(night: SimpleNamespace) -> list[str]:
    """The pages the organiser sees (every page: the organiser may see them all)."""
    return list(dict.fromkeys(page.url for page in pages(night) if "organiser" in page.roles))
