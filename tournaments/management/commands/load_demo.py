"""`python manage.py load_demo`: a believable club evening to look around in.

A club, 12 players, the users `organiser`, `referee`, `scorer1` … `scorer4` (password
`demo`: demo only), and a Moscow-rules tournament of 2-player tables: round 1 finished
(complete matches with made games, bytes, hanging bytes and combinations) and round 2 running,
where scorer1 … scorer4 each score a table. Every deal goes through the same service as a
scorer's phone (`scoring.services.deal_submit`), so the scores are the engine's.

Next to it, a Preferans evening in another club: 13 players, Sochi rules with pulkas played
on the round's clock (`end: closed`: a table is closed when time is up; pools to 20), three
tables of three and one of four (the dealer sits out), round 1 finished (each table closed on
time) and round 2 running on a two-hour round clock; the pulkas' deals are drawn by the game's
simulator (`scoring.games.Game.simulate`, i.e. `scoring.games.preferans.engine.simulate`).

Beside them, two events the pairing seats by itself (`tournaments.pairing.manager.round_pair`,
as the organiser's "pair the next round" does): a Deberc tournament of six fixed pairs
(2 × 2, partners opposite; round 1 finished, round 2 running) in the Deberc club, and a
Preferans team event of four teams of three in the Preferans club (teammates never at one
table; round 1 finished).

Running it again changes nothing (it says what is already there).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from scoring import games
from scoring import services as scoring_services
from scoring.models import Match
from tournaments.clubs.models import Club, ClubMember, Player
from tournaments.events import entries, services, setup
from tournaments.events.models import Round, Table, Tournament
from tournaments.events.teams import team_create
from tournaments.federations.models import Federation, FederationClub, FederationOrganiser
from tournaments.games import parts_of
from tournaments.pairing import Competitor, pair_swiss_mixed
from tournaments.pairing.manager import round_pair
from tournaments.people.models import ClubPlayer
from tournaments.people.services import roster_request_create
from tournaments.standings.ranking import MatchOutcome
from tournaments.standings.tallies import tally_data

CLUB = "Клуб «Козирний валет»"
TOURNAMENT = "Осінній кубок клубу — деберц (московські правила)"
PASSWORD = "demo"
PLAYERS = [
    "Олена Коваленко",
    "Тарас Шевчук",
    "Андрій Бондаренко",
    "Ірина Мельник",
    "Сергей Волков",
    "Наталья Орлова",
    "Дмитрий Смирнов",
    "Оксана Ткаченко",
    "Mykola Kravets",
    "Pavlo Hrytsenko",
    "Marta Levytska",
    "Ihor Savchenko",
]
# Round 2: how many deals each table has entered so far (tables 1-4: scorer1..scorer4).
ROUND2_DEALS = [4, 2, 3, 5, 1, 0]

PREFERANS_CLUB = "Клуб «Пуля»"
PREFERANS_TOURNAMENT = "Вечер преферанса — сочинка на время"
PREFERANS_PLAYERS = [
    "Григорий Лебедев",
    "Людмила Козак",
    "Віктор Поліщук",
    "Аркадий Фельдман",
    "Світлана Руденко",
    "Михаил Зайцев",
    "Ганна Марченко",
    "Борис Эпштейн",
    "Olha Demchenko",
    "Юрий Гончаренко",
    "Вера Соколова",
    "Сергей Волков",
    "Оксана Ткаченко",
]
# Two players of the Deberc club who play Preferans at «Пуля» too (issue 33): one person each,
# on both clubs' rolls (with their consent), with a Deberc and a Preferans rating.
GUESTS = ("Сергей Волков", "Оксана Ткаченко")
# The two demo clubs form a federation; its organiser is the demo's organiser.
FEDERATION = "Ліга деберцу і преферансу «Південь»"
# Three tables of three and one of four; round 2: deals entered so far at each table.
PREFERANS_ROUND2_DEALS = (6, 3, 9, 4)

# Fixed pairs (Deberc 2 × 2): the Deberc club's twelve players as six pairs, by seed.
PAIRS_TOURNAMENT = "Парний кубок клубу — деберц 2×2 (московські правила)"
# Round 2: how many deals each of its three tables has entered so far.
PAIRS_ROUND2_DEALS = (3, 1, 2)
# A team event: the Preferans club's first twelve players as four teams of three.
TEAM_TOURNAMENT = "Командный кубок «Пули» — преферанс"
TEAMS = ("Одеса", "Київ", "Харків", "Дніпро")


class Command(BaseCommand):
    help = "Load a demo club evening (idempotent): users, players, a running tournament."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--seed", type=int, default=20261122, help="random seed")

    def handle(self, *args: Any, **options: Any) -> None:
        rng = random.Random(options["seed"])
        users = self._users()
        club, _ = Club.objects.get_or_create(name=CLUB, defaults={"city": "Київ"})
        players = [
            Player.objects.get_or_create(club=club, display_name=name)[0] for name in PLAYERS
        ]
        existing = Tournament.objects.filter(club=club, name=TOURNAMENT).first()
        if existing is not None:
            self.stdout.write(f"The demo is already loaded: tournament #{existing.pk}.")
            self._report(existing, users)
        else:
            with transaction.atomic():
                tournament = self._tournament(club, players, users)
                self._round1(tournament, players, users, rng)
                self._round2(tournament, users, rng)
            self._report(tournament, users)
        self._preferans_evening(users, random.Random(options["seed"] + 1))
        self._pairs_event(users, random.Random(options["seed"] + 2))
        self._team_event(users, random.Random(options["seed"] + 3))
        self._federation(users)

    # --- parts ---------------------------------------------------------------------------

    def _preferans_players(
        self, club: Club, names: list[str], users: dict[str, Any]
    ) -> list[Player]:
        """The Preferans club's players of these names; a guest of the Deberc club is that
        club's player, on «Пуля»'s roll too (asked by its organiser, who speaks for the
        Deberc club's players without an account as well: added at once)."""
        home = Club.objects.get(name=CLUB)
        players = []
        for name in names:
            if name not in GUESTS:
                players.append(Player.objects.get_or_create(club=club, display_name=name)[0])
                continue
            guest = Player.objects.get_or_create(club=home, display_name=name)[0]
            if not ClubPlayer.objects.filter(club=club, player=guest).exists():
                roster_request_create(club=club, player=guest, by=users["organiser"])
            players.append(guest)
        return players

    def _federation(self, users: dict[str, Any]) -> None:
        """The two demo clubs in one federation, the demo's organiser its organiser."""
        federation, _ = Federation.objects.get_or_create(
            name=FEDERATION, defaults={"city": "Київ — Одеса"}
        )
        FederationOrganiser.objects.get_or_create(federation=federation, user=users["organiser"])
        for name in (CLUB, PREFERANS_CLUB):
            club = Club.objects.get(name=name)
            FederationClub.objects.get_or_create(
                federation=federation,
                club=club,
                defaults={"invited_by": users["organiser"], "joined_at": timezone.now()},
            )

    def _users(self) -> dict[str, Any]:
        User = get_user_model()
        users: dict[str, Any] = {}
        for username in ("organiser", "referee", "scorer1", "scorer2", "scorer3", "scorer4"):
            user, created = User.objects.get_or_create(username=username)
            if created or not user.has_usable_password():
                user.set_password(PASSWORD)
                user.save()
            users[username] = user
        # Roles belong to a club (issue 31): the demo's staff are members of both demo clubs,
        # so that the organiser appoints them from the staff page of any new tournament.
        roles = {
            "organiser": ClubMember.Role.ORGANISER,
            "referee": ClubMember.Role.REFEREE,
            **{f"scorer{i}": ClubMember.Role.SCORER for i in range(1, 5)},
        }
        for name, city in ((CLUB, "Київ"), (PREFERANS_CLUB, "Одеса")):
            club, _ = Club.objects.get_or_create(name=name, defaults={"city": city})
            for username, role in roles.items():
                ClubMember.objects.update_or_create(
                    club=club, user=users[username], defaults={"role": role}
                )
        return users

    def _tournament(self, club: Club, players: list[Player], users: dict[str, Any]) -> Tournament:
        tournament = setup.tournament_create(
            club=club,
            user=users["organiser"],
            name=TOURNAMENT,
            ruleset="moscow",
            conventions={},
            table_size=2,
            system="swiss",
            rounds=5,
            match_score="win",
            published=True,
        )
        tournament.referees.add(users["referee"])
        for seed, player in enumerate(players, start=1):
            entries.player_enter(tournament=tournament, player=player, seed=seed)
        return tournament

    def _table_scorers(self, users: dict[str, Any]) -> list[Any]:
        # Tables 1-4: scorer1..scorer4; tables 5-6: the referee scores them himself.
        return [users[f"scorer{i}"] for i in range(1, 5)] + [users["referee"]] * 2

    def _play(self, match: Match, user: Any, deals: list[dict[str, Any]]) -> None:
        for deal in deals:
            match.refresh_from_db(fields=["version"])
            scoring_services.deal_submit(
                match=match, record=deal, user=user, idempotency_key=None, version=match.version
            )

    def _round1(
        self,
        tournament: Tournament,
        players: list[Player],
        users: dict[str, Any],
        rng: random.Random,
    ) -> None:
        rnd = entries.round_ensure(tournament=tournament, number=1)
        services.round_open(round=rnd, user=users["organiser"])
        scorers = self._table_scorers(users)
        parts = parts_of(tournament)  # the game's demo deals (tournaments.games)
        order = list(players)
        rng.shuffle(order)
        for number in range(1, 7):
            pair = order[(number - 1) * 2 : number * 2]
            table = Table.objects.create(round=rnd, number=number, scorer=scorers[number - 1])
            match = scoring_services.match_create(
                table=table, players=pair, first_dealer_seat=rng.randrange(2)
            )
            names = [p.display_name for p in pair]
            first = names[match.first_dealer_seat]
            # Two tables get the game's showcase early on (Deberc: a hanging byte [висячий
            # байт]), so the demo shows pools.
            deals = parts.demo_deals(rng, names, first_dealer=first, showcase=number in (2, 5))
            self._play(match, scorers[number - 1], deals)
        services.round_close(round=rnd, user=users["organiser"])

    def _round2(self, tournament: Tournament, users: dict[str, Any], rng: random.Random) -> None:
        """Winners meet winners (a Swiss round by score), then part of each match is played."""
        finished = Match.objects.filter(round__tournament=tournament, round__number=1)
        winners: list[Player] = []
        losers: list[Player] = []
        for match in finished.prefetch_related("seats__player"):
            seats = sorted(match.seats.all(), key=lambda s: s.position)
            for seat in seats:
                (winners if seat.position in match.winner_seats else losers).append(seat.player)
        order = winners + losers
        rnd = entries.round_ensure(tournament=tournament, number=2)
        services.round_open(round=rnd, user=users["organiser"])
        scorers = self._table_scorers(users)
        parts = parts_of(tournament)  # the game's demo deals (tournaments.games)
        for number in range(1, 7):
            pair = order[(number - 1) * 2 : number * 2]
            table = Table.objects.create(round=rnd, number=number, scorer=scorers[number - 1])
            match = scoring_services.match_create(
                table=table, players=pair, first_dealer_seat=rng.randrange(2)
            )
            names = [p.display_name for p in pair]
            first = names[match.first_dealer_seat]
            # scorer1's table shows the game's showcase right now (Deberc: a pool hanging,
            # висячка).
            deals = parts.demo_deals(
                rng,
                names,
                first_dealer=first,
                stop_after=ROUND2_DEALS[number - 1],
                showcase=number == 1,
            )
            self._play(match, scorers[number - 1], deals)

    # --- the Preferans evening -----------------------------------------------------------

    def _preferans_evening(self, users: dict[str, Any], rng: random.Random) -> None:
        club, _ = Club.objects.get_or_create(name=PREFERANS_CLUB, defaults={"city": "Одеса"})
        existing = Tournament.objects.filter(club=club, name=PREFERANS_TOURNAMENT).first()
        if existing is not None:
            self.stdout.write(f"The Preferans demo is already loaded: tournament #{existing.pk}.")
            return
        players = self._preferans_players(club, PREFERANS_PLAYERS, users)
        with transaction.atomic():
            tournament = setup.tournament_create(
                club=club,
                user=users["organiser"],
                name=PREFERANS_TOURNAMENT,
                game="preferans",
                ruleset="sochi",
                # A club evening against the clock: each pulka ends when the round's time is
                # up (the scorer closes the table after the deal in progress).
                conventions={"end": "closed"},
                table_size=3,
                # Thirteen players: the pairing seats 4 + 3 + 3 + 3, nobody sits out.
                table_sizes=[3, 4],
                system="swiss",
                rounds=4,
                match_score="places",
                round_minutes=120,
                published=True,
            )
            tournament.referees.add(users["referee"])
            for seed, player in enumerate(players, start=1):
                entries.player_enter(tournament=tournament, player=player, seed=seed)
            order = list(players)
            rng.shuffle(order)
            by_pk: dict[Hashable, Player] = {p.pk: p for p in players}
            first = pair_swiss_mixed(
                [Competitor(id=p.pk, rank=i) for i, p in enumerate(order)],
                tournament.round_sizes,
            )
            tables = [[by_pk[pk] for pk in table] for table in first.tables]
            self._preferans_round(tournament, 1, tables, users, rng, deals=None)
            services.round_close(round=tournament.round_set.get(number=1), user=users["organiser"])
            # Round 2: the leaders of round 1 meet (by match points, then whist balance; the
            # standings themselves are refreshed once this transaction commits).
            score: dict[Hashable, tuple[float, int]] = {}
            for match in Match.objects.filter(round__tournament=tournament, round__number=1):
                outcome = MatchOutcome.from_tally(match.pk, 1, tally_data(match) or {})
                for seat, player_id in enumerate(outcome.players):
                    points = outcome.match_points(player_id, tournament.match_score)
                    score[player_id] = (points, outcome.totals[seat])
            order.sort(key=lambda p: score.get(p.pk, (0, 0)), reverse=True)
            met = {pk: set(table) - {pk} for table in first.tables for pk in table}
            second = pair_swiss_mixed(
                [
                    Competitor(
                        id=p.pk,
                        score=score.get(p.pk, (0, 0))[0],
                        rank=i,
                        opponents=frozenset(met.get(p.pk, ())),
                        large_tables=sum(len(t) > 3 and p.pk in t for t in first.tables),
                    )
                    for i, p in enumerate(order)
                ],
                tournament.round_sizes,
            )
            tables = [[by_pk[pk] for pk in table] for table in second.tables]
            self._preferans_round(tournament, 2, tables, users, rng, deals=PREFERANS_ROUND2_DEALS)
        self._report(tournament, users, roles=False)

    def _preferans_round(
        self,
        tournament: Tournament,
        number: int,
        tables: list[list[Player]],
        users: dict[str, Any],
        rng: random.Random,
        deals: tuple[int, ...] | None,
    ) -> None:
        """The tables as the pairing seated them (mixed sizes: 4 + 3 + 3 + 3); full pulkas,
        or the first `deals[k]` deals of one at table k + 1."""
        game = games.game_get(tournament.game)
        rnd = entries.round_ensure(tournament=tournament, number=number)
        services.round_open(round=rnd, user=users["organiser"])
        scorers = [users[f"scorer{i}"] for i in range(1, 5)]
        for k, seated in enumerate(tables):
            names = [p.display_name for p in seated]
            blank = {
                "format": game.record_format,
                "ruleset": tournament.ruleset,
                "conventions": dict(tournament.conventions),
                "players": names,
                "first_dealer": names[0],
            }
            record, _result = game.simulate(blank, rng)
            table = Table.objects.create(round=rnd, number=k + 1, scorer=scorers[k])
            match = scoring_services.match_create(
                table=table,
                players=seated,
                first_dealer_seat=names.index(record["first_dealer"]),
            )
            # A running table stops short of the pulka's last deal: it is still in play.
            played = (
                record["deals"]
                if deals is None
                else record["deals"][: min(deals[k], len(record["deals"]) - 1)]
            )
            self._play(match, scorers[k], played)
            if deals is None and record.get("closed"):
                # Time was up: the organiser called time and the table closed after its last
                # deal (a scorer closes only once the round's clock has run out).
                scoring_services.match_close(match=match, user=users["organiser"])

    # --- the events the pairing seats: fixed pairs, teams ----------------------------------

    def _pairs_event(self, users: dict[str, Any], rng: random.Random) -> None:
        """Six fixed pairs of the Deberc club, Swiss: round 1 played, round 2 in play."""
        club, _ = Club.objects.get_or_create(name=CLUB, defaults={"city": "Київ"})
        existing = Tournament.objects.filter(club=club, name=PAIRS_TOURNAMENT).first()
        if existing is not None:
            self.stdout.write(f"The pairs demo is already loaded: tournament #{existing.pk}.")
            return
        players = [
            Player.objects.get_or_create(club=club, display_name=name)[0] for name in PLAYERS
        ]
        with transaction.atomic():
            tournament = setup.tournament_create(
                club=club,
                user=users["organiser"],
                name=PAIRS_TOURNAMENT,
                game="deberc",
                ruleset="moscow",
                conventions={},
                table_size=4,
                entrants="pairs",
                system="swiss",
                rounds=3,
                match_score="win",
                published=True,
            )
            tournament.referees.add(users["referee"])
            groups = [players[k : k + 2] for k in range(0, len(players), 2)]
            self._teams_enter(tournament, groups, [_pair_name(group) for group in groups])
            self._paired_round(tournament, users, rng, stop_after=None)
            self._paired_round(tournament, users, rng, stop_after=PAIRS_ROUND2_DEALS)
        self._report(tournament, users, roles=False)

    def _team_event(self, users: dict[str, Any], rng: random.Random) -> None:
        """Four teams of three of the Preferans club, Swiss at threes: round 1 played."""
        club, _ = Club.objects.get_or_create(name=PREFERANS_CLUB, defaults={"city": "Одеса"})
        existing = Tournament.objects.filter(club=club, name=TEAM_TOURNAMENT).first()
        if existing is not None:
            self.stdout.write(f"The team demo is already loaded: tournament #{existing.pk}.")
            return
        players = self._preferans_players(club, PREFERANS_PLAYERS[: 3 * len(TEAMS)], users)
        with transaction.atomic():
            tournament = setup.tournament_create(
                club=club,
                user=users["organiser"],
                name=TEAM_TOURNAMENT,
                game="preferans",
                ruleset="sochi",
                conventions={},
                table_size=3,
                entrants="teams",
                system="swiss",
                rounds=3,
                match_score="places",
                published=True,
            )
            tournament.referees.add(users["referee"])
            # Team k: the players k, k + 4, k + 8 (so that seeds alone would not part them).
            groups = [players[k :: len(TEAMS)] for k in range(len(TEAMS))]
            self._teams_enter(tournament, groups, list(TEAMS))
            self._paired_round(tournament, users, rng, stop_after=None)
            self._cards(tournament, users, groups)
        self._report(tournament, users, roles=False)

    def _cards(self, tournament: Tournament, users: dict[str, Any], groups: Any) -> None:
        """The referee's cards of round 1 (shown in the standings' notes, on the players'
        pages and in the reports): a warning, and a yellow card citing the rule broken."""
        from tournaments.discipline.services import card_give

        card_give(
            tournament=tournament,
            player=groups[0][0],
            kind="warning",
            reason="Підказка партнерові по команді під час розіграшу",
            user=users["referee"],
        )
        card_give(
            tournament=tournament,
            player=groups[1][1],
            kind="yellow",
            reason="Ренонс: не поклав масть, що була на руках",
            article="preferans_scoring.violations",
            user=users["referee"],
        )

    def _teams_enter(
        self, tournament: Tournament, groups: list[list[Player]], names: list[str]
    ) -> None:
        """Enter each group as a named pair or team, seeded in order, through the service the
        Players page and the API use (`tournaments.events.teams.team_create`)."""
        for group, name in zip(groups, names, strict=True):
            team_create(tournament=tournament, name=name, members=[p.pk for p in group])

    def _paired_round(
        self,
        tournament: Tournament,
        users: dict[str, Any],
        rng: random.Random,
        stop_after: tuple[int, ...] | None,
    ) -> None:
        """Pair the next round as the organiser does, open it and play its tables (to the end,
        or the first `stop_after[k]` deals at table k + 1, which then stays in play)."""
        rnd = round_pair(tournament=tournament)
        services.round_open(round=rnd, user=users["organiser"])
        scorers = [users[f"scorer{i}"] for i in range(1, 5)]
        parts = parts_of(tournament)  # the game's demo deals (tournaments.games)
        for k, table in enumerate(rnd.tables.order_by("number")):
            scorer = scorers[k % len(scorers)]
            Table.objects.filter(pk=table.pk).update(scorer=scorer)
            match = Match.objects.get(table=table)
            names = [
                seat.player.display_name
                for seat in match.seats.select_related("player").order_by("position")
            ]
            first = names[match.first_dealer_seat]
            if stop_after is None:
                deals = parts.demo_deals(rng, names, first_dealer=first)
            else:
                deals = parts.demo_deals(rng, names, first_dealer=first, stop_after=stop_after[k])
            self._play(match, scorer, deals)
        if stop_after is None:
            services.round_close(round=rnd, user=users["organiser"])

    def _report(self, tournament: Tournament, users: dict[str, Any], roles: bool = True) -> None:
        out = self.stdout
        out.write(self.style.SUCCESS(f"Tournament #{tournament.pk}: {tournament.name}"))
        out.write(
            f"  club: {tournament.club.name}; game: {tournament.game}; "
            f"ruleset: {tournament.ruleset}; "
            f"{' or '.join(map(str, tournament.round_sizes))}-player tables"
        )
        for rnd in tournament.round_set.order_by("number"):
            out.write(f"  round {rnd.number} ({rnd.get_status_display()}):")
            for table in rnd.tables.select_related("scorer").order_by("number"):
                match = getattr(table, "match", None)
                if match is None:
                    continue
                names = [s.player.display_name for s in match.seats.select_related("player")]
                result = match.result or {}
                totals = (
                    result.get("match") or (result.get("settlement") or {}).get("balance") or {}
                )
                deals = len((match.result or {}).get("deals") or [])
                score = " : ".join(str(totals.get(n, 0)) for n in names)
                out.write(
                    f"    table {table.number} [{table.scorer.username if table.scorer else '-'}]"
                    f" {' – '.join(names)}  {score}  ({deals} deals, {match.status})"
                    f"  /matches/{match.pk}/"
                )
        open_round = tournament.round_set.filter(status=Round.Status.OPEN).first()
        if not roles:
            if open_round is not None:
                out.write(f"Open round: {open_round.number} (scorer1 … scorer4 score its tables).")
            return
        out.write("Users (password 'demo', demo only):")
        out.write("  organiser  — organises the tournament (organiser of both demo clubs)")
        out.write("  referee    — referee of the tournament; scores tables 5 and 6")
        for i in range(1, 5):
            out.write(f"  scorer{i}    — scores table {i} of the open round")
        if open_round is not None:
            out.write(f"Open round: {open_round.number}. Sign in at /accounts/login/.")


def _pair_name(players: list[Player]) -> str:
    """A pair is called by its partners' surnames: "Коваленко – Шевчук"."""
    return " – ".join(p.display_name.split()[-1] for p in players)
