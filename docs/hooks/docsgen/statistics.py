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


def bids_chart(data: dict[str, Any]) -> str:
    """How often each bid is made (heuristic players)."""
    return line_chart(
        "Which bids players make",
        "The share of all bids that are each bid from 1 to 13, heuristic players, one line "
        "per variant.",
        _bid_lines(_heuristic(data["figures"]), "share_of_bids"),
        list(range(1, 14)),
        "bid (tricks)",
        "share of all bids",
        _axis_percent,
    )


def made_chart(data: dict[str, Any]) -> str:
    """How often each bid is made in a played hand (heuristic players)."""
    return line_chart(
        "How often a bid is made",
        "The share of played hands in which a player who bid it took at least that many "
        "tricks, for each bid from 1 to 13, heuristic players, one line per variant.",
        _bid_lines(_heuristic(data["figures"]), "made_rate"),
        list(range(1, 14)),
        "bid (tricks)",
        "made, share of played hands",
        _axis_percent,
        y_max=1.0,
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
    """How often each reading of an open question changes a hand and a game."""
    rows, hands, games = [], [], []
    for entry_id, figures in data["entries"].items():
        for f in figures:
            rows.append(f"{entry_id}\n{f['variant']}: {f['reading']}")
            hands.append(f["hand_share"])
            games.append(f["game_share"])
    return bar_chart(
        "How much each ambiguity matters",
        "For each register entry, variant and reading other than the default: the share of "
        "compared hands, and of games, that end differently under that reading.",
        rows,
        [
            BarSeries("hands differ", COLOURS[0], hands),
            BarSeries("games differ", COLOURS[1], games),
        ],
        "share that ends differently",
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
        CHART_PATHS["bids"]: bids_chart(play),
        CHART_PATHS["made"]: made_chart(play),
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
                _percent(f["thirteen"]["made_per_played_hand"], 3),
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


def _bid_cell(figure: dict[str, Any] | None) -> str:
    if figure is None:
        return "–"
    return f"{_percent(figure['share_of_bids'])} ({_percent(figure['made_rate'], 0)})"


def _impact_section(data: dict[str, Any]) -> list[str]:
    out = [
        "## How much each ambiguity matters\n\n",
        f"For every [register](ambiguities.md) entry with an option, every variant it applies "
        f"to and every reading other than the default: {data['games']:,} games of "
        f"{data['players']} players (seed `{data['seed']}`, at most {data['max_hands']} hands) "
        "played under the default and under that reading, with the same deals and, while the "
        "two games stand in the same position, the same players' random choices. A hand is "
        "compared while the games agree; it *differs* when it ends differently (thrown in or "
        "played, scores, what it decided, the next target or dealer). A game differs when its "
        "outcome does. Entries without an option are settled by the choice of variant.\n\n",
        "Each non-zero share has a witness game: the command in the last column prints it under "
        "the other reading as a transcript that `fourhundred replay` checks (drop the option for "
        "the default reading); `fourhundred ambiguities --json --witnesses` carries both "
        "transcripts inline.\n\n",
    ]
    out.append(_figure("impact", "How often each reading changes a hand and a game"))
    rows = []
    for entry_id, figures in data["entries"].items():
        for f in figures:
            rows.append(
                [
                    f"[`{entry_id}`](ambiguities.md#{entry_id})",
                    f["variant"],
                    f"`{f['reading']}` (default `{f['default']}`)",
                    _percent(f["hand_share"], 2),
                    _percent(f["game_share"], 2),
                    _witness(data, f),
                ]
            )
    out.append(
        table(["entry", "variant", "reading", "hands differ", "games differ", "witness"], rows)
    )
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
