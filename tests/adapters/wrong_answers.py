"""Declares qahwa-400 (defaults and table=classic) and the pure kinds only, and
gets the bid of 13 wrong (says it is worth 41)."""

from __future__ import annotations

from _common import answer, messages, send

from fourhundred.conformance.adapter import hello
from fourhundred.conformance.kinds import PURE_KINDS

greeting = hello("reference")
greeting["implementation"]["name"] = "wrong-thirteen"
greeting["kinds"] = list(PURE_KINDS)
greeting["variants"] = {"qahwa-400": ["table=classic"]}

for message in messages(greeting):
    reply = answer(message)
    case = message["case"]
    if case["kind"] == "bid_value" and case["input"]["bid"] == 13:
        reply["result"]["value"] = 41
    send(reply)
