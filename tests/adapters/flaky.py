"""Answers N cases (the first argument, default 2), then exits with status 3 in
the middle of the next: restarted, it does the same again, for ever. Each good
answer resets the runner's count of failures in a row, so only an overall
failure budget stops it."""

from __future__ import annotations

import os
import sys

from _common import answer, messages, send

budget = int(sys.argv[1]) if len(sys.argv) > 1 else 2
for answered, message in enumerate(messages()):
    if answered == budget:
        os._exit(3)
    send(answer(message))
