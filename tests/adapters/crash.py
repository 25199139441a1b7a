"""Exits (as if it crashed) on cases whose id ends in 3, after a word on stderr."""

from __future__ import annotations

import os
import sys

from _common import answer, messages, send

for message in messages():
    if message["case"]["id"].endswith("3"):
        sys.stderr.write(f"fatal: cannot handle {message['case']['id']}\n")
        sys.stderr.flush()
        os._exit(3)
    send(answer(message))
