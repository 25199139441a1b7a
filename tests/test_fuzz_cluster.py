"""Campaigns on a Dask cluster (``fourhundred fuzz --cluster``): the same findings and
state as a local campaign of the same seed and blocks, written in one place, resumable
either way. Runs on an in-process ``LocalCluster``; skips only when the ``cluster``
extra (Dask distributed) is not installed (the ``dev`` extra installs it)."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from fourhundred.conformance.adapter import reference_answer
from fourhundred.fuzz.campaign import Summary, run_campaign
from fourhundred.fuzz.implementations import InProcess
from fourhundred.fuzz.records import Config
from fourhundred.spec.model import Rules

distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")

from fourhundred.fuzz.cluster import AHEAD_PER_WORKER, on_cluster  # noqa: E402  (needs the cluster extra)
from fourhundred.fuzz.job import BATCH_SECONDS  # noqa: E402

CONFIG = Config(variants=("qahwa-400",), kinds=("bid_value", "table_minimum"), seed=5, cases=1600)


def _wrong(kind: str, rules: Rules, data: Any) -> dict[str, Any]:
    """A planted bug: whether a bid of 13 decides the game is the wrong way round."""
    answer = dict(reference_answer(kind, rules, data))
    if kind == "bid_value" and data["bid"] == 13:
        answer["decides_game"] = not answer["decides_game"]
    return answer


def wrong_thirteen(config: Config) -> InProcess:
    """The implementation under test (module level: every worker builds its own)."""
    return InProcess(_wrong, "wrong thirteen")


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """The address of a two-worker cluster in this process."""
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        dashboard_address=":0",  # any free port: never the default one another cluster holds
        silence_logs=logging.ERROR,
    ) as local:
        yield str(local.scheduler_address)


def _found(summary: Summary) -> list[tuple[str, Any]]:
    return sorted((finding.signature, finding.input) for finding in summary.findings)


def test_a_campaign_on_a_cluster_finds_what_the_local_campaign_finds(
    cluster: str, tmp_path: Path
) -> None:
    config = replace(CONFIG, implementation=wrong_thirteen)
    local = run_campaign(config, tmp_path / "local")
    spread = run_campaign(config, tmp_path / "cluster", runner=on_cluster(cluster))
    assert spread.ending is None and local.ending is None
    assert local.findings, "the planted bug is found"
    assert _found(spread) == _found(local)
    assert (
        (spread.cases, spread.disagreements)
        == (local.cases, local.disagreements)
        == (1600, local.disagreements)
    )
    assert spread.implementation == "wrong thirteen"
    states = [
        json.loads((tmp_path / where / "state.json").read_text()) for where in ("local", "cluster")
    ]
    # How many disagreements a job set aside as a known cause shown again depends on
    # which blocks each job (each worker) saw before: each learns causes on its own.
    # Everything the campaign found is the same; the set-aside count only stays within
    # the disagreements, most of them set aside.
    tamed = [state["counts"].pop("tamed") for state in states]
    assert all(local.disagreements // 2 < count <= local.disagreements for count in tamed), tamed
    assert states[0] == states[1]
    cases = [
        json.loads((tmp_path / where / "cases" / "bid_value" / "fuzz.json").read_text())["cases"]
        for where in ("local", "cluster")
    ]
    assert [case["input"] for case in cases[0]] == [case["input"] for case in cases[1]]


def test_a_cluster_campaign_resumes_a_local_one_and_lists_what_it_found(
    cluster: str, tmp_path: Path
) -> None:
    config = replace(CONFIG, implementation=wrong_thirteen)
    first = run_campaign(replace(config, cases=800), tmp_path)
    second = run_campaign(config, tmp_path, runner=on_cluster(cluster))
    assert first.cases == 800 and second.cases == 800
    assert second.findings == []
    assert [r.signature for r in second.earlier_findings] == [f.signature for f in first.findings]
    assert second.again == [f.signature for f in first.findings]
    assert second.earlier.cases == 800
    state = json.loads((tmp_path / "state.json").read_text())
    assert state["done"] == [[0, 7]] and state["counts"]["cases"] == 1600


#: The seconds of the campaign's clock one case takes (:func:`work_clock`).
CASE_SECONDS = 0.001
#: Cases answered in this process so far (the workers are threads of it).
_WORK = [0]


def work_clock() -> float:
    """A campaign clock that moves only as cases are answered, :data:`CASE_SECONDS`
    each: no wall clock, so the machine's speed changes nothing."""
    return _WORK[0] * CASE_SECONDS


def _counted(kind: str, rules: Rules, data: Any) -> dict[str, Any]:
    _WORK[0] += 1
    return _wrong(kind, rules, data)


def counted_wrong_thirteen(config: Config) -> InProcess:
    """:func:`wrong_thirteen`, moving :func:`work_clock` with each case."""
    return InProcess(_counted, "wrong thirteen")


def test_a_cluster_campaign_keeps_to_its_seconds(cluster: str) -> None:
    _WORK[0] = 0
    budget = 1.5
    # Without its deadline the campaign would ask 40 times the cases the budget allows.
    cap = int(40 * budget / CASE_SECONDS)
    config = replace(
        CONFIG, cases=cap, seconds=budget, implementation=counted_wrong_thirteen, clock=work_clock
    )
    summary = run_campaign(config, runner=on_cluster(cluster))
    assert summary.ending is None and 0 < summary.cases < cap
    # Each block in flight when the time is out stops within one batch.
    in_flight = 2 * (1 + AHEAD_PER_WORKER)
    assert budget <= work_clock() < budget + in_flight * (BATCH_SECONDS + 10 * CASE_SECONDS)


def test_an_adapter_that_cannot_start_on_the_cluster_is_the_adapters_failure(
    cluster: str, tmp_path: Path
) -> None:
    config = replace(CONFIG, adapter=(str(tmp_path / "no such adapter"),))
    summary = run_campaign(config, runner=on_cluster(cluster))
    assert summary.ending is not None and summary.ending.reason == "adapter"
    assert "no such adapter" in summary.ending.message


def test_a_cluster_that_cannot_be_reached_is_one_error_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from fourhundred.cli import main
    from fourhundred.fuzz import cluster

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)

    with pytest.raises(SystemExit) as exit_:
        main(["fuzz", "--variant", "qahwa-400", "--cases", "10", "--cluster", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert (
        err.strip().splitlines()[-1].startswith("error: --cluster tcp://127.0.0.1:9: cannot reach")
    )
    assert "Traceback" not in err
