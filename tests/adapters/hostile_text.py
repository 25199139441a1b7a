"""Answers correctly but fills every text it gives the runner with Rich markup,
HTML, Markdown, terminal escapes and NUL: its name, its stderr log, and the
error message of the case whose id ends in 3 (which it reports as errored)."""

from __future__ import annotations

import sys

from _common import answer, messages, send

from fourhundred.conformance.adapter import hello

HOSTILE = "engine[/] <img src=x onerror=alert(1)> <script>x</script> | `tick` \x1b[31mred\x1b[0m \x00 [bold]"

greeting = hello("reference")
greeting["implementation"]["name"] = HOSTILE
greeting["implementation"]["language"] = "rust[/]"

sys.stderr.write("[/opt/engine/bin] config not found \x1b]0;title\x07 \x00\n")
sys.stderr.flush()
for message in messages(greeting):
    if message["case"]["id"].endswith("3"):
        sys.stderr.write("[/src/engine.rs:12] panicked \x1b[2J\x00\n")
        sys.stderr.flush()
        send({"seq": message["seq"], "errored": {"message": "[/src/engine.rs:12] " + HOSTILE}})
        continue
    send(answer(message))
