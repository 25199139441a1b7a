"""The command line's help: every ``--kind`` option lists the valid kinds, from the registry."""

from __future__ import annotations

from collections.abc import Iterator

import click
from click.testing import CliRunner

from fourhundred.cli import cli
from fourhundred.conformance.kinds import KIND_NAMES


def commands(
    group: click.Group, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command under ``group`` with its path of names, found by click introspection."""
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None
        yield (*path, name), command
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))


def test_every_command_that_takes_kind_lists_every_kind_in_its_help() -> None:
    with_kind = [
        path
        for path, command in commands(cli)
        if any("--kind" in parameter.opts for parameter in command.params)
    ]
    assert ("conformance", "run") in with_kind and ("generate",) in with_kind
    for path in with_kind:
        result = CliRunner().invoke(cli, [*path, "--help"], terminal_width=400)
        assert result.exit_code == 0, result.output
        kind_line = next(line for line in result.output.splitlines() if "--kind" in line)
        for name in KIND_NAMES:
            assert name in kind_line, (path, kind_line)
