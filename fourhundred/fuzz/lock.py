"""One campaign at a time on an ``--out`` folder: a lock held for the whole run.

One job: :func:`holding`, an exclusive ``flock`` on ``OUT/.lock`` taken before
the campaign reads or writes its state, and released when it ends (by the
kernel too, however the process ends: a campaign killed outright leaves no
stale lock). A second campaign on the same folder is refused at once with a
clear error naming the process that holds it; without the lock both would
append the same findings to ``findings.jsonl`` and overwrite each other's
progress in ``state.json``.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from fourhundred.errors import UserError
from fourhundred.safeio import terminal_text

LOCK_NAME = ".lock"


@contextlib.contextmanager
def holding(out: Path) -> Iterator[None]:
    """Hold the lock of the campaign folder ``out`` (made if missing) within."""
    shown = terminal_text(str(out))
    try:
        out.mkdir(parents=True, exist_ok=True)
        handle = os.open(out / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as problem:
        # The folder cannot be made or written: the same words as every other write of it.
        raise UserError(f"cannot write {shown}: {problem.strerror}") from None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as problem:
            if problem.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise UserError(f"--out {shown}: cannot lock it: {problem.strerror}") from None
            holder = os.pread(handle, 32, 0).decode("ascii", "replace").strip()
            who = f" (process {holder})" if holder.isdigit() else ""
            raise UserError(
                f"--out {shown}: another fuzz campaign is running on this folder{who}; "
                "wait for it to end, or choose another --out"
            ) from None
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        os.close(handle)
