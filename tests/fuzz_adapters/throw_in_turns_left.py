"""A wrong adapter (whole games): after a thrown-in hand the deal passes to the left,
to the previous dealer, instead of to the right (qahwa §"The deal": the deal passes
to the right after every hand, thrown in or not). The engine's throw-in replaced."""

from __future__ import annotations

from dataclasses import replace

from fourhundred.conformance import adapter
from fourhundred.reference import engine

_thrown_in = engine._thrown_in


def turns_left(state: engine.GameState) -> engine.GameState:
    return replace(_thrown_in(state), dealer=(state.dealer + 3) % 4)


engine._thrown_in = turns_left

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
