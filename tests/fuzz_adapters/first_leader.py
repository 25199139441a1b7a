"""A wrong adapter (whole games only): the dealer leads the first trick, not the
player after the dealer (qahwa §"Play")."""

from __future__ import annotations

import sys

from fourhundred.conformance import adapter
from fourhundred.reference.engine import Reference
from fourhundred.reference.fast import FastRules


class DealerLeads(FastRules):
    def first_leader(self, dealer: int) -> int:
        return dealer


if __name__ == "__main__":
    answer = adapter.answer_function(lambda rules: Reference(DealerLeads.of(rules)))
    raise SystemExit(adapter.serve(sys.stdin.buffer, sys.stdout.buffer, answer))
