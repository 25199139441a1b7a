"""Mutation testing of the rules code with a maintained tool (cosmic-ray).

:mod:`fourhundred.conformance.mutants` mutates the reference through its public
hooks, one rule point at a time; its mutants are the coverage model's own. This
module measures the suite from outside that model: cosmic-ray's operators
(a ``<`` made ``<=``, a ``+ 1`` dropped, an ``and`` made ``or``, a constant
changed, a ``break`` made ``continue``...) patch the source of the rule functions
(``spec/``), the fast rules (``reference/fast.py``), the engine
(``reference/engine.py``) and the kinds' answer functions
(``conformance/kinds.py``), and the killing test is the conformance suite itself,
answered in process (:func:`main`: ``python -m fourhundred.conformance.operators``,
exit 1 at the first failing run), never a pytest run per mutant.

Why cosmic-ray and not mutmut: cosmic-ray mutates the files where they are and runs
any test command, so the editable install's unusual layout (the top-level folders
``spec/``, ``reference/`` and ``conformance/`` mapped into one ``fourhundred``
namespace by ``package-dir``) imports the mutant as it is; mutmut 3 copies the
tree into ``mutants/``, imports it from there and drives pytest, neither of which
this layout or an in-process suite run fits. cosmic-ray's session database gives
resume (``exec`` runs only the pending mutants) and its own counts.

``fourhundred conformance mutants --operators`` (:func:`run_session`) writes the
configuration, starts or resumes the session, shows progress, and prints the
tool's counts and the survivors. :func:`classify` then asks each survivor, applied
in turn, the differential questions of :func:`write_witnesses` (random questions
of every kind and scripted games, other seeds than the suite's): a changed answer
is the witness that it changes behaviour; a survivor without one is a candidate
for an equivalence proof (Z3 or CrossHair, for a pure rule function).

The source is mutated where it is: :func:`run_session` keeps every target
module's text and writes it back after the session, however it ends.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fourhundred.conformance import unread_annotations
from fourhundred.safeio import write_text_atomically

#: The package folder (the worktree, in an editable install): modules are mutated here.
ROOT = Path(__file__).resolve().parent.parent

#: What ``--operators`` mutates by default, in this order (the engine last).
TARGETS: tuple[str, ...] = (
    "spec/model.py",
    "spec/cards.py",
    "spec/logic.py",
    "reference/fast.py",
    "conformance/kinds.py",
    "reference/engine.py",
)

#: Seconds one run of the killing test may take before cosmic-ray counts a timeout
#: (a mutant that loops for ever is killed that way).
TIMEOUT = 120.0


def kill_order(dictionary: Any) -> list[str]:
    """The suite's run keys (``id@variant``) in order of kill likelihood, read from the
    fault dictionary (:mod:`fourhundred.conformance.faults`): greedily, the run that
    fails under the most mutants no earlier run kills, until every mutant of the
    dictionary is killed; then the other runs, those failing under more mutants first.
    A mutant of the source is usually killed by the first few runs."""
    by_run = {key: set(names) for key, names in dictionary.by_run().items()}
    order: list[str] = []
    left = set().union(*by_run.values()) if by_run else set()
    while left:
        best = max(by_run, key=lambda key: len(by_run[key] & left))
        gained = by_run[best] & left
        if not gained:
            break
        order.append(best)
        left -= gained
    chosen = set(order)
    rest = sorted(
        (k for k in dictionary.runs if k not in chosen), key=lambda k: -len(by_run.get(k, ()))
    )
    return order + rest


def write_order(path: Path) -> int:
    """Write :func:`kill_order` of the committed fault dictionary to ``path`` (a JSON
    list of run keys, read by the killing test's ``--order``); returns how many."""
    from fourhundred.conformance import faults

    dictionary = faults.read()
    keys = kill_order(dictionary) if dictionary is not None else []
    write_text_atomically(path, json.dumps(keys))
    return len(keys)


def _ordered_runs(
    cases: Sequence[dict[str, Any]], order: Sequence[str]
) -> list[tuple[dict[str, Any], str]]:
    """Every (case, variant) of the suite: those ``order`` names first, in its order,
    then the others, pure kinds before whole games."""
    runs = [(case, variant) for case in cases for variant in case["variants"]]
    rank = {key: number for number, key in enumerate(order)}
    last = len(rank)
    return sorted(
        runs,
        key=lambda run: (
            rank.get(f"{run[0]['id']}@{run[1]}", last),
            1 if run[0]["kind"] == "whole_game" else 0,
        ),
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run every case of the suite in this process, answered by the reference engine
    and, for the pure kinds, by the specification's answer functions too; exit 1 at
    the first run that fails (or raises), 0 when every run passes. ``--order FILE``:
    the runs that file lists first (:func:`write_order`, kill likelihood);
    ``--new-since FILE``: only the cases whose ids that file (a JSON list) does not
    list (a survivor of an earlier suite can be killed only by cases added since). With
    ``--witness FILE``: the questions of :func:`write_witnesses` instead, printing the
    first one whose answer differs (the witness that the mutant changes behaviour).
    Besides the reference's and the specification's answers, a kind with unordered
    fields is answered once more with them reversed (:func:`reordered_answer`), which
    the comparator must accept, and each pure case's expected answer with its ordered
    list fields reversed (:func:`misordered`) must fail: the judging is under test too."""
    from fourhundred.conformance import adapter, compare, kinds
    from fourhundred.conformance.suite import load_cases
    from fourhundred.spec.registry import load

    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--witness"]:
        return _witness(Path(args[1]))
    order: list[str] = []
    if args[:1] == ["--order"]:
        order = json.loads(Path(args[1]).read_text(encoding="utf-8"))
        args = args[2:]
    cases = load_cases()
    if args[:1] == ["--new-since"]:
        known = set(json.loads(Path(args[1]).read_text(encoding="utf-8")))
        cases = tuple(case for case in cases if case["id"] not in known)
    answerers: list[Callable[..., Any]] = [
        adapter.reference_answer,
        adapter.spec_answer,
        reordered_answer,
    ]
    rules_by_variant: dict[str, Any] = {}
    for case, variant in _ordered_runs(cases, order):
        rules = rules_by_variant.get(variant)
        if rules is None:
            rules = rules_by_variant[variant] = load(variant)
        entry = kinds.kind(case["kind"])
        asked = (True, spec_answers_too(case["kind"]), bool(entry.unordered))
        for answer, ask in zip(answerers, asked, strict=True):
            if not ask:
                continue
            try:
                got = json.loads(json.dumps(answer(case["kind"], rules, case["input"])))
            except Exception as error:  # a mutant that makes an answer raise fails
                print(f"{case['id']}@{variant}: raised {type(error).__name__}: {error}")
                return 1
            if compare.compare(case["kind"], case["expected"], got):
                print(f"{case['id']}@{variant}: fails")
                return 1
        wrong = misordered(entry, case["expected"])
        if wrong is not None and not compare.compare(case["kind"], case["expected"], wrong):
            print(f"{case['id']}@{variant}: a list in the wrong order passes")
            return 1
    return 0


def misordered(entry: Any, expected: Any) -> Any:
    """``expected`` with every ordered list field (not among the kind's
    :attr:`~fourhundred.conformance.kinds.Kind.unordered`) reversed: a wrong answer the
    comparator must reject (a judging that puts ordered fields in one order accepts
    it); None for a kind that is not pure, or when no reversal changes a field."""
    if not entry.pure or not isinstance(expected, dict):
        return None
    wrong = {
        key: value[::-1] if key not in entry.unordered and isinstance(value, list) else value
        for key, value in expected.items()
    }
    return None if wrong == expected else wrong


def reordered_answer(kind: str, rules: Any, data: Any) -> Any:
    """The reference's answer with every unordered field of its kind
    (:attr:`~fourhundred.conformance.kinds.Kind.unordered`) reversed: a right answer in
    another order, which the comparator must accept (a judging that compares such a
    field in order, or sorts the ordered ones, fails on it)."""
    from fourhundred.conformance import adapter, kinds

    answer = adapter.reference_answer(kind, rules, data)
    unordered = kinds.kind(kind).unordered
    if not isinstance(answer, dict):
        return answer
    return {
        key: value[::-1] if key in unordered and isinstance(value, list) else value
        for key, value in answer.items()
    }


# ----------------------------------------------------------------------
# Witnesses: does a survivor change behaviour at all?
# ----------------------------------------------------------------------


def write_witnesses(path: Path, seed: int = 400, count: int = 1500) -> int:
    """Write the differential questions of :mod:`~fourhundred.conformance.mutation`
    (random questions of every pure kind at the edges, scripted whole games, other
    seeds than the suite's) with the unmutated reference's answers; returns how many."""
    import random

    from fourhundred.conformance import adapter, games, kinds, mutation
    from fourhundred.spec.registry import load

    questions = mutation._random_questions(random.Random(seed), count)
    questions += [("whole_game", v, d) for v, d in games.scripted_games("differential")]
    rows = [
        [
            kind,
            variant,
            data,
            kinds.kind(kind).canonical(adapter.reference_answer(kind, load(variant), data)),
        ]
        for kind, variant, data in questions
    ]
    write_text_atomically(path, json.dumps(rows))
    return len(rows)


def rows_of(body: Any) -> list[Any]:
    """The question rows of a witness file: a list of rows (:func:`write_witnesses`), or
    a body whose ``rows`` they are, beside the budget that made them
    (:func:`fourhundred.fuzz.survivor_step.write_questions`)."""
    return list(body["rows"] if isinstance(body, dict) else body)


def spec_answers_too(kind: str) -> bool:
    """Whether the specification's answer functions answer a question of ``kind`` beside
    the reference, in the killing test and the witness questions: a pure kind whose
    answer depends on the variant (the reference alone plays whole games)."""
    from fourhundred.conformance import kinds

    return kind != "whole_game" and not kinds.kind(kind).variant_free


def answerers(kind: str) -> tuple[Callable[..., Any], ...]:
    """Who answers a witness question of ``kind``: the reference, and the specification
    where :func:`spec_answers_too`."""
    from fourhundred.conformance import adapter

    if spec_answers_too(kind):
        return (adapter.reference_answer, adapter.spec_answer)
    return (adapter.reference_answer,)


def _witness(path: Path) -> int:
    from fourhundred.conformance import kinds
    from fourhundred.spec.registry import load

    for kind, variant, data, answer in rows_of(json.loads(path.read_text(encoding="utf-8"))):
        rules = load(variant)
        entry = kinds.kind(kind)
        for answer_with in answerers(kind):
            try:
                got = entry.canonical(answer_with(kind, rules, data))
            except Exception as error:  # a raise is a change of behaviour too
                got = f"raised {type(error).__name__}"
            if json.loads(json.dumps(got)) != json.loads(json.dumps(answer)):
                print(json.dumps({"kind": kind, "variant": variant, "input": data}))
                return 1
    return 0


@dataclass(frozen=True)
class Classified:
    """A survivor, with the question whose answer it changes (None: none was found)."""

    survivor: Survivor
    witness: str | None


def classify(session: Path, witnesses: Path) -> list[Classified]:
    """Every survivor of the session, applied to the source in turn (cosmic-ray's
    ``apply``), asked the witness questions in a fresh process, and restored."""
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    with _db(session) as db:
        items = [
            item
            for item, result in db.completed_work_items
            if result.worker_outcome == WorkerOutcome.NORMAL
            and result.test_outcome == TestOutcome.SURVIVED
        ]
    by_job = {s.job: s for s in survivors(session)}
    found = []
    for item in items:
        mutation = item.mutations[0]
        module = Path(mutation.module_path)
        original = module.read_bytes()
        try:
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "cosmic_ray.cli",
                    "apply",
                    str(module),
                    mutation.operator_name,
                    str(mutation.occurrence),
                ],
                check=True,
                cwd=ROOT,
                capture_output=True,
            )
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "fourhundred.conformance.operators",
                    "--witness",
                    str(witnesses),
                ],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
            )
        finally:
            module.write_bytes(original)
        witness = done.stdout.strip() if done.returncode else None
        found.append(Classified(by_job[item.job_id], witness))
    return found


# ----------------------------------------------------------------------
# The session
# ----------------------------------------------------------------------


def config_text(modules: Sequence[str], timeout: float = TIMEOUT, order: Path | None = None) -> str:
    """cosmic-ray's configuration for a session over ``modules`` (paths under ROOT);
    ``order``: the killing test runs the cases in that file's order (:func:`write_order`)."""
    paths = ", ".join(json.dumps(str(ROOT / m)) for m in modules)
    command = f"{sys.executable} -m fourhundred.conformance.operators"
    if order is not None:
        command += f" --order {order}"
    return (
        "[cosmic-ray]\n"
        f"module-path = [{paths}]\n"
        f"timeout = {timeout}\n"
        "excluded-modules = []\n"
        f"test-command = {json.dumps(command)}\n\n"
        "[cosmic-ray.distributor]\n"
        'name = "local"\n'
    )


@dataclass(frozen=True)
class Counts:
    """cosmic-ray's own counts for a session."""

    total: int
    done: int
    killed: int
    survived: int
    incompetent: int
    timeouts: int
    #: Marked skipped before the run (an annotation never evaluated:
    #: :func:`skip_annotations`).
    skipped: int = 0

    @property
    def pending(self) -> int:
        return self.total - self.done


@dataclass(frozen=True)
class Survivor:
    """A mutant the suite did not kill: where, which operator, the diff."""

    job: str
    module: str
    line: int
    operator: str
    diff: str


def _db(session: Path) -> Any:
    from cosmic_ray.work_db import WorkDB, use_db

    return use_db(str(session), WorkDB.Mode.open)


def foreign_modules(session: Path, root: Path = ROOT) -> list[str]:
    """The mutated modules of the session that are not files under ``root``, sorted:
    cosmic-ray records each module by the absolute path it had when the session was
    made, so a session copied from another tree (another worktree, another clone)
    would apply its mutations there; nothing of it may be used here."""
    with _db(session) as db:
        paths = {str(spec.module_path) for item in db.work_items for spec in item.mutations}
    return sorted(path for path in paths if not Path(path).resolve().is_relative_to(root))


def skip_annotations(session: Path) -> int:
    """Mark the session's pending mutants in annotations never evaluated as skipped
    (:func:`fourhundred.conformance.unread_annotations.skip_annotations`); how many."""
    with _db(session) as db:
        return unread_annotations.skip_annotations(db)


def counts(session: Path) -> Counts:
    """The session's counts, read from its database."""
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    with _db(session) as db:
        total = db.num_work_items
        done = killed = survived = incompetent = timeouts = skipped = 0
        for _, result in db.completed_work_items:
            done += 1
            if result.worker_outcome == WorkerOutcome.SKIPPED:
                skipped += 1
            elif result.worker_outcome == WorkerOutcome.NORMAL:
                if result.test_outcome == TestOutcome.KILLED:
                    killed += 1
                elif result.test_outcome == TestOutcome.SURVIVED:
                    survived += 1
                else:
                    incompetent += 1
            elif result.worker_outcome == WorkerOutcome.ABNORMAL:
                timeouts += 1
            else:
                incompetent += 1
    return Counts(total, done, killed, survived, incompetent, timeouts, skipped)


def survivors(session: Path) -> list[Survivor]:
    """Every surviving mutant of the session, in module and line order."""
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    found = []
    with _db(session) as db:
        for item, result in db.completed_work_items:
            if result.worker_outcome != WorkerOutcome.NORMAL:
                continue
            if result.test_outcome != TestOutcome.SURVIVED:
                continue
            for mutation in item.mutations:
                module = str(Path(mutation.module_path).resolve().relative_to(ROOT))
                found.append(
                    Survivor(
                        item.job_id,
                        module,
                        mutation.start_pos[0],
                        mutation.operator_name,
                        result.diff or "",
                    )
                )
    return sorted(found, key=lambda s: (s.module, s.line, s.operator))


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _stop_on_sigterm() -> Any:
    """SIGTERM handled as Ctrl-C while a session runs (the worker is ended and every
    module written back), in the main thread; returns the handler it replaced."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _interrupt)


def run_session(
    session: Path,
    modules: Sequence[str] = TARGETS,
    progress: Callable[[Counts], None] | None = None,
    poll: float = 2.0,
) -> Counts:
    """Start (when ``session`` does not exist yet) or resume cosmic-ray's session over
    ``modules`` and run every pending mutant; ``progress`` is called with the counts
    as they grow. Returns the final counts."""
    config = session.with_suffix(".toml")
    order = session.with_suffix(".order.json")
    if not order.exists():
        write_order(order)
    known = session.with_suffix(".ids.json")
    if not known.exists():  # the suite the session judges (its survivors' classification reads it)
        from fourhundred.conformance.suite import load_cases

        write_text_atomically(known, json.dumps(sorted(str(c["id"]) for c in load_cases())))
    write_text_atomically(config, config_text(modules, order=order))
    tool = [sys.executable, "-m", "cosmic_ray.cli"]
    if not session.exists():
        subprocess.run([*tool, "init", str(config), str(session)], check=True, cwd=ROOT)
    skip_annotations(session)
    originals = {ROOT / m: (ROOT / m).read_bytes() for m in modules}
    worker = subprocess.Popen([*tool, "exec", str(config), str(session)], cwd=ROOT)
    previous = _stop_on_sigterm()
    try:
        while worker.poll() is None:
            if progress is not None:
                progress(counts(session))
            time.sleep(poll)
    except BaseException:
        worker.terminate()
        worker.wait()
        raise
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        for path, text in originals.items():
            if path.read_bytes() != text:
                path.write_bytes(text)  # a mutant left behind by an interrupted worker
    if worker.returncode != 0:
        raise RuntimeError(f"cosmic-ray exec exited with {worker.returncode}")
    final = counts(session)
    if progress is not None:
        progress(final)
    return final


if __name__ == "__main__":
    raise SystemExit(main())
