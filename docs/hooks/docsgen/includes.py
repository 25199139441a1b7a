"""Text that other parts of the project own, pulled into the guides at build time.

A guide marks the place with an HTML comment such as ``<!-- include: readme-commands -->``;
:func:`expand` replaces it. When the file it draws on does not exist yet, the
marker becomes a clearly labelled placeholder, so the guides never hold a stale
copy.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from .md import esc

MARKER = re.compile(r"<!--\s*include:\s*([a-z0-9-]+)((?:\s+[A-Za-z0-9_./-]+)*)\s*-->")


def placeholder(what: str, path: str) -> str:
    """An admonition saying that this part is not written yet."""
    return (
        f'!!! warning "Not available yet"\n    {what} will appear here once `{path}` exists '
        "in the repository; this page picks it up at the next build.\n"
    )


def _shift_headings(text: str, by: int) -> str:
    """Demote Markdown headings so an included file nests under the page's own."""
    out = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if not fenced and re.match(r"^#{1,5} ", line):
            line = "#" * by + line
        out.append(line)
    return "\n".join(out) + "\n"


_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\((?!https?:|mailto:|#)([^)\s]+)\)")


def repository_links(text: str, folder: str) -> str:
    """Relative links of an included file name repository paths, which the site does not hold."""

    def replace(match: re.Match[str]) -> str:
        target = f"{folder}/{match.group(2)}" if folder else match.group(2)
        return f"{match.group(1)} (`{target}`)"

    return _LINK.sub(replace, text)


def paragraphs(text: str) -> list[str]:
    """The prose paragraphs of a Markdown text, each joined onto one line (fences skipped)."""
    out: list[str] = []
    current: list[str] = []
    fenced = False
    for line in [*text.splitlines(), ""]:
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            line = ""
        if fenced or not line.strip():
            if current:
                out.append(" ".join(current))
            current = []
            continue
        current.append(line.strip())
    return out


def readme_commands(root: Path) -> str:
    """The shell blocks of README.md, each with the whole paragraph that introduces it."""
    text = (root / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"((?:[^\n]+\n)*?)\n?```sh\n(.*?)```", text, flags=re.DOTALL)
    if not blocks:
        return placeholder("The README's commands", "README.md")
    out = []
    for intro, code in blocks:
        lead = paragraphs(intro)
        if lead:
            out.append(lead[-1] + "\n\n")
        out.append(f"```sh\n{code}```\n\n")
    return "".join(out)


def adapters(root: Path) -> str:
    """``conformance/ADAPTERS.md``, headings nested under the guide's."""
    path = root / "conformance" / "ADAPTERS.md"
    if not path.exists():
        return placeholder("The adapter protocol and case format", "conformance/ADAPTERS.md")
    return _shift_headings(repository_links(path.read_text(encoding="utf-8"), "conformance"), 1)


def schemas(root: Path) -> str:
    """Every JSON Schema in ``conformance/schema/``, titled and shown in full."""
    folder = root / "conformance" / "schema"
    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    if not files:
        return placeholder("The JSON Schemas of cases, messages and reports", "conformance/schema/")
    out = []
    for path in files:
        try:
            schema = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            out.append(f"### `{path.name}`\n\n!!! failure\n    Not valid JSON: {esc(error)}\n\n")
            continue
        title = schema.get("title", path.stem) if isinstance(schema, dict) else path.stem
        description = schema.get("description", "") if isinstance(schema, dict) else ""
        out.append(f"### `{path.name}`: {esc(title)}\n\n")
        if description:
            out.append(f"{esc(description)}\n\n")
        out.append(
            f'??? example "{path.name}"\n    ```json\n'
            + "\n".join("    " + line for line in json.dumps(schema, indent=2).splitlines())
            + "\n    ```\n\n"
        )
    return "".join(out)


def module_docstring(root: Path, relative: str, what: str) -> str:
    """A module's docstring (read without importing it), or a placeholder."""
    path = root / relative
    if not path.exists():
        return placeholder(what, relative)
    try:
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    except SyntaxError:
        doc = None
    if not doc:
        return placeholder(what + " (its module docstring)", relative)
    return rst_to_markdown(doc) + "\n"


def markdown_file(root: Path, relative: str) -> str:
    """A Markdown file of the repository, headings nested one level down."""
    path = root / relative
    if not path.exists():
        return placeholder(f"The contents of `{relative}`", relative)
    parent = str(Path(relative).parent)
    folder = "" if parent == "." else parent
    return _shift_headings(repository_links(path.read_text(encoding="utf-8"), folder), 1)


LANGUAGES = {".py": "python", ".js": "javascript", ".mjs": "javascript", ".json": "json"}


def source_file(root: Path, relative: str) -> str:
    """A source file of the repository in full, fenced, titled with its path."""
    path = root / relative
    if not path.exists():
        return placeholder(f"The file `{relative}`", relative)
    language = LANGUAGES.get(path.suffix, "text")
    text = path.read_text(encoding="utf-8").rstrip("\n")
    fence = "````" if "```" in text else "```"
    return f'{fence}{language} title="{relative}"\n{text}\n{fence}\n'


def suite_version(root: Path) -> str:
    """The conformance suite's version, from ``conformance/VERSION``."""
    path = root / "conformance" / "VERSION"
    if not path.exists():
        return placeholder("The suite version", "conformance/VERSION")
    return f"**{esc(path.read_text(encoding='utf-8').strip())}**"


_BORDER = re.compile(r"^=+( +=+)+\s*$")


def _columns(border: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"=+", border)]


def _simple_table(lines: list[str]) -> str:
    """An RST simple table (borders of ``=``; no header row) as a Markdown table."""
    spans = _columns(lines[0])
    rows: list[list[str]] = []
    for line in lines[1:-1]:
        if _BORDER.match(line):
            continue
        cells = []
        for index, (start, _end) in enumerate(spans):
            stop = spans[index + 1][0] if index + 1 < len(spans) else len(line)
            cells.append(line[start:stop].strip())
        if rows and not cells[0]:
            rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells, strict=True)]
        else:
            rows.append(cells)
    if not rows:
        return ""
    width = len(spans)
    out = ["| " + " | ".join(["field", "meaning", *([""] * width)][:width]) + " |"]
    out.append("|" + "---|" * width)
    out.extend("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in rows)
    return "\n".join(out)


def _tables(text: str) -> str:
    lines = text.splitlines()
    out: list[str] = []
    index = 0
    while index < len(lines):
        if _BORDER.match(lines[index]):
            end = index + 1
            while end < len(lines) and not (
                _BORDER.match(lines[end]) and (end + 1 == len(lines) or not lines[end + 1].strip())
            ):
                end += 1
            if end < len(lines):
                out.extend(["", _simple_table(lines[index : end + 1]), ""])
                index = end + 1
                continue
        out.append(lines[index])
        index += 1
    return "\n".join(out)


def rst_to_markdown(text: str) -> str:
    """Turn the reStructuredText bits our docstrings use into Markdown."""
    text = _tables(text)
    text = re.sub(r":(?:mod|class|func|meth|attr|data|exc|obj):`~?([^`]+)`", r"`\1`", text)
    text = re.sub(r"``([^`]+)``", r"`\1`", text)
    text = re.sub(r"::\n", ":\n", text)
    return text


def example_run(root: Path, mutant: str, kinds: list[str]) -> str:
    """A real run of the suite against the reference adapter with one rule deliberately broken.

    The console output is shown as the runner prints it, so the report's layout on
    this site is always the current one.
    """
    if not (root / "conformance" / "runner.py").exists():
        return placeholder("An example run", "conformance/runner.py")
    adapter = f"python -m fourhundred.conformance.adapter --mutant {mutant}"
    kind_args = [arg for kind in kinds for arg in ("--kind", kind)]
    env = {
        **os.environ,
        "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
    }
    env["COLUMNS"] = "100"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "fourhundred",
            "conformance",
            "run",
            "--adapter",
            adapter,
            "--variant",
            "qahwa-400",
            "--show",
            "1",
            "-q",
            *kind_args,
        ],
        cwd=root,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    output = (run.stdout + run.stderr).rstrip()
    if "FAIL" not in output:
        return placeholder("An example run with a failure", "a conformance mutant " + mutant)
    shown = " ".join(
        [
            "fourhundred conformance run --adapter",
            shlex.quote(adapter),
            "--variant qahwa-400 --show 1 -q",
            *kind_args,
        ]
    )
    return f"```text\n$ {shown}\n{output}\n```\n\nExit status: {run.returncode}.\n"


def action_table() -> str:
    """The reference engine's actions, each with the text form its docstring gives."""
    try:
        from fourhundred.reference import actions
    except ImportError:
        return placeholder("The list of actions", "reference/actions.py")
    rows = []
    for name in ("Deal", "Bid", "Play", "ThrowIn"):
        action = getattr(actions, name, None)
        if action is None or not action.__doc__:
            continue
        doc = rst_to_markdown(" ".join(action.__doc__.split()))
        rows.append(f"| `{name}` | {doc.replace('|', '&#124;')} |\n")
    if not rows:
        return placeholder("The list of actions", "reference/actions.py")
    return "| action | meaning and text |\n|---|---|\n" + "".join(rows)


def illegal_action_codes() -> str:
    """The closed list of refusal codes, from the reference engine."""
    try:
        from fourhundred.reference.engine import ILLEGAL_ACTION_CODES
    except ImportError:
        return placeholder("The list of refusal codes", "reference/engine.py")
    rows = "".join(
        f"| `{code}` | {esc(meaning)} |\n" for code, meaning in ILLEGAL_ACTION_CODES.items()
    )
    return "| code | the action is refused when |\n|---|---|\n" + rows


def command_help(words: list[str]) -> str:
    """``fourhundred WORDS --help`` as the installed command prints it, or a placeholder."""
    from click.testing import CliRunner

    from fourhundred.cli import cli

    command = " ".join(["fourhundred", *words])
    result = CliRunner().invoke(cli, [*words, "--help"], prog_name="fourhundred")
    if result.exit_code != 0 or not result.output.strip():
        return placeholder(f"The help of `{command}`", f"the `{command}` command")
    return f"```text\n$ {command} --help\n{result.output.rstrip()}\n```\n"


def includes(root: Path) -> dict[str, Callable[[], str]]:
    """Every include name and the function that renders it."""
    return {
        "readme-commands": lambda: readme_commands(root),
        "adapters": lambda: adapters(root),
        "schemas": lambda: schemas(root),
        "notation": lambda: module_docstring(
            root, "reference/notation.py", "The position notation"
        ),
        "shuffle": lambda: module_docstring(root, "reference/shuffle.py", "The seeded shuffle"),
        "suite-version": lambda: suite_version(root),
        "illegal-action-codes": illegal_action_codes,
        "actions": action_table,
        "house-knobs": _house("knob_table"),
        "house-examples": _house("examples_table"),
    }


def _house(name: str) -> Callable[[], str]:
    """A generated part of the house-rules page (:mod:`.house_rules`)."""

    def render() -> str:
        from . import house_rules

        return str(getattr(house_rules, name)())

    return render


def expand(markdown: str, root: Path) -> str:
    """Replace every include marker in a page; unknown names are an error."""
    known = includes(root)

    def replace(match: re.Match[str]) -> str:
        name, words = match.group(1), match.group(2).split()
        if name == "help":
            return command_help(words)
        if name == "docstring":
            if len(words) != 1:
                raise ValueError("include docstring takes one path, e.g. reference/shuffle.py")
            return module_docstring(root, words[0], f"The description in `{words[0]}`")
        if name == "example-run":
            if len(words) < 2:
                raise ValueError("include example-run takes a mutant name and kinds")
            return example_run(root, words[0], words[1:])
        if name == "code":
            if len(words) != 1:
                raise ValueError(
                    "include code takes one path, e.g. docs/examples/minimal_adapter.py"
                )
            return source_file(root, words[0])
        if name == "file":
            if len(words) != 1:
                raise ValueError("include file takes one path, e.g. conformance/CHANGELOG.md")
            return markdown_file(root, words[0])
        if words:
            raise ValueError(f"include {name!r} takes no arguments")
        if name not in known:
            raise ValueError(f"unknown include {name!r}; known: {', '.join(sorted(known))}")
        return known[name]()

    return MARKER.sub(replace, markdown)
