"""A wrong adapter: it dies (exit status 3) on any legal_plays case where the player
leads holding the ace of spades, and hangs on any trick_winner case led by the two of clubs."""

from __future__ import annotations

import os
import time

from fourhundred.conformance import adapter

_answer = adapter.spec_answer  # the specification's answers: this adapter is about crashing


def fragile(kind, rules, data):  # type: ignore[no-untyped-def]
    if kind == "legal_plays" and "AS" in data["hand"] and data["led"] is None:
        os._exit(3)
    if kind == "trick_winner" and data["trick"][0] == "2C":
        time.sleep(60)
    return _answer(kind, rules, data)


adapter.reference_answer = fragile

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
