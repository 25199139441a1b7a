"""Judging the mutants of :mod:`fourhundred.conformance.mutants`: does the suite
kill each one, and does a survivor change behaviour at all?

For each mutant, :func:`run_all`

1. runs the JSON suite against it in this process (:class:`Killer`: each case
   answered by the mutated reference, made JSON and compared as the runner
   compares; only the runs of the rule sets it touches, the cases the
   coverage map lists for it first): any failing run kills it;
2. decides for a survivor whether it *changes behaviour* at all, by
   differential testing independent of the suite: random legal questions of
   every pure kind (random rule sets, scores, bids, tricks, cards) and freshly
   scripted whole games (other seeds than the suite's), answered by the
   reference and by the mutant (a killed mutant changed behaviour, since the
   unmutated reference passes every case).

:func:`suite_failures` keeps the subprocess path: the ordinary runner against
the adapter with ``--mutant NAME``. The kill rate is killed /
behaviour-changing mutants; the target is 100%. ``fourhundred conformance
mutants`` prints the summary (``--table``: every mutant).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from fourhundred.conformance import adapter, coverage, edges, games, inputs, kinds, points
from fourhundred.conformance.mutant_names import by_name, every_mutant
from fourhundred.conformance.mutants import Killer, MutantResult
from fourhundred.conformance.suite import Run
from fourhundred.spec.cards import FULL_DECK
from fourhundred.spec.model import BAND_WIDTH, Rules
from fourhundred.spec.registry import load

# ----------------------------------------------------------------------
# Does a mutant change behaviour? Differential testing, independent of the suite.
# ----------------------------------------------------------------------


def _score(rng: random.Random, target: int) -> int:
    """A score: anywhere, at a band edge, close to the target, or near the partner edge
    (the edges of :mod:`fourhundred.conformance.edges`)."""
    family = rng.randrange(4)
    if family == 0:
        return rng.randint(-40, edges.UNBIDDABLE_EDGE + 20)
    if family == 1:
        return rng.choice(edges.EDGE_GRID)
    if family == 2:
        return target + rng.randint(*edges.CLOSE_TO_TARGET)
    return rng.randint(edges.PARTNER_EDGE - 2, edges.PARTNER_EDGE + 3)


def _random_questions(rng: random.Random, count: int) -> list[tuple[str, str, dict[str, Any]]]:
    rule_sets = coverage.all_rule_sets()
    questions: list[tuple[str, str, dict[str, Any]]] = []
    for _ in range(count):
        rules = rng.choice(rule_sets).rules
        variant = str(rules)
        scores = [_score(rng, rules.target) for _ in range(4)]
        bids = []
        for score in scores:
            low = int(rules.own_minimum_bid(score))
            top = min(rules.max_bid, low + rng.choice((1, 3, 13)))
            bids.append(rng.randint(low, top) if low <= rules.max_bid else rules.max_bid)
        tricks = inputs.cut_tricks(rng)
        if rng.random() < 0.5:  # tricks close to the bids: made and failed by one
            tricks = inputs.tricks_near(rng, bids)
        thirteen = edges.THIRTEEN
        if rng.random() < 0.15 and rules.max_bid == thirteen:  # a 13, made or failed by one
            seat = rng.randrange(4)
            bids[seat] = thirteen
            if rng.random() < 0.3:
                bids[(seat + rng.choice((1, 2, 3))) % 4] = thirteen
            tricks = [0, 0, 0, 0]
            tricks[seat] = rng.choice((thirteen, thirteen - 1))
            tricks[rng.choice([s for s in range(4) if s != seat])] += thirteen - tricks[seat]
        if rng.random() < 0.1:  # both teams alike: mirrored scores and bids, both partners made
            a = rules.target + rng.randint(edges.CLOSE_TO_TARGET[0], 0)
            c = rng.randint(edges.PARTNER_EDGE - 2, 10)
            b1 = int(rules.own_minimum_bid(a))
            b2 = int(rules.own_minimum_bid(c))
            if b1 <= rules.max_bid and 2 * b1 + 2 * b2 <= 13:
                scores, bids = [a, a, c, c], [b1, b1, b2, b2]
                tricks = [b1, b1, b2, 13 - 2 * b1 - b2]
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        bid = rng.randint(rules.min_bid, rules.max_bid)
        target = rules.target + (
            BAND_WIDTH if rules.both_qualify == "raise_target" and rng.random() < 0.3 else 0
        )
        questions += [
            (
                "bid_value",
                variant,
                {"bid": bid, "own_score": scores[0], "highest_score": max(scores)},
            ),
            ("legal_bids", variant, {"own_score": scores[1]}),
            ("table_minimum", variant, {"scores": scores, "bids": bids}),
            ("trick_winner", variant, {"trick": deck[:4]}),
            (
                "legal_plays",
                variant,
                {"hand": deck[4 : 4 + rng.randint(1, 13)], "led": rng.choice((None, deck[20]))},
            ),
            ("hand_scoring", variant, {"scores": scores, "bids": bids, "tricks": tricks}),
            (
                "game_outcome",
                variant,
                {
                    "scores": scores,
                    "bids": bids,
                    "tricks": tricks,
                    "dealer": rng.randint(0, 3),
                    "target_in_force": target,
                },
            ),
        ]
    return questions


def _answers(
    questions: list[tuple[str, str, dict[str, Any]]],
    game_inputs: list[tuple[str, dict[str, Any]]],
    answer: adapter.AnswerFunction,
) -> list[Any]:
    answers: list[Any] = []
    asked = [*questions, *(("whole_game", variant, data) for variant, data in game_inputs)]
    rules: dict[str, Rules] = {}
    for kind, variant, data in asked:
        if variant not in rules:
            rules[variant] = load(variant)
        try:
            answers.append(kinds.kind(kind).canonical(answer(kind, rules[variant], data)))
        except Exception as error:  # a mutant may make the engine raise: that is a change too
            answers.append(f"raised {type(error).__name__}")
    return answers


def behaviour_changes(names: list[str], seed: int = 400, count: int = 1500) -> dict[str, bool]:
    """For each mutant: does it change any answer on random questions or games?"""
    rng = random.Random(seed)
    questions = _random_questions(rng, count)
    game_inputs = games.scripted_games("differential")
    original = _answers(questions, game_inputs, adapter.reference_answer)
    return {
        name: _answers(questions, game_inputs, adapter.answer_function(by_name(name).reference))
        != original
        for name in names
    }


def suite_failures(name: str) -> int:
    """How many runs of the suite fail (or error) against the mutated adapter, through
    the ordinary runner and a subprocess adapter (``--mutant NAME``)."""
    from fourhundred.conformance import runner, suite

    outcomes: list[runner.Outcome] = []
    argv = [*runner.REFERENCE_ADAPTER, "--mutant", name]
    the_runner = runner.Runner(argv, runner.Settings(timeout=30.0), outcomes.append)
    try:
        the_runner.run(suite.select_runs(suite.load_cases()))
    finally:
        the_runner.close()
    return sum(1 for outcome in outcomes if outcome.status in ("fail", "error"))


def run_all(
    names: list[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[MutantResult]:
    """Judge every mutant (or those named), in this process: the suite's failing runs
    (the runs of the rule sets it touches; the cases the coverage map names first,
    so a killed mutant is known at once); a survivor is then tested for a change
    of behaviour on random questions and games (else it is equivalent)."""
    from fourhundred.conformance import suite

    # An unknown name fails here, before any work.
    chosen = [by_name(name) for name in names] if names else list(every_mutant())
    runs = suite.select_runs(suite.load_cases())
    by_id: dict[str, list[Run]] = {}
    for run in runs:
        by_id.setdefault(run.id, []).append(run)
    recorded = points.read_map()
    killer = Killer()
    results: list[MutantResult] = []
    for done, mutant in enumerate(chosen):
        listed = [
            run for case_id in recorded.get(mutant.name, ()) for run in by_id.get(case_id, ())
        ]
        failed = len(killer.killing(mutant, listed, limit=1)) or len(
            killer.killing(mutant, runs, limit=1)
        )
        results.append(
            MutantResult(mutant.name, mutant.description, failed > 0, failed > 0, failed)
        )
        if progress is not None:
            progress(done + 1, len(chosen))
    survivors = [result.name for result in results if not result.killed]
    changes = behaviour_changes(survivors) if survivors else {}
    return [
        dataclasses.replace(result, changes_behaviour=True) if changes.get(result.name) else result
        for result in results
    ]
