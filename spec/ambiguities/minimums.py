"""Register entries on the minimum bids: a seat's own minimum and the table minimum,
how they rise with the scores, whose score sets them, what they count and whether the
bids must reach or equal them, and whose score reduces the values of 5 and 6 (medallon
§"Minimum Bids", qahwa §"Scoring", pagat §"Bidding" and the sections each entry cites).
Part of the register :data:`fourhundred.spec.ambiguities.REGISTER`, in its order.
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
from fourhundred.spec.sources import cite as c

#: The register's entries on the minimum bids, in its order.
ENTRIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        id="negative-scores",
        title="Minimum bid and table minimum for a negative score",
        kind="convention",
        sources=(
            c("medallon", "Minimum Bids", "the table starts at 0-29 points"),
            c("medallon", "Minimum Combined Bids", "the table starts at 0-29 points"),
            c("arab3meyeh", "Bidding", "bands start at 30; nothing on negative scores"),
        ),
        question="Which band is a negative score in?",
        readings=(choice("lowest_band", "A negative score is in the lowest band (below 30)."),),
        defaults=same(
            "lowest_band",
            "Scores go below zero in every source; only the lowest band makes sense for them.",
            MEDALLON,
            ARAB,
        ),
    ),
    Ambiguity(
        id="own-minimum-growth",
        title="Where the rising own minimum bid stops",
        kind="vague-extension",
        sources=(
            c(
                "medallon",
                "Minimum Bids",
                "2, 3 at 30, 4 at 40, 5 at 50, 6 at 60, 'increases accordingly'",
            ),
            c("arab3meyeh", "Bidding", "3 at 30-39, 4 at 40, 'and so on'"),
            c("qahwa", "Bidding", "stops at 5 from 50"),
            c("pagat", "Variations", "stops at 5 from 50"),
        ),
        question=(
            "Does the minimum go on rising by one per ten points without end? Then from 140 points "
            "it exceeds 13 and the player has no legal bid."
        ),
        readings=(
            choice(
                "unbounded",
                "Literally without end: 2 + one per ten points from 30.",
                own_min_cap=None,
            ),
            choice("13", "It stops at 13, the largest bid.", own_min_cap=13),
        ),
        defaults=same(
            "unbounded",
            "The literal text. `fourhundred verify` refutes liveness under it: a player can reach 140 "
            "within three hands (partner kept negative), and then has no legal bid; the reference "
            "engine ends such a game as 'stuck'.",
            MEDALLON,
            ARAB,
        ),
        switch="own_min_cap",
    ),
    Ambiguity(
        id="table-minimum-growth",
        title="Where the rising table minimum stops",
        kind="vague-extension",
        sources=(
            c(
                "medallon",
                "Minimum Combined Bids",
                "11, 12 at 30, 13 at 40, '50+ increases accordingly'",
            ),
            c("arab3meyeh", "Bidding", "11, 12 at 30-39, 13 at 40-49, 'and so on'"),
            c("qahwa", "Bidding", "stops at 14 from 50"),
        ),
        question="Does the table minimum go on rising by one per ten points without end?",
        readings=(
            choice("unbounded", "Literally without end.", table_min_cap=None),
            choice("52", "It stops at 52, all the tricks of four players.", table_min_cap=52),
            choice("14", "It stops at 14, where qahwa stops.", table_min_cap=14),
        ),
        defaults=same(
            "unbounded",
            "The literal text. From a highest score of 440 the minimum (53) exceeds the 52 tricks "
            "four bids can promise, so every deal is thrown in; the reference engine ends such a "
            "game as 'unfinished' at its hand limit.",
            MEDALLON,
            ARAB,
        ),
        switch="table_min_cap",
    ),
    Ambiguity(
        id="qahwa-own-minimum-stop",
        title="qahwa: does the own minimum stop at 5?",
        kind="silence",
        sources=(
            c(
                "qahwa",
                "Bidding",
                "at least 3 from 30 points, 4 from 40 and 5 from 50; nothing after",
            ),
            c(
                "qahwa",
                "Tips from the table",
                "late in the game the minimums rise and your own rises with your score; no end given",
            ),
        ),
        question=(
            "The list ends at 50 points and never says the minimum stops there. Is it 5 for every "
            "score from 50, or does it go on rising by one per ten points (6 from 60, ...)?"
        ),
        readings=(
            choice(
                "5",
                "It stops at 5: 'once you have 50' holds for every score from 50.",
                own_min_cap=5,
            ),
            choice(
                "unbounded",
                "It goes on rising by one per ten points, as the list's steps do.",
                own_min_cap=None,
            ),
        ),
        defaults={
            QAHWA: Default(
                "5",
                "Read literally, 'once you have 50' is true at every score from 50; pagat's 'some "
                "play' rule, the same list, says '50 or more'. Rising further would leave a player "
                "from 140 points without a legal bid.",
            )
        },
        switch="own_min_cap",
    ),
    Ambiguity(
        id="qahwa-table-minimum-stop",
        title="qahwa: does the table minimum stop at 14?",
        kind="silence",
        sources=(
            c(
                "qahwa",
                "Bidding",
                "the bids must reach 11, 12 once any player has 30, 13 from 40, 14 from 50; nothing after",
            ),
            c("qahwa", "How to play in one minute", "at least 11, more once someone has 30 points"),
        ),
        question=(
            "The list ends at 50 points and never says the table minimum stops there. Is it 14 for "
            "every score from 50, or 15 from 60 and so on?"
        ),
        readings=(
            choice("14", "It stops at 14 from 50 points.", table_min_cap=14),
            choice(
                "unbounded",
                "It goes on rising by one per ten points of the highest score.",
                table_min_cap=None,
            ),
        ),
        defaults={
            QAHWA: Default(
                "14",
                "Read literally, 'once any player has 50' is true at every score from 50; the page "
                "gives no further step.",
            )
        },
        switch="table_min_cap",
    ),
    Ambiguity(
        id="table-minimum-whose-score",
        title="Whose score sets the combined minimum",
        kind="silence",
        sources=(
            c(
                "medallon",
                "Minimum Combined Bids",
                "a table by 'Player Score Range' without saying which player",
            ),
            c("qahwa", "Bidding", "once any player has 30"),
            c("arab3meyeh", "Bidding", "if any of the players score is 30-39"),
        ),
        question="Is the combined minimum set by the highest score at the table, or by every player's?",
        readings=(
            choice(
                "highest",
                "The highest score at the table (any player).",
                table_min_scores="highest",
            ),
            choice(
                "lowest",
                "The lowest score (every player must have reached the band).",
                table_min_scores="lowest",
            ),
        ),
        defaults={MEDALLON: Default("highest", "qahwa and arab3meyeh both say 'any player'.")},
        switch="table_min_scores",
    ),
    Ambiguity(
        id="table-measure",
        title="Does the table minimum count tricks or bid values?",
        kind="disagreement",
        sources=(
            c(
                "pagat",
                "Bidding",
                "'the sum of all the bid values' must be at least 11; a bid of 7 or more makes the total automatically above 11",
            ),
            c(
                "pagat",
                "Bidding",
                "in practice bids are 2 to 6 and the dealer decides whether the total reaches 11",
            ),
            c("qahwa", "Bidding", "the four bids (tricks) must reach 11"),
            c("medallon", "Minimum Combined Bids", "the sum of all four bids, in tricks"),
        ),
        question=(
            "pagat sums bid values (7 tricks = 14); every other source sums tricks. Does pagat mean "
            "values, or is 'bid values' loose wording for the bids?"
        ),
        readings=(
            choice(
                "values",
                "Sum the bids' point values (a 13 that wins the game reaches the minimum alone).",
                table_measure="values",
            ),
            choice("tricks", "Sum the numbers of tricks bid.", table_measure="tricks"),
        ),
        defaults=same(
            "values",
            "The literal wording, and the only reading under which pagat's own remark about bids of "
            "7 or more is true (see the claims ledger).",
            PAGAT_41,
            PAGAT_400,
        ),
        switch="table_measure",
    ),
    Ambiguity(
        id="table-minimum-equal",
        title="Must the bids reach the table minimum, or equal it?",
        kind="self-contradiction",
        sources=(
            c("arab3meyeh", "Bidding", "repeat until the bids are 'equal to, or greater than 11'"),
            c("arab3meyeh", "Bidding", "from 40-49 'the total score must equal 13'"),
        ),
        question="At higher scores, must the total be exactly the minimum?",
        readings=(
            choice("at_least", "At least the minimum, as for 11.", table_comparison="at_least"),
            choice("exactly", "Exactly the minimum.", table_comparison="exactly"),
        ),
        defaults={
            ARAB: Default(
                "at_least",
                "The rule is first stated as 'equal to, or greater than'; every other source says 'at least'. "
                "The 'exactly' reading can deadlock: `fourhundred verify` finds a reachable position whose "
                "own minimums add up to more than the exact total required.",
            )
        },
        switch="table_comparison",
    ),
    Ambiguity(
        id="qahwa-table-switch",
        title="How qahwa's table-minimum switch combines with the rising minimum",
        kind="silence",
        sources=(
            c("qahwa", "Play it in Qahwa", "switch: the four bids must reach 11, 12 or 13"),
            c("qahwa", "Bidding", "11, rising to 12, 13, 14 at 30, 40, 50"),
        ),
        question="With the switch at 12 or 13, what is the minimum once scores pass 30, 40, 50?",
        readings=(
            choice(
                "floor",
                "The switch sets a floor: the larger of the switch and the rising minimum.",
                total_switch="floor",
            ),
            choice(
                "offset",
                "The switch shifts the whole scale: 12 gives 12/13/14/15.",
                total_switch="offset",
            ),
            choice(
                "fixed",
                "The switch replaces the rising rule with a fixed minimum.",
                total_switch="fixed",
            ),
        ),
        defaults={
            QAHWA: Default(
                "floor",
                "Keeps the page's rising rule intact and never lowers a minimum the rules already demand.",
            )
        },
        switch="total_switch",
    ),
    Ambiguity(
        id="reduced-values-scope",
        title="Whose score turns 5 and 6 into 5 and 6 points",
        kind="silence",
        sources=(
            c(
                "arab3meyeh",
                "Scoring",
                "'once a player reaches 30 points or more', 5 counts 5 and 6 counts 6",
            ),
            c("qahwa", "Scoring", "'once your own score is 30 or more'"),
        ),
        question="Is it the bidder's own score, or any player's?",
        readings=(
            choice("own", "The bidder's own score.", reduced_scope="own"),
            choice("any", "Any player's score (the highest at the table).", reduced_scope="any"),
        ),
        defaults={
            ARAB: Default(
                "own",
                "Scores are individual and the page's bands are personal; qahwa says 'your own score'.",
            )
        },
        switch="reduced_scope",
    ),
)
