"""Starting an adapter: its process started and its handshake read and checked.

One job: :func:`shake_hands` starts the adapter command, sends ``start`` and
checks the ``hello`` it answers within the start-up timeout
(:func:`~fourhundred.conformance.protocol.check_hello`, and the protocol schema
when the run validates); an adapter started again must answer the first
handshake (:func:`~fourhundred.conformance.protocol.handshake_change`). Every
failure is one :class:`~fourhundred.conformance.protocol.RunnerError`, and the
process is closed.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from fourhundred.conformance.outcomes import Stop
from fourhundred.conformance.process import AdapterProcess
from fourhundred.conformance.protocol import (
    PROTOCOL_VERSION,
    AdapterFailure,
    RunnerError,
    check_hello,
    handshake_change,
)
from fourhundred.conformance.run_settings import Settings


def shake_hands(
    argv: Sequence[str],
    settings: Settings,
    first: Mapping[str, Any],
    validate: Callable[[Any], None] | None = None,
) -> tuple[AdapterProcess, dict[str, Any]]:
    """The adapter ``argv`` started and its hello checked (by ``validate`` too, when
    given); ``first``, the hello of the adapter started before (empty: none was), must
    be the same. :class:`RunnerError` when that fails."""
    adapter = AdapterProcess(argv, settings.stderr_limit, settings.max_answer_bytes)
    try:
        adapter.send([{"cmd": "start", "version": PROTOCOL_VERSION}])
        clock = settings.clock
        startup = settings.startup_timeout
        message = adapter.receive(clock() + startup, startup, clock)
        if validate is not None:
            validate(message)
        hello = check_hello(message)
    except AdapterFailure as failure:
        tail = adapter.stderr_tail()
        adapter.close()
        raise RunnerError(
            f"handshake with {shlex.join(argv)} failed: {failure.message}", tail
        ) from None
    changed = handshake_change(first, hello) if first else None
    if changed is not None:
        # Cases judged under the first handshake would be mixed with cases
        # judged under another: the run stops, and is not restarted again.
        adapter.close()
        raise RunnerError(
            f"the restarted adapter answered a different handshake ({changed}), so the run stopped",
            stop=Stop.HANDSHAKE_CHANGED,
        )
    return adapter, hello
