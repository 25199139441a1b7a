"""The reference engine as a conformance adapter: ``python -m fourhundred.conformance.adapter``.

It speaks the adapter protocol (``ADAPTERS.md``; messages in
``schema/protocol.schema.json``): JSON lines on stdin and stdout. It answers
every kind for every variant and reading, with the reference engine: each
kind's :attr:`~fourhundred.conformance.kinds.Kind.fast_answer` (the fast rule
layer :class:`fourhundred.reference.fast.FastRules` for the pure kinds,
:mod:`fourhundred.reference.engine` for whole games).

Options:

* ``--engine spec`` answers the pure kinds with the executable specification
  instead (``fourhundred.spec``), to compare the two through the protocol;
* ``--mutant NAME`` answers by one single-point mutation of the reference
  instead (:mod:`fourhundred.conformance.mutants`: its
  :meth:`~fourhundred.conformance.mutants.Mutant.reference`, through
  :func:`answer_function`; nothing is patched): the suite should notice.
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
from fourhundred.reference.engine import Reference
from fourhundred.spec import registry
from fourhundred.spec.model import HOUSE_MARK, Rules
from fourhundred.spec.registry import VariantError, names

PROTOCOL_VERSION = 1
Json = dict[str, Any]
#: An answer function: (kind, rules, input) -> output.
AnswerFunction = Callable[[str, Rules, Mapping[str, Any]], Json]


def load_rules(variant: str) -> Rules:
    """The rules of a variant string (the one place the adapter loads them)."""
    return registry.load(variant)


def reference_answer(kind: str, rules: Rules, data: Mapping[str, Any]) -> Json:
    """The reference engine's answer to any kind: the kind's
    :attr:`~fourhundred.conformance.kinds.Kind.fast_answer` of ``Reference.of(rules)``
    (the fuzzer's reference too)."""
    return kinds.kind(kind).fast_answer(Reference.of(rules), data)


def answer_function(configure: Callable[[Rules], Reference]) -> AnswerFunction:
    """The answer function of another reference: each kind's
    :attr:`~fourhundred.conformance.kinds.Kind.fast_answer` of ``configure(rules)``
    (built once per rules value it is given), e.g. a mutant's
    :meth:`~fourhundred.conformance.mutants.Mutant.reference`."""
    built: dict[int, tuple[Rules, Reference]] = {}

    def answer(kind: str, rules: Rules, data: Mapping[str, Any]) -> Json:
        entry = built.get(id(rules))
        if entry is None or entry[0] is not rules:
            entry = built[id(rules)] = (rules, configure(rules))
        return kinds.kind(kind).fast_answer(entry[1], data)

    return answer


def spec_answer(kind: str, rules: Rules, data: Mapping[str, Any]) -> Json:
    """The specification's answer to any kind (whole games still go through the engine)."""
    return kinds.kind(kind).spec_answer(rules, data)


def hello(engine: str) -> Json:
    """The adapter's answer to ``start`` (the engine is loaded with the registry,
    before it, so that its import time counts against the start-up timeout)."""
    from fourhundred import __version__

    return {
        "version": PROTOCOL_VERSION,
        "implementation": {
            "name": "fourhundred-reference" if engine == "reference" else "fourhundred-spec",
            "version": __version__,
            "language": "python",
        },
        "kinds": list(kinds.KIND_NAMES),
        "variants": {name: ["*", HOUSE_MARK] for name in names()},
        "positions": True,
    }


def serve(
    stdin: IO[bytes],
    stdout: IO[bytes],
    answer: AnswerFunction,
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
    answer: AnswerFunction,
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
        action="append",
        help="answer by this single-point mutation of the reference engine "
        "(see fourhundred.conformance.mutants); given again, by all of them at once "
        "(a planted multi-bug engine, fourhundred.conformance.planted)",
    )
    args = parser.parse_args(argv)
    answer: AnswerFunction = reference_answer if args.engine == "reference" else spec_answer
    if args.mutant:
        from fourhundred.conformance import mutant_names
        from fourhundred.errors import UserError

        if args.engine != "reference":
            parser.error("--mutant mutates the reference engine: it needs --engine reference")
        try:
            if len(args.mutant) == 1:
                answer = answer_function(mutant_names.by_name(args.mutant[0]).reference)
            else:
                from fourhundred.conformance import planted

                answer = answer_function(planted.planted(args.mutant).reference)
        except UserError as error:
            parser.error(str(error))
        except KeyError as error:
            parser.error(f"unknown mutant {error}")
    return serve(sys.stdin.buffer, sys.stdout.buffer, answer, args.engine)


if __name__ == "__main__":
    # Run the imported module's main, not this __main__ copy's, so that a test
    # adapter replacing fourhundred.conformance.adapter.reference_answer reaches it.
    from fourhundred.conformance.adapter import main as module_main

    raise SystemExit(module_main())
