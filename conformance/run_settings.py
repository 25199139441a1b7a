"""How a conformance run is set up: the adapter's command and the run's settings.

One job: what :class:`~fourhundred.conformance.runner.Runner` is told before it
starts, the command that starts the adapter (:func:`split_command`, the bundled
reference's :data:`REFERENCE_ADAPTER`) and the timeouts, window, limits and
baseline of the run (:class:`Settings`) with their defaults.
"""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from fourhundred.conformance.outcomes import DEFAULT_FAILURE_BUDGET
from fourhundred.conformance.process import MAX_ANSWER_BYTES, STDERR_LIMIT

DEFAULT_TIMEOUT = 5.0
STARTUP_TIMEOUT = 30.0
DEFAULT_WINDOW = 64
#: Crashes, hangs or unreadable lines in a row, without a single answer in
#: between, after which the adapter is not restarted again: the run stops.
MAX_DEATHS_IN_A_ROW = 8
#: The command that starts the bundled reference adapter (the default ``--adapter``).
REFERENCE_ADAPTER = (sys.executable, "-m", "fourhundred.conformance.adapter")


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
