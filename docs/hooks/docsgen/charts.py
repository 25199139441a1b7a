"""SVG charts built with plain string building from the rule functions (no plotting library)."""

from __future__ import annotations

from fourhundred.spec.registry import load, variants

from .md import esc

COLOURS = ("#1565c0", "#c62828", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037")
BIDS = range(1, 14)
COLUMNS = 3
PANEL_W, PANEL_H = 300, 230
PAD_L, PAD_R, PAD_T, PAD_B = 38, 12, 34, 34

Series = tuple[list[tuple[int, int]], list[int]]


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


class Panel:
    """Coordinates of one small chart."""

    def __init__(self, index: int, top_value: int) -> None:
        self.x0 = (index % COLUMNS) * PANEL_W
        self.y0 = (index // COLUMNS) * PANEL_H
        self.top_value = top_value

    def x(self, bid: int) -> float:
        width = PANEL_W - PAD_L - PAD_R
        return self.x0 + PAD_L + (bid - 1) * width / (len(BIDS) - 1)

    def y(self, value: float) -> float:
        height = PANEL_H - PAD_T - PAD_B
        return self.y0 + PANEL_H - PAD_B - value * height / self.top_value

    def path(self, points: list[tuple[int, int]]) -> str:
        return " ".join(f"{self.x(b):.1f},{self.y(v):.1f}" for b, v in points)


def _axes(panel: Panel) -> list[str]:
    out = []
    for value in range(0, panel.top_value + 1, 20):
        y = panel.y(value)
        out.append(
            f'<line x1="{panel.x(1):.1f}" y1="{y:.1f}" x2="{panel.x(13):.1f}" y2="{y:.1f}" '
            'stroke="#e6e6e6"/>'
        )
        out.append(
            f'<text x="{panel.x(1) - 6:.1f}" y="{y + 4:.1f}" text-anchor="end">{value}</text>'
        )
    for bid in BIDS:
        out.append(
            f'<text x="{panel.x(bid):.1f}" y="{panel.y(0) + 14:.1f}" text-anchor="middle" '
            f'font-size="10">{bid}</text>'
        )
    return out


def bid_value_chart() -> str:
    """Bid value against bid: one small chart per variant (defaults), the others in grey.

    Solid line: a bidder below 30 points. Dashed: from 30 points, drawn only
    where the values change there. A star marks a bid of 13 that decides the
    game instead of scoring points.
    """
    names = [v.name for v in variants()]
    low = {n: series(n, 0) for n in names}
    high = {n: series(n, 30) for n in names}
    biggest = max(v for pts, _ in low.values() for _, v in pts)
    top_value = (biggest // 20 + 1) * 20
    rows = (len(names) + COLUMNS) // COLUMNS
    width, height = COLUMNS * PANEL_W, rows * PANEL_H + 24
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-labelledby="chart-title chart-desc" '
        'font-family="sans-serif" font-size="11">',
        '<title id="chart-title">Bid value against bid, every variant</title>',
        '<desc id="chart-desc">One small chart per variant under its default options: the '
        "points a made bid wins (and a failed bid loses) for each bid from 1 to 13. Generated "
        "from the fourhundred specification.</desc>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for index, name in enumerate(names):
        panel = Panel(index, top_value)
        colour = COLOURS[index % len(COLOURS)]
        out.append(f'<g class="panel" data-variant="{esc(name)}">')
        out.extend(_axes(panel))
        for other in names:
            if other != name:
                out.append(
                    f'<polyline points="{panel.path(low[other][0])}" fill="none" '
                    'stroke="#cfcfcf" stroke-width="1.2"/>'
                )
        points, special = low[name]
        if high[name][0] != points:
            out.append(
                f'<polyline points="{panel.path(high[name][0])}" fill="none" stroke="{colour}" '
                'stroke-width="2" stroke-dasharray="5 4"/>'
            )
        out.append(
            f'<polyline points="{panel.path(points)}" fill="none" stroke="{colour}" '
            'stroke-width="2.5"/>'
        )
        for bid, value in points:
            out.append(
                f'<circle cx="{panel.x(bid):.1f}" cy="{panel.y(value):.1f}" r="3" fill="{colour}">'
                f"<title>{esc(name)}: bid {bid} = {value} points</title></circle>"
            )
        for bid in special:
            out.append(
                f'<text x="{panel.x(bid):.1f}" y="{panel.y(top_value) + 6:.1f}" '
                f'text-anchor="middle" font-size="16" fill="{colour}">★<title>{esc(name)}: a bid '
                f"of {bid} decides the game</title></text>"
            )
        out.append(
            f'<text x="{panel.x0 + PAD_L}" y="{panel.y0 + 20}" font-size="13" font-weight="bold" '
            f'fill="{colour}">{esc(name)}</text>'
        )
        out.append("</g>")
    legend = Panel(len(names), top_value)
    lx, ly = legend.x0 + PAD_L, legend.y0 + PAD_T + 10
    items = [
        ('stroke-width="2.5"', "own score below 30"),
        ('stroke-width="2" stroke-dasharray="5 4"', "own score 30 or more (where it differs)"),
        ('stroke="#cfcfcf" stroke-width="1.2"', "the other variants"),
    ]
    for offset, (style, label) in enumerate(items):
        y = ly + offset * 22
        stroke = "" if "stroke=" in style else 'stroke="#424242" '
        out.append(f'<line x1="{lx}" y1="{y}" x2="{lx + 28}" y2="{y}" {stroke}{style}/>')
        out.append(f'<text x="{lx + 36}" y="{y + 4}">{label}</text>')
    y = ly + len(items) * 22
    out.append(f'<text x="{lx + 14}" y="{y + 6}" text-anchor="middle" font-size="16">★</text>')
    out.append(f'<text x="{lx + 36}" y="{y + 4}">a bid of 13 decides the game</text>')
    out.append(
        f'<text x="{width / 2:.0f}" y="{height - 8}" text-anchor="middle">'
        "bid (tricks) across, points up</text>"
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"
