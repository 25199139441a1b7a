"""Register entries on the deal and the turn: which way bidding and play go, how the
cards are dealt, who deals first and next, and what a throw-in does (medallon
§"Bidding", pagat §"Bidding", qahwa §"How to play in one minute" and the sections each
entry cites). Part of the register :data:`fourhundred.spec.ambiguities.REGISTER`, in
its order.
"""

from __future__ import annotations

from fourhundred.spec.ambiguities.base import (
    ARAB,
    MEDALLON,
    ONE_AT_A_TIME,
    PAGAT_41,
    PAGAT_400,
    PAGAT_BATCHES,
    QAHWA,
    Ambiguity,
    Default,
    same,
)
from fourhundred.spec.definitions import choice
from fourhundred.spec.sources import VARIANT_NAMES
from fourhundred.spec.sources import cite as c

#: The register's entries on the deal and the turn, in its order.
ENTRIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        id="bidding-direction",
        title="Bidding starts on the dealer's right, yet 'proceeds clockwise'",
        kind="self-contradiction",
        sources=(
            c(
                "medallon",
                "Bidding",
                "the player to the dealer's right starts; bidding proceeds clockwise",
            ),
            c("medallon", "Minimum Combined Bids", "the next player to the right deals a new hand"),
            c(
                "qahwa",
                "How to play in one minute",
                "dealing, bidding and play all go to the right",
            ),
            c("pagat", "Bidding", "from the dealer's right, anticlockwise round to the dealer"),
        ),
        question=(
            "After the player on the dealer's right, who bids next? Going to the right is "
            "anticlockwise; 'clockwise' from the dealer's right reaches the dealer next."
        ),
        readings=(
            choice(
                "anticlockwise",
                "To the right: dealer's right, then onward, the dealer last.",
                bidding_order="anticlockwise",
            ),
            choice(
                "clockwise",
                "Literally clockwise from the dealer's right: right, dealer, left, partner.",
                bidding_order="clockwise",
            ),
        ),
        defaults={
            MEDALLON: Default(
                "anticlockwise",
                "The same page sends the deal 'to the right' and starts on the dealer's right; every "
                "other source goes to the right; 'clockwise' is read as a slip.",
            )
        },
        switch="bidding_order",
    ),
    Ambiguity(
        id="bidding-direction-unstated",
        title="Direction of bidding not stated",
        kind="silence",
        sources=(
            c(
                "arab3meyeh",
                "Bidding",
                "the player to the dealer's right starts the bidding; no direction after that",
            ),
        ),
        question="After the first bidder on the dealer's right, in which direction does the bidding go?",
        readings=(
            choice(
                "anticlockwise",
                "To the right, as the deal moves, the dealer last.",
                bidding_order="anticlockwise",
            ),
            choice("clockwise", "Clockwise from the dealer's right.", bidding_order="clockwise"),
        ),
        defaults={
            ARAB: Default(
                "anticlockwise",
                "The page moves the deal to the right; every source that states a direction goes to the right.",
            )
        },
        switch="bidding_order",
    ),
    Ambiguity(
        id="play-direction-unstated",
        title="Direction of play not stated",
        kind="silence",
        sources=(
            c(
                "medallon",
                "Gameplay",
                "the player to the dealer's right leads; no direction of play given",
            ),
            c(
                "arab3meyeh",
                "Game Play",
                "the player on the dealer's right leads; no direction given",
            ),
        ),
        question="In which direction does play go round a trick?",
        readings=(
            choice("anticlockwise", "To the right (anticlockwise).", play_order="anticlockwise"),
            choice("clockwise", "Clockwise.", play_order="clockwise"),
        ),
        defaults=same(
            "anticlockwise",
            "The first lead is on the dealer's right, as in every source that states the direction "
            "(qahwa, pagat): play goes to the right.",
            MEDALLON,
            ARAB,
        ),
        switch="play_order",
    ),
    Ambiguity(
        id="deal-pattern",
        title="How the cards are dealt",
        kind="silence",
        sources=(
            c("qahwa", "The deal", "13 cards each; no pattern given"),
            c("medallon", "Gameplay", "52 cards, 13 tricks; no deal described"),
            c("arab3meyeh", "Bidding", "no deal described"),
            c("pagat", "Deal", "anticlockwise in batches of 1-2-2-2-2-2-2"),
        ),
        question=(
            "In what batches are the 13 cards dealt, and who receives first? (It matters only to "
            "reproduce a deal from a shuffled deck.)"
        ),
        readings=(
            choice(
                "one_at_a_time",
                "One card at a time, starting on the dealer's right, to the right.",
                deal_pattern=ONE_AT_A_TIME,
            ),
            choice(
                "pagat_batches",
                "pagat's batches 1-2-2-2-2-2-2, starting on the dealer's right.",
                deal_pattern=PAGAT_BATCHES,
            ),
        ),
        defaults=same(
            "one_at_a_time",
            "The page gives no pattern; one card at a time from the dealer's right is the usual way.",
            QAHWA,
            MEDALLON,
            ARAB,
        ),
        switch="deal_pattern",
    ),
    Ambiguity(
        id="first-dealer",
        title="Who deals the first hand",
        kind="convention",
        sources=(
            c(
                "qahwa",
                "The deal",
                "the deal moves one seat to the right after each hand; first dealer not given",
            ),
            c("pagat", "Deal", "the dealer position rotates anticlockwise; first dealer not given"),
            c("medallon", "Bidding", "not given"),
            c("arab3meyeh", "Bidding", "not given"),
        ),
        question="Who deals first?",
        readings=(
            choice(
                "by_setup",
                "The table chooses; the game set-up names the first dealer (default North).",
            ),
        ),
        defaults=same(
            "by_setup",
            "No source says; it is a parameter of the game, not of the rules.",
            *VARIANT_NAMES,
        ),
    ),
    Ambiguity(
        id="dealer-rotation",
        title="Who deals after a played hand",
        kind="convention",
        sources=(
            c(
                "medallon",
                "Minimum Combined Bids",
                "only a void deal passes to the next player to the right",
            ),
            c("arab3meyeh", "Bidding", "only a re-deal goes to the dealer's right"),
        ),
        question="After a hand that was played, who deals next?",
        readings=(choice("to_the_right", "The next player to the right, as after a throw-in."),),
        defaults=same(
            "to_the_right",
            "The pages say it for a re-deal; qahwa and pagat say it for every hand.",
            MEDALLON,
            ARAB,
        ),
    ),
    Ambiguity(
        id="throw-in",
        title="What a throw-in does to the scores and the deal",
        kind="convention",
        sources=(
            c("qahwa", "Bidding", "nobody scores and the next dealer deals again"),
            c(
                "medallon",
                "Minimum Combined Bids",
                "the deal is void; the next player to the right deals",
            ),
            c("pagat", "Bidding", "all throw in their hands; new deal by the next player in turn"),
            c("arab3meyeh", "Bidding", "the deal goes to the original dealer's right"),
        ),
        question="When the bids fall short, does anyone score, and who deals?",
        readings=(
            choice(
                "void_next_dealer", "Nobody scores; the next player to the right deals a new hand."
            ),
        ),
        defaults=same(
            "void_next_dealer",
            "qahwa says it in full; the others agree on the deal and say nothing of scoring.",
            *VARIANT_NAMES,
        ),
    ),
    Ambiguity(
        id="dealer-throw-in",
        title="May the dealer throw in instead of bidding?",
        kind="silence",
        sources=(
            c(
                "pagat",
                "Bidding",
                "in practice, if the dealer has no reasonable bid reaching 11, the dealer throws in and the others follow",
            ),
        ),
        question="Is the dealer's throw-in a separate action, or only a way of saying the dealer bids short?",
        readings=(
            choice(
                "no",
                "No separate action: the dealer bids, and a short total throws the hand in.",
                dealer_may_throw_in=False,
            ),
            choice(
                "yes",
                "The dealer, bidding last, may throw in instead of bidding.",
                dealer_may_throw_in=True,
            ),
        ),
        defaults=same(
            "no",
            "The sentence is in parentheses and describes practice; the rule before it (sum under 11 "
            "means a new deal) already gives the same outcome.",
            PAGAT_41,
            PAGAT_400,
        ),
        switch="dealer_throw_in",
    ),
)
