"""A wrong adapter: when both teams qualify in the same hand, North-South wins
whatever the team totals (qahwa §"Winning": the higher total wins).

The reference adapter with the points result replaced.
"""

from __future__ import annotations

from fourhundred.conformance import adapter
from fourhundred.reference.fast import FastRules

_points_result = FastRules._points_result


def north_south_first(self: FastRules, scores, target):  # type: ignore[no-untyped-def]
    if (
        self.rules.both_qualify == "higher_total"
        and self._qualifies(0, scores, target)
        and self._qualifies(1, scores, target)
    ):
        return 1, target
    return _points_result(self, scores, target)


FastRules._points_result = north_south_first  # type: ignore[method-assign]

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
