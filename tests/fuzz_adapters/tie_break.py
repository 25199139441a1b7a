"""A wrong adapter: when both teams qualify in the same hand, North-South wins
whatever the team totals (qahwa §"Winning": the higher total wins).

The reference adapter answering by a fast-rule variant with that points result.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import Rules


class NorthSouthFirst(FastRules):
    def points_result(self, scores: Sequence[int], target: int) -> tuple[int, int]:
        if (
            self.rules.both_qualify == "higher_total"
            and self.qualifies(0, scores, target)
            and self.qualifies(1, scores, target)
        ):
            return 1, target
        return super().points_result(scores, target)


def north_south_first(rules: Rules) -> Reference:
    return Reference(NorthSouthFirst.of(rules))


if __name__ == "__main__":
    answer = adapter.answer_function(north_south_first)
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
