"""Hand-written cases: every worked example in the four sources, and one case
per ambiguity reading that shows the reading at work.

The expected values here are written by hand from the sources (paraphrased,
cited as ``source §Section``), not computed: ``fourhundred conformance check``
proves that the specification gives the same answers, so a slip on either
side is caught. Ids are fixed by hand and recorded in the ledger.
"""

from __future__ import annotations

from typing import Any

from fourhundred.spec.ambiguities import ARAB, MEDALLON, PAGAT_41, PAGAT_400, QAHWA

Case = dict[str, Any]


def _case(
    case_id: str,
    kind: str,
    description: str,
    variants: list[str],
    rules: list[str],
    data: dict[str, Any],
    expected: dict[str, Any],
    ambiguities: list[str] | None = None,
) -> Case:
    return {
        "id": f"{kind}.{case_id}",
        "kind": kind,
        "description": description,
        "variants": variants,
        "rules": rules,
        "ambiguities": sorted(ambiguities or []),
        "input": data,
        "expected": expected,
    }


def _value(value: int | None, decides: bool = False) -> dict[str, Any]:
    return {"value": value, "decides_game": decides}


def _bid(bid: int, own: int = 0, highest: int | None = None) -> dict[str, Any]:
    return {"bid": bid, "own_score": own, "highest_score": own if highest is None else highest}


def source_examples() -> list[Case]:
    """The sources' worked examples."""
    z = [0, 0, 0, 0]
    return [
        # qahwa §Winning: "bid 9 and take 9: you win 27; take 8 and lose 27, whatever your partner took".
        _case(
            "qahwa-400.ex-bid9-take9",
            "hand_scoring",
            "qahwa's example: North bids 9 and takes 9, winning 27",
            [QAHWA],
            ["qahwa §Winning", "qahwa §Scoring"],
            {"scores": z, "bids": [9, 2, 2, 2], "tricks": [9, 2, 2, 0]},
            {"scores": [27, 2, 2, -2]},
        ),
        _case(
            "qahwa-400.ex-bid9-take8",
            "hand_scoring",
            "qahwa's example: North bids 9 and takes 8, losing 27 though the partner took 5",
            [QAHWA],
            ["qahwa §Winning", "qahwa §Scoring"],
            {"scores": z, "bids": [9, 2, 2, 2], "tricks": [8, 0, 5, 0]},
            {"scores": [-27, -2, 2, -2]},
        ),
        _case(
            "qahwa-400.ex-jump-8",
            "bid_value",
            "qahwa's tip: 8 is worth 16",
            [QAHWA],
            ["qahwa §Tips from the table", "qahwa §Scoring"],
            _bid(8),
            _value(16),
        ),
        _case(
            "qahwa-400.ex-jump-9",
            "bid_value",
            "qahwa's tip: 9 is worth 27",
            [QAHWA],
            ["qahwa §Tips from the table", "qahwa §Scoring"],
            _bid(9),
            _value(27),
        ),
        _case(
            "qahwa-400.ex-ten-to-thirteen",
            "bid_value",
            "qahwa's common table: 13 is worth 40, like 10, 11 and 12",
            [QAHWA],
            ["qahwa §Scoring"],
            _bid(13),
            _value(40),
        ),
        _case(
            "qahwa-400.ex-five-at-30",
            "bid_value",
            "qahwa: once your own score is 30, a bid of 5 is worth 5",
            [QAHWA],
            ["qahwa §Scoring"],
            _bid(5, 30),
            _value(5),
        ),
        _case(
            "qahwa-400.ex-six-at-29",
            "bid_value",
            "qahwa: below 30 a bid of 6 is worth 12",
            [QAHWA],
            ["qahwa §Scoring"],
            _bid(6, 29),
            _value(12),
        ),
        _case(
            "qahwa-400.ex-own-min-40",
            "legal_bids",
            "qahwa: at least 4 once you have 40 points",
            [QAHWA],
            ["qahwa §Bidding"],
            {"own_score": 40},
            {"bids": list(range(4, 14))},
        ),
        _case(
            "qahwa-400.ex-table-min-50",
            "table_minimum",
            "qahwa: once any player has 50 the bids must reach 14; 13 is thrown in",
            [QAHWA],
            ["qahwa §Bidding"],
            {"scores": [50, 0, 0, 0], "bids": [5, 3, 3, 2]},
            {"minimum": 14, "played": False},
            ["throw-in"],
        ),
        _case(
            "qahwa-400.ex-partner-at-zero",
            "game_outcome",
            "qahwa's tip: your 41 does not win while your partner is at zero",
            [QAHWA],
            ["qahwa §Tips from the table", "qahwa §Winning"],
            {
                "scores": [38, 0, 3, 0],
                "bids": [3, 3, 3, 3],
                "tricks": [3, 4, 2, 4],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [41, 3, 0, 3], "result": "continue", "target_in_force": 41},
        ),
        _case(
            "qahwa-400.ex-equal-totals",
            "game_outcome",
            "qahwa: both teams qualify after the same hand with equal totals: another hand is played",
            [QAHWA],
            ["qahwa §Winning"],
            {
                "scores": [38, 38, 2, 2],
                "bids": [3, 3, 3, 3],
                "tricks": [3, 3, 3, 4],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [41, 41, 5, 5], "result": "continue", "target_in_force": 41},
            ["equal-totals"],
        ),
        _case(
            "qahwa-400.ex-higher-total",
            "game_outcome",
            "qahwa: both teams qualify after the same hand: the higher total wins",
            [QAHWA],
            ["qahwa §Winning"],
            {
                "scores": [38, 38, 2, 2],
                "bids": [3, 3, 4, 3],
                "tricks": [3, 3, 4, 3],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [41, 41, 6, 5], "result": "team_0_wins", "target_in_force": 41},
        ),
        # medallon §Independent Bidding: A bids 4, B bids 3; A wins 5, B wins 2.
        _case(
            "medallon-400.ex-independent-bidding",
            "hand_scoring",
            "medallon's example: partners bid 4 and 3 and take 5 and 2: A scores 4, B loses 3",
            [MEDALLON],
            ["medallon §Independent Bidding", "medallon §Scoring"],
            {"scores": z, "bids": [4, 2, 3, 2], "tricks": [5, 3, 2, 3]},
            {"scores": [4, 2, -3, 2]},
        ),
        _case(
            "medallon-400.ex-min-bid-60",
            "legal_bids",
            "medallon: 60-69 points, the minimum bid is 6",
            [MEDALLON],
            ["medallon §Minimum Bids"],
            {"own_score": 65},
            {"bids": list(range(6, 14))},
        ),
        _case(
            "medallon-400.ex-combined-40",
            "table_minimum",
            "medallon: 40-49 points, the combined minimum is 13; 13 is played",
            [MEDALLON],
            ["medallon §Minimum Combined Bids"],
            {"scores": [40, 10, 10, 10], "bids": [4, 3, 3, 3]},
            {"minimum": 13, "played": True},
        ),
        _case(
            "medallon-400.ex-eleven-44",
            "bid_value",
            "medallon's table: 11 tricks are worth 44",
            [MEDALLON],
            ["medallon §Bid Values Table"],
            _bid(11),
            _value(44),
        ),
        _case(
            "medallon-400.ex-thirteen-minus-52",
            "hand_scoring",
            "medallon: a failed 13 loses 52",
            [MEDALLON],
            ["medallon §Bid Values Table"],
            {"scores": z, "bids": [13, 2, 2, 2], "tricks": [12, 1, 0, 0]},
            {"scores": [-52, -2, -2, -2]},
            ["thirteen-failed"],
        ),
        _case(
            "medallon-400.ex-both-positive",
            "game_outcome",
            "medallon: a team total of 41 does not win while one partner is negative",
            [MEDALLON],
            ["medallon §Winning the Game"],
            {
                "scores": [41, 0, 1, 0],
                "bids": [4, 3, 3, 3],
                "tricks": [4, 3, 2, 4],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [45, 3, -2, 3], "result": "continue", "target_in_force": 41},
            ["win-measure", "partner-at-zero"],
        ),
        # pagat §Scoring examples (Syrian 41).
        _case(
            "pagat-41.ex-bid4",
            "hand_scoring",
            "pagat's example: bid 4 and take 4 or more: score 4",
            [PAGAT_41],
            ["pagat §Scoring"],
            {"scores": z, "bids": [4, 3, 2, 2], "tricks": [6, 3, 2, 2]},
            {"scores": [4, 3, 2, 2]},
        ),
        _case(
            "pagat-41.ex-bid8",
            "hand_scoring",
            "pagat's example: bid 8 and take 8 or more: score 16",
            [PAGAT_41],
            ["pagat §Scoring"],
            {"scores": z, "bids": [8, 1, 1, 1], "tricks": [9, 2, 1, 1]},
            {"scores": [16, 1, 1, 1]},
        ),
        _case(
            "pagat-41.ex-bid5-fails",
            "hand_scoring",
            "pagat's example: bid 5 and take fewer: score -5",
            [PAGAT_41],
            ["pagat §Scoring"],
            {"scores": z, "bids": [5, 2, 2, 2], "tricks": [4, 3, 3, 3]},
            {"scores": [-5, 2, 2, 2]},
        ),
        _case(
            "pagat-41.ex-seven-proceeds",
            "table_minimum",
            "pagat: a bid of 7 or more makes the total bid value above 11 on its own",
            [PAGAT_41],
            ["pagat §Bidding"],
            {"scores": z, "bids": [7, 1, 1, 1]},
            {"minimum": 11, "played": True},
            ["table-measure"],
        ),
        _case(
            "pagat-41.ex-ten-thrown-in",
            "table_minimum",
            "pagat: bids adding up to 10 or less are thrown in",
            [PAGAT_41],
            ["pagat §Bidding"],
            {"scores": z, "bids": [3, 3, 2, 2]},
            {"minimum": 11, "played": False},
            ["table-measure", "throw-in"],
        ),
        _case(
            "pagat-400.ex-thirteen-lost-to-partner",
            "game_outcome",
            "pagat's Lebanese 400: a 13 that loses a trick, even to the partner, loses the game",
            [PAGAT_400],
            ["pagat §Variations"],
            {
                "scores": z,
                "bids": [13, 2, 2, 2],
                "tricks": [12, 0, 1, 0],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [0, -2, -2, -2], "result": "team_1_wins", "target_in_force": 41},
        ),
        _case(
            "pagat-400.ex-thirteen-irrespective",
            "game_outcome",
            "pagat's Lebanese 400: a made 13 wins irrespective of the partner's score",
            [PAGAT_400],
            ["pagat §Variations"],
            {
                "scores": [0, 0, -20, 0],
                "bids": [13, 2, 2, 2],
                "tricks": [13, 0, 0, 0],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [0, -2, -22, -2], "result": "team_0_wins", "target_in_force": 41},
        ),
        _case(
            "pagat-400.ex-eleven-fifty",
            "bid_value",
            "pagat's option: any bid of 11 or more scores 50",
            [f"{PAGAT_400}(eleven_plus_50=on)"],
            ["pagat §Variations"],
            _bid(11),
            _value(50),
        ),
        # arab3meyeh §Game Play: "wins 4 but bet 3: gains 3; wins 2: loses 3".
        _case(
            "arab3meyeh-400.ex-bet3-won4",
            "hand_scoring",
            "arab3meyeh's example: bet 3 and win 4: gain only 3",
            [ARAB],
            ["arab3meyeh §Game Play"],
            {"scores": z, "bids": [3, 3, 3, 2], "tricks": [4, 3, 3, 3]},
            {"scores": [3, 3, 3, 2]},
        ),
        _case(
            "arab3meyeh-400.ex-bet3-won2",
            "hand_scoring",
            "arab3meyeh's example: bet 3 and win 2: lose 3",
            [ARAB],
            ["arab3meyeh §Game Play"],
            {"scores": z, "bids": [3, 3, 3, 2], "tricks": [2, 4, 4, 3]},
            {"scores": [-3, 3, 3, 2]},
        ),
        _case(
            "arab3meyeh-400.ex-seven-at-30",
            "bid_value",
            "arab3meyeh: from 30 points 7 tricks are still multiplied (14)",
            [ARAB],
            ["arab3meyeh §Scoring"],
            _bid(7, 30),
            _value(14),
        ),
        _case(
            "arab3meyeh-400.ex-six-at-30",
            "bid_value",
            "arab3meyeh: from 30 points 6 tricks count 6",
            [ARAB],
            ["arab3meyeh §Scoring"],
            _bid(6, 35),
            _value(6),
        ),
        _case(
            "arab3meyeh-400.ex-partner-one",
            "game_outcome",
            "arab3meyeh: a player on 41 wins when the partner has 1 or more",
            [ARAB],
            ["arab3meyeh §Scoring"],
            {
                "scores": [38, 0, -1, 0],
                "bids": [3, 2, 2, 5],
                "tricks": [3, 2, 2, 6],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [41, 2, 1, 10], "result": "team_0_wins", "target_in_force": 41},
        ),
        _case(
            "arab3meyeh-400.ex-both-reach-41",
            "game_outcome",
            "arab3meyeh: two opponents reach 41 together: play continues to 51",
            [ARAB],
            ["arab3meyeh §Scoring"],
            {
                "scores": [38, 38, 5, 5],
                "bids": [3, 3, 3, 3],
                "tricks": [3, 3, 3, 4],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [41, 41, 8, 8], "result": "continue", "target_in_force": 51},
            ["both-teams-qualify", "raised-target-trigger"],
        ),
        _case(
            "arab3meyeh-400.ex-total-12",
            "table_minimum",
            "arab3meyeh: with a player on 30-39 the bids must total 12; 11 is re-dealt",
            [ARAB],
            ["arab3meyeh §Bidding"],
            {"scores": [30, 0, 0, 0], "bids": [3, 3, 3, 2]},
            {"minimum": 12, "played": False},
            ["throw-in"],
        ),
    ]


def reading_examples() -> list[Case]:
    """One case per ambiguity reading that changes an answer, written by hand."""
    z = [0, 0, 0, 0]
    return [
        _case(
            "arab3meyeh-400.rd-partner-zero-positive",
            "game_outcome",
            "partner-at-zero, reading positive: a partner on 0 blocks the win",
            [ARAB],
            ["arab3meyeh §Scoring"],
            {
                "scores": [38, 0, 2, 0],
                "bids": [3, 2, 2, 5],
                "tricks": [3, 2, 1, 7],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [41, 2, 0, 10], "result": "continue", "target_in_force": 41},
            ["partner-at-zero"],
        ),
        _case(
            "arab3meyeh-400.rd-partner-zero-non-negative",
            "game_outcome",
            "partner-at-zero, reading non_negative: a partner on 0 allows the win",
            [f"{ARAB}(partner_condition=non_negative)"],
            ["arab3meyeh §introduction"],
            {
                "scores": [38, 0, 2, 0],
                "bids": [3, 2, 2, 5],
                "tricks": [3, 2, 1, 7],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [41, 2, 0, 10], "result": "team_0_wins", "target_in_force": 41},
            ["partner-at-zero"],
        ),
        _case(
            "medallon-400.rd-partner-zero-non-negative",
            "game_outcome",
            "partner-at-zero, reading non_negative: a team total of 41 with a partner on 0 wins",
            [f"{MEDALLON}(partner_condition=non_negative)"],
            ["medallon §Winning the Game"],
            {
                "scores": [38, 0, 2, 0],
                "bids": [3, 2, 2, 5],
                "tricks": [3, 2, 1, 7],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [41, 2, 0, 10], "result": "team_0_wins", "target_in_force": 41},
            ["partner-at-zero", "win-measure"],
        ),
        _case(
            "medallon-400.rd-team-total",
            "game_outcome",
            "win-measure, reading team_total: 20 + 21 wins for medallon",
            [MEDALLON],
            ["medallon §Winning the Game"],
            {
                "scores": [18, 0, 18, 0],
                "bids": [2, 2, 3, 4],
                "tricks": [2, 2, 3, 6],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [20, 2, 21, 4], "result": "team_0_wins", "target_in_force": 41},
            ["win-measure"],
        ),
        _case(
            "medallon-400.rd-player",
            "game_outcome",
            "win-measure, reading player: 20 + 21 does not win",
            [f"{MEDALLON}(win_measure=player)"],
            ["medallon §Object of the Game"],
            {
                "scores": [18, 0, 18, 0],
                "bids": [2, 2, 3, 4],
                "tricks": [2, 2, 3, 6],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [20, 2, 21, 4], "result": "continue", "target_in_force": 41},
            ["win-measure"],
        ),
        _case(
            "medallon-400.rd-thirteen-lose-game",
            "game_outcome",
            "thirteen-failed, reading lose_game: a failed 13 loses the game",
            [f"{MEDALLON}(thirteen_fail=lose_game)"],
            ["medallon §Bid Values Table"],
            {
                "scores": z,
                "bids": [13, 2, 2, 2],
                "tricks": [12, 1, 0, 0],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [0, -2, -2, -2], "result": "team_1_wins", "target_in_force": 41},
            ["thirteen-failed"],
        ),
        _case(
            "medallon-400.rd-lowest-score",
            "table_minimum",
            "table-minimum-whose-score, reading lowest: one player on 30 leaves the minimum at 11",
            [f"{MEDALLON}(table_min_scores=lowest)"],
            ["medallon §Minimum Combined Bids"],
            {"scores": [30, 0, 0, 0], "bids": [3, 3, 3, 2]},
            {"minimum": 11, "played": True},
            ["table-minimum-whose-score"],
        ),
        _case(
            "medallon-400.rd-own-min-unbounded",
            "legal_bids",
            "own-minimum-growth, reading unbounded: from 140 points there is no legal bid",
            [MEDALLON],
            ["medallon §Minimum Bids"],
            {"own_score": 140},
            {"bids": []},
            ["own-minimum-growth"],
        ),
        _case(
            "medallon-400.rd-own-min-13",
            "legal_bids",
            "own-minimum-growth, reading 13: from 140 points only 13 may be bid",
            [f"{MEDALLON}(own_min_cap=13)"],
            ["medallon §Minimum Bids"],
            {"own_score": 140},
            {"bids": [13]},
            ["own-minimum-growth"],
        ),
        _case(
            "medallon-400.rd-one-per-trick",
            "bid_value",
            "one-point-per-trick, reading one_per_trick: 9 is worth 9",
            [f"{MEDALLON}(value_scale=one_per_trick)"],
            ["medallon §Object of the Game"],
            _bid(9),
            _value(9),
            ["one-point-per-trick"],
        ),
        _case(
            "arab3meyeh-400.rd-reduced-any",
            "bid_value",
            "reduced-values-scope, reading any: 5 is worth 5 once anyone has 30",
            [f"{ARAB}(reduced_scope=any)"],
            ["arab3meyeh §Scoring"],
            _bid(5, 0, 30),
            _value(5),
            ["reduced-values-scope"],
        ),
        _case(
            "arab3meyeh-400.rd-reduced-own",
            "bid_value",
            "reduced-values-scope, reading own: 5 stays 10 while the bidder is below 30",
            [ARAB],
            ["arab3meyeh §Scoring"],
            _bid(5, 0, 30),
            _value(10),
            ["reduced-values-scope"],
        ),
        _case(
            "arab3meyeh-400.rd-exactly",
            "table_minimum",
            "table-minimum-equal, reading exactly: 14 when 13 is due is re-dealt",
            [f"{ARAB}(table_comparison=exactly)"],
            ["arab3meyeh §Bidding"],
            {"scores": [40, 0, 0, 0], "bids": [4, 4, 3, 3]},
            {"minimum": 13, "played": False},
            ["table-minimum-equal", "throw-in"],
        ),
        _case(
            "pagat-41.rd-tricks",
            "table_minimum",
            "table-measure, reading tricks: 7+1+1+1 is only 10 tricks, thrown in",
            [f"{PAGAT_41}(table_measure=tricks)"],
            ["pagat §Bidding"],
            {"scores": z, "bids": [7, 1, 1, 1]},
            {"minimum": 11, "played": False},
            ["table-measure", "throw-in"],
        ),
        _case(
            "pagat-41.rd-double-from-5",
            "bid_value",
            "syrian-41-doubling, reading 5: 5 is worth 10",
            [f"{PAGAT_41}(double_from=5)"],
            ["pagat §Bidding"],
            _bid(5),
            _value(10),
            ["syrian-41-doubling"],
        ),
        _case(
            "pagat-400.rd-max-12",
            "legal_bids",
            "lebanese-maximum-bid, reading 12: 13 may not be bid",
            [f"{PAGAT_400}(max_bid=12)"],
            ["pagat §Variations"],
            {"own_score": 0},
            {"bids": list(range(2, 13))},
            ["lebanese-maximum-bid"],
        ),
        _case(
            "pagat-400.rd-eleven-13-scores-50",
            "bid_value",
            "eleven-plus-and-13, reading scores_50: 13 scores 50 and decides nothing",
            [f"{PAGAT_400}(eleven_plus_50=on,eleven_plus_13=scores_50)"],
            ["pagat §Variations"],
            _bid(13),
            _value(50),
            ["eleven-plus-and-13"],
        ),
        _case(
            "qahwa-400.rd-offset",
            "table_minimum",
            "qahwa-table-switch, reading offset: switch 12 with a player on 30 needs 13",
            ["qahwa-400(total=12,total_switch=offset)"],
            ["qahwa §Play it in Qahwa"],
            {"scores": [30, 0, 0, 0], "bids": [3, 3, 3, 3]},
            {"minimum": 13, "played": False},
            ["qahwa-table-switch", "throw-in"],
        ),
        _case(
            "qahwa-400.rd-floor",
            "table_minimum",
            "qahwa-table-switch, reading floor: switch 12 with a player on 30 needs 12",
            ["qahwa-400(total=12)"],
            ["qahwa §Play it in Qahwa"],
            {"scores": [30, 0, 0, 0], "bids": [3, 3, 3, 3]},
            {"minimum": 12, "played": True},
            ["qahwa-table-switch"],
        ),
        _case(
            "qahwa-400.rd-needs-partner",
            "game_outcome",
            "thirteen-partner, reading needs_partner: a made 13 with the partner on -8 does not win",
            ["qahwa-400(table=classic,thirteen_win=needs_partner)"],
            ["qahwa §Play it in Qahwa"],
            {
                "scores": [0, 0, -8, 0],
                "bids": [13, 2, 2, 2],
                "tricks": [13, 0, 0, 0],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [0, -2, -10, -2], "result": "continue", "target_in_force": 41},
            ["thirteen-partner"],
        ),
        _case(
            "qahwa-400.rd-conflict-draw",
            "game_outcome",
            "thirteen-conflict, reading draw: North and West both fail a 13",
            ["qahwa-400(table=classic)"],
            ["qahwa §Play it in Qahwa"],
            {
                "scores": z,
                "bids": [13, 13, 2, 2],
                "tricks": [12, 1, 0, 0],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [0, 0, -2, -2], "result": "draw", "target_in_force": 41},
            ["thirteen-conflict"],
        ),
        _case(
            "qahwa-400.rd-conflict-first-bid",
            "game_outcome",
            "thirteen-conflict, reading first_bid: West bids first (dealer North) and West's failed 13 decides",
            ["qahwa-400(table=classic,thirteen_conflict=first_bid)"],
            ["qahwa §Play it in Qahwa"],
            {
                "scores": z,
                "bids": [13, 13, 2, 2],
                "tricks": [12, 1, 0, 0],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [0, 0, -2, -2], "result": "team_0_wins", "target_in_force": 41},
            ["thirteen-conflict"],
        ),
        _case(
            "medallon-400.rd-equal-totals-draw",
            "game_outcome",
            "equal-totals, reading draw: both teams qualify with equal totals",
            [f"{MEDALLON}(total_tie=draw)"],
            ["medallon §Winning the Game"],
            {
                "scores": [18, 18, 18, 18],
                "bids": [3, 3, 3, 3],
                "tricks": [3, 3, 3, 4],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [21, 21, 21, 21], "result": "draw", "target_in_force": 41},
            ["equal-totals", "win-measure"],
        ),
        _case(
            "qahwa-400.rd-own-min-stops-at-5",
            "legal_bids",
            "qahwa-own-minimum-stop, reading 5: on 65 points the own minimum is still 5",
            [QAHWA],
            ["qahwa §Bidding"],
            {"own_score": 65},
            {"bids": list(range(5, 14))},
            ["qahwa-own-minimum-stop"],
        ),
        _case(
            "qahwa-400.rd-own-min-unbounded",
            "legal_bids",
            "qahwa-own-minimum-stop, reading unbounded: on 65 points the own minimum is 6",
            [f"{QAHWA}(own_min_cap=unbounded)"],
            ["qahwa §Bidding"],
            {"own_score": 65},
            {"bids": list(range(6, 14))},
            ["qahwa-own-minimum-stop"],
        ),
        _case(
            "qahwa-400.rd-table-min-stops-at-14",
            "table_minimum",
            "qahwa-table-minimum-stop, reading 14: with a player on 60, 14 tricks are enough",
            [QAHWA],
            ["qahwa §Bidding"],
            {"scores": [60, 0, 0, 0], "bids": [5, 3, 3, 3]},
            {"minimum": 14, "played": True},
            ["qahwa-table-minimum-stop"],
        ),
        _case(
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
        _case(
            "arab3meyeh-400.rd-trigger-reached",
            "game_outcome",
            "raised-target-trigger, reading reached: both on 41, West-East's partner on 0: the target rises",
            [f"{ARAB}(raise_trigger=reached)"],
            ["arab3meyeh §Scoring"],
            {
                "scores": [38, 38, 5, -2],
                "bids": [3, 3, 4, 2],
                "tricks": [3, 3, 4, 3],
                "dealer": 0,
                "target_in_force": 41,
            },
            {"scores": [41, 41, 9, 0], "result": "continue", "target_in_force": 51},
            ["raised-target-trigger"],
        ),
    ]


def _higher_total_score_examples() -> list[Case]:
    """higher-total-score: both teams qualify; North has the highest single score
    (45) while West-East have the higher sum (41 + 10 = 51 against 45 + 1 = 46)."""
    hand = {
        "scores": [41, 38, -1, 7],
        "bids": [4, 3, 2, 3],
        "tricks": [4, 3, 2, 4],
        "dealer": 0,
        "target_in_force": 41,
    }
    after = [45, 41, 1, 10]
    readings = (
        ("team_total", "the higher sum wins: West-East", "team_1_wins"),
        ("player_score", "the highest running score wins: North's team", "team_0_wins"),
    )
    return [
        _case(
            f"{variant}.rd-higher-total-{reading.replace('_', '-')}",
            "game_outcome",
            f"higher-total-score, reading {reading}: both teams qualify; {says}",
            [variant if reading == "team_total" else f"{variant}(both_qualify_by={reading})"],
            ["pagat §Scoring"],
            hand,
            {"scores": after, "result": result, "target_in_force": 41},
            ["higher-total-score"],
        )
        for variant in (PAGAT_41, PAGAT_400)
        for reading, says, result in readings
    ]


def _failed_thirteen_and_target_examples() -> list[Case]:
    """failed-thirteen-and-target: North fails a 13 (taking 8) while South, on 38,
    makes 3 and reaches 41 with North still on 5."""
    hand = {
        "scores": [5, 0, 38, 0],
        "bids": [13, 2, 3, 2],
        "tricks": [8, 2, 3, 0],
        "dealer": 0,
        "target_in_force": 41,
    }
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
                _case(
                    f"{variant}.rd-failed-13-{reading.replace('_', '-')}",
                    "game_outcome",
                    f"failed-thirteen-and-target, reading {reading}: {says}",
                    [f"{variant}({','.join(options)})" if options else variant],
                    rules,
                    hand,
                    {"scores": after, "result": result, "target_in_force": 41},
                    tags,
                )
            )
    return cases


def cases() -> list[Case]:
    """Every hand-written case."""
    return source_examples() + reading_examples()
