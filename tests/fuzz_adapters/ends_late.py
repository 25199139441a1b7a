"""A wrong adapter (whole games, game_outcome): the end of the game is judged on the
scores *before* the hand, so a game is won one hand late (qahwa §"Winning": a team
wins as soon as the hand's scores qualify it). Decisive bids of 13 are unchanged."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules


class JudgedBefore(FastRules):
    def hand_result(
        self,
        scores_before: Sequence[int],
        bids: Sequence[int],
        tricks: Sequence[int],
        dealer: int,
        target_in_force: int,
    ) -> tuple[tuple[int, int, int, int], int, int]:
        after, result, next_target = super().hand_result(
            scores_before, bids, tricks, dealer, target_in_force
        )
        if self._special_result(bids, tricks, after, dealer) != 0:
            return after, result, next_target
        late, late_target = self.points_result(scores_before, target_in_force)
        return after, late, late_target


if __name__ == "__main__":
    answer = adapter.answer_function(lambda rules: Reference(JudgedBefore.of(rules)))
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
