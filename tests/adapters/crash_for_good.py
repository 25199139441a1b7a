"""Crashes on the case whose id ends in 3 and can never start again: it leaves a
marker file (the first argument) and refuses the handshake while it exists,
so the runner cannot restart it and the rest of the run is not run."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from _common import answer, messages, send

marker = Path(sys.argv[1])
if marker.exists():
    sys.stderr.write("broken for good: remove the marker to start again\n")
    sys.exit(4)

for message in messages():
    if message["case"]["id"].endswith("3"):
        marker.write_text("crashed")
        sys.stderr.write(f"fatal: cannot handle {message['case']['id']}\n")
        sys.stderr.flush()
        os._exit(3)
    send(answer(message))
