"""A failing adapter whose error messages look like Rich markup and terminal escapes:
every trick_winner case fails with ``[/src/engine.rs:12]``, a colour escape and ``[bold]``."""

from __future__ import annotations

from fourhundred.conformance import adapter

MESSAGE = "[/src/engine.rs:12] panicked \x1b[31mred\x1b[0m [bold]not bold"
_answer = adapter.reference_answer


def failing(kind, rules, data):  # type: ignore[no-untyped-def]
    if kind == "trick_winner":
        raise RuntimeError(MESSAGE)
    return _answer(kind, rules, data)


if __name__ == "__main__":
    # Only when run as the adapter: a test importing MESSAGE must not change the
    # reference's answers for every later test of its process.
    adapter.reference_answer = failing
    raise SystemExit(adapter.main([]))
