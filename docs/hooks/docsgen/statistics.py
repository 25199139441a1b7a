"""The statistics page: the variants in play and how much each ambiguity matters.

Read from the committed figures (no simulation at build time):
:data:`fourhundred.reference.batch_stats.FIGURES_PATH` (``fourhundred simulate
--write-figures``) and :data:`fourhundred.reference.batch_impact.FIGURES_PATH`
(``fourhundred ambiguities --measure --write``).
"""

from __future__ import annotations

from typing import Any

from fourhundred.reference import batch_impact, batch_stats

from .md import cell, generated_banner, table


def _percent(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{100 * value:.{digits}f}%"


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
