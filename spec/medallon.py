"""medallon's Four Hundred (400 / Arba3meyeh).

Source: medallon, "Four Hundred (400 / Arba3meyeh) — Complete Rules".
Sections cited: §"Object of the Game", §"Bidding", §"Minimum Bids",
§"Independent Bidding", §"Minimum Combined Bids", §"Gameplay",
§"Time Limit", §"Scoring" (Contract Results, Bid Values Table) and
§"Winning the Game".

In brief: bids are individual, from an own minimum of 2 that rises by one
per ten points from 30 "accordingly"; the four bids must total 11, rising by
one per ten points from 30; 10 pays 30, 11 pays 44, 12 pays 48; 13 wins the
game or loses 52; the first *team* to 41 wins, provided both partners are
positive.

This page leaves more open than any other: the direction of bidding
("to the dealer's right" yet "clockwise"), the direction of play, whose score
sets the combined minimum, where the rising minimums stop, what a failed 13
costs, and what happens when both teams qualify. Each is an entry in the
ambiguity register with the reading used here by default.

Deviations: the 25/30-second turn timer of the app is recorded
(``turn_time_limit``) but not enforced: this is an untimed rules engine.
"""

from __future__ import annotations

from fourhundred.spec.definitions import Fixed, Source, VariantDef, value_table

SOURCE = Source(
    id="medallon",
    title="medallon, “Four Hundred (400 / Arba3meyeh) — Complete Rules”",
    sections=(
        "Overview",
        "Object of the Game",
        "Bidding",
        "Minimum Bids",
        "Independent Bidding",
        "Minimum Combined Bids",
        "Gameplay",
        "Time Limit",
        "Scoring",
        "Contract Results",
        "Bid Values Table",
        "Winning the Game",
    ),
    play_section="Gameplay",
)

cite = SOURCE.cite


#: §"Bid Values Table". The entry for 13 is the points a *failed* 13 loses
#: ("win the game or lose −52").
MEDALLON_VALUES = value_table(
    {2: 2, 3: 3, 4: 4, 5: 10, 6: 12, 7: 14, 8: 16, 9: 27, 10: 30, 11: 44, 12: 48, 13: 52}
)

MEDALLON_400 = VariantDef(
    name="medallon-400",
    aliases=("medallon", "four-hundred"),
    title="Four Hundred as medallon describes it",
    source=SOURCE.id,
    summary=(
        "Own minimum 2 rising by one per ten points from 30 without a stated end; table "
        "minimum 11 rising likewise; 10 = 30, 11 = 44, 12 = 48, 13 wins the game or loses 52; "
        "the first team to a total of 41 with both partners positive wins."
    ),
    fixed={
        "trump": Fixed("hearts", cite("Object of the Game", "hearts are always trumps")),
        "min_bid": Fixed(2, cite("Minimum Bids", "0-29 points: 2 tricks")),
        "own_min_rises": Fixed(
            True,
            cite("Minimum Bids", "30-39: 3, 40-49: 4, 50-59: 5, 60-69: 6, increasing accordingly"),
        ),
        "max_bid": Fixed(13, cite("Bid Values Table", "the table runs to 13 tricks")),
        "table_min_base": Fixed(11, cite("Minimum Combined Bids", "0-29 points: 11 tricks")),
        "table_min_rises": Fixed(
            True, cite("Minimum Combined Bids", "30-39: 12, 40-49: 13, 50+: increasing accordingly")
        ),
        "table_measure": Fixed(
            "tricks", cite("Minimum Combined Bids", "the total of the four bids in tricks")
        ),
        "total_switch": Fixed("floor", cite("Minimum Combined Bids", "not used (no house switch)")),
        "dealer_may_throw_in": Fixed(
            False, cite("Minimum Combined Bids", "a short total voids the deal")
        ),
        "values": Fixed(
            MEDALLON_VALUES,
            cite("Bid Values Table", "2,3,4,10,12,14,16,27,30,44,48; 13 wins or loses 52"),
        ),
        "reduced_values": Fixed((), cite("Scoring", "no reduced values at high scores")),
        "reduced_scope": Fixed("own", cite("Scoring", "not used")),
        "eleven_plus_fifty": Fixed(False, cite("Scoring", "no such rule")),
        "eleven_plus_thirteen": Fixed("keeps_special", cite("Scoring", "not used")),
        "fail_penalty": Fixed(
            "value", cite("Contract Results", "a failed contract subtracts the bid's value")
        ),
        "target": Fixed(41, cite("Winning the Game", "the first team to reach 41 points wins")),
        "raise_trigger": Fixed(
            "qualified", cite("Winning the Game", "not used (no raised target)")
        ),
        "both_qualify_by": Fixed(
            "team_total", cite("Winning the Game", "silent; the partners' total, as qahwa says")
        ),
        "table_comparison": Fixed(
            "at_least", cite("Minimum Combined Bids", "the total must meet a minimum")
        ),
    },
    deviations=("The app's turn timer (25 or 30 seconds) is recorded but not enforced.",),
    disagreements=("big-bid-values",),
)

VARIANTS = (MEDALLON_400,)
