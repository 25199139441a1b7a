"""Hangs (never answers) on cases whose id ends in a digit 3; answers the rest."""

from __future__ import annotations

import time

from _common import answer, messages, send

for message in messages():
    if message["case"]["id"].endswith("3"):
        time.sleep(3600)
    send(answer(message))
