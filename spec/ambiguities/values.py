"""Register entries on what a bid is worth and on the bid of 13: the value tables
against 'one point a trick', the big bids, Syrian 41's doubling, the Lebanese maximum,
and what a made or failed 13 decides (medallon §"Scoring", pagat §"Scoring", qahwa
§"Scoring" and the sections each entry cites). Part of the register
:data:`fourhundred.spec.ambiguities.REGISTER`, in its order.
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
from fourhundred.spec.pagat import QAHWA_SYRIAN_VALUES, SYRIAN_VALUES
from fourhundred.spec.sources import cite as c

#: The register's entries on what bids are worth and the bid of 13, in its order.
ENTRIES: tuple[Ambiguity, ...] = (
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
)
