"""The statistics page: the variants in play and how much each ambiguity matters.

Read from the committed figures (no simulation at build time):
:data:`fourhundred.reference.batch_stats.FIGURES_PATH` (``fourhundred simulate
--write-figures``) and :data:`fourhundred.reference.batch_impact.FIGURES_PATH`
(``fourhundred ambiguities --measure --write``).

The same figures are drawn as SVG charts (:func:`chart_files`, with
:mod:`docsgen.charts`) shown above the tables they summarise.
"""

from __future__ import annotations

from typing import Any

from fourhundred.reference import batch_impact, batch_stats

from .charts import COLOURS, BarSeries, LineSeries, bar_chart, line_chart
from .md import cell, generated_banner, table

#: Where each chart goes in the site, beside the statistics page.
CHART_PATHS = {
    "throw_in": "rules/statistics-throw-in.svg",
    "hands": "rules/statistics-hands-per-game.svg",
    "bids": "rules/statistics-bids.svg",
    "made": "rules/statistics-made-rate.svg",
    "rare": "rules/statistics-rare-events.svg",
    "impact": "rules/statistics-ambiguity-impact.svg",
}
#: Hands per game drawn up to this many (the few longer games are in the table).
HANDS_SHOWN = 80
PLAYER_COLOURS = {"heuristic": COLOURS[0], "random": COLOURS[3]}


def _percent(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{100 * value:.{digits}f}%"


def _axis_percent(value: float) -> str:
    return f"{100 * value:.3g}%"


def _per_thousand(value: float) -> str:
    return f"{1000 * value:.3g}"


def _heuristic(figures: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [f for f in figures if f["players"][0] == "heuristic"]


def _variant_colours(figures: list[dict[str, Any]]) -> dict[str, str]:
    order = list(dict.fromkeys(f["variant"] for f in figures))
    return {name: COLOURS[i % len(COLOURS)] for i, name in enumerate(order)}


def throw_in_chart(data: dict[str, Any]) -> str:
    """Share of hands thrown in, per variant and kind of player."""
    figures: list[dict[str, Any]] = data["figures"]
    rows = list(dict.fromkeys(f["variant"] for f in figures))
    by = {(f["variant"], f["players"][0]): f["throw_in_rate"] for f in figures}
    players = list(dict.fromkeys(f["players"][0] for f in figures))
    return bar_chart(
        "Hands thrown in",
        "The share of dealt hands thrown in (redealt), per variant, for heuristic and "
        "random players at every seat.",
        rows,
        [
            BarSeries(f"{p} players", PLAYER_COLOURS.get(p, COLOURS[4]), [by[(r, p)] for r in rows])
            for p in players
        ],
        "share of dealt hands thrown in",
        _axis_percent,
        row_title="variant",
    )


def hands_chart(data: dict[str, Any]) -> str:
    """The distribution of hands per game, heuristic players."""
    figures = _heuristic(data["figures"])
    colours = _variant_colours(figures)
    lines = []
    for f in figures:
        histogram = {int(k): n for k, n in f["hands_per_game"]["histogram"].items()}
        games = sum(histogram.values())
        lines.append(
            LineSeries(
                f["variant"],
                colours[f["variant"]],
                [(h, histogram.get(h, 0) / games) for h in range(1, HANDS_SHOWN + 1)],
            )
        )
    return line_chart(
        "How many hands a game lasts",
        f"The share of games that last each number of hands (up to {HANDS_SHOWN}), "
        "heuristic players at every seat, one line per variant.",
        lines,
        list(range(0, HANDS_SHOWN + 1, 10)),
        "hands in the game",
        "share of games",
        _axis_percent,
    )


def _bid_lines(figures: list[dict[str, Any]], field: str) -> list[LineSeries]:
    colours = _variant_colours(figures)
    return [
        LineSeries(
            f["variant"],
            colours[f["variant"]],
            [(int(b), v[field]) for b, v in sorted(f["bids"].items(), key=lambda kv: int(kv[0]))],
        )
        for f in figures
    ]


#: The charts of one figure of each bid, heuristic players: the figure, then the
#: chart's title, description, y axis title and top.
_BID_CHARTS: dict[str, tuple[str, str, str, str, float | None]] = {
    "bids": (
        "share_of_bids",
        "Which bids players make",
        "The share of all bids that are each bid from 1 to 13, heuristic players, one line "
        "per variant.",
        "share of all bids",
        None,
    ),
    "made": (
        "made_rate",
        "How often a bid is made",
        "The share of played hands in which a player who bid it took at least that many "
        "tricks, for each bid from 1 to 13, heuristic players, one line per variant.",
        "made, share of played hands",
        1.0,
    ),
}


def bid_chart(data: dict[str, Any], chart: str) -> str:
    """One figure of each bid from 1 to 13 (:data:`_BID_CHARTS`: how often players
    place it, how often who bid it takes that many tricks), a line per variant."""
    field, title, desc, y_title, y_max = _BID_CHARTS[chart]
    return line_chart(
        title,
        desc,
        _bid_lines(_heuristic(data["figures"]), field),
        list(range(1, 14)),
        "bid (tricks)",
        y_title,
        _axis_percent,
        y_max=y_max,
    )


def rare_chart(data: dict[str, Any]) -> str:
    """Both teams qualifying, and 13s bid and made, per 1,000 played hands."""
    figures = _heuristic(data["figures"])
    rows = [f["variant"] for f in figures]
    return bar_chart(
        "Rare events, per 1,000 played hands",
        "Per 1,000 played hands (heuristic players): hands after which both teams qualify "
        "to win, hands with a bid of 13, and 13s made.",
        rows,
        [
            BarSeries(
                "both teams qualify",
                COLOURS[2],
                [f["both_qualify"]["per_played_hand"] for f in figures],
            ),
            BarSeries(
                "13 bid", COLOURS[1], [f["thirteen"]["bid_per_played_hand"] for f in figures]
            ),
            BarSeries(
                "13 made", COLOURS[4], [f["thirteen"]["made_per_played_hand"] for f in figures]
            ),
        ],
        "per 1,000 played hands",
        _per_thousand,
        row_title="variant",
    )


def impact_chart(data: dict[str, Any]) -> str:
    """How often each reading changes a game and its winner, the largest first (the
    readings that change nothing are listed under the table instead)."""
    rows, any_difference, winners = [], [], []
    for entry_id, f in _impact_rows(data):
        if f["hands_differ"] == 0:
            continue
        rows.append(f"{entry_id}\n{f['variant']}: {f['reading']}")
        any_difference.append(f["hands_differ"] / f["games"])
        winners.append(f["game_share"])
    return bar_chart(
        "How much each ambiguity matters",
        "For each register entry, variant and reading other than the default that changes "
        "anything: the share of games with any difference, and of games whose winner "
        "changes, largest first.",
        rows,
        [
            BarSeries("any difference", COLOURS[0], any_difference),
            BarSeries("winner changes", COLOURS[1], winners),
        ],
        "share of games",
        _axis_percent,
        row_title="entry, variant: reading",
    )


def chart_files() -> dict[str, str]:
    """Every chart of the page, by its path in the site."""
    play = batch_stats.load_figures()
    impact = batch_impact.load_figures()
    return {
        CHART_PATHS["throw_in"]: throw_in_chart(play),
        CHART_PATHS["hands"]: hands_chart(play),
        CHART_PATHS["bids"]: bid_chart(play, "bids"),
        CHART_PATHS["made"]: bid_chart(play, "made"),
        CHART_PATHS["rare"]: rare_chart(play),
        CHART_PATHS["impact"]: impact_chart(impact),
    }


def _figure(key: str, alt: str) -> str:
    return f"![{alt}]({CHART_PATHS[key].removeprefix('rules/')})\n\n"


def _play_section(data: dict[str, Any]) -> list[str]:
    figures: list[dict[str, Any]] = data["figures"]
    out = [
        "## The variants in play\n\n",
        f"{data['games']:,} games of every variant under its defaults (seed `{data['seed']}`), "
        "with the heuristic players of `fourhundred.reference.players` at every seat, and "
        "with uniformly random players (every legal bid and card equally likely). A game stops "
        "as *unfinished* after its hand limit and as *stuck* when a player has no legal bid. "
        "Random bidders mostly bid more than they can make, so their scores fall and, where "
        "only points decide the game, it never ends.\n\n",
    ]
    out.append(_figure("throw_in", "Hands thrown in, per variant and kind of player"))
    out.append(_figure("hands", "How many hands a game lasts, per variant"))
    out.append(_figure("rare", "Both teams qualifying and 13s, per 1,000 played hands"))
    rows = []
    for f in figures:
        lengths = f["hands_per_game"]
        rows.append(
            [
                f"[{f['variant']}]({f['variant']}.md)",
                f["players"][0],
                _percent(f["throw_in_rate"]),
                f"{lengths['mean']:.1f}",
                f"{lengths['quantiles']['50']} / {lengths['quantiles']['90']}",
                _percent(f["both_qualify"]["per_played_hand"], 2),
                _percent(f["thirteen"]["bid_per_played_hand"], 2),
                _thirteen_made(f["thirteen"]),
                " · ".join(
                    f"{name} {_percent(share)}" for name, share in f["outcomes"].items() if share
                ),
            ]
        )
    out.append(
        table(
            [
                "variant",
                "players",
                "thrown in",
                "hands per game",
                "median / 90%",
                "both qualify (per hand)",
                "13 bid (per hand)",
                "13 made",
                "games end",
            ],
            rows,
        )
    )
    out.append("\n### Bids: how often each is bid, and made when played\n\n")
    out.append(_figure("bids", "The share of all bids that are each bid, per variant"))
    out.append(_figure("made", "How often each bid is made, per variant"))
    bids = range(14)
    out.append(
        table(
            ["variant", "players", *(str(b) for b in bids if b)],
            (
                [
                    f["variant"],
                    f["players"][0],
                    *(_bid_cell(f["bids"].get(str(b))) for b in bids if b),
                ]
                for f in figures
            ),
        )
    )
    out.append("\nEach cell: share of all bids, then (made rate in played hands).\n\n")
    out.append("### Score trajectory: the leading team's total after each hand\n\n")
    points = sorted({int(k) for f in figures for k in f["trajectory"]})
    out.append(
        table(
            ["variant", "players", *(f"hand {k}" for k in points)],
            (
                [
                    f["variant"],
                    f["players"][0],
                    *(
                        f"{f['trajectory'][str(k)]:.1f}" if str(k) in f["trajectory"] else "–"
                        for k in points
                    ),
                ]
                for f in figures
            ),
        )
    )
    out.append(
        "\nA mean over the games still running at that hand. Again: "
        "`fourhundred simulate VARIANT --games N --players heuristic|random --json`.\n\n"
    )
    return out


def _thirteen_made(thirteen: dict[str, Any]) -> str:
    """The share of played hands with a 13 made, and why it is 0 when it is."""
    made, bid = thirteen["made_per_played_hand"], thirteen["bid_per_played_hand"]
    if made:
        return _percent(made, 4)
    if bid:
        return "0 <small>(13 bid, never made: it needs every trick)</small>"
    return "0 <small>(13 never bid)</small>"


def _bid_cell(figure: dict[str, Any] | None) -> str:
    if figure is None:
        return "–"
    return f"{_percent(figure['share_of_bids'])} ({_percent(figure['made_rate'], 0)})"


#: Why a reading shows no difference at all, where the reason is structural (the
#: simulation does not model the rule, or the defaults make the readings coincide).
ZERO_REASONS: dict[str, str] = {
    "deal-pattern": "the batched simulator deals each hand straight from the seeded shuffle, "
    "so the deal pattern is not simulated",
    "turn-time-limit": "simulated players never run out of time",
    "qahwa-table-switch": "under the default switch (total=11) the three readings give the "
    "same table minimum",
    "eleven-plus-and-13": "the rule it qualifies (any bid of 11 or more scores 50) is off "
    "under the defaults",
    "own-minimum-growth": "the cap lies at a score no game of the sample reached",
    "table-minimum-growth": "the cap lies at a score no game of the sample reached",
    "thirteen-conflict": "the heuristic players bid 13 about 6 times in 10,000 played hands "
    "and never made one, so no two 13s ever met",
    "thirteen-partner": "no 13 was made in the sample",
    "failed-thirteen-and-target": "no failed 13 met a partner reaching the target in the sample",
}
#: The reason for a zero with no structural reason.
ZERO_IN_SAMPLE = "no game of the sample reached a position where the readings differ"
#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (0, 0 for no trials)."""
    if trials == 0:
        return 0.0, 0.0
    p = successes / trials
    centre = p + Z95**2 / (2 * trials)
    spread = Z95 * (p * (1 - p) / trials + Z95**2 / (4 * trials**2)) ** 0.5
    scale = 1 + Z95**2 / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def _share(successes: int, trials: int) -> str:
    """'12.3% (11.4–13.2)': a share and its 95 % interval."""
    low, high = wilson(successes, trials)
    share = successes / trials if trials else 0.0
    return f"{_percent(share)} <small>({100 * low:.1f}–{100 * high:.1f})</small>"


def win_rate_move(figure: dict[str, Any]) -> tuple[float, float] | None:
    """How far North–South's win rate moves under the reading (points of percent), and the
    half-width of its 95 % interval (the two runs' variances added: the games are paired,
    so the true interval is narrower). None when the figures do not count wins."""
    wins = figure.get("team_0_wins")
    if not wins:
        return None
    games = int(figure["games"])
    a, b = wins[0] / games, wins[1] / games
    spread = Z95 * ((a * (1 - a) + b * (1 - b)) / games) ** 0.5
    return 100 * (b - a), 100 * spread


def _move(figure: dict[str, Any]) -> str:
    move = win_rate_move(figure)
    if move is None:
        return "–"
    delta, spread = move
    sign = "+" if delta > 0 else "−" if delta < 0 else "±"
    return f"{sign}{abs(delta):.1f} <small>(±{spread:.1f})</small>"


def _impact_rows(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(entry id, figure) for every reading, the largest effect first."""
    rows = [(entry, f) for entry, figures in data["entries"].items() for f in figures]
    return sorted(
        rows,
        key=lambda row: (-row[1]["games_differ"], -row[1]["hands_differ"], row[0]),
    )


def _impact_section(data: dict[str, Any]) -> list[str]:
    out = [
        "## How much each ambiguity matters\n\n",
        f"For every [register](ambiguities.md) entry with an option, every variant it applies "
        f"to and every reading other than the default: {data['games']:,} games of "
        f"{data['players']} players (seed `{data['seed']}`, at most {data['max_hands']} hands) "
        "played under the default and under that reading, with the same deals and, while the "
        "two games stand in the same position, the same players' random choices. "
        "Entries without an option are settled by the choice of variant.\n\n",
        "Three measures, largest effect first, each with its 95 % interval:\n\n"
        "- **any difference**: games in which some hand ends differently (thrown in or played, "
        "scores, what it decided, the next target or dealer). After the first difference the "
        "two games part ways, so this counts knock-on chance too.\n"
        "- **winner changes**: games whose outcome differs (who won, a draw, unfinished). A "
        "symmetric rule, such as the direction of bidding, changes many winners without "
        "favouring anyone.\n"
        "- **North–South win rate moves**: the reading's win rate minus the default's, in "
        "points of percent: what a rules writer asks when a reading might favour a side. "
        "With seats dealt in turn, a fair reading moves it by no more than chance.\n\n",
        "Each non-zero share has a witness game: the command in the last column prints it under "
        "the other reading as a transcript that `fourhundred replay` checks (drop the option for "
        "the default reading); `fourhundred ambiguities --json --witnesses` carries both "
        "transcripts inline.\n\n",
    ]
    out.append(_figure("impact", "How often each reading changes a game and its winner"))
    rows = []
    zeros = []
    for entry_id, f in _impact_rows(data):
        if f["hands_differ"] == 0:
            zeros.append((entry_id, f))
            continue
        games = int(f["games"])
        rows.append(
            [
                f"[`{entry_id}`](ambiguities.md#{entry_id})",
                f["variant"],
                f"`{f['reading']}` (default `{f['default']}`)",
                _share(int(f["hands_differ"]), games),
                _share(int(f["games_differ"]), games),
                _move(f),
                _witness(data, f),
            ]
        )
    out.append('<div class="fh-fit" markdown="1">\n\n')
    out.append(
        table(
            [
                "entry",
                "variant",
                "reading",
                "any difference",
                "winner changes",
                "N–S win rate moves",
                "witness",
            ],
            rows,
        )
    )
    out.append("\n</div>\n")
    if zeros:
        out.append(
            f"\n**No difference in {data['games']:,} games** ({len(zeros)} readings), and why:\n\n"
        )
        by_reason: dict[str, list[str]] = {}
        for entry_id, f in zeros:
            reason = ZERO_REASONS.get(entry_id, ZERO_IN_SAMPLE)
            by_reason.setdefault(reason, []).append(
                f"[`{entry_id}`](ambiguities.md#{entry_id}) {f['variant']}: `{f['reading']}`"
            )
        out.extend(f"- {', '.join(items)}: {reason}.\n" for reason, items in by_reason.items())
    return out


def _witness(data: dict[str, Any], figure: dict[str, Any]) -> str:
    name = "hand_witness" if "hand_witness" in figure else "game_witness"
    if name not in figure:
        return ""
    return f"<code>{cell(batch_impact.witness_command(data, figure, name))}</code>"


def statistics_page() -> str:
    """The whole page."""
    out = [
        "# Statistics\n\n",
        generated_banner(
            "the committed simulation figures (`spec/simulation_figures.json`, "
            "`spec/ambiguity_impact.json`)"
        ),
        "What no rules page says: how the variants differ in play, and which open questions "
        "change games. The figures come from the batched simulator "
        "(`fourhundred.reference.batch`), whose every game replays through the reference "
        "engine.\n\n",
    ]
    out.extend(_play_section(batch_stats.load_figures()))
    out.extend(_impact_section(batch_impact.load_figures()))
    return "".join(out)
