"""Simulation: the fast path agrees with the checked engine, every simulated game keeps the
invariants, and simulated games reach the situations the rules care about."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from fourhundred.reference.actions import Bid, Deal, Play
from fourhundred.reference.engine import Phase, Player, apply, new_game
from fourhundred.reference.invariants import check_transcript
from fourhundred.reference.players import HeuristicPlayer, RandomPlayer, estimated_tricks
from fourhundred.reference.simulate import Simulator, StuckError, card_text, modest_simulator
from fourhundred.reference.transcript import play_game
from fourhundred.spec.house import EXAMPLES
from fourhundred.spec.model import Result, Rules
from fourhundred.spec.registry import all_readings, load, names

#: Every reading, and every house-rules table (trump from a turned card among them).
READINGS: list[Rules] = [rules for name in names() for rules in all_readings(name)] + [
    load(example.text) for example in EXAMPLES
]


@pytest.mark.parametrize("rules", READINGS, ids=str)
def test_fast_simulated_hands_replay_through_the_checked_engine(rules: Rules) -> None:
    simulator = Simulator(rules, seed=str(rules), bid_spread=None)
    rnd = random.Random(str(rules))
    played = 0
    for _ in range(6):
        scores = tuple(rnd.choice((-20, 0, 12, 29, 33, 38, 44, 52)) for _ in range(4))
        dealer = rnd.randrange(4)
        target = rules.target
        try:
            log = simulator.hand(scores, dealer, target)
        except StuckError:
            continue
        state = replace(new_game(rules, dealer), scores=scores, target_in_force=target)
        hands = [tuple(card_text(i) for i in log.hands[seat]) for seat in range(4)]
        turned = None if log.turned is None else card_text(log.turned)
        assert (turned is None) == (rules.trump == "hearts")
        state = apply(state, Deal((hands[0], hands[1], hands[2], hands[3]), turned))
        for seat in rules.bidding_seats(dealer):
            state = apply(state, Bid(log.bids[seat]), seat=seat)
        if not log.played:
            assert state.phase is Phase.DEAL and not state.history[-1].played
            continue
        played += 1
        for card in log.plays:
            state = apply(state, Play(card_text(card)))
        record = state.history[-1]
        assert record.tricks == tuple(log.tricks)
        assert record.scores_after == log.scores_after
        expected = rules.hand_result(scores, log.bids, log.tricks, dealer, target)
        assert log.scores_after == tuple(expected[0])
        assert log.result == int(expected[1]) and log.target_after == int(expected[2])
    assert played or rules.table_comparison == "exactly"


def test_uniform_random_bids_cover_the_whole_legal_range() -> None:
    rules = load("qahwa-400")
    simulator = Simulator(rules, seed=1)
    seen = Counter(bid for _ in range(300) for bid in simulator.hand((0, 0, 0, 0), 0, 41).bids)
    assert set(seen) == set(range(2, 14))


def test_the_simulator_reports_a_player_with_no_legal_bid() -> None:
    simulator = Simulator(load("medallon-400"), seed=1)
    with pytest.raises(StuckError, match="no legal bid"):
        simulator.hand((0, 150, 0, 0), 0, 41)


def events_of(
    rules: Rules, transcript_hands: list[tuple[bool, list[int], tuple[int, ...], int]]
) -> Counter[str]:
    counts: Counter[str] = Counter()
    target = rules.target
    for played, bids, scores, next_target in transcript_hands:
        if not played:
            counts["throw-in"] += 1
            continue
        counts["bid of 10 or more"] += max(bids) >= 10
        counts["bid of 13"] += 13 in bids
        counts["a score of 30 or more"] += max(scores) >= 30
        counts["a score of 40 or more"] += max(scores) >= 40
        counts["both teams qualify"] += all(rules.team_qualifies(t, scores, target) for t in (0, 1))
        target = next_target
    return counts


def test_engine_games_of_simulated_players_keep_every_invariant_and_reach_big_situations() -> None:
    """Heuristic partners against random opponents, every variant: each game is checked
    against the spec step by step, and the situations are counted."""
    counts: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    for variant in names():
        rules = load(variant)
        for seed in range(3):
            players: list[Player] = [
                HeuristicPlayer(f"{seed}/0", boldness=0.1),
                RandomPlayer(f"{seed}/1"),
                HeuristicPlayer(f"{seed}/2", boldness=0.1),
                RandomPlayer(f"{seed}/3"),
            ]
            transcript = play_game(rules, seed, players=players, max_hands=80)
            assert check_transcript(transcript) == []
            outcomes[transcript.outcome] += 1
            hands = [
                (
                    hand.played,
                    [int(a.split()[1]) for a in hand.actions if a.startswith("bid ")],
                    hand.scores,
                    hand.target,
                )
                for hand in transcript.hands
            ]
            counts += events_of(rules, hands)
    for situation in (
        "throw-in",
        "bid of 10 or more",
        "bid of 13",
        "a score of 30 or more",
        "a score of 40 or more",
    ):
        assert counts[situation] > 0, (situation, counts)
    assert outcomes["north-south"] > 0


def test_fast_games_reach_simultaneous_qualification_and_raised_targets() -> None:
    """Counted over a fixed set of 600 seeded games per variant (deterministic): both
    teams qualifying after the same hand is rare (about one game in 200) but is
    reached, and so is arab3meyeh's raised target."""
    totals: Counter[str] = Counter()
    for variant in ("qahwa-400", "arab3meyeh-400"):
        simulator = Simulator(load(variant), "z", bid_spread=1, top_up=0.9)
        for _ in range(600):
            summary = simulator.game(max_hands=200)
            totals.update({f"{variant}: {k}": v for k, v in summary.events.items()})
            totals[f"{variant}: outcome {summary.outcome}"] += 1
    assert totals["qahwa-400: both teams qualify in one hand"] > 0, totals
    assert totals["arab3meyeh-400: target raised"] > 0, totals
    assert totals["qahwa-400: a score reaches 40"] > 0
    assert totals["qahwa-400: throw-in"] > 0
    assert totals["qahwa-400: outcome team_0_wins"] + totals["qahwa-400: outcome team_1_wins"] > 400


def test_modest_random_games_mostly_finish() -> None:
    simulator = modest_simulator(load("pagat-400"), 3)
    outcomes = Counter(simulator.game(max_hands=300).outcome for _ in range(40))
    assert outcomes["team_0_wins"] + outcomes["team_1_wins"] + outcomes["draw"] >= 30
    assert set(outcomes) <= {"team_0_wins", "team_1_wins", "draw", "unfinished"}
    assert Result.TEAM_0_WINS.name.lower() == "team_0_wins"


def test_the_heuristic_values_trumps_and_aces() -> None:
    strong = ("AH", "KH", "QH", "JH", "TH", "9H", "AS", "AC", "AD", "KS", "2C", "3D", "4S")
    weak = ("2C", "3C", "4C", "5C", "2D", "3D", "4D", "5D", "2S", "3S", "4S", "5S", "6S")
    assert estimated_tricks(strong) >= 9
    assert estimated_tricks(weak) == 0
