"""The command as it was invoked, so that every printed rerun, replay and resume line
pastes and runs as printed (``GUIDE``: a bare ``fourhundred`` fails where the
virtualenv is not on ``PATH``).

:func:`program` reads ``sys.argv[0]``: ``python -m fourhundred`` gives the same
interpreter and ``-m fourhundred``; a console script run by its path
(``.venv/bin/fourhundred``) gives that path, absolute, unless the same file is what
``PATH`` finds for a bare ``fourhundred``; anything else (the command run from
``PATH``, a test harness) gives ``fourhundred``.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

#: The command's name on ``PATH``.
NAME = "fourhundred"


def program(argv0: str | None = None, executable: str | None = None) -> list[str]:
    """The words that start the ``fourhundred`` command as this process was started."""
    first = sys.argv[0] if argv0 is None and sys.argv else (argv0 or "")
    python = executable if executable is not None else sys.executable
    path = Path(first)
    if path.name == "__main__.py" and path.parent.name == NAME:
        return [python or "python3", "-m", NAME]
    if path.stem == NAME and os.sep in first:
        found = shutil.which(NAME)
        try:
            if found is not None and Path(found).resolve() == path.resolve():
                return [NAME]
        except OSError:
            pass
        return [str(path.absolute())]
    return [NAME]
