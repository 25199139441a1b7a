"""A wrong adapter: when both teams qualify under ``both_qualify=raise_target``
(arab3meyeh §"Scoring"), the target in force is not raised; play goes on to the same target."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules


class RaiseMissed(FastRules):
    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        result, next_target = super().points_result(scores, target)
        return result, min(next_target, target)


if __name__ == "__main__":
    answer = adapter.answer_function(lambda rules: Reference(RaiseMissed.of(rules)))
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
