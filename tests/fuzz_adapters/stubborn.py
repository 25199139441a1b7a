"""A stubborn wrong adapter: it ignores Ctrl-C (SIGINT), and ``stop`` and the end of its
input too, so only being killed ends it; and it values every bid from 7 one point too
high, so a campaign soon has findings to keep.

Each process records its pid as a file in the folder ``$FUZZ_ADAPTER_PIDS`` (if set),
and creates ``wrong`` there once it has answered a case wrongly, so a test can tell
when there is something to find and check that no adapter is left running.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from fourhundred.conformance import adapter

signal.signal(signal.SIGINT, signal.SIG_IGN)
FOLDER = os.environ.get("FUZZ_ADAPTER_PIDS")
if FOLDER:
    Path(FOLDER, str(os.getpid())).touch()
_answer = adapter.reference_answer


def too_high(kind, rules, data):  # type: ignore[no-untyped-def]
    answer = _answer(kind, rules, data)
    if kind == "bid_value" and data["bid"] >= 7 and answer["value"] is not None:
        if FOLDER:
            Path(FOLDER, "wrong").touch()
        return {**answer, "value": answer["value"] + 1}
    return answer


adapter.reference_answer = too_high

if __name__ == "__main__":
    adapter.main([])
    while True:  # asked to stop, or its input closed: it stays anyway
        time.sleep(1)
