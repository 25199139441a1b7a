"""SVG charts built with plain string building (no plotting library).

Two kinds of figure: :func:`bid_value_chart`, drawn from the rule functions,
and the generic :func:`bar_chart` and :func:`line_chart` that
:mod:`docsgen.statistics` draws the simulation figures with.

Every chart is at most :data:`MAX_WIDTH` units wide and writes no text
smaller than :data:`MIN_FONT`: the site's content column is wider than that
on a desktop screen, so a chart is never scaled down there and every label
reads at 12 px or more. Every axis has a title.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fourhundred.spec.registry import load, variants

from .md import esc

COLOURS = ("#1565c0", "#c62828", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037")
#: The widest chart, in SVG units (= CSS px when shown at its own size).
MAX_WIDTH = 680
#: The smallest text of any chart, in SVG units.
MIN_FONT = 12
FONT = 13
TITLE_FONT = 15
GRID = "#e0e0e0"
INK = "#424242"

BIDS = range(1, 14)
COLUMNS = 2
PANEL_W, PANEL_H = MAX_WIDTH // COLUMNS, 260
PAD_L, PAD_R, PAD_T, PAD_B = 58, 16, 34, 48
#: The bid whose star marks a game-deciding bid.
THIRTEEN = 13

Series = tuple[list[tuple[int, int]], list[int]]


# ---------------------------------------------------------------------------
# Shared drawing
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """A plot area (in SVG units) and the data ranges it shows."""

    left: float
    top: float
    width: float
    height: float
    x_min: float
    x_max: float
    y_min: float
    y_max: float

    def x(self, value: float) -> float:
        """The SVG x of a data x."""
        span = self.x_max - self.x_min or 1
        return self.left + (value - self.x_min) * self.width / span

    def y(self, value: float) -> float:
        """The SVG y of a data y."""
        span = self.y_max - self.y_min or 1
        return self.top + self.height - (value - self.y_min) * self.height / span

    @property
    def bottom(self) -> float:
        return self.top + self.height

    @property
    def right(self) -> float:
        return self.left + self.width


def document(width: float, height: float, title: str, desc: str, body: Sequence[str]) -> str:
    """A standalone SVG with an accessible title and description."""
    return (
        "\n".join(
            [
                f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
                f'width="{width:.0f}" height="{height:.0f}" role="img" '
                'aria-labelledby="chart-title chart-desc" '
                f'font-family="sans-serif" font-size="{FONT}" fill="{INK}">',
                f'<title id="chart-title">{esc(title)}</title>',
                f'<desc id="chart-desc">{esc(desc)}</desc>',
                f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
                *body,
                "</svg>",
            ]
        )
        + "\n"
    )


def text(x: float, y: float, content: str, *, anchor: str = "start", extra: str = "") -> str:
    """One label (escaped), never smaller than :data:`MIN_FONT`."""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{" " + extra if extra else ""}>'
        f"{esc(content)}</text>"
    )


def x_axis_title(frame: Frame, title: str, below: float) -> str:
    """The title of a frame's x axis, centred ``below`` its bottom edge."""
    return text(
        frame.left + frame.width / 2,
        frame.bottom + below,
        title,
        anchor="middle",
        extra='class="x-title"',
    )


def axes(
    frame: Frame,
    x_ticks: Sequence[float],
    y_ticks: Sequence[float],
    x_title: str,
    y_title: str,
    x_label: Callable[[float], str] = lambda v: f"{v:g}",
    y_label: Callable[[float], str] = lambda v: f"{v:g}",
) -> list[str]:
    """Grid lines, tick labels and both axis titles of a frame."""
    out = [f'<g class="axes" font-size="{MIN_FONT}">']
    for value in y_ticks:
        y = frame.y(value)
        out.append(
            f'<line x1="{frame.left:.1f}" y1="{y:.1f}" x2="{frame.right:.1f}" y2="{y:.1f}" '
            f'stroke="{GRID}"/>'
        )
        out.append(
            text(frame.left - 6, y + 4, y_label(value), anchor="end", extra='class="y-tick"')
        )
    for value in x_ticks:
        out.append(
            text(
                frame.x(value),
                frame.bottom + 16,
                x_label(value),
                anchor="middle",
                extra=f'class="x-tick" data-value="{value:g}"',
            )
        )
    out.append(
        f'<line x1="{frame.left:.1f}" y1="{frame.bottom:.1f}" x2="{frame.right:.1f}" '
        f'y2="{frame.bottom:.1f}" stroke="{INK}"/>'
    )
    out.append("</g>")
    out.append(x_axis_title(frame, x_title, 36))
    cx, cy = frame.left - 44, frame.top + frame.height / 2
    out.append(
        text(
            cx,
            cy,
            y_title,
            anchor="middle",
            extra=f'class="y-title" transform="rotate(-90 {cx:.1f} {cy:.1f})"',
        )
    )
    return out


def nice_top(value: float, steps: int = 5) -> tuple[float, float]:
    """A round upper bound at or above ``value`` (1, 2, 2.5 or 5 times a power of
    ten, times ``steps``) and its tick step."""
    if value <= 0:
        return 1.0, 1.0 / steps
    magnitude = 10 ** math.floor(math.log10(value / steps))
    step = next(f * magnitude for f in (1, 2, 2.5, 5, 10) if f * magnitude * steps >= value)
    return step * steps, step


def ticks(top: float, step: float) -> list[float]:
    """0, step, 2 step, ... up to top."""
    count = round(top / step)
    return [round(i * step, 10) for i in range(count + 1)]


def legend(x: float, y: float, items: Sequence[tuple[str, str]]) -> list[str]:
    """A row of coloured swatches with their names."""
    out = []
    for name, colour in items:
        out.append(f'<rect x="{x:.1f}" y="{y - 10:.1f}" width="14" height="12" fill="{colour}"/>')
        out.append(text(x + 20, y, name))
        x += 28 + 7.5 * len(name)
    return out


# ---------------------------------------------------------------------------
# Generic charts for the statistics page
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BarSeries:
    """One coloured series of a bar chart: a value per row."""

    name: str
    colour: str
    values: Sequence[float]


def bar_chart(
    title: str,
    desc: str,
    rows: Sequence[str],
    series: Sequence[BarSeries],
    value_title: str,
    value_label: Callable[[float], str],
    row_title: str = "",
) -> str:
    """Horizontal grouped bars: one group per row, one bar per series, labelled.

    A row label may hold a line break: its lines are stacked beside the group.
    """
    longest = max(len(line) for row in rows for line in row.split("\n"))
    label_w = min(340, max(80, int(7.4 * longest) + 16))
    bar_h, gap = 16, 12
    group_h = max(bar_h * len(series), 16 * max(row.count("\n") + 1 for row in rows)) + gap
    top = 84 if row_title else 62
    top_value, step = nice_top(max((v for s in series for v in s.values), default=0))
    frame = Frame(
        left=label_w,
        top=top,
        width=MAX_WIDTH - label_w - 70,
        height=group_h * len(rows),
        x_min=0,
        x_max=top_value,
        y_min=0,
        y_max=1,
    )
    height = frame.bottom + 50
    body = [text(8, 22, title, extra=f'font-size="{TITLE_FONT}" font-weight="bold"')]
    body.extend(legend(8, 46, [(s.name, s.colour) for s in series]))
    for value in ticks(top_value, step):
        x = frame.x(value)
        body.append(
            f'<line x1="{x:.1f}" y1="{frame.top:.1f}" x2="{x:.1f}" y2="{frame.bottom:.1f}" '
            f'stroke="{GRID}"/>'
        )
        body.append(
            text(x, frame.bottom + 16, value_label(value), anchor="middle", extra='class="x-tick"')
        )
    body.append(x_axis_title(frame, value_title, 38))
    if row_title:
        body.append(
            text(label_w - 8, frame.top - 8, row_title, anchor="end", extra='class="y-title"')
        )
    for index, row in enumerate(rows):
        y0 = frame.top + index * group_h + gap / 2
        lines = row.split("\n")
        plain = ", ".join(lines)
        first = y0 + (group_h - gap) / 2 - 8 * (len(lines) - 1) + 4
        for number, line in enumerate(lines):
            body.append(
                text(label_w - 8, first + 16 * number, line, anchor="end", extra='class="row"')
            )
        for offset, s in enumerate(series):
            value = s.values[index]
            y = y0 + offset * bar_h
            width = max(frame.x(value) - frame.left, 0.0)
            body.append(
                f'<rect x="{frame.left:.1f}" y="{y:.1f}" width="{width:.1f}" '
                f'height="{bar_h - 2}" fill="{s.colour}"><title>{esc(plain)}, {esc(s.name)}: '
                f"{esc(value_label(value))}</title></rect>"
            )
            body.append(text(frame.left + width + 4, y + bar_h - 4, value_label(value)))
    body.append(
        f'<line x1="{frame.left:.1f}" y1="{frame.top:.1f}" x2="{frame.left:.1f}" '
        f'y2="{frame.bottom:.1f}" stroke="{INK}"/>'
    )
    return document(MAX_WIDTH, height, title, desc, body)


@dataclass(frozen=True)
class LineSeries:
    """One coloured line: (x, y) points."""

    name: str
    colour: str
    points: Sequence[tuple[float, float]]


def line_chart(
    title: str,
    desc: str,
    series: Sequence[LineSeries],
    x_ticks: Sequence[float],
    x_title: str,
    y_title: str,
    y_label: Callable[[float], str],
    y_max: float | None = None,
) -> str:
    """Lines over a shared x axis, with a legend above."""
    top_value, step = nice_top(
        y_max if y_max is not None else max(y for s in series for _, y in s.points)
    )
    frame = Frame(
        left=PAD_L + 12,
        top=70,
        width=MAX_WIDTH - PAD_L - 12 - 24,
        height=280,
        x_min=min(x_ticks),
        x_max=max(x_ticks),
        y_min=0,
        y_max=top_value,
    )
    body = [text(8, 22, title, extra=f'font-size="{TITLE_FONT}" font-weight="bold"')]
    body.extend(legend(8, 46, [(s.name, s.colour) for s in series]))
    body.extend(axes(frame, x_ticks, ticks(top_value, step), x_title, y_title, y_label=y_label))
    for s in series:
        points = " ".join(f"{frame.x(x):.1f},{frame.y(y):.1f}" for x, y in s.points)
        body.append(
            f'<polyline class="series" data-series="{esc(s.name)}" points="{points}" '
            f'fill="none" stroke="{s.colour}" stroke-width="2.2"><title>{esc(s.name)}</title>'
            "</polyline>"
        )
    return document(MAX_WIDTH, frame.bottom + 50, title, desc, body)


# ---------------------------------------------------------------------------
# Bid values, from the rule functions
# ---------------------------------------------------------------------------


def series(name: str, score: int) -> Series:
    """(bid, value) points of a variant's ordinary bids, and its game-deciding bids."""
    rules = load(name)
    points, special = [], []
    for bid in BIDS:
        if not rules.min_bid <= bid <= rules.max_bid:
            continue
        if rules.is_special_bid(bid):
            special.append(bid)
        else:
            points.append((bid, int(rules.bid_value(bid, score, score))))
    return points, special


def _panel(index: int, top_value: int) -> Frame:
    x0 = (index % COLUMNS) * PANEL_W
    y0 = (index // COLUMNS) * PANEL_H
    return Frame(
        left=x0 + PAD_L,
        top=y0 + PAD_T,
        width=PANEL_W - PAD_L - PAD_R,
        height=PANEL_H - PAD_T - PAD_B,
        x_min=1,
        x_max=13,
        y_min=0,
        y_max=top_value,
    )


def _path(frame: Frame, points: list[tuple[int, int]]) -> str:
    return " ".join(f"{frame.x(b):.1f},{frame.y(v):.1f}" for b, v in points)


def _star(frame: Frame, bid: int, colour: str, name: str) -> list[str]:
    """A game-deciding bid: a dashed guide at the bid's x and a star on it."""
    x = frame.x(bid)
    y = frame.y(frame.y_max * 0.55)
    return [
        f'<line x1="{x:.1f}" y1="{frame.top:.1f}" x2="{x:.1f}" y2="{frame.bottom:.1f}" '
        f'stroke="{colour}" stroke-dasharray="3 3"/>',
        f'<text class="decides" data-bid="{bid}" x="{x:.1f}" y="{y + 7:.1f}" '
        f'text-anchor="middle" font-size="22" fill="{colour}">★<title>{esc(name)}: a bid of '
        f"{bid} decides the game</title></text>",
    ]


def bid_value_chart() -> str:
    """Bid value against bid: one small chart per variant (defaults), the others in grey.

    Solid line: a bidder below 30 points. Dashed: from 30 points, drawn only
    where the values change there. A star on a dashed guide at its bid marks a
    bid that decides the game instead of scoring points.
    """
    names = [v.name for v in variants()]
    low = {n: series(n, 0) for n in names}
    high = {n: series(n, 30) for n in names}
    biggest = max(v for pts, _ in low.values() for _, v in pts)
    top_value = (biggest // 20 + 1) * 20
    rows = (len(names) + COLUMNS) // COLUMNS
    width, height = COLUMNS * PANEL_W, rows * PANEL_H
    out = []
    for index, name in enumerate(names):
        frame = _panel(index, top_value)
        colour = COLOURS[index % len(COLOURS)]
        out.append(f'<g class="panel" data-variant="{esc(name)}">')
        out.extend(
            axes(frame, list(BIDS), list(range(0, top_value + 1, 20)), "bid (tricks)", "points")
        )
        for other in names:
            if other != name:
                out.append(
                    f'<polyline points="{_path(frame, low[other][0])}" fill="none" '
                    'stroke="#cfcfcf" stroke-width="1.2"/>'
                )
        points, special = low[name]
        if high[name][0] != points:
            out.append(
                f'<polyline points="{_path(frame, high[name][0])}" fill="none" '
                f'stroke="{colour}" stroke-width="2" stroke-dasharray="5 4"/>'
            )
        out.append(
            f'<polyline points="{_path(frame, points)}" fill="none" stroke="{colour}" '
            'stroke-width="2.5"/>'
        )
        for bid, value in points:
            out.append(
                f'<circle cx="{frame.x(bid):.1f}" cy="{frame.y(value):.1f}" r="3" '
                f'fill="{colour}"><title>{esc(name)}: bid {bid} = {value} points</title></circle>'
            )
        for bid in special:
            out.extend(_star(frame, bid, colour, name))
        out.append(
            text(
                frame.left,
                frame.top - 14,
                name,
                extra=f'font-size="{TITLE_FONT}" font-weight="bold" fill="{colour}"',
            )
        )
        out.append("</g>")
    out.extend(_bid_value_legend(_panel(len(names), top_value)))
    return document(
        width,
        height,
        "Bid value against bid, every variant",
        "One small chart per variant under its default options: the points a made bid wins "
        "(and a failed bid loses) for each bid from 1 to 13. Generated from the fourhundred "
        "specification.",
        out,
    )


def _bid_value_legend(frame: Frame) -> list[str]:
    lx, ly = frame.left - PAD_L + 16, frame.top + 10
    items = [
        ('stroke-width="2.5"', "own score below 30"),
        ('stroke-width="2" stroke-dasharray="5 4"', "own score 30 or more"),
        ('stroke="#cfcfcf" stroke-width="1.2"', "the other variants"),
    ]
    out = []
    for offset, (style, label) in enumerate(items):
        y = ly + offset * 26
        stroke = "" if "stroke=" in style else f'stroke="{INK}" '
        out.append(f'<line x1="{lx}" y1="{y}" x2="{lx + 28}" y2="{y}" {stroke}{style}/>')
        out.append(text(lx + 36, y + 5, label))
    y = ly + len(items) * 26
    out.append(text(lx + 14, y + 7, "★", anchor="middle", extra='font-size="20"'))
    out.append(text(lx + 36, y + 5, "a bid that decides the game"))
    out.append(text(lx + 36, y + 23, "(drawn at its bid)"))
    return out
