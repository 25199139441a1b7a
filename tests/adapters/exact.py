"""An adapter whose engine plays exactly one setting: ``exact.py EXACT [PLAYS]``
declares every kind, no plain variant and ``"exact": [EXACT]``, and answers each
case under the case's variant string, or (with ``PLAYS``, a planted deviation)
under the rules of ``PLAYS`` whatever the case says, e.g. an engine that claims
``qahwa-400(table=classic)`` but plays the common table."""

from __future__ import annotations

import sys

from _common import messages, send

from fourhundred.conformance.adapter import hello, reference_answer
from fourhundred.spec.registry import load

greeting = hello("reference")
greeting["variants"] = {}
greeting["exact"] = [sys.argv[1]]
plays = sys.argv[2] if len(sys.argv) > 2 else None

for message in messages(greeting):
    case = message["case"]
    rules = load(plays or case["variant"])
    send({"seq": message["seq"], "result": reference_answer(case["kind"], rules, case["input"])})
