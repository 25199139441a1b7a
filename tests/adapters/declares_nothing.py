"""Shakes hands declaring one kind for one variant (``trick_winner`` for ``qahwa-400``),
so nothing of a run of other kinds and variants applies to it: every case is not
applicable and the run checks nothing. (An adapter that declares no kinds at all is
refused at the handshake; see ``tests/test_runner_hostile_adapters.py``.)"""

from __future__ import annotations

from _common import answer, messages, send

from fourhundred.conformance.adapter import hello

greeting = hello("reference")
greeting["kinds"] = ["trick_winner"]
greeting["variants"] = {"qahwa-400": []}

for message in messages(greeting):
    send(answer(message))
