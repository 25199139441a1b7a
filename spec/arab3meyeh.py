"""The "400 Arab3meyeh" rules page.

Source: "400 Arab3meyeh" rules page. Sections cited: the introduction,
§"Bidding", §"Game Play" and §"Scoring".

In brief: bids from 2, rising to 3 at 30 points, 4 at 40 "and so on"; the
bids must total 11, 12 from a score of 30, 13 from 40 "and so on"; 10 = 40,
11 = 44, 12 = 48, 13 = 52 points (no special 13); from 30 points 5 and 6
count 5 and 6; a player on 41 wins for the team while the partner has 1 or
more; when two opponents reach 41 together the game goes on to 51, or until
one of them drops below 41.

The page contradicts itself on the partner condition ("not on negative
points" against "1 or more"), on the table minimum ("equal to, or greater
than 11" against "must equal 13") and on points per trick (one point per
trick bid against the table): each is an ambiguity-register entry.

Deviations: none in the rules.
"""

from __future__ import annotations

from fourhundred.spec.definitions import Fixed, Source, VariantDef, value_table

SOURCE = Source(
    id="arab3meyeh",
    title="“400 Arab3meyeh” rules page",
    sections=(
        "introduction",
        "Bidding",
        "Game Play",
        "Scoring",
    ),
    play_section="Game Play",
)

cite = SOURCE.cite


#: §"Scoring", the points table (13 is an ordinary bid worth 52).
ARAB3MEYEH_VALUES = value_table(
    {2: 2, 3: 3, 4: 4, 5: 10, 6: 12, 7: 14, 8: 16, 9: 27, 10: 40, 11: 44, 12: 48, 13: 52}
)

ARAB3MEYEH_400 = VariantDef(
    name="arab3meyeh-400",
    aliases=("arab3meyeh", "arba3meyeh"),
    title="400 as the Arab3meyeh page describes it",
    source=SOURCE.id,
    summary=(
        "Own minimum 2 rising by one per ten points from 30 'and so on'; table minimum 11 rising "
        "likewise; 10 = 40 up to 13 = 52; 5 and 6 worth 5 and 6 from 30 points; a player on 41 "
        "with a partner on 1 or more wins; two opponents on 41 together play on to 51."
    ),
    fixed={
        "min_bid": Fixed(2, cite("Bidding", "every player must bid at least two")),
        "own_min_rises": Fixed(True, cite("Bidding", "3 at 30-39 points, 4 from 40, and so on")),
        "max_bid": Fixed(13, cite("Scoring", "the table runs to 13 tricks")),
        "table_min_base": Fixed(11, cite("Bidding", "under 11 the hand is re-dealt")),
        "table_min_rises": Fixed(
            True, cite("Bidding", "12 if any player is on 30-39, 13 on 40-49, and so on")
        ),
        "table_min_scores": Fixed(
            "highest", cite("Bidding", "'if any of the players score is 30-39'")
        ),
        "table_measure": Fixed("tricks", cite("Bidding", "the total amount of bids")),
        "total_switch": Fixed("floor", cite("Bidding", "not used (no house switch)")),
        "dealer_may_throw_in": Fixed(False, cite("Bidding", "a short total is re-dealt")),
        "values": Fixed(ARAB3MEYEH_VALUES, cite("Scoring", "2,3,4,10,12,14,16,27,40,44,48,52")),
        "reduced_values": Fixed(
            value_table({5: 5, 6: 6}),
            cite(
                "Scoring",
                "from 30 points 5 tricks count 5 and 6 count 6; 7 or more still multiplied",
            ),
        ),
        "eleven_plus_fifty": Fixed(False, cite("Scoring", "no such rule")),
        "eleven_plus_thirteen": Fixed("keeps_special", cite("Scoring", "not used")),
        "thirteen": Fixed("points", cite("Scoring", "13 tricks: 52 points")),
        "thirteen_win": Fixed("outright", cite("Scoring", "not used (13 is worth points)")),
        "thirteen_conflict": Fixed("draw", cite("Scoring", "not used (13 is worth points)")),
        "thirteen_precedence": Fixed(
            "thirteen_first", cite("Scoring", "not used (13 is worth points)")
        ),
        "fail_penalty": Fixed("value", cite("Scoring", "a failed bid subtracts its points")),
        "target": Fixed(41, cite("Scoring", "reaches or exceeds 41 points")),
        "win_measure": Fixed(
            "player", cite("Scoring", "'once a player of the team reaches or exceeds 41'")
        ),
        "both_qualify": Fixed(
            "raise_target",
            cite(
                "Scoring", "two opponents on 41 at once: continue to 51 or until one drops below 41"
            ),
        ),
        "total_tie": Fixed("play_on", cite("Scoring", "not used (the target is raised instead)")),
        "both_qualify_by": Fixed(
            "team_total", cite("Scoring", "not used (the target is raised instead)")
        ),
        "turn_time_limit": Fixed(None, cite("Game Play", "no rule on time")),
        "trump": Fixed("hearts", cite("Game Play", "hearts are always trumps")),
    },
    disagreements=("big-bid-values",),
)

VARIANTS = (ARAB3MEYEH_400,)
