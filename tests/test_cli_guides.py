"""The guides agree with the code: every command line, option, protocol message and
file the guides (``README.md``, ``docs/guides/*.md``) mention is checked against the
command line itself (click introspection), the protocol schema and the repository,
so the guides cannot drift from the code unnoticed."""

from __future__ import annotations

import itertools
import json
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from fourhundred.cli import cli
from fourhundred.conformance import suite

ROOT = Path(__file__).resolve().parent.parent
#: The guides checked: the README and every guide.
GUIDES = sorted(
    [ROOT / "README.md", *(ROOT / "docs" / "guides").glob("*.md")],
)
#: Programs a guide must run from the project's virtual environment.
VENV_PROGRAMS = frozenset({"fourhundred", "pip", "pip3", "python", "mkdocs", "pytest", "ruff"})
VENV = ".venv/bin/"

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")


def _shell_blocks(text: str) -> Iterator[str]:
    """The command lines of a guide's shell blocks (continued lines joined)."""
    for language, body in FENCE.findall(text):
        if language in ("sh", "bash", "shell", "console"):
            joined = body.replace("\\\n", " ")
            yield from (line for line in joined.splitlines() if line.strip())


def _prose(text: str) -> str:
    return FENCE.sub("", text)


def _spans(text: str) -> list[str]:
    return SPAN.findall(_prose(text))


def _commands(line: str) -> Iterator[list[str]]:
    """The simple commands of a shell line (split at ``&&``, ``||``, ``;``, ``|``)."""
    words = shlex.split(line, comments=True)
    command: list[str] = []
    for word in words:
        if word in ("&&", "||", ";", "|"):
            if command:
                yield command
            command = []
        else:
            command.append(word)
    if command:
        yield command


def _walk(words: list[str]) -> tuple[click.Command, list[str], list[str]]:
    """The click command a ``fourhundred`` command line names, its path, and its other words."""
    command: click.Command = cli
    path: list[str] = []
    rest = list(words)
    while rest and isinstance(command, click.Group):
        found = command.get_command(click.Context(command), rest[0])
        if found is None:
            break
        command, path, rest = found, [*path, rest[0]], rest[1:]
    return command, path, rest


def _options(command: click.Command) -> set[str]:
    return {
        name
        for parameter in command.get_params(click.Context(command))
        for name in (*parameter.opts, *parameter.secondary_opts)
        if name.startswith("-")
    }


def _option_words(words: list[str]) -> list[str]:
    """The options among a command line's words (``[--json]`` as ``--json``, ``--a=b`` as ``--a``)."""
    found = []
    for word in words:
        bare = word.strip("[]")
        if bare.startswith("-") and len(bare) > 1 and not bare[1:].isdigit():
            found.append(bare.split("=", 1)[0])
    return found


def _fourhundred_lines() -> Iterator[tuple[Path, list[str]]]:
    """Every ``fourhundred`` command line of the guides, from shell blocks and code spans."""
    for guide in GUIDES:
        text = guide.read_text(encoding="utf-8")
        lines = [*_shell_blocks(text), *_spans(text)]
        for line in lines:
            try:
                commands = list(_commands(line))
            except ValueError:
                continue
            for words in commands:
                if words[0] in ("fourhundred", VENV + "fourhundred"):
                    yield guide, words[1:]


def _all_options() -> set[str]:
    def every(command: click.Command) -> Iterator[str]:
        yield from _options(command)
        if isinstance(command, click.Group):
            context = click.Context(command)
            for name in command.list_commands(context):
                sub = command.get_command(context, name)
                assert sub is not None
                yield from every(sub)

    return set(every(cli))


def test_the_guides_mention_commands_at_all() -> None:
    lines = list(_fourhundred_lines())
    assert len(lines) > 20
    assert {guide.name for guide, _ in lines} >= {"README.md", "running-the-suite.md"}


def test_every_fourhundred_command_line_in_the_guides_names_a_real_command_and_its_options() -> (
    None
):
    wrong = []
    for guide, words in _fourhundred_lines():
        command, path, rest = _walk(words)
        if not path:
            wrong.append(f"{guide.name}: {shlex.join(words)!r} names no command")
            continue
        for option in _option_words(rest):
            if option not in _options(command):
                wrong.append(f"{guide.name}: fourhundred {' '.join(path)} has no {option}")
    assert wrong == []


def test_every_option_a_guide_names_in_its_prose_exists() -> None:
    known = _all_options()
    wrong = [
        f"{guide.name}: {span}"
        for guide in GUIDES
        for span in _spans(guide.read_text(encoding="utf-8"))
        if span.startswith("--") and span.split()[0].split("=")[0] not in known
    ]
    assert wrong == []


def test_every_command_line_runs_the_tools_of_the_virtual_environment() -> None:
    """In shell blocks every command; in the prose, a code span that is a command
    line to paste (a program with options), not the name of a command."""
    wrong = []
    for guide in GUIDES:
        text = guide.read_text(encoding="utf-8")
        pasted = [span for span in _spans(text) if any(w.startswith("-") for w in span.split())]
        for line in [*_shell_blocks(text), *pasted]:
            for words in _commands(line):
                if words[0] in VENV_PROGRAMS:
                    wrong.append(f"{guide.name}: {line.strip()}")
    assert wrong == []


#: The suffix of each file a run writes, with what checks that the writer's output
#: is of that format (a guide's example file name must say what the file holds).
OUTPUT_SUFFIXES = {
    "--report": ".jsonl",
    "--junit": ".xml",
    "--markdown": ".md",
    "--badge": ".json",
    "--write-baseline": ".json",
    "--baseline": ".json",
}


def test_the_baseline_a_run_writes_is_json_as_its_suffix_in_the_guides_says() -> None:
    from fourhundred.conformance import reports

    text = reports.baseline_text(reports.RunSummary.of([], []))
    assert isinstance(json.loads(text), dict)


def test_every_file_name_a_guide_gives_an_output_option_has_the_suffix_of_what_is_written() -> None:
    wrong = []
    for guide in GUIDES:
        text = guide.read_text(encoding="utf-8")
        for line in [*_shell_blocks(text), *_spans(text)]:
            try:
                words = [word for command in _commands(line) for word in command]
            except ValueError:
                continue
            for option, value in itertools.pairwise(words):
                suffix = OUTPUT_SUFFIXES.get(option)
                if suffix and value.upper() != "FILE" and not value.endswith(suffix):
                    wrong.append(f"{guide.name}: {option} {value} (writes {suffix})")
    assert wrong == []


def _protocol_names() -> set[str]:
    """Every ``cmd`` the runner sends and every key of an adapter's answer, from the schema."""
    schema = json.loads((suite.SCHEMA_DIR / "protocol.schema.json").read_text())
    names = set()
    for definition in schema["$defs"].values():
        properties = definition.get("properties", {})
        if "const" in properties.get("cmd", {}):
            names.add(properties["cmd"]["const"])
    names |= set(schema["$defs"]["answer"]["properties"])
    return names


def test_every_protocol_message_a_guide_names_is_in_the_protocol_schema() -> None:
    names = _protocol_names()
    assert {"start", "run", "stop", "errored", "skipped"} <= names
    wrong = []
    for guide in GUIDES:
        text = guide.read_text(encoding="utf-8")
        for name in re.findall(r"`(\w+)` (?:answer|message|command)\b", _prose(text)):
            if name not in names:
                wrong.append(f"{guide.name}: `{name}`")
        for name in re.findall(r'"cmd":\s*"(\w+)"', text):
            if name not in names:
                wrong.append(f"{guide.name}: cmd {name}")
    assert wrong == []


@pytest.mark.parametrize("guide", GUIDES, ids=lambda path: path.name)
def test_every_repository_file_a_guide_names_exists(guide: Path) -> None:
    wrong = []
    for span in _spans(guide.read_text(encoding="utf-8")):
        is_path = re.fullmatch(r"[\w.-]+(/[\w.-]+)+\.\w+", span) is not None
        placeholder = span.split("/")[0].isupper()  # DIR/findings.jsonl: a folder of the reader's
        exists = any((base / span).exists() for base in (ROOT, ROOT / "conformance"))
        if is_path and not placeholder and not exists:
            wrong.append(span)
    assert wrong == []
