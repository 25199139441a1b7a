"""The suite's grids: the deterministic inputs of each kind for one rule set
(``<kind>_suite_inputs(rules)``, each input with what it asks;
:attr:`fourhundred.conformance.kinds.Kind.suite_inputs`), built on the edges of
:mod:`fourhundred.conformance.edges` and the deterministic helpers of
:mod:`fourhundred.conformance.inputs`. Whole games are scripted in
:mod:`fourhundred.conformance.games`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from fourhundred.conformance.edges import (
    SUITE_BID_VALUE_SCORES,
    SUITE_HAND_SCORES,
    SUITE_OWN_SCORES,
    SUITE_QUIET_SCORES,
    SUITE_TABLE_SCORES,
    THIRTEEN,
    target_edges,
)
from fourhundred.conformance.inputs import (
    dealt_cards,
    in_turn,
    lowest_but,
    own_minimums,
    played_at,
    raised_until,
    spread_tricks,
    tricks_making,
)
from fourhundred.spec.cards import (
    SEAT_NAMES,
)
from fourhundred.spec.model import Rules

Json = dict[str, Any]

# ----------------------------------------------------------------------
# The suite's grids: the deterministic inputs of each kind, for one rule set
# (:attr:`fourhundred.conformance.kinds.Kind.suite_inputs`; whole games are
# scripted in :mod:`fourhundred.conformance.games`)
# ----------------------------------------------------------------------


def bid_value_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """Every bid at the reduced-value edges, judged on the own and the highest score
    (:data:`SUITE_BID_VALUE_SCORES`)."""
    for bid in range(rules.min_bid, rules.max_bid + 1):
        for own, highest in SUITE_BID_VALUE_SCORES:
            yield (
                {"bid": bid, "own_score": own, "highest_score": highest},
                f"bid {bid} with own score {own}, highest score {highest}",
            )


def legal_bids_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """The own score at every band edge (:data:`SUITE_OWN_SCORES`)."""
    for own in SUITE_OWN_SCORES:
        yield {"own_score": own}, f"legal bids on an own score of {own}"


def _raise_to(rules: Rules, bids: list[int], total: int, order: Sequence[int]) -> list[int] | None:
    """Raise bids (in seat order) until they add up to ``total`` tricks."""
    raised = raised_until(bids, lambda b: sum(b) >= total, in_turn(order, rules.max_bid))
    return raised if raised is not None and sum(raised) == total else None


def table_minimum_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """Scores at every band edge (one player or all four); bids one short, exactly
    at, and one over the minimum; and big bids that count double as values."""
    vectors: list[list[int]] = []
    for index, high in enumerate(SUITE_TABLE_SCORES):
        seat = index % 4
        vector = [min(high, 10) if high >= 0 else high] * 4
        vector[seat] = high
        vectors.append(vector)
        vectors.append([high] * 4)
    for scores in vectors:
        mins = own_minimums(rules, scores)
        if mins is None:
            continue
        minimum = int(rules.table_minimum(scores))
        bid_vectors: list[tuple[list[int], str]] = []
        for total in (minimum - 1, minimum, minimum + 1):
            raised = _raise_to(rules, mins, total, (1, 2, 3, 0))
            if raised is not None:
                bid_vectors.append((raised, f"bids totalling {total} tricks"))
        for big in (7, rules.max_bid):
            if big >= mins[0]:
                bid_vectors.append(([big, *mins[1:]], f"a bid of {big} and three minimum bids"))
        for bids, what in bid_vectors:
            yield (
                {"scores": scores, "bids": bids},
                f"scores {scores}: {what} (table minimum {minimum})",
            )


def trick_winner_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """Hand-picked tricks (every position winning, trumps, discards) and dealt ones."""
    picked = [
        (["4C", "AC", "2H", "KC"], "a low heart trumps the ace of the suit led"),
        (["4C", "AC", "KC", "QC"], "all follow: the highest card of the suit led"),
        (["4C", "2D", "3S", "5C"], "discards never win: the last player's higher club wins"),
        (["AS", "KD", "QC", "JD"], "nobody follows: the card led wins"),
        (["2H", "AS", "AC", "AD"], "a heart led beats aces of other suits"),
        (["5H", "7H", "6H", "3H"], "all hearts: the highest heart"),
        (["TC", "3H", "9H", "4H"], "several trumps: the highest heart"),
        (["KS", "AS", "AH", "2S"], "the ace of hearts over the ace of spades"),
        (["2C", "3C", "4C", "5C"], "the last card, highest of the suit led"),
        (["QD", "KD", "AD", "JD"], "the third card, the ace"),
        (["AD", "2D", "3D", "4D"], "the leader's ace"),
        (["7S", "2H", "AS", "3H"], "a later, higher trump over an earlier one"),
        (["9D", "TD", "JD", "2C"], "a discard after the winner"),
        (["TS", "JS", "TH", "QS"], "a ten of hearts over a queen of spades played after it"),
    ]
    for trick, what in picked:
        yield {"trick": trick}, what
    for seed in range(60):
        hand = dealt_cards(1000 + seed, 4)
        yield {"trick": hand}, f"dealt trick #{seed}"
    if rules.trump == "turned":
        yield from _turned_trump_inputs()


def _turned_trump_inputs() -> Iterator[tuple[Json, str]]:
    """Tricks under the house rule ``trump=turned``, with the hand's trump suit given:
    the turned suit trumps, and a heart is then a plain card."""
    picked = [
        (["4C", "AC", "2H", "KC"], "S", "spades trumps: a heart is a discard; the ace of clubs"),
        (["4C", "AC", "2S", "KC"], "S", "spades trumps: a low spade trumps the ace led"),
        (["AH", "KH", "3D", "QH"], "D", "diamonds trumps: a low diamond over the ace of hearts"),
        (["7C", "AH", "KS", "8C"], "C", "clubs trumps (and led): the eight of clubs"),
        (["2D", "AH", "AS", "AC"], "D", "diamonds led and trumps: the two of diamonds holds"),
        (["9S", "TH", "JD", "QS"], "H", "hearts turned: hearts trumps as in every source"),
    ]
    for trick, trump, what in picked:
        yield {"trick": trick, "trump": trump}, what
    for seed in range(24):
        yield (
            {"trick": dealt_cards(2000 + seed, 4), "trump": "CDHS"[seed % 4]},
            f"dealt trick #{seed}, {'CDHS'[seed % 4]} trumps",
        )


def legal_plays_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """Leading, following, void (trump or discard allowed), last card, hearts led."""
    picked: list[tuple[list[str], str | None, str]] = [
        (["AS", "2S", "KH", "3D"], None, "the leader may lead any card, a heart included"),
        (["AS", "2S", "KH", "3D"], "5S", "must follow spades"),
        (["AS", "2S", "KH", "3D"], "5C", "void in clubs: any card, trump or discard"),
        (["AS", "2S", "KH", "3D"], "5H", "hearts led: must follow with the heart"),
        (["AS", "2S", "4S", "3D"], "5H", "hearts led, no heart: any card"),
        (["7D"], "AD", "the last card, following"),
        (["7D"], "AC", "the last card, not following"),
        (["2H", "3H", "4H"], "KS", "only hearts: may trump with any"),
    ]
    for hand, led, what in picked:
        yield {"hand": hand, "led": led}, what
    for seed in range(40):
        hand = dealt_cards(2000 + seed, 1 + seed % 13)
        led_pool = dealt_cards(3000 + seed, 52)
        led = next(card for card in led_pool if card not in hand)
        yield {"hand": hand, "led": None if seed % 5 == 0 else led}, f"dealt hand #{seed}"


def hand_scoring_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """Each bid made exactly, failed by one, and over-made, at reduced-value edges;
    a seat's score never depends on its partner's tricks."""
    for bid in range(rules.min_bid, rules.max_bid + 1):
        seat = bid % 4
        for own in SUITE_HAND_SCORES:
            scores = [10, 20, 5, 12]
            scores[seat] = own
            if int(rules.own_minimum_bid(own)) > bid:
                continue
            trick_options = [bid, bid - 1] + ([bid + 2] if bid + 2 <= 13 else [])
            for taken in trick_options:
                others = [s for s in range(4) if s != seat]
                mins = own_minimums(rules, scores)
                if mins is None:
                    continue
                bids = list(mins)
                bids[seat] = bid
                played = raised_until(
                    bids,
                    played_at(rules, scores),
                    lowest_but(seat, min(rules.max_bid, 6)),
                )
                if played is None:
                    continue
                tricks = [0, 0, 0, 0]
                tricks[seat] = taken
                for other, count in spread_tricks(13 - taken, others).items():
                    tricks[other] = count
                yield (
                    {"scores": scores, "bids": played, "tricks": tricks},
                    f"seat {SEAT_NAMES[seat]} on {own} bids {bid} and takes {taken}",
                )
    # The partner's tricks do not count (qahwa §Scoring).
    yield (
        {"scores": [0, 0, 0, 0], "bids": [4, 3, 4, 3], "tricks": [3, 2, 7, 1]},
        "North fails by one while South, the partner, takes seven",
    )


def _seat_options(rules: Rules, after: int, highest_guess: int) -> list[tuple[int, bool, int]]:
    """(bid, made, score before) that lead a seat to ``after``, own score bands included."""
    options = []
    for bid in range(rules.min_bid, min(rules.max_bid, 9) + 1):
        if bool(rules.is_special_bid(bid)):
            continue
        for made in (True, False):
            before = after
            for _ in range(4):
                value = int(rules.bid_value(bid, before, highest_guess))
                before = after - value if made else after + value
            if bool(rules.bid_is_legal(bid, before)):
                options.append((bid, made, before))
    options.sort(key=lambda o: (not o[1], o[0]))
    return options


def _climb_options(rules: Rules, before: int) -> list[tuple[int, bool, int]]:
    """(bid, made, score before) of a seat on ``before`` that makes a bid: every legal
    bid but the special ones, the highest first (the one climbing farthest)."""
    bids = range(rules.max_bid, rules.min_bid - 1, -1)
    return [
        (bid, True, before)
        for bid in bids
        if not bool(rules.is_special_bid(bid)) and bool(rules.bid_is_legal(bid, before))
    ]


def solve_hand(
    rules: Rules, after: Sequence[int], dealer: int, climb: tuple[int, int] | None = None
) -> Json | None:
    """A played hand (scores before, legal bids, tricks) that ends on ``after``; with
    ``climb`` (seat, score), that seat starts on the score and makes a bid instead,
    ending wherever the bid takes it."""
    highest_guess = max(after)
    per_seat = [_seat_options(rules, a, highest_guess)[:8] for a in after]
    if climb is not None:
        # The others fail their bids first: the climbing seat needs the tricks.
        per_seat = [
            sorted(_seat_options(rules, a, highest_guess), key=lambda o: o[1])[:8] for a in after
        ]
        per_seat[climb[0]] = _climb_options(rules, climb[1])
    free = -1 if climb is None else climb[0]
    for combo in itertools.product(*per_seat):
        bids = [o[0] for o in combo]
        made = [o[1] for o in combo]
        before = [o[2] for o in combo]
        tricks = tricks_making(bids, made)
        if tricks is None:
            continue
        if not bool(rules.bids_are_legal(bids, before)) or not bool(
            rules.hand_is_played(bids, before)
        ):
            continue
        ended = [int(x) for x in rules.scores_after(before, bids, tricks)]
        if any(ended[seat] != after[seat] for seat in range(4) if seat != free):
            continue
        return {"scores": before, "bids": bids, "tricks": tricks, "dealer": dealer}
    return None


def _after_vectors(target: int) -> list[tuple[list[int], str]]:
    t = target
    return [
        ([t - 1, 10, 1, 12], "North one short of the target, partner on 1"),
        ([t, 10, -1, 12], "North on the target, partner on -1"),
        ([t, 10, 0, 12], "North on the target, partner on 0"),
        ([t, 10, 1, 12], "North on the target, partner on 1"),
        ([t + 3, 10, 1, 12], "North past the target, partner on 1"),
        ([10, t, 12, 1], "West on the target, partner on 1"),
        ([10, t, 12, 0], "West on the target, partner on 0"),
        ([12, 5, 10, t - 1], "East one short of the target"),
        ([t, t, 5, 5], "North and West on the target, equal team totals"),
        ([t + 2, t, 5, 5], "North and West on the target, North-South ahead"),
        ([t, t + 2, 5, 5], "North and West on the target, West-East ahead"),
        ([t, t, 5, 0], "both on the target, West-East's partner on 0"),
        (
            [t // 2, 5, t - t // 2, 6],
            "North-South's total exactly the target, each partner below it",
        ),
        ([t // 2, 5, t - t // 2 - 1, 6], "North-South's total one short of the target"),
        ([t, 5, 0, 6], "North-South's total the target with South on 0"),
        ([t + 1, 5, -1, 6], "North-South's total the target with South on -1"),
        (list(SUITE_QUIET_SCORES), "scores at band edges, nobody near the target"),
    ]


def outcome_inputs_at(rules: Rules, target: int) -> Iterator[tuple[Json, str]]:
    """Played hands ending on the scores of :func:`_after_vectors` at ``target`` (the
    target in force they are played to), each labelled with it."""
    for index, (after, what) in enumerate(_after_vectors(target)):
        hand = solve_hand(rules, after, dealer=index % 4)
        if hand is not None:
            yield {**hand, "target_in_force": target}, f"{what} (target in force {target})"


def climbing_inputs_at(
    rules: Rules, target: int, starts: Sequence[int]
) -> Iterator[tuple[Json, str]]:
    """Played hands ending on the scores of :func:`_after_vectors` at ``target``, but for
    one seat that starts on each of ``starts`` and makes a bid (ending where it takes
    it, :func:`solve_hand`'s ``climb``); then each with another seat ending level with
    the climber (equal totals, equal seats)."""
    for index, (after, what) in enumerate(_after_vectors(target)):
        for seat in range(4):
            for start in starts:
                hand = solve_hand(rules, after, index % 4, (seat, start))
                if hand is None:
                    continue
                label = f"{what}; {SEAT_NAMES[seat]} climbs from {start}"
                yield {**hand, "target_in_force": target}, f"{label} (target in force {target})"
                landed = int(rules.scores_after(hand["scores"], hand["bids"], hand["tricks"])[seat])
                for other in range(4):
                    level = [landed if i == other else score for i, score in enumerate(after)]
                    hand = solve_hand(rules, level, index % 4, (seat, start))
                    if other != seat and hand is not None:
                        yield (
                            {**hand, "target_in_force": target},
                            f"{label}, {SEAT_NAMES[other]} ending level (target in force {target})",
                        )


def game_outcome_suite_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """Scores landing on the target and on 0/1 for the partner, both teams
    qualifying, raised targets, and bids of 13 that decide the game."""
    for target in target_edges(rules)[:2]:  # the target and its first raise
        yield from outcome_inputs_at(rules, target)
        if target != rules.target:
            for after, what in (
                (
                    [rules.target + 2, 5, 10, 12],
                    "raised target: North qualifies only at the base target",
                ),
                (
                    [target - 12, target - 12, 5, 5],
                    "raised target: both fall back below the base target",
                ),
            ):
                hand = solve_hand(rules, after, dealer=0)
                if hand is not None:
                    yield {**hand, "target_in_force": target}, what
    yield from thirteen_inputs(rules)


#: The bids of 13 scored (qahwa §"Bidding 13"; pagat §"Scoring"): the scores before,
#: bids and tricks by seat, each four numbers in seat order N, W, S, E; the dealer; what
#: the hand is. A score of ``T`` is the target less two, ``A`` the target.
_THIRTEEN_HANDS: tuple[tuple[str, str, str, int, str], ...] = (
    ("0 0 0 0", "13 2 2 2", "13 0 0 0", 0, "North bids 13 and takes all 13"),
    ("0 0 -8 0", "13 2 2 2", "13 0 0 0", 0, "North makes 13 with the partner on -8"),
    ("0 0 0 0", "13 2 2 2", "12 1 0 0", 0, "North bids 13 and loses one trick to West"),
    ("0 0 0 0", "13 2 2 2", "12 0 1 0", 0, "North bids 13 and loses one trick to the partner"),
    ("0 0 0 0", "2 13 2 2", "0 13 0 0", 1, "West bids 13 and takes all 13"),
    ("T 0 5 0", "2 13 2 2", "0 13 0 0", 1, "West makes 13 while North reaches the target"),
    ("0 0 0 0", "13 13 2 2", "12 1 0 0", 0, "North and West both bid 13 and both fail (dealer North)"),
    ("0 0 0 0", "13 13 2 2", "12 1 0 0", 3, "North and West both bid 13 and both fail (dealer East)"),
    ("0 0 0 0", "13 2 13 2", "13 0 0 0", 0, "North makes 13 while South's 13 fails (dealer North)"),
    ("0 0 0 0", "13 2 13 2", "13 0 0 0", 1, "North makes 13 while South's 13 fails (dealer West)"),
    ("0 0 0 A", "2 2 2 13", "0 2 0 11", 0, "East, on the target, fails 13; West makes its bid"),
)  # fmt: skip


def thirteen_inputs(rules: Rules) -> Iterator[tuple[Json, str]]:
    """The game_outcome inputs of :data:`_THIRTEEN_HANDS` whose bids are legal under ``rules``."""
    if rules.max_bid < THIRTEEN:
        return
    t = rules.target

    def four(numbers: str) -> list[int]:
        named = {"T": t - 2, "A": t}
        return [named[n] if n in named else int(n) for n in numbers.split()]

    for scores_text, bids_text, tricks_text, dealer, what in _THIRTEEN_HANDS:
        scores, bids = four(scores_text), four(bids_text)
        if not bool(rules.bids_are_legal(bids, scores)):
            continue
        data = {
            "scores": scores,
            "bids": bids,
            "tricks": four(tricks_text),
            "dealer": dealer,
            "target_in_force": t,
        }
        yield data, what
