"""The ambiguity register: every place where a source is silent, contradicts
itself, or disagrees with another source, and the reading each variant uses.

Each :class:`Ambiguity` has a stable id (never reused), the sources and
sections involved (paraphrased), the question it leaves open, the possible
readings, and, for every variant it applies to, the default reading and why.
Where an entry has a ``switch``, every reading is selectable on those
variants as an option of that name, e.g. ``medallon-400(bidding_order=clockwise)``.
Entries of kind ``convention`` record a silence filled by the convention
every table follows; they have a single reading and no switch. Entries of
kind ``disagreement`` without a switch are settled by choosing the variant.

``fourhundred ambiguities --json`` exports this register.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from fourhundred.spec import arab3meyeh, medallon, pagat, qahwa
from fourhundred.spec.definitions import Choice, Citation, choice
from fourhundred.spec.pagat import QAHWA_SYRIAN_VALUES, SYRIAN_VALUES
from fourhundred.spec.sources import VARIANT_NAMES
from fourhundred.spec.sources import cite as c

Kind = Literal["silence", "self-contradiction", "disagreement", "vague-extension", "convention"]

#: Short names of the variants the entries below single out.
QAHWA, MEDALLON = qahwa.QAHWA_400.name, medallon.MEDALLON_400.name
PAGAT_41, PAGAT_400 = pagat.PAGAT_41.name, pagat.PAGAT_400.name
ARAB = arab3meyeh.ARAB3MEYEH_400.name


@dataclass(frozen=True)
class Default:
    """The reading a variant uses unless told otherwise, and why."""

    reading: str
    why: str


@dataclass(frozen=True)
class Ambiguity:
    """One entry of the register."""

    id: str
    title: str
    kind: Kind
    sources: tuple[Citation, ...]
    question: str
    readings: tuple[Choice, ...]
    defaults: Mapping[str, Default]
    switch: str | None = None
    #: For an entry without a switch that is not a convention: what selects
    #: the reading instead (the choice of variant, or a house option).
    settled_by: str | None = None

    @property
    def applies_to(self) -> tuple[str, ...]:
        """The variants this entry concerns, in registry order."""
        return tuple(v for v in VARIANT_NAMES if v in self.defaults)

    def reading(self, reading_id: str) -> Choice:
        """The reading with that id."""
        for reading in self.readings:
            if reading.value == reading_id:
                return reading
        raise KeyError(reading_id)


def same(reading: str, why: str, *variants: str) -> dict[str, Default]:
    """The same default, for the same reason, for several variants."""
    return {variant: Default(reading, why) for variant in variants}


ONE_AT_A_TIME = (1,) * 13
PAGAT_BATCHES = (1, 2, 2, 2, 2, 2, 2)

REGISTER: tuple[Ambiguity, ...] = (
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
    Ambiguity(
        id="one-point-per-trick",
        title="'Each trick bid is worth one point' against the value table",
        kind="self-contradiction",
        sources=(
            c("medallon", "Object of the Game", "each trick bid is worth one point"),
            c("medallon", "Bid Values Table", "5 = 10, 9 = 27, ..."),
            c("arab3meyeh", "introduction", "each trick that is bet is worth one point"),
            c("arab3meyeh", "Scoring", "5 = 10, 9 = 27, ..."),
        ),
        question="Is a bid worth its number of tricks, or what the table says?",
        readings=(
            choice("table", "The value table.", value_scale="table"),
            choice(
                "one_per_trick",
                "One point per trick bid, for every bid (13 included).",
                value_scale="one_per_trick",
            ),
        ),
        defaults=same(
            "table",
            "The table is the detailed rule; the sentence is a summary true only for bids of 2 to 4.",
            MEDALLON,
            ARAB,
        ),
        switch="value_scale",
    ),
    Ambiguity(
        id="big-bid-values",
        title="What bids of 10 to 13 are worth in 400",
        kind="disagreement",
        sources=(
            c(
                "qahwa",
                "Scoring",
                "common table: 10-13 all 40; classic switch: 30, 33, 36, 13 wins or loses the game",
            ),
            c("medallon", "Bid Values Table", "30, 44, 48; 13 wins the game or loses 52"),
            c(
                "pagat",
                "Variations",
                "30, 33, 36; 13 wins or loses the whole game; some play 11+ = 50",
            ),
            c("arab3meyeh", "Scoring", "40, 44, 48, 52"),
        ),
        question="The four pages describe one game and price the big bids four ways.",
        readings=(
            choice("qahwa-common", "10-13 = 40 (qahwa-400)."),
            choice("qahwa-classic", "30/33/36, 13 decides the game (qahwa-400(table=classic))."),
            choice("medallon", "30/44/48, 13 wins or -52 (medallon-400)."),
            choice("pagat", "30/33/36, 13 decides the game (pagat-400)."),
            choice("arab3meyeh", "40/44/48/52 (arab3meyeh-400)."),
        ),
        defaults={
            QAHWA: Default(
                "qahwa-common",
                "Each variant follows its own page; choose the variant to choose the table.",
            ),
            MEDALLON: Default("medallon", "Each variant follows its own page."),
            PAGAT_400: Default("pagat", "Each variant follows its own page."),
            ARAB: Default("arab3meyeh", "Each variant follows its own page."),
        },
        settled_by="the choice of variant (and qahwa's option table)",
    ),
    Ambiguity(
        id="syrian-41-doubling",
        title="From which bid Syrian 41 counts double",
        kind="disagreement",
        sources=(
            c("pagat", "Bidding", "1 to 6 count their number; 7 or more count double"),
            c("qahwa", "Questions", "in Syrian 41 every bid of 5 or more is simply worth double"),
        ),
        question="Is a bid of 5 or 6 in Syrian 41 worth 5/6 or 10/12?",
        readings=(
            choice("7", "Double from 7 (pagat).", values=SYRIAN_VALUES),
            choice("5", "Double from 5 (qahwa's FAQ).", values=QAHWA_SYRIAN_VALUES),
        ),
        defaults={
            PAGAT_41: Default(
                "7", "pagat describes the game in full; qahwa's is a one-line remark in an FAQ."
            )
        },
        switch="double_from",
    ),
    Ambiguity(
        id="lebanese-maximum-bid",
        title="Lebanese 400: maximum bid 12, yet 13 is priced",
        kind="self-contradiction",
        sources=(
            c("pagat", "Variations", "initially the minimum bid is 2 and the maximum is 12"),
            c(
                "pagat",
                "Variations",
                "the scale prices 13 ('win whole game') and a paragraph says what a bid of 13 does",
            ),
        ),
        question="May a player bid 13?",
        readings=(
            choice("13", "Yes: bids run to 13, and 13 wins or loses the game.", max_bid=13),
            choice("12", "No: the maximum is 12, and the 13 entries are dead text.", max_bid=12),
        ),
        defaults={
            PAGAT_400: Default(
                "13",
                "Two statements describe the bid of 13 in detail against one that caps bids at 12.",
            )
        },
        switch="max_bid",
    ),
    Ambiguity(
        id="thirteen-partner",
        title="Does a made 13 win outright, whatever the partner's score?",
        kind="silence",
        sources=(
            c("medallon", "Bid Values Table", "13 tricks: win the game"),
            c("qahwa", "Play it in Qahwa", "classic table: 13 wins or loses the game"),
            c("pagat", "Variations", "your team wins, irrespective of your partner's score"),
        ),
        question="Does the partner condition apply to a made bid of 13?",
        readings=(
            choice(
                "outright",
                "The team wins at once, whatever the partner's score.",
                thirteen_win="outright",
            ),
            choice(
                "needs_partner",
                "The team wins only if the partner meets the partner condition; otherwise the hand scores nothing for the bidder.",
                thirteen_win="needs_partner",
            ),
        ),
        defaults=same(
            "outright",
            "pagat says so explicitly for the same rule; 'win the game' reads as outright.",
            QAHWA,
            MEDALLON,
        ),
        switch="thirteen_win",
    ),
    Ambiguity(
        id="thirteen-failed",
        title="'Win the game or lose −52': what a failed 13 costs",
        kind="self-contradiction",
        sources=(
            c("medallon", "Bid Values Table", "13 tricks: 'Win the game or lose −52'"),
            c("medallon", "Contract Results", "a failed contract loses the bid's value"),
            c("pagat", "Variations", "a failed 13 loses the game"),
        ),
        question="Does a failed 13 lose 52 points, or the game?",
        readings=(
            choice(
                "minus_52",
                "The bidder loses 52 points and the game goes on.",
                thirteen="win_or_lose_points",
            ),
            choice("lose_game", "The bidder's team loses the game.", thirteen="win_or_lose_game"),
        ),
        defaults={
            MEDALLON: Default(
                "minus_52",
                "'lose −52' names a number of points; the contract rule says a failure loses the value.",
            )
        },
        switch="thirteen_fail",
    ),
    Ambiguity(
        id="thirteen-conflict",
        title="Two bids of 13 that decide the game both ways",
        kind="silence",
        sources=(
            c(
                "pagat",
                "Variations",
                "a failed 13 loses the game, even a trick lost to the partner",
            ),
            c("qahwa", "Play it in Qahwa", "13 wins or loses the game"),
            c("medallon", "Bid Values Table", "13 wins the game"),
        ),
        question=(
            "If 13s are bid on both sides and both fail (each team 'loses'), or a player makes 13 "
            "while the partner's 13 fails, who wins?"
        ),
        readings=(
            choice("draw", "The game ends drawn.", thirteen_conflict="draw"),
            choice(
                "first_bid",
                "The earlier of the 13 bids in bidding order decides.",
                thirteen_conflict="first_bid",
            ),
        ),
        defaults=same(
            "draw", "No source says; a draw favours neither side.", QAHWA, MEDALLON, PAGAT_400
        ),
        switch="thirteen_conflict",
    ),
    Ambiguity(
        id="failed-thirteen-and-target",
        title="A failed 13 in a team whose other partner reaches the target in the same hand",
        kind="silence",
        sources=(
            c(
                "pagat",
                "Variations",
                "lose a trick on a bid of 13 (even to your partner) and your team loses",
            ),
            c(
                "pagat",
                "Scoring",
                "a partnership wins when one partner reaches 41 while the other is positive",
            ),
            c("qahwa", "Play it in Qahwa", "classic table: 13 wins or loses the game"),
            c(
                "qahwa",
                "Winning",
                "a team wins when one partner has 41 and the other is above zero",
            ),
            c("medallon", "Bid Values Table", "13 tricks: win the game or lose -52"),
            c(
                "medallon",
                "Winning the Game",
                "a team total of 41 with both partners positive wins",
            ),
        ),
        question=(
            "One partner fails a bid of 13 (the team loses) while the other makes a bid that "
            "takes the team to the target, the failed bidder still positive (the team wins). "
            "Both rules fire after the same hand and no source says which comes first."
        ),
        readings=(
            choice(
                "thirteen_first",
                "The failed 13 decides: the bidder's team loses, whatever the points say.",
                thirteen_precedence="thirteen_first",
            ),
            choice(
                "points_first",
                "A result by points stands; the 13 decides only a hand the points leave open.",
                thirteen_precedence="points_first",
            ),
        ),
        defaults=same(
            "thirteen_first",
            "The 13's rule is the specific one, stated as ending the game whatever else happens "
            "('irrespective of your partner's score', pagat); the target rule is the general one. "
            "(A made 13 never meets a result by points: the other three players take no trick, "
            "so all fail and nobody else's score rises.)",
            QAHWA,
            MEDALLON,
            PAGAT_400,
        ),
        switch="thirteen_precedence",
    ),
    Ambiguity(
        id="eleven-plus-and-13",
        title="'Any bid of 11 or more scores 50' against '13 wins the whole game'",
        kind="self-contradiction",
        sources=(
            c("pagat", "Variations", "some play that any bid of 11 or more scores 50 points"),
            c("pagat", "Variations", "a bid of 13 wins or loses the whole game"),
        ),
        question="With the 11-or-more option on, does a bid of 13 score 50 or still decide the game?",
        readings=(
            choice(
                "keeps_special",
                "11 and 12 score 50; 13 still decides the game.",
                eleven_plus_thirteen="keeps_special",
            ),
            choice("scores_50", "11, 12 and 13 all score 50.", eleven_plus_thirteen="scores_50"),
        ),
        defaults={
            PAGAT_400: Default(
                "keeps_special", "The specific rule for 13 is read as overriding the general one."
            )
        },
        switch="eleven_plus_13",
    ),
    Ambiguity(
        id="partner-at-zero",
        title="Does a partner on exactly 0 allow the win?",
        kind="self-contradiction",
        sources=(
            c("arab3meyeh", "introduction", "the partner must not be 'on negative points'"),
            c("arab3meyeh", "Scoring", "the partner's points must be '1 or more'"),
            c(
                "medallon",
                "Winning the Game",
                "'both partners have positive scores', yet play continues if one partner has a 'negative score'",
            ),
            c("qahwa", "Winning", "the other partner above zero"),
            c("pagat", "Scoring", "the other partner's score positive"),
        ),
        question="Is a partner on 0 good enough?",
        readings=(
            choice("positive", "No: the partner must be above zero.", partner_condition="positive"),
            choice(
                "non_negative",
                "Yes: the partner must only not be negative.",
                partner_condition="non_negative",
            ),
        ),
        defaults={
            ARAB: Default(
                "positive",
                "The rule is stated precisely in §Scoring ('1 or more', play on 'until the player is positive'); the introduction is a summary.",
            ),
            MEDALLON: Default(
                "positive", "The rule sentence says 'positive'; qahwa and pagat agree."
            ),
        },
        switch="partner_condition",
    ),
    Ambiguity(
        id="win-measure",
        title="Does a team win on its total, or on one partner's score?",
        kind="self-contradiction",
        sources=(
            c(
                "medallon",
                "Winning the Game",
                "the first team to reach 41; 'when the team total reaches 41'",
            ),
            c(
                "medallon",
                "Object of the Game",
                "accumulate points, reaching 41; points are earned per player",
            ),
            c("qahwa", "Winning", "one partner has 41"),
            c("pagat", "Scoring", "one partner's score reaches 41"),
        ),
        question="Is the target reached by the team's total or by one partner?",
        readings=(
            choice(
                "team_total",
                "The two partners' total reaches the target, both partners positive.",
                win_measure="team_total",
            ),
            choice(
                "player",
                "One partner reaches the target and the other meets the partner condition.",
                win_measure="player",
            ),
        ),
        defaults={
            MEDALLON: Default(
                "team_total", "The page says 'team total' in its winning rule, twice."
            )
        },
        switch="win_measure",
    ),
    Ambiguity(
        id="both-teams-qualify",
        title="Both teams reach the winning condition in the same hand",
        kind="disagreement",
        sources=(
            c("medallon", "Winning the Game", "silent"),
            c("pagat", "Scoring", "the higher total score wins"),
            c("qahwa", "Winning", "the higher total of the two partners wins"),
            c("arab3meyeh", "Scoring", "play continues to 51, or until one of them drops below 41"),
        ),
        question="Who wins when both teams qualify after the same hand?",
        readings=(
            choice(
                "higher_total", "The team with the higher total wins.", both_qualify="higher_total"
            ),
            choice(
                "raise_target",
                "The target rises by 10 and play goes on (arab3meyeh).",
                both_qualify="raise_target",
            ),
        ),
        defaults={
            MEDALLON: Default(
                "higher_total", "medallon is silent; qahwa and pagat agree on the higher total."
            )
        },
        switch="both_qualify",
    ),
    Ambiguity(
        id="equal-totals",
        title="Both teams qualify with equal totals",
        kind="silence",
        sources=(
            c("pagat", "Scoring", "the higher total wins; equal totals not covered"),
            c("qahwa", "Winning", "if the totals are equal, another hand is played"),
        ),
        question="If both teams qualify with the same total, what happens?",
        readings=(
            choice("play_on", "Another hand is played (qahwa).", total_tie="play_on"),
            choice("draw", "The game ends drawn.", total_tie="draw"),
        ),
        defaults=same(
            "play_on", "qahwa's rule for the same situation.", MEDALLON, PAGAT_41, PAGAT_400
        ),
        switch="total_tie",
    ),
    Ambiguity(
        id="higher-total-score",
        title="'The higher total score': the partnership's total, or a player's running total?",
        kind="silence",
        sources=(
            c(
                "pagat",
                "Scoring",
                "a running total score is kept for each individual player",
            ),
            c(
                "pagat",
                "Scoring",
                "both teams in the same deal: 'the partnership with the higher total score' wins",
            ),
            c("qahwa", "Winning", "the higher total of the two partners wins"),
        ),
        question=(
            "pagat's own word for a player's running score is 'total score'. When both teams "
            "qualify, is it the partners' scores added, or the higher of the individual running "
            "totals (the qualifying players' scores) that decides? They differ when the player "
            "with the higher score is in the team with the lower sum."
        ),
        readings=(
            choice(
                "team_total",
                "The partners' two scores added; the higher sum wins.",
                both_qualify_by="team_total",
            ),
            choice(
                "player_score",
                "The team of the player with the highest running score wins.",
                both_qualify_by="player_score",
            ),
        ),
        defaults=same(
            "team_total",
            "It is the partnership's score that is compared, and qahwa states the same rule as "
            "'the higher total of the two partners'.",
            PAGAT_41,
            PAGAT_400,
        ),
        switch="both_qualify_by",
    ),
    Ambiguity(
        id="raised-target-trigger",
        title="'Two opponents reach 41 at the same time': with or without the partner condition",
        kind="silence",
        sources=(
            c(
                "arab3meyeh",
                "Scoring",
                "if two opponents reach or surpass 41 at the same time, continue to 51",
            ),
        ),
        question="Does the raised target need both teams to qualify, or only both to reach 41?",
        readings=(
            choice(
                "qualified",
                "Both teams meet the full winning condition.",
                raise_trigger="qualified",
            ),
            choice(
                "reached",
                "A player of each team reaches the target, partners aside.",
                raise_trigger="reached",
            ),
        ),
        defaults={
            ARAB: Default(
                "qualified",
                "A player on 41 whose partner is not positive has not won, so has not 'reached' the end.",
            )
        },
        switch="raise_trigger",
    ),
    Ambiguity(
        id="raised-target-end",
        title="After the target is raised to 51",
        kind="convention",
        sources=(c("arab3meyeh", "Scoring", "continue to 51 or until one of them drops below 41"),),
        question="What if both reach 51 together, or both drop below 41?",
        readings=(
            choice(
                "raise_again_or_reset",
                "A team qualifying alone at the raised target wins; both again: raise by 10 more; "
                "neither: a team still qualifying alone at 41 wins; neither at 41: back to 41.",
            ),
        ),
        defaults={
            ARAB: Default(
                "raise_again_or_reset",
                "Applies the page's own rule again ('and so on') and its 'drops below 41' exit.",
            )
        },
    ),
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

BY_ID: Mapping[str, Ambiguity] = {entry.id: entry for entry in REGISTER}


def entry(ambiguity_id: str) -> Ambiguity:
    """The register entry with that id."""
    return BY_ID[ambiguity_id]


def to_json() -> list[dict[str, object]]:
    """The register as JSON-ready data (``fourhundred ambiguities --json``)."""
    return [
        {
            "id": a.id,
            "title": a.title,
            "kind": a.kind,
            "question": a.question,
            "sources": [
                {"source": s.source, "section": s.section, "says": s.says} for s in a.sources
            ],
            "switch": a.switch,
            "settled_by": a.settled_by,
            "readings": [{"id": r.value, "summary": r.summary} for r in a.readings],
            "applies_to": list(a.applies_to),
            "defaults": {v: {"reading": d.reading, "why": d.why} for v, d in a.defaults.items()},
        }
        for a in REGISTER
    ]
