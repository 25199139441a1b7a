"""A wrong adapter (every kind that takes tricks, whole games too): when a heart (trump)
leads, the highest rank of any suit wins the trick, the first played of equal ranks
(pagat §"Play": the highest trump wins). The engine's trick winner replaced, so in whole
games the wrong player leads the next trick and the tricks are counted wrongly."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules

RANKS = "23456789TJQKA"


class AnySuitWhenTrumpLed(FastRules):
    def trick_winner(self, trick: Sequence[str], trump: str = "H") -> int:
        if trick[0][1] != trump:
            return super().trick_winner(trick, trump)
        ranks = [RANKS.index(card[0]) for card in trick]
        return ranks.index(max(ranks))


if __name__ == "__main__":
    answer = adapter.answer_function(lambda rules: Reference(AnySuitWhenTrumpLed.of(rules)))
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
