"""A wrong adapter: a made bid of 13 that decides the game (pagat §"Scoring": it wins
the game outright) also adds 13 points to the bidder's score."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules


class ThirteenScores(FastRules):
    def scores_after(
        self, scores: Sequence[int], bids: Sequence[int], tricks: Sequence[int]
    ) -> tuple[int, int, int, int]:
        after = list(super().scores_after(scores, bids, tricks))
        for seat in range(4):
            if self.special_bid is not None and bids[seat] == self.special_bid == tricks[seat]:
                after[seat] += 13
        return (after[0], after[1], after[2], after[3])


if __name__ == "__main__":
    answer = adapter.answer_function(lambda rules: Reference(ThirteenScores.of(rules)))
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
