"""Reads at federation size (issue 33, item 3): what each person sees with 200 clubs, 20,000
people and 300 tournaments of both games in the database, one federation of 120 of the clubs.

    .venv/bin/python bench/federation.py [--scale 1] [--repeat 20] [--reuse]
                                         [--db deberc_bench_federation] [--seed 33]

1. Creates (or, with --reuse, keeps) its own PostgreSQL database (`--db`, default
   deberc_bench_federation on 127.0.0.1:5432; BENCH_POSTGRES names another server), migrates
   it and builds the world (sizes × `--scale`, e.g. 0.1 for a quick run):
   - 200 clubs and 20,000 people (players), each entered by one club; 10 % of them also on a
     second club's roll (`people.ClubPlayer`); names drawn from a pool in which a name is
     shared by two or three people across the clubs (the roster's "same name" candidates);
   - 300 published tournaments of Deberc (tables of 2) and Preferans (tables of 3) across the
     clubs: 10 open ones of 1,000–3,000 players (3 Swiss rounds), 290 small club nights of
     8–40 of the club's players (4 rounds; 1 in 20 a draft); every match played (the game's
     simulator, `generate_tournament`'s `_play`: deals, results, `MatchTally`) and rated by one
     `ratings_recompute()`;
   - 2,000 accounts: each club's organiser (`ClubMember`, organiser of its tournaments),
     referees (of 1–2 tournaments each, and of their club), scorers (of tables), and players
     (`Player.user`);
   - one federation of 120 of the clubs (joined) and 5 invited, its organiser; open roster
     requests and proposed merges; rulings and report jobs in the focus tournament.
   The roles timed: an organiser (of club A, its tournaments and the federation), a referee
   and a scorer (of the focus tournament T, the first open one, of club A), a player (a
   person of club A on club B's roll too, who played for both and in T) and an anonymous
   visitor.
2. Times, through Django's test client in this process (DEBUG off, signed in with the
   session), each read as each role: the tournament list (API and home page), the
   leaderboard per game (page and API) overall, of club A (`?club=`) and of the federation
   (`?federation=`), the player's page, club A's roster (`/clubs/A/players/`) and members
   page, the federations list and the federation's page (and their API), the staff search
   of T, its rulings, its report jobs (page and API), and `/people/waiting/`. Each read is
   asked once untimed (`first`), then `--repeat` times: p50, p95, the CPU a request took
   (this process's and its PostgreSQL backend's) and its SQL queries, with the machine speed
   (bench/entry.py's fixed loop, about 30 ms on a quiet 2-vCPU EPYC) before and after.
3. Times a full rating replay as the federation's background job does it (the Celery task
   `tournaments.tasks.recompute_ratings_task`, run eagerly in this process): its time, the
   matches replayed and `replay_progress()` as read meanwhile and after.

Goal: each read ≤ 150 ms p95 on PostgreSQL, with a number of queries that does not grow with
the data (tests/tournaments/federations/test_federation_reads.py counts them at two sizes).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import secrets
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.entry import machine_speed, recreate_database  # noqa: E402
from bench.signed_in import p95, settings_env  # noqa: E402
from bench.signed_in import timed as signed_in_timed  # noqa: E402
from tournaments.management.names import FIRST_NAMES  # noqa: E402

ROLES = ("anonymous", "organiser", "referee", "scorer", "player")
GOAL_MS = 150
GAMES = ("deberc", "preferans")
TABLE_SIZE = {"deberc": 2, "preferans": 3}

ROOTS = [
    "Коваль",
    "Бондар",
    "Шевч",
    "Ткач",
    "Кравч",
    "Мельн",
    "Поліщ",
    "Лис",
    "Руд",
    "Савч",
    "Гонч",
    "Марч",
    "Іван",
    "Петр",
    "Кузн",
    "Смирн",
    "Поп",
    "Волк",
    "Сокол",
    "Мороз",
    "Лебед",
    "Новик",
    "Орл",
    "Гриц",
    "Данил",
    "Захар",
    "Карп",
    "Левч",
    "Мирон",
    "Нестер",
    "Остап",
    "Павл",
    "Роман",
    "Семен",
    "Тимч",
    "Устим",
    "Федор",
    "Харч",
    "Цибул",
    "Яким",
]
SUFFIXES = ("енко", "ук", "ов", "ський", "ич", "ишин")
CITIES = ("Київ", "Харків", "Одеса", "Львів", "Дніпро", "Запоріжжя", "Вінниця", "Полтава")


def sizes(scale: float) -> dict[str, int]:
    """The world's counts at `scale` (1: the issue's)."""

    def scaled(value: int, least: int) -> int:
        return max(least, round(value * scale))

    clubs = scaled(200, 10)
    return {
        "clubs": clubs,
        "people": scaled(20_000, 30 * clubs),
        "accounts": scaled(2_000, 4 * clubs),
        "tournaments": scaled(300, 14),
        "big": scaled(10, 2),
        "big_low": scaled(1_000, 60),
        "big_high": scaled(3_000, 120),
        "federation": max(3, round(clubs * 0.6)),
    }


def _name(rng: random.Random) -> str:
    return f"{rng.choice(FIRST_NAMES)} {rng.choice(ROOTS)}{rng.choice(SUFFIXES)}"


def _play_round(tournament: Any, number: int, entrants: list[int], scorers: list[Any], rng: Any):
    """Pair `entrants` at random in tables of the game's size (the rest sit out), then play
    every match (generate_tournament's `_play`: the simulator, deals, results, tallies)."""
    from scoring.models import Match, Seat
    from tournaments.events.models import Round, Table
    from tournaments.management.commands.generate_tournament import Command

    size = tournament.table_size
    order = entrants[:]
    rng.shuffle(order)
    count = len(order) // size
    round_ = Round.objects.create(tournament=tournament, number=number)
    tables = Table.objects.bulk_create(
        [
            Table(
                round=round_,
                number=k + 1,
                scorer=rng.choice(scorers) if scorers and rng.random() < 0.1 else None,
            )
            for k in range(count)
        ],
        batch_size=1000,
    )
    matches = Match.objects.bulk_create(
        [
            Match(
                tournament=tournament,
                round=round_,
                table=table,
                game=tournament.game,
                ruleset=tournament.ruleset,
                conventions={},
                first_dealer_seat=0,
            )
            for table in tables
        ],
        batch_size=1000,
    )
    Seat.objects.bulk_create(
        [
            Seat(match=match, position=p, player_id=order[k * size + p])
            for k, match in enumerate(matches)
            for p in range(size)
        ],
        batch_size=2000,
    )
    if len(order) > count * size:
        round_.byes.add(*order[count * size :])
    finished = tournament.starts_at + datetime.timedelta(hours=number)
    return round_, Command()._play(round_, rng, finished)


def build(scale: float, seed: int) -> dict[str, int]:
    """The world (module docstring); returns the ids the reads need."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import connection, transaction
    from django.utils import timezone

    from referee.games import parts_all
    from referee.models import Ruling
    from scoring import games
    from scoring.models import Match, Seat
    from tournaments.clubs.models import Club, ClubMember, Player
    from tournaments.events.models import Entry, Tournament
    from tournaments.federations.models import Federation, FederationClub, FederationOrganiser
    from tournaments.people.models import ClubPlayer, PlayerMerge, RosterRequest
    from tournaments.reports.models import ReportJob
    from tournaments.standings.ratings import ratings_recompute

    User = get_user_model()
    n = sizes(scale)
    rng = random.Random(seed)
    started = time.perf_counter()
    password = make_password("bench-" + secrets.token_urlsafe(12))
    now = timezone.now()

    # Clubs and their people.
    clubs = Club.objects.bulk_create(
        [Club(name=f"Клуб {k + 1:03d}", city=rng.choice(CITIES)) for k in range(n["clubs"])]
    )
    club_a, club_b = clubs[0], clubs[1]
    people: list[Player] = []
    for k, club in enumerate(clubs):
        count = n["people"] // n["clubs"] + (k < n["people"] % n["clubs"])
        taken: set[str] = set()
        while len(taken) < count:
            taken.add(_name(rng))
        people.extend(Player(club=club, display_name=name) for name in sorted(taken))
    people = Player.objects.bulk_create(people, batch_size=2000)
    by_club: dict[int, list[int]] = {}
    for p in people:
        by_club.setdefault(p.club_id, []).append(p.pk)
    # The player role: a person of club A also on club B's roll.
    focus = next(p for p in people if p.club_id == club_a.pk)
    guests = [ClubPlayer(club=club_b, player=focus, via=ClubPlayer.Via.CONSENT)]
    for p in rng.sample(people, len(people) // 10):
        other = rng.choice(clubs)
        if other.pk != p.club_id and p is not focus:
            guests.append(ClubPlayer(club=other, player=p, via=ClubPlayer.Via.CONSENT))
    ClubPlayer.objects.bulk_create(guests, batch_size=2000, ignore_conflicts=True)
    roll: dict[int, list[int]] = {club.pk: list(by_club[club.pk]) for club in clubs}
    for link in guests:
        roll[link.club_id].append(link.player_id)
    print(f"  clubs, people, rolls: {time.perf_counter() - started:.1f} s", file=sys.stderr)

    # Accounts: each club's organiser, referees, scorers, and players' own.
    organisers = User.objects.bulk_create(
        [
            User(username="bench_organiser" if k == 0 else f"org{k}", password=password)
            for k in range(len(clubs))
        ]
    )
    rest = n["accounts"] - len(organisers)
    n_ref = n_sc = max(2, rest * 15 // 100)
    referees = User.objects.bulk_create(
        [
            User(username="bench_referee" if k == 0 else f"ref{k}", password=password)
            for k in range(n_ref)
        ]
    )
    scorers = User.objects.bulk_create(
        [
            User(username="bench_scorer" if k == 0 else f"scorer{k}", password=password)
            for k in range(n_sc)
        ]
    )
    others = [p for p in people if p is not focus]
    with_accounts = [focus, *rng.sample(others, rest - 2 * n_ref - 1)]
    accounts = User.objects.bulk_create(
        [
            User(username="bench_player" if p is focus else f"member{p.pk}", password=password)
            for p in with_accounts
        ]
    )
    for p, account in zip(with_accounts, accounts, strict=True):
        p.user = account
    Player.objects.bulk_update(with_accounts, ["user"], batch_size=2000)
    members = [
        ClubMember(club=club, user=user, role=ClubMember.Role.ORGANISER)
        for club, user in zip(clubs, organisers, strict=True)
    ]
    members += [
        ClubMember(club=rng.choice(clubs) if k else club_a, user=user, role=ClubMember.Role.REFEREE)
        for k, user in enumerate(referees)
    ]
    members += [
        ClubMember(club=rng.choice(clubs) if k else club_a, user=user, role=ClubMember.Role.SCORER)
        for k, user in enumerate(scorers)
    ]
    ClubMember.objects.bulk_create(members, batch_size=2000)
    organiser_of = {club.pk: user for club, user in zip(clubs, organisers, strict=True)}
    print(f"  accounts: {time.perf_counter() - started:.1f} s", file=sys.stderr)

    # Tournaments: the open ones first (T: club A's, Deberc), then the club nights.
    plan: list[tuple[Any, str, list[int], bool, int]] = []
    everyone = [p.pk for p in people]
    for k in range(n["big"]):
        club = club_a if k == 0 else rng.choice(clubs)
        field = rng.sample(everyone, rng.randint(n["big_low"], n["big_high"]))
        if k == 0:
            field = [focus.pk, *(pk for pk in field if pk != focus.pk)]
        plan.append((club, GAMES[k % 2], field, True, 3))
    for k in range(n["tournaments"] - n["big"]):
        club = (club_a, club_b)[k] if k < 2 else rng.choice(clubs)
        game = GAMES[k % 2] if k >= 2 else "deberc"
        pool = roll[club.pk]
        field = rng.sample(pool, min(len(pool), rng.randint(8, 40)))
        if k < 2:
            field = [focus.pk, *(pk for pk in field if pk != focus.pk)]
        plan.append((club, game, field, k < 2 or rng.random() >= 0.05, 4))
    # A tournament's players go by their names at the table (the scoresheets): no two
    # namesakes in one field.
    name_of = {p.pk: p.display_name for p in people}

    def distinct(field: list[int]) -> list[int]:
        seen: set[str] = set()
        kept = []
        for pk in field:
            if name_of[pk] not in seen:
                seen.add(name_of[pk])
                kept.append(pk)
        return kept

    plan = [(club, key, distinct(field), *rest) for club, key, field, *rest in plan]
    matches_total = deals_total = 0
    start_day = now - datetime.timedelta(days=400)
    for number, (club, key, field, published, rounds) in enumerate(plan, start=1):
        game = games.game_get(key)
        big = number <= n["big"]
        with transaction.atomic():
            tournament = Tournament.objects.create(
                club=club,
                name=f"bench {'open' if big else 'night'} {number}",
                game=game.key,
                ruleset=game.default_ruleset,
                table_size=TABLE_SIZE[key],
                system=Tournament.System.SWISS,
                rounds=rounds + (2 if big else 0),
                match_score=next(iter(game.match_scores)),
                tiebreaks=list(game.default_tiebreaks),
                published=published,
                status=Tournament.Status.RUNNING if big else Tournament.Status.FINISHED,
                starts_at=start_day + datetime.timedelta(days=number * 400 / len(plan)),
            )
            Entry.objects.bulk_create(
                [
                    Entry(tournament=tournament, player_id=pk, seed=seed)
                    for seed, pk in enumerate(field, start=1)
                ],
                batch_size=2000,
            )
            tournament.organisers.add(organiser_of[club.pk])
            tournament.referees.add(
                *([referees[0]] if number == 1 else rng.sample(referees, rng.randint(1, 2)))
            )
        for r in range(1, rounds + 1):
            round_, deals = _play_round(tournament, r, field, scorers[1:], rng)
            matches_total += round_.tables.count()
            deals_total += deals
        if big:
            print(
                f"  tournament {number} ({key}, {len(field)} players): "
                f"{time.perf_counter() - started:.1f} s",
                file=sys.stderr,
            )
    print(
        f"  {len(plan)} tournaments, {matches_total} matches, {deals_total} deals: "
        f"{time.perf_counter() - started:.1f} s",
        file=sys.stderr,
    )
    t0 = time.perf_counter()
    ratings_recompute()
    print(f"  ratings_recompute: {time.perf_counter() - t0:.1f} s", file=sys.stderr)

    # The focus tournament T: its scorer's tables, rulings, report jobs.
    big_t = Tournament.objects.get(name="bench open 1")
    last = big_t.round_set.order_by("-number")[0]
    for table in last.tables.order_by("number")[:4]:
        table.scorer = scorers[0]
        table.save(update_fields=["scorer"])
    kind = next(p for p in parts_all() if p.game == big_t.game).violation_kinds[0].key
    ruled = list(Match.objects.filter(tournament=big_t).order_by("pk")[:40])
    violators = dict(
        Seat.objects.filter(match__in=ruled, position=0).values_list("match_id", "player_id")
    )
    Ruling.objects.bulk_create(
        [
            Ruling(
                match=m,
                deal_number=1,
                kind=kind,
                violator_id=violators[m.pk],
                explanation="bench",
                referee=referees[0],
            )
            for m in ruled
        ]
    )
    kinds = list(ReportJob.Kind.values)
    states = [ReportJob.State.DONE, ReportJob.State.FAILED, ReportJob.State.QUEUED]
    ReportJob.objects.bulk_create(
        [
            ReportJob(
                tournament=big_t,
                kind=kinds[k % len(kinds)],
                state=states[k % 3],
                progress=100 if k % 3 == 0 else 0,
                file=f"reports/bench-{k}.csv" if k % 3 == 0 else None,
                error="bench" if k % 3 == 1 else "",
                requested_by=organisers[0],
                finished_at=now if k % 3 != 2 else None,
            )
            for k in range(30)
        ]
    )

    # Requests and merges waiting: clubs asking for people of other clubs.
    requests = [RosterRequest(club=club_b, player=focus, asked_by=organiser_of[club_b.pk])]
    requests.append(RosterRequest(club=clubs[2], player=focus, asked_by=organiser_of[clubs[2].pk]))
    has_account = {p.pk for p in with_accounts}
    no_account = [pk for pk in by_club[club_a.pk] if pk not in has_account]
    for pk in no_account[:10]:
        asker = rng.choice(clubs[2:])
        requests.append(RosterRequest(club=asker, player_id=pk, asked_by=organiser_of[asker.pk]))
    for p in rng.sample(people, min(300, len(people))):
        asker = rng.choice(clubs)
        if asker.pk != p.club_id:
            requests.append(RosterRequest(club=asker, player=p, asked_by=organiser_of[asker.pk]))
    RosterRequest.objects.bulk_create(requests, batch_size=1000, ignore_conflicts=True)
    merges = []
    for pk in no_account[10:15]:
        source = Player.objects.filter(club=clubs[3]).order_by("pk")[len(merges)]
        merges.append(
            PlayerMerge(
                source_id_kept=source.pk,
                source=source,
                source_name=source.display_name,
                source_club=clubs[3],
                target_id=pk,
                target_name=Player.objects.get(pk=pk).display_name,
                proposed_by=organiser_of[clubs[3].pk],
            )
        )
    PlayerMerge.objects.bulk_create(merges)

    # The federation: 60 % of the clubs joined (A and B among them), 5 invited, A's organiser
    # its organiser.
    federation = Federation.objects.create(name="bench federation", city="Київ")
    FederationClub.objects.bulk_create(
        [
            FederationClub(
                federation=federation,
                club=club,
                invited_by=organisers[0],
                joined_at=now if k < n["federation"] else None,
            )
            for k, club in enumerate(clubs[: n["federation"] + 5])
        ]
    )
    FederationOrganiser.objects.create(federation=federation, user=organisers[0])
    Federation.objects.create(name="bench other federation", city="Львів")
    # The planner's statistics, as autovacuum keeps them on a site that has been running.
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    print(f"built in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return found()  # type: ignore[return-value]


def found() -> dict[str, int] | None:
    """The ids the reads need, from a database built before (None when there is none)."""
    from django.contrib.auth import get_user_model

    from tournaments.clubs.models import ClubMember, Player
    from tournaments.events.models import Tournament
    from tournaments.federations.models import Federation
    from tournaments.people.models import ClubPlayer

    User = get_user_model()
    federation = Federation.objects.filter(name="bench federation").first()
    big = Tournament.objects.filter(name="bench open 1").first()
    if federation is None or big is None:
        return None
    ids = {"federation": federation.pk, "big": big.pk}
    for role in ("organiser", "referee", "scorer", "player"):
        ids[role] = User.objects.get(username=f"bench_{role}").pk
    player = Player.objects.get(user_id=ids["player"])
    ids["person"] = player.pk
    ids["club"] = ClubMember.objects.get(user_id=ids["organiser"], role="organiser").club_id
    ids["club_b"] = ClubPlayer.objects.filter(player=player).values_list("club_id", flat=True)[0]
    return ids


def reads(ids: dict[str, int]) -> dict[str, str]:
    big, club, fed = ids["big"], ids["club"], ids["federation"]
    urls = {
        "GET /api/v1/tournaments/": "/api/v1/tournaments/",
        "GET / (home, tournament list)": "/",
    }
    for game in GAMES:
        for scope, query in (
            ("", ""),
            (" club", f"&club={club}"),
            (" federation", f"&federation={fed}"),
        ):
            urls[f"GET /api/v1/leaderboard/ {game}{scope}"] = (
                f"/api/v1/leaderboard/?game={game}{query}"
            )
            urls[f"GET /leaderboard/ {game}{scope}"] = f"/leaderboard/?game={game}{query}"
    urls.update(
        {
            "GET /players/{id}/ (two clubs)": f"/players/{ids['person']}/",
            "GET /clubs/{A}/players/ (roster)": f"/clubs/{club}/players/",
            "GET /clubs/{A}/members/": f"/clubs/{club}/members/",
            "GET /federations/": "/federations/",
            "GET /federations/{id}/": f"/federations/{fed}/",
            "GET /api/v1/federations/": "/api/v1/federations/",
            "GET /api/v1/federations/{id}/": f"/api/v1/federations/{fed}/",
            "GET /tournaments/{T}/staff/?q=": f"/tournaments/{big}/staff/?q=member1",
            "GET /referee/tournaments/{T}/rulings/": f"/referee/tournaments/{big}/rulings/",
            "GET /tournaments/{T}/reports/": f"/tournaments/{big}/reports/",
            "GET /api/v1/tournaments/{T}/reports/": f"/api/v1/tournaments/{big}/reports/",
            "GET /people/waiting/": "/people/waiting/",
        }
    )
    return urls


def timed(client: Any, url: str, repeat: int) -> tuple[float, list[float], int, int, float]:
    """bench/signed_in.py's `timed`, with the untimed first GET's time (e.g. a leaderboard's
    ranking computed): (first ms, times ms, queries of the last, its status, CPU ms a
    request: this process's and its PostgreSQL backend's)."""
    first: list[float] = []
    times, queries, status, cpu = signed_in_timed(client, url, repeat, first)
    return first[0], times, queries, status, cpu


def replay() -> dict[str, Any]:
    """A full rating replay as the federation's background job runs it (the Celery task, in
    this process), with its progress read meanwhile from another thread."""
    from celery import current_app

    from tournaments.standings.ratings import replay_progress

    seen: list[tuple[int, int]] = []
    done = threading.Event()

    def watch() -> None:
        while not done.wait(0.2):
            progress = replay_progress()
            if progress and progress.get("finished") is None:
                point = (progress["done"], progress["total"])
                if not seen or seen[-1] != point:
                    seen.append(point)

    watcher = threading.Thread(target=watch, daemon=True)
    started = time.perf_counter()
    cpu = time.process_time()
    watcher.start()
    result = current_app.tasks["tournaments.tasks.recompute_ratings_task"].apply()
    seconds = time.perf_counter() - started
    cpu = time.process_time() - cpu
    done.set()
    watcher.join()
    return {
        "matches": result.get(),
        "seconds": seconds,
        "cpu": cpu,
        "progress_seen": seen,
        "progress": replay_progress(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="the world's size (1: full)")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--reuse", action="store_true", help="keep the database built before")
    parser.add_argument("--no-replay", action="store_true", help="skip the timed rating replay")
    parser.add_argument("--db", default="deberc_bench_federation")
    parser.add_argument("--only", default="", help="the reads whose label contains this")
    parser.add_argument("--roles", default=",".join(ROLES), help="comma-separated roles")
    args = parser.parse_args()

    if not args.reuse:
        recreate_database(args.db)
    settings_env(args.db)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    call_command("migrate", verbosity=0)
    ids = found() if args.reuse else None
    if ids is None:
        ids = build(args.scale, args.seed)
    speed_before = machine_speed()

    User = get_user_model()
    results: list[tuple[str, str, float, list[float], int, int, float]] = []
    for role in args.roles.split(","):
        client = Client()
        if role != "anonymous":
            client.force_login(User.objects.get(pk=ids[role]))
        for label, url in reads(ids).items():
            if args.only not in label:
                continue
            first, times, queries, status, cpu = timed(client, url, args.repeat)
            results.append((role, label, first, times, queries, status, cpu))
    speed_after = machine_speed()
    replayed = None if args.no_replay else replay()

    from scoring.models import Match
    from tournaments.clubs.models import Club, Player
    from tournaments.events.models import Tournament
    from tournaments.federations.models import FederationClub
    from tournaments.people.models import ClubPlayer
    from tournaments.standings.models import RatingEvent

    print(
        f"federation reads benchmark: {Club.objects.count()} clubs, {Player.objects.count()} "
        f"people ({ClubPlayer.objects.count()} also on another club's roll), "
        f"{Tournament.objects.count()} tournaments, {Match.objects.count()} matches, "
        f"{RatingEvent.objects.count()} rating events, {User.objects.count()} accounts; a "
        f"federation of {FederationClub.objects.filter(joined_at__isnull=False).count()} clubs; "
        f"database {connection.vendor} "
        f"{connection.pg_version if connection.vendor == 'postgresql' else ''}"
    )
    print(
        f"  {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, python "
        f"{platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.1f}, machine speed {speed_before:.0f} ms before, "
        f"{speed_after:.0f} ms after"
    )
    ok = True
    for role, label, first, times, queries, status, cpu in results:
        print(
            f"  {role:10s} {label:40s} first {first:7.1f}  p50 {statistics.median(times):7.1f} "
            f"ms  p95 {p95(times):7.1f} ms  cpu {cpu:6.1f} ms  queries {queries:2d}  "
            f"status {status}"
        )
        ok = ok and p95(times) <= GOAL_MS
    if replayed is not None:
        progress = replayed["progress"] or {}
        print(
            f"  rating replay (tournaments.tasks.recompute_ratings_task, eager): "
            f"{replayed['matches']} matches in {replayed['seconds']:.1f} s (CPU of this process "
            f"{replayed['cpu']:.1f} s); progress read meanwhile "
            f"{', '.join(f'{d}/{t}' for d, t in replayed['progress_seen']) or '-'}; after: "
            f"done {progress.get('done')}/{progress.get('total')}, {progress.get('seconds')} s"
        )
    print(f"  goal (every read ≤ {GOAL_MS} ms p95):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
