#!/usr/bin/env python3
"""A minimal conformance adapter, written from scratch: qahwa-400 under its defaults.

It answers four kinds of question (bid_value, legal_bids, trick_winner,
legal_plays) with rules of its own, in plain Python with no dependencies, to
show the whole protocol in one file. Replace the four ``answer_*`` functions
with calls into your engine.

Run the suite against it:

    fourhundred conformance run --adapter 'python3 docs/examples/minimal_adapter.py'
"""

import json
import sys

RANKS = "23456789TJQKA"
SUITS = "CDHS"
TRUMP = "H"

# qahwa-400, common table: 10 to 13 are all worth 40.
VALUES = {2: 2, 3: 3, 4: 4, 5: 10, 6: 12, 7: 14, 8: 16, 9: 27, 10: 40, 11: 40, 12: 40, 13: 40}


def band(score):
    """0 below 30, 1 for 30-39, 2 for 40-49, ..."""
    return 1 + (score - 30) // 10 if score >= 30 else 0


def answer_bid_value(data):
    bid, own = data["bid"], data["own_score"]
    value = bid if own >= 30 and bid in (5, 6) else VALUES[bid]  # 5 = 5 and 6 = 6 from 30
    return {"value": value, "decides_game": False}


def answer_legal_bids(data):
    minimum = min(2 + band(data["own_score"]), 5)  # 3, 4, 5 from 30, 40, 50 points
    return {"bids": list(range(minimum, 14))}


def answer_trick_winner(data):
    trick = data["trick"]
    best = 0
    for position, card in enumerate(trick[1:], start=1):
        top = trick[best]
        trumps = card[1] == TRUMP and top[1] != TRUMP
        higher = card[1] == top[1] and RANKS.index(card[0]) > RANKS.index(top[0])
        if trumps or higher:
            best = position
    return {"winner": best}


def answer_legal_plays(data):
    hand, led = data["hand"], data["led"]
    following = [card for card in hand if led is not None and card[1] == led[1]]
    cards = following or hand
    return {"cards": sorted(cards, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))}


ANSWERS = {
    "bid_value": answer_bid_value,
    "legal_bids": answer_legal_bids,
    "trick_winner": answer_trick_winner,
    "legal_plays": answer_legal_plays,
}

HELLO = {
    "version": 1,
    "implementation": {"name": "minimal-python-example", "version": "1.0", "language": "python"},
    "kinds": sorted(ANSWERS),
    "variants": {"qahwa-400": []},  # the defaults only, no options
}


def reply(message):
    """The answer to one run message: a result, or an error the adapter reports itself."""
    case = message["case"]
    try:
        return {"seq": message["seq"], "result": ANSWERS[case["kind"]](case["input"])}
    except Exception as error:  # report it; never die in the middle of a run
        return {"seq": message["seq"], "errored": {"message": f"{type(error).__name__}: {error}"}}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message["cmd"] == "start":
            print(json.dumps(HELLO), flush=True)
        elif message["cmd"] == "run":
            print(json.dumps(reply(message)), flush=True)
        elif message["cmd"] == "stop":
            return


if __name__ == "__main__":
    main()
