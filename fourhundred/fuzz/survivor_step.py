"""Step 5 of the survivors' classification (:mod:`fourhundred.conformance.survivors`,
:func:`~fourhundred.conformance.survivors.fuzz_one`): the fuzzer's own questions, for
every survivor the earlier steps leave unclassified. It lives with the fuzzer (the
conformance layer never imports it): the command hands :class:`Questions` to the
classifier.

The fuzzer's generators (:func:`fourhundred.fuzz.stream.block_stream`: every pure kind
by its generator, whole games of :mod:`~fourhundred.conformance.random_games`: from
positions and from new games, by heuristic players, with every type of action slipped
in in every phase, named for a seat and not, and after the game is over) are run once,
*unmutated*, over every variant and rule set of
:func:`~fourhundred.conformance.coverage.all_rule_sets`, and their questions are written
with the unmutated reference's answers (:func:`write_questions`: a stated budget, a
count of pure questions and of whole games, and a seed). Each survivor, applied on
disk, is asked them in a fresh process (``python -m fourhundred.conformance.operators
--witness FILE``, answered by the reference and, for the pure kinds, the
specification). Why recorded answers rather than the fuzzer run against the mutated
tree's reference adapter: in a process that imports the mutated tree both sides of
the comparison are mutated; recorded answers fix both the inputs and the unmutated
answers once for the ~800 survivors (seconds each), and ask the specification's
answer functions too, which no adapter answers with.

A changed answer is the witness that the survivor changes behaviour
(``fuzz``); it is then shrunk (:meth:`Questions.shrink`) by the fuzzer's shrinker, the
mutated side answered by a fresh process (:func:`main` ``--answer``) and the
unmutated side by this process, which imported every mutated module before any
mutation was written (:func:`~fourhundred.conformance.survivors.import_targets`). A
survivor whose answers do not change is **not distinguished**
(:data:`~fourhundred.conformance.survivors.NOT_DISTINGUISHED`), never proved: its
evidence says how many inputs and which seed. A survivor in a function that answering
the questions, unmutated, never calls (:func:`called_functions`) cannot change an
answer: it is not distinguished without being run, and says so.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fourhundred.conformance.operators import answerers, rows_of
from fourhundred.conformance.survivors import fresh_argv
from fourhundred.safeio import write_text_atomically

#: The budget of the fuzz step: the seed of the fuzzer's case stream, the pure
#: questions (every pure kind in turn) and the whole games.
SEED = 21
PURE = 10_000
GAMES = 1_500
#: Questions per block of the fuzzer's stream (whole games: its game block size).
PURE_BLOCK, GAME_BLOCK = 200, 10
#: The shrinker's budget for one witness (seconds; the fuzzer's own default is 30).
SHRINK_SECONDS = 20.0


@dataclass(frozen=True)
class Questions:
    """The fuzz step's questions on disk, their budget, and the functions answering
    each kind's questions calls (:func:`called_functions`): what
    :class:`~fourhundred.conformance.survivors.FuzzStep` asks for. A survivor is asked
    the questions of the kinds whose unmutated answers call its function
    (:meth:`kinds_reaching`), and says so."""

    path: Path
    seed: int
    pure: int
    games: int
    #: kind -> module -> the functions answering that kind's questions calls.
    calls: Mapping[str, Mapping[str, frozenset[str]]]
    #: kind -> how many of the questions are of that kind.
    counts: Mapping[str, int]

    @property
    def budget(self) -> str:
        """The budget, as a verdict's evidence states it."""
        return (
            f"{self.pure + self.games:,} inputs of the fuzzer's generators ({self.pure:,} pure, "
            f"{self.games:,} whole games, every rule set), seed {self.seed}"
        )

    def kinds_reaching(self, module: str, qualname: str | None) -> tuple[str, ...]:
        """The kinds whose questions' unmutated answers run the code of ``qualname`` in
        ``module`` (module or class level, None, runs on import: every kind)."""
        return tuple(
            kind
            for kind, calls in self.calls.items()
            if qualname is None or qualname in calls.get(module, {qualname})
        )

    def reached(self, module: str, qualname: str | None) -> bool:
        """Whether answering the questions can run the code of ``qualname`` in ``module``."""
        return bool(self.kinds_reaching(module, qualname))

    def questions_for(self, module: str, qualname: str | None) -> Path:
        """The file of the questions to ask a survivor in ``qualname``: those of
        :meth:`kinds_reaching` (all of them: :attr:`path`)."""
        kinds = self.kinds_reaching(module, qualname)
        return self.path if set(kinds) == set(self.calls) else of_kinds(self.path, kinds)

    def not_changed(self, module: str, qualname: str | None) -> str:
        """The evidence of a survivor whose answers to the questions do not change."""
        kinds = self.kinds_reaching(module, qualname)
        if set(kinds) == set(self.calls):
            return f"not distinguished: no answer changed in {self.budget}"
        asked = sum(self.counts.get(kind, 0) for kind in kinds)
        return (
            f"not distinguished: no answer changed in the {asked:,} inputs of "
            f"{', '.join(kinds)} of the {self.budget} (the other kinds' unmutated answers "
            "never call the function holding the mutation)"
        )

    def not_reached(self) -> str:
        """The evidence of a survivor whose function the questions never call."""
        return (
            "not distinguished: the function holding the mutation is never called while "
            f"the {self.budget} are answered (a profile of the unmutated answers)"
        )

    def shrink(self, root: Path, witness: Mapping[str, Any]) -> dict[str, Any]:
        """:func:`shrink` (the mutation on disk)."""
        return shrink(root, witness)


def variants() -> tuple[str, ...]:
    """Every variant and rule set the questions take turns over."""
    from fourhundred.conformance import coverage

    return tuple(dict.fromkeys(str(r.rules) for r in coverage.all_rule_sets()))


def generated(seed: int, pure: int, games: int) -> Iterator[list[Any]]:
    """The fuzzer's questions (:func:`~fourhundred.fuzz.stream.block_stream`), ``pure``
    of the pure kinds then ``games`` whole games, each ``[kind, variant, input,
    answer]`` with the reference's canonical answer."""
    from fourhundred.conformance import kinds
    from fourhundred.fuzz.records import Config
    from fourhundred.fuzz.stream import block_stream
    from fourhundred.spec.registry import load

    names = variants()
    rules = {v: load(v) for v in names}
    pure_kinds = tuple(k for k in kinds.KIND_NAMES if k != "whole_game")
    for chosen, count, size in (
        (pure_kinds, pure, PURE_BLOCK),
        (("whole_game",), games, GAME_BLOCK),
    ):
        config = Config(variants=names, kinds=chosen, seed=seed)
        for block in range(-(-count // size)):
            left = min(size, count - block * size)
            for kind, variant, data, answer in block_stream(config, block, left, rules):
                yield [kind, variant, data, kinds.kind(kind).canonical(answer)]


def write_questions(path: Path, seed: int = SEED, pure: int = PURE, games: int = GAMES) -> int:
    """Write :func:`generated` to ``path`` (the rows ``operators --witness`` reads, under
    the budget that made them); returns how many."""
    rows = list(generated(seed, pure, games))
    body = {"seed": seed, "pure": pure, "games": games, "rows": rows}
    write_text_atomically(path, json.dumps(body))
    return len(rows)


def prepared(
    root: Path, path: Path, seed: int = SEED, pure: int = PURE, games: int = GAMES
) -> Questions:
    """The questions at ``path`` (written when absent or of another budget) and the
    functions answering each kind's questions calls (each kind's questions written
    beside it, :func:`of_kinds`); the sources must be unmutated."""
    from fourhundred.conformance import kinds

    budget = {"seed": seed, "pure": pure, "games": games}
    body = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
    if body is None or {k: v for k, v in body.items() if k != "rows"} != budget:
        write_questions(path, seed, pure, games)
        body = json.loads(path.read_text(encoding="utf-8"))
    _written.clear()
    rows = rows_of(body)
    counts = {kind: sum(1 for row in rows if row[0] == kind) for kind in kinds.KIND_NAMES}
    calls = {
        kind: called_functions(root, of_kinds(path, (kind,)))
        for kind in kinds.KIND_NAMES
        if counts[kind]
    }
    return Questions(path, seed, pure, games, calls, counts)


#: The files :func:`of_kinds` wrote in this process (from the questions as they are now).
_written: set[Path] = set()


def of_kinds(path: Path, kinds: Sequence[str]) -> Path:
    """The file of the questions at ``path`` of ``kinds`` only, beside it (written the
    first time this process asks for it)."""
    chosen = path.with_name(f"{path.stem}.{'+'.join(kinds)}.json")
    if chosen not in _written:
        rows = rows_of(json.loads(path.read_text(encoding="utf-8")))
        write_text_atomically(chosen, json.dumps([row for row in rows if row[0] in kinds]))
        _written.add(chosen)
    return chosen


def called_functions(root: Path, path: Path) -> dict[str, frozenset[str]]:
    """The functions of each mutated module called while a fresh process imports them and
    answers the questions at ``path`` (:func:`~fourhundred.conformance.survivors._called_here`
    without the suite); the sources must be unmutated."""
    done = subprocess.run(
        [sys.executable, "-m", "fourhundred.conformance.survivors", "--called-by", str(path)],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=1800.0,
    )
    if done.returncode:
        raise RuntimeError(f"tracing the fuzz answers failed: {done.stderr.strip()[-300:]}")
    return {module: frozenset(names) for module, names in json.loads(done.stdout).items()}


# ----------------------------------------------------------------------
# Shrinking a witness: this process unmutated, a fresh one mutated
# ----------------------------------------------------------------------


def _mutated_answer(kind: str, rules: Any, data: Any, expected: Any) -> Any:
    """The answer of this (mutated) process that differs from ``expected`` (canonical):
    the reference's, else the specification's (pure kinds); the reference's when none
    does; ``{"raised": name}`` when answering raises."""
    from fourhundred.conformance import kinds

    entry = kinds.kind(kind)
    first = None
    for answer_with in answerers(kind):
        try:
            got = json.loads(json.dumps(answer_with(kind, rules, data)))
        except Exception as error:  # a raise is a change of behaviour too
            return {"raised": type(error).__name__}
        if json.loads(json.dumps(entry.canonical(got))) != expected:
            return got
        first = got if first is None else first
    return first


def _answer_lines() -> int:
    """``--answer``: one JSON line ``[kind, variant, input, expected]`` in, one answer
    line (:func:`_mutated_answer`) out, until standard input ends."""
    from fourhundred.spec.registry import load

    for line in sys.stdin:
        kind, variant, data, expected = json.loads(line)
        print(json.dumps(_mutated_answer(kind, load(variant), data, expected)), flush=True)
    return 0


class _Mutated:
    """A fresh process of the mutated tree answering one question at a time."""

    def __init__(self, root: Path) -> None:
        self.process = subprocess.Popen(
            fresh_argv(["fourhundred.fuzz.survivor_step", "--answer"]),
            cwd=root,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def answer(self, kind: str, variant: str, data: Any, expected: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([kind, variant, data, expected]) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def shrink(root: Path, witness: Mapping[str, Any], seconds: float | None = None) -> dict[str, Any]:
    """The fuzzer's shrinker (:func:`fourhundred.fuzz.shrink.shrink`) on a witness
    (``{kind, variant, input}``) of the mutation on disk: each candidate answered here
    (unmutated: :func:`~fourhundred.conformance.survivors.import_targets` ran before the
    mutation was written) and by a
    fresh mutated process; the smallest input found whose answers still part the same
    way (the witness as it is when they do not part as the fuzzer compares them)."""
    from fourhundred.conformance import kinds
    from fourhundred.fuzz import compare
    from fourhundred.fuzz import shrink as shrinker
    from fourhundred.fuzz.expected import expected_answer
    from fourhundred.spec.registry import load

    kind, variant = str(witness["kind"]), str(witness["variant"])
    rules = load(variant)
    canonical = kinds.kind(kind).canonical
    mutated = _Mutated(root)

    def reference(data: Any) -> Any:
        return expected_answer(kind, rules, data)

    def check(data: Any) -> Any:
        expected = reference(data)
        got = mutated.answer(kind, variant, data, json.loads(json.dumps(canonical(expected))))
        outcome = (
            compare.Outcome("errored", message=str(got["raised"]))
            if isinstance(got, dict) and set(got) == {"raised"}
            else compare.Outcome.ok(got)
        )
        return compare.compare(kind, variant, expected, outcome, data.get("actions", ()))

    try:
        data = dict(witness["input"])
        found = check(data)
        if found is None:
            return dict(witness)
        budget = SHRINK_SECONDS if seconds is None else seconds
        done = shrinker.shrink(kind, rules, data, found, check, reference, 1000, budget)
    finally:
        mutated.close()
    return {"kind": kind, "variant": variant, "input": done.data, "shrunk_in": done.checks}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m fourhundred.fuzz.survivor_step --answer`` (:func:`_answer_lines`)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--answer"]:
        return _answer_lines()
    print("usage: python -m fourhundred.fuzz.survivor_step --answer", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
