"""The case stream of a campaign: which cases block ``b`` holds, and which
blocks a shard and a job take.

Block ``b`` is generated from its own random stream, seeded by the campaign
seed and ``b``, so any case is regenerated from (seed, block, position)
(:func:`regenerate`) and the work splits without coordination: a shard
``i/n`` takes the blocks ``b = (i - 1) + n * m`` (:func:`block_index`), and
within it a job or a cluster worker takes the ``m`` not done yet
(:func:`free_blocks`). In each block the case kinds take turns (whole games,
which are slower, are the first case of every :data:`WHOLE_GAME_EVERY`-th block,
taking the variants in turn: :func:`case_variant`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping, Sequence

from fourhundred.conformance import kinds as case_kinds
from fourhundred.fuzz.expected import expected_answer
from fourhundred.fuzz.implementations import Question
from fourhundred.fuzz.records import Config
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import load

#: One whole game opens every this many blocks.
WHOLE_GAME_EVERY = 20


def block_index(shard: tuple[int, int], m: int) -> int:
    """The global block number of the shard's ``m``-th block."""
    index, count = shard
    return (index - 1) + count * m


def block_rng(seed: int, block: int) -> random.Random:
    """The random stream of one block (text seed: the same in every Python)."""
    return random.Random(f"fourhundred-fuzz/{seed}/{block}")


def block_cases(
    config: Config, block: int, size: int, rules_by_variant: Mapping[str, Rules]
) -> list[Question]:
    """The questions of one block (the reference's answers included)."""
    return list(block_stream(config, block, size, rules_by_variant))


def block_stream(
    config: Config, block: int, size: int, rules_by_variant: Mapping[str, Rules]
) -> Iterator[Question]:
    """The questions of one block, one at a time (a block of whole games takes seconds
    to generate: a run stops within it when its time is out), each with the reference's
    answer (:func:`~fourhundred.fuzz.expected.expected_answer`)."""
    rng = block_rng(config.seed, block)
    pure = [k for k in config.kinds if k != "whole_game"]
    for position in range(size):
        whole = "whole_game" in config.kinds and (
            not pure or (position == 0 and block % WHOLE_GAME_EVERY == 0)
        )
        variant = case_variant(config.variants, block, position, whole and bool(pure))
        rules = rules_by_variant[variant]
        kind = "whole_game" if whole else pure[position % len(pure)]
        data = case_kinds.kind(kind).generate(rng, rules)
        yield kind, variant, data, expected_answer(kind, rules, data)


def case_variant(variants: Sequence[str], block: int, position: int, opening: bool) -> str:
    """The variant of a block's case: the variants take turns along the stream; the
    whole game that opens every :data:`WHOLE_GAME_EVERY`-th block (``opening``) takes
    them in turn from one such block to the next, so every variant gets whole games
    (by ``block + position`` alone, a number of variants that divides
    :data:`WHOLE_GAME_EVERY` would play them all under the first)."""
    turn = block // WHOLE_GAME_EVERY if opening else block + position
    return variants[turn % len(variants)]


def regenerate(config: Config, block: int, position: int) -> Question:
    """One case of the stream again, from (seed, block, position)."""
    rules_by_variant = {v: load(v) for v in config.variants}
    return block_cases(config, block, position + 1, rules_by_variant)[position]


def free_blocks(config: Config, first: int, step: int) -> Iterator[int]:
    """The shard's block numbers ``m`` not done, from ``first`` by ``step``, within the
    case budget."""
    total_blocks = math.inf if config.cases is None else math.ceil(config.cases / config.block_size)
    m = config.done.next_free(first, step)
    while m < total_blocks:
        yield m
        m = config.done.next_free(m + step, step)


def block_size(config: Config, m: int) -> int:
    """How many cases the shard's ``m``-th block has (the last one of a case budget: fewer)."""
    if config.cases is None:
        return config.block_size
    return min(config.block_size, config.cases - m * config.block_size)
