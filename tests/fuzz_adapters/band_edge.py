"""A wrong adapter: the score bands start one point late (31-40, 41-50 ...),
so a player on exactly 30 keeps the minimum bid of a player on 29
(qahwa §"Bidding": from 30 the minimum bid rises).

The reference adapter answering by a fast-rule variant whose band is late.
"""

from __future__ import annotations

import sys

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import Rules


class LateBand(FastRules):
    def band(self, score: int) -> int:
        return 1 + (score - 31) // 10 if score >= 31 else 0


def late_band(rules: Rules) -> Reference:
    return Reference(LateBand.of(rules))


if __name__ == "__main__":
    answer = adapter.answer_function(late_band)
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
