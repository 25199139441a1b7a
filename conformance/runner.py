"""The conformance run loop: send every case to an adapter, collect and order the outcomes.

One job: drive one adapter (:class:`~fourhundred.conformance.process.AdapterProcess`)
through a list of runs. The runner performs the handshake
(:func:`~fourhundred.conformance.protocol.check_hello`), keeps a window of
cases in flight and matches every answer to its case by ``seq``, so an
adapter may answer a window in any order; each case may take at most the
per-case timeout, counted from the last answer. Each answer is judged
(:mod:`fourhundred.conformance.judging`).

No adapter can stop a run or make the runner raise (ADAPTERS.md, "What the
runner does with a bad adapter"):

* An answer that names a case answered already makes that case an error; a
  hang, a crash, a line that cannot be read, or a ``seq`` that names no case
  in flight is blamed on the case in flight when it was alone; with several in
  flight the adapter is restarted and they are sent again one by one, so only
  a case that fails alone is blamed.
* After :data:`MAX_DEATHS_IN_A_ROW` failures that need a restart without one
  answer in between, after failures on more than :attr:`Settings.failure_budget`
  of the cases asked (an adapter that dies every few cases), after a restart
  that fails or that answers a different handshake, the run stops: the cases
  left are *not run* (:attr:`Runner.incomplete`), never silently absent.

Outcomes are handed to the reports in suite order as soon as they are
settled, so a report streamed to disk is complete up to the last case even if
the runner itself is interrupted.

The names of the protocol, process and judging modules that callers used
from here before the split are re-exported (``__all__``).
"""

from __future__ import annotations

import collections
import shlex
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fourhundred.conformance import kinds
from fourhundred.conformance.judging import (
    ANY_CODE,
    STATUSES,
    Outcome,
    differences,
    in_baseline,
    judge,
    without_codes,
)
from fourhundred.conformance.outcomes import (
    DEFAULT_FAILURE_BUDGET,
    MIN_FAILURES_COUNTED,
    Incomplete,
    Reason,
    Stop,
)
from fourhundred.conformance.process import (
    MAX_ANSWER_BYTES,
    STDERR_LIMIT,
    AdapterProcess,
    exit_text,
)
from fourhundred.conformance.protocol import (
    PROTOCOL_VERSION,
    AdapterFailure,
    RunnerError,
    check_answer,
    check_hello,
    handshake_change,
    protocol_validator,
    supports,
    unsupported,
)
from fourhundred.conformance.suite import Run

__all__ = [
    "ANY_CODE",
    "DEFAULT_TIMEOUT",
    "PROTOCOL_VERSION",
    "REFERENCE_ADAPTER",
    "STATUSES",
    "AdapterFailure",
    "AdapterProcess",
    "Outcome",
    "Runner",
    "RunnerError",
    "Settings",
    "check_answer",
    "check_hello",
    "differences",
    "exit_text",
    "in_baseline",
    "judge",
    "protocol_validator",
    "split_command",
    "supports",
    "unsupported",
    "without_codes",
]

DEFAULT_TIMEOUT = 5.0
STARTUP_TIMEOUT = 30.0
DEFAULT_WINDOW = 64
#: Seconds an answered case waits for a repeat of its answer (charged to it)
#: before it is reported, unless a later line comes first.
REPEAT_GRACE = 0.1
#: Late repeated answers described in :attr:`Runner.stray_answers` (the rest are not kept).
MAX_STRAY_ANSWERS_KEPT = 100
#: Attempts to start the adapter again after a crash or hang before the run stops.
MAX_RESTART_ATTEMPTS = 3
#: Crashes, hangs or unreadable lines in a row, without a single answer in
#: between, after which the adapter is not restarted again: the run stops.
MAX_DEATHS_IN_A_ROW = 8
#: The command that starts the bundled reference adapter (the default ``--adapter``).
REFERENCE_ADAPTER = (sys.executable, "-m", "fourhundred.conformance.adapter")

<<<<<<< HEAD
=======
STATUSES = ("pass", "fail", "error", "skip", "not_applicable", "known_failure", "unexpected_pass")

_READ_CHUNK = 1 << 16


class RunnerError(Exception):
    """The run cannot go on: the adapter cannot be started or keeps failing its handshake."""


class AdapterFailure(Exception):
    """The adapter broke the protocol for the case in hand, and why (a :class:`Reason`)."""

    def __init__(self, message: str, reason: Reason = Reason.INVALID) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason


@dataclass(frozen=True)
class Outcome:
    """What happened to one run: a status from :data:`STATUSES`, why (a
    :class:`~fourhundred.conformance.outcomes.Reason`) and the evidence.

    ``message`` and ``stderr`` hold the adapter's text raw (control characters,
    markup and all): whoever shows them escapes them (:mod:`fourhundred.safeio`).
    """

    run: Run
    status: str
    message: str = ""
    actual: Any = None
    stderr: str = ""
    seconds: float = 0.0
    reason: Reason = Reason.ANSWERED

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
        if self.status not in ("pass", "known_failure"):
            data["message"] = self.message
        if self.status in ("fail", "error", "known_failure", "unexpected_pass"):
            data["input"] = case["input"]
            data["expected"] = case["expected"]
            if self.actual is not None:
                data["actual"] = self.actual
        if self.stderr:
            data["stderr"] = self.stderr
        if self.run.derived:
            data["derived"] = True
        return data


# ----------------------------------------------------------------------
# Capabilities
# ----------------------------------------------------------------------


def supports(hello: Mapping[str, Any], run: Run) -> bool:
    """Whether the adapter declared the run's kind, variant and every option it sets
    (and, for a whole game from a stated position, positions): :func:`unsupported`."""
    return unsupported(hello, run) is None


#: The *not applicable* messages of :func:`unsupported`, by what the adapter left out
#: (the reports count the runs of each).
NOT_DECLARED: Mapping[str, str] = {
    "kind": "kind not declared by the adapter",
    "variant": "variant not declared by the adapter",
    "option": "option setting not declared by the adapter",
}
#: The *not applicable* message of a whole game from a position, to an adapter without positions.
NO_POSITIONS = 'starts from a position; the adapter did not declare "positions": true'


def unsupported(hello: Mapping[str, Any], run: Run) -> str | None:
    """Why the adapter cannot be sent this run (the *not applicable* message), or None.

    ``hello`` is as :func:`check_hello` returns it (canonical variant names); the
    run's variant may be written with an alias or in capitals, as on the command line.
    A whole_game case that starts from a ``position`` goes only to an adapter that
    declared ``"positions": true`` (version 1 adapters never did).
    """
    from fourhundred.spec.registry import VariantError, parse

    if run.kind not in hello.get("kinds", ()):
        return NOT_DECLARED["kind"]
    try:
        variant, chosen = parse(run.variant)
    except VariantError:
        return NOT_DECLARED["variant"]
    declared = hello.get("variants", {}).get(variant.name)
    if not _is_exact(hello, run.variant):
        if declared is None:
            return NOT_DECLARED["variant"]
        if "*" not in declared and not all(
            f"{name}={value}" in declared for name, value in chosen.items()
        ):
            return NOT_DECLARED["option"]
    if "position" in run.case.get("input", {}) and hello.get("positions") is not True:
        return NO_POSITIONS
    return None


def _is_exact(hello: Mapping[str, Any], variant: str) -> bool:
    """Whether a variant string is one the adapter declared exactly (``"exact"``)."""
    from fourhundred.conformance.suite import canonical_variant
    from fourhundred.spec.registry import VariantError

    try:
        return canonical_variant(variant) in hello.get("exact", ())
    except VariantError:
        return False


#: The code every rejection is compared as, for an adapter that declared ``"codes": false``.
ANY_CODE = "rejected"


def without_codes(run: Run, message: Mapping[str, Any]) -> tuple[Run, Mapping[str, Any]]:
    """The run and answer of a whole_game case with every rejection's code read as
    :data:`ANY_CODE`, for an engine that gives no reasons (``"codes": false``): which
    actions are rejected is still compared, why is not. Other kinds: unchanged."""

    def blind(value: Any) -> Any:
        if not isinstance(value, list):
            return value
        return [
            [item[0], ANY_CODE] if isinstance(item, list) and len(item) == 2 else item
            for item in value
        ]

    result = message.get("result")
    if run.kind != "whole_game" or not isinstance(result, dict):
        return run, message
    expected = {**run.case["expected"], "rejected": blind(run.case["expected"]["rejected"])}
    case = {**run.case, "expected": expected}
    if "rejected" in result:
        message = {**message, "result": {**result, "rejected": blind(result["rejected"])}}
    return Run(case, run.variant), message


def _declared_settings(variant_name: str, settings: Sequence[str]) -> list[str]:
    """The option settings declared for one variant, checked against the registry
    (``AdapterFailure`` naming an unknown option or value)."""
    from fourhundred.spec.registry import VariantError, get

    variant = get(variant_name)
    checked = []
    for setting in settings:
        if setting == "*":
            checked.append(setting)
            continue
        name, equals, value = setting.partition("=")
        if not equals:
            raise AdapterFailure(
                f"variants: {variant.name}: {setting!r} is not 'option=value' (or '*')",
                Reason.PROTOCOL,
            )
        try:
            option = variant.option(name.strip())
        except VariantError as error:
            raise AdapterFailure(f"variants: {error}", Reason.PROTOCOL) from None
        if value.strip() not in option.values:
            raise AdapterFailure(
                f"variants: {variant.name}: option {option.name} cannot be {value.strip()!r}; "
                f"valid values: {', '.join(option.values)}",
                Reason.PROTOCOL,
            )
        checked.append(f"{option.name}={value.strip()}")
    return checked


def _declared_exact(exact: Any) -> list[str]:
    """The exact variant strings of a handshake (``"exact"``), in canonical form
    (:func:`~fourhundred.conformance.suite.canonical_variant`: aliases, capitals and
    default options normalised, as on the command line), each once; anything but a
    list of known variant strings is an ``AdapterFailure`` naming it."""
    from fourhundred.conformance.suite import canonical_variant
    from fourhundred.spec.registry import VariantError

    if not isinstance(exact, list) or not all(isinstance(item, str) for item in exact):
        raise AdapterFailure(
            "'exact' must be a list of variant strings, e.g. [\"qahwa-400(table=classic)\"], "
            f"got {kinds.json_text(exact, 60)}",
            Reason.PROTOCOL,
        )
    checked: list[str] = []
    for text in exact:
        try:
            name = canonical_variant(text)
        except VariantError as error:
            raise AdapterFailure(
                f"exact: {kinds.json_text(text, 60)}: {str(error)[:300]}", Reason.PROTOCOL
            ) from None
        if name not in checked:
            checked.append(name)
    return checked


def _declared_variants(variants: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    """Declared variants under their canonical names (aliases and capitals accepted,
    like the command line's), each with its checked settings; an unknown name is
    an ``AdapterFailure`` naming it."""
    from fourhundred.spec.registry import VariantError, get

    unknown = []
    result: dict[str, list[str]] = {}
    for name, settings in variants.items():
        try:
            canonical = get(name).name
        except VariantError:
            unknown.append(name)
            continue
        merged = result.setdefault(canonical, [])
        merged.extend(s for s in _declared_settings(canonical, settings) if s not in merged)
    if unknown:
        from fourhundred.spec.registry import names

        raise AdapterFailure(
            f"unknown variant(s) {unknown}; the variants are {list(names())} "
            "(or their aliases: fourhundred variants)",
            Reason.PROTOCOL,
        )
    return result


def check_hello(message: Any) -> dict[str, Any]:
    """The answer to ``start``, checked and with its declarations made canonical;
    raise :class:`AdapterFailure` saying what is wrong.

    Declared variant names are normalised as on the command line (aliases, any
    case), and so are the variant strings declared ``"exact"`` (settings the
    engine plays exactly: ``hello["exact"]``, canonical, ``[]`` when none);
    unknown variants, options, values or kinds, and a declaration of no kind or
    of no variant at all, plain or exact (nothing could be checked), are refused.
    """
    if not isinstance(message, dict):
        raise AdapterFailure(
            f"the answer to start must be a JSON object, got {kinds.json_text(message)}"
        )
    if message.get("version") != PROTOCOL_VERSION:
        raise AdapterFailure(
            f"the adapter speaks protocol version {kinds.json_text(message.get('version'), 40)}; "
            f"this runner speaks {PROTOCOL_VERSION}",
            Reason.PROTOCOL,
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
        raise AdapterFailure(
            f"unknown kind(s) {unknown}; the kinds are {list(kinds.KIND_NAMES)}", Reason.PROTOCOL
        )
    if not declared_kinds:
        raise AdapterFailure(
            f"the adapter declares no kinds, so nothing could be checked; the kinds are {list(kinds.KIND_NAMES)}",
            Reason.PROTOCOL,
        )
    variants = message.get("variants")
    if not isinstance(variants, dict) or not all(
        isinstance(v, list) and all(isinstance(s, str) for s in v) for v in variants.values()
    ):
        raise AdapterFailure(
            "the answer to start needs 'variants', an object of variant name -> list of "
            "'option=value' settings supported ('*' for all)"
        )
    exact = _declared_exact(message.get("exact", []))
    if not variants and not exact:
        raise AdapterFailure(
            "the adapter declares no variants, so nothing could be checked", Reason.PROTOCOL
        )
    if not isinstance(message.get("codes", True), bool):
        raise AdapterFailure(
            "'codes' must be false (the engine gives no reasons: rejections are compared "
            f"without their codes) or true, got {kinds.json_text(message.get('codes'), 40)}",
            Reason.PROTOCOL,
        )
    if not isinstance(message.get("positions", False), bool):
        raise AdapterFailure(
            "'positions' must be true (whole games may start from a stated position) or "
            f"false, got {kinds.json_text(message.get('positions'), 40)}",
            Reason.PROTOCOL,
        )
    return {
        **message,
        "kinds": list(dict.fromkeys(declared_kinds)),
        "variants": _declared_variants(variants),
        "exact": exact,
    }


def check_answer(message: Mapping[str, Any]) -> Mapping[str, Any]:
    """Check the shape of an answer to ``run`` whose ``seq`` matched a case
    (``schema/protocol.schema.json``, ``answer``): exactly one of ``result`` (an
    object), ``skipped`` or ``errored`` (objects with a string ``message``);
    raise :class:`AdapterFailure` naming what is wrong."""
    present = [key for key in ("result", "skipped", "errored") if key in message]
    if len(present) != 1:
        raise AdapterFailure(
            f"an answer holds exactly one of result, skipped, errored; got {present or 'none'}",
            Reason.PROTOCOL,
        )
    key = present[0]
    value = message[key]
    if not isinstance(value, dict):
        raise AdapterFailure(
            f"{key} must be a JSON object, got {kinds.json_text(value, 80)}", Reason.INVALID
        )
    if key != "result" and not isinstance(value.get("message"), str):
        raise AdapterFailure(f"{key} needs a 'message' string", Reason.INVALID)
    return message


def exit_text(code: int) -> str:
    """An exit status in words: ``exit status 3`` or ``killed by signal SIGKILL``."""
    if code >= 0:
        return f"exit status {code}"
    try:
        name = signal.Signals(-code).name
    except ValueError:
        name = str(-code)
    return f"killed by signal {name}"


# ----------------------------------------------------------------------
# The adapter process
# ----------------------------------------------------------------------


@dataclass(frozen=True)
class _Line:
    """One line of the adapter's output (``data`` None: longer than the limit),
    stamped with the bytes of standard error read before it."""

    data: bytes | None
    stderr_bytes: int


def _parent_death_signal() -> Callable[[], None] | None:
    """What the adapter's process runs before the adapter (Linux only): ask the
    kernel to send it SIGKILL when the runner's thread that started it ends, so a
    runner that is itself killed (SIGKILL cannot be caught, so :meth:`AdapterProcess.close`
    never runs) leaves no adapter behind. The C function is looked up here, in the
    runner, so that the child only calls it. None where there is no ``prctl``."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError):
        return None
    set_parent_death_signal = 1  # PR_SET_PDEATHSIG, <linux/prctl.h>
    kill = int(signal.SIGKILL)

    def die_with_the_runner() -> None:
        prctl(set_parent_death_signal, kill, 0, 0, 0)

    return die_with_the_runner


_DIE_WITH_THE_RUNNER = _parent_death_signal()


class AdapterProcess:
    """A running adapter in its own process group, its pipes served by one thread.

    :meth:`send` queues messages and returns at once; the I/O thread writes
    them as the adapter reads, reads its output into lines (at most
    ``max_line`` bytes each, in linear time) and drains standard error, keeping
    its tail. :meth:`close` ends the whole process group.
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
        try:
            self.process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,
                preexec_fn=_DIE_WITH_THE_RUNNER,
            )
        except (OSError, ValueError) as error:
            raise RunnerError(
                f"cannot start the adapter {shlex.join(self.argv)}: {error}"
            ) from None
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
                                    self.lines.put(_Line(bytes(line), self.stderr_bytes))
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
                self.lines.put(_Line(bytes(line), self.stderr_bytes))
                line.clear()
            skipping = False
            start = newline + 1

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

    def receive(self, timeout: float, allowed: float | None = None) -> Any:
        """The next message, parsed with limits; :class:`AdapterFailure` on a
        timeout, the end of output, the adapter's exit, or a line that is not
        acceptable JSON.

        ``allowed`` is the timeout as configured, for the message (``timeout`` may be what is left of it).
        """
        deadline = time.monotonic() + max(timeout, 0.0)
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            wait = deadline - now
            if exited_at is not None:
                wait = min(wait, exited_at + EXIT_GRACE - now)
            if self._peeked:
                item = self._peeked.pop()
                break
            try:
                item = self.lines.get(timeout=max(0.0, min(wait, 0.1)))
                break
            except queue.Empty:
                pass
            code = self.exit_code()
            if code is not None:
                exited_at = exited_at if exited_at is not None else time.monotonic()
                if time.monotonic() >= exited_at + EXIT_GRACE:
                    raise AdapterFailure(
                        f"the adapter exited ({exit_text(code)}) without answering", Reason.CRASHED
                    )
            if time.monotonic() >= deadline:
                limit = timeout if allowed is None else allowed
                raise AdapterFailure(f"no answer within {limit:g} s (timed out)", Reason.TIMED_OUT)
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
        """Stop the adapter: ``stop`` first when graceful, then end its whole process
        group (``SIGTERM``, ``SIGKILL`` after :data:`TERMINATE_GRACE`). Once only."""
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
        _end_group(self.process)
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


def _group_alive(group: int) -> bool:
    """Whether a process of the group is still running (zombies waiting to be
    reaped by someone else do not count)."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        entries = os.listdir("/proc")
    except OSError:
        return True
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stream:
                stat = stream.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2 :].split()
        if len(fields) > 2 and fields[2] == str(group).encode() and fields[0] != b"Z":
            return True
    return False


def _end_group(process: subprocess.Popen[bytes]) -> None:
    """End the adapter and every process it started in its group: ``SIGTERM``,
    then ``SIGKILL`` to whatever is left after :data:`TERMINATE_GRACE`; reap the adapter."""
    group = process.pid  # a session leader: its group id is its pid
    try:
        os.killpg(group, signal.SIGTERM)
    except ProcessLookupError:
        process.wait()
        return
    except PermissionError:
        pass
    deadline = time.monotonic() + TERMINATE_GRACE
    while time.monotonic() < deadline:
        process.poll()
        if not _group_alive(group):
            break
        time.sleep(0.01)
    else:
        with contextlib.suppress(OSError):
            os.killpg(group, signal.SIGKILL)
    if process.poll() is None:
        with contextlib.suppress(OSError):
            process.kill()
    process.wait()


# ----------------------------------------------------------------------
# The run
# ----------------------------------------------------------------------

>>>>>>> main

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
    #: The longest answer line accepted (a longer one is that case's error).
    max_answer_bytes: int = MAX_ANSWER_BYTES
    #: Failures needing a restart, in a row without an answer, before the run stops.
    max_deaths_in_a_row: int = MAX_DEATHS_IN_A_ROW
    #: The share of cases the adapter may fail on (needing a restart) before the run stops.
    failure_budget: float = DEFAULT_FAILURE_BUDGET
    #: The clock of timeouts (per case, start-up) and of the wait for a repeated
    #: answer; seconds. A test passes a clock it moves itself, so that no
    #: outcome depends on the machine's speed.
    clock: Callable[[], float] = time.monotonic


@dataclass
class _Pending:
    """A case sent to the current adapter process: its place in the suite order,
    when it was sent, and its outcome once answered (until it is reported)."""

    seq: int
    rank: int
    run: Run
    sent: float
    outcome: Outcome | None = None
    #: Lines read when it was answered, and when: it is settled (reported) once a
    #: later line is read, or :data:`REPEAT_GRACE` later.
    answered_at_line: int = 0
    answered_at: float = 0.0


@dataclass
class _RunState:
    """The cases of one :meth:`Runner.run` not yet reported."""

    #: (rank, run) not yet sent, in suite order.
    todo: collections.deque[tuple[int, Run]]
    #: seq -> case sent to the current adapter process, waiting for its answer (in seq order).
    waiting: dict[int, _Pending] = field(default_factory=dict)
    #: seq -> case answered, not yet reported; and rank -> seq of the same.
    answered: dict[int, _Pending] = field(default_factory=dict)
    by_rank: dict[int, int] = field(default_factory=dict)
    #: The rank of the next case to report.
    next_rank: int = 0
    #: Lines read from the adapter.
    lines: int = 0
    #: Cases to send one at a time after a failure with several in flight.
    suspects: int = 0
    #: When the adapter last answered a case (or was started).
    last_answer: float = 0.0
    #: Bytes of stderr the adapter had written at its last answer.
    stderr_mark: int = 0
    #: The run's clock (:attr:`Settings.clock`).
    clock: Callable[[], float] = time.monotonic

    def unsettled(self) -> float | None:
        """When the earliest answered case not yet reported was answered (None: none is)."""
        return min((p.answered_at for p in self.answered.values()), default=None)

    def mark_answered(self, pending: _Pending, outcome: Outcome) -> None:
        """Move a case from waiting to answered, with its outcome."""
        self.waiting.pop(pending.seq, None)
        pending.outcome = outcome
        pending.answered_at_line, pending.answered_at = self.lines, self.clock()
        self.answered[pending.seq] = pending
        self.by_rank[pending.rank] = pending.seq

    def left(self, answered_too: bool = False) -> list[Run]:
        """Runs not yet reported, in suite order: those not answered (and those
        answered, with ``answered_too``)."""
        pending = [*self.waiting.values(), *(self.answered.values() if answered_too else ())]
        ranked = [(p.rank, p.run) for p in pending] + list(self.todo)
        return [run for _, run in sorted(ranked, key=lambda item: item[0])]


class Runner:
    """Runs a list of runs against one adapter command.

    After :meth:`run`, :attr:`incomplete` says whether (and why) some runs were
    not asked (:class:`~fourhundred.conformance.outcomes.Incomplete`, with the
    runs left), :attr:`applicable` how many runs the adapter declared, and
    :attr:`stray_answers` lists answers that came too late to be charged to
    their case (a repeated answer to a case already reported).
    """

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
        #: Why the last :meth:`run` stopped before asking every case (None: it asked them all).
        self.incomplete: Incomplete | None = None
        #: Runs of the last :meth:`run` that the adapter declared.
        self.applicable = 0
        #: Answers of the last :meth:`run` that named a case already reported (a
        #: repeat too late to charge to its case): the adapter broke the protocol.
        self.stray_answers: list[str] = []
        self._check_hello = protocol_validator("hello") if settings.validate else None
        self._check_answer = protocol_validator("answer") if settings.validate else None
        self._deaths_in_a_row = 0
        #: Cases answered or blamed, and cases blamed for a failure needing a restart
        #: (a crash, hang or unreadable line with the case alone in flight), over the
        #: runner's life (every :meth:`run`: a fuzz campaign's batches share one budget).
        self.asked = 0
        self.failures = 0
        #: The first seq sent to the current adapter process.
        self._first_seq = 1

    @property
    def aborted(self) -> str:
        """Why the last run could not go on ('' if it could): the adapter keeps dying
        or cannot be restarted. (``--fail-fast`` and interrupts are not aborts.)"""
        if self.incomplete is None or self.incomplete.stop not in (
            Stop.ADAPTER_KEEPS_DYING,
            Stop.RESTART_FAILED,
            Stop.FAILURE_BUDGET,
            Stop.HANDSHAKE_CHANGED,
        ):
            return ""
        return self.incomplete.message

    def start(self) -> dict[str, Any]:
        """Start the adapter and shake hands; :class:`RunnerError` if that fails."""
        adapter = AdapterProcess(
            self.argv, self.settings.stderr_limit, self.settings.max_answer_bytes
        )
        try:
            adapter.send([{"cmd": "start", "version": PROTOCOL_VERSION}])
            clock = self.settings.clock
            startup = self.settings.startup_timeout
            message = adapter.receive(clock() + startup, startup, clock)
            if self._check_hello is not None:
                self._check_hello(message)
            hello = check_hello(message)
        except AdapterFailure as failure:
            tail = adapter.stderr_tail()
            adapter.close()
            raise RunnerError(
                f"handshake with {shlex.join(self.argv)} failed: {failure.message}", tail
            ) from None
        changed = handshake_change(self.hello, hello) if self.hello else None
        if changed is not None:
            # Cases judged under the first handshake would be mixed with cases
            # judged under another: the run stops, and is not restarted again.
            adapter.close()
            raise RunnerError(
                f"the restarted adapter answered a different handshake ({changed}), "
                "so the run stopped",
                stop=Stop.HANDSHAKE_CHANGED,
            )
        self.adapter = adapter
        self.hello = hello
        self._first_seq = self.seq + 1
        return hello

    def _restart(self) -> None:
        if self.adapter is not None:
            self.adapter.close()
            self.adapter = None
        for attempt in range(MAX_RESTART_ATTEMPTS):
            try:
                self.start()
                self.restarts += 1
                return
            except RunnerError as error:
                if error.stop is not Stop.RESTART_FAILED:
                    raise
                if attempt == MAX_RESTART_ATTEMPTS - 1:
                    raise RunnerError(
                        f"the adapter could not be restarted: {error.message}", error.stderr
                    ) from None

    def run(self, runs: Sequence[Run]) -> None:
        """Run everything; outcomes go to ``on_outcome`` in suite order.

        Runs the adapter did not declare are ``not_applicable``; runs left when
        the run stops early are listed in :attr:`incomplete`, never dropped.
        """
        self.incomplete = None
        self.stray_answers = []
        # Deaths in a row are not reset here: a fuzz campaign asks batch after batch,
        # and an adapter that never answers must be stopped across them.
        if self.adapter is None and not self.hello:
            self.start()
        todo: collections.deque[tuple[int, Run]] = collections.deque()
        for run in runs:
            why = unsupported(self.hello, run)
            if why is None:
                todo.append((len(todo), run))
            else:
                self.on_outcome(Outcome(run, "not_applicable", why, reason=Reason.SKIPPED))
        self.applicable = len(todo)
        state = _RunState(todo, clock=self.settings.clock)
        try:
            if todo and self.adapter is None:  # it died at the end of the last run
                try:
                    self._restart()
                except RunnerError as error:
                    self._stop(state, error.stop, str(error))
                    return
            self._run(state)
        except KeyboardInterrupt as stop:
            if self.incomplete is None:
                how = f" ({stop})" if str(stop) else ""
                self._stop(state, Stop.INTERRUPTED, f"the run was interrupted{how}")
            raise

    def _stop(self, state: _RunState, stop: Stop, message: str) -> None:
        """End the run early: every case answered is reported, in suite order
        (unless it is ``--fail-fast`` that stops: nothing after the first failure
        is), and every case left is *not run*."""
        answered_too = stop is Stop.FAIL_FAST
        self.incomplete = Incomplete(stop, message, tuple(state.left(answered_too)))
        state.waiting.clear()
        state.todo.clear()
        if answered_too:
            state.answered.clear()
            state.by_rank.clear()
        for rank in sorted(state.by_rank):
            outcome = state.answered.pop(state.by_rank.pop(rank)).outcome
            assert outcome is not None
            self.on_outcome(outcome)

    def _run(self, state: _RunState) -> None:
        settings = self.settings
        adapter = self.adapter
        assert adapter is not None
        clock = settings.clock
        state.last_answer = clock()
        state.stderr_mark = adapter.stderr_at_answer
        while state.todo or state.waiting:
            # After a crash, hang or unreadable line with several cases in flight,
            # nobody knows which case caused it (an adapter may answer a whole batch
            # at once), so those cases are sent again one at a time and only a case
            # that fails alone is blamed.
            window = 1 if state.suspects else settings.window
            waiting = len(state.waiting)
            if state.todo and (waiting <= window // 2 or not waiting):
                batch = []
                now = clock()
                while state.todo and waiting < window:
                    rank, run = state.todo.popleft()
                    self.seq += 1
                    waiting += 1
                    state.waiting[self.seq] = _Pending(self.seq, rank, run, now)
                    batch.append({"cmd": "run", "seq": self.seq, "case": run.message()})
                adapter.send(batch)
            oldest = next(iter(state.waiting.values())).sent
            started = max(oldest, state.last_answer)
            deadline = started + settings.timeout
            unsettled = state.unsettled()
            try:
                if unsettled is not None and unsettled + REPEAT_GRACE < deadline:
                    # Answered cases wait for a repeat of their answer only so long.
                    wait = unsettled + REPEAT_GRACE - clock()
                    if not adapter.wait(wait):
                        if not self._report_settled(state):
                            return
                        continue
                message = adapter.receive(deadline, settings.timeout, settings.clock)
                state.lines += 1
                seq = self._answer_seq(message, state)
            except AdapterFailure as failure:
                if not self._after_failure(state, failure, started):
                    return
                if self.adapter is None:  # nothing left to send, and it is broken
                    return
                adapter = self.adapter
                state.last_answer = clock()
                state.stderr_mark = adapter.stderr_at_answer
                continue
            self._take_answer(state, seq, message, started)
            finished = not state.todo and not state.waiting and not adapter.ready()
            if not self._report_settled(state, everything=finished):
                return
        # Every case is answered: take what the adapter wrote after (a repeat of
        # the last answer is charged to its case) before the last are reported.
        while adapter.ready():
            try:
                message = adapter.receive(-1.0, 0.0)  # only what is there already
                state.lines += 1
                seq = self._answer_seq(message, state)
            except AdapterFailure:  # its end or noise after the last answer: no case to blame
                break
            self._take_answer(state, seq, message, clock())
        self._report_settled(state, everything=True)

    def _answer_seq(self, message: Any, state: _RunState) -> int:
        """The seq of a line that answers a case sent to this adapter process
        (in flight, or reported already); :class:`AdapterFailure` when the line is
        not such an answer."""
        if not isinstance(message, dict):
            raise AdapterFailure(
                f"an answer must be a JSON object, got {kinds.json_text(message, 80)}"
            )
        seq = message.get("seq")
        if (
            not isinstance(seq, int)
            or isinstance(seq, bool)
            or not self._first_seq <= seq <= self.seq
        ):
            waiting = list(state.waiting)
            expected = (
                f"expected {waiting[0]}" if len(waiting) == 1 else f"{len(waiting)} cases in flight"
            )
            raise AdapterFailure(
                f"wrong seq: {expected}, got {kinds.json_text(seq, 40)}", Reason.PROTOCOL
            )
        return seq

    def _take_answer(
        self, state: _RunState, seq: int, message: Mapping[str, Any], started: float
    ) -> None:
        """Charge an answer to the case its seq names: its outcome, or an error if
        that case was answered already."""
        adapter = self.adapter
        assert adapter is not None
        now = self.settings.clock()
        flooded = adapter.stderr_at_answer - state.stderr_mark
        state.stderr_mark = adapter.stderr_at_answer
        first = state.answered.get(seq)
        if first is not None:
            said = first.outcome.status if first.outcome else "?"
            if first.outcome and first.outcome.message:
                said += f": {first.outcome.message}"
            state.mark_answered(
                first,
                Outcome(
                    first.run, "error",
                    f"answered twice (seq {seq}); every case takes exactly one answer (the first: {said})",
                    first.outcome.actual if first.outcome else None, adapter.stderr_tail(),
                    first.outcome.seconds if first.outcome else 0.0, Reason.PROTOCOL,
                ),
            )  # fmt: skip
            return
        pending = state.waiting.get(seq)
        if pending is None:
            if len(self.stray_answers) < MAX_STRAY_ANSWERS_KEPT:
                self.stray_answers.append(
                    f"a second answer with seq {seq}, after its case was reported"
                )
            return
        self._deaths_in_a_row = 0
        self.asked += 1
        state.suspects = max(0, state.suspects - 1)
        state.last_answer = now
        state.mark_answered(pending, self._judge(pending.run, message, flooded, now - started))

    def _judge(self, run: Run, message: Mapping[str, Any], flooded: int, seconds: float) -> Outcome:
        """The outcome of a case from its answer, the answer's shape checked first."""
        adapter = self.adapter
        assert adapter is not None
        try:
            if self._check_answer is not None:
                self._check_answer(message)
            check_answer(message)
        except AdapterFailure as failure:
            return Outcome(
                run, "error", failure.message, None, adapter.stderr_tail(), seconds, failure.reason
            )
        if self.hello.get("codes") is False:
            run, message = without_codes(run, message)
        status, text, actual = judge(run, message, self.settings.baseline)
        reason = Reason.ANSWERED
        if "skipped" in message:
            reason = Reason.SKIPPED
        elif "errored" in message:
            reason = Reason.ERRORED
        tail = ""
        if flooded > self.settings.stderr_limit:
            status, reason = "error", Reason.PROTOCOL
            text = f"stderr flood: {flooded} bytes on standard error during this case" + (
                f" ({text})" if text else ""
            )
            tail = adapter.stderr_tail()
        elif status == "error":
            tail = adapter.stderr_tail()
        return Outcome(run, status, text, actual, tail, seconds, reason)

    def _after_failure(self, state: _RunState, failure: AdapterFailure, started: float) -> bool:
        """Blame a failure on the case in flight if it was alone, requeue the others,
        restart the adapter; False when the run stops instead."""
        adapter = self.adapter
        assert adapter is not None
        waiting = list(state.waiting.values())
        if len(waiting) > 1:
            state.suspects = len(waiting)
            for pending in reversed(waiting):
                state.todo.appendleft((pending.rank, pending.run))
            state.waiting.clear()
        else:
            state.suspects = max(0, state.suspects - 1)
            self.asked += 1
            self.failures += 1
            blamed = waiting[0]
            state.mark_answered(
                blamed,
                Outcome(
                    blamed.run, "error", failure.message, None, adapter.stderr_tail(),
                    self.settings.clock() - started, failure.reason,
                ),
            )  # fmt: skip
        adapter.close()
        self.adapter = None
        self._deaths_in_a_row += 1
        if not self._report_settled(state, everything=True):
            return False
        over = self._over_budget()
        if over and state.todo:
            self._stop(state, Stop.FAILURE_BUDGET, f"{over} (the last: {failure.message})")
            return False
        if self._deaths_in_a_row >= self.settings.max_deaths_in_a_row and state.todo:
            self._stop(
                state,
                Stop.ADAPTER_KEEPS_DYING,
                f"the adapter failed {self._deaths_in_a_row} times in a row without answering "
                f"a single case (the last: {failure.message}), so it is not restarted again",
            )
            return False
        if not state.todo:  # restarted only when there is something to ask
            return True
        try:
            self._restart()
        except RunnerError as error:
            self._stop(state, error.stop, str(error))
            return False
        return True

    def _over_budget(self) -> str:
        """Why the adapter has used up its failure budget ('' if it has not): it
        crashed, hung or answered unreadably on more than
        :attr:`Settings.failure_budget` of the cases asked, counted from the
        :data:`~fourhundred.conformance.outcomes.MIN_FAILURES_COUNTED` th such case."""
        budget, asked = self.settings.failure_budget, self.asked
        if self.failures < MIN_FAILURES_COUNTED or self.failures <= budget * asked:
            return ""
        return (
            f"the adapter crashed, hung or answered unreadably on {self.failures} of the "
            f"{asked} cases asked, more than the failure budget of {budget:.0%} "
            "(--failure-budget), so the run stopped"
        )

    def _report_settled(self, state: _RunState, everything: bool = False) -> bool:
        """Hand answered cases to ``on_outcome`` in suite order, each once it is
        settled (a later line was read, so a repeat of its answer written right
        after it was seen) or ``everything``; False when ``--fail-fast`` stops the run."""
        while state.next_rank in state.by_rank:
            seq = state.by_rank[state.next_rank]
            pending = state.answered[seq]
            settled = (
                pending.answered_at_line < state.lines
                or self.settings.clock() >= pending.answered_at + REPEAT_GRACE
            )
            if not (everything or settled):
                break
            del state.answered[seq], state.by_rank[state.next_rank]
            state.next_rank += 1
            outcome = pending.outcome
            assert outcome is not None
            self.on_outcome(outcome)
            if self.settings.fail_fast and outcome.status in ("fail", "error", "unexpected_pass"):
                if outcome.status == "error" and self.adapter is not None:
                    self.adapter.close()
                    self.adapter = None
                self._stop(state, Stop.FAIL_FAST, f"stopped at the first failure ({outcome.key})")
                return False
        return True

    def close(self) -> None:
        """Stop the adapter politely, then end its process group."""
        if self.adapter is not None:
            self.adapter.close(graceful=True)
            self.adapter = None


def split_command(command: str) -> list[str]:
    """An adapter command line as argv (no shell); an empty or blank command, or
    an empty program name (``''``), is refused (never the bundled reference instead)."""
    from fourhundred.errors import UserError

    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise UserError(f"--adapter {command!r}: {error}") from None
    if not argv or not argv[0].strip():
        raise UserError("--adapter is empty: give the command that starts the adapter")
    return argv
