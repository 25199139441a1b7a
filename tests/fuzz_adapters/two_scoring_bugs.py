"""A wrong adapter with TWO independent scoring bugs of one class (qahwa §"Scoring": a
made bid scores its table value, a failed one loses it): a made 13 scores 13, its face,
not its table value (40); and a player who fails a bid of 4 or more by one trick only
loses half its value. Both are wrong scores: two causes, two findings."""

from __future__ import annotations

import sys

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules


class TwoScoringBugs(FastRules):
    def score_change(self, bid: int, tricks: int, own_score: int, highest_score: int) -> int:
        change = super().score_change(bid, tricks, own_score, highest_score)
        if bid == 13 and tricks >= bid and change > 0:
            return 13
        if bid >= 4 and tricks == bid - 1:
            return change // 2
        return change


if __name__ == "__main__":
    answer = adapter.answer_function(lambda rules: Reference(TwoScoringBugs.of(rules)))
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
