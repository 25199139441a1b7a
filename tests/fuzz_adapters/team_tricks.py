"""A wrong adapter: a bid is scored against the *team's* tricks, not the bidder's own.

(qahwa §"Scoring": only the bidder's own tricks count.) The reference adapter
with :meth:`FastRules.scores_after` replaced.
"""

from __future__ import annotations

from fourhundred.conformance import adapter
from fourhundred.reference.fast import FastRules


def team_scores_after(self: FastRules, scores, bids, tricks):  # type: ignore[no-untyped-def]
    highest = max(scores)
    return tuple(
        scores[s] + self.score_change(bids[s], tricks[s] + tricks[(s + 2) % 4], scores[s], highest)
        for s in range(4)
    )


FastRules.scores_after = team_scores_after  # type: ignore[method-assign]

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
