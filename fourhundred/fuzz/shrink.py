"""Shrinking: from a disagreement on a random input to the smallest input that shows it.

A greedy shrinker over the structured input (in the manner of Hypothesis's
shrinker and of delta debugging), with one rule: a step is taken only if the
new input is *valid* for its kind (:attr:`fourhundred.conformance.kinds.Kind.is_valid`),
*smaller* by :func:`size` (a strict order, so shrinking always ends), and
still departs from the reference in the *same way* (same kind, variant,
status and class of wrongness: :attr:`Disagreement.shape`), so it never
slides from one defect into another, nor from a serious form into a milder one.

Steps on the pure kinds, repeated until none applies:

* every integer towards 0: straight to 0, then by bisection (the smallest
  failing magnitude, which lands a band-edge defect on the edge itself:
  30, not 37), then one at a time; a bid is thereby pulled down to its
  bidder's minimum, the dealer to North, a raised target to the base target;
* two numbers (two bids, two scores, a score and a bid) one step toward 0 together;
* a trick moved from one player to another;
* a hand cut to one of its cards, to either half, or by one card; a card replaced by a lower one of its suit or
  by the same rank in a lower suit, a led card removed (leading instead).

Whole games (delta debugging over hands, and over the start): drop the
illegal actions; start the game at the position at the start of the hand
where the answers first part (a long game becomes one hand from a stated
position); cut the game just after the first departure (bisection on the
prefix length); drop whole hands, a hand's rejected actions or its seat
names, turn a played hand into a thrown-in one, replace a deal by the sorted
deal; pull the start's numbers toward a new game's (scores toward 0, a
raised target in force toward the variant's, the dealer toward North, the
hand number to 1); each time re-deriving legal actions from the remaining
hand plans (:func:`fourhundred.fuzz.games.materialize`). A whole-game
finding so ends as at most one hand from a stated position (more only when
the budget runs out first).

A step never moves an input that starts where a game can stand (no team has won
before the hand: :func:`fourhundred.fuzz.games.stands`) to one that does not, and the
re-derived actions of a game already cut after its departure are cut to the same length
(changing the start must not play the last hand out again).

The class of wrongness is part of what stays the same
(:attr:`Disagreement.shape`, :mod:`fourhundred.fuzz.classes`): a smaller
input that departs in another, milder, class is never taken.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fourhundred.conformance.kinds import kind as case_kind
from fourhundred.fuzz import games
from fourhundred.fuzz.compare import Disagreement
from fourhundred.reference.actions import Deal, NotationError
from fourhundred.reference.engine import GameState
from fourhundred.spec.cards import FULL_DECK, SUITS
from fourhundred.spec.model import BAND_WIDTH, Rules

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
    """How big an input is. Whole games: the number of hands (deals) first, then of
    actions, then how far the start is from a new game (:func:`_start_cost`), the
    sum of the bids, the deals that are not the sorted one, the actions that name a seat, the characters.
    Pure kinds: the number of list items, the sum of costs (magnitudes, card
    positions), and the costs in order as a tie-break."""
    if kind == "whole_game":
        actions = [a for a in data.get("actions", []) if isinstance(a, str)]
        deals = [a for a in actions if a.split(": ", 1)[-1].startswith("deal")]
        unsorted = sum(1 for a in deals if a.split(": ", 1)[-1] != _SORTED_DEAL_TEXT)
        seated = sum(1 for a in actions if a[1:3] == ": ")
        bids = [a.split("bid ", 1)[-1] for a in actions if "bid " in a]
        return (
            len(deals),
            len(actions),
            _start_cost(data),
            sum(int(b) for b in bids if b.lstrip("-").isdigit()),
            unsorted,
            seated,
            sum(len(a) for a in actions),
        )
    flat: list[int] = []
    _flatten(dict(data), flat)
    items = sum(
        len(v) for v in data.values() if isinstance(v, list) and v and isinstance(v[0], str)
    )
    return (items, sum(flat), *flat)


def _start_cost(data: Mapping[str, Any]) -> int:
    """How far a whole game's start is from the simplest: a new game dealt by North
    costs 0; a position costs its scores' magnitudes, its target in force, its dealer
    and its hand number."""
    position = data.get("position")
    if not isinstance(position, str):
        first = data.get("first_dealer")
        return first if isinstance(first, int) else 0
    fields = position.split()
    try:
        scores = [int(v) for v in fields[2].split(",")]
        target, number = int(fields[3]), int(fields[-1])
    except (IndexError, ValueError):
        return 1 << 30
    dealer = "NWSE".find(fields[1])
    return sum(_leaf_cost(v) for v in scores) + target + dealer + number


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
    """Two numbers one step toward 0 together: two of one list (two bids, two scores: a
    bid total can then stay on the same side of the table minimum, where lowering one
    bid alone would cross it), or one of each of two lists (a score and a bid: the
    highest score leaves its band as the bids drop to the lower band's minimum, where
    either alone would cross it)."""
    lists = [
        key
        for key in sorted(data)
        if key != "tricks"
        and isinstance(data[key], list)
        and len(data[key]) == 4
        and all(isinstance(v, int) and not isinstance(v, bool) for v in data[key])
    ]
    numbers = [(key, index) for key in lists for index in range(4) if data[key][index]]
    for first, (key, index) in enumerate(numbers):
        for other, at in numbers[first + 1 :]:
            moved = {name: list(data[name]) for name in {key, other}}
            moved[key][index] -= 1 if moved[key][index] > 0 else -1
            moved[other][at] -= 1 if moved[other][at] > 0 else -1
            yield {**data, **moved}


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
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.kind, self.rules, self.check = kind, rules, check
        self.data, self.found = data, found
        self.current_size = size(kind, data)
        self.checks = self.steps = 0
        self.max_checks, self.deadline, self.clock = max_checks, deadline, clock
        self.tried: set[str] = set()
        #: Whether the input starts where a game can stand: then every step keeps it so.
        self.stands = games.stands(rules, kind, data)

    def out_of_budget(self) -> bool:
        return self.checks >= self.max_checks or self.clock() > self.deadline

    def fails(self, candidate: Json) -> Disagreement | None:
        """The candidate's disagreement if it has the same shape (and is valid and new)."""
        key = repr(sorted(candidate.items()))
        if key in self.tried or self.out_of_budget():
            return None
        self.tried.add(key)
        if not case_kind(self.kind).is_valid(self.rules, candidate):
            return None
        if self.stands and not games.stands(self.rules, self.kind, candidate):
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
    clock: Callable[[], float] = time.monotonic,
) -> Shrunk:
    """The smallest input found that departs from the reference as ``found`` does.

    ``check`` runs both sides on a candidate; ``reference`` (whole games only)
    gives the reference's answer, used to drop the actions it rejects.
    """
    started = clock()
    search = _Search(kind, rules, data, found, check, max_checks, started + seconds, clock)
    if kind == "whole_game":
        _shrink_game(search, reference)
    else:
        _shrink_pure(search)
    return Shrunk(search.data, search.found, search.checks, search.steps, clock() - started)


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
        progress = _start_at_departing_hand(search)
        progress |= _cut_after_departure(search)
        progress |= _simplify_hands(search)
        progress |= _simplify_start(search)


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


def _start(search: _Search) -> GameState | None:
    try:
        return games.start_state(search.rules, search.data)
    except NotationError:
        return None


def _planned(search: _Search) -> tuple[GameState, list[games.HandPlan]] | None:
    """The start of the game being shrunk and the plans of its hands (None when
    either cannot be read)."""
    start = _start(search)
    if start is None:
        return None
    plans = games.plans_of(start, search.data["actions"])
    return None if plans is None else (start, plans)


def _start_at_departing_hand(search: _Search) -> bool:
    """Start the game at the position at the start of the hand where the answers
    first part (the hands before it dropped): a long game becomes one hand from a
    stated position."""
    start, position = _start(search), search.found.position
    if start is None or position is None:
        return False
    actions = search.data["actions"]
    begins = [(i, state) for i, state in games.hand_starts(start, actions) if i <= position]
    index, state = begins[-1]
    if index == 0:
        return False
    return search.try_move({**games.start_input(state), "actions": actions[index:]})


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


def _replanned(start: GameState, plans: Sequence[games.HandPlan], length: int) -> Json:
    """The game of ``plans`` from ``start``, its actions cut to ``length``: re-deriving
    a game already cut after its departure must not play its last hand out again."""
    actions = games.materialize(start, plans)[:length]
    return {**games.start_input(start), "actions": actions}


def _simplify_hands(search: _Search) -> bool:
    """Drop a hand, its rejected actions or its seat names; throw one in, sort a deal
    (re-deriving the actions)."""
    planned = _planned(search)
    if planned is None:
        return False
    start, plans = planned
    changes: list[Callable[[games.HandPlan], games.HandPlan | None]] = [
        lambda plan: None,
        lambda plan: games.without_extras(plan) if plan.extras else plan,
        lambda plan: games.unseated(plan) if plan.seated else plan,
        lambda plan: games.thrown_in(plan) if plan.plays or any(plan.bids) else plan,
        lambda plan: games.sorted_deal(plan) if plan.deal != games.SORTED_DEAL else plan,
    ]
    for change in changes:
        for index, plan in enumerate(plans):
            changed = change(plan)
            if changed == plan:
                continue
            rest = [
                *plans[:index],
                *([changed] if changed is not None else []),
                *plans[index + 1 :],
            ]
            if search.try_move(_replanned(start, rest, len(search.data["actions"]))):
                return True
            if search.out_of_budget():
                return False
    return False


def _simplify_start(search: _Search) -> bool:
    """Pull the start position's numbers toward a new game's: each score toward 0, a
    raised target in force back toward the variant's, the dealer toward North, the
    hand number to 1 (straight there, else by bisection, else a step)."""
    start = _start(search)
    if start is None:
        return False
    moved = False
    base = search.rules.target
    numbers: list[tuple[str, int | None, int, int]] = [
        *(("scores", seat, start.scores[seat], 0) for seat in range(4)),
        ("target_in_force", None, start.target_in_force, base),
        ("dealer", None, start.dealer, 0),
        ("hand_number", None, start.hand_number, 1),
    ]
    for name, seat, _value, simplest in numbers:
        moved |= _pull_start_number(search, name, seat, simplest)
    return moved


def _start_with(start: GameState, name: str, seat: int | None, value: int) -> GameState:
    if seat is None:
        return games.with_start(start, **{name: value})
    scores = list(start.scores)
    scores[seat] = value
    return games.with_start(start, scores=tuple(scores))


def _start_number(start: GameState, name: str, seat: int | None) -> int:
    return start.scores[seat] if seat is not None else int(getattr(start, name))


def _pull_start_number(search: _Search, name: str, seat: int | None, simplest: int) -> bool:
    """One number of the start toward ``simplest``: straight there, by bisection, by one."""
    step = BAND_WIDTH if name == "target_in_force" else 1

    def attempt(value: int) -> bool:
        planned = _planned(search)
        if planned is None:
            return False
        start, plans = planned
        moved = _start_with(start, name, seat, value)
        return search.try_move(_replanned(moved, plans, len(search.data["actions"])))

    start = _start(search)
    if start is None:
        return False
    value = _start_number(start, name, seat)
    if value == simplest:
        return False
    if attempt(simplest):
        return True
    low, high = 0, abs(value - simplest) // step  # |low| steps do not fail, |high| do
    sign = 1 if value > simplest else -1
    moved = False
    while high - low > 1 and not search.out_of_budget():
        middle = (low + high) // 2
        if attempt(simplest + sign * middle * step):
            high, moved = middle, True
        else:
            low = middle
    return moved
