"""Shrinking: from a disagreement on a random input to the smallest input that shows it.

A greedy shrinker over the structured input (in the manner of Hypothesis's
shrinker and of delta debugging), with one rule: a step is taken only if the
new input is *valid* for its kind (:attr:`fourhundred.conformance.kinds.Kind.is_valid`),
*smaller* by :func:`size` (a strict order, so shrinking always ends), and
still departs from the reference in the *same way* (same kind, variant,
status and differing output fields: :attr:`Disagreement.shape`), so it never
slides from one defect into another.

Steps on the pure kinds, repeated until none applies:

* every integer towards 0: straight to 0, then by bisection (the smallest
  failing magnitude, which lands a band-edge defect on the edge itself:
  30, not 37), then one at a time; a bid is thereby pulled down to its
  bidder's minimum, the dealer to North, a raised target to the base target;
* two numbers of a list (two bids, two scores) one step toward 0 together;
* a trick moved from one player to another;
* a hand cut to one of its cards, to either half, or by one card; a card replaced by a lower one of its suit or
  by the same rank in a lower suit, a led card removed (leading instead).

Whole games (delta debugging over hands): drop the illegal actions; cut the
game just after the first departure (bisection on the prefix length); drop
whole hands, turn a played hand into a thrown-in one, replace a deal by the
sorted deal, deal first from North; each time re-deriving legal actions from
the remaining hand plans (:func:`fourhundred.fuzz.games.materialize`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance.kinds import kind as case_kind
from fourhundred.fuzz import games
from fourhundred.fuzz.compare import Disagreement
from fourhundred.reference.actions import Deal
from fourhundred.spec.cards import FULL_DECK, SUITS
from fourhundred.spec.model import Rules

Json = dict[str, Any]
#: Runs the reference and the implementation on an input; the disagreement or None.
Check = Callable[[Json], "Disagreement | None"]
#: The reference's answer to an input (whole games: which actions it rejects).
Reference = Callable[[Json], Json]

_CARD_INDEX = {card: index for index, card in enumerate(FULL_DECK)}


@dataclass(frozen=True)
class Shrunk:
    """The end of a shrink: the smallest input found, its disagreement, and the effort."""

    data: Json
    disagreement: Disagreement
    checks: int
    steps: int
    seconds: float


# ----------------------------------------------------------------------
# Size: a strict order on inputs
# ----------------------------------------------------------------------


def _leaf_cost(value: Any) -> int:
    if value is None or isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return 2 * abs(value) + (1 if value < 0 else 0)
    if isinstance(value, str):
        return _CARD_INDEX.get(value, len(value))
    return 0


def _flatten(value: Any, out: list[int]) -> None:
    if isinstance(value, dict):
        for key in sorted(value):
            _flatten(value[key], out)
    elif isinstance(value, list):
        out.append(len(value))
        for item in value:
            _flatten(item, out)
    else:
        out.append(_leaf_cost(value))


def size(kind: str, data: Mapping[str, Any]) -> tuple[int, ...]:
    """How big an input is: for whole games, the number of actions first; then the
    number of list items, the sum of costs (magnitudes, card positions), and the
    costs in order as a tie-break."""
    flat: list[int] = []
    _flatten(dict(data), flat)
    if kind == "whole_game":
        actions = data.get("actions", [])
        deals = sum(1 for a in actions if isinstance(a, str) and a.startswith("deal"))
        unsorted = sum(
            1
            for a in actions
            if isinstance(a, str) and a.startswith("deal") and a != _SORTED_DEAL_TEXT
        )
        return (len(actions), deals, unsorted, int(data.get("first_dealer", 0)))
    items = sum(
        len(v) for v in data.values() if isinstance(v, list) and v and isinstance(v[0], str)
    )
    return (items, sum(flat), *flat)


_SORTED_DEAL_TEXT = str(Deal(games.SORTED_DEAL))


# ----------------------------------------------------------------------
# Candidate moves for the pure kinds
# ----------------------------------------------------------------------


def _toward_zero(value: int) -> list[int]:
    """Values strictly closer to 0 than ``value``: 0, halfway, one step."""
    if value == 0:
        return []
    step = 1 if value > 0 else -1
    half = value // 2 if value > 0 else -((-value) // 2)
    out = [0, half, value - step]
    if value < 0:
        out.insert(1, -value)  # -30 -> 30 is not closer, but 2|x|+1 > 2|x|: cheaper
    return list(dict.fromkeys(v for v in out if v != value))


def _int_paths(data: Json) -> Iterator[tuple[str, int | None]]:
    for key in sorted(data):
        value = data[key]
        if isinstance(value, int) and not isinstance(value, bool):
            yield key, None
        elif isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, int) and not isinstance(item, bool):
                    yield key, index


def _get(data: Json, path: tuple[str, int | None]) -> int:
    key, index = path
    value = data[key] if index is None else data[key][index]
    return int(value)


def _set(data: Json, path: tuple[str, int | None], value: Any) -> Json:
    key, index = path
    new = dict(data)
    if index is None:
        new[key] = value
    else:
        items = list(new[key])
        items[index] = value
        new[key] = items
    return new


def _lower_cards(card: str) -> list[str]:
    rank, suit = card[0], card[1]
    out = []
    if rank != "2":
        out.append("2" + suit)
        lower = "23456789TJQKA"[max(0, "23456789TJQKA".index(rank) - 1)]
        out.append(lower + suit)
    for other in SUITS[: SUITS.index(suit)]:
        out.append(rank + other)
    return list(dict.fromkeys(out))


def _card_moves(data: Json) -> Iterator[Json]:
    if "led" in data and data["led"] is not None:
        yield {**data, "led": None}
    for key in ("hand", "trick"):
        cards = data.get(key)
        if not isinstance(cards, list):
            continue
        if key == "hand" and len(cards) > 1:
            for card in cards:  # one card alone, then halves, then one card fewer
                yield {**data, key: [card]}
            half = len(cards) // 2
            yield {**data, key: cards[:half]}
            yield {**data, key: cards[half:]}
            for index in range(len(cards)):
                yield {**data, key: cards[:index] + cards[index + 1 :]}
        for index, card in enumerate(cards):
            if not isinstance(card, str) or len(card) != 2:
                continue
            for lower in _lower_cards(card):
                if lower not in cards:
                    yield {**data, key: [*cards[:index], lower, *cards[index + 1 :]]}
    led = data.get("led")
    if isinstance(led, str) and len(led) == 2:
        for lower in _lower_cards(led):
            yield {**data, "led": lower}


def _pair_moves(data: Json) -> Iterator[Json]:
    """Two numbers of one list one step toward 0 together (a bid total can then stay on
    the same side of the table minimum, where lowering one bid alone would cross it)."""
    for key in sorted(data):
        values = data[key]
        if key == "tricks" or not isinstance(values, list) or len(values) != 4:
            continue
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            continue
        for first in range(4):
            for second in range(first + 1, 4):
                if values[first] and values[second]:
                    moved = list(values)
                    moved[first] -= 1 if moved[first] > 0 else -1
                    moved[second] -= 1 if moved[second] > 0 else -1
                    yield {**data, key: moved}


def _trick_moves(data: Json) -> Iterator[Json]:
    tricks = data.get("tricks")
    if not isinstance(tricks, list) or len(tricks) != 4:
        return
    for giver in range(4):
        if not isinstance(tricks[giver], int) or tricks[giver] <= 0:
            continue
        for taker in range(4):
            if taker != giver:
                moved = list(tricks)
                moved[giver] -= 1
                moved[taker] += 1
                yield {**data, "tricks": moved}


# ----------------------------------------------------------------------
# The shrinker
# ----------------------------------------------------------------------


class _Search:
    """Book-keeping of one shrink: the current input, its size, the budget."""

    def __init__(
        self,
        kind: str,
        rules: Rules,
        data: Json,
        found: Disagreement,
        check: Check,
        max_checks: int,
        deadline: float,
    ) -> None:
        self.kind, self.rules, self.check = kind, rules, check
        self.data, self.found = data, found
        self.current_size = size(kind, data)
        self.checks = self.steps = 0
        self.max_checks, self.deadline = max_checks, deadline
        self.tried: set[str] = set()

    def out_of_budget(self) -> bool:
        return self.checks >= self.max_checks or time.monotonic() > self.deadline

    def fails(self, candidate: Json) -> Disagreement | None:
        """The candidate's disagreement if it has the same shape (and is valid and new)."""
        key = repr(sorted(candidate.items()))
        if key in self.tried or self.out_of_budget():
            return None
        self.tried.add(key)
        if not case_kind(self.kind).is_valid(self.rules, candidate):
            return None
        self.checks += 1
        found = self.check(candidate)
        if found is None or found.shape != self.found.shape:
            return None
        return found

    def try_move(self, candidate: Json) -> bool:
        """Take the candidate if it is smaller and fails the same way."""
        new_size = size(self.kind, candidate)
        if new_size >= self.current_size:
            return False
        found = self.fails(candidate)
        if found is None:
            return False
        self.data, self.found, self.current_size = candidate, found, new_size
        self.steps += 1
        return True


def shrink(
    kind: str,
    rules: Rules,
    data: Json,
    found: Disagreement,
    check: Check,
    reference: Reference | None = None,
    max_checks: int = 4000,
    seconds: float = 30.0,
) -> Shrunk:
    """The smallest input found that departs from the reference as ``found`` does.

    ``check`` runs both sides on a candidate; ``reference`` (whole games only)
    gives the reference's answer, used to drop the actions it rejects.
    """
    started = time.monotonic()
    search = _Search(kind, rules, data, found, check, max_checks, started + seconds)
    if kind == "whole_game":
        _shrink_game(search, reference)
    else:
        _shrink_pure(search)
    return Shrunk(
        search.data, search.found, search.checks, search.steps, time.monotonic() - started
    )


def _shrink_pure(search: _Search) -> None:
    progress = True
    while progress and not search.out_of_budget():
        progress = False
        for path in list(_int_paths(search.data)):
            progress |= _shrink_int(search, path)
        for candidate in [
            *_pair_moves(search.data),
            *_trick_moves(search.data),
            *_card_moves(search.data),
        ]:
            if search.try_move(candidate):
                progress = True
                break


def _shrink_int(search: _Search, path: tuple[str, int | None]) -> bool:
    """Pull one integer towards 0: straight to 0, else bisect, else single steps."""
    moved = False
    value = _get(search.data, path)
    for candidate in _toward_zero(value)[:1]:
        if search.try_move(_set(search.data, path, candidate)):
            return True
    # Bisection on the magnitude: the failing value closest to 0 (if failure is monotone).
    sign = 1 if value > 0 else -1
    low, high = 0, abs(value)  # |low| does not fail (tried above), |high| fails
    while high - low > 1 and not search.out_of_budget():
        middle = (low + high) // 2
        if search.try_move(_set(search.data, path, sign * middle)):
            high = middle
            moved = True
        else:
            low = middle
    value = _get(search.data, path)
    for candidate in _toward_zero(value)[1:]:
        if search.try_move(_set(search.data, path, candidate)):
            return True
    return moved


# ----------------------------------------------------------------------
# Whole games
# ----------------------------------------------------------------------


def _shrink_game(search: _Search, reference: Reference | None) -> None:
    if reference is not None:
        _drop_rejected(search, reference)
    progress = True
    while progress and not search.out_of_budget():
        progress = _cut_after_departure(search)
        progress |= _simplify_hands(search)


def _drop_rejected(search: _Search, reference: Reference) -> None:
    """Remove the actions the reference rejects, all at once, else one by one."""
    rejected = [int(index) for index, _code in reference(search.data).get("rejected", [])]
    if not rejected:
        return
    actions = search.data["actions"]
    keep = [a for i, a in enumerate(actions) if i not in set(rejected)]
    if search.try_move({**search.data, "actions": keep}):
        return
    for index in reversed(rejected):
        actions = search.data["actions"]
        if index < len(actions):
            search.try_move({**search.data, "actions": actions[:index] + actions[index + 1 :]})


def _cut_after_departure(search: _Search) -> bool:
    """The shortest failing prefix of the actions: first just after the action where
    the answers part, then by bisection."""
    moved = False
    position = search.found.position
    if position is not None and position + 1 < len(search.data["actions"]):
        moved = search.try_move({**search.data, "actions": search.data["actions"][: position + 1]})
    actions = search.data["actions"]
    low, high = 0, len(actions)
    while high - low > 1 and not search.out_of_budget():
        middle = (low + high) // 2
        if search.try_move({**search.data, "actions": actions[:middle]}):
            high = middle
            moved = True
        else:
            low = middle
    return moved


def _simplify_hands(search: _Search) -> bool:
    """Drop a hand, throw one in, sort a deal, or deal first from North (re-deriving actions)."""
    rules = search.rules
    dealer = int(search.data["first_dealer"])
    plans = games.plans_of(rules, dealer, search.data["actions"])
    if plans is None:
        return False
    candidates: list[tuple[int, list[games.HandPlan]]] = []
    for index in range(len(plans)):
        candidates.append((dealer, plans[:index] + plans[index + 1 :]))
    for index, plan in enumerate(plans):
        if plan.plays:
            candidates.append(
                (dealer, [*plans[:index], games.thrown_in(plan), *plans[index + 1 :]])
            )
    for index, plan in enumerate(plans):
        if plan.deal != games.SORTED_DEAL:
            candidates.append(
                (dealer, [*plans[:index], games.sorted_deal(plan), *plans[index + 1 :]])
            )
    for first in range(dealer):
        candidates.append((first, plans))
    for first, candidate_plans in candidates:
        actions = games.materialize(rules, first, candidate_plans)
        if search.try_move({"first_dealer": first, "actions": actions}):
            return True
        if search.out_of_budget():
            break
    return False
