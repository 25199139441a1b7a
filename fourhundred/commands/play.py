"""``fourhundred play`` and ``fourhundred replay``: whole games as JSON transcripts.

``play`` plays one game of a variant from a seed with simulated players and
prints (or writes) its transcript; ``replay`` checks a transcript step by step
against the reference engine and says exactly where it first goes wrong.
Exit status of ``replay``: 0 when the transcript is right, 1 at the first
mismatch, 2 for a file that cannot be read as a transcript.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from fourhundred.commands._common import PLAYERS, SEED, console
from fourhundred.errors import UserError
from fourhundred.safeio import (
    JsonInputError,
    parse_json,
    read_bytes,
    terminal_text,
    write_text_atomically,
)


@click.command("play")
@click.option(
    "--variant", "variant", default="qahwa-400", show_default=True, help="Variant string."
)
@click.option(
    "--seed",
    type=SEED,
    default="0",
    show_default=True,
    help="Seed (text or integer) of every deal and player.",
)
@click.option(
    "--players",
    type=click.Choice(PLAYERS),
    default="heuristic",
    show_default=True,
    help="Simulated players: uniformly random legal actions, or a simple heuristic.",
)
@click.option(
    "--first-dealer", type=click.Choice(["N", "W", "S", "E"]), default="N", show_default=True
)
@click.option("--max-hands", type=click.IntRange(min=1), default=300, show_default=True)
@click.option(
    "--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the transcript here."
)
def play_command(
    variant: str, seed: str, players: str, first_dealer: str, max_hands: int, out: Path | None
) -> None:
    """Play one game with simulated players and print its JSON transcript."""
    from fourhundred.reference.engine import Player
    from fourhundred.reference.players import HeuristicPlayer, RandomPlayer
    from fourhundred.reference.transcript import play_game
    from fourhundred.spec.cards import SEAT_NAMES
    from fourhundred.spec.registry import load

    rules = load(variant)
    kind = HeuristicPlayer if players == "heuristic" else RandomPlayer
    seated: list[Player] = [kind(f"{seed}/player/{seat}") for seat in range(4)]
    transcript = play_game(
        rules,
        seed,
        players=seated,
        first_dealer=SEAT_NAMES.index(first_dealer),
        max_hands=max_hands,
        player_names=[players] * 4,
    )
    text = transcript.to_json()
    if out is None:
        click.echo(text)
        return
    write_text_atomically(out, text + "\n")
    click.echo(
        f"{out}: {len(transcript.hands)} hands, outcome {transcript.outcome}, "
        f"scores {list(transcript.final_scores)}",
        err=True,
    )


@click.command("replay")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def replay_command(file: Path) -> None:
    """Check a transcript step by step; exit 1 at the first mismatch, 2 if unreadable."""
    from fourhundred.reference.transcript import (
        ReplayMismatch,
        Transcript,
        TranscriptError,
        replay,
    )

    try:
        raw = read_bytes(file, "transcript")
    except JsonInputError as error:
        raise UserError(f"cannot read {error}") from None
    data = parse_json(raw, f"{file}: malformed transcript")
    try:
        transcript = Transcript.from_dict(data)
        actions = sum(len(hand.actions) for hand in transcript.hands)
        with console(stderr=True).status(
            f"replaying {len(transcript.hands)} hands, {actions} actions…"
        ):  # shown only when stderr is a terminal
            state = replay(transcript)
    except TranscriptError as error:
        raise UserError(f"{file}: malformed transcript: {error}") from None
    except ReplayMismatch as error:
        click.echo(f"{file}: MISMATCH at hand {error.hand}", err=True)
        if error.index is not None:
            click.echo(f"  action {error.index}: {_shown(error.action)}", err=True)
        click.echo(f"  what: {_shown(error.reason)}", err=True)
        click.echo(f"  expected: {_shown(error.expected)}", err=True)
        click.echo(f"  actual:   {_shown(error.actual)}", err=True)
        sys.exit(1)
    click.echo(
        f"{file}: OK, {len(transcript.hands)} hands replayed under {transcript.variant}; "
        f"outcome {_shown(transcript.outcome)}, scores {list(state.scores)}"
    )


def _shown(value: object, limit: int = 200) -> str:
    """A value from a transcript, for the terminal: control characters made
    visible, cut to ``limit`` characters."""
    text = terminal_text(str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"
