"""The subcommands of ``fourhundred``, one module each, imported only by
:mod:`fourhundred.cli` and only when the subcommand is used."""
