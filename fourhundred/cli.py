"""The ``fourhundred`` command line.

One command with subcommands, each in its own module under
:mod:`fourhundred.commands` and imported only when used, so ``fourhundred
variants`` starts without loading Z3 or the conformance machinery.

Every error a user can cause (an unknown variant or option, a malformed file,
an illegal bid, an output that cannot be written) is reported as one clear
``error: …`` line on standard error and exit status 2, never as a traceback
(:func:`run_guarded`).
"""

from __future__ import annotations

import errno
import importlib
import sys
from collections.abc import Callable
from typing import Any

import click

#: Subcommand name -> "module:attribute" of its click command.
COMMANDS: dict[str, str] = {
    "variants": "fourhundred.commands.rules:variants_command",
    "rules": "fourhundred.commands.rules:rules_command",
    "ambiguities": "fourhundred.commands.rules:ambiguities_command",
    "play": "fourhundred.commands.play:play_command",
    "replay": "fourhundred.commands.play:replay_command",
    "bench": "fourhundred.commands.bench:bench_command",
    "simulate": "fourhundred.commands.simulate:simulate_command",
    "verify": "fourhundred.commands.verify:verify_command",
    "conformance": "fourhundred.commands.conformance:conformance_group",
    "fuzz": "fourhundred.commands.fuzz:fuzz_command",
    "generate": "fourhundred.commands.fuzz:generate_command",
}


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in COMMANDS if self._load(name) is not None]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self._load(cmd_name)

    @staticmethod
    def _load(name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, _, attribute = target.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name == module_name:
                return None
            raise
        command: Any = getattr(module, attribute)
        return command  # type: ignore[no-any-return]


def run_guarded(invoke: Callable[[], Any]) -> int:
    """Run ``invoke`` (a click command's ``main`` outside standalone mode) and turn
    everything a user can cause into one line on standard error and an exit
    status: a :class:`UserError` or an unknown variant (``error: …``, 2), a usage
    error (``error: …``, 2), Ctrl-C (130), a closed
    pipe (0, quietly) or standard output that cannot be written (a full disk:
    ``error: cannot write standard output: …``, 2). Returns the exit status."""
    from fourhundred.errors import UserError
    from fourhundred.safeio import one_line
    from fourhundred.spec.registry import VariantError

    try:
        outcome = invoke()
        sys.stdout.flush()
    except click.exceptions.Exit as done:
        return _flushed(done.exit_code)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 130
    except click.ClickException as error:
        click.echo(f"error: {one_line(error.format_message())}", err=True)
        return error.exit_code
    except (UserError, VariantError) as error:
        click.echo(f"error: {one_line(str(error))}", err=True)
        return 2
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except KeyboardInterrupt as stop:
        from fourhundred.stopping import of

        interrupted = of(stop)
        click.echo(
            "interrupted" if interrupted.signum == 2 else f"interrupted ({interrupted.describe()})",
            err=True,
        )
        return interrupted.exit_status
    except OSError as error:
        if error.filename is None and error.errno in _OUTPUT_ERRNOS:
            _silence_stdout()
            click.echo(f"error: cannot write standard output: {error.strerror}", err=True)
            return 2
        raise
    return outcome if isinstance(outcome, int) else 0


#: Errors of a write to standard output (files are written by safeio, which names them).
_OUTPUT_ERRNOS = frozenset(
    {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EPIPE, errno.EBADF}
)


#: The longest error line printed: an error never repeats a whole input back.
MAX_ERROR_LENGTH = 1000


def one_line(message: str) -> str:
    """An error message as one line for the terminal: control characters made
    visible, lines joined, cut to :data:`MAX_ERROR_LENGTH` characters."""
    from fourhundred.safeio import terminal_text

    text = terminal_text(" ".join(message.split("\n")))
    return text if len(text) <= MAX_ERROR_LENGTH else text[: MAX_ERROR_LENGTH - 1] + "…"


def _flushed(code: int) -> int:
    """``code``, or 2 with an ``error:`` line if what is pending on stdout cannot be written."""
    try:
        sys.stdout.flush()
    except OSError as error:
        _silence_stdout()
        click.echo(f"error: cannot write standard output: {error.strerror}", err=True)
        return 2
    return code


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so Python's own flush at exit cannot fail again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


class GuardedGroup(LazyGroup):
    """The top-level group: :meth:`main` reports errors as :func:`run_guarded` does,
    so tests driving it with click's ``CliRunner`` see what a user sees."""

    def main(  # type: ignore[override]
        self,
        args: list[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        def invoke() -> Any:
            return super(GuardedGroup, self).main(
                args, prog_name or "fourhundred", complete_var, standalone_mode=False, **extra
            )

        if not standalone_mode:
            return invoke()
        sys.exit(run_guarded(invoke))


@click.group(cls=GuardedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="fourhundred")
def cli() -> None:
    """fourhundred: the verified rules reference for 400 (Arbaa Miyye) and Syrian 41."""


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``fourhundred`` script: SIGTERM and SIGHUP stop a command
    as Ctrl-C does (:mod:`fourhundred.stopping`), and a standard stream the
    command was started without (``>&-``) is one ``error:`` line when written."""
    from fourhundred.safeio import ClosedOutput, occupy_closed_standard_streams
    from fourhundred.stopping import install

    install()
    closed = occupy_closed_standard_streams()
    if 1 in closed:
        sys.stdout = ClosedOutput()
    if 2 in closed:
        sys.stderr = ClosedOutput()
    cli.main(args=argv, prog_name="fourhundred")
