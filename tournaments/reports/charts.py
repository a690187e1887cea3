"""Small inline SVG charts for the reports (bars and lines), drawn by hand so that the same
markup shows in a browser and in WeasyPrint's PDF. Labels are escaped; sizes are in px."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

FONT = "'Report Sans', 'DejaVu Sans', sans-serif"
ACCENT = "#1f5f3f"
SECOND = "#b5651d"
GRID = "#d8d8d8"


def _text(x: float, y: float, content: str, size: int = 9, **attrs: str) -> str:
    """An SVG text element in the report font; `anchor` sets text-anchor."""
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-family="{FONT}" font-size="{size}"{extra}>'
        f"{escape(content)}</text>"
    )


def _open(width: int, height: int, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">'
        + _text(0, 13, title, 12, font_weight="bold")
    )


def _grid(x1: float, x2: float, y: float) -> str:
    return (
        f'<line x1="{x1}" y1="{y:.1f}" x2="{x2}" y2="{y:.1f}" stroke="{GRID}" stroke-width="0.6"/>'
    )


def _fmt(value: float, digits: int) -> str:
    return f"{value:.{digits}f}" if digits else str(round(value))


def _axis(maximum: float, *, integer: bool = False) -> tuple[float, float]:
    """(top, step) of a value axis from 0: a step of 1, 2, 2.5 or 5 × 10^n, about four steps
    up to the largest value, so every grid line has a round label."""
    if maximum <= 0:
        return (4.0, 1.0) if integer else (1.0, 0.25)
    rough = maximum / 4
    magnitude = 10 ** math.floor(math.log10(rough))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= rough)
    if integer:
        step = max(1.0, math.ceil(step))
    # Headroom above the largest value for its label.
    top = step * (math.floor(maximum / step + 1e-9) + 1)
    return top, step


def _ticks(top: float, step: float) -> list[float]:
    return [step * k for k in range(round(top / step) + 1)]


def _tick_label(value: float, step: float) -> str:
    return _fmt(value, 0 if float(step).is_integer() else (1 if (step * 10).is_integer() else 2))


def _empty(width: int, height: int, title: str, note: str) -> str:
    return _open(width, height, title) + _text(4, 40, note, 11, fill="#666") + "</svg>"


def bar_chart(
    items: Sequence[tuple[str, float]],
    *,
    title: str,
    width: int = 520,
    bar: int = 14,
    digits: int = 1,
    empty: str = "—",
) -> str:
    """Horizontal bars, one per (label, value), the value printed at the bar's end."""
    if not items:
        return _empty(width, 50, title, empty)
    label_w = 150
    top = 22
    height = top + len(items) * (bar + 4) + 6
    top_value, _step = _axis(max(v for _, v in items))
    span = width - label_w - 50
    parts = [_open(width, height, title)]
    for index, (label, value) in enumerate(items):
        y = top + index * (bar + 4)
        length = max(0.0, value) / top_value * span
        parts.append(
            _text(label_w - 6, y + bar - 3, label[:28], 10, text_anchor="end")
            + f'<rect x="{label_w}" y="{y}" width="{length:.1f}" height="{bar}" fill="{ACCENT}"/>'
            + _text(label_w + length + 4, y + bar - 3, _fmt(value, digits), 10)
        )
    parts.append("</svg>")
    return "".join(parts)


def column_chart(
    items: Sequence[tuple[str, float]],
    *,
    title: str,
    width: int = 520,
    height: int = 200,
    digits: int = 0,
    reference: float | None = None,
    reference_label: str = "",
    empty: str = "—",
    label_chars: int = 12,
) -> str:
    """Vertical columns over labelled categories (rounds, combination kinds), with an optional
    dashed reference line (e.g. the tournament's average); a label is cut to `label_chars`."""
    if not items:
        return _empty(width, 50, title, empty)
    left, right, top, bottom = 36, 10, 24, 22
    plot_w, plot_h = width - left - right, height - top - bottom
    highest = max([v for _, v in items] + [reference or 0])
    top_value, step = _axis(highest, integer=digits == 0)
    slot = plot_w / len(items)
    col = min(40.0, slot * 0.7)
    parts = [_open(width, height, title)]
    for value in _ticks(top_value, step):
        y = top + plot_h - plot_h * value / top_value
        parts.append(
            _grid(left, width - right, y)
            + _text(left - 4, y + 3, _tick_label(value, step), text_anchor="end")
        )
    for index, (label, value) in enumerate(items):
        x = left + slot * index + (slot - col) / 2
        h = max(0.0, value) / top_value * plot_h
        y = top + plot_h - h
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{col:.1f}" height="{h:.1f}" fill="{ACCENT}"/>'
            + _text(x + col / 2, y - 2, _fmt(value, digits), text_anchor="middle")
            + _text(x + col / 2, height - 8, label[:label_chars], text_anchor="middle")
        )
    if reference is not None:
        y = top + plot_h - max(0.0, reference) / top_value * plot_h
        note = f"{reference_label} {_fmt(reference, max(digits, 1))}"
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" stroke="{SECOND}" '
            'stroke-width="1.2" stroke-dasharray="5,3"/>'
            + _text(width - right, y - 3, note, text_anchor="end", fill=SECOND)
        )
    parts.append("</svg>")
    return "".join(parts)


def line_chart(
    series: Sequence[tuple[str, Sequence[tuple[str, float]]]],
    *,
    title: str,
    width: int = 520,
    height: int = 200,
    percent: bool = False,
    empty: str = "—",
) -> str:
    """Lines over shared categories (rounds): one line per (name, [(label, value)])."""
    points = [p for _, line in series for p in line]
    if not points:
        return _empty(width, 50, title, empty)
    labels = [label for label, _ in max((line for _, line in series), key=len)]
    left, right, top, bottom = 40, 10, 24, 34
    plot_w, plot_h = width - left - right, height - top - bottom
    top_value, step = _axis(max(v for _, v in points))
    x_step = plot_w / max(1, len(labels) - 1)
    colours = [ACCENT, SECOND, "#3b6ea5", "#7a3b8f"]

    def fmt(value: float) -> str:
        return f"{value * 100:.0f}%" if percent else _fmt(value, 1)

    parts = [_open(width, height, title)]
    for value in _ticks(top_value, step):
        y = top + plot_h - plot_h * value / top_value
        label = fmt(value) if percent else _tick_label(value, step)
        parts.append(
            _grid(left, width - right, y) + _text(left - 4, y + 3, label, text_anchor="end")
        )
    for index, label in enumerate(labels):
        x = left + x_step * index if len(labels) > 1 else left + plot_w / 2
        parts.append(_text(x, top + plot_h + 12, label, text_anchor="middle"))
    for number, (name, line) in enumerate(series):
        colour = colours[number % len(colours)]
        coords = []
        for index, (_label, value) in enumerate(line):
            x = left + x_step * index if len(labels) > 1 else left + plot_w / 2
            y = top + plot_h - max(0.0, value) / top_value * plot_h
            coords.append((x, y))
        if len(coords) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
            dash = ' stroke-dasharray="5,3"' if number else ""
            parts.append(
                f'<polyline points="{path}" fill="none" stroke="{colour}" '
                f'stroke-width="1.8"{dash}/>'
            )
        parts.extend(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.6" fill="{colour}"/>' for x, y in coords
        )
        legend_x = left + number * 170
        parts.append(
            f'<rect x="{legend_x}" y="{height - 11}" width="10" height="4" fill="{colour}"/>'
            + _text(legend_x + 14, height - 6, name[:28])
        )
    parts.append("</svg>")
    return "".join(parts)


# --- signed figures (a whist balance [сальдо] goes below zero) ------------------------------


def _signed_axis(low: float, high: float, *, integer: bool) -> tuple[float, float, float]:
    """(bottom, top, step) of a value axis through 0 that holds `low`..`high`, with a step's
    headroom beyond the largest value on each side that has one."""
    low, high = min(0.0, low), max(0.0, high)
    _top, step = _axis(max(high - low, abs(low), high), integer=integer)
    top = step * (math.floor(high / step + 1e-9) + 1) if high > 0 else 0.0
    bottom = -step * (math.floor(-low / step + 1e-9) + 1) if low < 0 else 0.0
    if top == bottom:
        top = step
    return bottom, top, step


def signed_column_chart(
    items: Sequence[tuple[str, float]],
    *,
    title: str,
    width: int = 520,
    height: int = 200,
    digits: int = 0,
    empty: str = "—",
) -> str:
    """Vertical columns up from or down from a zero line, one per (label, value): a figure
    that goes below zero, as a whist balance per round. Negative columns in the second
    colour."""
    if not items:
        return _empty(width, 50, title, empty)
    left, right, top, bottom = 44, 10, 24, 22
    plot_w, plot_h = width - left - right, height - top - bottom
    low, high, step = _signed_axis(
        min(v for _, v in items), max(v for _, v in items), integer=digits == 0
    )

    def y_of(value: float) -> float:
        return top + plot_h * (high - value) / (high - low)

    slot = plot_w / len(items)
    col = min(40.0, slot * 0.7)
    parts = [_open(width, height, title)]
    for k in range(round((high - low) / step) + 1):
        value = low + step * k
        y = y_of(value)
        parts.append(
            _grid(left, width - right, y)
            + _text(left - 4, y + 3, _tick_label(value, step), text_anchor="end")
        )
    zero = y_of(0)
    for index, (label, value) in enumerate(items):
        x = left + slot * index + (slot - col) / 2
        y = y_of(value)
        y1, h = (y, zero - y) if value >= 0 else (zero, y - zero)
        colour = ACCENT if value >= 0 else SECOND
        figure_y = y - 2 if value >= 0 else y + 10
        parts.append(
            f'<rect x="{x:.1f}" y="{y1:.1f}" width="{col:.1f}" height="{h:.1f}" '
            f'fill="{colour}"/>'
            + _text(x + col / 2, figure_y, _fmt(value, digits), text_anchor="middle")
            + _text(x + col / 2, height - 8, label[:12], text_anchor="middle")
        )
    parts.append(
        f'<line x1="{left}" y1="{zero:.1f}" x2="{width - right}" y2="{zero:.1f}" '
        'stroke="#333" stroke-width="0.8"/>'
    )
    parts.append("</svg>")
    return "".join(parts)


def signed_bar_chart(
    items: Sequence[tuple[str, float]],
    *,
    title: str,
    width: int = 520,
    bar: int = 14,
    digits: int = 0,
    empty: str = "—",
) -> str:
    """Horizontal bars to the right of a zero line or to its left, one per (label, value),
    the value printed at the bar's end: players' whist balances."""
    if not items:
        return _empty(width, 50, title, empty)
    label_w = 150
    top = 22
    height = top + len(items) * (bar + 4) + 6
    low = min(0.0, min(v for _, v in items))
    high = max(0.0, max(v for _, v in items))
    span_px = width - label_w - 90  # room for a figure on either side
    scale = span_px / (high - low) if high > low else 0.0
    zero = label_w + 45 + (-low) * scale
    parts = [_open(width, height, title)]
    for index, (label, value) in enumerate(items):
        y = top + index * (bar + 4)
        length = abs(value) * scale
        x = zero if value >= 0 else zero - length
        colour = ACCENT if value >= 0 else SECOND
        figure = (
            _text(zero + length + 4, y + bar - 3, _fmt(value, digits), 10)
            if value >= 0
            else _text(zero - length - 4, y + bar - 3, _fmt(value, digits), 10, text_anchor="end")
        )
        parts.append(
            _text(label_w - 6, y + bar - 3, label[:28], 10, text_anchor="end")
            + f'<rect x="{x:.1f}" y="{y}" width="{length:.1f}" height="{bar}" fill="{colour}"/>'
            + figure
        )
    parts.append(
        f'<line x1="{zero:.1f}" y1="{top - 2}" x2="{zero:.1f}" y2="{height - 4}" '
        'stroke="#333" stroke-width="0.8"/>'
    )
    parts.append("</svg>")
    return "".join(parts)
