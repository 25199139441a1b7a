"""Register entries recorded after the topics of the other modules, each on its own:
which variant pagat's last two options belong to, the turn timer, which score sets the
bands during a hand, leading hearts, Syrian 41's largest bid, and qahwa's FAQ on big
bids under the classic switch (the sections each entry cites). Part of the register
:data:`fourhundred.spec.ambiguities.REGISTER`, in its order (so they stay last).
"""

from __future__ import annotations

from fourhundred.spec.ambiguities.base import (
    ARAB,
    MEDALLON,
    PAGAT_41,
    PAGAT_400,
    QAHWA,
    Ambiguity,
    Default,
    same,
)
from fourhundred.spec.definitions import choice
from fourhundred.spec.sources import VARIANT_NAMES
from fourhundred.spec.sources import cite as c

#: The register's entries on the entries after the topics, in its order.
ENTRIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        id="pagat-option-scope",
        title="Do pagat's last two options belong to 41 or to Lebanese 400?",
        kind="silence",
        sources=(
            c(
                "pagat",
                "Variations",
                "'some play to 44' and 'some require 12' follow the Lebanese list, outside it",
            ),
        ),
        question="Do the target-44 and table-minimum-12 options apply to Syrian 41 as well?",
        readings=(
            choice(
                "both",
                "Both games offer them (options target and total12 on pagat-41 and pagat-400).",
            ),
            choice("lebanese_only", "Only Lebanese 400: leave both options off on pagat-41."),
        ),
        defaults=same(
            "both",
            "Offering them on both loses nothing: each is off unless chosen.",
            PAGAT_41,
            PAGAT_400,
        ),
        settled_by="options target and total12 (off on pagat-41 for the Lebanese-only reading)",
    ),
    Ambiguity(
        id="turn-time-limit",
        title="25 seconds or 30?",
        kind="self-contradiction",
        sources=(
            c(
                "medallon",
                "Time Limit",
                "each turn within 25 seconds; after 30 seconds a random card is played",
            ),
        ),
        question="How long may a player take?",
        readings=(
            choice("30", "30 seconds, after which a random card is played.", turn_time_limit=30),
            choice("25", "25 seconds.", turn_time_limit=25),
        ),
        defaults={
            MEDALLON: Default(
                "30", "The limit tied to a consequence. Recorded only: the engine is untimed."
            )
        },
        switch="turn_time_limit",
    ),
    Ambiguity(
        id="score-basis",
        title="Which score sets the bands during a hand",
        kind="convention",
        sources=(
            c("qahwa", "Bidding", "minimums rise 'once a player has' a score"),
            c("medallon", "Minimum Bids", "by player score range"),
            c("arab3meyeh", "Scoring", "'once a player reaches 30'"),
        ),
        question="Are bands judged on the score before the hand, or as it changes?",
        readings=(
            choice(
                "before_the_hand",
                "Scores change only at the end of a hand, so the score before it.",
            ),
        ),
        defaults=same(
            "before_the_hand", "Scores are settled once per hand in every source.", *VARIANT_NAMES
        ),
    ),
    Ambiguity(
        id="leading-hearts",
        title="May hearts be led at any time?",
        kind="convention",
        sources=(
            c("pagat", "Play", "the leader 'leads any card'"),
            c("qahwa", "Playing the tricks", "silent on leading"),
            c("medallon", "Gameplay", "silent on leading"),
            c("arab3meyeh", "Game Play", "silent on leading"),
        ),
        question="Is there a restriction on leading hearts, as in some trump games?",
        readings=(choice("any_card", "Any card may be led, hearts included."),),
        defaults=same(
            "any_card", "No source restricts the lead; pagat says any card.", QAHWA, MEDALLON, ARAB
        ),
    ),
    Ambiguity(
        id="maximum-bid-41",
        title="The largest bid in Syrian 41",
        kind="convention",
        sources=(c("pagat", "Bidding", "at least 1; no maximum stated; 7 or more count double"),),
        question="What is the largest bid?",
        readings=(choice("13", "13, all the tricks."),),
        defaults={PAGAT_41: Default("13", "A player cannot take more than 13 tricks.")},
    ),
    Ambiguity(
        id="qahwa-faq-big-bids",
        title="The FAQ's '10 or more = 40' under the classic switch",
        kind="self-contradiction",
        sources=(
            c("qahwa", "Questions", "in 400, 9 = 27 and 10 or more = 40"),
            c(
                "qahwa",
                "Play it in Qahwa",
                "classic table: 10 = 30, 11 = 33, 12 = 36, 13 decides the game",
            ),
        ),
        question="Which holds when the classic table is switched on?",
        readings=(
            choice("switch_rules", "The switch: the FAQ describes the default (common) table."),
            choice("faq_rules", "The FAQ: 10 or more is always 40 (the common table)."),
        ),
        defaults={
            QAHWA: Default("switch_rules", "The switch is an explicit choice made before the deal.")
        },
        settled_by="qahwa's option table (common gives the FAQ's values)",
    ),
)
