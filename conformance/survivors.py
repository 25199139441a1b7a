"""Classifying the survivors of cosmic-ray's session (:mod:`fourhundred.conformance.operators`):
each one is *equivalent*, with a proof, or *behaviour-changing*, with a witness; what is
neither stays *unclassified*, said so, never counted as either.

For each survivor, in this order (:func:`classify`) (first, the killing test again:
a survivor the suite kills now, with the cases added since the session, is *killed*):

1. **annotation**: the mutated span lies inside a function's parameter or return
   annotation, a local variable's annotation, or a field annotation of a class whose
   annotations nobody reads, in a module that starts with
   ``from __future__ import annotations``: such an annotation is a string that is never
   evaluated (PEP 563). The AST check is the proof
   (:mod:`~fourhundred.conformance.unread_annotations`). These mutants are marked
   skipped in the session before it runs (as cosmic-ray's own filters do), so they cost
   nothing; cosmic-ray counts them as skipped.
2. **witness**: the mutation applied (cosmic-ray's ``apply``), the differential questions
   of :func:`~fourhundred.conformance.operators.write_witnesses` (random questions of every
   pure kind at the edges, scripted whole games; other seeds than the suite's) are answered
   in a fresh process; the first changed answer is the witness that it changes behaviour.
3. **z3**: for a pure rule function (one that runs on ints and on Z3 terms, :mod:`spec`),
   the original and the mutated function are both run on symbolic integers, for every rule
   set of :func:`fourhundred.conformance.coverage.all_rule_sets` and every value of the
   small parameters (a team, a seat, a dealer); ``original != mutated`` unsatisfiable under
   each is the proof of equivalence (:func:`prove`). Satisfiable, the model is a
   counterexample: the function's answers differ, which the questions did not show
   through the protocol (it may differ only where it is never called).
4. **answers**: for such a counterexample in a method of the specification's rules, the
   same question where the protocol asks it
   (:mod:`~fourhundred.conformance.answer_proofs`): every answer reaching the method
   proved unchanged on every valid input (``z3-answers``: equivalent), or a valid
   question of its kind asked of the mutant (its changed answer is the witness); else
   the survivor stays unclassified, with the model as its evidence.
5. **fuzz**: every survivor still unclassified (a function the suite never calls, code at
   module or class level, the engine's and the fast rules' code, where no proof is
   tried) is asked the fuzzer's own questions, recorded with the unmutated answers
   (:mod:`fourhundred.fuzz.survivor_step`, handed in as a :class:`FuzzStep`: a stated
   count and seed); a changed
   answer is the witness (``fuzz``, shrunk by the fuzzer's shrinker), and no change is
   *not distinguished by fuzzing* (:data:`NOT_DISTINGUISHED`), its own class: never
   counted as proved equivalent.

First of all, the session's mutation is found in the module as it is now
(:func:`relocate`: the occurrence whose change is the session's diff): a survivor whose
code was removed since the session is recorded as :data:`REMOVED`, neither killed nor
proved; one whose code moved is classified where it is.

The result is written as data (``conformance/survivors.json``: :func:`write`), one entry
per survivor with its class, how it was decided, and the proof or the witness.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import json
import subprocess
import sys
import types
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

from fourhundred.conformance import unread_annotations
from fourhundred.conformance.survivor_places import positions
from fourhundred.conformance.survivor_places import relocate as relocate
from fourhundred.conformance.survivor_proofs import enclosing_function, prove
from fourhundred.safeio import write_text_atomically

#: The committed classification of the last session's survivors.
PATH = Path(__file__).resolve().parent / "survivors.json"

#: Survived the session's suite, killed by the suite as it is now (cases added since).
KILLED = "killed"
EQUIVALENT = "equivalent"
CHANGES = "behaviour-changing"
UNCLASSIFIED = "unclassified"
#: The mutated code is no longer in the module (removed since the session): the
#: survivor no longer exists; neither killed nor proved (:func:`relocate`).
REMOVED = "code removed"
#: The fuzzer's questions (step 5) do not tell it from the original within their
#: budget: no proof of equivalence, no witness of a difference.
NOT_DISTINGUISHED = "not distinguished by fuzzing"
#: How step 5 decides.
FUZZ = "fuzz"

#: Every class of a survivor, in the order the survivors file counts them. Only
#: :data:`EQUIVALENT` is proved; :data:`NOT_DISTINGUISHED` is a budget of fuzz inputs
#: that showed no difference.
CLASSES = (KILLED, EQUIVALENT, CHANGES, NOT_DISTINGUISHED, UNCLASSIFIED, REMOVED)


#: The evidence of a survivor classified without proofs; a later pass classifies it again.
NOT_YET = "no witness; no proof tried yet (--no-proofs)"

#: The evidence of a survivor in a function never called while the suite and the
#: witness questions are answered (:func:`answered_functions`).
NEVER_CALLED = (
    "no witness: the function holding the mutation is never called while the suite and "
    "the witness questions are answered (a profile of the unmutated answers)"
)


@dataclass(frozen=True)
class Verdict:
    """One survivor and what it is."""

    job: str
    module: str
    line: int
    operator: str
    occurrence: int
    diff: str
    #: One of :data:`CLASSES`.
    verdict: str
    #: How: ``annotation``, ``z3``, ``z3-answers``, ``witness``, ``fuzz``,
    #: ``z3-counterexample``, ``answer-counterexample`` or ``none``.
    how: str
    #: The proof (what was shown unsatisfiable, or the AST fact), the witness (a
    #: question as JSON), or why neither was found.
    evidence: str
    #: Whether the function holding the mutation is called at all while the suite and
    #: the witness questions are answered (:func:`answered_functions`); a survivor in a
    #: function never called cannot change those answers. None: at module or class
    #: level (run on import), or not traced.
    called: bool | None = None


# ----------------------------------------------------------------------
# The pipeline
# ----------------------------------------------------------------------


def _module_name(path: str) -> str:
    """``spec/model.py`` -> ``fourhundred.spec.model``."""
    return "fourhundred." + path.removesuffix(".py").replace("/", ".")


def _apply(root: Path, module: Path, operator: str, occurrence: int) -> None:
    """Write cosmic-ray's mutation (``operator``'s ``occurrence``) over ``module``, in this
    process (what ``cosmic-ray apply`` does, without starting one), atomically."""
    from cosmic_ray.mutating import mutate_code
    from cosmic_ray.plugins import get_operator

    mutated = mutate_code(module.read_text(encoding="utf-8"), get_operator(operator)(), occurrence)
    if mutated is None:
        raise ValueError(f"{module}: {operator} has no occurrence {occurrence}")
    write_text_atomically(module, mutated)


def fresh_argv(args: Sequence[str]) -> list[str]:
    """The command of a fresh process running the module ``args[0]`` with the rest of
    ``args``: it imports the tree as it is on disk (a mutant, while one is applied)."""
    return [sys.executable, "-m", *args]


def _in_fresh_process(
    root: Path, args: Sequence[str], timeout: float
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        fresh_argv(args), cwd=root, capture_output=True, text=True, timeout=timeout
    )


class FuzzStep(Protocol):
    """The questions of step 5 (:class:`fourhundred.fuzz.survivor_step.Questions`: the
    fuzzer's, with the unmutated answers)."""

    def reached(self, module: str, qualname: str | None) -> bool:
        """Whether answering them can run ``qualname``'s code (None: module level)."""
        ...

    def questions_for(self, module: str, qualname: str | None) -> Path:
        """The file of those to ask a survivor in ``qualname`` (``--witness``)."""
        ...

    def not_reached(self) -> str:
        """The evidence of a survivor whose function they never call."""
        ...

    def not_changed(self, module: str, qualname: str | None) -> str:
        """The evidence of a survivor in ``qualname`` whose answers to them do not change."""
        ...

    def shrink(self, root: Path, witness: Any) -> dict[str, Any]:
        """A witness (``{kind, variant, input}``) of the mutation on disk, shrunk."""
        ...


def import_targets() -> None:
    """Import every mutated module (:data:`~fourhundred.conformance.operators.TARGETS`)
    here, before any mutation is written: this process then answers unmutated (for the
    shrinker of step 5) however the files on disk change."""
    import importlib

    from fourhundred.conformance import operators

    for module in operators.TARGETS:
        importlib.import_module(_module_name(module))


def classify_one(
    root: Path,
    item: Any,
    diff: str,
    witnesses: Path,
    timeout: float = 300.0,
    known_ids: Path | None = None,
    proofs: bool = True,
    calls: dict[str, frozenset[str]] | None = None,
    fuzz: FuzzStep | None = None,
) -> Verdict:
    """One survivor (a cosmic-ray work item), classified as the module docstring says;
    the module is restored afterwards, however it ends. ``known_ids``: the case ids of
    the suite the session ran (only the cases added since are run again); ``proofs``
    false: no proof is tried (:data:`NOT_YET`), for a first pass that finds witnesses;
    ``calls`` (:func:`answered_functions`): a survivor in a function they do not name is
    not run by the suite's steps (:data:`NEVER_CALLED`: the mutated code never runs, so
    neither the suite nor the witness questions can see it); ``fuzz``: the questions of
    step 5 (:func:`fuzz_one`), asked of every survivor the earlier steps leave
    unclassified (not of one left for a later pass with proofs, :data:`NOT_YET`)."""
    verdict = _classify_steps(root, item, diff, witnesses, timeout, known_ids, proofs, calls)
    if fuzz is None or verdict.verdict != UNCLASSIFIED or verdict.evidence == NOT_YET:
        return verdict
    return fuzz_one(root, verdict, fuzz, timeout)


def _classify_steps(
    root: Path,
    item: Any,
    diff: str,
    witnesses: Path,
    timeout: float,
    known_ids: Path | None,
    proofs: bool,
    calls: dict[str, frozenset[str]] | None,
) -> Verdict:
    """Steps 1 to 4 of :func:`classify_one`."""
    mutation = item.mutations[0]
    module = Path(mutation.module_path)
    relative = str(module.resolve().relative_to(root))
    original = module.read_text(encoding="utf-8")
    start = tuple(mutation.start_pos)
    here = relocate(original, mutation.operator_name, mutation.occurrence, start, diff)
    if here is None:
        return Verdict(
            item.job_id,
            relative,
            start[0],
            mutation.operator_name,
            mutation.occurrence,
            diff,
            REMOVED,
            "none",
            "code removed: no occurrence of the operator in the module now changes the lines "
            "the session's diff changes",
        )
    occurrence, start, end = here
    head = (item.job_id, relative, start[0], mutation.operator_name, occurrence, diff)
    if unread_annotations.in_annotation(original, start, end):
        return Verdict(*head, EQUIVALENT, "annotation", unread_annotations.ANNOTATION_PROOF)
    qualname = enclosing_function(original, start[0])
    if (
        calls is not None
        and qualname is not None
        and qualname not in calls.get(relative, {qualname})
    ):
        return Verdict(*head, UNCLASSIFIED, "none", NEVER_CALLED, called=False)
    try:
        _apply(root, module, mutation.operator_name, occurrence)
        try:
            again = _in_fresh_process(
                root,
                ["fourhundred.conformance.operators"]
                + (["--new-since", str(known_ids)] if known_ids is not None else []),
                timeout,
            )
        except subprocess.TimeoutExpired:
            return Verdict(*head, KILLED, "suite", "the killing test times out")
        if again.returncode:
            return Verdict(*head, KILLED, "suite", _last_line(again))
        try:
            done = _in_fresh_process(
                root, ["fourhundred.conformance.operators", "--witness", str(witnesses)], timeout
            )
        except subprocess.TimeoutExpired:
            return Verdict(*head, CHANGES, "witness", "the witness questions time out")
        if done.returncode:
            return Verdict(*head, CHANGES, "witness", _last_line(done))
        if not proofs:
            return Verdict(*head, UNCLASSIFIED, "none", NOT_YET)
        if qualname is None or not relative.startswith("spec/"):
            where = "module or class level" if qualname is None else "not a pure rule function"
            return Verdict(*head, UNCLASSIFIED, "none", f"no witness; no proof tried ({where})")
        source = root / ".survivor-original.py"
        write_text_atomically(source, original)
        try:
            proved = _in_fresh_process(
                root,
                [
                    "fourhundred.conformance.survivors",
                    _module_name(relative),
                    qualname,
                    str(source),
                    str(start[0]),
                ],
                timeout,
            )
        except subprocess.TimeoutExpired:
            return Verdict(*head, UNCLASSIFIED, "none", "no witness; the z3 proof timed out")
        finally:
            source.unlink(missing_ok=True)
        first, _, asked = proved.stdout.strip().partition("\n")
        how, _, evidence = first.partition(" ")
        if proved.returncode or how not in PROVER_ANSWERS:
            return Verdict(
                *head,
                UNCLASSIFIED,
                "none",
                f"no witness; the prover failed: {proved.stderr.strip()[-200:]}",
            )
        if asked:
            return _asked(root, head, evidence, asked, timeout)
        # A counterexample shows the function differs, not that any answer of the
        # protocol does (the function may not be called where it differs): no witness.
        verdict = EQUIVALENT if how in ("z3", "z3-answers") else UNCLASSIFIED
        return Verdict(*head, verdict, how, evidence)
    finally:
        write_text_atomically(module, original)


#: What the prover (:func:`main`) may answer first on its line.
PROVER_ANSWERS = (
    "z3",
    "z3-answers",
    "z3-counterexample",
    "answer-counterexample",
    "counterexample",
    "none",
)


def _asked(
    root: Path, head: tuple[str, str, int, str, int, str], evidence: str, asked: str, timeout: float
) -> Verdict:
    """The verdict once the question the prover made from its counterexample
    (:func:`prove_answers`: a JSON row of the witness file) is asked of the mutant
    (still on disk) through the protocol: its changed answer is the witness."""
    questions = root / ".survivor-question.json"
    write_text_atomically(questions, f"[{asked}]")
    try:
        done = _in_fresh_process(
            root, ["fourhundred.conformance.operators", "--witness", str(questions)], timeout
        )
    except subprocess.TimeoutExpired:
        return Verdict(*head, CHANGES, "witness", "the prover's question times out")
    finally:
        questions.unlink(missing_ok=True)
    if done.returncode:
        return Verdict(*head, CHANGES, "witness", _last_line(done))
    return Verdict(
        *head,
        UNCLASSIFIED,
        "answer-counterexample",
        f"{evidence}; asked through the protocol, its answer did not change",
    )


def fuzz_one(root: Path, verdict: Verdict, fuzz: FuzzStep, timeout: float = 300.0) -> Verdict:
    """Step 5: ``verdict``'s survivor (left unclassified by the earlier steps) asked the
    fuzzer's questions (:class:`FuzzStep`) with its mutation
    on disk, the module restored afterwards however it ends. A changed answer is the
    witness (shrunk), unless the suite as it is now kills the mutant (:data:`KILLED`);
    else :data:`NOT_DISTINGUISHED`, with the budget as its evidence, never a proof. The
    mutation is found where its code is now (:func:`relocate`)."""
    module = root / verdict.module
    original = module.read_text(encoding="utf-8")
    found = positions(original, verdict.operator)
    start: Any = (verdict.line, -1)
    if verdict.occurrence < len(found) and found[verdict.occurrence][0][0] == verdict.line:
        start = found[verdict.occurrence][0]
    here = relocate(original, verdict.operator, verdict.occurrence, start, verdict.diff)
    if here is None:
        return dataclasses.replace(
            verdict, verdict=REMOVED, how="none", evidence="code removed since it was classified"
        )
    occurrence, start, _ = here
    where = dataclasses.replace(verdict, line=start[0], occurrence=occurrence)
    earlier = f"; earlier: {verdict.evidence}" if verdict.how != "none" else ""
    qualname = enclosing_function(original, start[0])
    if not fuzz.reached(verdict.module, qualname):
        evidence = fuzz.not_reached() + earlier
        return dataclasses.replace(where, verdict=NOT_DISTINGUISHED, how=FUZZ, evidence=evidence)
    import_targets()  # this process stays unmutated: it answers for the shrinker
    try:
        _apply(root, module, verdict.operator, occurrence)
        try:
            done = _in_fresh_process(
                root,
                [
                    "fourhundred.conformance.operators",
                    "--witness",
                    str(fuzz.questions_for(verdict.module, qualname)),
                ],
                timeout,
            )
        except subprocess.TimeoutExpired:
            return dataclasses.replace(
                where,
                verdict=CHANGES,
                how=FUZZ,
                evidence="the fuzz questions time out",
            )
        if not done.returncode:
            evidence = fuzz.not_changed(verdict.module, qualname) + earlier
            return dataclasses.replace(
                where, verdict=NOT_DISTINGUISHED, how=FUZZ, evidence=evidence
            )
        witness = _last_line(done)  # a question as JSON, or why the process failed
        try:
            again = _in_fresh_process(root, ["fourhundred.conformance.operators"], timeout)
            if again.returncode:
                killed = _last_line(again)
                return dataclasses.replace(where, verdict=KILLED, how="suite", evidence=killed)
        except subprocess.TimeoutExpired:
            return dataclasses.replace(
                where, verdict=KILLED, how="suite", evidence="the killing test times out"
            )
        return dataclasses.replace(
            where, verdict=CHANGES, how=FUZZ, evidence=_shrunk(root, fuzz, witness)
        )
    finally:
        write_text_atomically(module, original)


def _last_line(done: subprocess.CompletedProcess[str]) -> str:
    """What a failed fresh process said last: its last line out (the failing case or
    question), else the last line of its errors (it failed before answering: the mutant
    breaks an import), else its exit status."""
    said = done.stdout.strip().splitlines() or str(done.stderr or "").strip().splitlines()
    return said[-1] if said else f"exit status {done.returncode}"


def _shrunk(root: Path, fuzz: FuzzStep, witness: str) -> str:
    """The witness (a question as JSON) shrunk (:meth:`FuzzStep.shrink`), as JSON; a
    witness that is no question (the process failed before answering) as it is, and
    one the shrinker fails on unshrunk, with the shrinker's failure."""
    try:
        question = json.loads(witness)
    except json.JSONDecodeError:
        return f"the mutated process fails before answering: {witness}"
    if not isinstance(question, dict) or not {"kind", "variant", "input"} <= set(question):
        return f"the mutated process fails before answering: {witness}"
    try:
        return json.dumps(fuzz.shrink(root, question))
    except Exception as error:  # the witness stands unshrunk; the shrinker's failure said
        return json.dumps({**question, "not_shrunk": f"{type(error).__name__}: {error}"})


def fuzz_unclassified(
    verdicts: Sequence[Verdict],
    fuzz: FuzzStep,
    progress: Any = None,
    root: Path | None = None,
) -> list[Verdict]:
    """Step 5 (:func:`fuzz_one`) for every survivor of ``verdicts`` (a survivors file)
    left :data:`UNCLASSIFIED`, those in functions the questions call first (the others
    are decided without running anything); the rest kept as they are. ``progress`` is
    called with (number, total, verdict) as each is decided."""
    from fourhundred.conformance import operators

    base = operators.ROOT if root is None else root
    import_targets()
    chosen = [v for v in verdicts if v.verdict == UNCLASSIFIED]
    chosen.sort(key=lambda v: v.called is not True)
    decided = {}
    for number, verdict in enumerate(chosen):
        decided[verdict.job] = fuzz_one(base, verdict, fuzz)
        if progress is not None:
            progress(number + 1, len(chosen), decided[verdict.job])
    return [decided.get(v.job, v) for v in verdicts]


def classify(
    session: Path,
    witnesses: Path,
    done: Sequence[Verdict] = (),
    progress: Any = None,
    known_ids: Path | None = None,
    proofs: bool = True,
    modules: Sequence[str] = (),
    fuzz: FuzzStep | None = None,
) -> list[Verdict]:
    """Every survivor of the session, classified (those in ``done``, by job, are kept:
    a classification resumes, and one left without a proof by ``proofs`` false is
    classified again when proofs are wanted); the rest as for :func:`classify_one`
    (``fuzz``: with step 5). ``modules`` (paths under the package folder, e.g.
    ``spec/cards.py``): only their survivors, module by module in that order."""
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    from fourhundred.conformance import operators

    import_targets()  # before any mutation is written
    kept = {v.job: v for v in done if kept_as_done(v, proofs)}
    calls = answered_functions(operators.ROOT, witnesses)
    with operators._db(session) as db:
        items = [
            (item, result.diff or "")
            for item, result in db.completed_work_items
            if result.worker_outcome == WorkerOutcome.NORMAL
            and result.test_outcome == TestOutcome.SURVIVED
        ]
    if modules:
        items = in_modules(items, modules, operators.ROOT)
    found = []
    for number, (item, diff) in enumerate(items):
        verdict = kept.get(item.job_id)
        if verdict is None or not still_there(verdict, item, diff):
            verdict = classify_one(
                operators.ROOT,
                item,
                diff,
                witnesses,
                known_ids=known_ids,
                proofs=proofs,
                calls=calls,
                fuzz=fuzz,
            )
        if verdict.verdict != REMOVED:
            verdict = dataclasses.replace(verdict, called=is_called(verdict, calls, operators.ROOT))
        found.append(verdict)
        if progress is not None:
            progress(number + 1, len(items), verdict)
    return sorted(found, key=lambda v: (v.module, v.line, v.operator, v.occurrence))


def still_there(verdict: Verdict, item: Any, diff: str) -> bool:
    """Whether ``verdict``'s survivor (a cosmic-ray work item and its diff) lies where
    the verdict says in the module as it is now (:func:`relocate`): a verdict about code
    that moved or went is not kept."""
    mutation = item.mutations[0]
    here = relocate(
        _source(Path(mutation.module_path)),
        mutation.operator_name,
        mutation.occurrence,
        mutation.start_pos,
        diff,
    )
    if here is None:
        return verdict.verdict == REMOVED
    return (here[0], here[1][0]) == (verdict.occurrence, verdict.line)


def kept_as_done(verdict: Verdict, proofs: bool) -> bool:
    """Whether a resumed classification keeps ``verdict`` as it is: not when it was
    left without a proof (:data:`NOT_YET`) and proofs are wanted now, and never when
    it is behaviour-changing (the suite may kill it since: it is asked again)."""
    if verdict.verdict == CHANGES:
        return False
    return proofs is False or verdict.evidence != NOT_YET


def answered_functions(root: Path, witnesses: Path) -> dict[str, frozenset[str]]:
    """The functions (qualified names, as :func:`enclosing_function` gives them) of each
    mutated module (:data:`~fourhundred.conformance.operators.TARGETS`) that are called
    while a fresh process imports them and answers the suite (the killing test) and the
    witness questions (:func:`_called_here`); the sources must be unmutated."""
    done = _in_fresh_process(
        root, ["fourhundred.conformance.survivors", "--called", str(witnesses)], 600.0
    )
    if done.returncode:
        raise RuntimeError(f"tracing the answers failed: {done.stderr.strip()[-200:]}")
    found = json.loads(done.stdout)
    return {module: frozenset(names) for module, names in found.items()}


def _called_here(witnesses: Path, suite: bool = True) -> dict[str, list[str]]:
    """:func:`answered_functions` in this process, the profile hook set before the
    mutated modules are imported (their tables, computed on import, count too);
    ``suite`` false: the witness questions only."""
    from fourhundred.conformance import operators

    files = {str(operators.ROOT / module): module for module in operators.TARGETS}
    called: dict[str, set[str]] = {module: set() for module in operators.TARGETS}

    def hook(frame: types.FrameType, event: str, arg: object) -> None:
        module = files.get(frame.f_code.co_filename)
        if event == "call" and module is not None:
            called[module].add(frame.f_code.co_qualname)

    previous = sys.getprofile()
    sys.setprofile(hook)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            if suite:
                operators.main([])
            operators.main(["--witness", str(witnesses)])
    finally:
        sys.setprofile(previous)
    return {module: sorted(names) for module, names in called.items()}


def is_called(verdict: Verdict, calls: dict[str, frozenset[str]], root: Path) -> bool | None:
    """Whether the function holding ``verdict``'s mutation is among ``calls``
    (:func:`answered_functions`); None at module or class level, or for a module not
    traced."""
    if verdict.module not in calls:
        return None
    source = _source(root / verdict.module)
    qualname = enclosing_function(source, verdict.line)
    return None if qualname is None else qualname in calls[verdict.module]


@functools.cache
def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def in_modules(items: Sequence[Any], modules: Sequence[str], root: Path) -> list[Any]:
    """The (work item, diff) pairs of ``items`` whose mutation is in one of ``modules``
    (paths under ``root``), module by module in the order of ``modules``."""
    rank = {str(Path(m)): number for number, m in enumerate(modules)}

    def where(pair: Any) -> str:
        return str(Path(pair[0].mutations[0].module_path).resolve().relative_to(root))

    chosen = [pair for pair in items if where(pair) in rank]
    return sorted(chosen, key=lambda pair: rank[where(pair)])


def write(verdicts: Sequence[Verdict], counts: Any, path: Path = PATH) -> None:
    """The survivors file: the session's own counts, then each survivor classified."""
    by_class = {name: sum(1 for v in verdicts if v.verdict == name) for name in CLASSES}
    body = {
        "about": "cosmic-ray's survivors, each killed by the suite now, equivalent (proved: "
        "an annotation never evaluated, or Z3; the proof is its evidence), behaviour-changing "
        "(with its witness), not distinguished by fuzzing (NOT proved: the fuzzer's questions, "
        "their count and seed in its evidence, showed no difference), unclassified, or whose "
        "code was removed; written by fourhundred conformance mutants --operators --classify "
        "and --fuzz (fourhundred.conformance.survivors).",
        "counts": asdict(counts),
        "by_class": by_class,
        "survivors": [_portable(asdict(v)) for v in verdicts],
    }
    write_text_atomically(path, json.dumps(body, indent=1) + "\n")


def _portable(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry whose diff names its module from the package folder, not the machine's."""
    from fourhundred.conformance import operators

    entry["diff"] = str(entry["diff"]).replace(f"/{operators.ROOT}/", "/")
    return entry


def read(path: Path = PATH) -> list[Verdict]:
    """The committed survivors (empty when the file is absent)."""
    if not path.exists():
        return []
    return [Verdict(**entry) for entry in json.loads(path.read_text(encoding="utf-8"))["survivors"]]


def prove_answers(
    module: str, qualname: str, original_source: str, line: int = 0
) -> tuple[str, str, list[Any] | None]:
    """:func:`prove`, and when it finds a counterexample to a method of the
    specification's rules, the same question asked of the protocol's answers
    (:func:`~fourhundred.conformance.answer_proofs.decide`): proved unchanged there
    (``z3-answers``), or a question to ask the mutant (kind, variant, input and the
    unmutated specification's answer)."""
    import importlib

    from fourhundred.conformance import answer_proofs, kinds, operators, validity

    how, evidence = prove(module, qualname, original_source, line)
    if how not in ("z3-counterexample", "counterexample") or module != _module_name(
        answer_proofs.MODEL
    ):
        return how, evidence, None
    twin = sys.modules[f"{module}__original"]
    mutated = importlib.import_module(module)
    decided, why, asked = answer_proofs.decide(
        twin.Rules, mutated.Rules, original_source, qualname, operators.ROOT
    )
    if decided == "z3-answers":
        return decided, f"{why} (the method alone differs: {evidence})", None
    if asked is None:
        return how, f"{evidence}; through the answers: {why}", None
    from fourhundred.spec.registry import load

    rules = load(asked["variant"])
    original = answer_proofs.copy_rules(rules, twin.Rules)
    if not getattr(validity, f"{asked['kind']}_is_valid")(original, asked["input"]):
        return how, f"{evidence}; through the answers: {why}, an input its kind holds invalid", None
    entry = kinds.kind(asked["kind"])
    answer = entry.canonical(entry.spec_answer(original, asked["input"]))
    return (
        decided,
        f"{evidence}; {why}",
        [
            asked["kind"],
            asked["variant"],
            asked["input"],
            answer,
        ],
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m fourhundred.conformance.survivors MODULE QUALNAME ORIGINAL LINE``: print
    ``how evidence`` of :func:`prove` (run with the mutation on disk); with ``--called
    WITNESSES``: print :func:`_called_here` as JSON (``--called-by``: without the suite)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] in (["--called"], ["--called-by"]):
        print(json.dumps(_called_here(Path(args[1]), suite=args[0] == "--called")))
        return 0
    module, qualname, original, line = args
    how, evidence, asked = prove_answers(
        module, qualname, Path(original).read_text(encoding="utf-8"), int(line)
    )
    print(f"{how} {evidence}")
    if asked is not None:
        print(json.dumps(asked))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
