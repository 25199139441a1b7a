"""Prints a line that is not JSON for cases whose id ends in 3."""

from __future__ import annotations

import sys

from _common import answer, messages, send

for message in messages():
    if message["case"]["id"].endswith("3"):
        sys.stdout.write("Traceback (most recent call last): oops\n")
        sys.stdout.flush()
        continue
    send(answer(message))
