"""Bounded model checking over whole games, and witness games that replay.

:func:`search` looks for a game of at most ``bound`` played hands, starting
from four scores of 0 with North dealing, whose every hand has legal bids
that reach the table minimum, trick counts that add up to 13 and a result
of "continue", and whose final position satisfies a goal. The state between
hands is the four scores and the target in force (the dealer changes only
who wins a conflict of two 13 bids, which ends the game, so it never
matters for a game that goes on). Thrown-in hands change nothing and are
left out. A search that finds nothing proves the goal unreachable *within
the bound* only. The game found is canonical: the shortest, and among those
the lexicographically smallest in the order of play (each hand's bids by
seat, then its tricks), built hand by hand with one small query per hand.

:func:`witness_game` turns a found plan (bids and trick counts per hand)
into a real game: a deal for every hand, constructed so that each player
wins exactly the planned number of tricks, and every card play. It drives
the reference engine with checked actions and replays the transcript with
:func:`fourhundred.reference.transcript.replay`, so a witness is evidence that
does not depend on this module's reasoning.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from fourhundred.reference.actions import Action, Bid, Deal, Play
from fourhundred.reference.engine import GameState, apply, legal_actions, new_game
from fourhundred.reference.transcript import (
    STUCK,
    UNFINISHED,
    Transcript,
    TranscriptHand,
    replay,
)
from fourhundred.spec.cards import RANKS, SUITS, TRUMP_SUIT
from fourhundred.spec.model import Result, Rules
from fourhundred.verify.solver import Z3Verdict, find
from fourhundred.verify.symbols import Watch, highest_of

#: The seat that deals the first hand of every searched game (North).
FIRST_DEALER = 0

Goal = Callable[[Rules, Sequence[Any], Any], Any]


@dataclass(frozen=True)
class HandPlan:
    """One played hand of a planned game."""

    dealer: int
    bids: tuple[int, int, int, int]
    tricks: tuple[int, int, int, int]


@dataclass(frozen=True)
class Plan:
    """A game found by the search: its hands and the final position."""

    hands: tuple[HandPlan, ...]
    scores: tuple[int, int, int, int]
    target: int


@dataclass(frozen=True)
class Search:
    """What the bounded search found: a plan, or nothing within the bound (or budget)."""

    plan: Plan | None
    bound: int
    exhausted_budget: bool = False


def search(rules: Rules, goal: Goal, bound: int, rlimit: int) -> Search:
    """The shortest game (1 to ``bound`` played hands) whose final position meets ``goal``."""
    for hands in range(1, bound + 1):
        verdict, plan = _find_game(rules, goal, hands, rlimit)
        if verdict == "unknown":
            return Search(None, hands - 1, exhausted_budget=True)
        if plan is not None:
            return Search(plan, hands)
    return Search(None, bound)


def search_exactly(rules: Rules, goal: Goal, hands: int, rlimit: int) -> Plan | None:
    """A game of exactly ``hands`` played hands ending in ``goal``, if Z3 finds one in budget."""
    return _find_game(rules, goal, hands, rlimit)[1]


#: A position between hands: the four scores, the target in force and the
#: number of hands played (which gives the dealer of the next one).
Position = tuple[tuple[int, int, int, int], int, int]


def start(rules: Rules) -> Position:
    """Where every searched game starts: four scores of 0, the base target, no hand played."""
    return (0, 0, 0, 0), rules.target, 0


def _find_game(rules: Rules, goal: Goal, hands: int, rlimit: int) -> tuple[Z3Verdict, Plan | None]:
    """Z3's verdict on a game of exactly ``hands`` played hands ending in
    ``goal``, and the canonical such game where there is one (``refuted``
    means satisfiable here).

    The canonical game is the lexicographically smallest in the order of
    play: the first hand's bids (North, West, South, East), then its tricks,
    then the second hand's bids, and so on, each number as small as it can
    be while a game of the remaining hands still reaches the goal. It is
    built hand by hand: one query per hand, over the hands still to play
    from the concrete position the fixed hands reach (a smaller formula at
    every step); the scores and the target are what the rules make of the
    hands (:func:`_play`), so they need no choosing. The first query also
    decides whether any such game exists.
    """
    position = start(rules)
    planned: list[HandPlan] = []
    for number in range(hands):
        verdict, hand = _next_hand(rules, position, hands - number, rlimit, goal=goal)
        if hand is None:
            # After the first hand a game is known to exist: only the budget can say no.
            return (verdict if number == 0 else "unknown"), None
        planned.append(hand)
        position = _play(rules, position, hand)
    scores, target, _ = position
    return "refuted", Plan(tuple(planned), scores, target)


#: Hands a climb (:func:`climb`) may play before it gives up.
CLIMB_HANDS = 60


def _highest(scores: Sequence[Any]) -> Any:
    return highest_of(scores)


def _total(scores: Sequence[Any]) -> Any:
    return z3.Sum(list(scores))


#: What a climb pushes up, tried in turn: the highest score at the table (a
#: player running away), then the four scores together (everyone rising).
PROGRESS: tuple[Callable[[Sequence[Any]], Any], ...] = (_highest, _total)


def climb(rules: Rules, goal: Goal, hands: int, rlimit: int) -> Plan | None:
    """The first game found by :func:`climb_by` for a measure of :data:`PROGRESS`."""
    for progress in PROGRESS:
        plan = climb_by(rules, goal, hands, rlimit, progress)
        if plan is not None:
            return plan
    return None


def climb_by(
    rules: Rules,
    goal: Goal,
    hands: int,
    rlimit: int,
    progress: Callable[[Sequence[Any]], Any],
) -> Plan | None:
    """A game reaching ``goal``, built one hand at a time (for goals too far
    away for :func:`search`, such as a score of 440).

    From the current position (concrete scores and target), first ask for a
    hand that ends in ``goal``; failing that, take the hand that lets the game
    go on with ``progress`` (a term of the four scores) as high as it can go
    (the canonical such hand: every query is canonical). Each step is one hand over
    concrete scores, a query of milliseconds, so a game of dozens of hands is
    found without a search over dozens of unrolled hands. Greedy: finding
    nothing in ``hands`` hands proves nothing (the caller says so).
    """
    position = start(rules)
    planned: list[HandPlan] = []
    for _ in range(hands):
        _, ending = _next_hand(rules, position, 1, rlimit, goal=goal)
        step = ending or _next_hand(rules, position, 1, rlimit, progress=progress)[1]
        if step is None:
            return None
        planned.append(step)
        position = _play(rules, position, step)
        if ending is not None:
            scores, target, _ = position
            return Plan(tuple(planned), scores, target)
    return None


def _next_hand(
    rules: Rules,
    position: Position,
    remaining: int,
    rlimit: int,
    *,
    goal: Goal | None = None,
    progress: Callable[[Sequence[Any]], Any] | None = None,
) -> tuple[Z3Verdict, HandPlan | None]:
    """The canonical next hand from a concrete position: the first of
    ``remaining`` played hands that let the game go on and end in ``goal``
    (when given), with ``progress`` of the final scores as high as it can go
    (when given), then its bids and tricks each as small as they can be, in
    seat order. Z3's verdict too (``refuted``: such hands exist)."""
    facts, first, final = _unrolled(rules, position, remaining)
    if goal is not None:
        facts.append(goal(rules, final, z3.Int("final_target")))
    minimise = [] if progress is None else [-progress(final[:4])]
    answer = find(facts, watch=first.terms, minimise=minimise, rlimit=rlimit)
    if answer.verdict != "refuted":
        return answer.verdict, None
    decoded = first.decode(answer.values)
    dealer = (FIRST_DEALER + position[2]) % 4
    return answer.verdict, HandPlan(dealer, _four(decoded["bids"]), _four(decoded["tricks"]))


def _play(rules: Rules, position: Position, hand: HandPlan) -> Position:
    """The position after a planned hand (the rules on plain integers)."""
    scores, target, number = position
    after, _, next_target = rules.hand_result(scores, hand.bids, hand.tricks, hand.dealer, target)
    return _four(after), int(next_target), number + 1


def _unrolled(rules: Rules, position: Position, hands: int) -> tuple[list[Any], Watch, list[Any]]:
    """The facts of ``hands`` played hands from a concrete position, each
    letting the game go on; the watch of the first hand's bids and tricks;
    the final scores and target as named terms (``final_score_N`` ...,
    ``final_target``) for a goal to constrain."""
    facts: list[Any] = []
    scores: Sequence[Any] = position[0]
    target: Any = position[1]
    first: Watch | None = None
    for hand in range(position[2], position[2] + hands):
        bids = [z3.Int(f"hand_{hand + 1}_bid_{s}") for s in range(4)]
        tricks = [z3.Int(f"hand_{hand + 1}_tricks_{s}") for s in range(4)]
        dealer = (FIRST_DEALER + hand) % 4
        facts.append(rules.bids_are_legal(bids, scores))
        facts.append(rules.hand_is_played(bids, scores))
        facts.append(rules.tricks_are_consistent(tricks))
        after, result, next_target = rules.hand_result(scores, bids, tricks, dealer, target)
        facts.append(result == int(Result.CONTINUE))
        scores = list(after)
        target = next_target
        first = first or Watch.of(bids=bids, tricks=tricks)
    final = [z3.Int(f"final_score_{s}") for s in range(4)]
    facts.extend(final[s] == scores[s] for s in range(4))
    facts.append(z3.Int("final_target") == target)
    assert first is not None, "a game of at least one hand"
    return facts, first, final


def _four(values: Sequence[Any]) -> tuple[int, int, int, int]:
    return (int(values[0]), int(values[1]), int(values[2]), int(values[3]))


# ----------------------------------------------------------------------
# Deals that realise planned trick counts
# ----------------------------------------------------------------------

#: Suits in the order their tricks are played; hearts' three same-suit tricks come third.
_SUIT_ORDER = tuple(SUITS)


@dataclass(frozen=True)
class HandScript:
    """A deal (hands by seat) and the card each seat plays to each trick."""

    hands: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    plays: tuple[dict[int, str], ...]


def script_hand(tricks: Sequence[int]) -> HandScript:
    """A deal and card plays in which seat ``s`` wins exactly ``tricks[s]`` tricks.

    Construction: each suit gives three tricks in which all four players
    follow suit, cards ``2-5``, ``6-9`` and ``T-K`` (the planned winner gets
    the highest of the four); the four aces are left over, one per player, so
    in the 13th trick nobody can follow and the ace of hearts wins it. Each
    player holds three cards of every suit plus an ace, so following suit is
    always possible and always the planned card. Works for any leader and
    direction of play: whoever wins a trick leads the next one, and every
    player holds the suit of the next trick.
    """
    if len(tricks) != 4 or sum(tricks) != 13 or min(tricks) < 0:
        raise ValueError(
            f"trick counts must be four numbers 0..13 adding to 13, got {list(tricks)}"
        )
    last_winner = max(range(4), key=lambda s: tricks[s])
    owed = list(tricks)
    owed[last_winner] -= 1
    winners = [seat for seat in range(4) for _ in range(owed[seat])]
    ace_suits = {last_winner: TRUMP_SUIT}
    others = [s for s in SUITS if s != TRUMP_SUIT]
    for seat in range(4):
        if seat != last_winner:
            ace_suits[seat] = others.pop(0)
    hands: list[list[str]] = [[], [], [], []]
    plays: list[dict[int, str]] = []
    trick = 0
    for suit in _SUIT_ORDER:
        for block in range(3):
            ranks = [RANKS[4 * block + k] for k in range(4)]
            winner = winners[trick]
            losers = [s for s in range(4) if s != winner]
            cards = {winner: ranks[3] + suit}
            for seat, rank in zip(losers, ranks[:3], strict=True):
                cards[seat] = rank + suit
            for seat, card in cards.items():
                hands[seat].append(card)
            plays.append(cards)
            trick += 1
    last = {}
    for seat in range(4):
        ace = "A" + ace_suits[seat]
        hands[seat].append(ace)
        last[seat] = ace
    plays.append(last)
    return HandScript(
        hands=(tuple(hands[0]), tuple(hands[1]), tuple(hands[2]), tuple(hands[3])),
        plays=tuple(plays),
    )


# ----------------------------------------------------------------------
# Witness games through the reference engine
# ----------------------------------------------------------------------

Ending = str  # "none", STUCK (a player has no legal bid) or THROWN_IN


def witness_game(rules: Rules, plan: Plan, ending: Ending = "none") -> dict[str, Any]:
    """Play the plan through the reference engine (checked actions) and return
    the transcript as JSON data, after replaying it with the reference's
    ``replay``. ``ending`` adds a last hand: ``stuck`` deals and bids until a
    player has no legal bid; ``thrown-in`` deals and bids every player's own
    minimum, which the table minimum then throws in.
    """
    state = new_game(rules, FIRST_DEALER)
    hands: list[TranscriptHand] = []
    outcome = UNFINISHED
    for number, hand in enumerate(plan.hands, start=1):
        script = script_hand(hand.tricks)
        actions: list[str] = []
        state = _act(state, Deal(script.hands), actions)
        for seat in rules.bidding_seats(state.dealer):
            state = _act(state, Bid(hand.bids[seat]), actions)
        for cards in script.plays:
            for _ in range(4):
                player = state.to_act
                assert player is not None
                state = _act(state, Play(cards[player]), actions)
        hands.append(TranscriptHand.finished(state, number, hand.dealer, actions))
    if ending != "none":
        number = len(plan.hands) + 1
        dealer = state.dealer
        script = script_hand((4, 3, 3, 3))
        actions = []
        state = _act(state, Deal(script.hands), actions)
        stuck = False
        for _seat in rules.bidding_seats(dealer):
            legal = [a for a in legal_actions(state) if isinstance(a, Bid)]
            if not legal:
                stuck = True
                break
            state = _act(state, legal[0], actions)
        if stuck:
            outcome = STUCK
            hands.append(TranscriptHand.stuck(state, number, dealer, actions))
        else:
            hands.append(TranscriptHand.finished(state, number, dealer, actions))
    transcript = Transcript(
        variant=str(rules),
        seed=None,
        first_dealer=FIRST_DEALER,
        players=("witness",) * 4,
        hands=tuple(hands),
        outcome=outcome,
        final_scores=state.scores,
    )
    replay(Transcript.from_json(transcript.to_json()))
    data: dict[str, Any] = transcript.to_dict()
    return data


def _act(state: GameState, action: Action, actions: list[str]) -> GameState:
    actions.append(str(action))
    return apply(state, action)


def plan_summary(plan: Plan) -> dict[str, Any]:
    """The plan as plain data: per hand the dealer, bids and tricks by seat."""
    from fourhundred.spec.cards import SEAT_NAMES

    return {
        "hands": [
            {
                "dealer": SEAT_NAMES[h.dealer],
                "bids": list(h.bids),
                "tricks": list(h.tricks),
            }
            for h in plan.hands
        ],
        "final_scores": list(plan.scores),
        "target_in_force": plan.target,
    }
