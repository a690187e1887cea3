"""Build a published tournament whose first rounds are paired and played (demo, benchmarks).

    python manage.py generate_tournament --players 2000 --rounds 9 --table-size 2
    python manage.py generate_tournament --game preferans --players 13 --rounds 4 --table-size 4
    python manage.py generate_tournament --game preferans --players 200 --rounds 5 --table-sizes 3,4
    python manage.py generate_tournament --game preferans --players 30 --rounds 3 \
        --conventions '{"end": "closed"}' --loss-limit 300 --timeout-positive \
        --second-yellow disqualify
    python manage.py generate_tournament --game preferans --players 7 --rounds 3 --extra-rounds 0 \
        --table-sizes 3,4 --stage final --stage-after 2 --stage-size 4

The rounds are paired by the real pairing manager and every match is played with random but
believable deals (the game's simulator, `scoring.games.Game.simulate`) scored by its rules
engine; everything is written with bulk inserts. The tournament keeps room for more rounds,
so the next one can be paired.
"""

from __future__ import annotations

import json
import random
import time
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from scoring import games
from scoring.models import Deal, Match, Seat
from scoring.selectors import scoresheet_for
from tournaments.clubs.models import Club, Player
from tournaments.discipline.services import discipline_settings_check
from tournaments.events import setup
from tournaments.events.models import Entry, Round, Team, Tournament
from tournaments.events.stages import stage_problems
from tournaments.pairing.manager import round_pair
from tournaments.standings.models import MatchTally
from tournaments.standings.ratings import ratings_recompute
from tournaments.standings.services import standings_refresh
from tournaments.standings.tallies import tally_data

from ..names import FIRST_NAMES

SURNAMES = [
    "Коваленко",
    "Бондаренко",
    "Шевченко",
    "Ткаченко",
    "Кравченко",
    "Олійник",
    "Мельник",
    "Поліщук",
    "Лисенко",
    "Руденко",
    "Савченко",
    "Гончаренко",
    "Марченко",
    "Іваненко",
    "Петренко",
    "Кузнецов",
    "Смирнов",
    "Попов",
    "Волков",
    "Соколов",
    "Морозов",
    "Лебедев",
    "Новиков",
    "Orlov",
    "Petrov",
    "Sokolov",
]


def _names(count: int, rng: random.Random, taken: set[str]) -> list[str]:
    """Distinct believable names (a number tells namesakes apart, as club lists do)."""
    names: list[str] = []
    while len(names) < count:
        base = f"{rng.choice(FIRST_NAMES)} {rng.choice(SURNAMES)}"
        name, k = base, 1
        while name in taken:
            k += 1
            name = f"{base} {k}"
        taken.add(name)
        names.append(name)
    return names


class Command(BaseCommand):
    help = "Generate a published tournament with its first rounds paired and played."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--rounds", type=int, required=True, help="rounds to pair and play")
        keys = sorted(game.key for game in games.games_all())
        parser.add_argument("--game", choices=keys, default=games.game_default().key)
        parser.add_argument(
            "--table-size", type=int, choices=(2, 3, 4), help="default: the game's smallest"
        )
        parser.add_argument(
            "--table-sizes",
            help="mixed sizes in one round, e.g. 3,4 (Swiss only; overrides --table-size)",
        )
        parser.add_argument("--system", choices=("swiss", "round_robin"), default="swiss")
        parser.add_argument("--organiser", help="username of the organiser (created if absent)")
        parser.add_argument("--ruleset", help="a preset of the game (default: the game's)")
        parser.add_argument(
            "--match-score", help="a match scoring of the game (default: its first)"
        )
        parser.add_argument(
            "--bands",
            default="[]",
            help='compressed_balance\'s bands as JSON, e.g. \'[{"up_to": 200, "factor": 1}, '
            '{"up_to": 650, "factor": 0.1}, {"factor": 0}]\' (with --match-score '
            "compressed_balance)",
        )
        parser.add_argument("--target", type=int, help="override the ruleset's target (Deberc)")
        parser.add_argument(
            "--conventions", default="{}", help="convention overrides as JSON (any game)"
        )
        parser.add_argument("--extra-rounds", type=int, default=2, help="unpaired rounds left")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--no-ratings", action="store_true", help="skip the rating replay")
        parser.add_argument(
            "--entrants",
            choices=("players", "pairs", "teams"),
            default="players",
            help="pairs (Deberc at 4) or teams of --team-size, named and made of the players",
        )
        parser.add_argument("--team-size", type=int, default=4, help="players a team (2–6)")
        parser.add_argument(
            "--stage",
            choices=("cut", "final"),
            help="after round --stage-after: a cut (the top --stage-size go on) or a final "
            "table (the last round; of --stage-size, else the top table of each size)",
        )
        parser.add_argument("--stage-after", type=int, help="the stage's round k")
        parser.add_argument("--stage-size", type=int, help="a cut's N, a final's table size")
        # Discipline (tournaments.discipline.services).
        parser.add_argument(
            "--loss-limit", type=int, help="the most a match can cost (whists, points): 1–100000"
        )
        parser.add_argument(
            "--timeout-positive",
            action="store_true",
            help="a positive result of a match closed on time counts 0 (games that close on time)",
        )
        parser.add_argument(
            "--second-yellow",
            choices=("penalty", "disqualify"),
            default="penalty",
            help="what a second yellow card means",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        game = games.game_get(options["game"])
        sizes: list[int] = []
        if options["table_sizes"]:
            try:
                sizes = sorted(int(s) for s in options["table_sizes"].split(","))
            except ValueError as exc:
                raise CommandError("--table-sizes is a list such as 3,4") from exc
            problem = setup.table_sizes_problem(game, sizes)
            if problem is not None:
                raise CommandError(" ".join(problem.messages))
            if options["system"] != "swiss" and len(sizes) > 1:
                raise CommandError("mixed --table-sizes are paired by the Swiss system only")
            options["table_size"] = sizes[0]
        options["table_sizes"] = sizes
        options["table_size"] = options["table_size"] or game.table_sizes[0]
        options["ruleset"] = options["ruleset"] or game.default_ruleset
        options["match_score"] = options["match_score"] or next(iter(game.match_scores))
        if options["table_size"] not in game.table_sizes:
            raise CommandError(f"{options['game']} is played at tables of {game.table_sizes}")
        choices = setup.match_score_choices(game)
        if options["match_score"] not in choices:
            raise CommandError(f"--match-score is one of {', '.join(choices)}")
        try:
            options["bands"] = json.loads(options["bands"])
        except ValueError as exc:
            raise CommandError(f"--bands is not JSON: {exc}") from exc
        problems = setup.match_score_bands_problems(options["match_score"], options["bands"])
        if problems:
            raise CommandError(
                "--bands: " + " ".join(m for problem in problems for m in problem.messages)
            )
        if options["ruleset"] not in game.presets:
            raise CommandError(f"--ruleset is one of {', '.join(game.presets)}")
        try:
            options["conventions"] = json.loads(options["conventions"])
        except ValueError as exc:
            raise CommandError(f"--conventions is not JSON: {exc}") from exc
        entrants_error = setup.entrants_problem(
            game,
            options["entrants"],
            table_size=options["table_size"],
            table_sizes=options["table_sizes"],
        )
        if entrants_error is not None:
            raise CommandError(" ".join(entrants_error.messages))
        if options["entrants"] == "pairs":
            options["team_size"] = 2
        if options["entrants"] != "players" and not 2 <= options["team_size"] <= 6:
            raise CommandError("--team-size is 2 to 6")
        stage_errors = stage_problems(
            kind=options["stage"] or "",
            after=options["stage_after"],
            size=options["stage_size"],
            rounds=options["rounds"] + options["extra_rounds"],
            round_sizes=options["table_sizes"] or [options["table_size"]],
            entrants=options["players"],
        )
        if stage_errors:
            flags = {"stage_kind": "--stage", "stage_after_round": "--stage-after"}
            raise CommandError(
                " ".join(
                    f"{flags.get(name, '--stage-size')}: {' '.join(error.messages)}"
                    for name, error in stage_errors.items()
                )
            )
        n, rounds, size = options["players"], options["rounds"], options["table_size"]
        if n < size:
            raise CommandError("not enough players for one table")
        if rounds < 1:
            raise CommandError("play at least one round")
        rng = random.Random(options["seed"])
        started = time.perf_counter()
        tournament = self._create(options, rng)
        if options["system"] == "round_robin" and size == 2:
            # A full Berger cycle at least; more rounds start a second cycle (double round robin).
            cycle = n - 1 if n % 2 == 0 else n
            tournament.rounds = max(cycle, rounds + options["extra_rounds"])
            tournament.save(update_fields=["rounds"])
        clock = timezone.now() - timedelta(hours=rounds + 1)
        deals_total = 0
        pairing_time = 0.0
        for number in range(1, rounds + 1):
            t0 = time.perf_counter()
            round_ = round_pair(tournament=tournament)
            pairing_time += time.perf_counter() - t0
            deals_total += self._play(round_, rng, clock + timedelta(hours=number))
        with transaction.atomic():
            standings_refresh(tournament=tournament)
        if not options["no_ratings"]:
            ratings_recompute()
        self.stdout.write(
            f"tournament {tournament.pk} ({tournament.name}): {n} players, {rounds} rounds "
            f"played of {tournament.rounds}, {deals_total} deals, pairing {pairing_time:.2f} s, "
            f"total {time.perf_counter() - started:.1f} s"
        )

    def _create(self, options: dict[str, Any], rng: random.Random) -> Tournament:
        n = options["players"]
        stamp = timezone.now().strftime("%Y-%m-%d %H:%M:%S")
        club, _ = Club.objects.get_or_create(name="Генерований клуб", defaults={"city": "Київ"})
        game = games.game_get(options["game"])
        conventions = dict(options["conventions"] or {})
        if options["target"]:
            conventions["target"] = options["target"]
        try:
            game.check_conventions(options["ruleset"], conventions, options["table_size"])
        except game.error_type as exc:
            raise CommandError("; ".join(e["message"] for e in game.errors_of(exc))) from exc
        try:
            discipline_settings_check(
                game=game.key,
                ruleset=options["ruleset"],
                conventions=conventions,
                timeout_positive=options["timeout_positive"],
                loss_limit=options["loss_limit"],
            )
        except ValidationError as exc:
            raise CommandError(
                " ".join(
                    f"--{name.replace('_', '-')}: {' '.join(errors[0].messages)}"
                    for name, errors in exc.error_dict.items()
                )
            ) from exc
        tournament = Tournament.objects.create(
            club=club,
            name=f"{options['system']} {n}×{options['rounds']} ({stamp})",
            game=game.key,
            ruleset=options["ruleset"],
            conventions=conventions,
            table_size=options["table_size"],
            table_sizes=options["table_sizes"],
            system=options["system"],
            rounds=options["rounds"] + options["extra_rounds"],
            match_score=options["match_score"],
            match_score_bands=options["bands"],
            entrants=options["entrants"],
            stage_kind=options["stage"] or "",
            stage_after_round=options["stage_after"],
            stage_size=options["stage_size"],
            loss_limit=options["loss_limit"],
            timeout_positive=options["timeout_positive"],
            second_yellow=options["second_yellow"],
            tiebreaks=list(game.default_tiebreaks),
            published=True,
            status=Tournament.Status.RUNNING,
            starts_at=timezone.now(),
        )
        if options["organiser"]:
            user, created = get_user_model().objects.get_or_create(username=options["organiser"])
            if created:
                user.set_unusable_password()
                user.save()
            tournament.organisers.add(user)
        taken = set(club.players.values_list("display_name", flat=True))
        players = Player.objects.bulk_create(
            [Player(club=club, display_name=name) for name in _names(n, rng, taken)],
            batch_size=1000,
        )
        entries = Entry.objects.bulk_create(
            [Entry(tournament=tournament, player=p, seed=k + 1) for k, p in enumerate(players)],
            batch_size=1000,
        )
        if options["entrants"] != "players":
            self._teams(tournament, entries, options["team_size"])
        return tournament

    def _teams(self, tournament: Tournament, entries: list[Entry], size: int) -> None:
        """The players in named pairs or teams of `size`, in seed order (the last ones, too
        few for a team, stay single)."""
        word = "Пара" if tournament.entrants == Tournament.Entrants.PAIRS else "Команда"
        count = len(entries) // size
        teams = Team.objects.bulk_create(
            [Team(tournament=tournament, name=f"{word} {k + 1}", seed=k + 1) for k in range(count)],
            batch_size=1000,
        )
        if not teams[0].pk:  # a database that does not give back the ids (none here)
            teams = list(Team.objects.filter(tournament=tournament).order_by("seed"))
        for k, entry in enumerate(entries[: count * size]):
            entry.team = teams[k // size]
        Entry.objects.bulk_update(entries[: count * size], ["team"], batch_size=1000)

    def _play(self, round_: Round, rng: random.Random, finished_at: Any) -> int:
        matches = list(Match.objects.filter(round=round_).select_related("tournament", "round"))
        game = games.game_get(round_.tournament.game)
        names_by_match: dict[int, list[str]] = {}
        players_by_match: dict[int, list[int]] = {}
        for match_id, player_id, name in (
            Seat.objects.filter(match__round=round_)
            .order_by("match_id", "position")
            .values_list("match_id", "player_id", "player__display_name")
        ):
            names_by_match.setdefault(match_id, []).append(name)
            players_by_match.setdefault(match_id, []).append(player_id)
        deals: list[Deal] = []
        tallies: list[MatchTally] = []
        for match in matches:
            names = names_by_match[match.pk]
            record, result = game.simulate(scoresheet_for(match, names, []), rng)
            played = record["deals"]
            deals.extend(
                Deal(match=match, number=k, record=record)
                for k, record in enumerate(played, start=1)
            )
            # The simulator may have drawn its own first dealer, and closed the match on time.
            match.first_dealer_seat = names.index(record["first_dealer"])
            match.closed = bool(record.get("closed"))
            winners = game.winners(result)
            match.result = result
            match.winner_seats = [names.index(w) for w in winners if w in names]
            match.reason = result.get("reason") or ""
            match.status = Match.Status.FINISHED
            match.finished_at = finished_at
            match.version = len(played)
            data = tally_data(match, players=players_by_match[match.pk])
            tallies.append(
                MatchTally(
                    match=match,
                    tournament_id=round_.tournament_id,
                    round_number=round_.number,
                    data=data,
                )
            )
        with transaction.atomic():
            Deal.objects.bulk_create(deals, batch_size=2000)
            Match.objects.bulk_update(
                matches,
                [
                    "result",
                    "winner_seats",
                    "reason",
                    "status",
                    "finished_at",
                    "version",
                    "first_dealer_seat",
                    "closed",
                ],
                batch_size=500,
            )
            MatchTally.objects.bulk_create(tallies, batch_size=1000)
            round_.status = Round.Status.CLOSED
            round_.opened_at = finished_at - timedelta(hours=1)
            round_.closed_at = finished_at
            round_.save(update_fields=["status", "opened_at", "closed_at"])
        return len(deals)
