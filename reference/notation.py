"""A one-line text notation for a position, FEN-like, and its parser.

Ten fields separated by single spaces::

    <phase> <dealer> <scores> <target> <hands> <bids> <tricks> <trick> <to-act> <hand-number>

=========== =================================================================
phase       ``deal``, ``bidding``, ``play``, or ``over:NS`` / ``over:WE`` /
            ``over:draw`` (the game is over, with its result)
dealer      ``N``, ``W``, ``S`` or ``E`` (seats 0-3); under the house rule
            ``trump=turned``, during bidding and play, the dealer and the
            card they turned, whose suit is trumps: ``N:7S``
scores      four integers by seat N,W,S,E, comma-separated: ``12,-4,0,33``
target      the target in force (raised under arab3meyeh's rule): ``41``
hands       four hands by seat, separated by ``/``; a hand is its cards
            written one after another (``AH2C``) or ``-`` when empty
bids        four bids by seat, ``-`` for a seat that has not bid: ``5,4,-,-``
tricks      tricks won so far this hand, by seat: ``3,1,0,2``
trick       the current trick as ``<leader>:<cards in play order>``
            (``W:2C3C``; ``W:`` before the lead), or ``-`` outside play
to-act      the seat to act, or ``-`` while dealing and after the game
hand-number the number of the current hand, from 1 (thrown-in hands count)
=========== =================================================================

Example (North dealt, West leads the first trick)::

    play N 0,0,0,0 41 2C5C...AS/.../.../... 3,4,2,5 0,0,0,0 W: W 1

:func:`to_notation` writes hands in deck order; :func:`from_notation`
accepts any card order (and lower case), checks that the fields agree with
each other and with the rules, and raises
:class:`~fourhundred.reference.actions.NotationError` naming the field and
what it expected. The game's history is not part of a position.

Actions have their own one-line text (:func:`~fourhundred.reference.actions.parse_action`):
``deal N:... W:... S:... E:...``, ``bid 5``, ``play AH``, ``throw-in``, each
optionally after the seat that makes it, a seat letter as in the ``to-act``
field and a colon (``W: bid 5``); an action named for a seat other than the
one to act is illegal (``not_your_turn``).
"""

from __future__ import annotations

import re

from fourhundred.reference.actions import Hands, NotationError
from fourhundred.reference.engine import Bids, Four, GameState, Phase
from fourhundred.spec.cards import SEAT_NAMES, CardError, parse_card, sorted_cards
from fourhundred.spec.model import Result, Rules

FIELDS = (
    "phase",
    "dealer",
    "scores",
    "target",
    "hands",
    "bids",
    "tricks",
    "trick",
    "to-act",
    "hand-number",
)
_OVER = {"NS": Result.TEAM_0_WINS, "WE": Result.TEAM_1_WINS, "draw": Result.DRAW}
_OVER_TEXT = {result: text for text, result in _OVER.items()}
_INT = re.compile(r"[+-]?\d+")


def _seat_text(seat: int | None) -> str:
    return "-" if seat is None else SEAT_NAMES[seat]


def to_notation(state: GameState) -> str:
    """The one-line notation of a position (see the module docstring)."""
    over = state.phase is Phase.GAME_OVER
    phase = f"over:{_OVER_TEXT[state.result]}" if over else state.phase.value
    hands = "/".join("".join(hand) or "-" for hand in state.hands)
    bids = ",".join("-" if bid is None else str(bid) for bid in state.bids)
    trick = "-" if state.leader is None else f"{SEAT_NAMES[state.leader]}:{''.join(state.trick)}"
    return " ".join(
        (
            phase,
            _dealer_text(state),
            ",".join(str(s) for s in state.scores),
            str(state.target_in_force),
            hands,
            bids,
            ",".join(str(t) for t in state.tricks_won),
            trick,
            _seat_text(state.to_act),
            str(state.hand_number),
        )
    )


def _dealer_text(state: GameState) -> str:
    """The dealer field: the dealer's seat, and ``:<card>`` for a turned card."""
    seat = SEAT_NAMES[state.dealer]
    return seat if state.turned is None else f"{seat}:{state.turned}"


def _dealer(text: str) -> tuple[int, str | None]:
    """The dealer and the turned card (None if none) of the dealer field."""
    seat_text, colon, card_text = text.partition(":")
    dealer = _seat(1, seat_text)
    assert dealer is not None
    if not colon:
        return dealer, None
    try:
        return dealer, parse_card(card_text)
    except CardError as error:
        raise _error(1, f"the turned card: {error}") from None


def _error(index: int, message: str) -> NotationError:
    return NotationError(f"field {index + 1} ({FIELDS[index]}): {message}")


def _seat(index: int, text: str, allow_none: bool = False) -> int | None:
    if allow_none and text == "-":
        return None
    if text not in SEAT_NAMES:
        expected = "N, W, S, E" + (" or -" if allow_none else "")
        raise _error(index, f"expected a seat ({expected}), got {text!r}")
    return SEAT_NAMES.index(text)


def _four_ints(index: int, text: str, what: str) -> Four:
    parts = text.split(",")
    if len(parts) != 4 or not all(_INT.fullmatch(p) for p in parts):
        raise _error(index, f"expected four {what} separated by commas (N,W,S,E), got {text!r}")
    values = [int(p) for p in parts]
    return (values[0], values[1], values[2], values[3])


def _cards(index: int, text: str, where: str) -> tuple[str, ...]:
    if len(text) % 2:
        raise _error(index, f"{where}: cards are two characters each, got {text!r} (odd length)")
    cards = []
    for k in range(0, len(text), 2):
        try:
            cards.append(parse_card(text[k : k + 2]))
        except CardError as error:
            raise _error(index, f"{where}: {error}") from None
    return tuple(cards)


def from_notation(rules: Rules, text: str) -> GameState:
    """The position a line of notation describes, under ``rules``.

    Raises :class:`NotationError` with the field (by number and name) and what it expected.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}")
    fields = text.strip().split()
    if len(fields) != len(FIELDS):
        raise NotationError(
            f"expected {len(FIELDS)} fields separated by spaces ({' '.join(FIELDS)}), got {len(fields)}"
        )
    (
        f_phase,
        f_dealer,
        f_scores,
        f_target,
        f_hands,
        f_bids,
        f_tricks,
        f_trick,
        f_to_act,
        f_number,
    ) = fields

    result = Result.CONTINUE
    if f_phase.startswith("over:"):
        if f_phase[5:] not in _OVER:
            raise _error(0, f"expected over:NS, over:WE or over:draw, got {f_phase!r}")
        phase = Phase.GAME_OVER
        result = _OVER[f_phase[5:]]
    elif f_phase in ("deal", "bidding", "play"):
        phase = Phase(f_phase)
    else:
        raise _error(
            0, f"expected deal, bidding, play or over:NS/over:WE/over:draw, got {f_phase!r}"
        )

    dealer, turned = _dealer(f_dealer)
    scores = _four_ints(2, f_scores, "scores")
    if not _INT.fullmatch(f_target):
        raise _error(3, f"expected an integer, got {f_target!r}")
    target = int(f_target)

    hand_texts = f_hands.split("/")
    if len(hand_texts) != 4:
        raise _error(4, f"expected four hands separated by '/' (N/W/S/E), got {len(hand_texts)}")
    hand_list = [
        () if h == "-" else _cards(4, h, f"{SEAT_NAMES[seat]}'s hand")
        for seat, h in enumerate(hand_texts)
    ]
    north, west, south, east = (sorted_cards(h) for h in hand_list)
    hands: Hands = (north, west, south, east)

    bid_parts = f_bids.split(",")
    if len(bid_parts) != 4 or not all(p == "-" or _INT.fullmatch(p) for p in bid_parts):
        raise _error(5, f"expected four bids or '-' separated by commas (N,W,S,E), got {f_bids!r}")
    bid_values = [None if p == "-" else int(p) for p in bid_parts]
    bids: Bids = (bid_values[0], bid_values[1], bid_values[2], bid_values[3])

    tricks = _four_ints(6, f_tricks, "trick counts")
    if any(t < 0 for t in tricks) or sum(tricks) > 13:
        raise _error(
            6, f"trick counts must be 0 or more and add up to at most 13, got {f_tricks!r}"
        )

    leader: int | None = None
    trick: tuple[str, ...] = ()
    if f_trick != "-":
        if len(f_trick) < 2 or f_trick[1] != ":":
            raise _error(
                7, f"expected '-' or <leader>:<cards> such as W:2C3C or W:, got {f_trick!r}"
            )
        leader = _seat(7, f_trick[0])
        trick = _cards(7, f_trick[2:], "trick")
        if len(trick) > 3:
            raise _error(7, f"a trick in progress has at most 3 cards, got {len(trick)}")

    to_act = _seat(8, f_to_act, allow_none=True)
    if not re.fullmatch(r"\d+", f_number) or int(f_number) < 1:
        raise _error(9, f"expected a hand number 1 or more, got {f_number!r}")

    state = GameState(
        rules=rules,
        phase=phase,
        dealer=dealer,
        scores=scores,
        target_in_force=target,
        hands=hands,
        bids=bids,
        to_act=to_act,
        trick=trick,
        leader=leader,
        tricks_won=tricks,
        hand_number=int(f_number),
        result=result,
        turned=turned,
    )
    _check_turned(state)
    _check_consistent(state)
    return state


def _check_consistent(state: GameState) -> None:
    """The fields must describe a position the rules can reach (bar the scores' history)."""
    phase, rules = state.phase, state.rules
    if phase in (Phase.DEAL, Phase.GAME_OVER):
        label = "while dealing" if phase is Phase.DEAL else "after the game"
        if any(state.hands):
            raise _error(4, f"hands are empty {label}: expected -/-/-/-")
        if state.leader is not None:
            raise _error(7, f"no trick {label}: expected -")
        if state.to_act is not None:
            raise _error(8, f"nobody acts {label}: expected -")
        if phase is Phase.DEAL and any(b is not None for b in state.bids):
            raise _error(5, "no bids while dealing: expected -,-,-,-")
        if phase is Phase.DEAL and any(state.tricks_won):
            raise _error(6, "no tricks while dealing: expected 0,0,0,0")
        return

    all_cards = [c for hand in state.hands for c in hand] + list(state.trick)
    if len(set(all_cards)) != len(all_cards):
        twice = sorted_cards({c for c in all_cards if all_cards.count(c) > 1})
        raise _error(4, f"cards appear twice (hands and trick): {', '.join(twice)}")
    order = rules.bidding_seats(state.dealer)

    if phase is Phase.BIDDING:
        for seat, hand in enumerate(state.hands):
            if len(hand) != 13:
                raise _error(
                    4, f"every hand has 13 cards during bidding; {SEAT_NAMES[seat]} has {len(hand)}"
                )
        done = [seat for seat in order if state.bids[seat] is not None]
        if done != list(order[: len(done)]) or len(done) == 4:
            bidders = "".join(SEAT_NAMES[s] for s in order)
            raise _error(
                5, f"bids are made in the order {bidders}, and at least one is still to come"
            )
        if state.to_act != order[len(done)]:
            raise _error(
                8, f"{SEAT_NAMES[order[len(done)]]} bids next, not {_seat_text(state.to_act)}"
            )
        if state.leader is not None:
            raise _error(7, "no trick during bidding: expected -")
        if any(state.tricks_won):
            raise _error(6, "no tricks during bidding: expected 0,0,0,0")
        _check_bids_legal(state, done)
        return

    # play
    if any(b is None for b in state.bids):
        raise _error(5, "all four bids are made before play")
    _check_bids_legal(state, list(order))
    bids = [b if b is not None else 0 for b in state.bids]
    if not state.fast.hand_is_played(bids, state.scores):
        raise _error(
            5,
            f"these bids do not reach the table minimum "
            f"({state.fast.table_minimum(state.scores)}): the hand is not played",
        )
    if state.leader is None:
        raise _error(7, "during play the trick field is <leader>:<cards>, e.g. W: before the lead")
    done_tricks = sum(state.tricks_won)
    if done_tricks >= 13:
        raise _error(6, "13 tricks are played: the hand is over, so the phase cannot be play")
    seats = rules.trick_seats(state.leader)
    played = set(seats[: len(state.trick)])
    for seat, hand in enumerate(state.hands):
        expected = 13 - done_tricks - (1 if seat in played else 0)
        if len(hand) != expected:
            raise _error(
                4,
                f"after {done_tricks} tricks and {len(state.trick)} cards of this one, "
                f"{SEAT_NAMES[seat]} holds {expected} cards, not {len(hand)}",
            )
    if done_tricks == 0 and state.leader != rules.first_leader(state.dealer):
        raise _error(7, f"{SEAT_NAMES[rules.first_leader(state.dealer)]} leads the first trick")
    if state.to_act != seats[len(state.trick)]:
        raise _error(
            8, f"{SEAT_NAMES[seats[len(state.trick)]]} plays next, not {_seat_text(state.to_act)}"
        )


def _check_turned(state: GameState) -> None:
    """The turned card: under ``trump=turned``, during bidding and play, one the dealer
    holds or has played (no other seat holds it, nor played it to this trick); never
    otherwise."""
    turned, rules = state.turned, state.rules
    dealt = state.phase in (Phase.BIDDING, Phase.PLAY)
    if rules.trump != "turned" or not dealt:
        if turned is not None:
            why = "while dealing or after the game" if dealt is False else f"under {rules}"
            raise _error(1, f"no card is turned {why}: expected the dealer's seat alone")
        return
    dealer = SEAT_NAMES[state.dealer]
    if turned is None:
        raise _error(
            1, f"under trump=turned the dealer field is <dealer>:<turned card> ({dealer}:7S)"
        )
    held = [seat for seat, hand in enumerate(state.hands) if turned in hand]
    played_by = None
    if turned in state.trick and state.leader is not None:
        played_by = rules.trick_seats(state.leader)[state.trick.index(turned)]
    if any(seat != state.dealer for seat in held) or played_by not in (None, state.dealer):
        raise _error(1, f"the turned card {turned} is the dealer's ({dealer}), no other seat's")


def _check_bids_legal(state: GameState, seats: list[int]) -> None:
    for seat in seats:
        bid = state.bids[seat]
        assert bid is not None
        if not state.fast.bid_is_legal(bid, state.scores[seat]):
            low = state.fast.own_minimum_bid(state.scores[seat])
            raise _error(
                5,
                f"{SEAT_NAMES[seat]}'s bid {bid} is not legal with a score of "
                f"{state.scores[seat]} (bids {low}-{state.rules.max_bid})",
            )
