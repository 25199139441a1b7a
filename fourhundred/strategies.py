"""Hypothesis strategies for 400 and 41: scores, bids, hands, case inputs, whole cases and games.

For property tests of your own implementation::

    from hypothesis import given
    from fourhundred import strategies as fh

    @given(fh.cases("game_outcome", "qahwa-400"))
    def test_my_engine_settles_hands_like_the_reference(case):
        assert my_engine.settle(case["input"]) == case["expected"]

The strategies put their weight where the rules bite, as the fuzzer's
generators do (:mod:`fourhundred.conformance.inputs`): scores on both sides of every
band edge (29/30, 39/40, 49/50), near the target, partners on 0 and 1,
negative scores, big bids and 13, hands thrown in. They are built from
Hypothesis primitives so a failing example shrinks well (scores toward 0,
tricks toward North, cards toward the two of clubs), and every value they
draw is *valid* for its kind (:func:`fourhundred.conformance.inputs.is_valid`):
legal bids, tricks adding to 13, scored hands that are played. Expected
values in :func:`cases` come from the executable specification.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from fourhundred.conformance import inputs
from fourhundred.spec.cards import FULL_DECK
from fourhundred.spec.model import BAND_START, BAND_WIDTH, Rules
from fourhundred.spec.registry import all_readings, load, names

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
    "rule_sets",
    "scores",
    "tricks",
    "whole_games",
]


def _rules(rules: Rules | str) -> Rules:
    return load(rules) if isinstance(rules, str) else rules


# ----------------------------------------------------------------------
# Numbers
# ----------------------------------------------------------------------


def band_edge_scores(top: int = 140) -> st.SearchStrategy[int]:
    """Scores on both sides of every band edge up to ``top``: 29/30/31, 39/40/41 ..."""
    edges = sorted(
        {edge + offset for edge in range(BAND_START, top + 1, BAND_WIDTH) for offset in (-1, 0, 1)}
        | {-1, 0, 1}
    )
    return st.sampled_from(edges)


def partner_scores() -> st.SearchStrategy[int]:
    """The scores that decide the partner condition: around 0."""
    return st.sampled_from((-2, -1, 0, 1, 2))


def scores(target: int = 41, low: int = -60, high: int | None = None) -> st.SearchStrategy[int]:
    """A player's score: band edges, near the target, around 0, or anywhere in [low, high]."""
    top = target + 30 if high is None else high
    return st.one_of(
        st.integers(low, top),
        band_edge_scores(),
        st.integers(target - 12, target + 3),
        partner_scores(),
    )


def bids(rules: Rules | str, own_score: int = 0) -> st.SearchStrategy[int]:
    """A legal bid for a player on ``own_score`` (none if the own minimum is above the largest bid)."""
    rules = _rules(rules)
    low = inputs.fast_rules(rules).own_minimum_bid(own_score)
    if low > rules.max_bid:
        return st.nothing()
    return st.one_of(st.integers(low, rules.max_bid), st.just(rules.max_bid))


def tricks() -> st.SearchStrategy[list[int]]:
    """Tricks by seat (N, W, S, E) adding to 13, drawn as the winner of each trick."""
    return st.lists(st.integers(0, 3), min_size=13, max_size=13).map(
        lambda winners: [winners.count(seat) for seat in range(4)]
    )


def _biddable_scores(rules: Rules, target: int) -> st.SearchStrategy[list[int]]:
    one = scores(target).filter(lambda s: inputs.biddable(rules, s))
    return st.lists(one, min_size=4, max_size=4)


@st.composite
def four_bids(
    draw: st.DrawFn, rules: Rules | str, table_scores: Sequence[int], played: bool = False
) -> list[int]:
    """Four legal bids for these scores; with ``played``, raised (seat by seat, N first) until
    the hand is played — or rejected if it cannot be."""
    rules = _rules(rules)
    chosen = [draw(bids(rules, score)) for score in table_scores]
    if not played:
        return chosen
    fast = inputs.fast_rules(rules)
    seat = 0
    for _ in range(60):
        if fast.hand_is_played(chosen, table_scores):
            return chosen
        if all(b >= rules.max_bid for b in chosen):
            break
        if chosen[seat] < rules.max_bid:
            chosen[seat] += 1
        seat = (seat + 1) % 4
    if fast.hand_is_played(chosen, table_scores):
        return chosen
    from hypothesis import reject

    reject()
    raise AssertionError("unreachable")


# ----------------------------------------------------------------------
# Cards
# ----------------------------------------------------------------------


def cards() -> st.SearchStrategy[str]:
    """One card in notation (``AH``, ``TC``...)."""
    return st.sampled_from(FULL_DECK)


def hands(min_size: int = 1, max_size: int = 13) -> st.SearchStrategy[list[str]]:
    """A hand: distinct cards (13 for a dealt hand)."""
    return st.lists(cards(), min_size=min_size, max_size=max_size, unique=True)


def deals() -> st.SearchStrategy[tuple[tuple[str, ...], ...]]:
    """Four 13-card hands making up the pack, by seat."""
    return st.permutations(FULL_DECK).map(
        lambda deck: tuple(
            tuple(sorted(deck[13 * seat : 13 * seat + 13], key=FULL_DECK.index))
            for seat in range(4)
        )
    )


# ----------------------------------------------------------------------
# Case inputs and whole cases
# ----------------------------------------------------------------------


def rule_sets(variant: str | None = None) -> st.SearchStrategy[Rules]:
    """A variant under its defaults or one non-default reading (every variant if None)."""
    chosen = [variant] if variant is not None else list(names())
    return st.sampled_from([rules for name in chosen for rules in all_readings(name)])


@st.composite
def case_inputs(draw: st.DrawFn, kind: str, rules: Rules | str) -> Json:
    """A valid input of a case kind under ``rules`` (see the module docstring)."""
    rules = _rules(rules)
    if kind == "bid_value":
        own = draw(scores(rules.target))
        highest = own + draw(st.one_of(st.just(0), st.integers(0, 60)))
        bid = draw(
            st.one_of(
                st.integers(rules.min_bid, rules.max_bid), st.sampled_from(inputs.SPECIAL_BIDS)
            )
        )
        return {
            "bid": max(rules.min_bid, min(rules.max_bid, bid)),
            "own_score": own,
            "highest_score": highest,
        }
    if kind == "legal_bids":
        return {"own_score": draw(scores(rules.target))}
    if kind == "trick_winner":
        return {"trick": draw(hands(4, 4))}
    if kind == "legal_plays":
        hand = draw(hands())
        led = draw(st.one_of(st.none(), cards().filter(lambda c: c not in hand)))
        return {"hand": hand, "led": led}
    if kind == "whole_game":
        return draw(whole_games(rules))
    target = rules.target
    if kind == "game_outcome" and rules.both_qualify == "raise_target":
        target += BAND_WIDTH * draw(st.integers(0, 2))
    table_scores = draw(_biddable_scores(rules, target))
    if kind == "table_minimum":
        return {"scores": table_scores, "bids": draw(four_bids(rules, table_scores))}
    data: Json = {
        "scores": table_scores,
        "bids": draw(four_bids(rules, table_scores, played=True)),
        "tricks": draw(tricks()),
    }
    if kind == "game_outcome":
        data["dealer"] = draw(st.integers(0, 3))
        data["target_in_force"] = target
    elif kind != "hand_scoring":
        raise ValueError(f"unknown kind {kind!r}")
    return data


def whole_games(variant: Rules | str) -> st.SearchStrategy[Json]:
    """A whole_game input ``{first_dealer, actions}`` played by the reference's heuristic
    players (drawn from one seed: the game itself does not shrink, the seed does)."""
    rules = _rules(variant)
    return st.integers(0, 2**32 - 1).map(
        lambda seed: inputs.whole_game_input(random.Random(seed), rules)
    )


@st.composite
def cases(draw: st.DrawFn, kind: str, variant: Rules | str) -> Json:
    """A conformance case of ``kind`` under ``variant`` with the specification's expected answer
    (``conformance/schema/case-file.schema.json``)."""
    from fourhundred.conformance.coverage import make_case
    from fourhundred.fuzz.cases import spec_expected

    rules = _rules(variant)
    data = draw(case_inputs(kind, rules))
    expected = spec_expected(kind, rules, data)
    return make_case(
        f"{kind}.hypothesis.case", kind, rules, data, expected, f"a {kind} case drawn by Hypothesis"
    )
