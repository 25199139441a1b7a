"""Register entries on winning the game: the partner condition at 0, the win measure
(a team's total or one partner's score), both teams qualifying in one hand, equal
totals, and the raised target (qahwa §"Winning", pagat §"Scoring", arab3meyeh
§"Scoring" and the sections each entry cites). Part of the register
:data:`fourhundred.spec.ambiguities.REGISTER`, in its order.
"""

from __future__ import annotations

from fourhundred.spec.ambiguities.base import (
    ARAB,
    MEDALLON,
    PAGAT_41,
    PAGAT_400,
    Ambiguity,
    Default,
    same,
)
from fourhundred.spec.definitions import choice
from fourhundred.spec.sources import cite as c

#: The register's entries on winning the game, in its order.
ENTRIES: tuple[Ambiguity, ...] = (
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
)
