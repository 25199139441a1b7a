"""Starting a command from a test so that the stop signal the test sends reaches it.

One job: :func:`as_from_a_terminal`, the ``preexec_fn`` of every test that
starts a ``fourhundred`` command and then stops it with SIGINT, SIGTERM or
SIGHUP. A disposition to ignore a signal and a mask that blocks it both pass
through fork and exec, and the test process may have either: a shell runs a
script's background job (``pytest ... &``) ignoring SIGINT, ``nohup`` ignores
SIGHUP. The command rightly keeps an ignored signal ignored
(:func:`fourhundred.stopping.install`), so a test that did not reset it would
wait for an exit that never comes.
"""

from __future__ import annotations

import signal

from fourhundred.stopping import STOP_SIGNALS


def as_from_a_terminal() -> None:
    """In the child, before exec: the stop signals' default actions, none blocked,
    as a command started from an interactive shell has them."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
