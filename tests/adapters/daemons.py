"""Starts processes meant to outlive it, then answers (``answer``) or never answers
(``hang``): ``daemons.py PIDFILE MODE``.

Before the handshake it starts, each ignoring SIGTERM:

* a ``setsid`` daemon (a session and process group of its own);
* a double-forked daemon (fork, setsid, fork, the middle process exits, so the
  daemon's parent is gone before anyone looks);
* a plain child holding the adapter's standard output open.

Then it writes their pids, and its own parent's (the process that started it),
to PIDFILE as JSON (atomically: the file is whole once it exists); a PIDFILE that is
a folder gets a file ``<adapter pid>.json`` in it for each start of the adapter.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from _common import answer, messages, send

pidfile, mode = Path(sys.argv[1]), sys.argv[2]
STUBBORN = (
    "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nwhile True: time.sleep(60)"
)


def double_fork() -> int:
    """A daemon by the classic double fork; its pid, read from a pipe."""
    read, write = os.pipe()
    middle = os.fork()
    if middle == 0:
        os.setsid()
        daemon = os.fork()
        if daemon:
            os._exit(0)
        os.close(read)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        os.write(write, str(os.getpid()).encode())
        os.close(write)
        while True:
            time.sleep(60)
    os.close(write)
    os.waitpid(middle, 0)
    with os.fdopen(read) as stream:
        return int(stream.read())


setsid = subprocess.Popen(
    [sys.executable, "-c", STUBBORN],
    start_new_session=True,
    stdin=subprocess.DEVNULL,
    stdout=subprocess.DEVNULL,
    stderr=subprocess.DEVNULL,
)
holder = subprocess.Popen([sys.executable, "-c", STUBBORN], stdin=subprocess.DEVNULL)
pids = {"setsid": setsid.pid, "double_fork": double_fork(), "holder": holder.pid}
if pidfile.is_dir():  # one file per start of the adapter (a restarted one writes its own)
    pidfile = pidfile / f"{os.getpid()}.json"
temporary = pidfile.with_suffix(".tmp")
temporary.write_text(json.dumps({**pids, "adapter": os.getpid(), "parent": os.getppid()}))
temporary.rename(pidfile)

for message in messages():
    if mode == "hang":
        continue
    send(answer(message))
