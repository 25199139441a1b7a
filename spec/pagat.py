"""pagat.com's Forty-One (Syrian 41) and its Lebanese 400 variation.

Source: pagat.com, "Forty-One" (John McLeod; based on information from Dan
Glimne, Alexey Lobashev and Peter Azzi). Sections cited: §"Players and
Cards", §"Deal", §"Bidding", §"Play", §"Scoring" and §"Variations".

Two variants come from this page:

* **pagat-41**, the Syrian game: bids of at least 1, the *bid values* must sum
  to at least 11, bids up to 6 are worth their number and 7 or more double; a team wins
  when one partner reaches 41 and the other is positive, the higher total
  winning when both teams get there in the same deal.
* **pagat-400**, the Lebanese variation: as 41 but bids from 2 (the page says
  "the maximum is 12", yet prices 13), the 400 score table, and a bid of 13
  that wins or loses the whole game. Every "some play" / "some require" option
  of the page is a house option: a rising own minimum, 11 or more scoring 50,
  a target of 44, and a table minimum of 12 once anyone has 30.

The last two options are placed after the Lebanese bullet list, so they may
apply to 41 as well (ambiguity ``pagat-option-scope``): both variants offer
them.

Deviations: none in the rules. The dealer's practical throw-in described under
§"Bidding" is a reading switch (``dealer_throw_in``), off by default.
"""

from __future__ import annotations

from fourhundred.spec.definitions import Fixed, Option, Source, VariantDef, choice, value_table

SOURCE = Source(
    id="pagat",
    title="pagat.com (John McLeod), “Forty-One” (Syrian 41, and the Lebanese 400 variation)",
    sections=(
        "Introduction",
        "Players and Cards",
        "Deal",
        "Bidding",
        "Play",
        "Scoring",
        "Variations",
    ),
    play_section="Play",
    url="https://www.pagat.com/auctionwhist/41.html",
)

cite = SOURCE.cite


#: §"Bidding": 1 to 6 count their number, 7 or more count double.
SYRIAN_VALUES = value_table({n: (n if n <= 6 else 2 * n) for n in range(1, 14)})
#: The Qahwa FAQ's account of Syrian 41: every bid of 5 or more counts double.
QAHWA_SYRIAN_VALUES = value_table({n: (n if n <= 4 else 2 * n) for n in range(1, 14)})
#: §"Variations", the Lebanese scale. 13 wins (or loses) the whole game.
LEBANESE_VALUES = value_table(
    {2: 2, 3: 3, 4: 4, 5: 10, 6: 12, 7: 14, 8: 16, 9: 27, 10: 30, 11: 33, 12: 36, 13: 0}
)

_COMMON_FIXED = {
    "bidding_order": Fixed(
        "anticlockwise",
        cite("Bidding", "from the dealer's right, anticlockwise round to the dealer"),
    ),
    "play_order": Fixed("anticlockwise", cite("Play", "play proceeds anticlockwise")),
    "deal_pattern": Fixed(
        (1, 2, 2, 2, 2, 2, 2), cite("Deal", "13 each, anticlockwise, in batches of 1-2-2-2-2-2-2")
    ),
    "table_min_base": Fixed(11, cite("Bidding", "the bid values must sum to at least 11")),
    "table_min_scores": Fixed(
        "highest", cite("Variations", "'if any player has a score of 30 or more'")
    ),
    "table_comparison": Fixed("at_least", cite("Bidding", "at least 11; 10 or less is thrown in")),
    "total_switch": Fixed("floor", cite("Bidding", "not used (no house switch)")),
    "reduced_values": Fixed((), cite("Scoring", "no reduced values")),
    "reduced_scope": Fixed("own", cite("Scoring", "not used")),
    "value_scale": Fixed("table", cite("Scoring", "bid values as stated")),
    "fail_penalty": Fixed("value", cite("Scoring", "a failed bid subtracts its value")),
    "win_measure": Fixed("player", cite("Scoring", "one partner's score reaches 41")),
    "partner_condition": Fixed(
        "positive", cite("Scoring", "while the other partner's score is positive")
    ),
    "both_qualify": Fixed(
        "higher_total", cite("Scoring", "both teams in the same deal: the higher total score wins")
    ),
    "raise_trigger": Fixed("qualified", cite("Scoring", "not used (no raised target)")),
    "turn_time_limit": Fixed(None, cite("Play", "no rule on time")),
    "trump": Fixed("hearts", cite("Players and Cards", "hearts are permanent trumps")),
}


def _target_option() -> Option:
    return Option(
        name="target",
        kind="house",
        summary="Points a partner must reach for the team to win.",
        choices=(
            choice("41", "Play to 41.", target=41),
            choice("44", "Play to 44 ('some play to a target score of 44').", target=44),
        ),
        default="41",
        cite=cite("Variations", "some play to a target score of 44 rather than 41"),
        ambiguity="pagat-option-scope",
    )


def _total12_option() -> Option:
    return Option(
        name="total12",
        kind="house",
        summary="Table minimum 12 instead of 11 once any player has 30 or more.",
        choices=(
            choice("off", "The minimum stays at 11.", table_min_rises=False, table_min_cap=None),
            choice(
                "on", "12 once any player has 30 or more.", table_min_rises=True, table_min_cap=12
            ),
        ),
        default="off",
        cite=cite(
            "Variations", "some require the bids to add up to 12 if any player has 30 or more"
        ),
        ambiguity="pagat-option-scope",
    )


PAGAT_41 = VariantDef(
    name="pagat-41",
    aliases=("41", "forty-one", "syrian-41", "pagat"),
    title="Forty-One (Syrian 41) as pagat.com describes it",
    source=SOURCE.id,
    summary=(
        "Bids of at least 1; the bid values must sum to at least 11; 1-6 count their number, 7 or more "
        "double; one partner on 41 with the other positive wins, the higher total when both "
        "teams get there together."
    ),
    fixed={
        **_COMMON_FIXED,
        "min_bid": Fixed(1, cite("Bidding", "you must bid at least 1")),
        "own_min_rises": Fixed(False, cite("Bidding", "the minimum bid does not change")),
        "own_min_cap": Fixed(None, cite("Bidding", "not used")),
        "max_bid": Fixed(
            13, cite("Bidding", "no maximum stated: 13, all the tricks (ambiguity maximum-bid-41)")
        ),
        "eleven_plus_fifty": Fixed(False, cite("Scoring", "no such rule in 41")),
        "eleven_plus_thirteen": Fixed("keeps_special", cite("Scoring", "not used")),
        "thirteen": Fixed("points", cite("Scoring", "13 is an ordinary bid worth 26")),
        "thirteen_win": Fixed("outright", cite("Scoring", "not used")),
        "thirteen_conflict": Fixed("draw", cite("Scoring", "not used")),
        "thirteen_precedence": Fixed("thirteen_first", cite("Scoring", "not used")),
    },
    house_options=(_target_option(), _total12_option()),
    disagreements=("syrian-41-doubling",),
)

PAGAT_400 = VariantDef(
    name="pagat-400",
    aliases=("lebanese-400", "pagat-lebanese-400"),
    title="Lebanese 400, the variation on pagat.com's Forty-One page",
    source=SOURCE.id,
    summary=(
        "As 41 but bids from 2, the 400 scale (10 = 30, 11 = 33, 12 = 36), and a bid of 13 "
        "that wins or loses the whole game; options: rising minimum, 11+ scores 50, target 44, "
        "table minimum 12 from 30."
    ),
    fixed={
        **_COMMON_FIXED,
        "min_bid": Fixed(2, cite("Variations", "initially the minimum bid is 2 (not 1)")),
        "values": Fixed(
            LEBANESE_VALUES,
            cite("Variations", "the scale 2,3,4,10,12,14,16,27,30,33,36; 13 wins the whole game"),
        ),
        "thirteen": Fixed(
            "win_or_lose_game",
            cite(
                "Variations", "bid 13 and take all: your team wins; lose a trick: your team loses"
            ),
        ),
        "thirteen_win": Fixed(
            "outright", cite("Variations", "'irrespective of your partner's score'")
        ),
    },
    house_options=(
        Option(
            name="rising_min",
            kind="house",
            summary="Own minimum bid 3 from 30 points, 4 from 40, 5 from 50.",
            choices=(
                choice("off", "The minimum bid stays 2.", own_min_rises=False, own_min_cap=None),
                choice(
                    "on",
                    "3 at 30-39, 4 at 40-49, 5 at 50 or more.",
                    own_min_rises=True,
                    own_min_cap=5,
                ),
            ),
            default="off",
            cite=cite(
                "Variations", "some play that the minimum bid rises to 3, 4 and 5 at 30, 40 and 50"
            ),
        ),
        Option(
            name="eleven_plus_50",
            kind="house",
            summary="Any bid of 11 or more scores 50.",
            choices=(
                choice("off", "11 = 33, 12 = 36.", eleven_plus_fifty=False),
                choice(
                    "on",
                    "11 or more scores 50 (for 13 see reading eleven_plus_13).",
                    eleven_plus_fifty=True,
                ),
            ),
            default="off",
            cite=cite("Variations", "some play that any bid of 11 or more scores 50 points"),
        ),
        _target_option(),
        _total12_option(),
    ),
    disagreements=("big-bid-values",),
)

VARIANTS = (PAGAT_41, PAGAT_400)
