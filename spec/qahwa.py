"""Qahwa's 400 (Arbaa Miyye), with every house-rule switch the page offers.

Source: Qahwa, "400 (Arbaa Miyye): rules and how to play". Sections cited:
§"How to play in one minute", §"The deal", §"Bidding", §"Playing the tricks",
§"Scoring", §"Winning", §"Tips from the table", §"Play it in Qahwa" (the
switches) and §"Questions" (the FAQ).

In brief: partners sit opposite but bid and score alone; hearts are always
trump; bids run from 2 to 13 and must add up to 11, 12, 13 or 14 as the
highest score passes 30, 40 and 50; the own minimum bid is 3, 4, 5 from a
score of 30, 40, 50; 5 and 6 pay 10 and 12, or 5 and 6 once the bidder has
30; a team wins when one partner has the target and the other is above zero.

Deviations: none in the rules. The page gives no deal pattern (one card at a
time is assumed, ambiguity ``deal-pattern``) and says nothing on who deals
first (``first-dealer``). What the FAQ says about Syrian 41 is recorded as a
disagreement with pagat (``syrian-41-doubling``), not as a variant here.
"""

from __future__ import annotations

from fourhundred.spec.definitions import Fixed, Option, Source, VariantDef, choice, value_table

SOURCE = Source(
    id="qahwa",
    title="Qahwa, “400 (Arbaa Miyye): rules and how to play” (with its house-rule switches and FAQ)",
    sections=(
        "introduction",
        "How to play in one minute",
        "The deal",
        "Bidding",
        "Playing the tricks",
        "Scoring",
        "Winning",
        "Tips from the table",
        "Play it in Qahwa",
        "Questions",
    ),
    play_section="Playing the tricks",
)

cite = SOURCE.cite


#: The common score table (§"Scoring"): 10 to 13 all score 40.
COMMON_VALUES = value_table(
    {2: 2, 3: 3, 4: 4, 5: 10, 6: 12, 7: 14, 8: 16, 9: 27, 10: 40, 11: 40, 12: 40, 13: 40}
)
#: The classic score table (§"Play it in Qahwa"): 10 = 30, 11 = 33, 12 = 36,
#: and 13 wins or loses the game (its entry here is never used as points).
CLASSIC_VALUES = value_table(
    {2: 2, 3: 3, 4: 4, 5: 10, 6: 12, 7: 14, 8: 16, 9: 27, 10: 30, 11: 33, 12: 36, 13: 0}
)

QAHWA_400 = VariantDef(
    name="qahwa-400",
    aliases=("qahwa", "arbaa-miyye", "qahwa-arbaa-miyye"),
    title="400 (Arbaa Miyye) as Qahwa plays it",
    source=SOURCE.id,
    summary=(
        "Bids 2-13, own minimum 3/4/5 from 30/40/50 points, table minimum 11 rising to 14, "
        "5 and 6 worth 10 and 12 until the bidder has 30, 10-13 worth 40 (or the classic "
        "table), one partner on the target and the other above zero."
    ),
    fixed={
        "bidding_order": Fixed(
            "anticlockwise",
            cite("How to play in one minute", "dealing, bidding and play go to the right"),
        ),
        "play_order": Fixed(
            "anticlockwise",
            cite("How to play in one minute", "dealing, bidding and play go to the right"),
        ),
        "min_bid": Fixed(2, cite("Bidding", "each player bids from 2 to 13; nobody passes")),
        "own_min_rises": Fixed(
            True, cite("Bidding", "your own minimum is 3 from 30 points, 4 from 40, 5 from 50")
        ),
        "max_bid": Fixed(13, cite("Bidding", "bids from 2 to 13")),
        "table_min_rises": Fixed(
            True, cite("Bidding", "11; 12 once any player has 30; 13 from 40; 14 from 50")
        ),
        "table_min_scores": Fixed("highest", cite("Bidding", "'once any player has 30 points'")),
        "table_measure": Fixed(
            "tricks",
            cite("Bidding", "the four bids (numbers of tricks) must add up to the minimum"),
        ),
        "table_comparison": Fixed("at_least", cite("Bidding", "the bids must reach at least 11")),
        "dealer_may_throw_in": Fixed(
            False, cite("Bidding", "a hand short of the minimum is simply dealt again")
        ),
        "reduced_values": Fixed(
            value_table({5: 5, 6: 6}),
            cite("Scoring", "once your own score is 30 or more, 5 is worth 5 and 6 is worth 6"),
        ),
        "reduced_scope": Fixed("own", cite("Scoring", "'once your own score is 30 or more'")),
        "value_scale": Fixed("table", cite("Scoring", "the score table")),
        "eleven_plus_fifty": Fixed(False, cite("Scoring", "no such rule")),
        "eleven_plus_thirteen": Fixed(
            "keeps_special", cite("Scoring", "not used (no 11-or-more rule)")
        ),
        "fail_penalty": Fixed(
            "value", cite("Scoring", "a failed bid loses the value it would have won")
        ),
        "win_measure": Fixed("player", cite("Winning", "one partner has 41 or more")),
        "partner_condition": Fixed("positive", cite("Winning", "the other partner is above zero")),
        "both_qualify": Fixed(
            "higher_total",
            cite(
                "Winning",
                "if both teams get there after the same hand, the higher total of the two partners wins",
            ),
        ),
        "total_tie": Fixed(
            "play_on", cite("Winning", "if the totals are equal, another hand is played")
        ),
        "both_qualify_by": Fixed(
            "team_total", cite("Winning", "'the higher total of the two partners'")
        ),
        "raise_trigger": Fixed("qualified", cite("Winning", "not used (no raised target)")),
        "turn_time_limit": Fixed(None, cite("Play it in Qahwa", "no rule on time")),
        "trump": Fixed("hearts", cite("The deal", "hearts are always trumps; no card is turned")),
    },
    house_options=(
        Option(
            name="target",
            kind="house",
            summary="Points a partner must reach for the team to win.",
            choices=(
                choice("41", "Play to 41 (the page's rules).", target=41),
                choice("31", "Play to 31.", target=31),
                choice("61", "Play to 61.", target=61),
            ),
            default="41",
            cite=cite("Play it in Qahwa", "play to 31, 41 or 61"),
        ),
        Option(
            name="table",
            kind="house",
            summary="The score table for bids of 10 and more.",
            choices=(
                choice(
                    "common",
                    "10, 11, 12 and 13 all score 40.",
                    values=COMMON_VALUES,
                    thirteen="points",
                ),
                choice(
                    "classic",
                    "10 = 30, 11 = 33, 12 = 36, and 13 wins or loses the game.",
                    values=CLASSIC_VALUES,
                    thirteen="win_or_lose_game",
                ),
            ),
            default="common",
            cite=cite("Play it in Qahwa", "score table: common or classic"),
        ),
        Option(
            name="total",
            kind="house",
            summary="The table minimum switch: the four bids must reach 11, 12 or 13.",
            choices=(
                choice(
                    "11", "The page's rules: 11, rising with the highest score.", table_min_base=11
                ),
                choice(
                    "12",
                    "The switch at 12 (how it combines with the rise: reading total_switch).",
                    table_min_base=12,
                ),
                choice(
                    "13",
                    "The switch at 13 (how it combines with the rise: reading total_switch).",
                    table_min_base=13,
                ),
            ),
            default="11",
            cite=cite("Play it in Qahwa", "table minimum: the four bids must reach 11, 12 or 13"),
        ),
    ),
    disagreements=("syrian-41-doubling", "big-bid-values"),
)

VARIANTS = (QAHWA_400,)
