"""A wrong adapter: when both teams qualify, the team of the player with the highest
single score wins, not the team with the higher total (qahwa §"Winning")."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules


class HigherPlayerWins(FastRules):
    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        if self.qualifies(0, scores, target) and self.qualifies(1, scores, target):
            best = max(scores)
            if scores.count(best) == 1:
                return (1 if scores.index(best) % 2 == 0 else 2), target
        return super().points_result(scores, target)


if __name__ == "__main__":
    answer = adapter.answer_function(lambda rules: Reference(HigherPlayerWins.of(rules)))
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
