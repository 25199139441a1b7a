"""A correct adapter whose handshake declares what ``declares.py KINDS VARIANTS``
says (two JSON texts), e.g. ``declares.py '["bid_value"]' '{"QAHWA": []}'``."""

from __future__ import annotations

import json
import sys

from _common import answer, messages, send

from fourhundred.conformance.adapter import hello

greeting = hello("reference")
greeting["kinds"] = json.loads(sys.argv[1])
greeting["variants"] = json.loads(sys.argv[2])

for message in messages(greeting):
    send(answer(message))
