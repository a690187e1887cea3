"""The final standings of a tournament with a final table (issue 35, item 10): the PDF, the
CSV and the XLSX say above the table that its top is the final table's, ranked by the final,
and the others by the qualification (the standings page said it; the reports did not), and
each finalist's points at the final stand in a column of their own (the table showed only the
points of every round, so the final's winner seemed ranked above players with more points)."""

from __future__ import annotations

import csv
import io

import pytest
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.factories import ClubFactory, EntryFactory, make_organiser, signed_in, tournament_post
from tests.tournaments.events.test_stages import PREFERANS, _finish_round
from tournaments.events.models import Tournament
from tournaments.reports.selectors import standings_sheet
from tournaments.reports.standings import standings_csv, standings_pdf, standings_xlsx
from tournaments.standings.models import StandingRow

pytestmark = pytest.mark.django_db

NOTE = {
    "en": "The final table's players are ranked first, by the points scored at the final",
    "ru": "Игроки финального стола стоят первыми, по очкам, набранным в финале",
    "uk": "Гравці фінального столу стоять першими, за очками, набраними у фіналі",
}
OTHERS = {
    "en": "the others by the qualification, their rank after round 2",
    "ru": "остальные — по отбору, по своему месту после тура 2",
    "uk": "решта — за відбором, за своїм місцем після туру 2",
}
COLUMN = {"en": "Points at the final", "ru": "Очки в финале", "uk": "Очки у фіналі"}
SHORT = {"en": "Final", "ru": "Финал", "uk": "Фінал"}


@pytest.fixture
def final_played():
    """Seven players of Preferans, a final table of four after round 2 of 3; the final turns
    the qualification round (its 4th wins, its 1st is last)."""
    club = ClubFactory(name="Клуб фіналу")
    organiser = make_organiser(club, "final-org")
    body = tournament_post(
        organiser,
        name="Фінал чотирьох",
        club=club.pk,
        table_sizes=[3, 4],
        rounds=3,
        stage_kind="final",
        stage_after_round=2,
        stage_size=4,
        **PREFERANS,
    ).json()
    tournament = Tournament.objects.get(pk=body["id"])
    players = [EntryFactory(tournament=tournament, seed=s).player_id for s in range(1, 8)]
    client = signed_in(organiser)
    for number in (1, 2):
        assert client.post(f"/api/v1/tournaments/{tournament.pk}/rounds/").status_code == 201
        _finish_round(tournament, number, players)  # the first seeds win
    qualification = list(
        StandingRow.objects.filter(tournament=tournament)
        .order_by("rank")
        .values_list("player__display_name", flat=True)
    )
    assert client.post(f"/api/v1/tournaments/{tournament.pk}/rounds/").status_code == 201
    ids = dict(
        StandingRow.objects.filter(tournament=tournament).values_list(
            "player__display_name", "player_id"
        )
    )
    order = [ids[name] for name in reversed(qualification[:4])] + players
    _finish_round(tournament, 3, list(dict.fromkeys(order)))
    return tournament, qualification


def _csv_rows(sheet) -> list[list[str]]:
    return list(csv.reader(io.StringIO(standings_csv(sheet).decode("utf-8-sig"))))


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_every_format_says_the_final_table_comes_first_and_shows_its_points(final_played, language):
    tournament, qualification = final_played
    with translation.override(language):
        sheet = standings_sheet(tournament)
        rows = _csv_rows(sheet)
        workbook = load_workbook(io.BytesIO(standings_xlsx(sheet)))
        pdf = standings_pdf(sheet)
    # The final's order: its 4th in the qualification won it, its 1st came last.
    assert [line.player for line in sheet.lines[:4]] == list(reversed(qualification[:4]))
    # Preferans' places at a table of four: 4, 3, 2, 1 ... points in the final's order.
    finals = [line.final_points for line in sheet.lines]
    assert finals[:4] == sorted(finals[:4], reverse=True) and finals[0] > finals[3]
    assert finals[4:] == [None, None, None]  # not at the final table
    # The CSV: the note above the table, a blank line, then the headings.
    assert rows[0][0].startswith(NOTE[language]) and OTHERS[language] in rows[0][0]
    assert rows[1] == []
    heading = rows[2]
    column = heading.index(COLUMN[language])
    cells = [row[column] for row in rows[3:10]]
    assert cells == [str(p) for p in finals[:4]] + ["", "", ""]
    player = heading.index({"en": "Player", "ru": "Игрок", "uk": "Гравець"}[language])
    assert [row[player] for row in rows[3:7]] == list(reversed(qualification[:4]))
    # The XLSX: the same note above the same headings and cells.
    table = workbook.worksheets[0]
    assert table["A1"].value.startswith(NOTE[language])
    assert [c.value for c in table[3]][column] == COLUMN[language]
    assert [table.cell(row=r, column=column + 1).value for r in range(4, 8)] == finals[:4]
    assert table.cell(row=8, column=column + 1).value in ("", None)
    assert table.freeze_panes == "D4"
    # The PDF: the note on the first page above the table, the column headed and explained,
    # and each finalist's line ending with their points at the final and qualification rank.
    lines = [
        " ".join(line.split())
        for page in PdfReader(io.BytesIO(pdf)).pages
        for line in page.extract_text().splitlines()
    ]
    text = " ".join(lines)
    assert NOTE[language] in text and OTHERS[language] in text
    assert text.index(NOTE[language]) < text.index(qualification[3])
    assert f"{SHORT[language]} {COLUMN[language]}" in text  # the legend
    for rank, name in enumerate(reversed(qualification[:4]), start=1):
        [line] = [line for line in lines if line.startswith(f"{rank} {name} ")]
        assert line.split()[-2:] == [str(finals[rank - 1]), str(5 - rank)]
    [fifth] = [line for line in lines if line.startswith(f"5 {qualification[4]} ")]
    assert fifth.split()[-1] == "5"


def test_a_tournament_without_a_stage_has_no_note(final_played):
    tournament, _qualification = final_played
    Tournament.objects.filter(pk=tournament.pk).update(stage_kind="", stage_after_round=None)
    StandingRow.objects.filter(tournament=tournament).update(qualification_rank=None)
    tournament.refresh_from_db()
    with translation.override("en"):
        sheet = standings_sheet(tournament)
        rows = _csv_rows(sheet)
    assert sheet.note == ""
    assert rows[0][:2] == ["Rank", "Player"]
    assert "Points at the final" not in rows[0]


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_standings_page_shows_the_finals_own_points_too(final_played, language):
    """The page said the final table ranks first; it now shows, as the reports do, each
    finalist's points at the final in a column of its own (issue 35, item 10)."""
    from django.contrib.auth import get_user_model

    tournament, _qualification = final_played
    organiser = get_user_model().objects.get(username="final-org")
    page = signed_in(organiser, language).get(f"/tournaments/{tournament.pk}/standings/")
    html = page.content.decode()
    assert f'title="{COLUMN[language]}"' in html and f">{SHORT[language]}</abbr>" in html
    rows = html.split('data-player="')[1:]
    assert len(rows) == 7
    finals = [row.split('class="num final-points">')[1].split("<")[0] for row in rows]
    # The four finalists first, each with a figure; the three others a dash.
    assert all(value != "–" for value in finals[:4]) and finals[4:] == ["–"] * 3
    # The final turned the qualification round: its winner had the most points at the final.
    figures = [float(v.replace(",", ".")) for v in finals[:4]]  # a decimal comma in ru/uk
    assert figures[0] >= max(figures[1:])
