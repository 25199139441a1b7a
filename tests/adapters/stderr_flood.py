"""Writes 3 MB to stderr on cases whose id ends in 3 (then answers correctly)."""

from __future__ import annotations

import sys

from _common import answer, messages, send

for message in messages():
    if message["case"]["id"].endswith("3"):
        chunk = "x" * 1023 + "\n"
        for _ in range(3 * 1024):
            sys.stderr.write(chunk)
        sys.stderr.write("flood over\n")
        sys.stderr.flush()
    send(answer(message))
