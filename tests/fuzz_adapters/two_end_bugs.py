"""A wrong adapter with TWO independent bugs of the game's end (qahwa §"Winning": one
partner on the target *or more*, the other *above zero*): a player exactly on the
target does not qualify, and a partner on 0 counts as above zero. Two causes: two
findings."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules


class TwoEndBugs(FastRules):
    def qualifies(self, team: int, scores: Sequence[int], target: int) -> bool:
        return super().qualifies(team, scores, target + 1)

    def partner_ok(self, score: int) -> bool:
        return score >= 0


if __name__ == "__main__":
    answer = adapter.answer_function(lambda rules: Reference(TwoEndBugs.of(rules)))
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
