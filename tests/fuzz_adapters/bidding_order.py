"""A wrong adapter (whole games only): the bidding starts at the dealer, not at the
player after the dealer (qahwa §"Bidding": the player to the dealer's right bids first)."""

from __future__ import annotations

import dataclasses
import sys
from typing import Self

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules
from fourhundred.spec.model import Rules


class DealerBidsFirst(FastRules):
    @classmethod
    def build(cls, rules: Rules) -> Self:
        built = super().build(rules)
        orders = tuple((d, *order[:-1]) for d, order in enumerate(built.bidding_orders))
        return dataclasses.replace(built, bidding_orders=orders)


if __name__ == "__main__":
    answer = adapter.answer_function(lambda rules: Reference(DealerBidsFirst.of(rules)))
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
