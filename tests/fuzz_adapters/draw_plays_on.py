"""A wrong adapter: under ``total_tie=draw`` a game whose qualifying teams are level
goes on instead of ending drawn (ambiguity ``equal-totals``, reading ``draw``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules

DRAW = 3


class DrawPlaysOn(FastRules):
    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        result, next_target = super().points_result(scores, target)
        return (0 if result == DRAW else result), next_target


if __name__ == "__main__":
    answer = adapter.answer_function(lambda rules: Reference(DrawPlaysOn.of(rules)))
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
