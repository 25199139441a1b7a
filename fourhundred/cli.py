"""The ``fourhundred`` command line.

One command with subcommands, each in its own module under
:mod:`fourhundred.commands` and imported only when used, so ``fourhundred
variants`` starts without loading Z3 or the conformance machinery.

Every error a user can cause (an unknown variant or option, a malformed file,
an illegal bid) is reported as one clear message and exit status 2, never as
a traceback.
"""

from __future__ import annotations

import importlib
import sys
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


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="fourhundred")
def cli() -> None:
    """fourhundred: the verified rules reference for 400 (Arbaa Miyye) and Syrian 41."""


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``fourhundred`` script."""
    from fourhundred.errors import UserError
    from fourhundred.spec.registry import VariantError

    try:
        cli.main(args=argv, prog_name="fourhundred", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except click.ClickException as error:
        error.show()
        sys.exit(error.exit_code)
    except (UserError, VariantError) as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(2)
    except BrokenPipeError:
        sys.exit(0)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    else:
        sys.exit(0)
