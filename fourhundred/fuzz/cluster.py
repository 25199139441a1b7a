"""One fuzzing campaign on a Dask cluster: ``fourhundred fuzz --cluster ADDRESS``.

The campaign's stream is already cut into blocks that regenerate from
(seed, block, position) (:mod:`fourhundred.fuzz.stream`), so a block is the
unit of work here: the client submits the shard's blocks that are not done,
a few per worker ahead, and each worker runs the blocks it is handed with a
:class:`~fourhundred.fuzz.job.Job` of its own, which owns the worker's
adapter process (opened with the first block, ended when the campaign's
worker plugin is removed) and remembers the shapes it has shrunk. A block
comes back as the messages a local job would have emitted (findings,
progress, notes); the client feeds them to the same handler as a local run,
so the findings, the case files and the state file are written in one place,
``--out DIR`` on the client, exactly as a local campaign writes them, and a
campaign started on a cluster resumes locally or on another cluster (same
state file).

``ADDRESS`` is a scheduler's address (``tcp://host:8786``), or ``local`` /
``local:N`` for a cluster of N worker processes on this machine
(``distributed.LocalCluster``), started for the run and stopped after it.
``--seconds`` is a wall-clock deadline (:func:`time.time`) every worker reads,
so the cluster's clocks should agree (NTP); Ctrl-C stops submitting, tells the
running blocks to stop after their current batch (a ``distributed.Event``),
keeps what they hand back within
:data:`~fourhundred.fuzz.stopping.JOB_STOP_SECONDS`, and ends the adapters.
A worker that dies is Dask's to handle: its block is run again elsewhere.

Why Dask distributed and not Ray: it is pure Python (``pip install
'fourhundred[cluster]'`` adds no compiled runtime, and a worker is
``dask worker tcp://host:8786`` on any machine with fourhundred installed);
its ``LocalCluster`` runs in this process for the tests; and its worker
plugins give each worker exactly one long-lived object, the adapter's owner.
Ray would bring its own object store and daemons (raylet, GCS) for a workload
that moves a few kilobytes per block. Dask is an optional extra: this module
imports it, and nothing imports this module but ``fourhundred fuzz --cluster`` (and
its tests), which hands :func:`on_cluster` to
:func:`~fourhundred.fuzz.campaign.run_campaign` as its runner: this module uses the
campaign's public pieces, and the campaign never imports this one.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import math
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from distributed import WorkerPlugin

from fourhundred.errors import UserError
from fourhundred.fuzz.campaign import Runner, Summary
from fourhundred.fuzz.implementations import Implementation
from fourhundred.fuzz.job import Emit, Job, open_implementation
from fourhundred.fuzz.records import Config
from fourhundred.fuzz.stopping import (
    JOB_STOP_SECONDS,
    ClusterError,
    Ending,
    Interrupts,
    ending_of,
    sigint_ignored,
)
from fourhundred.fuzz.stream import block_index, block_size, free_blocks

#: Blocks queued per worker beyond the one it runs, so no worker waits for the client.
AHEAD_PER_WORKER = 2
#: Seconds between looks at the blocks running on the cluster.
POLL_SECONDS = 0.05
#: Seconds to wait for a cluster's scheduler to answer.
CONNECT_SECONDS = 20.0
#: Messages a block hands back: what a local job emits, in order.
Messages = list[tuple[str, Any]]


def dask() -> Any:
    """The ``distributed`` module, used through ``Any``: much of its API is untyped."""
    import distributed

    return distributed


def local_workers(address: str) -> int | None:
    """The number of workers of a ``local`` / ``local:N`` address (0: the default);
    None for a scheduler's address. :class:`UserError` for a bad N."""
    if address != "local" and not address.startswith("local:"):
        return None
    count = address.partition(":")[2]
    if not count:
        return 0
    if not count.isdigit() or not 1 <= int(count) <= 256:
        raise UserError(f"--cluster {address[:40]!r}: local:N needs N from 1 to 256 workers")
    return int(count)


# ----------------------------------------------------------------------
# The worker side
# ----------------------------------------------------------------------


class CampaignPlugin(WorkerPlugin):
    """The campaign on one worker: its :class:`Job` and so its adapter process.

    Registered as a Dask worker plugin under the campaign's own name; every
    worker (and one that joins later) gets its own copy. The adapter opens with
    the first block and is ended at teardown (the plugin's removal, or the
    worker's end). Blocks on one worker run one at a time (one adapter).
    """

    def __init__(self, config: Config, stop_event: str) -> None:
        self.config = config
        self.stop_event = stop_event
        self._job: Job | None = None
        self._impl: Implementation | None = None
        self._lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        return {"config": self.config, "stop_event": self.stop_event}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["config"], state["stop_event"])  # type: ignore[misc]

    def setup(self, worker: Any) -> None:
        """Nothing to do until the first block (an adapter that cannot start is that
        block's ending, reported to the client)."""

    def teardown(self, worker: Any) -> None:
        """End the worker's adapter."""
        with self._lock:
            if self._impl is not None:
                self._impl.close()
            self._impl = self._job = None

    def run_block(self, m: int) -> Messages:
        """Run the shard's ``m``-th block: the messages a local job would emit (an
        ``("ended", Ending)`` last when the adapter or the fuzzer failed)."""
        messages: Messages = []

        def emit(kind: str, payload: Any) -> None:
            messages.append((kind, payload))

        with self._lock:
            try:
                job = self._open(emit)
                job.run_block(
                    m, block_index(self.config.shard, m), block_size(self.config, m), emit
                )
            except Exception as error:  # the adapter's failure, or a bug: the client is told which
                emit("ended", ending_of(error))
        return messages

    def _open(self, emit: Emit) -> Job:
        if self._job is None:
            stop = dask().Event(self.stop_event)
            self._impl = open_implementation(self.config)
            emit("implementation", self._impl.name)
            self._job = Job(self.config, 0, self._impl, stop.is_set)
            note = self._job.undeclared_note()
            if note is not None:
                emit("note", note)
        return self._job


def run_cluster_block(plugin_name: str, m: int) -> Messages:
    """The task of one block, run by a worker with the campaign's plugin."""
    plugin: CampaignPlugin = dask().get_worker().plugins[plugin_name]
    return plugin.run_block(m)


# ----------------------------------------------------------------------
# The client side
# ----------------------------------------------------------------------


@contextlib.contextmanager
def connected(address: str, workers: int) -> Iterator[Any]:
    """A client of the cluster at ``address`` (``local[:N]``: a local cluster of N
    worker processes, default ``workers``, started here and stopped after)."""
    distributed = dask()
    count = local_workers(address)
    with contextlib.ExitStack() as stack:
        if count is not None:
            with sigint_ignored():  # so Ctrl-C at a terminal stops the campaign, not its workers
                cluster = stack.enter_context(
                    distributed.LocalCluster(
                        n_workers=count or workers,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=":0",  # any free port: never the default one another cluster holds
                        silence_logs=logging.ERROR,
                    )
                )
            client = stack.enter_context(distributed.Client(cluster))
        else:
            try:
                client = stack.enter_context(distributed.Client(address, timeout=CONNECT_SECONDS))
            except (OSError, TimeoutError, ValueError) as error:  # no scheduler there
                raise ClusterError(
                    f"--cluster {address}: cannot reach the scheduler: {error}"
                ) from None
        yield client


def on_cluster(address: str) -> Runner:
    """The :data:`~fourhundred.fuzz.campaign.Runner` that runs a campaign's blocks on
    the cluster at ``address`` (:func:`run_on_cluster`)."""

    def run(config: Config, handle: Emit, summary: Summary, interrupts: Interrupts) -> None:
        run_on_cluster(config, address, handle, summary, interrupts)

    return run


def run_on_cluster(
    config: Config, address: str, handle: Emit, summary: Summary, interrupts: Interrupts
) -> None:
    """Run the campaign's blocks on the cluster at ``address``; every message goes to
    ``handle`` (as a local job's would), a failure's :class:`Ending` to ``summary``.

    Blocks are submitted in order, :data:`AHEAD_PER_WORKER` per worker ahead, until
    the case budget or the deadline is reached; findings and progress are handled as
    each block comes back. A first Ctrl-C only marks the run as interrupted here
    (as in :func:`~fourhundred.fuzz.campaign.run_campaign`'s jobs): the blocks are told
    to stop and heard out, then ``KeyboardInterrupt`` goes on.
    """
    name = f"fourhundred-fuzz-{uuid.uuid4().hex[:12]}"
    with interrupts.held(), connected(address, max(1, config.jobs)) as client:
        stop = dask().Event(f"{name}-stop", client=client)
        client.register_plugin(CampaignPlugin(config, f"{name}-stop"), name=name)
        try:
            _drive(config, client, name, handle, summary, interrupts, stop.set)
        finally:
            _at_most(JOB_STOP_SECONDS, lambda: client.unregister_worker_plugin(name))


def _at_most(seconds: float, action: Callable[[], object]) -> None:
    """Do ``action`` (ending the workers' adapters), but wait no more than ``seconds`` for
    it: a cluster that has lost its workers must not hold the campaign's report."""

    def attempt() -> None:
        with contextlib.suppress(Exception):
            action()

    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(seconds)


def _drive(
    config: Config,
    client: Any,
    name: str,
    handle: Emit,
    summary: Summary,
    interrupts: Interrupts,
    stop: Callable[[], object],
) -> None:
    """Submit blocks and take their messages until the budget is spent or the run stops."""
    ms = free_blocks(config, 0, 1)
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    deadline = config.deadline if config.deadline is not None else math.inf
    stop_by = [math.inf]

    def submit(m: int) -> Any:
        return client.submit(run_cluster_block, name, m, key=f"{name}-block-{m}", pure=False)

    def stopping() -> None:
        if stop_by[0] == math.inf:
            stop()
            stop_by[0] = time.monotonic() + JOB_STOP_SECONDS

    running = [submit(m) for m in itertools.islice(ms, workers * (1 + AHEAD_PER_WORKER))]
    try:
        while running and time.monotonic() < stop_by[0]:
            if interrupts.interrupted:
                stopping()
            finished = [future for future in running if future.done()]
            if not finished:
                time.sleep(POLL_SECONDS)
                continue
            for future in finished:
                running.remove(future)
                for kind, payload in _messages(future):
                    if kind == "ended":
                        summary.ending = summary.ending or payload
                        stopping()
                    else:
                        handle(kind, payload)
                if stop_by[0] == math.inf and config.clock() < deadline:
                    running += [submit(m) for m in itertools.islice(ms, 1)]
    finally:
        for future in running:
            future.cancel()


def _messages(future: Any) -> Messages:
    """What a finished block hands back; a task that failed on the cluster (not in the
    fuzzer's code, which hands its failures back as messages) ends the campaign."""
    try:
        messages: Messages = future.result()
    except Exception as error:  # a worker lost too often, a cluster without fourhundred...
        return [
            (
                "ended",
                Ending(
                    "cluster", f"a block failed on the cluster: {type(error).__name__}: {error}"
                ),
            )
        ]
    return messages
