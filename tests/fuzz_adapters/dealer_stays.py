"""A wrong adapter: after a thrown-in hand the same dealer deals again.

(qahwa §"The deal": the deal passes to the right after every hand, thrown in
or not.) The reference adapter with the engine's throw-in replaced.
"""

from __future__ import annotations

from dataclasses import replace

from fourhundred.conformance import adapter
from fourhundred.reference import engine

_thrown_in = engine._thrown_in


def dealer_stays(state: engine.GameState) -> engine.GameState:
    return replace(_thrown_in(state), dealer=state.dealer)


engine._thrown_in = dealer_stays

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
