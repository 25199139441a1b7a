"""The batched simulator is the reference: its games replay through the checked engine, its
tables are the fast rules', its heuristic decides as the heuristic player does."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest

from fourhundred.reference import (
    batch_bits,
    batch_codes,
    batch_kernels,
    batch_players,
    batch_rules,
    batch_stats,
)
from fourhundred.reference.actions import Bid, Play, ThrowIn
from fourhundred.reference.batch import GAME_OUTCOMES, BatchSimulator
from fourhundred.reference.batch_codes import G_HANDS, G_OUTCOME, G_SCORE_0
from fourhundred.reference.batch_tables import TABLE_MINIMUM_CLAMP, kernel_tables
from fourhundred.reference.engine import GameState, Phase
from fourhundred.reference.fast import FastRules
from fourhundred.reference.players import HeuristicPlayer, RandomPlayer, estimated_tricks
from fourhundred.reference.transcript import play_game, replay
from fourhundred.spec.cards import CARD_INDEX, FULL_DECK, SUITS, hand_mask, trick_winner
from fourhundred.spec.house import EXAMPLES
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import all_readings, load, names

#: Every reading, and every house-rules table of the docs (their new rules replay too).
READINGS: list[Rules] = [rules for name in names() for rules in all_readings(name)] + [
    load(example.text) for example in EXAMPLES
]


def replay_games(simulator: BatchSimulator, games: int) -> int:
    """Replay games 0..games-1 through the checked engine; check each against the batch's
    own row. Returns the hands replayed."""
    rows = simulator.games(0, games).rows
    hands = 0
    for game in range(games):
        transcript = simulator.transcript(game)
        state = replay(transcript)
        row = rows[game]
        assert len(transcript.hands) == row[G_HANDS]
        assert transcript.outcome == GAME_OUTCOMES[int(row[G_OUTCOME])]
        assert list(state.scores) == list(row[G_SCORE_0 : G_SCORE_0 + 4])
        hands += len(transcript.hands)
    return hands


@pytest.mark.parametrize("rules", READINGS, ids=str)
def test_batched_games_of_every_reading_replay_through_the_checked_engine(rules: Rules) -> None:
    """Heuristic and random games, every deal and action replayed by the engine: the same
    scores after every hand, the same target, result, winner and final scores."""
    heuristic = replay_games(BatchSimulator(rules, "heuristic", str(rules), max_hands=40), 16)
    random_ = replay_games(BatchSimulator(rules, "random", str(rules), max_hands=6), 16)
    assert heuristic > 16 and random_ > 16


@pytest.mark.slow
@pytest.mark.parametrize("rules", READINGS, ids=str)
def test_thousands_of_batched_games_of_every_reading_replay(rules: Rules) -> None:
    replay_games(BatchSimulator(rules, "heuristic", f"slow {rules}", max_hands=200), 1000)
    replay_games(BatchSimulator(rules, "random", f"slow {rules}", max_hands=30), 1000)


def test_mixed_seats_replay_and_every_game_outcome_occurs() -> None:
    seen: set[str] = set()
    for variant, players in (
        ("pagat-41", ("heuristic", "random", "heuristic", "random")),
        ("medallon-400", ("random", "heuristic", "random", "heuristic")),
        ("qahwa-400", "heuristic"),
    ):
        simulator = BatchSimulator(load(variant), players, "mixed", max_hands=60)
        replay_games(simulator, 30)
        rows = simulator.games(0, 400).rows
        seen |= {GAME_OUTCOMES[int(code)] for code in rows[:, G_OUTCOME]}
    assert {"north-south", "west-east", "unfinished"} <= seen


@pytest.mark.parametrize("players", [batch_codes.RANDOM, batch_codes.HEURISTIC])
def test_a_hand_stops_stuck_where_the_engine_offers_no_legal_action(players: int) -> None:
    """medallon-400: the own minimum rises without end, so a score of 150 leaves no legal bid
    (the engine's legal_actions is empty there: see test_reference_simulate)."""
    tables = kernel_tables(load("medallon-400"))
    scores = np.array([0, 150, 0, 0], dtype=np.int64)
    work = batch_kernels.Work(
        np.zeros(4, dtype=np.int64), np.zeros(4, dtype=np.int64), np.zeros(64, dtype=np.int64),
        np.zeros(8, dtype=np.uint64), np.zeros(0, dtype=np.int32),
    )  # fmt: skip
    setting = batch_kernels.Setting(
        np.uint64(7), np.full(4, players, dtype=np.int64), np.float64(0.0), np.int64(200)
    )
    did, result, dealer, target, over, outcome = batch_kernels._play_hand(
        tables, setting, scores, 0, 41, np.uint64(7), work, work.no_log
    )
    assert (did, result, dealer, target) == (batch_codes.STUCK, 0, 0, 41)
    assert over and outcome == batch_codes.GAME_STUCK
    assert list(scores) == [0, 150, 0, 0]


def test_a_run_is_the_same_whatever_the_batch_size() -> None:
    simulator = BatchSimulator(load("pagat-400"), "heuristic", 5)
    whole = simulator.games(0, 40)
    halves = [simulator.games(0, 25), simulator.games(25, 15)]
    assert np.array_equal(whole.rows, np.concatenate([h.rows for h in halves]))
    assert np.array_equal(whole.bids_placed, halves[0].bids_placed + halves[1].bids_placed)
    other_seed = BatchSimulator(load("pagat-400"), "heuristic", 6).games(0, 40)
    assert not np.array_equal(whole.rows, other_seed.rows)


def test_random_hands_are_played_and_thrown_in() -> None:
    qahwa = BatchSimulator(load("qahwa-400"), "random", 1)
    played = qahwa.hands(20_000)
    assert 0 < played < 20_000
    assert played == BatchSimulator(load("qahwa-400"), "random", 1).hands(20_000)


@pytest.mark.parametrize("rules", READINGS, ids=str)
def test_the_band_tables_agree_with_the_fast_rules_at_every_score(rules: Rules) -> None:
    """Including scores far beyond the last band tabulated (the clamp's guard)."""
    fast = FastRules.of(rules)
    tables = kernel_tables(rules)
    p = tables.parameters
    clamp = max(52, 4 * int(np.abs(tables.value).max())) + TABLE_MINIMUM_CLAMP
    for score in (-500, -1, 0, 29, 30, 31, 39, 40, 99, 140, 141, 480, 2000, 100_000):
        band = batch_rules._band(p, score)
        assert tables.own_minimum[band] == min(fast.own_minimum_bid(score), rules.max_bid + 1)
        assert tables.table_minimum[band] == min(fast.table_minimum((score,) * 4), clamp)
        for bid in range(14):
            assert tables.value[bid, band] == fast.bid_value(bid, score, score)
            for tricks in range(14):
                made = int(tricks >= bid)
                change = fast.score_change(bid, tricks, score, score)
                assert tables.change[made, bid, band] == change


def test_the_estimate_tables_give_the_heuristic_players_estimate_under_every_trump() -> None:
    tables = kernel_tables(load("qahwa-400"))
    rnd = random.Random(3)
    deck = list(FULL_DECK)
    for draw in range(3000):
        rnd.shuffle(deck)
        hand = tuple(deck[:13])
        trump = SUITS[draw % 4]
        halves = batch_players._estimate_halves(
            tables, np.uint64(hand_mask(hand)), np.int64(draw % 4)
        )
        assert halves == 2 * estimated_tricks(hand, trump)
        assert tables.rounded[halves] == round(estimated_tricks(hand, trump))


def _sampled_states(rules: Rules, seed: int) -> list[GameState]:
    """States of engine games of heuristic and random players."""
    states: list[GameState] = []

    def recording(player: HeuristicPlayer | RandomPlayer) -> HeuristicPlayer | RandomPlayer:
        class Recording(type(player)):  # type: ignore[misc]
            def __call__(self, state: GameState) -> object:
                states.append(state)
                return super().__call__(state)

        recorder = Recording.__new__(Recording)
        recorder.__dict__.update(player.__dict__)
        return recorder  # type: ignore[no-any-return]

    players = [
        recording(HeuristicPlayer(f"{seed}/0", boldness=0.0)),
        recording(RandomPlayer(f"{seed}/1")),
        recording(HeuristicPlayer(f"{seed}/2", boldness=0.0)),
        recording(RandomPlayer(f"{seed}/3")),
    ]
    play_game(rules, seed, players=players, max_hands=30)
    return states


@pytest.mark.parametrize(
    "variant",
    [
        "qahwa-400",
        "pagat-41",
        "pagat-400(dealer_throw_in=yes)",
        "pagat-41(min_bid=2,double_from=none,trump=turned)",
    ],
)
def test_the_batched_heuristic_decides_as_the_heuristic_player(variant: str) -> None:
    """On sampled positions of engine games: the same bid, throw-in or card (under
    trump=turned, with each hand's turned suit as trumps)."""
    rules = load(variant)
    tables = kernel_tables(rules)
    player = HeuristicPlayer("any", boldness=0.0)
    checked = {"bid": 0, "play": 0}
    for seed in range(4):
        for state in _sampled_states(rules, seed):
            seat = state.to_act
            assert seat is not None
            expected = player(state)
            hand = np.uint64(hand_mask(state.hands[seat]))
            trump = np.int64(SUITS.index(state.trump))
            if state.phase is Phase.BIDDING:
                order = rules.bidding_seats(state.dealer)
                low = FastRules.of(rules).own_minimum_bid(state.scores[seat])
                so_far = sum(b for b in state.bids if b is not None)
                code, _ = batch_players._heuristic_bid(
                    tables, hand, low, rules.dealer_may_throw_in and seat == state.dealer,
                    order[-1] == seat, so_far, np.array(state.scores, dtype=np.int64), 0.0,
                    np.uint64(0), trump,
                )  # fmt: skip
                got = ThrowIn() if code == batch_codes.THROW_IN_CODE else Bid(int(code))
                checked["bid"] += 1
            else:
                trick = np.array([CARD_INDEX[c] for c in state.trick] + [0] * 4, dtype=np.int64)
                legal = hand
                if state.trick:
                    following = hand & tables.suit_mask[CARD_INDEX[state.trick[0]] // 13]
                    legal = following if following else hand
                best = trick_winner(state.trick, state.trump) if state.trick else 0
                card = batch_players._heuristic_play(
                    tables, legal, trick, len(state.trick), best, trump
                )
                got = Play(FULL_DECK[int(card)])
                checked["play"] += 1
            assert got == expected, (state.phase, state.hands[seat], state.trick)
    assert checked["bid"] > 20 and checked["play"] > 300


@pytest.mark.parametrize("index", [0, 5])
def test_the_committed_variant_figures_are_reproduced_from_their_seed(index: int) -> None:
    committed = batch_stats.load_figures()
    figure = committed["figures"][index]
    simulator = BatchSimulator(load(figure["variant"]), figure["players"][0], committed["seed"])
    fresh = batch_stats.simulate(simulator, committed["games"], batch_size=7_000).to_json()
    assert fresh == figure


def test_the_bit_helpers_find_the_bits_a_plain_loop_finds() -> None:
    """The kernel's k-th set bit (a broadword select), bit counts and lowest/highest bit,
    on random masks of every density and at every rank."""
    rnd = random.Random(11)
    for density in (1, 2, 13, 32, 52, 64):
        for _ in range(200):
            bits = sorted(rnd.sample(range(64), density))
            mask = np.uint64(sum(1 << bit for bit in bits))
            assert batch_bits._popcount(mask) == density
            assert (batch_bits._lowest(mask), batch_bits._highest(mask)) == (bits[0], bits[-1])
            assert [batch_bits._nth(mask, n) for n in range(density)] == bits


@pytest.mark.parametrize(
    ("variant", "shows"),
    [
        # both teams qualify in the last hand: the first qualifying seat's team won
        (
            "pagat-41(both_qualify=first_seat)",
            lambda f, s: f.qualifies(0, s, 41) and f.qualifies(1, s, 41),
        ),
        # a team won with a partner at zero or below: no partner condition
        ("pagat-41(partner_condition=off)", lambda f, s: min(s) <= 0 and max(s) >= 41),
    ],
)
def test_batched_games_reach_the_new_house_rules_and_replay(
    variant: str, shows: Callable[[FastRules, list[int]], bool]
) -> None:
    """The replay proof reaches the kernel's lines of the house rules: games whose end
    only the new rule decides are found among the batch and replayed by the engine."""
    rules = load(variant)
    fast = FastRules.of(rules)
    simulator = BatchSimulator(rules, "heuristic", "house rules reached", max_hands=60)
    rows = simulator.games(0, 400).rows
    reached = [
        game
        for game in range(400)
        if shows(fast, [int(x) for x in rows[game][G_SCORE_0 : G_SCORE_0 + 4]])
        and GAME_OUTCOMES[int(rows[game][G_OUTCOME])] in ("north-south", "west-east")
    ]
    assert reached
    for game in reached[:10]:
        transcript = simulator.transcript(game)
        state = replay(transcript)
        assert transcript.outcome == GAME_OUTCOMES[int(rows[game][G_OUTCOME])]
        assert list(state.scores) == [int(x) for x in rows[game][G_SCORE_0 : G_SCORE_0 + 4]]
