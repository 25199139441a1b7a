"""The reference engine as a conformance adapter: ``python -m fourhundred.conformance.adapter``.

It speaks the adapter protocol (``ADAPTERS.md``; messages in
``schema/protocol.schema.json``): JSON lines on stdin and stdout. It answers
every kind for every variant and reading, with the reference engine: the fast
rule layer (:class:`fourhundred.reference.fast.FastRules`) for the pure kinds
and :mod:`fourhundred.reference.engine` for whole games.

Options:

* ``--engine spec`` answers the pure kinds with the executable specification
  instead (``fourhundred.spec``), to compare the two through the protocol;
* ``--mutant NAME`` first applies one single-point mutation of the rules
  (:mod:`fourhundred.conformance.mutants`): the suite should notice.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from fourhundred.conformance import kinds
from fourhundred.conformance.kinds import RESULT_NAMES
from fourhundred.spec import registry
from fourhundred.spec.model import Rules
from fourhundred.spec.registry import VariantError, names

PROTOCOL_VERSION = 1
Json = dict[str, Any]


def load_rules(variant: str) -> Rules:
    """The rules of a variant string (the one place the adapter loads them: mutants patch it)."""
    return registry.load(variant)


def _fast(rules: Rules) -> Any:
    from fourhundred.reference.fast import FastRules

    return FastRules.of(rules)


def _engine() -> Any:
    from fourhundred.reference import engine

    return engine


def reference_answer(kind: str, rules: Rules, data: Mapping[str, Any]) -> Json:
    """The reference engine's answer to a pure-kind question."""
    fast = _fast(rules)
    if kind == "bid_value":
        bid = int(data["bid"])
        special = fast.special_bid == bid
        decides_game_outright = special and rules.thirteen == "win_or_lose_game"
        value = (
            None
            if decides_game_outright
            else fast.bid_value(bid, data["own_score"], data["highest_score"])
        )
        return {"value": value, "decides_game": special}
    if kind == "legal_bids":
        own = int(data["own_score"])
        return {"bids": [b for b in range(1, rules.max_bid + 1) if fast.bid_is_legal(b, own)]}
    if kind == "table_minimum":
        scores = tuple(data["scores"])
        return {
            "minimum": fast.table_minimum(scores),
            "played": bool(fast.hand_is_played(tuple(data["bids"]), scores)),
        }
    if kind == "trick_winner":
        return {"winner": _engine().trick_winner(tuple(data["trick"]))}
    if kind == "legal_plays":
        return {"cards": list(_engine().legal_plays(tuple(data["hand"]), data.get("led")))}
    if kind == "hand_scoring":
        after = fast.scores_after(tuple(data["scores"]), tuple(data["bids"]), tuple(data["tricks"]))
        return {"scores": list(after)}
    if kind == "game_outcome":
        after, result, target = fast.hand_result(
            tuple(data["scores"]),
            tuple(data["bids"]),
            tuple(data["tricks"]),
            int(data["dealer"]),
            int(data["target_in_force"]),
        )
        return {
            "scores": list(after),
            "result": RESULT_NAMES[int(result)],
            "target_in_force": int(target),
        }
    raise ValueError(f"unknown kind {kind!r}")


def whole_game(rules: Rules, data: Mapping[str, Any]) -> Json:
    """Play the actions of a whole_game case through the reference engine."""
    from fourhundred.reference.actions import parse_action

    engine = _engine()
    state = engine.new_game(rules, int(data["first_dealer"]))
    rejected: list[list[Any]] = []
    hands: list[Json] = []
    for index, text in enumerate(data["actions"]):
        try:
            new = engine.apply(state, parse_action(text))
        except engine.IllegalAction as error:
            rejected.append([index, error.code])
            continue
        if len(new.history) > len(state.history):
            hands.append(hand_record(new, index))
        state = new
    return {"rejected": rejected, "hands": hands, "final": final_record(state)}


def hand_record(state: Any, index: int) -> Json:
    """The ``hands`` entry of a whole_game answer for the hand ``state`` has just
    finished, by the action at ``index``."""
    over = state.phase is _engine().Phase.GAME_OVER
    return {
        "after": index,
        "played": state.history[-1].played,
        "scores": list(state.scores),
        "result": RESULT_NAMES[int(state.result)],
        "dealer": None if over else state.dealer,
        "target_in_force": state.target_in_force,
    }


def final_record(state: Any) -> Json:
    """The ``final`` entry of a whole_game answer: where the game stands after every action."""
    return {
        "phase": state.phase.value,
        "scores": list(state.scores),
        "result": RESULT_NAMES[int(state.result)],
    }


def spec_answer(kind: str, rules: Rules, data: Mapping[str, Any]) -> Json:
    """The specification's answer (whole games still go through the engine)."""
    if kind == "whole_game":
        return whole_game(rules, data)
    return kinds.answer(kind, rules, data)


def reference_or_game(kind: str, rules: Rules, data: Mapping[str, Any]) -> Json:
    """The reference engine's answer to any kind."""
    if kind == "whole_game":
        return whole_game(rules, data)
    return reference_answer(kind, rules, data)


def hello(engine: str) -> Json:
    """The adapter's answer to ``start`` (the engine is loaded first, so that its
    import time counts against the start-up timeout, not against a case's)."""
    from fourhundred import __version__

    _engine()

    return {
        "version": PROTOCOL_VERSION,
        "implementation": {
            "name": "fourhundred-reference" if engine == "reference" else "fourhundred-spec",
            "version": __version__,
            "language": "python",
        },
        "kinds": list(kinds.KINDS),
        "variants": {name: ["*"] for name in names()},
    }


def serve(
    stdin: IO[bytes],
    stdout: IO[bytes],
    answer: Callable[[str, Rules, Mapping[str, Any]], Json],
    engine: str = "reference",
) -> int:
    """Answer protocol messages until ``stop`` or the end of input.

    Input is read in chunks and every complete line in a chunk is answered
    before one write and flush: when the runner sends a window of cases at
    once, they are answered at once.
    """
    rules_cache: dict[str, Rules] = {}
    pending = b""
    fd = stdin.fileno()
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return 0
        pending += chunk
        *lines, pending = pending.split(b"\n")
        replies: list[str] = []
        for line in lines:
            if not line.strip():
                continue
            message = json.loads(line)
            command = message.get("cmd")
            if command == "stop":
                stdout.write("".join(replies).encode())
                stdout.flush()
                return 0
            if command == "start":
                replies.append(json.dumps(hello(engine)) + "\n")
            elif command == "run":
                replies.append(
                    json.dumps(run_one(message, answer, rules_cache), separators=(",", ":")) + "\n"
                )
            else:
                replies.append(json.dumps({"error": f"unknown command {command!r}"}) + "\n")
        if replies:
            stdout.write("".join(replies).encode())
            stdout.flush()


def run_one(
    message: Mapping[str, Any],
    answer: Callable[[str, Rules, Mapping[str, Any]], Json],
    rules_cache: dict[str, Rules],
) -> Json:
    """The answer to one ``run`` message: a result, or skipped/errored saying why."""
    seq = message.get("seq")
    try:
        case = message["case"]
        variant = case["variant"]
        rules = rules_cache.get(variant)
        if rules is None:
            rules = rules_cache[variant] = load_rules(variant)
        return {"seq": seq, "result": answer(case["kind"], rules, case["input"])}
    except VariantError as error:
        return {"seq": seq, "skipped": {"message": str(error)}}
    except Exception as error:  # an adapter reports its own failures, it does not die
        return {
            "seq": seq,
            "errored": {
                "message": f"{type(error).__name__}: {error}",
                "traceback": traceback.format_exc(),
            },
        }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fourhundred.conformance.adapter", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--engine", choices=("reference", "spec"), default="reference")
    parser.add_argument(
        "--mutant",
        help="apply this single-point mutation first (see fourhundred.conformance.mutants)",
    )
    args = parser.parse_args(argv)
    if args.mutant:
        from fourhundred.conformance import mutants

        mutants.apply(args.mutant)
    answer = reference_or_game if args.engine == "reference" else spec_answer
    return serve(sys.stdin.buffer, sys.stdout.buffer, answer, args.engine)


if __name__ == "__main__":
    # Run the imported module's main, not this __main__ copy's, so that a
    # mutant patching fourhundred.conformance.adapter reaches the code that runs.
    from fourhundred.conformance.adapter import main as module_main

    raise SystemExit(module_main())
