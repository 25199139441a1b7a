"""One hand-written case per ambiguity reading that changes an answer: the
reading at work on a hand chosen to show it.

The expected values are written by hand (cited as ``source §Section``), not
computed; ``fourhundred conformance check`` proves that the specification
gives the same answers. Each case is a data row: the shapes of its input and
expected answer are spelled by :mod:`fourhundred.conformance.examples_build`.
"""

from __future__ import annotations

from fourhundred.conformance.examples_build import (
    ZERO,
    Case,
    bid,
    case,
    game,
    outcome,
    value,
)
from fourhundred.spec.ambiguities import ARAB, MEDALLON, PAGAT_41, PAGAT_400, QAHWA


def reading_examples() -> list[Case]:
    """One case per ambiguity reading that changes an answer, written by hand."""
    return [
        case(
            "arab3meyeh-400.rd-partner-zero-positive",
            "game_outcome",
            "partner-at-zero, reading positive: a partner on 0 blocks the win",
            [ARAB],
            ["arab3meyeh §Scoring"],
            game([38, 0, 2, 0], [3, 2, 2, 5], [3, 2, 1, 7]),
            outcome([41, 2, 0, 10], "continue"),
            ["partner-at-zero"],
        ),
        case(
            "arab3meyeh-400.rd-partner-zero-non-negative",
            "game_outcome",
            "partner-at-zero, reading non_negative: a partner on 0 allows the win",
            [f"{ARAB}(partner_condition=non_negative)"],
            ["arab3meyeh §introduction"],
            game([38, 0, 2, 0], [3, 2, 2, 5], [3, 2, 1, 7]),
            outcome([41, 2, 0, 10], "team_0_wins"),
            ["partner-at-zero"],
        ),
        case(
            "medallon-400.rd-partner-zero-non-negative",
            "game_outcome",
            "partner-at-zero, reading non_negative: a team total of 41 with a partner on 0 wins",
            [f"{MEDALLON}(partner_condition=non_negative)"],
            ["medallon §Winning the Game"],
            game([38, 0, 2, 0], [3, 2, 2, 5], [3, 2, 1, 7]),
            outcome([41, 2, 0, 10], "team_0_wins"),
            ["partner-at-zero", "win-measure"],
        ),
        case(
            "medallon-400.rd-team-total",
            "game_outcome",
            "win-measure, reading team_total: 20 + 21 wins for medallon",
            [MEDALLON],
            ["medallon §Winning the Game"],
            game([18, 0, 18, 0], [2, 2, 3, 4], [2, 2, 3, 6]),
            outcome([20, 2, 21, 4], "team_0_wins"),
            ["win-measure"],
        ),
        case(
            "medallon-400.rd-player",
            "game_outcome",
            "win-measure, reading player: 20 + 21 does not win",
            [f"{MEDALLON}(win_measure=player)"],
            ["medallon §Object of the Game"],
            game([18, 0, 18, 0], [2, 2, 3, 4], [2, 2, 3, 6]),
            outcome([20, 2, 21, 4], "continue"),
            ["win-measure"],
        ),
        case(
            "medallon-400.rd-thirteen-lose-game",
            "game_outcome",
            "thirteen-failed, reading lose_game: a failed 13 loses the game",
            [f"{MEDALLON}(thirteen_fail=lose_game)"],
            ["medallon §Bid Values Table"],
            game(ZERO, [13, 2, 2, 2], [12, 1, 0, 0]),
            outcome([0, -2, -2, -2], "team_1_wins"),
            ["thirteen-failed"],
        ),
        case(
            "medallon-400.rd-lowest-score",
            "table_minimum",
            "table-minimum-whose-score, reading lowest: one player on 30 leaves the minimum at 11",
            [f"{MEDALLON}(table_min_scores=lowest)"],
            ["medallon §Minimum Combined Bids"],
            {"scores": [30, 0, 0, 0], "bids": [3, 3, 3, 2]},
            {"minimum": 11, "played": True},
            ["table-minimum-whose-score"],
        ),
        case(
            "medallon-400.rd-own-min-unbounded",
            "legal_bids",
            "own-minimum-growth, reading unbounded: from 140 points there is no legal bid",
            [MEDALLON],
            ["medallon §Minimum Bids"],
            {"own_score": 140},
            {"bids": []},
            ["own-minimum-growth"],
        ),
        case(
            "medallon-400.rd-own-min-13",
            "legal_bids",
            "own-minimum-growth, reading 13: from 140 points only 13 may be bid",
            [f"{MEDALLON}(own_min_cap=13)"],
            ["medallon §Minimum Bids"],
            {"own_score": 140},
            {"bids": [13]},
            ["own-minimum-growth"],
        ),
        case(
            "medallon-400.rd-one-per-trick",
            "bid_value",
            "one-point-per-trick, reading one_per_trick: 9 is worth 9",
            [f"{MEDALLON}(value_scale=one_per_trick)"],
            ["medallon §Object of the Game"],
            bid(9),
            value(9),
            ["one-point-per-trick"],
        ),
        case(
            "arab3meyeh-400.rd-reduced-any",
            "bid_value",
            "reduced-values-scope, reading any: 5 is worth 5 once anyone has 30",
            [f"{ARAB}(reduced_scope=any)"],
            ["arab3meyeh §Scoring"],
            bid(5, 0, 30),
            value(5),
            ["reduced-values-scope"],
        ),
        case(
            "arab3meyeh-400.rd-reduced-own",
            "bid_value",
            "reduced-values-scope, reading own: 5 stays 10 while the bidder is below 30",
            [ARAB],
            ["arab3meyeh §Scoring"],
            bid(5, 0, 30),
            value(10),
            ["reduced-values-scope"],
        ),
        case(
            "arab3meyeh-400.rd-exactly",
            "table_minimum",
            "table-minimum-equal, reading exactly: 14 when 13 is due is re-dealt",
            [f"{ARAB}(table_comparison=exactly)"],
            ["arab3meyeh §Bidding"],
            {"scores": [40, 0, 0, 0], "bids": [4, 4, 3, 3]},
            {"minimum": 13, "played": False},
            ["table-minimum-equal", "throw-in"],
        ),
        case(
            "pagat-41.rd-tricks",
            "table_minimum",
            "table-measure, reading tricks: 7+1+1+1 is only 10 tricks, thrown in",
            [f"{PAGAT_41}(table_measure=tricks)"],
            ["pagat §Bidding"],
            {"scores": ZERO, "bids": [7, 1, 1, 1]},
            {"minimum": 11, "played": False},
            ["table-measure", "throw-in"],
        ),
        case(
            "pagat-41.rd-double-from-5",
            "bid_value",
            "syrian-41-doubling, reading 5: 5 is worth 10",
            [f"{PAGAT_41}(double_from=5)"],
            ["pagat §Bidding"],
            bid(5),
            value(10),
            ["syrian-41-doubling"],
        ),
        case(
            "pagat-400.rd-max-12",
            "legal_bids",
            "lebanese-maximum-bid, reading 12: 13 may not be bid",
            [f"{PAGAT_400}(max_bid=12)"],
            ["pagat §Variations"],
            {"own_score": 0},
            {"bids": list(range(2, 13))},
            ["lebanese-maximum-bid"],
        ),
        case(
            "pagat-400.rd-eleven-13-scores-50",
            "bid_value",
            "eleven-plus-and-13, reading scores_50: 13 scores 50 and decides nothing",
            [f"{PAGAT_400}(eleven_plus_50=on,eleven_plus_13=scores_50)"],
            ["pagat §Variations"],
            bid(13),
            value(50),
            ["eleven-plus-and-13"],
        ),
        case(
            "qahwa-400.rd-offset",
            "table_minimum",
            "qahwa-table-switch, reading offset: switch 12 with a player on 30 needs 13",
            ["qahwa-400(total=12,total_switch=offset)"],
            ["qahwa §Play it in Qahwa"],
            {"scores": [30, 0, 0, 0], "bids": [3, 3, 3, 3]},
            {"minimum": 13, "played": False},
            ["qahwa-table-switch", "throw-in"],
        ),
        case(
            "qahwa-400.rd-floor",
            "table_minimum",
            "qahwa-table-switch, reading floor: switch 12 with a player on 30 needs 12",
            ["qahwa-400(total=12)"],
            ["qahwa §Play it in Qahwa"],
            {"scores": [30, 0, 0, 0], "bids": [3, 3, 3, 3]},
            {"minimum": 12, "played": True},
            ["qahwa-table-switch"],
        ),
        case(
            "qahwa-400.rd-needs-partner",
            "game_outcome",
            "thirteen-partner, reading needs_partner: a made 13 with the partner on -8 does not win",
            ["qahwa-400(table=classic,thirteen_win=needs_partner)"],
            ["qahwa §Play it in Qahwa"],
            game([0, 0, -8, 0], [13, 2, 2, 2], [13, 0, 0, 0]),
            outcome([0, -2, -10, -2], "continue"),
            ["thirteen-partner"],
        ),
        case(
            "qahwa-400.rd-conflict-draw",
            "game_outcome",
            "thirteen-conflict, reading draw: North and West both fail a 13",
            ["qahwa-400(table=classic)"],
            ["qahwa §Play it in Qahwa"],
            game(ZERO, [13, 13, 2, 2], [12, 1, 0, 0]),
            outcome([0, 0, -2, -2], "draw"),
            ["thirteen-conflict"],
        ),
        case(
            "qahwa-400.rd-conflict-first-bid",
            "game_outcome",
            "thirteen-conflict, reading first_bid: West bids first (dealer North) and West's failed 13 decides",
            ["qahwa-400(table=classic,thirteen_conflict=first_bid)"],
            ["qahwa §Play it in Qahwa"],
            game(ZERO, [13, 13, 2, 2], [12, 1, 0, 0]),
            outcome([0, 0, -2, -2], "team_0_wins"),
            ["thirteen-conflict"],
        ),
        case(
            "medallon-400.rd-equal-totals-draw",
            "game_outcome",
            "equal-totals, reading draw: both teams qualify with equal totals",
            [f"{MEDALLON}(total_tie=draw)"],
            ["medallon §Winning the Game"],
            game([18, 18, 18, 18], [3, 3, 3, 3], [3, 3, 3, 4]),
            outcome([21, 21, 21, 21], "draw"),
            ["equal-totals", "win-measure"],
        ),
        case(
            "qahwa-400.rd-own-min-stops-at-5",
            "legal_bids",
            "qahwa-own-minimum-stop, reading 5: on 65 points the own minimum is still 5",
            [QAHWA],
            ["qahwa §Bidding"],
            {"own_score": 65},
            {"bids": list(range(5, 14))},
            ["qahwa-own-minimum-stop"],
        ),
        case(
            "qahwa-400.rd-own-min-unbounded",
            "legal_bids",
            "qahwa-own-minimum-stop, reading unbounded: on 65 points the own minimum is 6",
            [f"{QAHWA}(own_min_cap=unbounded)"],
            ["qahwa §Bidding"],
            {"own_score": 65},
            {"bids": list(range(6, 14))},
            ["qahwa-own-minimum-stop"],
        ),
        case(
            "qahwa-400.rd-table-min-stops-at-14",
            "table_minimum",
            "qahwa-table-minimum-stop, reading 14: with a player on 60, 14 tricks are enough",
            [QAHWA],
            ["qahwa §Bidding"],
            {"scores": [60, 0, 0, 0], "bids": [5, 3, 3, 3]},
            {"minimum": 14, "played": True},
            ["qahwa-table-minimum-stop"],
        ),
        case(
            "qahwa-400.rd-table-min-unbounded",
            "table_minimum",
            "qahwa-table-minimum-stop, reading unbounded: with a player on 60, 14 tricks are thrown in",
            [f"{QAHWA}(table_min_cap=unbounded)"],
            ["qahwa §Bidding"],
            {"scores": [60, 0, 0, 0], "bids": [5, 3, 3, 3]},
            {"minimum": 15, "played": False},
            ["qahwa-table-minimum-stop", "throw-in"],
        ),
        *_higher_total_score_examples(),
        *_failed_thirteen_and_target_examples(),
        case(
            "arab3meyeh-400.rd-trigger-reached",
            "game_outcome",
            "raised-target-trigger, reading reached: both on 41, West-East's partner on 0: the target rises",
            [f"{ARAB}(raise_trigger=reached)"],
            ["arab3meyeh §Scoring"],
            game([38, 38, 5, -2], [3, 3, 4, 2], [3, 3, 4, 3]),
            outcome([41, 41, 9, 0], "continue", target=51),
            ["raised-target-trigger"],
        ),
    ]


def _higher_total_score_examples() -> list[Case]:
    """higher-total-score: both teams qualify; North has the highest single score
    (45) while West-East have the higher sum (41 + 10 = 51 against 45 + 1 = 46)."""
    hand = game([41, 38, -1, 7], [4, 3, 2, 3], [4, 3, 2, 4])
    after = [45, 41, 1, 10]
    readings = (
        ("team_total", "the higher sum wins: West-East", "team_1_wins"),
        ("player_score", "the highest running score wins: North's team", "team_0_wins"),
    )
    return [
        case(
            f"{variant}.rd-higher-total-{reading.replace('_', '-')}",
            "game_outcome",
            f"higher-total-score, reading {reading}: both teams qualify; {says}",
            [variant if reading == "team_total" else f"{variant}(both_qualify_by={reading})"],
            ["pagat §Scoring"],
            hand,
            outcome(after, result),
            ["higher-total-score"],
        )
        for variant in (PAGAT_41, PAGAT_400)
        for reading, says, result in readings
    ]


def _failed_thirteen_and_target_examples() -> list[Case]:
    """failed-thirteen-and-target: North fails a 13 (taking 8) while South, on 38,
    makes 3 and reaches 41 with North still on 5."""
    hand = game([5, 0, 38, 0], [13, 2, 3, 2], [8, 2, 3, 0])
    after = [5, 2, 41, -2]
    settings = (
        (QAHWA, "table=classic", ["qahwa §Play it in Qahwa", "qahwa §Winning"]),
        (
            MEDALLON,
            "thirteen_fail=lose_game",
            ["medallon §Bid Values Table", "medallon §Winning the Game"],
        ),
        (PAGAT_400, "", ["pagat §Variations", "pagat §Scoring"]),
    )
    readings = (
        ("thirteen_first", "the failed 13 loses the game for North-South", "team_1_wins"),
        ("points_first", "South's 41 wins the game for North-South", "team_0_wins"),
    )
    cases = []
    for variant, context, rules in settings:
        for reading, says, result in readings:
            options = [context] if context else []
            if reading != "thirteen_first":
                options.append(f"thirteen_precedence={reading}")
            tags = ["failed-thirteen-and-target"]
            if variant == MEDALLON:
                tags += ["thirteen-failed", "win-measure"]
            cases.append(
                case(
                    f"{variant}.rd-failed-13-{reading.replace('_', '-')}",
                    "game_outcome",
                    f"failed-thirteen-and-target, reading {reading}: {says}",
                    [f"{variant}({','.join(options)})" if options else variant],
                    rules,
                    hand,
                    outcome(after, result),
                    tags,
                )
            )
    return cases
