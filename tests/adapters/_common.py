"""Shared by the deliberately bad adapters: a handshake and a correct answer.

Each bad adapter answers correctly (through the reference adapter's logic)
except where it misbehaves on purpose, so a test can see the runner carry on
after the misbehaviour.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from fourhundred.conformance.adapter import hello, reference_answer
from fourhundred.spec.registry import load


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(message: dict[str, Any]) -> dict[str, Any]:
    case = message["case"]
    result = reference_answer(case["kind"], load(case["variant"]), case["input"])
    return {"seq": message["seq"], "result": result}


def messages(greeting: dict[str, Any] | None = None) -> Any:
    """The run messages, after answering start (with ``greeting`` if given)."""
    for line in sys.stdin:
        if line.strip():
            message = json.loads(line)
            if message.get("cmd") == "start":
                send(greeting or hello("reference"))
                continue
            if message.get("cmd") == "stop":
                return
            yield message
