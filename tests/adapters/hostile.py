"""One hostile adapter, many behaviours: ``hostile.py MODE [ARG]``.

It answers correctly (through the reference adapter's logic) except on cases
whose id ends in 3, where it misbehaves as MODE says; a few modes misbehave on
every case or on the stream as a whole. The runner must make each misbehaviour
that case's error (or the adapter's, for the stream), and carry on.

Answers that cannot be read or judged:

* ``deep``: a result nested 100,000 deep;
* ``overflow``, ``nan``, ``bigint``: ``1e999``, ``NaN``, an integer of 5,000 digits;
* ``not_utf8``, ``surrogate``: bytes that are not UTF-8; an unpaired surrogate;
* ``result_list``, ``result_string``: a result that is not an object;
* ``both``: a result and a skip in one answer; ``skipped_string``: a skip that is not an object;
* ``no_seq``, ``seq_true``, ``seq_text``: no seq, ``true`` (equal to 1 in Python), ``"3"``;
* ``huge ARG``: one answer line of ARG bytes (a valid answer, padded);
* ``noise``: an ``errored`` message and stderr full of NUL, ANSI escapes, Rich
  markup and bytes that are not UTF-8.

Answers in the wrong number or order:

* ``duplicate``: answers twice in one write; ``late_duplicate``: answers again
  a second later; ``late_duplicate REPORTED``: answers the next case, then
  waits until the file REPORTED (a test writes it) names the case, and answers
  it again: too late, on any machine;
* ``reverse``: answers every batch it reads in reverse order (every case).

The process:

* ``dies``: exits with status 3 on every case;
* ``exits_holding_pipes PIDFILE``: starts two grandchildren that keep its
  pipes open (one ignores SIGTERM), writes their pids to PIDFILE, and exits
  with status 3;
* ``stops_reading``: after the handshake, never reads or answers again.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from _common import answer, messages, send

MODE = sys.argv[1]
ARG = sys.argv[2] if len(sys.argv) > 2 else ""


def raw(text: str | bytes) -> None:
    """Write one line as it is."""
    data = text.encode() if isinstance(text, str) else text
    sys.stdout.buffer.write(data + b"\n")
    sys.stdout.buffer.flush()


def around(seq: int, result_text: str) -> str:
    return f'{{"seq": {seq}, "result": {result_text}}}'


def hostile_line(mode: str, message: dict[str, Any]) -> str | bytes:
    """The misbehaving line for one case."""
    seq = message["seq"]
    good = json.dumps(answer(message)["result"])
    lines: dict[str, str | bytes] = {
        "deep": around(seq, "[" * 100_000 + "]" * 100_000),
        "overflow": around(seq, good[:-1] + ', "scores": [1e999, 0, 0, 0]}'),
        "nan": around(seq, good[:-1] + ', "scores": [NaN, 0, 0, 0]}'),
        "bigint": around(seq, good[:-1] + ', "scores": [' + "9" * 5000 + ", 0, 0, 0]}"),
        "not_utf8": around(seq, good[:-1] + ', "note": "').encode() + b'\xff\xfe"}}',
        "surrogate": around(seq, good[:-1] + ', "note": "\\ud800"}'),
        "result_list": around(seq, "[1, 2]"),
        "result_string": around(seq, '"yes"'),
        "both": f'{{"seq": {seq}, "result": {good}, "skipped": {{"message": "both"}}}}',
        "skipped_string": f'{{"seq": {seq}, "skipped": "not today"}}',
        "no_seq": f'{{"result": {good}}}',
        "seq_true": f'{{"seq": true, "result": {good}}}',
        "seq_text": f'{{"seq": "{seq}", "result": {good}}}',
    }
    return lines[mode]


def huge(message: dict[str, Any], size: int) -> str:
    reply = answer(message)
    reply["result"]["padding"] = ""
    text = json.dumps(reply)
    return text.replace('"padding": ""', '"padding": "' + "x" * size + '"')


NOISE = "NUL \x00 ANSI \x1b[31mred\x1b[0m markup [/opt/engine] [bold]x[/]"


def wait_until_reported(case_id: str, reported: str) -> None:
    """Wait until the file ``reported`` (written by a test as the runner reports
    cases) names ``case_id``."""
    while not (
        os.path.exists(reported) and case_id in Path(reported).read_text(encoding="utf-8").split()
    ):
        time.sleep(0.01)


def main() -> None:
    if MODE == "reverse":
        reverse()
        return
    repeat: dict[str, Any] | None = None  # late_duplicate: the case to answer again
    for message in messages():
        misbehave = message["case"]["id"].endswith("3")
        if repeat is not None and not misbehave:
            # The answer to this case settles the one before: wait until it is reported.
            send(answer(message))
            wait_until_reported(repeat["case"]["id"], ARG)
            send(answer(repeat))
            repeat = None
            continue
        if MODE == "dies" or (MODE == "exits_holding_pipes" and misbehave):
            if MODE == "exits_holding_pipes":
                start_grandchildren(ARG)
            sys.stderr.write(f"fatal: giving up on {message['case']['id']}\n")
            sys.stderr.flush()
            os._exit(3)
        if MODE == "stops_reading":
            time.sleep(3600)
        if not misbehave or MODE == "exits_holding_pipes":
            send(answer(message))
        elif MODE == "duplicate":
            # Both answers in one write: the repeat is read before the runner can settle
            # the case, however loaded the machine (``late_duplicate`` is the other side).
            line = json.dumps(answer(message)) + "\n"
            sys.stdout.write(line + line)
            sys.stdout.flush()
        elif MODE == "late_duplicate" and not ARG:
            send(answer(message))
            time.sleep(1.0)
            send(answer(message))
        elif MODE == "late_duplicate":
            send(answer(message))
            repeat = message
        elif MODE == "huge":
            raw(huge(message, int(ARG)))
        elif MODE == "noise":
            sys.stderr.buffer.write(NOISE.encode() + b" \xff\xfe not UTF-8\n")
            sys.stderr.flush()
            # Two pipes: the log must be read before the answer for the runner to
            # stamp it on this case; on a loaded machine both can be ready at once.
            time.sleep(0.3)
            send({"seq": message["seq"], "errored": {"message": NOISE}})
        else:
            raw(hostile_line(MODE, message))


def start_grandchildren(pidfile: str) -> None:
    """Two processes that inherit stdout and stderr (so the runner sees no end of
    output) and outlive this one; the second ignores SIGTERM."""
    stubborn = (
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(1000)"
    )
    children = [
        subprocess.Popen(["sleep", "1000"], stdin=subprocess.DEVNULL),
        subprocess.Popen([sys.executable, "-c", stubborn], stdin=subprocess.DEVNULL),
    ]
    with open(pidfile, "a") as stream:
        stream.write("".join(f"{child.pid}\n" for child in children))
    time.sleep(0.3)  # the stubborn one has set its handler


def reverse() -> None:
    """Read whatever lines are there, answer the batch last first."""
    from fourhundred.conformance.adapter import hello

    pending = b""
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        pending += chunk
        *lines, pending = pending.split(b"\n")
        replies = []
        for line in lines:
            if not line.strip():
                continue
            message = json.loads(line)
            if message["cmd"] == "start":
                send(hello("reference"))
            elif message["cmd"] == "stop":
                return
            else:
                replies.append(answer(message))
        for reply in reversed(replies):
            sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


main()
