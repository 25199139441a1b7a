"""Hangs (never answers) on cases whose id ends in a digit 3; answers the rest.

``hang.py [MARKS]``: before it hangs on a case, it appends a line to the file
MARKS: the case's id and how many answers this process sent before it, so a
test can move its clock past the timeout once the runner has taken those
answers, rather than wait for real seconds to pass.
"""

from __future__ import annotations

import sys
import time

from _common import answer, messages, send

marks = sys.argv[1] if len(sys.argv) > 1 else None
for answered, message in enumerate(messages()):
    if message["case"]["id"].endswith("3"):
        if marks is not None:
            with open(marks, "a", encoding="utf-8") as stream:
                stream.write(f"{message['case']['id']} {answered}\n")
        time.sleep(3600)
    send(answer(message))
