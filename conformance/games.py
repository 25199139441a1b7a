"""Whole games: explicit deals, every bid and card, illegal actions that must be
rejected, and what the reference engine says after every hand.

A ``whole_game`` case's input is ``{first_dealer, actions}`` (a new game) or
``{position, actions}`` (a game under way, from the start of a hand: the
one-hand cases of :func:`~fourhundred.conformance.position_games.position_cases`): action texts in
the reference notation (``deal N:... W:... S:... E:...``, ``bid 5``, ``play
AH``, ``throw-in``), applied in order. An action may name the seat that makes
it, a seat letter and a colon before it (``W: bid 5``, ``N: play AH``,
``S: throw-in``, ``E: deal N:...``, the dealer dealing): the games of
:data:`SEATED_GAMES` write every action so, and an action named for a seat
that is not the one to act (the dealer, while dealing) is rejected as
``not_your_turn``; without the prefix an action is made by whoever is to act. Some actions are illegal where they
stand; a conforming engine rejects each with the right code from the closed
list (:data:`fourhundred.conformance.kinds.ILLEGAL_ACTION_CODES`) and carries
on from the unchanged position; a text that is no action at all (``pass``) is
rejected as ``not_an_action``. The expected output::

    {"rejected": [[index, code], ...],
     "hands": [{"after", "played", "scores", "result", "dealer", "target_in_force"}, ...],
     "final": {"phase", "scores", "result"}}

``hands`` has one entry per hand that ended (played to the last trick or
thrown in): ``after`` is the index of the action that ended it, ``dealer``
the dealer of the next hand (null when the game is over).

How the games are made: the cards are played by a fixed policy that does not
look at the bids (the cheapest card that wins the trick, else the lowest), so
the generator first plays each deal out to learn who takes how many tricks,
then chooses the bids: mostly exactly the tricks a player will take (made),
sometimes one more (failed), sometimes too few to reach the table minimum
(thrown in), or the dealer's throw-in where the variant has one. The game then
runs through the reference engine, which gives every expected value.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from fourhundred.conformance.game_records import hand_record
from fourhundred.reference import engine, shuffle
from fourhundred.reference.actions import Bid, Deal, Play, ThrowIn
from fourhundred.reference.engine import GameState, IllegalAction, Phase
from fourhundred.reference.transcript import apply_text
from fourhundred.spec.cards import FULL_DECK, SEAT_NAMES, card_index, trick_winner
from fourhundred.spec.registry import load

Json = dict[str, Any]
MAX_HANDS = 24

#: (variant string, first dealer, seed, what the game shows)
GAMES: tuple[tuple[str, int, str, str], ...] = (
    ("qahwa-400", 0, "qahwa-a", "a game of qahwa's 400 to its end"),
    ("qahwa-400", 2, "qahwa-b", "a second game of qahwa's 400, South dealing first"),
    ("qahwa-400(target=31)", 1, "qahwa-31", "qahwa's 400 played to 31"),
    ("qahwa-400(table=classic)", 3, "qahwa-classic", "qahwa's 400 with the classic table"),
    (
        "qahwa-400(total=13)",
        0,
        "qahwa-total13",
        "qahwa's 400 with the table minimum switched to 13",
    ),
    ("medallon-400", 0, "medallon-a", "a game of medallon's 400 (team totals)"),
    ("medallon-400", 3, "medallon-b", "a second game of medallon's 400, East dealing first"),
    (
        "medallon-400(bidding_order=clockwise)",
        0,
        "medallon-cw",
        "medallon's 400, bidding clockwise",
    ),
    ("medallon-400(play_order=clockwise)", 1, "medallon-play-cw", "medallon's 400, play clockwise"),
    ("pagat-41", 0, "pagat41-a", "a game of Syrian 41"),
    ("pagat-41", 1, "pagat41-b", "a second game of Syrian 41, West dealing first"),
    ("pagat-41(dealer_throw_in=yes)", 2, "pagat41-throw", "Syrian 41 with the dealer's throw-in"),
    (
        "pagat-41(table_measure=tricks)",
        3,
        "pagat41-tricks",
        "Syrian 41 counting tricks for the table minimum",
    ),
    ("pagat-400", 0, "pagat400-a", "a game of pagat's Lebanese 400"),
    (
        "pagat-400(dealer_throw_in=yes)",
        1,
        "pagat400-throw",
        "Lebanese 400 with the dealer's throw-in",
    ),
    ("pagat-400(rising_min=on)", 2, "pagat400-rising", "Lebanese 400 with the rising minimum bid"),
    ("arab3meyeh-400", 0, "arab-a", "a game of the Arab3meyeh page's 400"),
    ("arab3meyeh-400", 2, "arab-b", "a second Arab3meyeh game, South dealing first"),
    (
        "arab3meyeh-400(table_comparison=exactly)",
        1,
        "arab-exactly",
        "Arab3meyeh with the table minimum met exactly",
    ),
)

#: Games whose every action names its seat (``W: bid 5``), with actions out of turn
#: that must be rejected as ``not_your_turn``: (variant, first dealer, seed, what).
SEATED_GAMES: tuple[tuple[str, int, str, str], ...] = (
    ("qahwa-400", 1, "qahwa-seated", "a game of qahwa's 400 with every action naming its seat"),
    (
        "medallon-400(bidding_order=clockwise)",
        2,
        "medallon-cw-seated",
        "medallon's 400 bidding clockwise, every action naming its seat",
    ),
    (
        "pagat-41(dealer_throw_in=yes)",
        0,
        "pagat41-throw-seated",
        "Syrian 41 with the dealer's throw-in, every action naming its seat",
    ),
    (
        "pagat-400(rising_min=on)",
        3,
        "pagat400-rising-seated",
        "Lebanese 400 with the rising minimum, every action naming its seat",
    ),
    ("arab3meyeh-400", 3, "arab-seated", "an Arab3meyeh game with every action naming its seat"),
)


def policy_card(state: GameState) -> str:
    """The card the generator's players play: the cheapest card that would win
    the trick so far, else the lowest legal card (deck order). Bids play no part."""
    seat = state.to_act
    assert seat is not None
    led = state.trick[0] if state.trick else None
    legal = [action.card for action in engine.legal_actions(state) if isinstance(action, Play)]
    legal.sort(key=lambda c: (c[1] == "H", card_index(c) % 13, card_index(c)))
    if led is None:
        return legal[-1] if len(state.hands[seat]) % 3 == 0 else legal[0]
    winners = [c for c in legal if trick_winner((*state.trick, c)) == len(state.trick)]
    return winners[0] if winners else legal[0]


def _enter_play(state: GameState) -> GameState:
    """Bid the maximum for everyone, just to reach the play (for the dry run)."""
    while state.phase is Phase.BIDDING:
        state = engine.apply_unchecked(state, Bid(state.rules.max_bid))
    return state


def tricks_by_policy(state: GameState) -> tuple[int, ...]:
    """Who takes how many tricks when this dealt hand is played by the policy."""
    state = _enter_play(state)
    while state.phase is Phase.PLAY:
        state = engine.apply_unchecked(state, Play(policy_card(state)))
    return tuple(state.history[-1].tricks)


class Script:
    """The actions of a game being written, with the engine's state after them.

    In a ``seated`` script every action is written with the seat that makes
    it (``W: bid 5``): the seat to act, unless :meth:`reject` names another."""

    def __init__(self, state: GameState, seated: bool = False) -> None:
        self.state = state
        self.seated = seated
        self.actions: list[str] = []
        self.rejected: list[list[Any]] = []
        self.hands: list[Json] = []

    def actor(self) -> int:
        """Who acts now: the seat to act, or the dealer while dealing (and after the game)."""
        to_act = self.state.to_act
        return self.state.dealer if to_act is None else to_act

    def _said(self, text: str, seat: int | None, named: bool = True) -> str:
        if not named or (seat is None and not self.seated):
            return text
        return f"{SEAT_NAMES[self.actor() if seat is None else seat]}: {text}"

    def act(self, text: str) -> None:
        """Apply a legal action and record the end of a hand if it ended one."""
        text = self._said(text, None)
        before = self.state
        self.state = apply_text(before, text)
        self.actions.append(text)
        if len(self.state.history) > len(before.history):
            self.hands.append(hand_record(self.state, len(self.actions) - 1))

    def reject(self, text: str, code: str, seat: int | None = None, named: bool = True) -> None:
        """Add an action the engine must reject with ``code`` (checked here), made by
        ``seat`` if given (else, in a seated script, by the seat to act); ``named``
        false: written without a seat even in a seated script."""
        text = self._said(text, seat, named)
        try:
            apply_text(self.state, text)
        except IllegalAction as error:
            if error.code != code:
                raise AssertionError(f"{text!r} rejected as {error.code}, meant {code}") from None
        else:
            raise AssertionError(f"{text!r} was accepted in phase {self.state.phase.value}")
        self.rejected.append([len(self.actions), code])
        self.actions.append(text)


def bad_deal(deal: Deal) -> str:
    """The deal with North's first card given to West as well (rejected as ``bad_deal``)."""
    hands = [list(hand) for hand in deal.hands]
    hands[1][0] = hands[0][0]
    return str(
        Deal((tuple(hands[0]), tuple(hands[1]), tuple(hands[2]), tuple(hands[3])), deal.turned)
    )


def planned_bids(state: GameState, wanted: Callable[[int, int], int]) -> list[int] | None:
    """The bids of a hand, asked seat by seat in bidding order: ``wanted(seat, own
    minimum)`` brought within the seat's legal bids; None when a seat has no legal
    bid (an unbounded own minimum)."""
    rules = state.rules
    bids = [0, 0, 0, 0]
    for seat in rules.bidding_seats(state.dealer):
        low = state.fast.own_minimum_bid(state.scores[seat])
        if low > rules.max_bid:
            return None
        bids[seat] = max(low, min(rules.max_bid, wanted(seat, low)))
    return bids


def _choose_bids(
    state: GameState, tricks: Sequence[int], rng: random.Random, short: bool
) -> list[int] | None:
    """Bids for the hand in bidding order: made, failed by one, or short of the minimum."""
    rules = state.rules
    fast = state.fast
    order = rules.bidding_seats(state.dealer)
    bids = planned_bids(
        state,
        lambda seat, low: low if short else tricks[seat] + (1 if rng.random() < 0.2 else 0),
    )
    if bids is None:
        return None
    if not short:
        last = order[-1]
        while not fast.hand_is_played(bids, state.scores) and bids[last] < rules.max_bid:
            bids[last] += 1
    return bids


def play_scripted_game(variant: str, first_dealer: int, seed: str, seated: bool = False) -> Script:
    """Write a whole game (see the module docstring); ``seated``: every action names
    its seat, and some are made out of turn."""
    rules = load(variant)
    rng = random.Random(seed)
    script = Script(engine.new_game(rules, first_dealer), seated)
    planted: set[str] = set()

    def plant(kind: str, chance: float) -> bool:
        if kind in planted or rng.random() >= chance:
            return False
        planted.add(kind)
        return True

    for hand_number in range(MAX_HANDS):
        state = script.state
        if state.phase is Phase.GAME_OVER:
            break
        deal = shuffle.deal_from_seed(f"{seed}/{hand_number}", state.dealer, rules)
        if plant("bad_deal", 0.5):
            script.reject(bad_deal(deal), "bad_deal")
        if plant("bid_in_deal", 0.3):
            script.reject("bid 4", "wrong_phase")
        if seated and plant("deal_out_of_turn", 0.5):
            script.reject(str(deal), "not_your_turn", seat=(state.dealer + 2) % 4)
        script.act(str(deal))
        tricks = tricks_by_policy(script.state)
        short = rng.random() < 0.12
        bids = _choose_bids(script.state, tricks, rng, short)
        if bids is None:
            break  # a player has no legal bid (an unbounded minimum): the game stops here
        for seat in rules.bidding_seats(script.state.dealer):
            current = script.state
            low = current.fast.own_minimum_bid(current.scores[seat])
            if low > 1 and plant("below", 0.3):
                script.reject(f"bid {low - 1}", "bid_below_minimum")
            if plant("above", 0.2):
                script.reject(f"bid {rules.max_bid + 1}", "bid_above_maximum")
            if plant("play_in_bidding", 0.1):
                script.reject(f"play {current.hands[seat][0]}", "wrong_phase")
            if seated:
                _out_of_turn_in_bidding(script, seat, bids, plant)
            if seat != current.dealer and plant("throw_in_not_dealer", 0.2):
                script.reject("throw-in", "throw_in_not_allowed")
            if seat == current.dealer and engine.may_throw_in(current) and short:
                script.act(str(ThrowIn()))
                break
            if seat == current.dealer and not rules.dealer_may_throw_in and plant("throw_in", 0.3):
                script.reject("throw-in", "throw_in_not_allowed")
            script.act(f"bid {bids[seat]}")
        _play_hand(script, rng, plant, seated)
    if script.state.phase is Phase.GAME_OVER:
        script.reject(
            "deal "
            + " ".join(
                f"{n}:{','.join(FULL_DECK[13 * k : 13 * k + 13])}" for k, n in enumerate("NWSE")
            ),
            "game_over",
        )
    return script


def attempts(script: Script, deal: Deal) -> list[str]:
    """Every type of action where the game stands, as texts: not an action, a deal and
    a bad deal, a bid of 0, the seat's smallest bid and one over the maximum, a
    throw-in, a card of the seat's and one it does not hold (the cards of ``deal``
    while nothing is held); each with no seat named, named for the seat to act (the
    dealer while dealing and after the game) and for the next seat."""
    state = script.state
    actor = script.actor()
    other = (actor + 1) % 4
    held = state.hands[actor] if state.phase is Phase.PLAY else ()
    own = held[0] if held else deal.hands[actor][0]
    foreign = next(c for c in deal.hands[other] if c not in held)
    low = state.fast.own_minimum_bid(state.scores[actor])
    texts = (
        "pass",
        str(deal),
        bad_deal(deal),
        "bid 0",
        f"bid {max(1, min(low, state.rules.max_bid))}",
        f"bid {state.rules.max_bid + 1}",
        "throw-in",
        f"play {own}",
        f"play {foreign}",
    )
    return [
        script._said(text, seat, named)
        for text in texts
        for seat, named in ((None, False), (actor, True), (other, True))
    ]


def _out_of_turn_in_bidding(script: Script, seat: int, bids: Sequence[int], plant: Any) -> None:
    """Plant bids and throw-ins made by a seat that is not the one to bid."""
    state = script.state
    order = state.rules.bidding_seats(state.dealer)
    following = order[(order.index(seat) + 1) % 4]
    if plant("bid_out_of_turn", 0.4):
        script.reject(f"bid {bids[following]}", "not_your_turn", seat=following)
    if seat != state.dealer and state.rules.dealer_may_throw_in and plant("throw_in_early", 0.4):
        script.reject("throw-in", "not_your_turn", seat=state.dealer)


def _out_of_turn_in_play(script: Script, plant: Any) -> None:
    """Plant cards played by a seat that is not the one to play (its own cards), and
    an action of the wrong phase by the right seat."""
    state = script.state
    seat = script.actor()
    if plant("card_out_of_turn", 0.1):
        other = state.rules.trick_seats(seat)[1 + len(state.trick) % 3]
        if state.hands[other]:
            script.reject(f"play {state.hands[other][-1]}", "not_your_turn", seat=other)
    if plant("right_seat_wrong_phase", 0.05):
        script.reject("bid 4", "wrong_phase", seat=seat)


def _play_hand(script: Script, rng: random.Random, plant: Any, seated: bool = False) -> None:
    while script.state.phase is Phase.PLAY:
        if seated:
            _out_of_turn_in_play(script, plant)
        state = script.state
        seat = state.to_act
        assert seat is not None
        hand = state.hands[seat]
        if state.trick:
            led = state.trick[0][1]
            off = [c for c in hand if c[1] != led]
            if off and any(c[1] == led for c in hand) and plant("must_follow", 0.15):
                script.reject(f"play {off[0]}", "must_follow_suit")
        other = state.hands[(seat + 1) % 4]
        if other and plant("not_in_hand", 0.05):
            script.reject(f"play {other[0]}", "card_not_in_hand")
        if plant("bid_in_play", 0.03):
            script.reject("bid 3", "wrong_phase")
        script.act(f"play {policy_card(state)}")


def iter_rejections(expected: Mapping[str, Any]) -> Iterator[tuple[int, str]]:
    """(index, code) of every rejection a case expects."""
    for index, code in expected.get("rejected", []):
        yield int(index), str(code)


def scripted_games(seed_prefix: str) -> list[tuple[str, Json]]:
    """``(variant, whole_game input)`` for every game the suite scripts
    (:data:`fourhundred.conformance.GAMES` and ``SEATED_GAMES``), written
    again from other seeds: ``seed_prefix/<the game's seed>``."""
    chosen = [(game, False) for game in GAMES] + [(game, True) for game in SEATED_GAMES]
    result = []
    for (variant, dealer, seed, _), seated in chosen:
        first = (dealer + 1) % 4
        script = play_scripted_game(variant, first, f"{seed_prefix}/{seed}", seated)
        result.append((variant, {"first_dealer": first, "actions": script.actions}))
    return result
