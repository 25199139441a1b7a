"""The conformance runner: drive an adapter process case by case and judge its answers.

The runner starts the adapter (a command line, split with :func:`shlex.split`,
never through a shell), performs the handshake, and sends every applicable
case as a ``run`` message. It keeps a window of cases in flight (the protocol
is strictly request/answer, in order, so an adapter that reads one line and
answers it is already pipelined) and waits for each answer at most the
per-case timeout.

A bad adapter cannot stop a run: a hang (timeout), a crash (end of output), a
line that is not JSON or not a protocol message, an answer with the wrong
``seq``: each becomes an ``error`` outcome for the case in hand, with the tail
of the adapter's standard error; the adapter is killed, restarted, the
handshake replayed, and the cases that were in flight are sent again. Standard
error is drained continuously by a thread (so a flood cannot block the
adapter) and a case during which more than the stderr limit arrives is an
``error`` too. Outcomes are handed to the reports as they happen, so a report
streamed to disk is complete up to the last case even if the runner itself is
interrupted.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fourhundred.conformance import kinds
from fourhundred.conformance.suite import Run

PROTOCOL_VERSION = 1
DEFAULT_TIMEOUT = 5.0
STARTUP_TIMEOUT = 30.0
DEFAULT_WINDOW = 64
STDERR_LIMIT = 1 << 20
STDERR_TAIL = 2000
#: Seconds to wait, once an adapter's output has ended, for the rest of its stderr.
STDERR_GRACE = 1.0
MAX_RESTARTS_IN_A_ROW = 3
#: The command that starts the bundled reference adapter (the default ``--adapter``).
REFERENCE_ADAPTER = (sys.executable, "-m", "fourhundred.conformance.adapter")

STATUSES = ("pass", "fail", "error", "skip", "not_applicable", "known_failure", "unexpected_pass")


class RunnerError(Exception):
    """The run cannot go on: the adapter cannot be started or keeps failing its handshake."""


class AdapterFailure(Exception):
    """The adapter broke the protocol for the case in hand (the adapter is restarted)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Outcome:
    """What happened to one run: a status from :data:`STATUSES` and the evidence."""

    run: Run
    status: str
    message: str = ""
    actual: Any = None
    stderr: str = ""
    seconds: float = 0.0

    @property
    def key(self) -> str:
        return self.run.key

    def to_json(self) -> dict[str, Any]:
        """The report line of this outcome (``schema/report.schema.json``)."""
        case = self.run.case
        data: dict[str, Any] = {
            "type": "case",
            "id": case["id"],
            "variant": self.run.variant,
            "kind": case["kind"],
            "status": self.status,
            "description": case["description"],
            "rules": case["rules"],
            "ambiguities": case["ambiguities"],
            "seconds": round(self.seconds, 6),
        }
        if self.status not in ("pass", "not_applicable", "known_failure"):
            data["message"] = self.message
        if self.status in ("fail", "error", "known_failure", "unexpected_pass"):
            data["input"] = case["input"]
            data["expected"] = case["expected"]
            if self.actual is not None:
                data["actual"] = self.actual
        if self.stderr:
            data["stderr"] = self.stderr
        return data


# ----------------------------------------------------------------------
# Capabilities
# ----------------------------------------------------------------------


def variant_options(variant: str) -> list[str]:
    """The ``option=value`` settings of a canonical variant string."""
    if "(" not in variant:
        return []
    inner = variant.split("(", 1)[1].rstrip(")")
    return [part.strip() for part in inner.split(",") if part.strip()]


def supports(hello: Mapping[str, Any], run: Run) -> bool:
    """Whether the adapter declared the run's kind, variant and every option it sets."""
    if run.kind not in hello.get("kinds", ()):
        return False
    declared = hello.get("variants", {}).get(run.variant.split("(", 1)[0])
    if declared is None:
        return False
    if "*" in declared:
        return True
    return all(setting in declared for setting in variant_options(run.variant))


def check_hello(message: Any) -> dict[str, Any]:
    """Check the answer to ``start``; raise :class:`AdapterFailure` saying what is wrong."""
    if not isinstance(message, dict):
        raise AdapterFailure(
            f"the answer to start must be a JSON object, got {kinds.json_text(message)}"
        )
    if message.get("version") != PROTOCOL_VERSION:
        raise AdapterFailure(
            f"the adapter speaks protocol version {message.get('version')!r}; this runner speaks {PROTOCOL_VERSION}"
        )
    implementation = message.get("implementation")
    if not isinstance(implementation, dict) or not all(
        isinstance(implementation.get(key), str) for key in ("name", "version", "language")
    ):
        raise AdapterFailure(
            "the answer to start needs implementation.name, .version and .language (strings)"
        )
    declared_kinds = message.get("kinds")
    if not isinstance(declared_kinds, list) or not all(isinstance(k, str) for k in declared_kinds):
        raise AdapterFailure("the answer to start needs 'kinds', a list of kind names")
    unknown = [k for k in declared_kinds if k not in kinds.KINDS]
    if unknown:
        raise AdapterFailure(f"unknown kind(s) {unknown}; the kinds are {list(kinds.KINDS)}")
    variants = message.get("variants")
    if not isinstance(variants, dict) or not all(
        isinstance(v, list) and all(isinstance(s, str) for s in v) for v in variants.values()
    ):
        raise AdapterFailure(
            "the answer to start needs 'variants', an object of variant name -> list of "
            "'option=value' settings supported ('*' for all)"
        )
    return message


def check_answer(message: Any, seq: int) -> dict[str, Any]:
    """Check an answer to ``run``; raise :class:`AdapterFailure` if it breaks the protocol."""
    if not isinstance(message, dict):
        raise AdapterFailure(f"an answer must be a JSON object, got {kinds.json_text(message)}")
    if message.get("seq") != seq:
        raise AdapterFailure(
            f"wrong seq: expected {seq}, got {kinds.json_text(message.get('seq'))}"
        )
    present = [key for key in ("result", "skipped", "errored") if key in message]
    if len(present) != 1:
        raise AdapterFailure(
            f"an answer holds exactly one of result, skipped, errored; got {present or 'none'}"
        )
    return message


# ----------------------------------------------------------------------
# The adapter process
# ----------------------------------------------------------------------


class AdapterProcess:
    """A running adapter with its output read by threads."""

    def __init__(self, argv: Sequence[str], stderr_limit: int = STDERR_LIMIT) -> None:
        self.argv = list(argv)
        self.stderr_limit = stderr_limit
        try:
            self.process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
            )
        except OSError as error:
            raise RunnerError(
                f"cannot start the adapter {shlex.join(self.argv)}: {error}"
            ) from None
        self.lines: queue.Queue[tuple[bytes, int] | None] = queue.Queue()
        self._stderr: collections.deque[bytes] = collections.deque()
        self._stderr_kept = 0
        self.stderr_bytes = 0
        #: Bytes of standard error read before the last answer taken by :meth:`receive`.
        self.stderr_at_answer = 0
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        """Read stdout and stderr in one thread, stdout first when both are ready, so
        every answer is stamped with the stderr bytes that came before it."""
        import selectors

        stdout, stderr = self.process.stdout, self.process.stderr
        assert stdout is not None and stderr is not None
        selector = selectors.DefaultSelector()
        selector.register(stdout, selectors.EVENT_READ, "out")
        selector.register(stderr, selectors.EVENT_READ, "err")
        pending = b""
        open_streams = 2
        # When the adapter's output ends, its last words on stderr may still be
        # in the pipe: the end is announced once stderr has closed too, or after
        # a short grace (a grandchild may hold stderr open).
        output_ended_at: float | None = None
        while open_streams:
            grace = None
            if output_ended_at is not None:
                grace = STDERR_GRACE - (time.monotonic() - output_ended_at)
                if grace <= 0:
                    break
            try:
                ready = [key.data for key, _ in selector.select(grace)]
            except (OSError, ValueError):  # the streams were closed under us: the adapter is gone
                self.lines.put(None)
                return
            for name in sorted(ready, key=lambda n: n != "out"):
                stream = stdout if name == "out" else stderr
                try:
                    chunk = os.read(stream.fileno(), 65536)
                except (OSError, ValueError):
                    chunk = b""
                if not chunk:
                    selector.unregister(stream)
                    open_streams -= 1
                    if name == "out":
                        if pending:
                            self.lines.put((pending, self.stderr_bytes))
                        output_ended_at = time.monotonic()
                    continue
                if name == "out":
                    pending += chunk
                    *complete, pending = pending.split(b"\n")
                    for line in complete:
                        self.lines.put((line, self.stderr_bytes))
                    continue
                with self._lock:
                    self.stderr_bytes += len(chunk)
                    self._stderr.append(chunk)
                    self._stderr_kept += len(chunk)
                    while (
                        len(self._stderr) > 1
                        and self._stderr_kept - len(self._stderr[0]) >= STDERR_TAIL
                    ):
                        self._stderr_kept -= len(self._stderr.popleft())
        selector.close()
        self.lines.put(None)

    def stderr_tail(self, limit: int = STDERR_TAIL) -> str:
        """The last ``limit`` characters the adapter wrote to standard error."""
        with self._lock:
            data = b"".join(self._stderr)
        return data[-limit:].decode("utf-8", "replace")

    def send(self, messages: Iterable[Mapping[str, Any]]) -> None:
        """Write messages as JSON lines (one write)."""
        data = "".join(json.dumps(m, separators=(",", ":")) + "\n" for m in messages).encode()
        stream = self.process.stdin
        assert stream is not None
        # A dead adapter shows itself as the end of its output, not here.
        with contextlib.suppress(OSError):
            stream.write(data)

    def receive(self, timeout: float, allowed: float | None = None) -> Any:
        """The next message; :class:`AdapterFailure` on a timeout, the end of output, or non-JSON.

        ``allowed`` is the timeout as configured, for the message (``timeout`` may be what is left of it).
        """
        try:
            item = self.lines.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            limit = timeout if allowed is None else allowed
            raise AdapterFailure(f"no answer within {limit:g} s (timed out)") from None
        if item is None:
            code = self.process.poll()
            if code is None:
                try:
                    code = self.process.wait(timeout=1)
                except subprocess.TimeoutExpired:
                    code = None
            raise AdapterFailure(f"the adapter closed its output (exit status {code})")
        line, self.stderr_at_answer = item
        try:
            return json.loads(line)
        except ValueError:
            text = line.decode("utf-8", "replace").rstrip("\r")
            raise AdapterFailure(f"not JSON: {text[:200]!r}") from None

    def close(self, graceful: bool = False) -> None:
        """Stop the adapter: ``stop`` first when graceful, then kill it."""
        if graceful and self.process.poll() is None:
            self.send([{"cmd": "stop"}])
            with contextlib.suppress(OSError):
                if self.process.stdin is not None:
                    self.process.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=2)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        # The reader sees the end of both streams once the adapter is gone (unless a
        # child of the adapter still holds them open: then it is left as a daemon).
        self._thread.join(timeout=2)
        if self._thread.is_alive():
            return
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


# ----------------------------------------------------------------------
# The run
# ----------------------------------------------------------------------


@dataclass
class Settings:
    """How to run: timeouts, window, limits, baseline."""

    timeout: float = DEFAULT_TIMEOUT
    startup_timeout: float = STARTUP_TIMEOUT
    window: int = DEFAULT_WINDOW
    stderr_limit: int = STDERR_LIMIT
    fail_fast: bool = False
    baseline: frozenset[str] = field(default_factory=frozenset)
    #: Check every message of the adapter against ``schema/protocol.schema.json`` (slower).
    validate: bool = False


def protocol_validator(definition: str) -> Callable[[Any], None]:
    """A check of one message against a definition of the protocol schema
    (``hello`` or ``answer``); raises :class:`AdapterFailure` naming the problem."""
    import importlib

    from fourhundred.conformance.suite import SCHEMA_DIR

    jsonschema = importlib.import_module("jsonschema")
    schema = json.loads((SCHEMA_DIR / "protocol.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(
        {"$ref": f"#/$defs/{definition}", "$defs": schema["$defs"]}
    )

    def check(message: Any) -> None:
        error = jsonschema.exceptions.best_match(validator.iter_errors(message))
        if error is not None:
            where = "/".join(str(p) for p in error.absolute_path) or "the message"
            raise AdapterFailure(f"protocol schema ({definition}): {where}: {error.message[:200]}")

    return check


def in_baseline(baseline: Iterable[str], run: Run) -> bool:
    """Whether a run is a known failure: the baseline names ``id@variant`` or ``id``
    (shell-style globs allowed)."""
    import fnmatch

    return any(
        fnmatch.fnmatchcase(run.key, pattern) or fnmatch.fnmatchcase(run.id, pattern)
        for pattern in baseline
    )


def judge(run: Run, message: Mapping[str, Any], settings: Settings) -> tuple[str, str, Any]:
    """Status, message and actual output for an adapter's answer to a run."""
    if "skipped" in message:
        skipped = message["skipped"]
        text = skipped.get("message", "") if isinstance(skipped, dict) else str(skipped)
        return "skip", str(text), None
    if "errored" in message:
        errored = message["errored"]
        text = errored.get("message", "") if isinstance(errored, dict) else str(errored)
        return "error", f"the adapter reported an error: {text}", errored
    actual = message["result"]
    problems = differences(run, actual)
    known = in_baseline(settings.baseline, run)
    if problems:
        return ("known_failure" if known else "fail"), "; ".join(problems), actual
    if known:
        return "unexpected_pass", "passes, but the baseline lists it as a known failure", actual
    return "pass", "", actual


def differences(run: Run, actual: Any) -> list[str]:
    """Why an answer is wrong (empty: it is right): the first divergences, in causal
    order, as messages (:mod:`fourhundred.conformance.compare`)."""
    from fourhundred.conformance.compare import compare, first_divergences, render

    found = first_divergences(compare(run.kind, run.case["expected"], actual))
    actions = run.case["input"].get("actions", ())
    return [render(difference, actions) for difference in found]


class Runner:
    """Runs a list of runs against one adapter command."""

    def __init__(
        self,
        argv: Sequence[str],
        settings: Settings,
        on_outcome: Callable[[Outcome], None],
    ) -> None:
        self.argv = list(argv)
        self.settings = settings
        self.on_outcome = on_outcome
        self.adapter: AdapterProcess | None = None
        self.hello: dict[str, Any] = {}
        self.seq = 0
        self.restarts = 0
        self.aborted = ""
        self._check_hello = protocol_validator("hello") if settings.validate else None
        self._check_answer = protocol_validator("answer") if settings.validate else None

    def start(self) -> dict[str, Any]:
        """Start the adapter and shake hands; :class:`RunnerError` if that fails."""
        adapter = AdapterProcess(self.argv, self.settings.stderr_limit)
        try:
            adapter.send([{"cmd": "start", "version": PROTOCOL_VERSION}])
            message = adapter.receive(self.settings.startup_timeout)
            if self._check_hello is not None:
                self._check_hello(message)
            hello = check_hello(message)
        except AdapterFailure as failure:
            tail = adapter.stderr_tail()
            adapter.close()
            detail = f"\nadapter stderr:\n{tail}" if tail.strip() else ""
            raise RunnerError(
                f"handshake with {shlex.join(self.argv)} failed: {failure.message}{detail}"
            ) from None
        if self.hello and hello.get("kinds") != self.hello.get("kinds"):
            adapter.close()
            raise RunnerError("the restarted adapter declared different kinds than before")
        self.adapter = adapter
        self.hello = hello
        return hello

    def _restart(self) -> None:
        if self.adapter is not None:
            self.adapter.close()
            self.adapter = None
        for attempt in range(MAX_RESTARTS_IN_A_ROW):
            try:
                self.start()
                self.restarts += 1
                return
            except RunnerError as error:
                if attempt == MAX_RESTARTS_IN_A_ROW - 1:
                    raise RunnerError(f"the adapter could not be restarted: {error}") from None

    def run(self, runs: Sequence[Run]) -> None:
        """Run everything; outcomes go to ``on_outcome`` in suite order."""
        if self.adapter is None:
            self.start()
        todo: collections.deque[Run] = collections.deque()
        for run in runs:
            if supports(self.hello, run):
                todo.append(run)
            else:
                self.on_outcome(Outcome(run, "not_applicable", "not declared by the adapter"))
        in_flight: collections.deque[tuple[int, Run, float]] = collections.deque()
        last_answer = time.monotonic()
        stderr_mark = self.adapter.stderr_at_answer if self.adapter else 0
        # After a crash or hang with several cases in flight, nobody knows which
        # case caused it (an adapter may answer a whole batch at once), so those
        # cases are sent again one at a time and only a case that fails alone
        # is blamed.
        suspects = 0
        while todo or in_flight:
            adapter = self.adapter
            assert adapter is not None
            window = 1 if suspects else self.settings.window
            if todo and (len(in_flight) <= window // 2 or not in_flight):
                batch = []
                now = time.monotonic()
                while todo and len(in_flight) < window:
                    run = todo.popleft()
                    self.seq += 1
                    in_flight.append((self.seq, run, now))
                    batch.append({"cmd": "run", "seq": self.seq, "case": run.message()})
                adapter.send(batch)
            seq, run, sent = in_flight[0]
            started = max(sent, last_answer)
            deadline = started + self.settings.timeout
            try:
                message = adapter.receive(deadline - time.monotonic(), self.settings.timeout)
                if self._check_answer is not None:
                    self._check_answer(message)
                message = check_answer(message, seq)
            except AdapterFailure as failure:
                if len(in_flight) > 1:
                    suspects = len(in_flight)
                else:  # the case was alone: it is to blame
                    suspects = max(0, suspects - 1)
                    in_flight.popleft()
                    tail = adapter.stderr_tail()
                    self.on_outcome(
                        Outcome(
                            run,
                            "error",
                            failure.message,
                            stderr=tail,
                            seconds=time.monotonic() - started,
                        )
                    )
                    if self.settings.fail_fast:
                        adapter.close()
                        self.adapter = None
                        return
                for _, waiting, _ in reversed(in_flight):
                    todo.appendleft(waiting)
                in_flight.clear()
                try:
                    self._restart()
                except RunnerError as error:
                    self.aborted = str(error)
                    return
                last_answer = time.monotonic()
                stderr_mark = self.adapter.stderr_at_answer if self.adapter else 0
                continue
            now = time.monotonic()
            in_flight.popleft()
            if suspects:
                suspects -= 1
            status, text, actual = judge(run, message, self.settings)
            flooded = adapter.stderr_at_answer - stderr_mark
            stderr_mark = adapter.stderr_at_answer
            tail = ""
            if flooded > self.settings.stderr_limit:
                status = "error"
                text = f"stderr flood: {flooded} bytes on standard error during this case" + (
                    f" ({text})" if text else ""
                )
                tail = adapter.stderr_tail()
            elif status == "error":
                tail = adapter.stderr_tail()
            self.on_outcome(Outcome(run, status, text, actual, tail, now - started))
            last_answer = now
            if self.settings.fail_fast and status in ("fail", "error", "unexpected_pass"):
                return

    def close(self) -> None:
        """Stop the adapter politely."""
        if self.adapter is not None:
            self.adapter.close(graceful=True)
            self.adapter = None


def split_command(command: str) -> list[str]:
    """An adapter command line as argv (no shell)."""
    from fourhundred.errors import UserError

    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise UserError(f"--adapter {command!r}: {error}") from None
    if not argv:
        raise UserError("--adapter is empty: give the command that starts the adapter")
    return argv


def read_baseline(path: str) -> frozenset[str]:
    """A baseline file: JSON ``{"known_failures": [...]}`` or a list, or text with one key per line."""
    from pathlib import Path

    from fourhundred.errors import UserError

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise UserError(f"--baseline {path}: cannot read it: {error.strerror}") from None
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        try:
            data = json.loads(stripped)
        except ValueError as error:
            raise UserError(f"--baseline {path}: not valid JSON: {error}") from None
        items = data.get("known_failures") if isinstance(data, dict) else data
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise UserError(
                f'--baseline {path}: expected {{"known_failures": ["id@variant", ...]}}'
            )
        return frozenset(items)
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )
