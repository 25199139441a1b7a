"""No bug hides another: which cases tell each rule point apart from the others.

A rule point's *isolating* case fails under its mutant and passes under the
mutant of every other point that can occur beside it (in one engine, under the
same rule set): in an engine with both bugs, that case still shows this one
alone. Two points cannot occur together when they are about the same thing
(:func:`aspect`: one field read two ways, one bid's value, one behaviour), so
those are left out.

Where no single case isolates a point, it may still be *separated* from each
other point by some case (it fails there and the other passes); a point that
another point's failures contain (every case it fails, the other fails too) is
*hidden* by it: an engine with both shows only the other's cases, and only the
answers can still tell. :func:`isolation` computes all three from the fault
dictionary (:mod:`fourhundred.conformance.faults`), so ``fourhundred conformance
coverage`` reports them per point without answering a case.

Turn-order and dealer points (:data:`TURN_FAMILIES`) must have a failing case
that is not a whole game probing an illegal action: such a game fails first on
the illegal action under many other bugs, and the turn rule behind it is then
seen by nothing (:func:`carriers`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from fourhundred.conformance import faults, game_cases, points
from fourhundred.conformance.game_records import final_record, hand_record
from fourhundred.conformance.suite import Run
from fourhundred.reference.engine import GameState, Phase

Json = dict[str, Any]

#: The families whose points are turn order or who deals.
TURN_FAMILIES = frozenset({"dealer", "leader", "dealer-after-throw-in"})
#: The fields whose flips are turn order. (Whether the dealer may throw in is a rule of
#: what is legal, not of whose turn it is: only a throw-in accepted or rejected shows it.)
TURN_FIELDS = frozenset({"bidding_order", "play_order"})


def aspect(point_id: str) -> tuple[str, ...]:
    """What a point is about, as a key: two points with one key cannot occur in one
    engine (they read one field, one bid's value, one band score, one behaviour)."""
    family, _, rest = point_id.partition("/")
    if family in ("cards", "action"):
        return (family, rest)
    variant, _, tail = rest.partition("/")
    if family in ("flip", "off-by-one"):
        return (variant, "field", tail.split("=", 1)[0])
    if family in ("value-early", "value-late"):
        bid = int(tail)
        return (variant, "value", str(bid - 1 if family == "value-early" else bid))
    if family in ("band-early", "band-late"):
        edge = int(tail)
        return (variant, "band", str(edge - 1 if family == "band-early" else edge))
    return (variant, family)


def is_turn_point(point_id: str) -> bool:
    """Whether a point is about turn order or the dealer."""
    family, _, rest = point_id.partition("/")
    if family in TURN_FAMILIES:
        return True
    return family == "flip" and rest.rpartition("/")[2].split("=", 1)[0] in TURN_FIELDS


@dataclass(frozen=True)
class Isolation:
    """How one rule point stands apart from the points that can occur beside it."""

    point: str
    #: Failing runs that every co-occurring point passes (id@variant).
    isolating: tuple[str, ...]
    #: Co-occurring points whose failures contain all of this point's.
    hidden_by: tuple[str, ...]
    #: Co-occurring points that fail a run this one fails (the ones it must be told from).
    neighbours: int

    @property
    def isolated(self) -> bool:
        return bool(self.isolating)

    @property
    def reason(self) -> str:
        """Why no case isolates it ("" when one does)."""
        if self.isolating:
            return ""
        if self.hidden_by:
            shown = ", ".join(self.hidden_by[:3])
            more = f" and {len(self.hidden_by) - 3} more" if len(self.hidden_by) > 3 else ""
            return f"every case it fails, {shown}{more} fails too: only the answers tell them apart"
        return (
            f"each of its cases fails under one of {self.neighbours} other points too; "
            "each of those is told apart from it by some case, but none by one case alone"
        )


def _rule_set_points() -> dict[str, list[points.Point]]:
    found: dict[str, list[points.Point]] = {}
    for point in points.points():
        for variant in point.rule_sets:
            found.setdefault(variant, []).append(point)
    return found


def isolation(dictionary: faults.Dictionary | None = None) -> dict[str, Isolation]:
    """Every rule point's :class:`Isolation` (from the committed dictionary by default)."""
    found = faults.read() if dictionary is None else dictionary
    if found is None:
        return {}
    failing = {point.id: set(found.failing(point.id)) for point in points.points()}
    by_variant = _rule_set_points()
    result: dict[str, Isolation] = {}
    for point in points.points():
        mine = failing[point.id]
        key = aspect(point.id)
        others = {
            other.id
            for variant in point.rule_sets
            for other in by_variant.get(variant, ())
            if other.id != point.id and aspect(other.id) != key
        }
        touching = [other for other in sorted(others) if failing[other] & mine]
        shadow: set[str] = set()
        hidden = []
        for other in touching:
            theirs = failing[other]
            shadow |= theirs & mine
            if mine <= theirs:
                hidden.append(other)
        isolating = tuple(sorted(mine - shadow))
        result[point.id] = Isolation(point.id, isolating, tuple(hidden), len(touching))
    return result


def carriers(runs: Sequence[Run], dictionary: faults.Dictionary | None = None) -> dict[str, int]:
    """For each turn-order or dealer point: how many of its failing runs are not whole
    games probing an illegal action (0: only such games carry it)."""
    found = faults.read() if dictionary is None else dictionary
    if found is None:
        return {}
    probing = {run.key for run in runs if _probes_illegal(run)}
    return {
        point.id: sum(1 for key in found.failing(point.id) if key not in probing)
        for point in points.points()
        if is_turn_point(point.id)
    }


def _probes_illegal(run: Run) -> bool:
    expected = run.case.get("expected")
    return (
        run.kind == "whole_game"
        and isinstance(expected, Mapping)
        and bool(expected.get("rejected"))
    )


@cache
def committed() -> Mapping[str, Isolation]:
    """:func:`isolation` of the committed dictionary (cached)."""
    return isolation()


# ----------------------------------------------------------------------
# Whole games that probe no illegal action (the generator adds them)
# ----------------------------------------------------------------------

#: How a clean game's players bid: ``exact``: what they will take. (Bidding a trick
#: under it cannot reach the table minimum of 11 of 13 tricks in most hands, so no
#: played hand escapes both "made needs one more" and "a failed bid costs nothing".)
BIDDINGS = ("exact",)
#: Seeds of clean games tried per rule set and bidding.
CLEAN_SEEDS = 4


def _clean_bids(state: GameState, tricks: Sequence[int], how: str) -> list[int] | None:
    from fourhundred.conformance.games import planned_bids

    bids = planned_bids(state, lambda seat, _: tricks[seat] - 1 if how == "over" else tricks[seat])
    return bids if bids is not None and state.fast.hand_is_played(bids, state.scores) else None


def clean_game_case(variant: str, first_dealer: int, seed: str, how: str) -> Json | None:
    """A whole game with no illegal action (``how``: :data:`BIDDINGS`), or ``None`` when
    its first hand would not be played; every hand whose bids fall short is thrown in."""
    from fourhundred.conformance import games
    from fourhundred.reference import engine, shuffle
    from fourhundred.spec.registry import load

    rules = load(variant)
    script = games.Script(engine.new_game(rules, first_dealer))
    for hand_number in range(games.MAX_HANDS):
        if script.state.phase is Phase.GAME_OVER:
            break
        deal = shuffle.deal_from_seed(f"{seed}/{hand_number}", script.state.dealer, rules)
        script.act(str(deal))
        bids = _clean_bids(script.state, games.tricks_by_policy(script.state), how)
        if bids is None:
            if hand_number == 0:
                return None
            break
        for seat in rules.bidding_seats(script.state.dealer):
            script.act(f"bid {bids[seat]}")
        while script.state.phase is Phase.PLAY:
            script.act(f"play {games.policy_card(script.state)}")
    return game_cases.script_case(
        script,
        f"a game with no illegal action, every bid {how} ({len(script.hands)} hands)",
        {"first_dealer": first_dealer},
        ["first-dealer", "dealer-rotation", "score-basis"],
    )


def throw_in_game_case(variant: str, first_dealer: int) -> Json | None:
    """Two hands thrown in, every player bidding the own minimum (so the bidding order
    changes nothing), each deal made by the seat that must deal (``S: deal ...``): a
    dealer wrongly kept after a throw-in is told by the rejected deal alone."""
    from fourhundred.conformance import coverage
    from fourhundred.reference import engine, shuffle
    from fourhundred.reference.transcript import apply_text
    from fourhundred.spec.cards import SEAT_NAMES
    from fourhundred.spec.registry import load

    rules = load(variant)
    state = engine.new_game(rules, first_dealer)
    actions: list[str] = []
    hands: list[Json] = []
    for hand_number in range(3):
        deal = shuffle.deal_from_seed(f"throw-in/{hand_number}", state.dealer, rules)
        actions.append(f"{SEAT_NAMES[state.dealer]}: {deal}")
        state = apply_text(state, actions[-1])
        if hand_number == 2:
            break
        lows = [state.fast.own_minimum_bid(score) for score in state.scores]
        if max(lows) > rules.max_bid or state.fast.hand_is_played(lows, state.scores):
            return None
        for _ in range(4):
            before = len(state.history)
            actions.append(f"bid {lows[0]}" if len(set(lows)) == 1 else "")
            if not actions[-1]:
                return None
            state = apply_text(state, actions[-1])
            if len(state.history) > before:
                hands.append(hand_record(state, len(actions) - 1))
    return {
        "id": "",
        "kind": "whole_game",
        "description": "two hands thrown in (every bid the own minimum), each deal by "
        "the seat that must deal",
        "variants": [str(rules)],
        "rules": coverage.rule_references(rules.variant, "whole_game"),
        "ambiguities": coverage.ambiguity_references(
            rules, "whole_game", ["first-dealer", "dealer-rotation", "throw-in"]
        ),
        "input": {"first_dealer": first_dealer, "actions": actions},
        "expected": {"rejected": [], "hands": hands, "final": final_record(state)},
    }


def clean_candidates(variant: str) -> Iterator[Json]:
    """The whole games with no illegal action a point of ``variant`` may be isolated by,
    the throw-in games first."""
    for first_dealer in (0, 1):
        case = throw_in_game_case(variant, first_dealer)
        if case is not None:
            yield case
    for how in BIDDINGS:
        for seed in range(CLEAN_SEEDS):
            case = clean_game_case(variant, seed % 4, f"clean/{how}/{seed}", how)
            if case is not None:
                yield case
