"""The report renderers on plain data (no database): what comes out reads back as it went in."""

from __future__ import annotations

import csv
import io
import zipfile
from datetime import datetime
from xml.etree import ElementTree

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from tournaments.games.deberc import statistics as deberc_statistics
from tournaments.reports import archive, charts, standings
from tournaments.reports.data import (
    Column,
    MatchDeals,
    StandingLine,
    StandingsSheet,
    TournamentInfo,
)

INFO = TournamentInfo(
    id=1,
    name="Кубок «Козирний валет»",
    club="Клуб Одеса",
    ruleset="moscow",
    ruleset_label="Moscow",
    table_size=2,
    system_label="Swiss",
    match_score="win",
    rounds=9,
    rounds_played=9,
    status_label="Finished",
    generated_at=datetime(2026, 11, 21, 23, 0),
)
TIEBREAKS = [
    Column("game_points", "Game points", "GP"),
    Column("buchholz", "Buchholz", "Buch"),
    Column("head_to_head", "Head-to-head", "H2H"),
    Column("wins", "Wins", "W"),
]


def sheet_of(n: int) -> StandingsSheet:
    lines = []
    for i in range(n):
        rank = 3 if i in (2, 3) else i + 1  # players 3 and 4 share the 3rd place
        lines.append(
            StandingLine(
                rank=rank,
                rank_label="3–4" if rank == 3 else str(rank),
                rank_shared=rank == 3,
                player=f"Гравець Олексій-{i:04d}",
                club=f"Клуб {i % 7}",
                match_points=n - i,
                played=9,
                won=(n - i) % 10,
                game_points=4000 - i,
                points_against=3000 + i,
                bytes=i % 4,
                tiebreaks={
                    "game_points": 4000 - i,
                    "buchholz": 50 - i % 50,
                    "head_to_head": None if i % 2 else 1,
                    "wins": (n - i) % 10,
                },
            )
        )
    return StandingsSheet(tournament=INFO, tiebreaks=TIEBREAKS, lines=lines)


def test_the_csv_reads_back_as_the_standings():
    sheet = sheet_of(12)
    data = standings.standings_csv(sheet)
    assert data.startswith(b"\xef\xbb\xbf")  # spreadsheets then read Cyrillic right
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    assert [r["Player"] for r in rows] == [line.player for line in sheet.lines]
    assert rows[2]["Rank"] == rows[3]["Rank"] == "3"
    assert rows[2]["Shared rank"] == "3–4" and rows[0]["Shared rank"] == ""
    # Tiebreaks that are base figures are not repeated; the others follow in order.
    assert list(rows[0])[-2:] == ["Buchholz", "Head-to-head"]
    assert rows[1]["Head-to-head"] == "" and rows[0]["Head-to-head"] == "1"


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_csv_and_the_xlsx_have_the_same_headings_in_the_users_language(language):
    from django.utils import translation

    sheet = sheet_of(4)
    with translation.override(language):
        data = standings.standings_csv(sheet)
        book = load_workbook(io.BytesIO(standings.standings_xlsx(sheet)))
    csv_rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    xlsx_rows = [list(row) for row in book.worksheets[0].iter_rows(values_only=True)]
    assert csv_rows[0] == xlsx_rows[0]
    assert (
        csv_rows[0][:3]
        == {"ru": ["Место", "Игрок", "Клуб"], "uk": ["Місце", "Гравець", "Клуб"]}[language]
    )
    assert "Player" not in csv_rows[0] and "rank" not in csv_rows[0]
    # The same cells too (the CSV writes them as text).
    assert csv_rows[3] == ["" if v is None else str(v) for v in xlsx_rows[3]]


def test_the_xlsx_reads_back_as_the_standings():
    sheet = sheet_of(30)
    book = load_workbook(io.BytesIO(standings.standings_xlsx(sheet)))
    table = book.worksheets[0]
    rows = list(table.iter_rows(min_row=2, values_only=True))
    assert len(rows) == 30
    assert rows[3][:4] == (3, "Гравець Олексій-0003", "Клуб 3", 27)
    assert rows[3][9] == "3–4"  # the shared rank as people write it
    assert table.freeze_panes == "D2"


def test_the_pdf_has_every_player_in_order_and_numbered_pages():
    sheet = sheet_of(400)
    reader = PdfReader(io.BytesIO(standings.standings_pdf(sheet)))
    heading, _rows = standings.standings_lines(sheet)
    layout = standings.PrintLayout.for_width(len(heading))
    expected_pages = len(standings.paginate(sheet.lines, layout.first_lines, layout.page_lines))
    # No page overflowed: the layout engine cut nothing the renderer did not.
    assert len(reader.pages) == expected_pages
    text = "\n".join(page.extract_text() for page in reader.pages)
    positions = [text.index(line.player) for line in sheet.lines]
    assert positions == sorted(positions)
    assert f"Page {expected_pages} of {expected_pages}" in text
    assert "3–4" in text and INFO.name in text


def test_a_wide_table_gets_a_smaller_font_and_still_no_page_overflows():
    every = [
        Column(key, key.replace("_", " "), key[:4].upper())
        for key in (
            "game_points",
            "points_difference",
            "buchholz",
            "sonneborn_berger",
            "head_to_head",
            "wins",
            "fewer_bytes",
        )
    ]
    base = sheet_of(150)
    lines = [
        StandingLine(**{**line.__dict__, "player": line.player * 3, "club": line.club * 4})
        for line in base.lines
    ]
    sheet = StandingsSheet(tournament=INFO, tiebreaks=every, lines=lines)
    heading, rows = standings.standings_lines(sheet)
    layout = standings.PrintLayout.for_width(len(heading))
    assert layout.font_pt < standings.MAX_FONT_PT
    assert all(len(row) == len(heading) for row in rows)
    assert rows[0].strip().split("  ", 1)[1].startswith(lines[0].player[:31] + "…")
    reader = PdfReader(io.BytesIO(standings.standings_pdf(sheet)))
    assert len(reader.pages) == len(standings.paginate(rows, layout.first_lines, layout.page_lines))


def test_charts_are_valid_svg_with_escaped_labels():
    svg = charts.bar_chart([("<Олена & Co>", 12.5), ("Тарас", 3)], title="Очки <за> сдачу")
    root = ElementTree.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "<Олена & Co>" in texts and "12.5" in texts
    line = charts.line_chart([("a", [("1", 0.5), ("2", 0.25)])], title="t", percent=True)
    assert "20%" in line and "60%" in line  # round grid lines above the highest value
    ElementTree.fromstring(line)
    ElementTree.fromstring(charts.column_chart([], title="empty", empty="Нет данных"))


def test_player_statistics_follow_the_engines_result():
    names = ["Олена", "Тарас"]
    record_deals = [
        {"trump": "S", "declarer": "Тарас", "declarations": {"Тарас": ["terz:QS", "bella"]}},
        {"trump": "D", "declarer": "Олена", "declarations": {"Олена": ["Fifty:KC"]}},
        {"declarer": None},
        {"trump": "C", "declarer": "Олена", "violation": {"player": "Тарас", "kind": "renonce"}},
    ]
    result = {
        "players": names,
        "finished": True,
        "winner": "Тарас",
        "deals": [
            {
                "outcome": "made",
                "declarer": "Тарас",
                "combinations_to": "Тарас",
                "recorded": {"Олена": 38, "Тарас": 146},
            },
            {
                "outcome": "byte",
                "declarer": "Олена",
                "combinations_to": "Олена",
                "recorded": {"Олена": 0, "Тарас": 150},
            },
            {
                "outcome": "void",
                "declarer": None,
                "combinations_to": None,
                "recorded": {"Олена": 0, "Тарас": 0},
            },
            {
                "outcome": "card_byte",
                "declarer": "Олена",
                "combinations_to": None,
                "recorded": {"Олена": 162, "Тарас": 0},
            },
        ],
    }
    stats = deberc_statistics.collect([MatchDeals(1, names, record_deals, result)])
    olena, taras = stats["Олена"], stats["Тарас"]
    assert (olena.deals, olena.points, olena.declared, olena.bytes) == (4, 200, 2, 1)
    assert olena.byte_rate == pytest.approx(0.5)
    assert olena.combinations == {"fifty": 1}
    assert (taras.bytes, taras.declared, taras.credited) == (1, 1, 1)  # the card byte is his
    assert taras.combinations == {"terz": 1, "bella": 1}
    assert (taras.matches, taras.matches_won, olena.matches_won) == (1, 1, 0)
    assert taras.points_per_deal == pytest.approx(296 / 4)


def test_the_archive_reads_back_what_was_packed():
    record = {"format": "deberc-scoresheet/1", "players": ["Олена", "Taras"], "deals": []}
    matches = [archive.ArchivedMatch(archive.match_path(1, 2, 0), 1, 2, record, {"status": "open"})]
    data = archive.archive_pack({"tournament": {"name": "Т"}}, matches)
    assert data == archive.archive_pack({"tournament": {"name": "Т"}}, matches)  # stable bytes
    manifest, read = archive.archive_read(data)
    assert manifest["tournament"]["name"] == "Т"
    assert read == matches


@pytest.mark.parametrize(
    ("files", "code"),
    [
        ({"manifest.json": b"{}"}, "bad_format"),
        ({"other.json": b"{}"}, "bad_archive"),
        ({"manifest.json": b"not json"}, "bad_format"),
        ({"manifest.json": b"[" * 5000 + b"]" * 5000}, "too_deep"),
        (
            {"manifest.json": b'{"format": "deberc-archive/1", "n": 1' + b"0" * 30 + b"}"},
            "number_too_large",
        ),
        (
            {
                "manifest.json": b'{"format": "deberc-archive/1", '
                b'"matches": [{"file": "../x.json"}]}',
                "../x.json": b"{}",
            },
            "bad_archive",
        ),
    ],
)
def test_a_file_that_is_not_an_archive_is_refused(files, code):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    with pytest.raises(archive.ArchiveError) as caught:
        archive.archive_read(out.getvalue())
    assert caught.value.code == code
    with pytest.raises(archive.ArchiveError):
        archive.archive_read(b"PK not really")
