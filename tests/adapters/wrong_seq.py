"""Answers cases whose id ends in 3 with a wrong seq."""

from __future__ import annotations

from _common import answer, messages, send

for message in messages():
    reply = answer(message)
    if message["case"]["id"].endswith("3"):
        reply["seq"] = message["seq"] + 1000
    send(reply)
