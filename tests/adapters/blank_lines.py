"""Answers every case correctly, with blank lines (empty, spaces, a lone carriage
return) before and after each answer."""

from __future__ import annotations

import sys

from _common import answer, messages, send

for message in messages():
    sys.stdout.write("\n \n\r\n")
    send(answer(message))
    sys.stdout.write("\n")
    sys.stdout.flush()
