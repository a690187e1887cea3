"""Reads for the reports: the ORM turned into the plain data the renderers take, the jobs, and
who may see them."""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterator
from typing import Any

from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone

from config.collation import sorted_by_name
from scoring import games
from scoring.models import Deal, Match, Seat
from tournaments.clubs import permissions as perms
from tournaments.events.models import Round, Table, Tournament
from tournaments.events.stages import stage_order_note
from tournaments.games import parts_of
from tournaments.reports.data import (
    Column,
    DisciplineLine,
    MatchDeals,
    RoundSheet,
    RoundTable,
    StandingLine,
    StandingsSheet,
    TeamStandingLine,
    TournamentInfo,
)
from tournaments.reports.models import ReportJob
from tournaments.standings.match_score_text import points_counted_text
from tournaments.standings.models import StandingRow
from tournaments.standings.ranking import ROW_FIELDS, rank_label
from tournaments.standings.services import (
    TIEBREAK_FIGURES,
    final_table_points,
    tournament_tiebreaks,
)

# --- permissions ---------------------------------------------------------------------------


def can_request_reports(user: Any, tournament: Tournament) -> bool:
    """Organisers and referees of the tournament order reports and restore archives."""
    return perms.is_staff_of(user, tournament)


def can_restore_archive(user: Any, tournament: Tournament) -> bool:
    return perms.is_organiser(user, tournament)


def can_view_job(user: Any, job: ReportJob) -> bool:
    """A job and its file: the tournament's organisers and referees; anyone once the
    tournament is published (its results are public then)."""
    return job.tournament.published or perms.is_staff_of(user, job.tournament)


# --- jobs ----------------------------------------------------------------------------------


def job_get(job_id: str | uuid.UUID) -> ReportJob | None:
    try:
        key = uuid.UUID(str(job_id))
    except ValueError:
        return None
    return ReportJob.objects.select_related("tournament", "requested_by").filter(pk=key).first()


def jobs_of_tournament(tournament: Tournament, *, limit: int = 50) -> QuerySet[ReportJob]:
    return (
        ReportJob.objects.filter(tournament=tournament)
        .select_related("tournament", "requested_by")
        .order_by("-created_at")[:limit]
    )


def job_twins(tournament: Tournament, kind: str, params: dict[str, Any]) -> list[ReportJob]:
    """The queued or running jobs of the same report (the same kind and parameters)."""
    return [
        job
        for job in ReportJob.objects.filter(
            tournament=tournament,
            kind=kind,
            state__in=[ReportJob.State.QUEUED, ReportJob.State.RUNNING],
        ).order_by("created_at")
        if job.params == params
    ]


def job_last_sign_of_life(job: ReportJob) -> Any:
    """The job's heartbeat (a job from before heartbeats: when it was ordered)."""
    return job.heartbeat_at or job.created_at


def job_is_stale(job: ReportJob, *, now: Any = None) -> bool:
    """A running job whose heartbeat has been silent too long: its worker died."""
    from tournaments.reports.watchdog import stale_after

    if job.state != ReportJob.State.RUNNING:
        return False
    return job_last_sign_of_life(job) < (now or timezone.now()) - stale_after()


def job_active_twin(tournament: Tournament, kind: str, params: dict[str, Any]) -> ReportJob | None:
    """A queued or running job of the same report: asking twice does not build it twice. A job
    whose worker died (a stale heartbeat) is not one: it would never finish."""
    now = timezone.now()
    return next(
        (job for job in job_twins(tournament, kind, params) if not job_is_stale(job, now=now)), None
    )


def _silent_since(cutoff: Any) -> Q:
    return Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True, created_at__lt=cutoff)


def jobs_stale_running(*, now: Any) -> QuerySet[ReportJob]:
    """Running jobs whose heartbeat has been silent too long (their worker died)."""
    from tournaments.reports.watchdog import stale_after

    return ReportJob.objects.filter(state=ReportJob.State.RUNNING).filter(
        _silent_since(now - stale_after())
    )


def jobs_queued_too_long(*, now: Any) -> QuerySet[ReportJob]:
    """Queued jobs not sent for a while (their message may be held by a dead worker)."""
    from tournaments.reports.watchdog import queued_resend_after

    return ReportJob.objects.filter(state=ReportJob.State.QUEUED).filter(
        _silent_since(now - queued_resend_after())
    )


# --- plain data for the renderers ----------------------------------------------------------


def tournament_info(tournament: Tournament) -> TournamentInfo:
    club = tournament.club.name if tournament.club_id else ""
    return TournamentInfo(
        id=tournament.pk,
        name=tournament.name,
        club=club,
        ruleset=tournament.ruleset,
        ruleset_label=str(tournament.get_ruleset_display()),
        table_size=tournament.table_size,
        system_label=str(tournament.get_system_display()),
        match_score=tournament.match_score,
        rounds=tournament.rounds,
        rounds_played=tournament.round_set.filter(status=Round.Status.CLOSED).count(),
        status_label=str(tournament.get_status_display()),
        generated_at=timezone.localtime(),
        game=tournament.game or "",
        game_label=str(games.game_get(tournament.game).name),
        points_counted=points_counted_text(tournament),
        match_score_bands=tuple(tournament.match_score_bands or ()),
    )


def tiebreak_columns(tournament: Tournament) -> list[Column]:
    return [
        Column(key, str(TIEBREAK_FIGURES[key].label), str(TIEBREAK_FIGURES[key].short))
        for key in tournament_tiebreaks(tournament)
    ]


def standings_sheet(tournament: Tournament) -> StandingsSheet:
    """The tournament's standings as kept in StandingRow (never recomputed here)."""
    rows = list(
        StandingRow.objects.filter(tournament=tournament)
        .order_by("rank", "player__display_name", "player_id")
        .values(*ROW_FIELDS, "player_id", "player__display_name", "player__club__name")
    )
    staged = any(row["qualification_rank"] is not None for row in rows)
    # A final table made: each finalist's points at the final, their own column.
    final_points = final_table_points(tournament) if staged else {}
    sharing = Counter(row["rank"] for row in rows)
    lines = [
        StandingLine(
            rank=row["rank"],
            rank_label=rank_label(row["rank"], sharing[row["rank"]]),
            rank_shared=bool(row["rank_shared"]),
            player=row["player__display_name"],
            club=row["player__club__name"] or "",
            match_points=row["match_points"],
            played=row["played"],
            won=row["won"],
            game_points=row["game_points"],
            points_against=row["points_against"],
            bytes=row["bytes"],
            tiebreaks=dict(row["tiebreaks"] or {}),
            qualification_rank=row["qualification_rank"],
            final_points=final_points.get(row["player_id"]),
        )
        for row in rows
    ]
    tiebreaks = tiebreak_columns(tournament)
    columns = parts_of(tournament).standings_columns(tiebreaks)
    note = ""
    if staged:  # a stage made: its order said above the table, its figures beside it
        from tournaments.reports.standings import default_columns, with_qualification

        columns = with_qualification(
            columns or default_columns(tiebreaks), final=bool(final_points)
        )
        note = stage_order_note(tournament.stage_kind, tournament.stage_after_round)
    return StandingsSheet(
        tournament=tournament_info(tournament),
        tiebreaks=tiebreaks,
        lines=lines,
        columns=columns,
        discipline=discipline_lines(tournament),
        teams=team_lines_of(tournament),
        pairs=tournament.entrants == Tournament.Entrants.PAIRS,
        note=note,
    )


def team_lines_of(tournament: Tournament) -> list[TeamStandingLine]:
    """The pairs' or teams' standings for the reports' "Teams" part (empty: players)."""
    from tournaments.standings.teams import team_standings_rows

    return [
        TeamStandingLine(
            rank_label=row["rank_label"],
            team=row["team"],
            match_points=row["match_points"],
            game_points=row["game_points"],
            members=", ".join(f"{m['player']} ({m['match_points']})" for m in row["members"]),
        )
        for row in team_standings_rows(tournament)
    ]


def discipline_lines(tournament: Tournament) -> list[DisciplineLine]:
    """The tournament's cards for the reports' "Discipline" part
    (tournaments.discipline.services), each cited article by its title."""
    from tournaments.discipline.citations import article_titles
    from tournaments.discipline.reasons import card_reason
    from tournaments.discipline.services import card_meaning, cards_of

    cards = cards_of(tournament)
    meaning = card_meaning(tournament, cards)
    # The cited article by its title in the report's language, never its id (issue 35); an
    # article the rulebook no longer has keeps its id, the only name left for it.
    titles = article_titles(card.article for card in cards)
    return [
        DisciplineLine(
            player=card.player.display_name,
            kind=str(card.get_kind_display()),
            round=card.round.number if card.round_id else None,
            reason=card_reason(card),
            article=titles.get(card.article, card.article),
            meaning=meaning.get(card.pk, ""),
            withdrawn=card.withdrawn_at is not None,
        )
        for card in cards
    ]


def round_sheet(tournament: Tournament, number: int) -> RoundSheet | None:
    """A round's pairings and results, table by table (None if there is no such round)."""
    from django.utils.translation import gettext as _

    rnd = tournament.round_set.filter(number=number).prefetch_related("byes").first()
    if rnd is None:
        return None
    tables = (
        Table.objects.filter(round=rnd)
        .select_related("scorer", "match")
        .prefetch_related(
            Prefetch(
                "match__seats",
                queryset=Seat.objects.select_related("player").order_by("position"),
            )
        )
        .order_by("number")
    )
    status_labels = {
        Match.Status.OPEN: _("In play"),
        Match.Status.FINISHED: _("Finished"),
        "none": _("Not started"),
    }
    out: list[RoundTable] = []
    for table in tables:
        match = getattr(table, "match", None)
        scorer = table.scorer.get_username() if table.scorer is not None else ""
        if match is None:
            out.append(
                RoundTable(
                    table.number, [], scorer, "none", str(status_labels["none"]), 0, [], [], "", 0
                )
            )
            continue
        names = [seat.player.display_name for seat in match.seats.all()]
        result = match.result or {}
        totals = result.get("match") or {}
        deals = result.get("deals") or []
        hanging = deals[-1].get("hanging", []) if deals else []
        winner = result.get("winner")
        winners = winner if isinstance(winner, list) else ([winner] if winner else [])
        out.append(
            RoundTable(
                number=table.number,
                players=names,
                scorer=scorer,
                status=match.status,
                status_label=str(status_labels.get(match.status, match.status)),
                deals=len(deals),
                totals=[totals.get(name) for name in names],
                winners=list(winners),
                reason=result.get("reason") or "",
                hanging=sum(int(p.get("points", 0)) for p in hanging),
                result=result,
            )
        )
    return RoundSheet(
        tournament=tournament_info(tournament),
        number=rnd.number,
        status_label=str(rnd.get_status_display()),
        tables=out,
        byes=sorted_by_name(p.display_name for p in rnd.byes.all()),
    )


def tournament_match_ids(tournament: Tournament) -> list[int]:
    return list(
        Match.objects.filter(tournament=tournament)
        .order_by("round__number", "table__number", "id")
        .values_list("pk", flat=True)
    )


def match_deals(tournament: Tournament, *, batch: int = 200) -> Iterator[MatchDeals]:
    """Every match of the tournament with its counted deals and the engine's result, in play
    order, loaded a batch at a time (a big tournament has thousands)."""
    ids = tournament_match_ids(tournament)
    for start in range(0, len(ids), batch):
        chunk = ids[start : start + batch]
        matches = (
            Match.objects.filter(pk__in=chunk)
            .select_related("round")
            .prefetch_related(
                Prefetch(
                    "seats",
                    queryset=Seat.objects.select_related("player").order_by("position"),
                ),
                Prefetch(
                    "deals",
                    queryset=Deal.objects.filter(status=Deal.Status.COUNTED).order_by("number"),
                ),
            )
        )
        by_id = {m.pk: m for m in matches}
        for match_id in chunk:
            match = by_id[match_id]
            yield MatchDeals(
                round_number=match.round.number if match.round is not None else 0,
                players=[seat.player.display_name for seat in match.seats.all()],
                records=[deal.record for deal in match.deals.all()],
                result=match.result or {},
            )


def player_clubs(tournament: Tournament) -> dict[str, str]:
    return {
        name: club or ""
        for name, club in tournament.entries.values_list(
            "player__display_name", "player__club__name"
        )
    }


def archive_matches(tournament: Tournament) -> QuerySet[Match]:
    return (
        Match.objects.filter(tournament=tournament)
        .select_related("round", "table", "table__scorer")
        .order_by("round__number", "table__number", "id")
    )
