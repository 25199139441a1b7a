"""The fuzzer against hostile conditions: its own bugs, Ctrl-C, bad options and state
files, crashes while writing, adapter text that looks like markup, and large outputs.

Every finding is kept however a run ends; a bug of the fuzzer is never blamed on the
adapter; no bad input gives a traceback; no adapter process outlives a run.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fuzz_adapters import in_process
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stoppable import start_command

from fourhundred.cli import main
from fourhundred.errors import UserError
from fourhundred.fuzz import cases as case_files
from fourhundred.fuzz.campaign import Summary, run_campaign
from fourhundred.fuzz.compare import Outcome
from fourhundred.fuzz.implementations import InProcess
from fourhundred.fuzz.job import BATCH_SECONDS, _job_blocks
from fourhundred.fuzz.records import COUNTERS, MAX_BLOCKS, Blocks, Config, describe
from fourhundred.fuzz.stopping import Ending
from fourhundred.safeio import OutputError

ADAPTERS = Path(__file__).resolve().parent / "fuzz_adapters"
CONFIG = Config(variants=("qahwa-400",), kinds=("bid_value", "legal_bids"), seed=3)


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in process: (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as exit_:
        main(list(argv))
    out, err = capsys.readouterr()
    return int(exit_.value.code or 0), out, err


# ----------------------------------------------------------------------
# A bug of the fuzzer is not the adapter's failure
# ----------------------------------------------------------------------


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bug_in_the_fuzzer_is_reported_as_an_internal_error_with_its_traceback(
    jobs: int,
) -> None:
    config = replace(CONFIG, cases=2000, jobs=jobs, implementation=in_process.fuzzer_bug)
    summary = run_campaign(config)
    assert summary.ending is not None and summary.ending.reason == "internal"
    assert "ZeroDivisionError: injected fault in the fuzzer" in summary.ending.message
    assert "Traceback" in summary.ending.details and "in answer" in summary.ending.details
    assert 0 < summary.cases < 2000 and not summary.complete


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_adapter_that_cannot_be_driven_is_reported_as_the_adapters_failure(jobs: int) -> None:
    config = replace(CONFIG, cases=2000, jobs=jobs, implementation=in_process.adapter_gone)
    summary = run_campaign(config)
    assert summary.ending == Ending(
        "adapter", "the adapter died 3 times in a row without answering"
    )


def test_the_exit_status_tells_a_bug_of_the_fuzzer_from_the_adapters_failure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from fourhundred.commands.fuzz import EXIT_INTERNAL, _finish

    bug = Summary(
        ending=Ending("internal", "internal error in job 1: KeyError: 'x'", "Traceback …")
    )
    adapter = Summary(ending=Ending("adapter", "it died"))
    assert _finish(bug) == EXIT_INTERNAL != 2 == _finish(adapter)
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "Traceback …",
        "error: internal error of the fuzzer (a bug: please report it): "
        "internal error in job 1: KeyError: 'x'",
        "error: the adapter cannot be driven: it died",
    ]


# ----------------------------------------------------------------------
# Ctrl-C keeps every finding and ends every adapter
# ----------------------------------------------------------------------


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


#: The longest wait for a campaign's first finding (an overall limit: never a delay).
FINDING_LIMIT = 180.0

#: Terminal control sequences (colours, cursor moves) in what a live display draws.
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")


class _Terminal:
    """A pseudo-terminal for a process's standard error: a thread reads all it
    draws, and :attr:`finding` is set once its live table counts a distinct finding."""

    def __init__(self) -> None:
        import pty
        import threading

        self.master, self.slave = pty.openpty()
        self.finding = threading.Event()
        self._chunks: list[bytes] = []
        self._reader = threading.Thread(target=self._read, daemon=True)

    def started(self) -> None:
        """The process holds the terminal now: this side closes its copy and reads."""
        os.close(self.slave)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # every writer has closed the terminal
                break
            if not chunk:
                break
            self._chunks.append(chunk)
            if re.search(r"distinct findings\s+[1-9]", self.text()):
                self.finding.set()

    def text(self) -> str:
        """Everything drawn so far, control sequences removed."""
        return _ESCAPES.sub("", b"".join(self._chunks).decode("utf-8", "replace"))

    def drained(self) -> None:
        """Wait until everything drawn is read (the process and its children are gone)."""
        self._reader.join(timeout=30)

    def close(self) -> None:
        self.drained()
        os.close(self.master)


def _first_finding_line(path: Path, limit: float) -> bool:
    """Whether ``path`` gets a first complete line within ``limit`` seconds (polled)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if path.exists() and b"\n" in path.read_bytes():
            return True
        time.sleep(0.1)
    return False


def _interrupted_campaign(
    tmp_path: Path,
    jobs: int,
    out: Path | None,
    twice: bool,
    whole_group: bool = True,
    cluster: str | None = None,
) -> Any:
    """Run a campaign against the stubborn adapter and interrupt it: Ctrl-C as a terminal
    sends it (the whole process group), or only to the fuzz process; ``twice``: again
    during the shutdown; ``cluster``: on that ``--cluster``. Asserts no adapter is left;
    returns (status, stdout, stderr)."""
    interrupt = os.killpg if whole_group else os.kill
    pids = tmp_path / "pids"
    pids.mkdir()
    command = [
        "fuzz",
        "--adapter",
        shlex.join([sys.executable, str(ADAPTERS / "stubborn.py")]),
        "--variant",
        "qahwa-400",
        "--kind",
        "bid_value",
        "--seconds",
        "600",
        *(["--jobs", str(jobs)] if cluster is None else ["--cluster", cluster]),
        *(["--out", str(out)] if out is not None else []),
    ]
    # The interrupt comes once the campaign has a finding (so there is one to keep): with
    # --out, its first line in findings.jsonl; without, "distinct findings 1" in the live
    # table it draws on a terminal (its standard error is one here, a pseudo-terminal).
    terminal = _Terminal() if out is None else None
    process = start_command(
        *command,
        stderr=subprocess.PIPE if terminal is None else terminal.slave,
        start_new_session=True,  # its own process group, which Ctrl-C at a terminal signals whole
        env={**os.environ, "FUZZ_ADAPTER_PIDS": str(pids), "COLUMNS": "100", "TERM": "xterm"},
    )
    try:
        if terminal is not None:
            terminal.started()
            found = terminal.finding.wait(FINDING_LIMIT)
        else:
            assert out is not None
            found = _first_finding_line(out / "findings.jsonl", FINDING_LIMIT)
        assert (pids / "wrong").exists(), "the adapter was never asked a case it gets wrong"
        assert found, f"no finding within {FINDING_LIMIT} s"
        interrupt(process.pid, signal.SIGINT)
        if twice:
            time.sleep(0.5)  # the adapters ignore stop: the shutdown waits to kill them
            interrupt(process.pid, signal.SIGINT)
        stdout, stderr = process.communicate(timeout=90)
        if terminal is not None:
            terminal.drained()
            stderr = terminal.text()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
        if terminal is not None:
            terminal.close()
    adapters = [int(p.name) for p in pids.iterdir() if p.name.isdigit()]
    assert len(adapters) >= jobs
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in adapters) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in adapters if _alive(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, "adapters left running"
    return process.returncode, stdout, stderr


def test_ctrl_c_without_out_prints_every_finding_and_the_footer_and_ends_the_adapter(
    tmp_path: Path,
) -> None:
    code, stdout, stderr = _interrupted_campaign(tmp_path, jobs=1, out=None, twice=False)
    assert code == 130, stderr
    assert "Traceback" not in stderr
    assert "bid_value under qahwa-400 (value) signature" in stdout
    assert "not saved (no --out): with --out DIR" in stdout
    assert "cases in" in stdout and "incomplete run: stopped by Ctrl-C after" in stdout


def test_an_interrupt_of_the_fuzz_process_alone_stops_its_jobs_and_their_adapters(
    tmp_path: Path,
) -> None:
    code, stdout, stderr = _interrupted_campaign(
        tmp_path, jobs=2, out=None, twice=False, whole_group=False
    )
    assert code == 130, stderr
    assert "Traceback" not in stderr
    assert "bid_value under qahwa-400 (value) signature" in stdout
    assert "incomplete run: stopped by Ctrl-C after" in stdout


def test_a_second_ctrl_c_during_shutdown_loses_neither_the_findings_nor_the_footer(
    tmp_path: Path,
) -> None:
    out = tmp_path / "campaign"
    code, stdout, stderr = _interrupted_campaign(tmp_path, jobs=2, out=out, twice=True)
    assert code == 130, stderr
    assert "Traceback" not in stderr
    assert "incomplete run: stopped by Ctrl-C after" in stdout
    printed = stdout.count("bid_value under qahwa-400 (value) signature")
    assert printed >= 1
    lines = (out / "findings.jsonl").read_text().splitlines()
    assert len(lines) == printed and all(json.loads(line)["kind"] == "bid_value" for line in lines)
    case_file = json.loads((out / "cases" / "bid_value" / "fuzz.json").read_text())
    assert len(case_file["cases"]) == printed
    state = json.loads((out / "state.json").read_text())
    assert len(state["signatures"]) == printed


def test_a_cluster_campaign_without_the_extra_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, "fourhundred.fuzz.cluster", raising=False)
    code, out, err = _cli(
        capsys, "fuzz", "--variant", "qahwa-400", "--cases", "10", "--cluster", "local:2"
    )
    assert (code, out) == (2, "")
    assert err == "error: --cluster needs Dask distributed, an optional extra: " + (
        "pip install 'fourhundred[cluster]'\n"
    )


@pytest.mark.slow
def test_ctrl_c_on_a_local_cluster_keeps_the_findings_and_ends_every_workers_adapter(
    tmp_path: Path,
) -> None:
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    out = tmp_path / "campaign"
    code, stdout, stderr = _interrupted_campaign(tmp_path, 2, out, twice=False, cluster="local:2")
    assert code == 130, stderr
    assert "Traceback" not in stderr
    assert "incomplete run: stopped by Ctrl-C after" in stdout
    printed = stdout.count("bid_value under qahwa-400 (value) signature")
    assert printed >= 1
    assert len((out / "findings.jsonl").read_text().splitlines()) == printed


# ----------------------------------------------------------------------
# Bad options and state files: one error line
# ----------------------------------------------------------------------


@pytest.mark.parametrize("option", ["--seconds", "--timeout", "--shrink-seconds"])
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "0", "-1", "1e-300", "soon"])
def test_a_number_of_seconds_that_is_not_one_is_one_error_line(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    code, out, err = _cli(capsys, "fuzz", "--variant", "qahwa-400", option, value, "--cases", "1")
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(f"error: {option} ")


@pytest.mark.parametrize(
    ("done", "why"),
    [
        ([[0, 1_000_000_000_000]], "goes past block"),
        ([[5, 3]], "out of order"),
        ([[0, 4], [3, 9]], "out of order or overlaps"),
        ([[-1, 2]], "less than the minimum"),
        ([[0, "9"]], "is not of type 'integer'"),
        ([[0, True]], "is not of type 'integer'"),
        ([[0]], "too short"),
        ({"0": 1}, "is not of type 'array'"),
    ],
)
def test_a_state_file_with_bad_done_ranges_is_refused_saying_why(
    tmp_path: Path, done: Any, why: str
) -> None:
    run_campaign(replace(CONFIG, cases=200), tmp_path)
    state = json.loads((tmp_path / "state.json").read_text())
    (tmp_path / "state.json").write_text(json.dumps({**state, "done": done}))
    with pytest.raises(UserError, match=f"not a fuzz state file .*{why}"):
        run_campaign(replace(CONFIG, cases=200), tmp_path)


@pytest.mark.parametrize(
    "text",
    [
        b"[" * 100_000,
        b'{"version": 1, "cases_done": 1' + b"0" * 5000 + b"}",
        b"\xff\xfe{}",
        b'{"version": 1, "campaign": {}, "done": [], "signatures": ["\\ud800"]}',
        b'{"version": 1, "campaign": {}, "done": [], "signatures": [7]}',
        b"NaN",
    ],
)
def test_a_hostile_state_file_is_one_error_line_through_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: bytes
) -> None:
    (tmp_path / "state.json").write_bytes(text)
    code, out, err = _cli(
        capsys, "fuzz", "--variant", "qahwa-400", "--cases", "10", "--out", str(tmp_path)
    )
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("error: ")
    assert "state.json" in err and len(err) < 400


def test_done_ranges_cost_the_same_memory_however_many_blocks_they_hold(tmp_path: Path) -> None:
    run_campaign(replace(CONFIG, cases=200), tmp_path)
    state = json.loads((tmp_path / "state.json").read_text())
    (tmp_path / "state.json").write_text(json.dumps({**state, "done": [[0, 2_999_999]]}))
    tracemalloc.start()
    try:
        read = case_files.read_state(tmp_path, replace(CONFIG, cases=200))
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(read.done) == 3_000_000
    assert held < 1_000_000


def test_a_resumed_campaign_starts_after_its_done_ranges_without_walking_them() -> None:
    config = replace(CONFIG, done=Blocks(((0, MAX_BLOCKS - 2),)), jobs=3, cases=None)
    first = [next(iter(_job_blocks(config, job)))[0] for job in range(3)]
    assert sorted(first) == [MAX_BLOCKS - 1, MAX_BLOCKS, MAX_BLOCKS + 1]


def test_blocks_are_kept_as_ranges_in_any_order_of_adding() -> None:
    blocks = Blocks()
    for block in (5, 3, 4, 10, 0, 1, 2, 11, 9, 4):
        blocks = blocks.add(block)
    assert blocks.ranges == ((0, 5), (9, 11)) and len(blocks) == 9
    assert 4 in blocks and 7 not in blocks and 12 not in blocks
    assert [blocks.next_free(start, 2) for start in (0, 1, 6, 9)] == [6, 7, 6, 13]


@pytest.mark.parametrize("command", ["fuzz", "generate"])
@pytest.mark.parametrize("seed", ["9" * 5000, "9" * 60, "-" + "9" * 20, "1.5", "seven"])
def test_a_seed_that_cannot_be_recorded_and_read_back_is_one_error_line(
    capsys: pytest.CaptureFixture[str], command: str, seed: str
) -> None:
    kind = "--kind" if command == "generate" else "--cases"
    value = "bid_value" if command == "generate" else "1"
    code, out, err = _cli(capsys, command, "--variant", "qahwa-400", kind, value, "--seed", seed)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("error: --seed ") and len(err) < 200


def test_an_out_folder_that_cannot_be_written_is_refused_before_anything_runs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _cli(
        capsys, "fuzz", "--variant", "qahwa-400", "--cases", "1", "--out", "/proc/x"
    )
    assert (code, out) == (2, "")
    assert err == "error: cannot write /proc/x: No such file or directory\n"


def test_a_case_file_of_another_kind_in_the_out_folder_is_refused(tmp_path: Path) -> None:
    cases = list(case_files.generated_cases("legal_bids", "qahwa-400", 2, seed=1))
    path = tmp_path / "cases" / "bid_value" / "fuzz.json"
    path.parent.mkdir(parents=True)
    path.write_text("".join(case_files.case_file_chunks("legal_bids", "generated", cases, "1.1.0")))
    with pytest.raises(UserError, match="holds legal_bids cases, not bid_value"):
        run_campaign(replace(CONFIG, cases=10), tmp_path)


def test_a_malformed_case_file_in_the_out_folder_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cases" / "bid_value" / "fuzz.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"suite_version": "1", "kind": "bid_value", "cases": [' + "[" * 5000)
    code, _out, err = _cli(
        capsys, "fuzz", "--variant", "qahwa-400", "--cases", "10", "--out", str(tmp_path)
    )
    assert code == 2 and len(err.splitlines()) == 1
    assert err.startswith("error: fuzz case file ") and "fuzz.json" in err


# ----------------------------------------------------------------------
# Writes that a crash cannot tear
# ----------------------------------------------------------------------


def _wrong_finding(tmp_path: Path) -> Any:
    from fourhundred.fuzz.implementations import InProcess, reference_answer

    def wrong(kind: str, rules: Any, data: Any) -> dict[str, Any]:
        answer = dict(reference_answer(kind, rules, data))
        if kind == "bid_value" and data["bid"] >= 7 and answer["value"] is not None:
            answer["value"] += 1
        return answer

    from fourhundred.fuzz.job import run_job

    found: list[Any] = []
    config = replace(CONFIG, kinds=("bid_value",), cases=200)
    run_job(config, 0, lambda k, p: found.append(p) if k == "finding" else None, InProcess(wrong))
    assert found
    return config, [found[0], replace(found[0], signature="0123456789ab")]


def test_a_disk_failing_while_a_finding_is_written_leaves_the_old_files_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config, found = _wrong_finding(tmp_path)
    case_files.write_finding(tmp_path, found[0], config)
    path = tmp_path / "cases" / "bid_value" / "fuzz.json"
    before = path.read_text()

    def full_disk(handle: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OutputError, match="No space left"):
        case_files.write_finding(tmp_path, found[1], config)
    assert path.read_text() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["fuzz.json"]


def test_a_finding_record_is_appended_in_one_write_of_a_whole_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config, found = _wrong_finding(tmp_path)
    writes: list[tuple[int, bytes]] = []
    real_write = os.write

    def recording(handle: int, data: bytes) -> int:
        if handle > 2:
            writes.append((handle, bytes(data)))
        return real_write(handle, data)

    case_files.write_finding(tmp_path, found[0], config)
    monkeypatch.setattr(os, "write", recording)
    case_files.write_finding(tmp_path, found[1], config)
    monkeypatch.undo()
    jsonl = [data for _handle, data in writes if data.startswith(b'{"signature"')]
    assert len(jsonl) == 1 and jsonl[0].endswith(b"\n") and jsonl[0].count(b"\n") == 1
    lines = (tmp_path / "findings.jsonl").read_bytes().splitlines(keepends=True)
    assert lines[1] == jsonl[0]


# ----------------------------------------------------------------------
# Outside text is printed as it is; commands paste as printed
# ----------------------------------------------------------------------


def test_an_adapter_error_that_looks_like_markup_is_printed_as_it_is_and_kept_raw(
    tmp_path: Path,
) -> None:
    from fuzz_adapters.markup_errors import MESSAGE

    out = tmp_path / "campaign"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "fourhundred",
            "fuzz",
            "--adapter",
            shlex.join([sys.executable, str(ADAPTERS / "markup_errors.py")]),
            "--variant",
            "qahwa-400",
            "--kind",
            "trick_winner",
            "--cases",
            "20",
            "--jobs",
            "1",
            "--shrink-seconds",
            "2",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "[/src/engine.rs:12] panicked \\x1b[31mred\\x1b[0m [bold]not bold" in done.stdout
    assert "\x1b" not in done.stdout
    case = json.loads((out / "cases" / "trick_winner" / "fuzz.json").read_text())["cases"][0]
    assert MESSAGE in case["description"]


def _printed_commands(stdout: str) -> dict[str, str]:
    """The command lines a fuzz report prints, by the line that introduces each."""
    lines = stdout.splitlines()
    return {
        lines[at - 1]: line.strip()
        for at, line in enumerate(lines)
        if at and line.startswith("  fourhundred ")
    }


def _shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run a printed command line through a shell, exactly as a user pastes it."""
    bin_folder = str(Path(sys.executable).parent)
    return subprocess.run(
        command,
        shell=True,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
        env={**os.environ, "PATH": bin_folder + os.pathsep + os.environ.get("PATH", "")},
    )


def test_every_command_a_fuzz_report_prints_pastes_into_a_shell_and_runs(tmp_path: Path) -> None:
    folder = tmp_path / "my adapters"
    folder.mkdir()
    adapter = folder / "band edge.py"
    adapter.write_text((ADAPTERS / "band_edge.py").read_text())
    out = tmp_path / "the campaign"
    argv = [
        "fourhundred",
        "fuzz",
        "--adapter",
        shlex.join([sys.executable, str(adapter)]),
        "--variant",
        "qahwa-400",
        "--kind",
        "legal_bids",
        "--seconds",
        "2",
        "--jobs",
        "1",
        "--out",
        str(out),
    ]
    done = _shell(shlex.join(argv), tmp_path)
    assert done.returncode == 1, done.stderr
    printed = _printed_commands(done.stdout)
    go_on = "go on with this campaign (it resumes where this run stopped):"
    (replay_line,) = (line for line in printed if line.endswith("; replay them with:"))
    assert sorted(printed) == sorted([go_on, replay_line])
    replay = printed[replay_line]
    assert shlex.split(replay)[3:] == [
        "--cases",
        str(out / "cases"),
        "--adapter",
        shlex.join([sys.executable, str(adapter)]),
    ]
    replayed = _shell(replay, tmp_path)
    assert replayed.returncode == 1, replayed.stderr  # the adapter still fails its finding
    assert "Traceback" not in replayed.stderr and "fail" in replayed.stdout.lower()
    reruns = [
        line.split("rerun: ", 1)[1] for line in replayed.stdout.splitlines() if "  rerun: " in line
    ]
    assert reruns, replayed.stdout
    for rerun in reruns:  # each failing case's own command, as the replay prints it
        alone = _shell(rerun, tmp_path)
        assert alone.returncode == 1, (rerun, alone.stdout[-800:], alone.stderr)
        assert "0 passed, 1 failed, 0 errored" in alone.stdout
    resumed = _shell(printed[go_on], tmp_path)
    assert resumed.returncode == 1, resumed.stderr
    assert "Traceback" not in resumed.stderr
    assert "found by earlier runs of this campaign" in resumed.stdout
    signature = json.loads((out / "findings.jsonl").read_text().splitlines()[0])["signature"]
    assert f"signature {signature}" in resumed.stdout
    assert "earlier runs in" in resumed.stdout and "(listed above)" in resumed.stdout
    state = json.loads((out / "state.json").read_text())
    assert state["counts"]["cases"] > 0


# ----------------------------------------------------------------------
# Counting: skipped is not undeclared; earlier runs are listed
# ----------------------------------------------------------------------


class _Choosy(InProcess):
    """The reference, except: it does not declare ``table_minimum``, and answers
    ``skipped`` to every bid of 13."""

    def supports(self, kind: str, variant: str) -> bool:
        return kind != "table_minimum"

    def answer(self, questions: Any) -> list[Any]:
        answers = super().answer(questions)
        return [
            Outcome("skipped", message="not mine")
            if kind == "bid_value" and data["bid"] == 13
            else answer
            for (kind, _variant, data, _expected), answer in zip(questions, answers, strict=True)
        ]


def choosy(config: Config) -> InProcess:
    """:class:`_Choosy` (module level: a job process builds its own)."""
    return _Choosy()


def test_cases_the_adapter_skips_are_counted_apart_from_those_it_does_not_declare(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from fourhundred.commands.fuzz import _report
    from fourhundred.fuzz.stream import block_cases
    from fourhundred.spec.registry import load

    config = replace(CONFIG, kinds=("bid_value", "table_minimum"), cases=400, implementation=choosy)
    summary = run_campaign(config)
    rules = {"qahwa-400": load("qahwa-400")}
    stream = [q for block in (0, 1) for q in block_cases(config, block, 200, rules)]
    thirteens = sum(1 for kind, _, data, _ in stream if kind == "bid_value" and data["bid"] == 13)
    undeclared = sum(1 for kind, *_ in stream if kind == "table_minimum")
    assert thirteens > 0 and undeclared > 0
    assert (summary.skipped, summary.undeclared) == (thirteens, undeclared)
    assert summary.cases == 400 - undeclared and summary.disagreements == 0
    _report(config, None, summary)
    footer = capsys.readouterr().out.strip().splitlines()[-1]
    assert f"({thirteens:,} answered skipped by the adapter; {undeclared:,} not asked: " in footer
    assert "not declared by the adapter)" in footer


def test_a_findings_file_that_is_not_one_is_one_error_line_naming_the_line(
    tmp_path: Path,
) -> None:
    config, found = _wrong_finding(tmp_path)
    case_files.write_finding(tmp_path, found[0], config)
    assert case_files.read_findings(tmp_path, set()) == []  # only the state's signatures
    record = json.loads((tmp_path / "findings.jsonl").read_text())
    with (tmp_path / "findings.jsonl").open("a") as lines:
        lines.write(json.dumps({**record, "signature": "not hex"}) + "\n")
    with pytest.raises(
        UserError, match=r"findings\.jsonl line 2: not a finding record \(at signature"
    ):
        case_files.read_findings(tmp_path, {found[0].signature})


# ----------------------------------------------------------------------
# --seconds is honoured, shrinking included; --jobs defaults to the machine
# ----------------------------------------------------------------------


class _SlowWrong(InProcess):
    """A slow implementation with a bug: every case takes :data:`SLOW_SECONDS` of the
    campaign's clock (:func:`work_clock`, which only this work moves: no wall clock), and
    bids from 7 up are worth one point too many (shrinking it takes many checks). After
    each answer it notes how far its process's clock has gone (a file per process in
    ``$FOURHUNDRED_TEST_CLOCKS``)."""

    def answer(self, questions: Any) -> list[Any]:
        _WORK[0] += SLOW_SECONDS * len(questions)
        answers = super().answer(questions)
        for (kind, _variant, data, _expected), answer in zip(questions, answers, strict=True):
            if kind == "bid_value" and data["bid"] >= 7 and answer.result["value"] is not None:
                answer.result["value"] += 1
        (Path(os.environ["FOURHUNDRED_TEST_CLOCKS"]) / str(os.getpid())).write_text(repr(_WORK[0]))
        return answers


SLOW_SECONDS = 0.05
#: The seconds of work done in this process (see :func:`work_clock`).
_WORK = [0.0]


def work_clock() -> float:
    """A campaign clock that moves only when :class:`_SlowWrong` answers (per process;
    a spawned job process starts at 0, as the test's own process is set to)."""
    return _WORK[0]


def slow_wrong(config: Config) -> InProcess:
    """:class:`_SlowWrong` (module level: a job process builds its own)."""
    return _SlowWrong()


@pytest.mark.parametrize(("jobs", "budget"), [(1, 2.0), (2, 6.0)])
def test_a_run_with_a_slow_implementation_ends_within_its_seconds_shrinking_included(
    jobs: int, budget: float, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FOURHUNDRED_TEST_CLOCKS", str(tmp_path))
    _WORK[0] = 0.0
    # Without its deadline the campaign would ask 40 times the cases the budget allows.
    config = replace(
        CONFIG,
        kinds=("bid_value",),
        seconds=budget,
        cases=int(40 * budget / SLOW_SECONDS),
        shrink_seconds=60.0,
        jobs=jobs,
        implementation=slow_wrong,
        clock=work_clock,
    )
    summary = run_campaign(config)
    assert summary.ending is None and summary.findings and summary.cases < config.cases
    # One batch of about BATCH_SECONDS, or one shrink check, may run past the deadline.
    spent = [float(path.read_text()) for path in tmp_path.iterdir()]
    assert len(spent) == jobs
    assert budget <= max(spent) < budget + BATCH_SECONDS + 10 * SLOW_SECONDS
    assert all(f.shrink_seconds <= budget for f in summary.findings)


@pytest.mark.parametrize(
    ("cpus", "seconds", "cases", "jobs"),
    [
        (2, 60.0, None, 2),
        (1, 60.0, None, 1),
        (16, None, 100_000, 8),
        (2, 5.0, None, 1),
        (2, None, 2_000, 1),
    ],
)
def test_jobs_default_to_one_per_cpu_and_to_one_for_a_short_run(
    monkeypatch: pytest.MonkeyPatch,
    cpus: int,
    seconds: float | None,
    cases: int | None,
    jobs: int,
) -> None:
    from fourhundred.commands.fuzz import default_jobs

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cpus)))
    assert default_jobs(seconds, cases) == jobs


# ----------------------------------------------------------------------
# generate: streamed, bounded in time, refused when it cannot fit
# ----------------------------------------------------------------------


def test_a_generated_case_file_is_written_while_its_cases_are_generated() -> None:
    from fourhundred.conformance.suite import case_file_text

    produced: list[int] = []

    def cases() -> Any:
        for case in case_files.generated_cases("bid_value", "qahwa-400", 5, seed=2):
            produced.append(1)
            yield case

    chunks = case_files.case_file_chunks("bid_value", "generated", cases(), "9")
    pieces = [next(chunks), next(chunks)]
    assert len(produced) == 1, "the first case is out before the second is made"
    pieces += list(chunks)
    every = list(case_files.generated_cases("bid_value", "qahwa-400", 5, seed=2))
    assert "".join(pieces) == case_file_text("bid_value", "generated", every, "9")
    empty = case_files.case_file_chunks("bid_value", "generated", [], "9")
    assert "".join(empty) == case_file_text("bid_value", "generated", [], "9")


def test_generated_case_ids_differ_between_variants_and_seeds_and_repeat_for_the_same() -> None:
    def ids(variant: str, seed: int) -> list[str]:
        return [c["id"] for c in case_files.generated_cases("hand_scoring", variant, 3, seed)]

    runs = [
        ids("qahwa-400", 0),
        ids("qahwa-400(target=61)", 0),
        ids("pagat-400", 0),
        ids("qahwa-400", 1),
        ids("qahwa-400", -1),
    ]
    every = [case_id for run in runs for case_id in run]
    assert len(set(every)) == len(every) == 15
    assert ids("qahwa-400", 0) == runs[0]
    assert runs[0][0].startswith("hand_scoring.gen-qahwa-400-") and runs[0][0].endswith("-0.00001")


def test_generate_honours_seconds_with_a_valid_file_of_the_cases_made_by_then(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "cases.json"
    code, _out, err = _cli(
        capsys,
        "generate",
        "--kind",
        "whole_game",
        "--variant",
        "qahwa-400",
        "-n",
        "1000000",
        "--seconds",
        "1",
        "-o",
        str(output),
    )
    assert code == 0
    cases = json.loads(output.read_text())["cases"]
    assert 0 < len(cases) < 1000000
    assert f"with {len(cases):,} of the 1,000,000 cases" in err


def test_generate_refuses_a_file_the_disk_cannot_hold_and_leaves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    from fourhundred.commands import fuzz as fuzz_command

    real = shutil.disk_usage
    monkeypatch.setattr(
        fuzz_command.shutil, "disk_usage", lambda path: real(path)._replace(free=1_000_000)
    )
    output = tmp_path / "cases.json"
    code, _out, err = _cli(
        capsys,
        "generate",
        "--kind",
        "bid_value",
        "--variant",
        "qahwa-400",
        "-n",
        "100000",
        "-o",
        str(output),
    )
    assert code == 2 and len(err.splitlines()) == 1
    assert "100,000 cases would take about" in err and "MB free" in err
    assert list(tmp_path.iterdir()) == []


def test_generate_ends_quietly_when_its_reader_has_had_enough() -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "fourhundred",
            "generate",
            "--kind",
            "bid_value",
            "--variant",
            "qahwa-400",
            "-n",
            "1000000",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.read(10) == b'{"suite_ve'
        process.stdout.close()  # as `| head -c 10` does
        assert process.wait(timeout=120) == 0
        assert process.stderr.read() == b""
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_every_way_a_campaign_can_end_has_words_in_the_footer() -> None:
    from fourhundred.commands.fuzz import _ENDED
    from fourhundred.fuzz.stopping import ENDINGS

    assert (
        set(_ENDED) == set(ENDINGS) == {"interrupted", "adapter", "output", "cluster", "internal"}
    )


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    field=st.sampled_from(
        ["version", "campaign", "cases_done", "counts", "done", "signatures", None]
    ),
    value=_JSON,
    garbage=st.binary(max_size=40),
)
def test_any_state_file_is_resumed_or_refused_with_a_user_error_never_a_crash(
    tmp_path: Path, field: str | None, value: Any, garbage: bytes
) -> None:
    config = replace(CONFIG, cases=200)
    state = {
        "version": 1,
        "campaign": describe(config),
        "cases_done": 200,
        "done": [[0, 0]],
        "signatures": [],
    }
    text = json.dumps({**state, field: value}).encode() if field else garbage
    (tmp_path / "state.json").write_bytes(text)
    try:
        read = case_files.read_state(tmp_path, config)
    except UserError as error:
        assert "state.json" in str(error) and "\n" not in str(error)
    else:
        assert isinstance(read.done, Blocks)
        assert all(isinstance(getattr(read.totals, name), int) for name in COUNTERS)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_adapter_that_cannot_start_is_one_error_line_and_no_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, jobs: str
) -> None:
    missing = str(tmp_path / "no such adapter")
    code, out, err = _cli(
        capsys,
        "fuzz",
        "--adapter",
        shlex.quote(missing),
        "--variant",
        "qahwa-400",
        "--cases",
        "10",
        "--jobs",
        jobs,
    )
    assert (code, out) == (2, "")
    assert err.startswith("error: the adapter cannot be driven: cannot start the adapter ")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("make", ["loop", "dangling", "fifo_state", "folder_state"])
def test_an_out_folder_or_state_file_that_is_not_one_is_one_error_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: str
) -> None:
    out = tmp_path / "out"
    if make == "loop":
        out.symlink_to(out)
    elif make == "dangling":
        out.symlink_to(tmp_path / "nowhere")
    else:
        out.mkdir()
        if make == "fifo_state":
            os.mkfifo(out / "state.json")  # reading it would block forever
        else:
            (out / "state.json").mkdir()
    code, stdout, err = _cli(
        capsys, "fuzz", "--variant", "qahwa-400", "--cases", "5", "--out", str(out)
    )
    assert (code, stdout) == (2, "")
    assert len(err.splitlines()) == 1 and err.startswith("error: ")


def test_importing_a_planted_adapter_module_changes_no_answer_of_the_test_process() -> None:
    """A test imports ``MESSAGE`` from the markup adapter; the adapter's own answers are
    planted only when it runs as an adapter, never in the importing process (it made a
    later test of the same worker fail on its trick_winner questions)."""
    import importlib

    from fourhundred.conformance import adapter

    before = adapter.reference_answer
    importlib.reload(importlib.import_module("fuzz_adapters.markup_errors"))
    assert adapter.reference_answer is before
