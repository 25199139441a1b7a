"""Hypothesis strategies for 400 and 41: scores, bids, hands, positions, case inputs, cases, games.

For property tests of your own implementation::

    from hypothesis import given
    from fourhundred import strategies as fh
    from fourhundred.spec.registry import load

    @given(fh.cases("game_outcome", load("qahwa-400")))
    def test_my_engine_settles_hands_like_the_reference(case):
        assert my_engine.settle(case["input"]) == case["expected"]

The strategies follow Hypothesis's own API style: bounds are ``min_value`` and
``max_value`` (sizes ``min_size`` and ``max_size``), each argument takes one
type (a rule set is a :class:`~fourhundred.spec.model.Rules` value: load one
from a variant string with :func:`fourhundred.spec.registry.load`, or draw
them with :func:`rule_sets`), and every argument is checked when the strategy
is built: a bad one raises :class:`hypothesis.errors.InvalidArgument` at once,
never halfway through a test run. No argument is a distribution hint.

They put their weight where the rules bite, on the edges named by the input
layer (:mod:`fourhundred.conformance.edges`): scores on both sides of every
band edge (29/30, 39/40, 49/50), near the target, partners on 0 and 1, big
bids and 13, hands thrown in. The value strategies are built from Hypothesis
primitives so a failing example shrinks well (scores toward 0, tricks toward
North, cards toward the two of clubs); :func:`case_inputs` and :func:`cases`
read the kind registry (:mod:`fourhundred.conformance.kinds`) and run each
kind's own generator on a random source Hypothesis seeds (they shrink by the
seed), so a new kind has its strategy without a line here. Every value they draw is *valid* for its kind
(:attr:`fourhundred.conformance.kinds.Kind.is_valid`): legal bids, tricks adding
to 13, scored hands that are played. Expected values in :func:`cases` come
from the executable specification.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from fourhundred.conformance import adapter, edges, inputs, kinds, random_games
from fourhundred.conformance.coverage import make_case
from fourhundred.spec.cards import CARDS_PER_HAND, FULL_DECK, sorted_cards
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import VariantError, all_readings, get, names

Json = dict[str, Any]

__all__ = [
    "band_edge_scores",
    "bids",
    "cards",
    "case_inputs",
    "cases",
    "deals",
    "four_bids",
    "hands",
    "partner_scores",
    "positions",
    "rule_sets",
    "scores",
    "tricks",
    "whole_games",
]

#: Where :func:`band_edge_scores` stops by default: one past the edge from which
#: nobody can bid under an endlessly rising own minimum.
DEFAULT_EDGE_MAX = edges.UNBIDDABLE_EDGE + 1


# ----------------------------------------------------------------------
# Argument checks (eager: when the strategy is built)
# ----------------------------------------------------------------------


def _check_int(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidArgument(f"{name}={value!r} must be an int")
    return value


def _check_optional_int(name: str, value: object) -> int | None:
    return None if value is None else _check_int(name, value)


def _check_bounds(min_value: object, max_value: object) -> tuple[int | None, int | None]:
    low = _check_optional_int("min_value", min_value)
    high = _check_optional_int("max_value", max_value)
    if low is not None and high is not None and low > high:
        raise InvalidArgument(f"min_value={low} is above max_value={high}")
    return low, high


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise InvalidArgument(
            f"rules={rules!r} must be a Rules value; load one from a variant string with "
            "fourhundred.spec.registry.load, e.g. load('qahwa-400')"
        )
    return rules


def _check_kind(kind: object, allowed: Sequence[str] = kinds.KIND_NAMES) -> str:
    if not isinstance(kind, str) or kind not in allowed:
        raise InvalidArgument(f"kind={kind!r} is not one of {', '.join(allowed)}")
    return kind


def _check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidArgument(f"{name}={value!r} must be a bool")
    return value


def _within(values: Sequence[int], low: int | None, high: int | None) -> list[int]:
    return [v for v in values if (low is None or v >= low) and (high is None or v <= high)]


# ----------------------------------------------------------------------
# Numbers
# ----------------------------------------------------------------------


def band_edge_scores(
    min_value: int | None = None, max_value: int | None = None
) -> st.SearchStrategy[int]:
    """Scores next to an edge (:func:`fourhundred.conformance.edges.edge_scores`): -1/0/1
    around the partner edge and both sides of every band edge, 29/30/31, 39/40/41 ...,
    from ``min_value`` (default -1) to ``max_value`` (default 141, past the score
    from which an endlessly rising own minimum passes 13)."""
    low, high = _check_bounds(min_value, max_value)
    low = edges.PARTNER_EDGE - 1 if low is None else low
    high = max(low, DEFAULT_EDGE_MAX) if high is None else high
    near = edges.edge_scores(low, high)
    if not near:
        raise InvalidArgument(f"no score next to an edge lies in [{low}, {high}]")
    return st.sampled_from(near)


def partner_scores() -> st.SearchStrategy[int]:
    """The scores that decide the partner condition: two either side of 0
    (:data:`fourhundred.conformance.edges.PARTNER_EDGE_SCORES`)."""
    return st.sampled_from(edges.PARTNER_EDGE_SCORES)


def scores(min_value: int | None = None, max_value: int | None = None) -> st.SearchStrategy[int]:
    """A player's score from ``min_value`` to ``max_value`` (an open end when None),
    often one next to an edge: the partner edge or a band edge."""
    low, high = _check_bounds(min_value, max_value)
    edge_low = edges.PARTNER_EDGE - 2 if low is None else low
    edge_high = DEFAULT_EDGE_MAX if high is None else high
    near = sorted(
        set(_within(edges.PARTNER_EDGE_SCORES, low, high))
        | set(edges.edge_scores(edge_low, edge_high) if edge_low <= edge_high else ())
    )
    anywhere = st.integers(low, high)
    return st.one_of(anywhere, st.sampled_from(near)) if near else anywhere


def _scores_near(target: int) -> st.SearchStrategy[int]:
    """A score for a hand played to ``target``: anywhere below a band past it, next to
    an edge, or near it (:data:`fourhundred.conformance.edges.NEAR_TARGET`)."""
    below, above = edges.NEAR_TARGET
    return st.one_of(
        scores(-60, target + 30), st.integers(target + below, target + above), partner_scores()
    )


def bids(
    rules: Rules,
    own_score: int = 0,
    *,
    min_value: int | None = None,
    max_value: int | None = None,
) -> st.SearchStrategy[int]:
    """A legal bid under ``rules`` for a player on ``own_score``, from ``min_value``
    to ``max_value`` (by default every legal bid). Raises InvalidArgument when no
    legal bid lies in range (as from 140 under an endlessly rising own minimum)."""
    rules = _check_rules(rules)
    own = _check_int("own_score", own_score)
    low, high = _check_bounds(min_value, max_value)
    legal_low = inputs.fast_rules(rules).own_minimum_bid(own)
    top = min(rules.max_bid, rules.max_bid if high is None else high)
    bottom = max(legal_low, legal_low if low is None else low)
    if bottom > top:
        raise InvalidArgument(
            f"no legal bid in [{low}, {high}] for own_score={own} under {rules}: "
            f"the legal bids are {legal_low} to {rules.max_bid}"
        )
    return st.one_of(st.integers(bottom, top), st.just(top))


def tricks() -> st.SearchStrategy[list[int]]:
    """Tricks by seat (N, W, S, E) adding to 13, drawn as the winner of each trick."""
    return st.lists(st.integers(0, 3), min_size=13, max_size=13).map(
        lambda winners: [winners.count(seat) for seat in range(4)]
    )


def _biddable_scores(rules: Rules, target: int) -> st.SearchStrategy[list[int]]:
    one = _scores_near(target).filter(lambda s: inputs.biddable(rules, s))
    return st.lists(one, min_size=4, max_size=4)


def four_bids(
    rules: Rules, table_scores: Sequence[int], *, played: bool = False
) -> st.SearchStrategy[list[int]]:
    """Four legal bids for these scores (by seat); with ``played``, raised seat by seat,
    North first, until the hand is played (draws where it cannot be are rejected)."""
    rules = _check_rules(rules)
    if not isinstance(table_scores, Sequence) or len(table_scores) != 4:
        raise InvalidArgument(f"table_scores={table_scores!r} must be four scores, by seat")
    table = [_check_int("table_scores[]", s) for s in table_scores]
    played = _check_bool("played", played)
    seat_bids = [bids(rules, score) for score in table]  # checks every seat can bid
    chosen = st.tuples(*seat_bids).map(list)
    if not played:
        return chosen
    fast = inputs.fast_rules(rules)

    def raised(start: list[int]) -> list[int]:
        result = inputs.raised_until(
            start,
            lambda b: bool(fast.hand_is_played(b, table)),
            inputs.in_turn(range(4), rules.max_bid),
        )
        if result is None:
            reject()  # no raise of these bids is played (a table comparison of "exactly")
        return result

    return chosen.map(raised)


# ----------------------------------------------------------------------
# Cards
# ----------------------------------------------------------------------


def cards() -> st.SearchStrategy[str]:
    """One card in notation (``AH``, ``TC``...)."""
    return st.sampled_from(FULL_DECK)


def hands(min_size: int = 0, max_size: int | None = None) -> st.SearchStrategy[list[str]]:
    """A hand: distinct cards, from ``min_size`` to ``max_size`` of them (at most 13,
    the default; 13 for a dealt hand)."""
    low = _check_int("min_size", min_size)
    high = CARDS_PER_HAND if max_size is None else _check_int("max_size", max_size)
    if not 0 <= low <= high <= CARDS_PER_HAND:
        raise InvalidArgument(
            f"min_size={low}, max_size={high}: a hand holds 0 to {CARDS_PER_HAND} cards, "
            "min_size no more than max_size"
        )
    return st.lists(cards(), min_size=low, max_size=high, unique=True)


def deals() -> st.SearchStrategy[tuple[tuple[str, ...], ...]]:
    """Four 13-card hands making up the pack, by seat."""
    return st.permutations(FULL_DECK).map(
        lambda deck: tuple(sorted_cards(deck[13 * seat : 13 * seat + 13]) for seat in range(4))
    )


# ----------------------------------------------------------------------
# Rule sets and positions
# ----------------------------------------------------------------------


def rule_sets(variant: str | None = None) -> st.SearchStrategy[Rules]:
    """A variant (a name or alias, e.g. ``"qahwa-400"``) under its defaults or one
    non-default reading; every variant when None."""
    if variant is None:
        chosen = list(names())
    else:
        if not isinstance(variant, str):
            raise InvalidArgument(f"variant={variant!r} must be a variant name or None")
        try:
            chosen = [get(variant).name]
        except VariantError as error:
            raise InvalidArgument(f"variant={variant!r}: {error}") from None
    return st.sampled_from([rules for name in chosen for rules in all_readings(name)])


def positions(rules: Rules) -> st.SearchStrategy[inputs.Position]:
    """A position to start a hand from under ``rules``
    (:func:`fourhundred.conformance.inputs.is_valid_position`): a target in force,
    scores around it from which everyone can bid, any dealer."""
    rules = _check_rules(rules)
    return st.sampled_from(edges.target_edges(rules)).flatmap(
        lambda target: st.builds(
            lambda table, dealer: inputs.Position(
                (table[0], table[1], table[2], table[3]), dealer, target
            ),
            _biddable_scores(rules, target),
            st.integers(0, 3),
        )
    )


# ----------------------------------------------------------------------
# Case inputs and whole cases
# ----------------------------------------------------------------------


def case_inputs(kind: str, rules: Rules) -> st.SearchStrategy[Json]:
    """A valid input of a case kind under ``rules``: the kind's own generator
    (:attr:`fourhundred.conformance.kinds.Kind.generate`, weighted on the edges) run
    on a :class:`random.Random` that Hypothesis seeds. An input makes dozens of
    random choices (a whole game thousands), too many to draw one by one: it is
    drawn, replayed and shrunk by its seed."""
    entry = kinds.kind(_check_kind(kind))
    rules = _check_rules(rules)
    return st.randoms(use_true_random=True).map(lambda rng: entry.generate(rng, rules))


def whole_games(rules: Rules) -> st.SearchStrategy[Json]:
    """A whole_game input ``{first_dealer, actions}`` played by the reference's heuristic
    players (drawn from one seed: the game itself does not shrink, the seed does)."""
    rules = _check_rules(rules)
    return st.integers(0, 2**32 - 1).map(
        lambda seed: random_games.whole_game_input(random.Random(seed), rules)
    )


def cases(kind: str, rules: Rules) -> st.SearchStrategy[Json]:
    """A conformance case of ``kind`` under ``rules`` with the specification's expected
    answer (``conformance/schema/case-file.schema.json``)."""
    kind = _check_kind(kind)
    rules = _check_rules(rules)
    return case_inputs(kind, rules).map(
        lambda data: make_case(
            f"{kind}.hypothesis.case",
            kind,
            rules,
            data,
            adapter.spec_answer(kind, rules, data),
            f"a {kind} case drawn by Hypothesis",
        )
    )
