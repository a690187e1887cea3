"""Final standings [итоговая таблица] as CSV, XLSX and PDF, from a `StandingsSheet`.

The columns: rank, player, club, then the figures of the tournament's game (its report parts'
`standings_columns`; the sheet carries them): Deberc's are match points, played, won, game
points, points against, bytes, then the tiebreaks in the organiser's order (those not already
among these figures). The CSV and the XLSX have the same headings, in the job's language, and
the same cells (a shared rank written as people write it, "3–5"); the PDF's headings are the
standings page's abbreviations. Once a stage is made (a cut or a final table), every format
says above the table how it is ordered (the final's players first, by their points at the
final; the others by the qualification) and shows the qualification rank and a finalist's
points at the final in columns of their own.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.reports.cells import row_safe, xlsx_append
from tournaments.reports.data import (
    Column,
    Progress,
    StandingLine,
    StandingsColumns,
    StandingsSheet,
    no_progress,
)
from tournaments.reports.pdf import font_css, render_pdf
from tournaments.standings.ranking import ROW_FIELDS
from tournaments.standings.services import BASE_FIGURES

# Tiebreaks that are one of the base figures under another name.
SAME_AS_BASE = {"game_points": "game_points", "wins": "won", "fewer_bytes": "bytes"}

# The figures a StandingLine holds itself, in the standings row's order (any other is one of
# its tiebreaks).
LINE_KEYS = tuple(
    key
    for key in ROW_FIELDS
    if key not in ("rank", "rank_shared", "tiebreaks", "qualification_rank")
)
# The qualification rank and a final's points are columns only once a stage is made
# (`with_qualification`).
LINE_FIGURES = frozenset((*LINE_KEYS, "qualification_rank", "final_points"))
BASE_KEYS = ("rank", "player", "club", *LINE_KEYS)


def base_labels() -> dict[str, str]:
    return {
        "rank": _("Rank"),
        "player": _("Player"),
        "club": _("Club"),
        **{key: str(figure.label) for key, figure in BASE_FIGURES.items()},
        "game_points": _("Game points"),
        "points_against": _("Points against"),
        "bytes": _("Bytes"),
    }


def extra_tiebreaks(sheet: StandingsSheet) -> list[Column]:
    """The tiebreak columns that are not one of the base figures."""
    return [c for c in sheet.tiebreaks if c.key not in SAME_AS_BASE]


def default_columns(tiebreaks: list[Column]) -> StandingsColumns:
    """The default game's (Deberc's) columns: match points, played, won, game points, points
    against and bytes, then the tiebreaks that are none of these; the PDF prints match points,
    played, won and every tiebreak but "wins" (the "won" column)."""
    labels = base_labels()
    return StandingsColumns(
        table=[Column(key, labels[key], labels[key]) for key in BASE_KEYS[3:]],
        extras=[c for c in tiebreaks if c.key not in SAME_AS_BASE],
        printed=[
            *(Column(key, str(f.label), str(f.short)) for key, f in BASE_FIGURES.items()),
            *(c for c in tiebreaks if c.key != "wins"),
        ],
        same_as=dict(SAME_AS_BASE),
    )


def with_qualification(columns: StandingsColumns, *, final: bool = False) -> StandingsColumns:
    """The columns and, last, a final table's own points (`final`: the finalists' points at
    the final, which order the top of the table) and the qualification rank (a tournament
    whose stage is made)."""
    added = [Column("qualification_rank", _("Qualification rank"), _("Qual."))]
    if final:
        short = pgettext("standings column: the points at the final table", "Final")
        added.insert(0, Column("final_points", _("Points at the final"), short))
    return replace(columns, table=[*columns.table, *added], printed=[*columns.printed, *added])


def columns_of(sheet: StandingsSheet) -> StandingsColumns:
    return sheet.columns if sheet.columns is not None else default_columns(sheet.tiebreaks)


def figure_value(line: StandingLine, key: str, same_as: dict[str, str]) -> Any:
    """A figure of a line by its column key ('' for a figure the line has none of)."""
    if key in LINE_FIGURES:
        value = getattr(line, key)
        return "" if value is None else value
    value = line.tiebreaks.get(key)
    if value is None and key in same_as:
        value = getattr(line, same_as[key])
    if value is None and key == "points_difference":
        value = line.game_points - line.points_against
    return "" if value is None else value


def line_values(line: StandingLine, columns: list[Column], same_as: dict[str, str]) -> list[Any]:
    """A line's figures in column order."""
    return [figure_value(line, c.key, same_as) for c in columns]


def headings(columns: StandingsColumns) -> list[str]:
    """The table's headings in the job's language: the CSV's and the XLSX's."""
    labels = base_labels()
    return (
        [labels[k] for k in BASE_KEYS[:3]]
        + [c.label for c in columns.table]
        + [_("Shared rank")]
        + [c.label for c in columns.extras]
    )


def table_rows(sheet: StandingsSheet, columns: StandingsColumns) -> Iterator[list[Any]]:
    """A row per player in heading order: numbers as numbers, a shared rank as "3–5" (else
    empty), a figure the player has none of as None."""
    for line in sheet.lines:
        yield (
            [
                line.rank,
                line.player,
                line.club,
                *line_values(line, columns.table, columns.same_as),
                line.rank_label if line.rank_shared else "",
                *(
                    v if v != "" else None
                    for v in line_values(line, columns.extras, columns.same_as)
                ),
            ]
        )


def standings_csv(sheet: StandingsSheet) -> bytes:
    """UTF-8 with a byte order mark, so that spreadsheet programs read Cyrillic names right;
    the XLSX's headings and cells."""
    columns = columns_of(sheet)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    if sheet.note:  # a staged table: how it is ordered, then a blank line, then the table
        writer.writerow(row_safe([sheet.note]))
        writer.writerow([])
    writer.writerow(row_safe(headings(columns)))
    writer.writerows(row_safe(row) for row in table_rows(sheet, columns))
    if sheet.tournament.points_counted:
        # After a blank line, below the table: how its match points are counted.
        writer.writerow([])
        writer.writerow(row_safe([_("How points are counted"), sheet.tournament.points_counted]))
    if sheet.discipline:
        # After a blank line: the "Discipline" part, one row per card.
        writer.writerow([])
        writer.writerow(row_safe([_("Discipline")]))
        writer.writerow(row_safe(discipline_headings()))
        writer.writerows(row_safe(row) for row in discipline_rows(sheet))
    if sheet.teams:
        # After a blank line: the pairs' or teams' standings, one row per team.
        writer.writerow([])
        writer.writerow(row_safe([teams_title(sheet)]))
        writer.writerow(row_safe(team_headings(sheet)))
        writer.writerows(row_safe(row) for row in team_rows(sheet))
    return out.getvalue().encode("utf-8-sig")


def teams_title(sheet: StandingsSheet) -> str:
    return str(_("Pairs") if sheet.pairs else _("Teams"))


def team_headings(sheet: StandingsSheet) -> list[str]:
    return [
        _("Rank"),
        _("Pair") if sheet.pairs else _("Team"),
        _("Match points"),
        _("Game points"),
        _("Members"),
    ]


def team_rows(sheet: StandingsSheet) -> list[list[Any]]:
    return [[t.rank_label, t.team, t.match_points, t.game_points, t.members] for t in sheet.teams]


def discipline_headings() -> list[str]:
    return [
        _("Player"),
        _("Card"),
        _("Round"),
        _("Reason"),
        _("Rule article"),
        _("Consequence"),
        _("Withdrawn"),
    ]


def discipline_rows(sheet: StandingsSheet) -> list[list[Any]]:
    """The cards as report rows (never who gave them)."""
    return [
        [
            d.player,
            d.kind,
            d.round if d.round is not None else "",
            d.reason,
            d.article,
            d.meaning,
            _("yes") if d.withdrawn else "",
        ]
        for d in sheet.discipline
    ]


def standings_xlsx(sheet: StandingsSheet) -> bytes:
    """A workbook: the "Standings" sheet (a heading row, one row per player, numbers as
    numbers, a shared rank shown as "3–5" beside the numeric rank) and a sheet with the
    tournament's details and the tiebreak order."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.worksheet import Worksheet

    columns = columns_of(sheet)
    book = Workbook()
    table = book.active
    assert isinstance(table, Worksheet)  # a new workbook's one sheet
    table.title = _("Standings")[:31]
    heading_row = headings(columns)
    bold = Font(bold=True)
    if sheet.note:  # a staged table: how it is ordered, above it, then a blank row
        xlsx_append(table, [sheet.note])
        table.append([])
        table.cell(row=1, column=1).font = Font(italic=True)
    top = 3 if sheet.note else 1  # the heading row
    xlsx_append(table, heading_row)
    fill = PatternFill("solid", fgColor="DCE8E0")
    for cell in table[top]:
        cell.font = bold
        cell.fill = fill
        cell.alignment = Alignment(wrap_text=True, vertical="top")
    for row in table_rows(sheet, columns):
        xlsx_append(table, row)
    widths = [7, 32, 22] + [12] * (len(heading_row) - 3)
    for index, width in enumerate(widths, start=1):
        table.column_dimensions[get_column_letter(index)].width = width
    table.freeze_panes = f"D{top + 1}"
    last = get_column_letter(len(heading_row))
    table.auto_filter.ref = f"A{top}:{last}{top + len(sheet.lines)}"

    info = book.create_sheet(_("Tournament")[:31])
    t = sheet.tournament
    for label, value in [
        (_("Tournament"), t.name),
        (_("Club"), t.club),
        (_("Ruleset"), t.ruleset_label),
        (_("Pairing system"), t.system_label),
        (_("Rounds played"), f"{t.rounds_played} / {t.rounds}"),
        (_("Status"), t.status_label),
        (_("Generated"), t.generated_at.strftime("%Y-%m-%d %H:%M")),
        (_("Tiebreak order"), ", ".join(c.label for c in sheet.tiebreaks)),
        (_("How points are counted"), t.points_counted),
    ]:
        xlsx_append(info, [label, value])
    info.column_dimensions["A"].width = 22
    info.column_dimensions["B"].width = 60
    for row in info.iter_rows(min_col=1, max_col=1):
        row[0].font = bold
    if sheet.discipline:  # the "Discipline" sheet: one row per card
        cards = book.create_sheet(_("Discipline")[:31])
        xlsx_append(cards, discipline_headings())
        for cell in cards[1]:
            cell.font = bold
            cell.fill = fill
        for card_row in discipline_rows(sheet):
            xlsx_append(cards, card_row)
        for index, width in enumerate([28, 16, 8, 50, 18, 24, 10], start=1):
            cards.column_dimensions[get_column_letter(index)].width = width
    if sheet.teams:  # the "Teams" (or "Pairs") sheet: one row per team
        teams_sheet = book.create_sheet(teams_title(sheet)[:31])
        xlsx_append(teams_sheet, team_headings(sheet))
        for cell in teams_sheet[1]:
            cell.font = bold
            cell.fill = fill
        for team_row in team_rows(sheet):
            xlsx_append(teams_sheet, team_row)
        for index, width in enumerate([7, 32, 12, 12, 80], start=1):
            teams_sheet.column_dimensions[get_column_letter(index)].width = width
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


# --- PDF ---------------------------------------------------------------------------------
#
# The PDF prints the standings as fixed-width lines (DejaVu Sans Mono, which has Cyrillic) in
# striped blocks, one block per page: the results list of a chess tournament. Laying out a
# table cell by cell costs WeasyPrint about 50 times as much per player (2,000 players: over
# 15 s instead of 2 s), and fixed-width lines let the renderer, not the layout engine, cut
# the pages: the footer can say "page 3 of 34" across separately rendered chunks.

A4_WIDTH_MM = 210 - 2 * 11  # the page's width inside the margins of pdf/base.html
A4_HEIGHT_MM = 297 - 13 - 14
MONO_ADVANCE = 0.602  # DejaVu Sans Mono's advance width, in em
PT_MM = 25.4 / 72
LINE_HEIGHT = 1.32  # in em
MAX_FONT_PT = 8.5
HEADING_MM = 52  # the first page's title, details, legend and how points are counted
NOTE_MM = 12  # a staged table's note on how it is ordered
# Pages per rendered chunk: a step of the job's progress bar.
CHUNK_PAGES = 8


def fit(text: str, width: int) -> str:
    """`text` cut to `width` characters (with an ellipsis) and padded to it."""
    text = " ".join(str(text).split())
    if len(text) > width:
        text = text[: max(0, width - 1)] + "…"
    return text.ljust(width)


def _figure_columns(sheet: StandingsSheet) -> list[Column]:
    """The figures printed after the player and the club, in order."""
    return list(columns_of(sheet).printed)


def _figure(line: StandingLine, key: str, same_as: dict[str, str]) -> str:
    return str(figure_value(line, key, same_as))


def paginate(lines: list[Any], first: int, per_page: int) -> list[list[Any]]:
    """Lines cut into pages: `first` on the first page, `per_page` on each later one."""
    pages = [lines[:first]]
    pages += [lines[i : i + per_page] for i in range(first, len(lines), per_page)]
    return pages


def _chunks(items: list[Any], size: int) -> Iterator[list[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


@dataclass(frozen=True)
class PrintLayout:
    """Font size and lines per page for lines of `chars` characters."""

    font_pt: float
    line_pt: float
    first_lines: int
    page_lines: int

    @property
    def stripe_pt(self) -> float:
        """A light and a shaded line: the period of the stripes."""
        return round(2 * self.line_pt, 2)

    @classmethod
    def for_width(cls, chars: int, *, heading_mm: float = HEADING_MM) -> PrintLayout:
        font = min(MAX_FONT_PT, A4_WIDTH_MM / (max(chars, 1) * MONO_ADVANCE * PT_MM))
        font = max(5.0, round(font - 0.05, 1))
        line = round(font * LINE_HEIGHT, 2)
        line_mm = line * PT_MM
        # Two lines for the heading row and a line's slack against rounding.
        page = int(A4_HEIGHT_MM / line_mm) - 3
        first = int((A4_HEIGHT_MM - heading_mm) / line_mm) - 3
        return cls(font, line, first, page)


def standings_lines(sheet: StandingsSheet) -> tuple[str, list[str]]:
    """The heading line and one fixed-width line per player."""
    columns = _figure_columns(sheet)
    same_as = columns_of(sheet).same_as
    figures = [[_figure(line, c.key, same_as) for c in columns] for line in sheet.lines]
    widths = [
        max([len(str(c.short))] + [len(row[i]) for row in figures]) + 1
        for i, c in enumerate(columns)
    ]
    rank_w = max([1] + [len(line.rank_label) for line in sheet.lines])
    name_w = min(32, max([len(str(_("Player")))] + [len(line.player) for line in sheet.lines]))
    club_w = min(22, max([len(str(_("Club")))] + [len(line.club) for line in sheet.lines]))
    heading = (
        "#".rjust(rank_w)
        + "  "
        + fit(_("Player"), name_w)
        + " "
        + fit(_("Club"), club_w)
        + "".join(str(c.short).rjust(w) for c, w in zip(columns, widths, strict=True))
    )
    rows = [
        line.rank_label.rjust(rank_w)
        + "  "
        + fit(line.player, name_w)
        + " "
        + fit(line.club, club_w)
        + "".join(v.rjust(w) for v, w in zip(row, widths, strict=True))
        for line, row in zip(sheet.lines, figures, strict=True)
    ]
    return heading, rows


def standings_pdf_pages(sheet: StandingsSheet) -> list[str]:
    """The PDF's HTML, one document per chunk of pages."""
    heading, rows = standings_lines(sheet)
    if sheet.discipline:  # below the table: the "Discipline" part, one line per card
        rows = [*rows, "", _("Discipline"), *discipline_text(sheet, len(heading))]
    if sheet.teams:  # below: the pairs' or teams' standings, one line per team
        rows = [*rows, "", teams_title(sheet), *teams_text(sheet, len(heading))]
    # A staged table's note takes up to three lines more of the first page.
    layout = PrintLayout.for_width(
        len(heading), heading_mm=HEADING_MM + (NOTE_MM if sheet.note else 0)
    )
    pages = paginate(rows, layout.first_lines, layout.page_lines)
    numbered = [
        {"number": n, "text": "\n".join(page), "first": n == 1}
        for n, page in enumerate(pages, start=1)
    ]
    context = {
        "t": sheet.tournament,
        "fonts": font_css(),
        "columns": _figure_columns(sheet),
        "heading": heading,
        "layout": layout,
        "page_count": len(pages),
        "tiebreaks": sheet.tiebreaks,
        "note": sheet.note,
    }
    return [
        render_to_string("tournaments/reports/pdf/standings.html", {**context, "pages": chunk})
        for chunk in _chunks(numbered, CHUNK_PAGES)
    ]


def discipline_text(sheet: StandingsSheet, width: int) -> list[str]:
    """Fixed-width lines for the PDF: per card, who, what, when and what it cost, then its
    reason (and article) wrapped below."""
    import textwrap

    width = max(width, 40)
    lines = []
    for d in sheet.discipline:
        parts = [
            d.player,
            d.kind,
            _("round %(n)s") % {"n": d.round} if d.round is not None else "",
            d.meaning,
            _("withdrawn") if d.withdrawn else "",
        ]
        lines.append(fit(" · ".join(p for p in parts if p), width))
        reason = d.reason + (f" [{d.article}]" if d.article else "")
        lines += [fit("  " + part, width) for part in textwrap.wrap(reason, width - 2)]
    return lines


def teams_text(sheet: StandingsSheet, width: int) -> list[str]:
    """Fixed-width lines for the PDF: per team its rank, name, points and game points, then
    its members wrapped below."""
    import textwrap

    width = max(width, 40)
    lines = []
    for t in sheet.teams:
        lines.append(fit(f"{t.rank_label:>5}  {t.team}  {t.match_points} · {t.game_points}", width))
        lines += [fit("       " + part, width) for part in textwrap.wrap(t.members, width - 7)]
    return lines


def standings_pdf(sheet: StandingsSheet, *, progress: Progress = no_progress) -> bytes:
    return render_pdf(standings_pdf_pages(sheet), progress=progress)
