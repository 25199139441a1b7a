"""Answers the handshake with nonsense: the runner must stop with exit 2."""

from __future__ import annotations

import sys

for _line in sys.stdin:
    sys.stdout.write('{"hello": "world"}\n')
    sys.stdout.flush()
