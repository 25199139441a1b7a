"""Shakes hands but declares no kinds, so nothing of the suite applies to it."""

from __future__ import annotations

from _common import answer, messages, send

from fourhundred.conformance.adapter import hello

greeting = hello("reference")
greeting["kinds"] = []

for message in messages(greeting):
    send(answer(message))
