"""Mutation testing with cosmic-ray (fourhundred.conformance.operators): the killing
test is the conformance suite answered in process."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from fourhundred.conformance import operators


def test_the_killing_test_passes_the_unmutated_source() -> None:
    assert operators.main([]) == 0


def test_the_killing_test_fails_when_an_answer_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    from fourhundred.reference.fast import FastRules

    monkeypatch.setattr(FastRules, "partner_ok", lambda self, score: True)
    assert operators.main([]) == 1


def test_the_configuration_names_every_target_and_the_in_process_suite() -> None:
    config = tomllib.loads(operators.config_text(operators.TARGETS))["cosmic-ray"]
    assert config["module-path"] == [str(operators.ROOT / m) for m in operators.TARGETS]
    assert config["test-command"].endswith("-m fourhundred.conformance.operators")
    assert config["distributor"]["name"] == "local"
    assert all((operators.ROOT / m).is_file() for m in operators.TARGETS)


def test_the_tool_is_pinned() -> None:
    project = tomllib.loads((operators.ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "cosmic-ray==8.7.0" in project["project"]["optional-dependencies"]["dev"]


@pytest.mark.slow
def test_a_session_over_one_module_judges_every_mutant_and_restores_it(tmp_path: Path) -> None:
    """cosmic-ray over spec/logic.py (mutated where it is, written back after): every
    mutant judged and counted; run again, the finished session has nothing left."""
    module = operators.ROOT / "spec" / "logic.py"
    before = module.read_bytes()
    session = tmp_path / "logic.sqlite"
    seen: list[operators.Counts] = []
    final = operators.run_session(session, ["spec/logic.py"], seen.append, poll=5.0)
    assert module.read_bytes() == before
    assert final.total == final.done > 0 and final.killed > 0
    assert final.killed + final.survived + final.timeouts + final.incompetent == final.total
    assert seen[-1] == final
    again = operators.run_session(session, ["spec/logic.py"])
    assert again == final


def test_classify_without_operators_or_without_a_session_is_one_error_line(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from fourhundred.cli import cli

    alone = CliRunner().invoke(cli, ["conformance", "mutants", "--classify"])
    assert alone.exit_code != 0 and "--classify needs --operators" in alone.output
    assert "Traceback" not in alone.output
    missing = tmp_path / "none.sqlite"
    result = CliRunner().invoke(
        cli, ["conformance", "mutants", "--operators", "--classify", "--session", str(missing)]
    )
    assert result.exit_code != 0 and f"no session at {missing}" in result.output
    assert "Traceback" not in result.output


def test_a_session_made_in_another_tree_is_refused_before_any_file_is_mutated(
    tmp_path: Path,
) -> None:
    """cosmic-ray records a module by its absolute path: a session copied from another
    worktree would mutate (and restore) that tree's files, so resuming or classifying it
    here is one error line naming the foreign file; a file that is no session at all too."""
    from click.testing import CliRunner
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import MutationSpec, WorkItem

    from fourhundred.cli import cli

    elsewhere = tmp_path / "other-tree" / "spec" / "logic.py"
    elsewhere.parent.mkdir(parents=True)
    elsewhere.write_text("x = 1 + 1\n", encoding="utf-8")
    session = tmp_path / "foreign.sqlite"
    spec = MutationSpec(str(elsewhere), "core/NumberReplacer", 0, (1, 4), (1, 5))
    with use_db(str(session), WorkDB.Mode.create) as db:
        db.add_work_item(WorkItem("job-1", [spec]))
    assert operators.foreign_modules(session) == [str(elsewhere)]
    here = MutationSpec(
        str(operators.ROOT / "spec" / "logic.py"), "core/NumberReplacer", 0, (1, 1), (1, 2)
    )
    own = tmp_path / "own.sqlite"
    with use_db(str(own), WorkDB.Mode.create) as db:
        db.add_work_item(WorkItem("job-2", [here]))
    assert operators.foreign_modules(own) == []
    not_a_session = tmp_path / "notes.sqlite"
    not_a_session.write_text("not a database", encoding="utf-8")
    for path, said in (
        (session, f"outside this tree ({operators.ROOT}), e.g. {elsewhere}"),
        (not_a_session, "not a cosmic-ray session database"),
    ):
        for extra in (["--classify"], []):
            result = CliRunner().invoke(
                cli, ["conformance", "mutants", "--operators", *extra, "--session", str(path)]
            )
            assert result.exit_code == 2 and said in result.output, result.output
            assert "Traceback" not in result.output
    assert elsewhere.read_text(encoding="utf-8") == "x = 1 + 1\n"


def test_the_killing_test_runs_only_the_cases_added_since_a_suite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--new-since``: a survivor of an earlier suite is asked only the cases added since;
    with every id known nothing is asked, so even a changed answer passes; with none
    known, every case is asked and it fails."""
    from fourhundred.conformance.suite import load_cases
    from fourhundred.reference.fast import FastRules

    monkeypatch.setattr(FastRules, "partner_ok", lambda self, score: True)
    every = tmp_path / "every.json"
    every.write_text(json.dumps([c["id"] for c in load_cases()]), encoding="utf-8")
    none = tmp_path / "none.json"
    none.write_text("[]", encoding="utf-8")
    assert operators.main(["--new-since", str(every)]) == 0
    assert operators.main(["--new-since", str(none)]) == 1


def test_an_interrupted_run_prints_a_resume_command_that_pastes_as_printed() -> None:
    """Paths with spaces are quoted, every option the run had is kept, and the command
    starts as this process was invoked (a test harness: the bare name)."""
    import shlex

    from fourhundred.commands.conformance_quality import _resume_line

    line = _resume_line(
        "--classify",
        "--session",
        "/tmp/my runs/a.sqlite",
        modules=("spec/model.py", "spec/logic.py"),
    )
    prefix = "interrupted; resume with: "
    assert line.startswith(prefix)
    assert shlex.split(line.removeprefix(prefix)) == [
        "fourhundred", "conformance", "mutants", "--operators", "--classify",
        "--session", "/tmp/my runs/a.sqlite", "--module", "spec/model.py",
        "--module", "spec/logic.py",
    ]  # fmt: skip
