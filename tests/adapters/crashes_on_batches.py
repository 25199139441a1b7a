"""Answers every case right, but exits with status 3 whenever it reads more than
one case at once: the runner restarts it and sends the cases one at a time, so
every answer is right in the end and only the restarts tell of the crashes."""

from __future__ import annotations

import json
import os
import sys

from _common import answer, send

from fourhundred.conformance.adapter import hello

pending = b""
while True:
    chunk = os.read(0, 1 << 16)
    if not chunk:
        break
    pending += chunk
    *lines, pending = pending.split(b"\n")
    messages = [json.loads(line) for line in lines if line.strip()]
    runs = [m for m in messages if m.get("cmd") == "run"]
    if len(runs) > 1:
        os._exit(3)
    for message in messages:
        if message.get("cmd") == "start":
            send(hello("reference"))
        elif message.get("cmd") == "stop":
            sys.exit(0)
        else:
            send(answer(message))
