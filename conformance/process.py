"""The adapter process and its pipes: start it, talk to it, end it and everything it started.

One job: own one running adapter. It is started from an argv (never through a
shell) in a process group of its own, and all I/O with it runs in one thread
on non-blocking pipes (:class:`AdapterProcess`): writing never blocks the
timing of answers, an adapter that stops reading its input still times out,
standard error is drained as it comes (a flood cannot block the adapter) and
a line is read in linear time up to a limit. Lines come out parsed with
limits (:func:`fourhundred.safeio.parse_json`); a timeout, the end of output
or the adapter's exit is an :class:`~fourhundred.conformance.protocol.AdapterFailure`.

The adapter runs under a keeper (:mod:`fourhundred.conformance.keeper`): a
child subreaper that ends everything the adapter started (``SIGTERM``, then
``SIGKILL`` after :data:`TERMINATE_GRACE`) when the adapter exits, when it is
closed, and when the runner dies in any way, so nothing it started is left.
"""

from __future__ import annotations

import collections
import contextlib
import errno
import json
import os
import queue
import selectors
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fourhundred import safeio
from fourhundred.conformance.outcomes import Reason
from fourhundred.conformance.protocol import AdapterFailure, RunnerError

STDERR_LIMIT = 1 << 20
STDERR_TAIL = 2000
#: The longest answer line read (a whole game's answer is a few kilobytes).
MAX_ANSWER_BYTES = 16 << 20
#: Seconds to wait, once an adapter's output has ended, for the rest of its stderr.
STDERR_GRACE = 1.0
#: Seconds between ``SIGTERM`` and ``SIGKILL`` to the adapter's process group.
TERMINATE_GRACE = 1.0

_READ_CHUNK = 1 << 16


def exit_text(code: int) -> str:
    """An exit status in words: ``exit status 3`` or ``killed by signal SIGKILL``."""
    if code >= 0:
        return f"exit status {code}"
    try:
        name = signal.Signals(-code).name
    except ValueError:
        name = str(-code)
    return f"killed by signal {name}"


@dataclass(frozen=True)
class _Line:
    """One line of the adapter's output (``data`` None: longer than the limit),
    stamped with the bytes of standard error read before it."""

    data: bytes | None
    stderr_bytes: int


#: The keeper (:mod:`fourhundred.conformance.keeper`), run by path with only the
#: standard library (``python -I -S``): it starts in a few milliseconds.
KEEPER = str(Path(__file__).with_name("keeper.py"))
#: Seconds the runner waits for the keeper to end everything, beyond
#: :data:`TERMINATE_GRACE`, before it kills the keeper itself.
KEEPER_PATIENCE = 30.0


def _executable(program: str) -> None:
    """Refuse, as ``exec`` would, a program that cannot be run (``OSError`` naming
    it): the keeper runs it, and the runner must say why it cannot start."""
    if os.sep in program:
        if not os.path.isfile(program):
            raise OSError(errno.ENOENT, os.strerror(errno.ENOENT), program)
        if not os.access(program, os.X_OK):
            raise OSError(errno.EACCES, os.strerror(errno.EACCES), program)
    elif shutil.which(program) is None:
        raise OSError(errno.ENOENT, os.strerror(errno.ENOENT), program)


class AdapterProcess:
    """A running adapter under its keeper, its pipes served by one thread.

    The adapter is started by a keeper process (:mod:`fourhundred.conformance.keeper`,
    a child subreaper), so every process it starts, ``setsid`` and double-fork
    daemons included, is ended with it: when it exits, when :meth:`close` is
    called, and when the runner dies, even by ``SIGKILL`` (the keeper watches a
    pipe the runner holds). :attr:`process` is the keeper, whose exit status is
    the adapter's.

    :meth:`send` queues messages and returns at once; the I/O thread writes
    them as the adapter reads, reads its output into lines (at most
    ``max_line`` bytes each, in linear time) and drains standard error, keeping
    its tail.
    """

    def __init__(
        self,
        argv: Sequence[str],
        stderr_limit: int = STDERR_LIMIT,
        max_line: int = MAX_ANSWER_BYTES,
    ) -> None:
        self.argv = list(argv)
        self.stderr_limit = stderr_limit
        self.max_line = max_line
        lifeline, self._lifeline = os.pipe()  # the keeper's end, the runner's end
        try:
            _executable(self.argv[0])
            keeper = [sys.executable, "-I", "-S", KEEPER, str(lifeline), str(TERMINATE_GRACE)]
            self.process = subprocess.Popen(
                [*keeper, "--", *self.argv],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,
                pass_fds=(lifeline,),
            )
        except (OSError, ValueError) as error:
            os.close(self._lifeline)
            raise RunnerError(
                f"cannot start the adapter {shlex.join(self.argv)}: {error}"
            ) from None
        finally:
            os.close(lifeline)
        self.lines: queue.Queue[_Line | None] = queue.Queue()
        #: A line taken from ``lines`` by :meth:`wait`, not yet received.
        self._peeked: list[_Line | None] = []
        self._stderr: collections.deque[bytes] = collections.deque()
        self._stderr_kept = 0
        self.stderr_bytes = 0
        #: Bytes of standard error read before the last line taken by :meth:`receive`.
        self.stderr_at_answer = 0
        self._lock = threading.Lock()
        #: Input not yet written to the adapter (guarded by ``_lock``).
        self._outgoing = bytearray()
        self._close_input = False
        self._input_closed = False
        self._stopping = False
        self._closed = False
        self._wake_read, self._wake_write = os.pipe()
        os.set_blocking(self._wake_read, False)
        os.set_blocking(self._wake_write, False)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            assert stream is not None
            os.set_blocking(stream.fileno(), False)
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    # -- the I/O thread --------------------------------------------------

    def _serve(self) -> None:
        try:
            self._serve_pipes()
        except Exception as error:  # a dead I/O thread must show as an ended adapter
            with self._lock:
                self._stderr.append(f"\n[runner: adapter I/O failed: {error!r}]\n".encode())
        finally:
            self.lines.put(None)
            with self._lock:  # not while send() writes
                for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                    with contextlib.suppress(OSError, ValueError):
                        if stream is not None:
                            stream.close()

    def _serve_pipes(self) -> None:
        """Write queued input, read output lines and stderr, until the output has
        ended (and stderr, or :data:`STDERR_GRACE` after it) or :meth:`close`."""
        stdin, stdout, stderr = self.process.stdin, self.process.stdout, self.process.stderr
        assert stdin is not None and stdout is not None and stderr is not None
        selector = selectors.DefaultSelector()
        selector.register(stdout, selectors.EVENT_READ, "out")
        selector.register(stderr, selectors.EVENT_READ, "err")
        selector.register(self._wake_read, selectors.EVENT_READ, "wake")
        input_open, input_registered = True, False
        line = bytearray()
        skipping = False  # inside a line longer than the limit, already reported
        open_streams = 2
        # When the adapter's output ends, its last words on stderr may still be
        # in the pipe: the end is announced once stderr has closed too, or after
        # a short grace (a grandchild may hold stderr open).
        output_ended_at: float | None = None
        with selector:
            while open_streams and not self._stopping:
                with self._lock:
                    writing = bool(self._outgoing)
                    close_input = self._close_input
                if input_open and not writing and close_input:
                    if input_registered:
                        selector.unregister(stdin)
                    input_open = input_registered = False
                    with contextlib.suppress(OSError):
                        stdin.close()
                elif input_open and writing != input_registered:
                    if writing:
                        selector.register(stdin, selectors.EVENT_WRITE, "in")
                    else:
                        selector.unregister(stdin)
                    input_registered = writing
                grace = None
                if output_ended_at is not None:
                    grace = STDERR_GRACE - (time.monotonic() - output_ended_at)
                    if grace <= 0:
                        break
                for key, _ in selector.select(grace):
                    name = key.data
                    if name == "wake":
                        with contextlib.suppress(OSError):
                            os.read(self._wake_read, 4096)
                    elif name == "in":
                        if not self._write_input():  # the adapter closed its input
                            selector.unregister(stdin)
                            input_open = input_registered = False
                    else:
                        stream = stdout if name == "out" else stderr
                        try:
                            chunk = os.read(stream.fileno(), _READ_CHUNK)
                        except BlockingIOError:
                            continue
                        except OSError:
                            chunk = b""
                        if not chunk:
                            selector.unregister(stream)
                            open_streams -= 1
                            if name == "out":
                                if line and not skipping:
                                    self._put_line(line)
                                output_ended_at = time.monotonic()
                        elif name == "out":
                            skipping = self._take_output(chunk, line, skipping)
                        else:
                            self._take_stderr(chunk)

    def _write_input(self) -> bool:
        """Write as much queued input as the pipe takes now, without blocking;
        False once the adapter has closed its input (the rest is dropped)."""
        stdin = self.process.stdin
        assert stdin is not None
        with self._lock:
            while self._outgoing:
                try:
                    written = os.write(stdin.fileno(), self._outgoing[:_READ_CHUNK])
                except BlockingIOError:
                    return True
                except (OSError, ValueError):
                    self._outgoing.clear()
                    self._input_closed = True
                    return False
                del self._outgoing[:written]
        return True

    def _take_output(self, chunk: bytes, line: bytearray, skipping: bool) -> bool:
        """Add a chunk of output to the line being read and queue every line it
        completes; a line over ``max_line`` is queued as too long once and the
        rest of it skipped. Linear: each byte is looked at once. Returns whether
        the chunk ends inside a skipped line."""
        start = 0
        while True:
            newline = chunk.find(b"\n", start)
            end = len(chunk) if newline < 0 else newline
            if not skipping:
                if len(line) + end - start > self.max_line:
                    self.lines.put(_Line(None, self.stderr_bytes))
                    line.clear()
                    skipping = True
                else:
                    line += chunk[start:end]
            if newline < 0:
                return skipping
            if not skipping:
                self._put_line(line)
                line.clear()
            skipping = False
            start = newline + 1

    def _put_line(self, line: bytearray) -> None:
        """Queue a complete line of output; a blank line (spaces, a lone ``\\r``)
        between answers is no message and is passed over."""
        if line.strip():
            self.lines.put(_Line(bytes(line), self.stderr_bytes))

    def _take_stderr(self, chunk: bytes) -> None:
        with self._lock:
            self.stderr_bytes += len(chunk)
            self._stderr.append(chunk)
            self._stderr_kept += len(chunk)
            while len(self._stderr) > 1 and self._stderr_kept - len(self._stderr[0]) >= STDERR_TAIL:
                self._stderr_kept -= len(self._stderr.popleft())

    def _wake(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self._wake_write, b"!")

    # -- the runner's side -------------------------------------------------

    def stderr_tail(self, limit: int = STDERR_TAIL) -> str:
        """The last ``limit`` characters the adapter wrote to standard error (raw,
        bytes that are not UTF-8 replaced)."""
        with self._lock:
            data = b"".join(self._stderr)
        return data[-limit:].decode("utf-8", "replace")

    def send(self, messages: Iterable[Mapping[str, Any]]) -> None:
        """Write messages as JSON lines, as much as the pipe takes now; never
        blocks (the I/O thread writes the rest as the adapter reads)."""
        data = "".join(json.dumps(m, separators=(",", ":")) + "\n" for m in messages).encode()
        with self._lock:
            if self._input_closed:
                return
            idle = not self._outgoing
            self._outgoing += data
        if idle and self._write_input():
            with self._lock:
                if not self._outgoing:
                    return
        self._wake()

    def exit_code(self) -> int | None:
        """The adapter's exit status, None while it runs."""
        return self.process.poll()

    def receive(
        self,
        deadline: float,
        allowed: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> Any:
        """The next message, parsed with limits; :class:`AdapterFailure` once
        ``clock()`` reaches ``deadline`` (``allowed``: the timeout as configured,
        for the message), on the end of output (the adapter's exit: its keeper
        exits only once nothing it started holds the pipe, so the end always
        comes), or for a line that is not acceptable JSON.

        The clock decides only the timeout (a test may pass one it moves itself);
        the wait for a line polls in steps of a tenth of a second.
        """
        while True:
            if self._peeked:
                item = self._peeked.pop()
                break
            left = deadline - clock()
            if left <= 0:
                raise AdapterFailure(
                    f"no answer within {allowed:g} s (timed out)", Reason.TIMED_OUT
                )
            try:
                item = self.lines.get(timeout=min(left, 0.1))
                break
            except queue.Empty:
                pass
        if item is None:
            self.lines.put(None)  # the end stays the end for whoever asks next
            code = self.exit_code()
            if code is None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    code = self.process.wait(timeout=1)
            status = "still running" if code is None else exit_text(code)
            raise AdapterFailure(f"the adapter closed its output ({status})", Reason.CRASHED)
        self.stderr_at_answer = item.stderr_bytes
        if item.data is None:
            raise AdapterFailure(
                f"an output line longer than {self.max_line} bytes", Reason.INVALID
            )
        text = item.data.rstrip(b"\r")
        return safeio.parse_json(text, f"the line {_preview(text)}", error=AdapterFailure)

    def wait(self, timeout: float) -> bool:
        """Whether a line (or the end of output) arrives within ``timeout`` seconds
        (it is kept for :meth:`receive`)."""
        if not self._peeked:
            try:
                self._peeked.append(self.lines.get(timeout=max(timeout, 0.0)))
            except queue.Empty:
                return False
        return True

    def ready(self) -> bool:
        """Whether a line (or the end of output) is waiting to be received."""
        return bool(self._peeked) or not self.lines.empty()

    def close(self, graceful: bool = False) -> None:
        """Stop the adapter: ``stop`` first when graceful, then have the keeper end
        it and everything it started (``SIGTERM``, ``SIGKILL`` after
        :data:`TERMINATE_GRACE`) and wait for that. Once only."""
        if self._closed:
            return
        self._closed = True
        if graceful and self.process.poll() is None:
            self.send([{"cmd": "stop"}])
            with self._lock:
                self._close_input = True
            self._wake()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=2)
        _end(self.process, self._lifeline)
        self._stopping = True
        self._wake()
        self._thread.join(timeout=2)
        if not self._thread.is_alive():
            for fd in (self._wake_read, self._wake_write):
                with contextlib.suppress(OSError):
                    os.close(fd)


def _preview(data: bytes) -> str:
    text = data[:120].decode("utf-8", "replace")
    return repr(text) + ("…" if len(data) > 120 else "")


def _end(keeper: subprocess.Popen[bytes], lifeline: int) -> None:
    """End the adapter and every process it started: close the lifeline, on which
    the keeper ends them all, and wait for the keeper. A keeper that does not
    exit within :data:`KEEPER_PATIENCE` is killed (its adapter dies with it)."""
    with contextlib.suppress(OSError):
        os.close(lifeline)
    try:
        keeper.wait(timeout=TERMINATE_GRACE + KEEPER_PATIENCE)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(OSError):
            os.killpg(keeper.pid, signal.SIGKILL)
        keeper.wait()
