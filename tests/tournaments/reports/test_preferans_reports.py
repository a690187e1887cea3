"""The reports of a Preferans tournament: the round's final pulka sheets as a PDF (the
scorer page's drawing, a sheet per table with the players, balances and settlement), the
standings with the game's own columns (PDF, CSV, XLSX) and the player statistics (games,
misères, all-passes, whist balance per round) with their charts — each read back from the
file the job built. A Deberc tournament's reports keep their own columns and pieces."""

from __future__ import annotations

import csv
import io
import random
import re
from typing import Any

import pytest
from django.test import TestCase
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring import games
from scoring.games.preferans.engine import simulate
from scoring.models import Match
from tests.factories import ClubFactory, PreferansTournamentFactory
from tournaments.clubs.models import Player
from tournaments.events.entries import scoresheet_import
from tournaments.events.models import Round, Tournament
from tournaments.games import parts_for, parts_of_game
from tournaments.games.base import TournamentParts
from tournaments.games.preferans import reports as preferans
from tournaments.games.preferans import statistics as preferans_statistics
from tournaments.reports import charts, restore, services
from tournaments.reports.data import MatchDeals
from tournaments.reports.models import ReportJob
from tournaments.standings.models import StandingRow

HOSTILE = '<script>alert("x")</script> & Ко'
NAMES = ["Анна Вист", "Борис Пуля", "Вера Гора", HOSTILE, "Дмитро Мізер", "Євген Розпас"]
PREFERANS = games.game_get("preferans")


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def squash(text: str) -> str:
    return " ".join(text.split())


def play_pulkas(tournament: Tournament, *, rounds: int = 2, seed: int = 12) -> list[dict]:
    """`rounds` rounds of two 3-player tables among NAMES, each a whole random legal Sochi
    pulka from the engine's simulator, imported through the scoresheet service."""
    rng = random.Random(seed)
    records = []
    order = list(NAMES)
    for number in range(1, rounds + 1):
        for table, start in enumerate((0, 3), start=1):
            record = simulate.random_pulka(rng, order[start : start + 3], ruleset="sochi")
            record["round"], record["table"] = number, table
            records.append(record)
        order = order[1:] + order[:1]
    with TestCase.captureOnCommitCallbacks(execute=True):
        scoresheet_import(tournament=tournament, records=records)
    Round.objects.filter(tournament=tournament).update(status=Round.Status.CLOSED)
    return records


@pytest.fixture
def pulkas(db: Any, organiser: Any) -> tuple[Tournament, list[dict]]:
    tournament = PreferansTournamentFactory(
        name="Пулька «Сочі»",
        club=ClubFactory(name="Клуб Преферанс"),
        published=True,
        tiebreaks=["balance", "places", "buchholz", "wins", "head_to_head"],
    )
    tournament.organisers.add(organiser)
    records = play_pulkas(tournament)
    return tournament, records


def run(tournament: Tournament, kind: str, **params: Any) -> ReportJob:
    """Order the report and build it as the job's task does (the jobs' end-to-end path
    through the API and Celery is test_jobs.py's)."""
    job = services.report_job_request(tournament=tournament, kind=kind, params=params)
    job = services.report_job_execute(job_id=job.pk)
    assert job is not None and job.state == ReportJob.State.DONE, job and job.error
    return job


def file_of(job: ReportJob) -> bytes:
    with job.file.open("rb") as handle:
        return handle.read()


def results_of(tournament: Tournament, round_number: int | None = None) -> list[dict]:
    matches = Match.objects.filter(tournament=tournament).order_by("round__number", "table__number")
    if round_number is not None:
        matches = matches.filter(round__number=round_number)
    return [m.result for m in matches]


# --- the registry ------------------------------------------------------------------------


def test_every_registered_game_has_tournament_parts_that_give_every_piece():
    for game in games.games_all():
        parts = parts_for(game)
        assert isinstance(parts, TournamentParts), game.key
        assert parts.__name__ == game.tournament_parts  # type: ignore[attr-defined]
        statistics = parts.statistics
        for name in (
            "collect",
            "empty",
            "totals",
            "order",
            "headings",
            "row",
            "kpis",
            "note",
            "player_charts",
            "tournament_charts",
            "page",
        ):
            assert callable(getattr(statistics, name)), (game.key, name)
        # Every heading has a figure in a player's row.
        assert len(statistics.headings()) == len(statistics.row(statistics.empty("A"))), game.key
    assert parts_of_game(None) is parts_for(games.game_default())


# --- the round: the final pulka sheets ---------------------------------------------------


def test_the_round_pdf_draws_each_tables_final_sheet_with_its_settlement(pulkas):
    tournament, _records = pulkas
    job = run(tournament, ReportJob.Kind.ROUND, round=1)
    assert job.file.name.endswith("round-1.pdf")
    data = file_of(job)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2  # one sheet per table
    text = squash(pdf_text(data))
    for result in results_of(tournament, 1):
        assert result["finished"]
        settlement = result["settlement"]
        points = PREFERANS.match_points(result, "places")
        for name in result["players"]:
            balance = settlement["balance"][name]
            # The settlement's row: the name, the pool, the mountains, whists and the balance.
            sheet = result["deals"][-1]["sheet"]
            written = sum(sheet["whists"][name].values())
            row = (
                f"{name} {sheet['pool'][name]} {sheet['mountain'][name]} "
                f"{settlement['mountain'][name]} {written}"
            )
            assert squash(row) in text, row
            assert (f"+{balance}" if balance > 0 else str(balance)) in text
            assert str(points[name]) in text
        # The drawing: the pool target in the centre, the mountains' running figures.
        assert sum(settlement["balance"].values()) == 0
    assert "Table 1" in text and "Table 2" in text
    assert "Settled mountain" in text


def test_four_handed_sheets_and_a_table_not_started_page_by_page(monkeypatch):
    from tournaments.reports.data import RoundSheet, RoundTable

    from .test_renderers import INFO

    rng = random.Random(9)
    four = ["Аня", "Боря", "Вера", "Гена"]
    result = PREFERANS.score(simulate.random_pulka(rng, four, ruleset="leningrad"))
    tables = [
        RoundTable(
            1, four, "", "finished", "Finished", len(result["deals"]), [], [], "", 0, result
        ),
        RoundTable(2, [], "", "none", "Not started", 0, [], [], "", 0),
    ]
    info = INFO.__class__(**{**INFO.__dict__, "match_score": "places"})
    sheet = RoundSheet(info, 3, "Open", tables, ["Дана"])
    monkeypatch.setattr(preferans, "CHUNK_TABLES", 1)  # a rendered chunk per table
    pages = [
        squash(p.extract_text()) for p in PdfReader(io.BytesIO(preferans.round_pdf(sheet))).pages
    ]
    assert len(pages) == 2
    assert info.name in pages[0] and "Referee:" not in pages[0]
    points = PREFERANS.match_points(result, "places")
    for name in four:
        balance = result["settlement"]["balance"][name]
        assert name in pages[0]
        assert (f"+{balance}" if balance > 0 else str(balance)) in pages[0]
    assert sorted(points.values()) == [0, 1, 2, 3]
    assert "No pulka at this table yet." in pages[1]
    assert "Byes: Дана" in pages[1] and "Referee:" in pages[1]


def test_a_long_name_is_cut_with_an_ellipsis_in_the_round_pdf():
    """A name was cut with nothing to say so ("→Дарья Мельни"): every name the PDF's sheet
    shortens ends in "…", and the settlement prints it whole."""
    from tournaments.reports.data import RoundSheet, RoundTable

    from .test_renderers import INFO

    names = ["Дарья Мельниченко", "Олександра Ковальчук", "Bo"]
    result = PREFERANS.score(simulate.random_pulka(random.Random(5), names, ruleset="sochi"))
    table = RoundTable(1, names, "", "finished", "Finished", 1, [], [], "", 0, result)
    info = INFO.__class__(**{**INFO.__dict__, "match_score": "places"})
    pdf = preferans.round_pdf(RoundSheet(info, 1, "Closed", [table], []))
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    labels = [label.strip() for label in re.findall(r"→([^\n]+)", text)]
    assert labels, text  # whists written on the others, each headed "→name"
    for label in labels:
        assert label in names or (label.endswith("…") and len(label) > 1), label
    assert any(label.endswith("…") for label in labels)
    for name in names:
        assert name in text  # the settlement's row: whole


def test_the_round_sheet_is_the_scorer_pages_drawing(pulkas):
    tournament, _records = pulkas
    from scoring.games.preferans.page.sheet import draw

    result = results_of(tournament, 1)[0]
    svg = str(preferans.sheet_svg(result))
    # The scorer page's own drawing, wrapped with its styles for print.
    assert 'data-testid="pulka-sheet"' in svg and "<style>" in svg
    drawing = draw(result)
    for text in drawing.texts:
        if text.kind in ("pool", "mountain"):
            assert f">{text.text}</text>" in svg


def test_the_round_html_escapes_a_hostile_name(pulkas):
    tournament, _records = pulkas
    job = run(tournament, ReportJob.Kind.ROUND, round=1, format="html")
    html = file_of(job).decode()
    assert "<script>" not in html
    assert "&lt;script&gt;alert(" in html
    assert html.count("<svg") >= 4  # two sheets, each the page's drawing in a print wrapper


def test_a_hostile_name_prints_as_written_in_the_pdfs(pulkas):
    tournament, _records = pulkas
    for kind, params in (
        (ReportJob.Kind.ROUND, {"round": 1}),
        (ReportJob.Kind.STANDINGS_PDF, {}),
        (ReportJob.Kind.PLAYER_STATS, {}),
    ):
        text = squash(pdf_text(file_of(run(tournament, kind, **params))))
        # Escaped for the layout, printed as the name reads (the stats and standings cut
        # long names to their column with an ellipsis).
        assert HOSTILE[:20] in text, kind
        assert "&lt;" not in text and "&amp;" not in text, kind


def test_an_unfinished_pulka_shows_the_balance_if_it_ended_now(db):
    tournament = PreferansTournamentFactory(published=True)
    rng = random.Random(5)
    record = simulate.random_pulka(rng, NAMES[:3], ruleset="sochi", max_deals=4)
    record["round"], record["table"] = 1, 1
    with TestCase.captureOnCommitCallbacks(execute=True):
        (match,) = scoresheet_import(tournament=tournament, records=[record])
    assert not match.result["finished"]
    job = run(tournament, ReportJob.Kind.ROUND, round=1)
    text = squash(pdf_text(file_of(job)))
    assert "Balance now" in text and "the balances are those if it ended now" in text
    for name, balance in match.result["settlement"]["balance"].items():
        assert name in text
        assert (f"+{balance}" if balance > 0 else str(balance)) in text


def test_the_round_report_speaks_the_jobs_language(pulkas):
    tournament, _records = pulkas
    with translation.override("uk"):
        job = run(tournament, ReportJob.Kind.ROUND, round=2)
    text = squash(pdf_text(file_of(job)))
    assert "Стіл 1" in text
    assert "Баланс" in text


# --- the standings: the game's own columns ------------------------------------------------


def test_the_standings_csv_has_preferans_columns(pulkas):
    tournament, _records = pulkas
    job = run(tournament, ReportJob.Kind.STANDINGS_CSV)
    # The table, then after a blank line how the points are counted (issue 19, item 3).
    table = file_of(job).decode("utf-8-sig").partition("\r\n\r\n")[0]
    rows = list(csv.DictReader(io.StringIO(table)))
    header = list(rows[0])
    # The XLSX's headings, in the job's language (English here).
    assert header == [
        "Rank",
        "Player",
        "Club",
        "Match points",
        "Played",
        "Won",
        "Whist balance",
        "Shared rank",
        "Points by place",
        "Buchholz",
        "Head-to-head",
    ]
    # No Deberc figure: no game points, points against nor bytes.
    assert not {"Game points", "Points against", "Bytes"} & set(header)
    # The balance column is the sum of each player's pulka balances.
    balances: dict[str, int] = {}
    for result in results_of(tournament):
        for name, value in result["settlement"]["balance"].items():
            balances[name] = balances.get(name, 0) + value
    assert {r["Player"]: int(r["Whist balance"]) for r in rows} == balances
    assert sum(balances.values()) == 0
    assert {r["Player"] for r in rows} == set(NAMES)
    # Places scoring: the match points are the points by place.
    assert all(r["Match points"] == r["Points by place"] for r in rows)
    assert sum(float(r["Match points"]) for r in rows) == 4 * 3  # 2+1+0 at four tables


def test_the_standings_xlsx_heads_the_preferans_columns(pulkas):
    tournament, _records = pulkas
    job = run(tournament, ReportJob.Kind.STANDINGS_XLSX)
    book = load_workbook(io.BytesIO(file_of(job)))
    table = book.worksheets[0]
    headings = [c.value for c in table[1]]
    assert headings[:7] == [
        "Rank",
        "Player",
        "Club",
        "Match points",
        "Played",
        "Won",
        "Whist balance",
    ]
    assert "Points by place" in headings and "Buchholz" in headings
    assert "Bytes" not in headings and "Game points" not in headings
    by_name = {row[1]: row for row in table.iter_rows(min_row=2, values_only=True)}
    assert set(by_name) == set(NAMES)
    assert all(isinstance(row[6], int) for row in by_name.values())  # numbers, not text


def test_the_standings_pdf_prints_the_preferans_figures(pulkas):
    tournament, _records = pulkas
    job = run(tournament, ReportJob.Kind.STANDINGS_PDF)
    text = pdf_text(file_of(job))
    assert "Whist balance" in text and "Won" in text and "Points by place" in text
    assert "Bytes" not in text and "Game points" not in text
    heading = next(line for line in text.splitlines() if "Bal" in line and "Player" in line)
    assert "Pl.pts" in heading and "Buch" in heading
    for name in ("Анна Вист", "Борис Пуля", "Євген Розпас"):
        assert name in text


def test_a_shared_place_prints_its_half_point(db):
    from tournaments.reports.data import StandingLine, StandingsSheet
    from tournaments.reports.standings import standings_csv, standings_lines

    from .test_renderers import INFO

    columns = preferans.standings_columns([])
    line = StandingLine(1, "1–2", True, "Анна", "", 1.5, 1, 1, 5, 5, 0, {})
    sheet = StandingsSheet(INFO, [], [line], columns=columns)
    assert "1.5" in standings_lines(sheet)[1][0]
    assert standings_csv(sheet).decode("utf-8-sig").splitlines()[1].split(",")[3] == "1.5"


# --- player statistics -------------------------------------------------------------------


def expected_counts(tournament: Tournament) -> dict[str, dict[str, int]]:
    """Games, remises, misères and all-passes counted straight from the results."""
    counts: dict[str, dict[str, int]] = {}
    for match in Match.objects.filter(tournament=tournament).prefetch_related("deals"):
        records = [d.record for d in match.deals.order_by("number")]
        for scored, record in zip(match.result["deals"], records, strict=True):
            outcome = scored["outcome"]
            if scored["declarer"]:
                c = counts.setdefault(scored["declarer"], {})
                key = "games" if scored["kind"] == "game" else outcome
                c[key] = c.get(key, 0) + 1
                if outcome == "remise":
                    c["remise"] = c.get("remise", 0) + 1
            if outcome == "allpass":
                for name, taken in record["tricks"].items():
                    c = counts.setdefault(name, {})
                    c["allpass"] = c.get("allpass", 0) + 1
                    c["zero"] = c.get("zero", 0) + (taken == 0)
            if outcome in ("made", "remise"):  # a game played: its whisters' words
                for name, word in (record.get("whist") or {}).items():
                    if word == "whist":
                        c = counts.setdefault(name, {})
                        c["whists"] = c.get("whists", 0) + 1
    return counts


def test_the_statistics_count_games_misères_and_all_passes(pulkas):
    tournament, _records = pulkas
    from tournaments.reports import selectors

    stats = preferans_statistics.collect(
        selectors.match_deals(tournament), selectors.player_clubs(tournament)
    )
    counts = expected_counts(tournament)
    assert set(stats) == set(NAMES)
    for name, s in stats.items():
        c = counts.get(name, {})
        assert s.games == c.get("games", 0)
        assert s.remises == c.get("remise", 0)
        assert s.misere_made == c.get("misere_made", 0)
        assert s.misere_failed == c.get("misere_failed", 0)
        assert s.allpass == c.get("allpass", 0)
        assert s.allpass_zero == c.get("zero", 0)
        assert s.made + s.remises == s.games
        assert s.whists == c.get("whists", 0)
        assert sum(s.made_levels.values()) == s.made
        assert all(s.made_levels.get(k, 0) <= n for k, n in s.levels.items())
        assert sum(s.balance_by_round.values()) == s.balance
        assert s.pulkas == 2
    assert sum(s.balance for s in stats.values()) == 0
    assert sum(s.games for s in stats.values()) > 0
    assert sum(s.allpass for s in stats.values()) > 0
    assert sum(s.whists for s in stats.values()) > 0


def test_the_statistics_pdf_has_the_figures_and_charts(pulkas):
    tournament, _records = pulkas
    job = run(tournament, ReportJob.Kind.PLAYER_STATS)
    data = file_of(job)
    text = pdf_text(data)
    for title in (
        "Whist balance: the top 20",
        "Games and misères declared, by outcome",
        "Games declared, by level",
        "All-passes, by tricks a player took",
    ):
        assert title in text, title
    assert "misères made" in text and "all-passes without a trick" in text
    counts = expected_counts(tournament)
    lines = [line for line in text.splitlines() if "Анна Вист" in line]
    assert lines, text
    figures = lines[-1].split("Клуб Преферанс", 1)[1].split()
    c = counts.get("Анна Вист", {})
    # P 1st Bal Bal/P D G Made NW Rem M+ M− W AP APt AP0 after the player's club
    assert figures[5] == str(c.get("games", 0))
    assert figures[8] == str(c.get("remise", 0))
    assert figures[9] == str(c.get("misere_made", 0))
    assert figures[10] == str(c.get("misere_failed", 0))
    assert figures[11] == str(c.get("whists", 0))
    assert figures[12] == str(c.get("allpass", 0))
    assert figures[14] == str(c.get("zero", 0))


def test_one_players_statistics_chart_the_balance_by_round(pulkas):
    tournament, _records = pulkas
    player = Player.objects.get(display_name="Борис Пуля")
    html = file_of(
        run(tournament, ReportJob.Kind.PLAYER_STATS, player=player.pk, format="html")
    ).decode()
    assert "Whist balance, by round" in html
    assert "All-passes, by tricks taken" in html
    assert 'data-testid="kpis"' in html
    pdf = pdf_text(file_of(run(tournament, ReportJob.Kind.PLAYER_STATS, player=player.pk)))
    balance = sum(r["settlement"]["balance"].get("Борис Пуля", 0) for r in results_of(tournament))
    assert "Борис Пуля" in pdf
    assert (f"+{balance}" if balance > 0 else str(balance)) in pdf


def test_a_four_handed_dealer_does_not_count_the_talon_all_pass():
    deals = [
        {"dealer": "D", "kind": "allpass", "outcome": "allpass", "declarer": None},
    ]
    match = MatchDeals(
        round_number=1,
        players=["A", "B", "C", "D"],
        records=[{"kind": "allpass", "tricks": {"A": 0, "B": 4, "C": 4, "D": 2}}],
        result={"players": ["A", "B", "C", "D"], "deals": deals, "finished": False},
    )
    stats = preferans_statistics.collect([match])
    assert stats["D"].allpass == 0
    assert (stats["A"].allpass, stats["A"].allpass_zero, stats["A"].allpass_tricks) == (1, 1, 0)
    assert stats["B"].allpass_tricks == 4


def test_signed_charts_draw_below_zero():
    svg = charts.signed_column_chart([("1", -40.0), ("2", 25.0)], title="Bal")
    assert svg.count("<rect") == 2 and ">-40<" in svg and ">25<" in svg
    bars = charts.signed_bar_chart([("<b>", -10.0), ("B", 30.0)], title="Bal")
    assert "&lt;b&gt;" in bars and "<b>" not in bars
    assert charts.signed_bar_chart([], title="T", empty="none").count("none") == 1


# --- the archive ------------------------------------------------------------------------


def test_the_archive_restores_a_preferans_tournament_as_it_was(pulkas, make_tournament):
    tournament, _records = pulkas
    data = file_of(run(tournament, ReportJob.Kind.ARCHIVE))
    fresh = make_tournament(name="Копія")  # a Deberc tournament until the archive says
    summary = restore.archive_restore(tournament=fresh, data=data)
    fresh.refresh_from_db()
    assert (fresh.game, fresh.ruleset, fresh.match_score) == ("preferans", "sochi", "places")
    assert summary.matches == 4 and summary.differences == []

    def table(t: Tournament) -> list[tuple]:
        return sorted(
            StandingRow.objects.filter(tournament=t).values_list(
                "player__display_name", "rank", "match_points", "game_points", "tiebreaks"
            )
        )

    assert table(fresh) == table(tournament)


# --- Deberc stays as it was ----------------------------------------------------------------


def test_a_deberc_tournament_keeps_its_columns_and_round_report(played):
    rows = list(
        csv.reader(
            io.StringIO(file_of(run(played, ReportJob.Kind.STANDINGS_CSV)).decode("utf-8-sig"))
        )
    )
    assert rows[0][:10] == [
        "Rank",
        "Player",
        "Club",
        "Match points",
        "Played",
        "Won",
        "Game points",
        "Points against",
        "Bytes",
        "Shared rank",
    ]
    text = pdf_text(file_of(run(played, ReportJob.Kind.ROUND, round=1)))
    assert "Players (clockwise)" in text and "Settled mountain" not in text
