"""Step 5 of the survivors' classification (fourhundred.fuzz.survivor_step): the
fuzzer's questions, recorded unmutated, asked of a survivor in a fresh process.

The planted mutants are written to a copy of ``reference/engine.py`` in a temporary
folder, and the fresh processes load that copy in place of the module (the tree itself
is never mutated, so tests running beside these are not disturbed)."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from fourhundred.conformance import kinds, operators, survivor_places, survivors
from fourhundred.conformance.adapter import reference_answer
from fourhundred.fuzz import survivor_step
from fourhundred.spec.registry import load

ENGINE = operators.ROOT / "reference" / "engine.py"

#: A fresh process with the module ``argv[1]`` loaded from the file ``argv[2]``, then
#: the module ``argv[3]`` run as ``-m`` with the rest of the arguments.
BOOT = (
    "import importlib.util, runpy, sys\n"
    "name, path = sys.argv[1], sys.argv[2]\n"
    "spec = importlib.util.spec_from_file_location(name, path)\n"
    "module = importlib.util.module_from_spec(spec)\n"
    "sys.modules[name] = module\n"
    "spec.loader.exec_module(module)\n"
    "sys.argv = [sys.argv[3], *sys.argv[4:]]\n"
    "runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True)\n"
)

#: Must-follow-suit forgotten when diamonds are led after the third hand: no pure
#: question reaches the engine's rejections, and only games from a position (or long
#: ones) reach that hand.
LATE_DIAMONDS = (
    "    if led is None or play.card not in hand",
    "    if led is None or led[1] == 'D' and state.hand_number > 3 or play.card not in hand",
)
#: A rejection's message reworded: the code, the only thing an answer carries, is the same.
REWORDED = ('what = "to deal" if', 'what = "to deal out" if')


@pytest.fixture(scope="module")
def questions(tmp_path_factory: pytest.TempPathFactory) -> survivor_step.Questions:
    """A small budget of the fuzzer's questions (seed 21: 50 pure, 40 whole games)."""
    path = tmp_path_factory.mktemp("fuzz") / "questions.json"
    return survivor_step.prepared(operators.ROOT, path, seed=21, pure=50, games=40)


def _planted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old: str, new: str
) -> tuple[Path, survivors.Verdict]:
    """The engine's copy under ``tmp_path`` with ``old`` made ``new`` when the
    classifier applies the mutation, fresh processes loading that copy, the suite
    stated to miss it; and an unclassified survivor on the line of ``old``, as
    cosmic-ray's AddNot there (the planted change replaces it)."""
    source = ENGINE.read_text(encoding="utf-8")
    assert source.count(old) == 1
    module = tmp_path / "reference" / "engine.py"
    module.parent.mkdir(parents=True)
    module.write_text(source, encoding="utf-8")
    line = source[: source.index(old)].count("\n") + 1
    operator = "core/AddNot"
    occurrence = next(
        k
        for k, (start, _) in enumerate(survivor_places.positions(source, operator))
        if start[0] == line
    )

    def plant(root: Path, path: Path, operator: str, occurrence: int) -> None:
        path.write_text(source.replace(old, new), encoding="utf-8")

    def fresh(args: Sequence[str]) -> list[str]:
        return [sys.executable, "-c", BOOT, "fourhundred.reference.engine", str(module), *args]

    real = survivors._in_fresh_process

    def suite_misses(root: Path, args: Sequence[str], timeout: float) -> object:
        if list(args) == ["fourhundred.conformance.operators"]:  # the killing test
            return subprocess.CompletedProcess(list(args), 0, "", "")
        return real(root, args, timeout)

    monkeypatch.setattr(survivors, "_apply", plant)
    monkeypatch.setattr(survivors, "fresh_argv", fresh)
    monkeypatch.setattr(survivors, "_in_fresh_process", suite_misses)
    verdict = survivors.Verdict(
        "planted", "reference/engine.py", line, operator, occurrence, "",
        survivors.UNCLASSIFIED, "none", "no witness; no proof tried (not a pure rule function)",
        True,
    )  # fmt: skip
    return module, verdict


def _asked(root: Path, questions: Path) -> subprocess.CompletedProcess[str]:
    """The questions at ``questions`` asked of the tree as it is (a fresh process)."""
    args = ["fourhundred.conformance.operators", "--witness", str(questions)]
    done = survivors._in_fresh_process(root, args, 600.0)
    assert isinstance(done, subprocess.CompletedProcess)
    return done


def test_a_mutant_only_a_whole_game_shows_is_behaviour_changing_with_a_game_witness(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, questions: survivor_step.Questions
) -> None:
    """The witness questions of the earlier steps do not show it; the fuzzer's whole
    games do, and the (shrunk) witness still shows it, asked of the mutant again."""
    module, verdict = _planted(tmp_path, monkeypatch, *LATE_DIAMONDS)
    old = tmp_path / "witnesses.json"
    operators.write_witnesses(old)
    survivors._apply(tmp_path, module, verdict.operator, verdict.occurrence)
    assert _asked(tmp_path, old).returncode == 0
    module.write_text(ENGINE.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(survivor_step, "SHRINK_SECONDS", 5.0)

    found = survivors.fuzz_one(tmp_path, verdict, questions)

    assert (found.verdict, found.how) == (survivors.CHANGES, survivors.FUZZ)
    witness = json.loads(found.evidence)
    assert witness["kind"] == "whole_game"
    assert module.read_text(encoding="utf-8") == ENGINE.read_text(encoding="utf-8")
    answer = reference_answer("whole_game", load(witness["variant"]), witness["input"])
    again = tmp_path / "again.json"
    row = ["whole_game", witness["variant"], witness["input"], kinds.kind("whole_game").canonical(answer)]  # fmt: skip
    again.write_text(json.dumps([row]), encoding="utf-8")
    survivors._apply(tmp_path, module, verdict.operator, verdict.occurrence)
    assert _asked(tmp_path, again).returncode == 1


def test_a_mutant_no_fuzz_input_shows_is_not_distinguished_and_never_proved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, questions: survivor_step.Questions
) -> None:
    module, verdict = _planted(tmp_path, monkeypatch, *REWORDED)

    found = survivors.fuzz_one(tmp_path, verdict, questions)

    assert found.verdict == survivors.NOT_DISTINGUISHED != survivors.EQUIVALENT
    assert found.how == survivors.FUZZ
    assert "the 40 inputs of whole_game of the 90 inputs" in found.evidence
    assert "seed 21" in found.evidence
    assert found.evidence.startswith("not distinguished")
    assert module.read_text(encoding="utf-8") == ENGINE.read_text(encoding="utf-8")


def test_a_survivor_in_a_function_the_questions_never_call_is_not_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, questions: survivor_step.Questions
) -> None:
    """Not applied, not asked: recorded as not distinguished, saying it is never called."""
    _, verdict = _planted(tmp_path, monkeypatch, *LATE_DIAMONDS)
    nothing = {"reference/engine.py": frozenset[str]()}
    never = dataclasses.replace(questions, calls={kind: nothing for kind in questions.calls})

    def refused(*args: object) -> None:
        raise AssertionError("nothing is applied for a function never called")

    monkeypatch.setattr(survivors, "_apply", refused)
    found = survivors.fuzz_one(tmp_path, verdict, never)
    assert found.verdict == survivors.NOT_DISTINGUISHED
    assert "never called" in found.evidence


def test_the_classifier_fuzzes_what_its_earlier_steps_leave_unclassified_and_nothing_else(
    monkeypatch: pytest.MonkeyPatch, questions: survivor_step.Questions
) -> None:
    left = survivors.Verdict(
        "j", "reference/engine.py", 1, "op", 0, "", survivors.UNCLASSIFIED, "none", "no witness"
    )
    asked: list[str] = []
    current = [left]

    def fuzz_one(
        root: Path, verdict: survivors.Verdict, fuzz: object, timeout: float
    ) -> survivors.Verdict:
        asked.append(verdict.evidence)
        return verdict

    monkeypatch.setattr(survivors, "_classify_steps", lambda *args: current[0])
    monkeypatch.setattr(survivors, "fuzz_one", fuzz_one)
    for verdict in (
        left,
        dataclasses.replace(left, evidence=survivors.NOT_YET),
        dataclasses.replace(left, verdict=survivors.EQUIVALENT, how="z3"),
    ):
        current[0] = verdict
        survivors.classify_one(Path("."), None, "", Path("w"), fuzz=questions)
        survivors.classify_one(Path("."), None, "", Path("w"))
    assert asked == ["no witness"]


def test_the_fuzz_questions_are_the_fuzzers_under_every_rule_set_with_their_budget(
    questions: survivor_step.Questions,
) -> None:
    body = json.loads(questions.path.read_text(encoding="utf-8"))
    assert (body["seed"], body["pure"], body["games"]) == (21, 50, 40)
    rows = operators.rows_of(body)
    assert len(rows) == 90 and [r[0] for r in rows].count("whole_game") == 40
    assert {r[0] for r in rows} == set(kinds.KIND_NAMES)
    assert len({r[1] for r in rows}) > 30
    assert "90 inputs" in questions.budget and "seed 21" in questions.budget
    assert questions.counts["whole_game"] == 40 and sum(questions.counts.values()) == 90
    engine = questions.kinds_reaching("reference/engine.py", "_must_follow_suit")
    assert engine == ("whole_game",)
    assert questions.kinds_reaching("spec/model.py", None) == tuple(questions.calls)


def test_fuzz_without_operators_or_without_a_survivors_file_is_one_error_line(
    tmp_path: Path,
) -> None:
    from click.testing import CliRunner

    from fourhundred.cli import cli

    alone = CliRunner().invoke(cli, ["conformance", "mutants", "--fuzz"])
    assert alone.exit_code != 0 and "--fuzz needs --operators" in alone.output
    missing = tmp_path / "none.json"
    result = CliRunner().invoke(
        cli, ["conformance", "mutants", "--operators", "--fuzz", "--survivors", str(missing)]
    )
    assert result.exit_code != 0 and f"no survivors file at {missing}" in result.output
    assert "Traceback" not in alone.output + result.output


def test_the_report_tells_proved_equivalence_from_what_fuzzing_did_not_distinguish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, questions: survivor_step.Questions
) -> None:
    from click.testing import CliRunner

    from fourhundred.cli import cli

    proved = survivors.Verdict(
        "a", "spec/model.py", 1, "op", 0, "", survivors.EQUIVALENT, "z3", "z3: unsatisfiable"
    )
    fuzzed = dataclasses.replace(
        proved,
        job="b",
        verdict=survivors.NOT_DISTINGUISHED,
        how="fuzz",
        evidence="not distinguished",
    )
    path = tmp_path / "survivors.json"
    survivors.write([proved, fuzzed], operators.Counts(3, 3, 1, 2, 0, 0), path)
    monkeypatch.setattr(survivor_step, "prepared", lambda *args: questions)
    result = CliRunner().invoke(
        cli, ["conformance", "mutants", "--operators", "--fuzz", "--survivors", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert "1 equivalent (proved)" in result.output
    assert "1 not distinguished by fuzzing (not proved)" in result.output
    body = json.loads(path.read_text(encoding="utf-8"))
    assert body["by_class"][survivors.NOT_DISTINGUISHED] == 1
    assert "NOT proved" in body["about"]


def test_a_mutated_process_that_fails_before_answering_is_said_so_not_a_crash(
    questions: survivor_step.Questions,
) -> None:
    """A mutant that breaks an import prints nothing out: its last error line stands."""
    errors = "Traceback\nImportError: cannot import name 'TEAMS'\n"
    failed = subprocess.CompletedProcess(["x"], 1, "", errors)
    said = survivors._last_line(failed)
    assert said == "ImportError: cannot import name 'TEAMS'"
    assert survivors._shrunk(Path("."), questions, said) == (
        f"the mutated process fails before answering: {said}"
    )
    assert survivors._last_line(subprocess.CompletedProcess(["x"], 3, "", "")) == "exit status 3"
