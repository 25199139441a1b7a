"""A wrong adapter: the score bands start one point late (31-40, 41-50 ...),
so a player on exactly 30 keeps the minimum bid of a player on 29
(qahwa §"Bidding": from 30 the minimum bid rises).

The reference adapter with the fast layer's band function replaced.
"""

from __future__ import annotations

from fourhundred.conformance import adapter
from fourhundred.reference import fast


def late_band(score: int) -> int:
    return 1 + (score - 31) // 10 if score >= 31 else 0


fast._band = late_band

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
