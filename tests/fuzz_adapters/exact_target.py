"""A wrong adapter: a player exactly on the target does not qualify; it takes one point
more (qahwa §"Winning": 41 *or more*). Every kind that judges the end goes wrong."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules


class BeyondTarget(FastRules):
    def qualifies(self, team: int, scores: Sequence[int], target: int) -> bool:
        return super().qualifies(team, scores, target + 1)


if __name__ == "__main__":
    answer = adapter.answer_function(lambda rules: Reference(BeyondTarget.of(rules)))
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
