"""``python -m fourhundred`` is the same as the ``fourhundred`` command."""

from fourhundred.cli import main

main()
