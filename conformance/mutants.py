"""Mutation testing of the suite: does it notice when one rule is changed?

Each mutant is one single-point change to the behaviour of the reference
engine, applied by monkeypatching inside the adapter process
(``python -m fourhundred.conformance.adapter --mutant NAME``): a value in a
bid table, a band edge, a comparison, the partner condition, the target, who
deals or leads next, the follow-suit check, the trump rule...

For each mutant, :func:`run_all`

1. decides whether it *changes behaviour* at all, by differential testing
   independent of the suite: random legal questions of every pure kind
   (random rule sets, scores, bids, tricks, cards) and freshly scripted whole
   games (other seeds than the suite's), answered with and without the
   mutation in this process (a mutant the suite kills changed behaviour too,
   since the unmutated reference passes every case);
2. runs the JSON suite alone against the mutated adapter (a subprocess,
   through the ordinary runner) and counts failing runs: any failure kills it.

The kill rate is killed / behaviour-changing mutants; the target is 100%.
``fourhundred conformance mutants`` prints the table.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance import adapter, coverage, inputs, kinds
from fourhundred.spec.cards import FULL_DECK
from fourhundred.spec.model import BAND_WIDTH, Rules

Patch = Callable[[], Callable[[], None]]


@dataclass(frozen=True)
class Mutant:
    """A named single-point mutation: ``apply()`` patches and returns the undo."""

    name: str
    description: str
    apply: Patch


@dataclass(frozen=True)
class MutantResult:
    """What the suite made of one mutant."""

    name: str
    description: str
    changes_behaviour: bool
    killed: bool
    failures: int


def _set(owner: Any, attribute: str, value: Any) -> Callable[[], None]:
    original = getattr(owner, attribute)
    setattr(owner, attribute, value)

    def undo() -> None:
        setattr(owner, attribute, original)

    return undo


def _rules_mutant(
    variant: str, condition: Callable[[Rules], bool], change: Callable[[Rules], dict[str, Any]]
) -> Patch:
    """Change fields of the rules the adapter loads for ``variant`` when ``condition`` holds."""

    def patch() -> Callable[[], None]:
        original = adapter.load_rules

        def mutated_load(text: str) -> Rules:
            rules = original(text)
            if rules.variant == variant and condition(rules):
                return dataclasses.replace(rules, **change(rules))
            return rules

        return _set(adapter, "load_rules", mutated_load)

    return patch


def _value(variant: str, bid: int, new: int, table: str = "values") -> Patch:
    def change(rules: Rules) -> dict[str, Any]:
        entries = dict(getattr(rules, table))
        entries[bid] = new
        return {table: tuple(sorted(entries.items()))}

    return _rules_mutant(variant, lambda r: dict(getattr(r, table)).get(bid) != new, change)


def _field(variant: str, name: str, old: Any, new: Any) -> Patch:
    return _rules_mutant(variant, lambda r: getattr(r, name) == old, lambda r: {name: new})


def _fast_method(name: str, make: Callable[[Callable[..., Any]], Callable[..., Any]]) -> Patch:
    def patch() -> Callable[[], None]:
        from fourhundred.reference.fast import FastRules

        return _set(FastRules, name, make(getattr(FastRules, name)))

    return patch


def _module_function(
    module: str, name: str, make: Callable[[Callable[..., Any]], Callable[..., Any]]
) -> Patch:
    def patch() -> Callable[[], None]:
        import importlib

        owner = importlib.import_module(module)
        return _set(owner, name, make(getattr(owner, name)))

    return patch


def _rules_method(name: str, make: Callable[[Callable[..., Any]], Callable[..., Any]]) -> Patch:
    def patch() -> Callable[[], None]:
        return _set(Rules, name, make(getattr(Rules, name)))

    return patch


def _band_from_31(original: Callable[[int], int]) -> Callable[[int], int]:
    return lambda score: 0 if score == 30 else original(score)


def _made_needs_more(original: Callable[..., int]) -> Callable[..., int]:
    return lambda self, bid, tricks, own, high: original(
        self, bid, tricks - 1 if tricks == bid else tricks, own, high
    )


def _failed_costs_nothing(original: Callable[..., int]) -> Callable[..., int]:
    return lambda self, bid, tricks, own, high: max(0, original(self, bid, tricks, own, high))


def _strict_table(original: Callable[..., bool]) -> Callable[..., bool]:
    def mutated(self: Any, bids: Any, scores: Any) -> bool:
        if self.rules.table_measure == "tricks" and sum(bids) == self.table_minimum(scores):
            return False
        return bool(original(self, bids, scores))

    return mutated


def _no_trumps(original: Callable[..., int]) -> Callable[..., int]:
    def winner(trick: Any) -> int:
        led = trick[0][1]
        ranks = "23456789TJQKA"
        best = 0
        for i, card in enumerate(trick):
            if card[1] == led and ranks.index(card[0]) > ranks.index(trick[best][0]):
                best = i
        return best

    return winner


def _lowest_wins(original: Callable[..., int]) -> Callable[..., int]:
    def winner(trick: Any) -> int:
        suits = [c[1] for c in trick]
        ranks = "23456789TJQKA"
        wanted = "H" if "H" in suits else suits[0]
        candidates = [i for i, c in enumerate(trick) if c[1] == wanted]
        return min(candidates, key=lambda i: ranks.index(trick[i][0]))

    return winner


def _no_follow(original: Callable[..., Any]) -> Callable[..., Any]:
    return lambda hand, led: original(hand, None)


def _dealer_to_the_left(original: Callable[..., int]) -> Callable[..., int]:
    return lambda self, dealer: (dealer + 3) % 4


def _dealer_leads(original: Callable[..., int]) -> Callable[..., int]:
    return lambda self, dealer: dealer


def _lower_total_wins(original: Callable[..., Any]) -> Callable[..., Any]:
    def mutated(self: Any, scores: Any, target: int) -> Any:
        result, next_target = original(self, scores, target)
        both = self._qualifies(0, scores, target) and self._qualifies(1, scores, target)
        if both and self.rules.both_qualify == "higher_total" and result in (1, 2):
            result = 3 - result
        return result, next_target

    return mutated


def _raise_by_five(original: Callable[..., Any]) -> Callable[..., Any]:
    def mutated(self: Any, scores: Any, target: int) -> Any:
        result, next_target = original(self, scores, target)
        if next_target == target + 10:
            next_target = target + 5
        return result, next_target

    return mutated


def _band_40_as_30(original: Callable[[int], int]) -> Callable[[int], int]:
    return lambda score: 1 if score == 40 else original(score)


def _thirteen_not_alone(original: Callable[..., bool]) -> Callable[..., bool]:
    def mutated(self: Any, bids: Any, scores: Any) -> bool:
        if self.rules.table_measure == "values" and self.special_bid is not None:
            bids = [
                0 if b == self.special_bid else b for b in bids
            ]  # 13's value is 0 here: only its special power goes
        return bool(original(self, bids, scores))

    return mutated


def _engine_lets_pass(code: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """The engine's check of a move, with one rejection code forgotten."""

    def make(original: Callable[..., None]) -> Callable[..., None]:
        from fourhundred.reference.engine import IllegalAction

        def mutated(state: Any, action: Any, seat: Any) -> None:
            try:
                original(state, action, seat)
            except IllegalAction as error:
                if error.code != code:
                    raise

        return mutated

    return make


def _raised_target_kept(original: Callable[..., Any]) -> Callable[..., Any]:
    def mutated(self: Any, scores: Any, target: int) -> Any:
        result, next_target = original(self, scores, target)
        if target > self.rules.target and next_target == self.rules.target:
            next_target = target
        return result, next_target

    return mutated


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "qahwa-9-worth-26", "qahwa's bid of 9 worth 26 instead of 27", _value("qahwa-400", 9, 26)
    ),
    Mutant(
        "qahwa-10-worth-30",
        "qahwa's common table: 10 worth 30 instead of 40",
        _value("qahwa-400", 10, 30),
    ),
    Mutant(
        "medallon-11-worth-40",
        "medallon's 11 worth 40 instead of 44",
        _value("medallon-400", 11, 40),
    ),
    Mutant(
        "medallon-13-minus-40",
        "medallon's failed 13 costs 40 instead of 52",
        _value("medallon-400", 13, 40),
    ),
    Mutant("pagat41-7-worth-7", "Syrian 41: 7 worth 7 (doubling from 8)", _value("pagat-41", 7, 7)),
    Mutant(
        "pagat400-12-worth-48",
        "Lebanese 400: 12 worth 48 instead of 36",
        _value("pagat-400", 12, 48),
    ),
    Mutant(
        "arab-10-worth-30",
        "arab3meyeh's 10 worth 30 instead of 40",
        _value("arab3meyeh-400", 10, 30),
    ),
    Mutant(
        "qahwa-reduced-5-is-10",
        "qahwa: 5 stays worth 10 from 30 points",
        _value("qahwa-400", 5, 10, "reduced_values"),
    ),
    Mutant(
        "arab-reduced-6-is-12",
        "arab3meyeh: 6 stays worth 12 from 30 points",
        _value("arab3meyeh-400", 6, 12, "reduced_values"),
    ),
    Mutant(
        "band-edge-31",
        "the score bands start at 31 instead of 30",
        _module_function("fourhundred.reference.fast", "_band", _band_from_31),
    ),
    Mutant(
        "qahwa-own-min-cap-6",
        "qahwa's own minimum stops at 6 instead of 5",
        _field("qahwa-400", "own_min_cap", 5, 6),
    ),
    Mutant(
        "qahwa-table-cap-13",
        "qahwa's table minimum stops at 13 instead of 14",
        _field("qahwa-400", "table_min_cap", 14, 13),
    ),
    Mutant("qahwa-min-bid-1", "qahwa allows a bid of 1", _field("qahwa-400", "min_bid", 2, 1)),
    Mutant("qahwa-max-bid-12", "qahwa's largest bid is 12", _field("qahwa-400", "max_bid", 13, 12)),
    Mutant(
        "medallon-own-min-flat",
        "medallon's own minimum does not rise",
        _field("medallon-400", "own_min_rises", True, False),
    ),
    Mutant(
        "arab-table-flat",
        "arab3meyeh's table minimum does not rise",
        _field("arab3meyeh-400", "table_min_rises", True, False),
    ),
    Mutant(
        "medallon-table-lowest",
        "medallon's table minimum set by the lowest score",
        _field("medallon-400", "table_min_scores", "highest", "lowest"),
    ),
    Mutant(
        "pagat41-count-tricks",
        "Syrian 41 counts tricks, not values, for the table minimum",
        _field("pagat-41", "table_measure", "values", "tricks"),
    ),
    Mutant(
        "table-strictly-above",
        "the bids must exceed the table minimum (> instead of >=)",
        _fast_method("hand_is_played", _strict_table),
    ),
    Mutant(
        "made-needs-one-more",
        "a bid is made only with more tricks than bid (> instead of >=)",
        _fast_method("score_change", _made_needs_more),
    ),
    Mutant(
        "failed-costs-nothing",
        "a failed bid loses nothing",
        _fast_method("score_change", _failed_costs_nothing),
    ),
    Mutant(
        "qahwa-partner-at-zero",
        "qahwa: a partner on 0 allows the win",
        _field("qahwa-400", "partner_condition", "positive", "non_negative"),
    ),
    Mutant(
        "arab-partner-at-zero",
        "arab3meyeh: a partner on 0 allows the win",
        _field("arab3meyeh-400", "partner_condition", "positive", "non_negative"),
    ),
    Mutant(
        "medallon-player-measure",
        "medallon: one partner's score, not the team total",
        _field("medallon-400", "win_measure", "team_total", "player"),
    ),
    Mutant(
        "qahwa-target-40", "qahwa plays to 40 instead of 41", _field("qahwa-400", "target", 41, 40)
    ),
    Mutant("pagat41-target-42", "Syrian 41 plays to 42", _field("pagat-41", "target", 41, 42)),
    Mutant(
        "qahwa-tie-draws",
        "qahwa: equal totals draw instead of playing on",
        _field("qahwa-400", "total_tie", "play_on", "draw"),
    ),
    Mutant(
        "lower-total-wins",
        "both teams qualify: the lower total wins",
        _fast_method("_points_result", _lower_total_wins),
    ),
    Mutant(
        "arab-raise-by-5",
        "arab3meyeh's raised target goes up by 5",
        _fast_method("_points_result", _raise_by_five),
    ),
    Mutant(
        "arab-trigger-reached",
        "arab3meyeh raises the target when both reach 41, partners aside",
        _field("arab3meyeh-400", "raise_trigger", "qualified", "reached"),
    ),
    Mutant(
        "pagat400-13-needs-partner",
        "Lebanese 400: a made 13 needs the partner's condition",
        _field("pagat-400", "thirteen_win", "outright", "needs_partner"),
    ),
    Mutant(
        "medallon-13-loses-game",
        "medallon: a failed 13 loses the game",
        _field("medallon-400", "thirteen", "win_or_lose_points", "win_or_lose_game"),
    ),
    Mutant(
        "qahwa-classic-conflict-first-bid",
        "qahwa classic: conflicting 13s decided by the first bid",
        _field("qahwa-400", "thirteen_conflict", "draw", "first_bid"),
    ),
    Mutant(
        "dealer-passes-left",
        "the deal passes to the left",
        _rules_method("next_dealer", _dealer_to_the_left),
    ),
    Mutant(
        "dealer-leads",
        "the dealer leads the first trick",
        _rules_method("first_leader", _dealer_leads),
    ),
    Mutant(
        "qahwa-bidding-clockwise",
        "qahwa: bidding goes clockwise",
        _field("qahwa-400", "bidding_order", "anticlockwise", "clockwise"),
    ),
    Mutant(
        "pagat41-play-clockwise",
        "Syrian 41: play goes clockwise",
        _field("pagat-41", "play_order", "anticlockwise", "clockwise"),
    ),
    Mutant(
        "qahwa-dealer-throw-in",
        "qahwa lets the dealer throw in",
        _field("qahwa-400", "dealer_may_throw_in", False, True),
    ),
    Mutant(
        "no-follow-suit",
        "the follow-suit rule is not checked",
        _module_function("fourhundred.reference.engine", "legal_plays", _no_follow),
    ),
    Mutant(
        "no-trumps",
        "hearts do not trump",
        _module_function("fourhundred.reference.engine", "trick_winner", _no_trumps),
    ),
    Mutant(
        "lowest-card-wins",
        "the lowest card of the winning suit wins",
        _module_function("fourhundred.reference.engine", "trick_winner", _lowest_wins),
    ),
    Mutant(
        "band-edge-40",
        "a score of 40 is still in the 30-39 band",
        _module_function("fourhundred.reference.fast", "_band", _band_40_as_30),
    ),
    Mutant(
        "qahwa-reduced-on-highest",
        "qahwa's 5 and 6 reduced once anyone has 30",
        _field("qahwa-400", "reduced_scope", "own", "any"),
    ),
    Mutant(
        "thirteen-not-enough-alone",
        "a game-deciding 13 does not reach the table minimum on its own",
        _fast_method("hand_is_played", _thirteen_not_alone),
    ),
    Mutant(
        "engine-follow-suit-unchecked",
        "the engine accepts a card that does not follow suit",
        _module_function(
            "fourhundred.reference.engine", "_check", _engine_lets_pass("must_follow_suit")
        ),
    ),
    Mutant(
        "engine-minimum-unchecked",
        "the engine accepts a bid below the minimum",
        _module_function(
            "fourhundred.reference.engine", "_check", _engine_lets_pass("bid_below_minimum")
        ),
    ),
    Mutant(
        "engine-maximum-unchecked",
        "the engine accepts a bid above the maximum",
        _module_function(
            "fourhundred.reference.engine", "_check", _engine_lets_pass("bid_above_maximum")
        ),
    ),
    Mutant(
        "engine-throw-in-unchecked",
        "the engine accepts any throw-in",
        _module_function(
            "fourhundred.reference.engine", "_check", _engine_lets_pass("throw_in_not_allowed")
        ),
    ),
    Mutant(
        "engine-deal-unchecked",
        "the engine accepts a bad deal",
        _module_function("fourhundred.reference.engine", "_check", _engine_lets_pass("bad_deal")),
    ),
    Mutant(
        "engine-phase-unchecked",
        "the engine accepts an action of the wrong phase",
        _module_function(
            "fourhundred.reference.engine", "_check", _engine_lets_pass("wrong_phase")
        ),
    ),
    Mutant(
        "engine-turn-unchecked",
        "the engine accepts an action named for a seat that is not to act",
        _module_function(
            "fourhundred.reference.engine", "_check", _engine_lets_pass("not_your_turn")
        ),
    ),
    Mutant(
        "arab-raised-target-kept",
        "arab3meyeh's raised target never falls back to 41",
        _fast_method("_points_result", _raised_target_kept),
    ),
)

BY_NAME = {mutant.name: mutant for mutant in MUTANTS}


def apply(name: str) -> Callable[[], None]:
    """Apply a mutant by name (in this process); returns the undo."""
    try:
        mutant = BY_NAME[name]
    except KeyError:
        from fourhundred.errors import UserError

        raise UserError(f"unknown mutant {name!r}; the mutants are: {', '.join(BY_NAME)}") from None
    return mutant.apply()


@contextmanager
def applied(name: str) -> Iterator[None]:
    """A mutant applied for the duration of a ``with`` block."""
    undo = apply(name)
    try:
        yield
    finally:
        undo()


# ----------------------------------------------------------------------
# Does a mutant change behaviour? Differential testing, independent of the suite.
# ----------------------------------------------------------------------


def _score(rng: random.Random, target: int) -> int:
    """A score: anywhere, at a band edge, close to the target, or near the partner edge
    (the edges of :mod:`fourhundred.conformance.inputs`)."""
    family = rng.randrange(4)
    if family == 0:
        return rng.randint(-40, inputs.UNBIDDABLE_EDGE + 20)
    if family == 1:
        return rng.choice(inputs.EDGE_GRID)
    if family == 2:
        return target + rng.randint(*inputs.CLOSE_TO_TARGET)
    return rng.randint(inputs.PARTNER_EDGE - 2, inputs.PARTNER_EDGE + 3)


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
        thirteen = inputs.THIRTEEN
        if rng.random() < 0.15 and rules.max_bid == thirteen:  # a 13, made or failed by one
            seat = rng.randrange(4)
            bids[seat] = thirteen
            if rng.random() < 0.3:
                bids[(seat + rng.choice((1, 2, 3))) % 4] = thirteen
            tricks = [0, 0, 0, 0]
            tricks[seat] = rng.choice((thirteen, thirteen - 1))
            tricks[rng.choice([s for s in range(4) if s != seat])] += thirteen - tricks[seat]
        if rng.random() < 0.1:  # both teams alike: mirrored scores and bids, both partners made
            a = rules.target + rng.randint(inputs.CLOSE_TO_TARGET[0], 0)
            c = rng.randint(inputs.PARTNER_EDGE - 2, 10)
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
    questions: list[tuple[str, str, dict[str, Any]]], game_inputs: list[tuple[str, dict[str, Any]]]
) -> list[Any]:
    answers: list[Any] = []
    for kind, variant, data in questions:
        try:
            answers.append(
                kinds.kind(kind).canonical(
                    adapter.reference_answer(kind, adapter.load_rules(variant), data)
                )
            )
        except Exception as error:  # a mutant may make the engine raise: that is a change too
            answers.append(f"raised {type(error).__name__}")
    for variant, data in game_inputs:
        try:
            answers.append(
                adapter.reference_answer("whole_game", adapter.load_rules(variant), data)
            )
        except Exception as error:
            answers.append(f"raised {type(error).__name__}")
    return answers


def behaviour_changes(names: list[str], seed: int = 400, count: int = 1500) -> dict[str, bool]:
    """For each mutant: does it change any answer on random questions or games?"""
    rng = random.Random(seed)
    questions = _random_questions(rng, count)
    game_inputs = inputs.scripted_games("differential")
    original = _answers(questions, game_inputs)
    result = {}
    for name in names:
        with applied(name):
            result[name] = _answers(questions, game_inputs) != original
    return result


def suite_failures(name: str) -> int:
    """How many runs of the suite fail (or error) against the mutated adapter."""
    from fourhundred.conformance import runner, suite

    outcomes: list[runner.Outcome] = []
    argv = [*runner.REFERENCE_ADAPTER, "--mutant", name]
    the_runner = runner.Runner(argv, runner.Settings(timeout=30.0), outcomes.append)
    try:
        the_runner.run(suite.select_runs(suite.load_cases()))
    finally:
        the_runner.close()
    return sum(1 for outcome in outcomes if outcome.status in ("fail", "error"))


def run_all(names: list[str] | None = None, jobs: int = 2) -> list[MutantResult]:
    """Judge every mutant (or those named): behaviour change and kill."""
    for name in names or []:
        apply(name)()  # an unknown name fails here with the list of mutants, before any work
    chosen = [BY_NAME[n] for n in names] if names else list(MUTANTS)
    changes = behaviour_changes([m.name for m in chosen])
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        failures = list(pool.map(suite_failures, [m.name for m in chosen]))
    # A killed mutant changed behaviour by definition: the unmutated reference passes every case.
    return [
        MutantResult(m.name, m.description, changes[m.name] or failed > 0, failed > 0, failed)
        for m, failed in zip(chosen, failures, strict=True)
    ]
