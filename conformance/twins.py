"""New-game twins: for a whole game that starts from a stated position, a whole game
that reaches an equivalent position by play from a new game, then plays the same hand.

An engine that can only start a new game (an adapter that does not declare
``"positions"``, ADAPTERS.md) is never sent a position case; its twin carries the
same hand, with the same actions, to such an engine. *Equivalent* means what the
rules read at the start of a hand: the dealer, the four scores and the target in
force (the hand number and the history of earlier hands are read by no rule:
qahwa §"Scoring", medallon §"Scoring", pagat §"41" and §"400", arab3meyeh
§"Scoring" state the end of the game and every bid's worth from the scores, and
the deal passes on from the dealer alone).

How a twin is found (deterministic, no randomness): the deal is an action, so each
hand before the position deals a pack *built* for the tricks wanted
(:func:`trick_deal`: every trick is four cards of one suit, or hearts, the trump,
at the thirteenth, so who takes it does not depend on who leads). The bids then
decide each score change: a player who bids ``b`` and takes at least ``b`` tricks
gains the bid's value, one who takes fewer loses it (qahwa §"Scoring"; pagat
§"41"). :func:`plan_hands` searches the fewest hands (up to :data:`MAX_HANDS`)
whose bids move a new game's scores to the position's, every hand played (the
table minimum met) and none ending the game, the first dealer chosen so that the
dealer rotates onto the position's. A raised target in force is reached through a
hand where both teams qualify (a *waypoint*, :func:`_waypoints`) and the raise
that follows. Where no game is found the reason is data (:class:`Unreached`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from fourhundred.conformance.game_records import final_record, hand_record
from fourhundred.reference import notation
from fourhundred.reference.actions import Deal, canonical_deal
from fourhundred.reference.engine import GameState, Phase, new_game
from fourhundred.reference.fast import FastRules
from fourhundred.reference.transcript import apply_text
from fourhundred.spec.cards import SEAT_NAMES, TRUMP_SUIT
from fourhundred.spec.model import BAND_WIDTH, Result, Rules
from fourhundred.spec.registry import load

Json = dict[str, Any]
_Case = TypeVar("_Case", bound=Mapping[str, Any])
Four = tuple[int, int, int, int]

#: The most hands a twin plays before the position's hand (a made 10 moves 40 points).
MAX_HANDS = 8
#: Score changes tried per player and hand, the nearest to the wanted pace first.
BRANCHING = 5
#: Nodes the search visits for one position before it gives up.
SEARCH_BUDGET = 400

#: The positions no new game reaches, each with its reason (written by the generator).
UNREACHED_PATH = Path(__file__).resolve().parent / "twins.json"

_RANKS = "AKQJT98765432"
#: The suits of the twelve tricks of four cards, three tricks each (hearts last).
_TRICK_SUITS = ("S", "D", "C", TRUMP_SUIT)


@dataclass(frozen=True)
class Hand:
    """One hand before the position: the bids by seat and the tricks each seat takes."""

    bids: Four
    tricks: Four


@dataclass(frozen=True)
class Plan:
    """A new game that reaches a position: its first dealer and the hands before it."""

    first_dealer: int
    hands: tuple[Hand, ...]


@dataclass(frozen=True)
class Unreached:
    """A position no new game reaches within the search, and why."""

    reason: str


@dataclass(frozen=True)
class Wanted:
    """What the rules read at the start of a hand: the dealer, the scores, the target in force."""

    dealer: int
    scores: Four
    target: int

    @staticmethod
    def of(state: GameState) -> Wanted:
        scores = state.scores
        return Wanted(
            state.dealer, (scores[0], scores[1], scores[2], scores[3]), state.target_in_force
        )


# ----------------------------------------------------------------------
# Packs built for the tricks wanted
# ----------------------------------------------------------------------


def trick_cards(tricks: Sequence[int]) -> tuple[tuple[str, ...], ...]:
    """The cards each seat plays, trick by trick, so that seat ``s`` takes ``tricks[s]``
    (they sum to 13) whoever leads: trick ``k < 12`` is four cards of one suit (each
    seat holds one), the highest held by its winner; the thirteenth is each seat's
    one card left, four suits, the winner's the 2 of hearts (the trump)."""
    assert sum(tricks) == 13 and all(t >= 0 for t in tricks)
    last = next(seat for seat in range(4) if tricks[seat])
    left = list(tricks)
    left[last] -= 1
    winners = [seat for seat in range(4) for _ in range(left[seat])]
    plays: list[list[str]] = [[], [], [], []]
    for k, winner in enumerate(winners):
        suit = _TRICK_SUITS[k // 3]
        group = _RANKS[4 * (k % 3) : 4 * (k % 3) + 4]
        others = iter(group[1:])
        for seat in range(4):
            rank = group[0] if seat == winner else next(others)
            plays[seat].append(rank + suit)
    spare = iter(s for s in _TRICK_SUITS if s != TRUMP_SUIT)
    for seat in range(4):
        plays[seat].append("2" + (TRUMP_SUIT if seat == last else next(spare)))
    return tuple(tuple(p) for p in plays)


def trick_deal(tricks: Sequence[int], rules: Rules, dealer: int) -> Deal:
    """The pack of :func:`trick_cards`, each hand in deck order. Under ``trump=turned``
    the dealer turns a heart (every seat holds three), so hearts are trumps as planned."""
    plays = trick_cards(tricks)
    deal = canonical_deal(Deal((plays[0], plays[1], plays[2], plays[3])))
    if rules.trump != "turned":
        return deal
    heart = next(card for card in deal.hands[dealer] if card.endswith(TRUMP_SUIT))
    return Deal(deal.hands, heart)


# ----------------------------------------------------------------------
# The search for the bids
# ----------------------------------------------------------------------


@cache
def _fast(rules: Rules) -> FastRules:
    return FastRules.of(rules)


#: One bid a seat may make in a hand before the position: (score change, bid, made).
Option = tuple[int, int, bool]


def _options(fast: FastRules, own: int, highest: int) -> tuple[Option, ...]:
    """Every :data:`Option` of a seat on ``own`` points when the highest score is
    ``highest``: its own minimum up to 12, never the special bid (its own rules end
    or score the game: the position's hand carries it)."""
    found = []
    for bid in range(fast.own_minimum_bid(own), min(12, fast.rules.max_bid) + 1):
        if bid == fast.special_bid:
            continue
        for made in (True, False):
            change = fast.score_change(bid, bid if made else 0, own, highest)
            found.append((change, bid, made))
    return tuple(found)


def _seat_choices(
    fast: FastRules, own: int, highest: int, need: int, left: int
) -> tuple[Option, ...]:
    """A seat's options for the next hand, at most :data:`BRANCHING`: those from which
    the ``need`` points it still needs stay reachable in the ``left - 1`` hands after
    (by the sums of its changes at its present score), one per score change."""
    options = _options(fast, own, highest)
    reachable = _sums(frozenset(o[0] for o in options), left - 1)
    fitting = [o for o in options if need - o[0] in reachable]
    fitting.sort(key=lambda o: (abs(need / left - o[0]), not o[2], o[1]))
    made = [o for o in fitting if o[2]]
    failed = [o for o in fitting if not o[2]]
    # the even pace, the biggest and the smallest made bid, the nearest failure:
    # only 13 tricks are there to make bids with, so some seats wait
    spread = [*fitting[:1], *made[:1], *sorted(made, key=lambda o: -o[1])[:1]]
    spread += [*sorted(made, key=lambda o: o[1])[:1], *failed[:1], *fitting[1:]]
    unique: dict[int, Option] = {}
    for option in spread:
        unique.setdefault(option[0], option)
    return tuple(unique.values())[:BRANCHING]


def _tricks(bids: Four, made: Sequence[bool]) -> Four | None:
    """Tricks by seat (13 in all) that make exactly the ``made`` bids, or None."""
    tricks = [b if m else 0 for b, m in zip(bids, made, strict=True)]
    spare = 13 - sum(tricks)
    if spare < 0:
        return None
    for seat in range(4):
        room = 13 if made[seat] else bids[seat] - 1 - tricks[seat]
        give = min(spare, room)
        tricks[seat] += give
        spare -= give
    if spare:
        return None
    return (tricks[0], tricks[1], tricks[2], tricks[3])


@cache
def _sums(deltas: frozenset[int], hands: int) -> frozenset[int]:
    """Every total of ``hands`` score changes drawn from ``deltas`` (within +-400)."""
    if hands == 0:
        return frozenset((0,))
    before = _sums(deltas, hands - 1)
    return frozenset(a + d for a in before for d in deltas if -400 <= a + d <= 400)


@dataclass
class _Search:
    """One search (see :func:`plan_hands`): depth first, hand by hand, each player's
    score changes those from which the rest of its way stays reachable (by the sums
    of its changes at its present score), the nearest to an even pace first."""

    fast: FastRules
    budget: int = SEARCH_BUDGET
    failed: set[tuple[Any, ...]] = field(default_factory=set)
    #: Each seat's options by (own score, highest score, points it needs, hands
    #: left): :meth:`_seat_choices`, which the searches of one :func:`plan_hands`
    #: share (the same answers, computed once).
    known: dict[tuple[int, int, int, int], tuple[Option, ...]] = field(default_factory=dict)

    def _choices(self, scores: Four, goal: Wanted, left: int) -> list[tuple[Option, ...]]:
        """Each seat's options for the next hand, at most :data:`BRANCHING`, the likeliest first."""
        highest = max(scores)
        choices = []
        for seat in range(4):
            key = (scores[seat], highest, goal.scores[seat] - scores[seat], left)
            found = self.known.get(key)
            if found is None:
                found = self.known[key] = _seat_choices(self.fast, *key)
            choices.append(found)
        return choices

    def hands(
        self, scores: Four, target: int, dealer: int, goal: Wanted, left: int
    ) -> tuple[Hand, ...] | None:
        """Hands (exactly ``left``) from ``scores`` and ``target`` to the goal's."""
        if left == 0:
            return () if (scores, target) == (goal.scores, goal.target) else None
        key = (scores, target, dealer, goal, left)
        if key in self.failed or self.budget < 0:
            return None
        self.budget -= 1
        fast = self.fast
        choices = self._choices(scores, goal, left)
        if all(choices):
            for pick in _playable_picks(choices):
                bids: Four = (pick[0][1], pick[1][1], pick[2][1], pick[3][1])
                tricks = _tricks(bids, [p[2] for p in pick])
                if tricks is None or not fast.hand_is_played(bids, scores):
                    continue
                after, result, next_target = fast.hand_result(scores, bids, tricks, dealer, target)
                if result != 0:
                    continue
                rest = self.hands(after, next_target, fast.next_dealer(dealer), goal, left - 1)
                if rest is not None:
                    return (Hand(bids, tricks), *rest)
                if self.budget < 0:
                    return None
        self.failed.add(key)
        return None


@cache
def _pick_order(sizes: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every pick of one index per seat (``sizes[seat]`` options each), the first
    options of all seats first (by the sum of the indices, then in product order)."""
    import itertools

    return sorted(itertools.product(*(range(size) for size in sizes)), key=sum)


def _playable_picks(choices: Sequence[Sequence[Option]]) -> Iterator[tuple[Option, ...]]:
    """Every pick of one option per seat in :func:`_pick_order`, those whose made bids
    need more than 13 tricks left out (:func:`_tricks` has no tricks for them)."""
    first, second, third, fourth = choices
    made = [[o[1] if o[2] else 0 for o in options] for options in choices]
    made_first, made_second, made_third, made_fourth = made
    for a, b, c, d in _pick_order(tuple(len(options) for options in choices)):
        if made_first[a] + made_second[b] + made_third[c] + made_fourth[d] <= 13:
            yield first[a], second[b], third[c], fourth[d]


def _big_hands(fast: FastRules, goal: Wanted) -> tuple[tuple[Hand, ...], Four]:
    """Hands that bring each seat far from its goal score near it at once: the seat
    makes the biggest bid whose value still leaves it short of its goal, the others
    make or fail their own minimum toward theirs (13 tricks allow one big bid a hand).
    Returns them and the scores they leave; the search then does the rest."""
    scores: Four = (0, 0, 0, 0)
    hands: list[Hand] = []
    for seat in sorted(range(4), key=lambda s: -(goal.scores[s] - scores[s])):
        need = goal.scores[seat] - scores[seat]
        options = [
            o for o in _options(fast, scores[seat], max(scores)) if o[2] and 10 < o[0] <= need - 2
        ]
        for _, bid, _ in sorted(options, key=lambda o: -o[0]):
            bids = [0, 0, 0, 0]
            made = [False] * 4
            bids[seat], made[seat] = bid, True
            spare = 13 - bid
            for other in range(4):
                if other == seat:
                    continue
                low = fast.own_minimum_bid(scores[other])
                bids[other] = low
                if goal.scores[other] - scores[other] > 0 and low <= spare:
                    made[other] = True
                    spare -= low
            four: Four = (bids[0], bids[1], bids[2], bids[3])
            tricks = _tricks(four, made)
            if tricks is None or not fast.hand_is_played(four, scores):
                continue
            after, result, _ = fast.hand_result(scores, four, tricks, 0, goal.target)
            if result != 0:
                continue
            hands.append(Hand(four, tricks))
            scores = after
            break
    return tuple(hands), scores


def _first_dealer(fast: FastRules, dealer: int, hands: int) -> int:
    """The first dealer from whom ``hands`` played hands pass the deal to ``dealer``."""
    for first in range(4):
        seat = first
        for _ in range(hands):
            seat = fast.next_dealer(seat)
        if seat == dealer:
            return first
    raise AssertionError("the deal does not rotate onto every seat")


@cache
def plan_hands(rules: Rules, goal: Wanted) -> Plan | Unreached:
    """The shortest new game (fewest hands) whose play reaches ``goal`` (see the
    module docstring), or why there is none."""
    fast = _fast(rules)
    why = unreachable(rules, goal)
    if why is not None:
        return Unreached(why)
    searched = 0
    known: dict[tuple[int, int, int, int], tuple[Option, ...]] = {}
    big, scores = _big_hands(fast, goal)
    for head, start in (((), (0, 0, 0, 0)), (big, scores)):
        for count in range(0, MAX_HANDS + 1 - len(head)):
            first = _first_dealer(fast, goal.dealer, count + len(head))
            dealer = first
            for _ in head:
                dealer = fast.next_dealer(dealer)
            search = _Search(fast, known=known)
            found = search.hands(start, rules.target, dealer, goal, count)
            if found is not None:
                return Plan(first, (*head, *found))
            searched += SEARCH_BUDGET - max(search.budget, 0)
    return Unreached(
        f"no game of at most {MAX_HANDS} hands was found that reaches dealer "
        f"{SEAT_NAMES[goal.dealer]}, scores {','.join(map(str, goal.scores))} and target in "
        f"force {goal.target} (searched {searched} hands)"
    )


def unreachable(rules: Rules, goal: Wanted) -> str | None:
    """Why no game from a new game can stand at ``goal``, or None. A thrown-in hand
    changes neither the scores nor the target in force, so the last hand before
    ``goal`` that changed anything was played and left the game going on: its
    settlement at the goal's scores (:meth:`FastRules.points_result`, the rules'
    end of the game) gave ``continue`` with the goal's target in force, for the
    target in force it was played at: the same, the one a raise came from
    (:data:`~fourhundred.spec.model.BAND_WIDTH` lower), or for a fall-back any
    higher one. Where none does, the position is not reachable by play."""
    if goal.scores == (0, 0, 0, 0) and goal.target == rules.target:
        return None
    fast = _fast(rules)
    before = {goal.target, goal.target - BAND_WIDTH}
    if goal.target == rules.target:
        before |= {rules.target + BAND_WIDTH * k for k in range(1, 4)}
    settled = {t: fast.points_result(goal.scores, t) for t in sorted(before) if t >= rules.target}
    if any(result == (0, goal.target) for result in settled.values()):
        return None
    said = "; ".join(
        f"played at target {t}: {Result(code).name.lower()}, target {after}"
        for t, (code, after) in settled.items()
    )
    return (
        f"unreachable by play: a hand that leaves scores {','.join(map(str, goal.scores))} "
        f"never leaves the game going on with the target in force {goal.target} ({said})"
    )


# ----------------------------------------------------------------------
# The twin case
# ----------------------------------------------------------------------


def played_prefix(rules: Rules, plan: Plan) -> tuple[GameState, list[str], list[Json]]:
    """The new game of ``plan`` played hand by hand: the state reached, the action texts
    (every action naming its seat) and the hand records."""
    state = new_game(rules, plan.first_dealer)
    actions: list[str] = []
    records: list[Json] = []
    for hand in plan.hands:
        plays = trick_cards(hand.tricks)
        texts = [f"{SEAT_NAMES[state.dealer]}: {trick_deal(hand.tricks, rules, state.dealer)}"]
        state = apply_text(state, texts[0])
        while state.phase in (Phase.BIDDING, Phase.PLAY):
            seat = state.to_act
            assert seat is not None
            text = f"{SEAT_NAMES[seat]}: {_planned_action(state, seat, hand, plays)}"
            state = apply_text(state, text)
            texts.append(text)
        actions.extend(texts)
        records.append(hand_record(state, len(actions) - 1))
    return state, actions, records


def _planned_action(state: GameState, seat: int, hand: Hand, plays: Sequence[Sequence[str]]) -> str:
    """What ``seat`` does next in ``state`` by the plan (without the seat): its bid of
    ``hand`` while bidding, else its card (of ``plays``, :func:`trick_cards`) of the
    trick in play."""
    if state.phase is Phase.BIDDING:
        return f"bid {hand.bids[seat]}"
    return f"play {plays[seat][sum(state.tricks_won)]}"


def twin_case(case: Mapping[str, Any]) -> Json | Unreached:
    """The new-game twin of a whole game from a position: the game of :func:`plan_hands`,
    then the position's actions; every expected value from the reference engine."""
    variant = case["variants"][0]
    rules = load(variant)
    start = notation.from_notation(rules, case["input"]["position"])
    goal = Wanted.of(start)
    plan = plan_hands(rules, goal)
    if isinstance(plan, Unreached):
        return plan
    state, actions, records = played_prefix(rules, plan)
    assert Wanted.of(state) == goal, (Wanted.of(state), goal)
    rejected = [[index + len(actions), code] for index, code in case["expected"]["rejected"]]
    codes = {index: code for index, code in case["expected"]["rejected"]}
    for index, text in enumerate(case["input"]["actions"]):
        before = state
        if index not in codes:
            state = apply_text(state, text)
        else:
            _check_rejected(state, text, codes[index])
        actions.append(text)
        if len(state.history) > len(before.history):
            records.append(hand_record(state, len(actions) - 1))
    return {
        "id": "",
        "kind": "whole_game",
        "description": f"new-game twin ({len(plan.hands)} hands to dealer "
        f"{SEAT_NAMES[goal.dealer]}, scores {','.join(map(str, goal.scores))}, target "
        f"{goal.target}) of: {case['description']}",
        "variants": list(case["variants"]),
        "rules": list(case["rules"]),
        "ambiguities": list(case["ambiguities"]),
        "input": {"first_dealer": plan.first_dealer, "actions": actions},
        "expected": {"rejected": rejected, "hands": records, "final": final_record(state)},
    }


def twins(cases: Sequence[Mapping[str, Any]]) -> tuple[list[Json], list[tuple[str, str]]]:
    """The twins of every position case among ``cases``, and (description, reason) of
    each position no new game reaches."""
    found: list[Json] = []
    missing: list[tuple[str, str]] = []
    for case, twin in _position_twins(cases):
        if isinstance(twin, Unreached):
            missing.append((str(case["description"]), twin.reason))
        else:
            found.append(twin)
    return found, missing


def _position_twins(cases: Sequence[_Case]) -> Iterator[tuple[_Case, Json | Unreached]]:
    """Each position case among ``cases``, in order, with its :func:`twin_case` (the
    twin, or why no new game reaches it)."""
    for case in cases:
        if starts_from_position(case):
            yield case, twin_case(case)


def _check_rejected(state: GameState, text: str, code: str) -> None:
    """The twin's engine rejects ``text`` as the position case says (the state is equivalent)."""
    from fourhundred.reference.engine import IllegalAction

    try:
        apply_text(state, text)
    except IllegalAction as error:
        if error.code == code:
            return
        raise AssertionError(
            f"{text!r}: {error.code} in a twin, {code} from its position"
        ) from None
    raise AssertionError(f"{text!r} accepted in a twin, rejected as {code} from the position")


def starts_from_position(case: Mapping[str, Any]) -> bool:
    """Whether a case is a whole game that starts from a stated position (sent only to
    an adapter that declared ``"positions": true``, ADAPTERS.md)."""
    return case.get("kind") == "whole_game" and "position" in case.get("input", {})


def new_game_killers(
    killer: Any, mutant: Any, killing: Sequence[Any], runs: Sequence[Any]
) -> tuple[list[Any], Json | None]:
    """For a rule point whose killing runs (``killing``, of the suite's ``runs``) all
    start from a position: a run that does not and kills ``mutant`` too, from the
    suite, else from the twin of a killing position case (returned, to be added to
    the suite). An engine without positions then still gets the point."""
    from fourhundred.conformance.suite import Run

    if not killing or not all(starts_from_position(run.case) for run in killing):
        return [], None
    found = killer.killing(mutant, [r for r in runs if not starts_from_position(r.case)], limit=1)
    if found:
        return list(found), None
    for run in killing:
        twin = twin_case(run.case)
        if isinstance(twin, Unreached):
            continue
        hit = [r for r in (Run(twin, v) for v in twin["variants"]) if killer.fails(mutant, r)]
        if hit:
            return hit[:1], twin
    return [], None


def missing_twins(cases: Sequence[Json]) -> tuple[list[Json], list[tuple[Json, str]]]:
    """The twins of the position cases among ``cases`` that are not among them yet, and
    each position case no new game reaches with the reason (the case dict itself, so
    that its id, assigned later, can be written)."""
    from fourhundred.conformance.suite import fingerprint

    present = {fingerprint(case) for case in cases if not starts_from_position(case)}
    added: list[Json] = []
    unreached: list[tuple[Json, str]] = []
    for case, twin in _position_twins(cases):
        if isinstance(twin, Unreached):
            unreached.append((case, twin.reason))
        elif fingerprint(twin) not in present:
            present.add(fingerprint(twin))
            added.append(twin)
    return added, unreached


def unreached_text(unreached: Sequence[tuple[Mapping[str, Any], str]], version: str) -> str:
    """The text of :data:`UNREACHED_PATH`: every position case without a twin, and why."""
    import json

    body = {
        "suite_version": version,
        "unreached": [{"case": str(case["id"]), "reason": reason} for case, reason in unreached],
    }
    return json.dumps(body, indent=1) + "\n"


def read_unreached(path: Path = UNREACHED_PATH) -> list[dict[str, str]]:
    """The committed positions without a twin (empty when the file is absent)."""
    import json

    if not path.exists():
        return []
    return [dict(entry) for entry in json.loads(path.read_text(encoding="utf-8"))["unreached"]]
