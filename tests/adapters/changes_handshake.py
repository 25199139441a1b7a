"""Crashes on the case whose id ends in 3; started again, it answers a different
handshake: ``changes_handshake.py MARKER WHAT``, WHAT one of ``name`` (a new
implementation name), ``codes`` (``"codes": false``) or ``positions``
(``"positions"`` flipped). The marker file says it has started before."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from _common import answer, messages, send

from fourhundred.conformance.adapter import hello

marker, what = Path(sys.argv[1]), sys.argv[2]
greeting = hello("reference")
if marker.exists():
    if what == "name":
        greeting["implementation"]["name"] = "someone-else"
    elif what == "codes":
        greeting["codes"] = False
    elif what == "positions":
        greeting["positions"] = not greeting.get("positions", False)
marker.write_text("started")
for message in messages(greeting):
    if message["case"]["id"].endswith("3"):
        os._exit(3)
    send(answer(message))
