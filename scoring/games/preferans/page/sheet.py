"""The pulka sheet [пулька] as players draw it on paper, from the engine's result: a
rectangle cut into one sector per player by lines from the centre, each sector with its
bands — whists [висты] on each opponent outermost, then the pool [пуля], then the mountain
[гора] next to the centre circle, where the pool target is written. Figures are written as
on paper: the running totals one after another, dotted ("2.4.10"), the latest last.

Only positions and texts are computed here; `scoring/games/preferans/_pulka.svg.html` draws them.
Nothing is scored here: every figure is the engine's (`result["deals"][i]["sheet"]`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

CHAR = 6.6  # an average glyph's width at the sheet's font size, in SVG units
LINE = 12.0  # line height
NAME_CHAR = 7.6  # the same for a player's name (bold, larger)


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def chars(self) -> int:
        return max(3, int(self.w / CHAR))

    @property
    def lines(self) -> int:
        return max(1, int(self.h / LINE))


@dataclass(frozen=True)
class Sector:
    whists: Box
    pool: Box
    mountain: Box


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    centre: tuple[int, int]
    pool_inset: int
    mountain_inset: int
    radius: int
    corners: tuple[tuple[int, int], ...]  # where the dividing lines from the centre go
    sectors: tuple[Sector, ...]  # by seat


# Three players: left, top, right (clockwise seen from above); the left and right players'
# whists take the two halves of the bottom band.
THREE = Layout(
    width=360,
    height=330,
    centre=(180, 165),
    pool_inset=56,
    mountain_inset=104,
    radius=26,
    corners=((0, 0), (360, 0), (180, 330)),
    sectors=(
        Sector(Box(4, 278, 172, 50), Box(58, 96, 44, 176), Box(106, 134, 46, 90)),
        Sector(Box(36, 3, 288, 50), Box(92, 58, 176, 44), Box(132, 106, 96, 32)),
        Sector(Box(184, 278, 172, 50), Box(258, 96, 44, 176), Box(208, 134, 46, 90)),
    ),
)

# Four players: bottom, left, top, right (clockwise), cut along the diagonals.
FOUR = Layout(
    width=360,
    height=360,
    centre=(180, 180),
    pool_inset=56,
    mountain_inset=104,
    radius=26,
    corners=((0, 0), (360, 0), (360, 360), (0, 360)),
    sectors=(
        Sector(Box(36, 307, 288, 50), Box(92, 258, 176, 44), Box(132, 222, 96, 32)),
        Sector(Box(3, 62, 50, 236), Box(58, 110, 44, 140), Box(106, 150, 46, 60)),
        Sector(Box(36, 3, 288, 50), Box(92, 58, 176, 44), Box(132, 106, 96, 32)),
        Sector(Box(307, 62, 50, 236), Box(258, 110, 44, 140), Box(208, 150, 46, 60)),
    ),
)


@dataclass
class Text:
    x: float
    y: float
    text: str
    kind: str  # name, label, pool, mountain, whists
    testid: str = ""
    total: int | None = None
    title: str = ""

    @property
    def sx(self) -> str:
        return str(round(self.x))

    @property
    def sy(self) -> str:
        return str(round(self.y))


@dataclass
class Drawing:
    width: int
    height: int
    centre: tuple[int, int]
    radius: int
    rects: list[tuple[int, int, int, int]]
    lines: list[tuple[int, int, int, int]]
    texts: list[Text] = field(default_factory=list)
    target: int = 0
    marks: list[dict[str, Any]] = field(default_factory=list)


def series(values: Sequence[int]) -> list[str]:
    """The running totals as written: each change of the total, in order."""
    out: list[str] = []
    last = 0
    for value in values:
        if value != last:
            out.append(str(value))
            last = value
    return out


def wrap(parts: Sequence[str], chars: int, lines: int) -> list[str]:
    """Dotted figures cut into lines of at most `chars`, keeping the latest ones: what does not
    fit is left out at the front, marked "…" (the total, last, is always shown)."""
    if not parts:
        return ["–"]
    rows: list[str] = []
    current = ""
    for part in reversed(parts):
        piece = part if not current else f"{part}.{current}"
        if len(piece) <= chars:
            current = piece
            continue
        rows.insert(0, current)
        current = part
        if len(rows) == lines:
            current = ""
            break
    if current:
        rows.insert(0, current)
    cut = len(".".join(parts)) > sum(len(r) for r in rows) + len(rows) - 1
    if cut:
        rows = rows[-lines:]
        first = rows[0]
        if len(first) >= chars and "." in first:
            first = first.split(".", 1)[1]
        rows[0] = "…" + first
    return rows[-lines:]


def short(name: str, chars: int = 4) -> str:
    """`name` in at most `chars` characters: cut, it ends in "…" (the full name is the text's
    title on the sheet)."""
    chars = max(2, chars)
    return name if len(name) <= chars else name[: chars - 1].rstrip() + "…"


def _lines_in(box: Box, rows: list[str], first_y: float | None = None) -> list[tuple[float, str]]:
    start = first_y if first_y is not None else box.y + (box.h - LINE * len(rows)) / 2 + LINE - 2
    return [(start + LINE * i, row) for i, row in enumerate(rows)]


def draw(result: dict[str, Any]) -> Drawing:
    """The sheet of `result` (preferans-result/1) after its last deal."""
    names: list[str] = list(result["players"])
    n = len(names)
    layout = FOUR if n == 4 else THREE
    w, h, (cx, cy) = layout.width, layout.height, layout.centre
    rects = [
        (0, 0, w, h),
        (
            layout.pool_inset,
            layout.pool_inset,
            w - 2 * layout.pool_inset,
            h - 2 * layout.pool_inset,
        ),
        (
            layout.mountain_inset,
            layout.mountain_inset,
            w - 2 * layout.mountain_inset,
            h - 2 * layout.mountain_inset,
        ),
    ]
    lines = [(cx, cy, x, y) for x, y in layout.corners]
    deals = result.get("deals") or []
    sheets = [deal["sheet"] for deal in deals]
    drawing = Drawing(
        width=w,
        height=h,
        centre=(cx, cy),
        radius=layout.radius,
        rects=rects,
        lines=lines,
        target=int(result["conventions"].get("pool_target") or 0),
    )
    last = sheets[-1] if sheets else None
    # All-pass marks [распасы] under the sheet, a triangle each (a filled one when it counted
    # more than once), as the players mark them in the corner of the paper.
    base = h + 19
    allpasses = [d for d in deals if d.get("kind") == "allpass"]
    for k, deal in enumerate(allpasses):
        left = 78 + 15 * k
        drawing.marks.append(
            {
                "points": f"{left},{base} {left + 12},{base} {left + 6},{base - 11}",
                "multiplier": deal.get("allpass_multiplier") or 1,
            }
        )
    for seat, name in enumerate(names):
        sector = layout.sectors[seat]
        # The pool and the mountain.
        for kind in ("pool", "mountain"):
            box: Box = getattr(sector, kind)
            total = int(last[kind][name]) if last else 0
            rows = wrap(series([s[kind][name] for s in sheets]), box.chars, box.lines)
            for i, (y, row) in enumerate(_lines_in(box, rows)):
                drawing.texts.append(
                    Text(
                        box.x + box.w / 2,
                        y,
                        row,
                        kind,
                        testid=f"{kind}-{seat}" if i == len(rows) - 1 else "",
                        total=total,
                    )
                )
        # The whists on each opponent, the player's name above them.
        box = sector.whists
        # The player's name over the whists, cut to the band (bold: wider glyphs).
        shown = short(name, int(box.w / NAME_CHAR))
        drawing.texts.append(
            Text(
                box.x + box.w / 2,
                box.y + LINE - 1,
                shown,
                "name",
                testid=f"sector-{seat}",
                title=name if shown != name else "",
            )
        )
        others = [(j, other) for j, other in enumerate(names) if j != seat]
        if box.w >= 150:
            col = box.w / len(others)
            for k, (j, other) in enumerate(others):
                x = box.x + col * k + col / 2
                chars = max(3, int(col / CHAR))
                total = int(last["whists"][name][other]) if last else 0
                parts = series([s["whists"][name][other] for s in sheets])
                drawing.texts.append(
                    Text(x, box.y + 2 * LINE, "→" + short(other, chars - 1), "label", title=other)
                )
                drawing.texts.append(
                    Text(
                        x,
                        box.y + 3 * LINE,
                        wrap(parts, chars, 1)[0],
                        "whists",
                        testid=f"whists-{seat}-{j}",
                        total=total,
                    )
                )
        else:
            y = box.y + 2 * LINE + 6
            for j, other in others:
                total = int(last["whists"][name][other]) if last else 0
                parts = series([s["whists"][name][other] for s in sheets])
                drawing.texts.append(
                    Text(box.x + box.w / 2, y, "→" + short(other), "label", title=other)
                )
                rows = wrap(parts, box.chars, 3)
                for i, row in enumerate(rows):
                    drawing.texts.append(
                        Text(
                            box.x + box.w / 2,
                            y + LINE * (i + 1),
                            row,
                            "whists",
                            testid=f"whists-{seat}-{j}" if i == len(rows) - 1 else "",
                            total=total,
                        )
                    )
                y += LINE * (len(rows) + 1) + 8
    return drawing
