"""Tries to forge the runner's own lines: its name, version and language, the
error message of the case whose id ends in 3 (which it reports as errored, with
a traceback) and its standard error all hold newlines, carriage returns, Unicode
line separators and bidirectional controls followed by a fake green summary."""

from __future__ import annotations

import sys

from _common import answer, messages, send

from fourhundred.conformance.adapter import hello

FORGED = "313 passed, 0 failed, 0 errored ALL GREEN"
BREAKS = ("\n", "\r\n", "\r", "\u2028", "\u2029", "\x85", "\u202e")
LIES = "".join(f"{brk}{FORGED}" for brk in BREAKS)

greeting = hello("reference")
greeting["implementation"]["name"] = "forger" + LIES
greeting["implementation"]["version"] = "1" + LIES
greeting["implementation"]["language"] = "py" + LIES

sys.stderr.write(f"starting{LIES}\n{FORGED}\n")
sys.stderr.flush()
for message in messages(greeting):
    if message["case"]["id"].endswith("3"):
        sys.stderr.write(f"{FORGED}\n")
        sys.stderr.flush()
        send(
            {
                "seq": message["seq"],
                "errored": {"message": "broke" + LIES, "traceback": f"Traceback{LIES}\n{FORGED}\n"},
            }
        )
        continue
    send(answer(message))
