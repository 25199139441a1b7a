"""What the commands share: how they print to the terminal and show progress,
how they check and document ``--kind``, the option types every command reads
the same way (``--timeout``, ``--seed``), the option blocks of the commands
that play many games (:func:`play_options`, :func:`json_option`), whole-number
options (:func:`count_option`), and the check
that no two outputs of one command share a path."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

import click
from rich.console import Console

from fourhundred.errors import UserError
from fourhundred.safeio import terminal_text


def console(*, stderr: bool = False, width: int | None = None) -> Console:
    """A console for a command's tables and messages: no automatic highlighting,
    long lines kept whole; ``width`` fixes the width (otherwise the terminal's)."""
    return Console(highlight=False, soft_wrap=True, stderr=stderr, width=width)


@contextmanager
def progress_bar(what: str, *, quiet: bool = False) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on standard error for a long command, shown only on a
    terminal and not with ``quiet`` (nothing at all reaches a pipe); yields
    ``advance(done, total)`` to call as work is done. The bar is gone when the
    block ends, so the command's own output follows on a clean screen."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    errors = console(stderr=True)
    progress = Progress(
        TextColumn(what),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=errors,
        transient=True,
        disable=quiet or not errors.is_terminal,
    )
    with progress:
        task = progress.add_task(what, total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield advance


class KindOption(click.Option):
    """A ``--kind`` option whose help ends with the valid kinds, read from the
    registry (:data:`fourhundred.conformance.kinds.KIND_NAMES`) when the help is
    shown, so a command's start-up does not load the registry. Use it as
    ``@click.option("--kind", ..., cls=KindOption)``."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        from fourhundred.conformance.kinds import KIND_NAMES

        written = self.help
        self.help = f"{written or ''} Kinds: {', '.join(KIND_NAMES)}.".strip()
        try:
            return super().get_help_record(ctx)
        finally:
            self.help = written


def check_kinds(kinds: Iterable[str]) -> None:
    """Raise :class:`UserError` naming the first of ``kinds`` (``--kind`` values)
    that is not a case kind of the conformance suite."""
    from fourhundred.conformance.kinds import UnknownKind, kind

    for name in kinds:
        try:
            kind(name)
        except UnknownKind as error:
            raise UserError(f"--kind {error}") from None


#: The shortest per-case timeout accepted: below it every case would time out.
MIN_TIMEOUT = 0.01
#: The longest (a week): anything longer is a typo, and ``inf`` would never fire.
MAX_TIMEOUT = 7 * 24 * 3600.0


class Seconds(click.ParamType[float]):
    """A number of seconds between ``minimum`` and ``maximum``: ``0``, negatives,
    ``1e-300``, ``inf`` and ``nan`` are refused with one ``error:`` line naming the
    option and the range (``click.FloatRange`` lets ``nan`` through, since every
    comparison with it is false)."""

    name = "seconds"

    def __init__(self, minimum: float = MIN_TIMEOUT, maximum: float = MAX_TIMEOUT) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        option = param.opts[0] if param is not None and param.opts else "seconds"
        shown = terminal_text(str(value))[:40]
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise UserError(f"{option} {shown!r}: not a number of seconds") from None
        if not (math.isfinite(number) and self.minimum <= number <= self.maximum):
            raise UserError(
                f"{option} {shown}: must be a number of seconds "
                f"from {self.minimum:g} to {self.maximum:g}"
            )
        return number


#: The type of every ``--timeout`` option (``conformance run``, ``fuzz``).
TIMEOUT = Seconds()


class Seed(click.ParamType[str]):
    """A seed: any text that is valid Unicode (an argument holding bytes that are
    not UTF-8, such as ``$'\\xff'``, is refused rather than crashing the hashing of it)."""

    name = "seed"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            try:
                shown = repr(text.encode("utf-8", "surrogateescape")[:40])
            except UnicodeEncodeError:
                shown = repr(text.encode("utf-8", "backslashreplace")[:40])
            self.fail(f"{shown} is not valid UTF-8 text", param, ctx)
        return text


#: The type of every ``--seed`` option.
SEED = Seed()

#: Who can play every seat of a simulated game (``--players``).
PLAYERS = ("random", "heuristic")

Command = TypeVar("Command", bound=Callable[..., Any])


def play_options(
    *,
    games: int,
    games_help: str,
    seed: str,
    seed_help: str,
    min_games: int = 1,
    players_help: str | None = None,
) -> Callable[[Command], Command]:
    """The options of a command that plays many games (``bench``, ``simulate``,
    ``ambiguities --measure``), read the same way by each: ``--games N`` (at least
    ``min_games``), ``--seed TEXT`` (:data:`SEED`) and, with ``players_help``,
    ``--players random|heuristic`` (default ``heuristic``). The defaults and help
    texts are the command's own."""

    def decorate(command: Command) -> Command:
        if players_help is not None:
            command = click.option(
                "--players",
                type=click.Choice(PLAYERS),
                default="heuristic",
                show_default=True,
                help=players_help,
            )(command)
        command = click.option(
            "--seed", type=SEED, default=seed, show_default=True, help=seed_help
        )(command)
        return click.option(
            "--games",
            type=click.IntRange(min=min_games),
            default=games,
            show_default=True,
            help=games_help,
        )(command)

    return decorate


def count_option(
    *names: str,
    default: int | None,
    help: str,
    minimum: int = 1,
    maximum: int | None = None,
) -> Callable[[Command], Command]:
    """An option that takes a whole number from ``minimum`` (to ``maximum``, if
    given), its default shown in the help when there is one."""
    return click.option(
        *names,
        type=click.IntRange(min=minimum, max=maximum),
        default=default,
        show_default=True if default is not None else None,
        help=help,
    )


def quiet_option(help: str = "No progress bar.") -> Callable[[Command], Command]:
    """The ``--quiet`` / ``-q`` flag (parameter ``quiet``) of a command that shows progress."""
    return click.option("--quiet", "-q", is_flag=True, help=help)


def json_option(help: str = "Print JSON instead of tables.") -> Callable[[Command], Command]:
    """The ``--json`` flag (parameter ``as_json``) of a command that prints tables."""
    return click.option("--json", "as_json", is_flag=True, help=help)


def check_distinct_outputs(outputs: Mapping[str, str | None]) -> None:
    """Raise :class:`UserError` when two options (``--report``, ``--junit``…) name
    the same file: one would overwrite the other. ``outputs`` maps option to path."""
    seen: dict[str, str] = {}
    for option, path in outputs.items():
        if path is None:
            continue
        key = os.path.realpath(path)
        if key in seen:
            raise UserError(
                f"{seen[key]} and {option} both name {path}: give each output its own file"
            )
        seen[key] = option


def check_output_folder(option: str, path: str | None) -> None:
    """Raise :class:`UserError` before a run when the folder ``path`` would be
    written into does not exist, rather than losing the run's report at its end."""
    if path is None:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UserError(f"{option} {path}: cannot write it: no such folder {folder}")
