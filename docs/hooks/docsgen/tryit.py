"""The "try it" box of a rules page: the bids, tricks and scores of a hand in, each
player's points and whether the game ends out, computed in the page.

Like the CommonMark spec's dingus, it runs in the browser
(``docs/assets/try-it.js``) from data generated here by calling the rule
functions of :class:`~fourhundred.spec.model.Rules` under the variant's
defaults: for every score band (:meth:`Rules.score_band`: below 30, 30-39, …)
the own minimum, the table minimum and the value of every bid, which bids
decide the game, the bidding order from each dealer, and the rule parameters
that decide the end of a game. The script applies them to the hand as
:meth:`Rules.hand_is_played` and :meth:`Rules.hand_result` do (for the first
hand at the variant's target); a browser test checks it against those
functions on sampled hands.
"""

from __future__ import annotations

import json
from typing import Any

from fourhundred.spec.model import BAND_START, BAND_WIDTH, Rules

from . import words
from .md import esc

#: Score bands tabulated: up to 400 points (the last band holds beyond).
BANDS = 1 + (400 - BAND_START) // BAND_WIDTH + 1


def band_score(band: int) -> int:
    """A score in a band (the band's lowest)."""
    return 0 if band == 0 else BAND_START + (band - 1) * BAND_WIDTH


def tables(rules: Rules) -> dict[str, Any]:
    """Everything the box needs about a variant, from its rule functions."""
    scores = [band_score(k) for k in range(BANDS)]
    for k, score in enumerate(scores):
        assert int(rules.score_band(score)) == k
    bids = list(range(rules.min_bid, rules.max_bid + 1))
    return {
        "variant": str(rules),
        "bandStart": BAND_START,
        "bandWidth": BAND_WIDTH,
        "bids": bids,
        "ownMinimum": [int(rules.own_minimum_bid(s)) for s in scores],
        "tableMinimum": [int(rules.table_minimum([s] * 4)) for s in scores],
        "tableScore": rules.table_min_scores,
        "tableMeasure": rules.table_measure,
        "tableComparison": rules.table_comparison,
        "valueBy": "own" if not rules.reduced_values or rules.reduced_scope == "own" else "highest",
        "values": {str(b): [int(rules.bid_value(b, s, s)) for s in scores] for b in bids},
        "special": [b for b in bids if rules.is_special_bid(b)],
        "thirteen": rules.thirteen,
        "thirteenWin": rules.thirteen_win,
        "thirteenConflict": rules.thirteen_conflict,
        "thirteenPrecedence": rules.thirteen_precedence,
        "biddingSeats": [list(rules.bidding_seats(d)) for d in range(4)],
        "partnerCondition": rules.partner_condition,
        "winMeasure": rules.win_measure,
        "bothQualify": rules.both_qualify,
        "bothQualifyBy": rules.both_qualify_by,
        "totalTie": rules.total_tie,
        "raiseTrigger": rules.raise_trigger,
        "target": rules.target,
        "seats": [words.seat(s) for s in range(4)],
        "teams": [words.team(t) for t in (0, 1)],
    }


def _row(seat: int, rules: Rules) -> str:
    low, high = rules.min_bid, rules.max_bid
    return (
        f'<tr><th scope="row">{esc(words.seat(seat))}</th>'
        f'<td><input type="number" name="score{seat}" value="0" step="1"></td>'
        f'<td><input type="number" name="bid{seat}" value="{max(low, 3)}" min="{low}" max="{high}"></td>'
        f'<td><input type="number" name="tricks{seat}" value="{3 + (seat == 0)}" min="0" max="13"></td>'
        f'<td class="fh-tryit-change" data-seat="{seat}"></td>'
        f'<td class="fh-tryit-after" data-seat="{seat}"></td></tr>'
    )


def try_it_box(rules: Rules) -> str:
    """The box, as HTML for a rules page (``markdown="0"``: left as it is)."""
    data = json.dumps(tables(rules), separators=(",", ":"))
    dealers = "".join(
        f'<option value="{s}"{" selected" if s == 3 else ""}>{esc(words.seat(s))}</option>'
        for s in range(4)
    )
    rows = "".join(_row(seat, rules) for seat in range(4))
    return (
        '<div class="fh-tryit" markdown="0">\n'
        f'<script type="application/json" class="fh-tryit-rules">{data}</script>\n'
        '<form class="fh-tryit-form" onsubmit="return false">'
        "<table><thead><tr><th>player</th><th>score before</th><th>bid</th><th>tricks taken</th>"
        "<th>change</th><th>score after</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
        f'<p><label>Dealer <select name="dealer">{dealers}</select></label> '
        '<button type="button" class="md-button fh-tryit-go">Score the hand</button></p>'
        '<p class="fh-tryit-result" aria-live="polite"></p>'
        '<p class="fh-tryit-notes"></p>'
        "</form>\n</div>\n"
    )


def try_it_section(rules: Rules) -> str:
    """The "Try it" section of a rules page."""
    return (
        "## Try it\n\n"
        "Enter a hand: each player's score before it, bid and tricks taken (the four add up "
        f"to 13). The box scores it by the rules of {esc(rules.variant)} and says whether the "
        f"game ends (the first hand at the target of {rules.target}). It runs in this page, "
        "from tables computed from the rule functions.\n\n" + try_it_box(rules) + "\n"
    )
