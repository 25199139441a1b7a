"""Every file and option a user gives the command line is either accepted or
refused with one ``error:`` line naming what and where: never a traceback,
never a silently skipped case, never an input repeated back whole."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fourhundred.cli import cli
from fourhundred.conformance import suite

EXAMPLES = suite.CASES_DIR / "legal_bids" / "examples.json"


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def assert_one_error_line(result: Any, *fragments: str) -> str:
    """The run was refused with exit 2 and exactly one ``error:`` line, no traceback."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.stderr
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in errors[0], errors[0]
    return str(errors[0])


def case_file(tmp_path: Path, name: str = "mine.json", **changes: Any) -> Path:
    """A copy of the legal_bids examples with the first case changed as given."""
    data = json.loads(EXAMPLES.read_text())
    data["cases"][0].update(changes)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("variant", "problem"),
    [
        ("qahwa-40", "unknown variant 'qahwa-40'"),
        ("qahwa-400(taget=61)", "no option or house rule 'taget'"),
        ("qahwa-400(target=0)", "41, 31, 61"),
    ],
)
def test_a_case_file_with_a_wrong_variant_names_the_file_the_case_and_the_variant(
    tmp_path: Path, variant: str, problem: str
) -> None:
    path = case_file(tmp_path, variants=[variant])
    for command in (("conformance", "run", "-q"), ("conformance", "check")):
        result = invoke(*command, "--cases", str(path if command[1] == "run" else tmp_path))
        if command[1] == "check":  # check reads <kind>/<file>.json folders
            (tmp_path / "legal_bids").mkdir(exist_ok=True)
            path.rename(tmp_path / "legal_bids" / path.name)
            result = invoke(*command, "--cases", str(tmp_path))
        assert_one_error_line(result, path.name, "legal_bids.qahwa-400.ex-own-min-40", problem)


def test_an_alias_in_a_case_file_is_read_as_its_canonical_variant(tmp_path: Path) -> None:
    path = case_file(tmp_path, variants=["QAHWA(target=41)"])
    cases = suite.load_cases(path)
    assert cases[0]["variants"] == ["qahwa-400"]
    result = invoke("conformance", "run", "-q", "--cases", str(path), "--id", "*ex-own-min-40")
    assert result.exit_code == 0, result.output
    assert "1 passed" in result.stdout


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"id": "legal_bids.qahwa-400.ex-own-min-40\n"}, "not a valid case id"),
        ({"id": "legal_bids.medallon-400.ex-min-bid-60"}, "used twice in this file"),
        ({"kind": "bid_value"}, "differs from the file's kind"),
        ({"variants": ["qahwa-400", "qahwa"]}, "listed twice"),
    ],
)
def test_case_files_with_bad_ids_kinds_or_repeated_variants_are_errors(
    tmp_path: Path, changes: dict[str, Any], problem: str
) -> None:
    path = case_file(tmp_path, **changes)
    assert_one_error_line(invoke("conformance", "run", "--cases", str(path)), str(path), problem)


def test_one_case_id_in_two_files_is_an_error_naming_both(tmp_path: Path) -> None:
    first = case_file(tmp_path, "a.json")
    second = case_file(tmp_path, "b.json")
    assert_one_error_line(
        invoke("conformance", "run", "--cases", str(tmp_path)), str(first), str(second), "unique"
    )


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda path: os.mkfifo(path), "not a regular file"),
        (lambda path: path.symlink_to(path), "symbolic link loop"),
        (lambda path: path.symlink_to(path.parent / "nowhere"), "no such file"),
    ],
)
def test_a_cases_folder_holding_a_fifo_or_a_bad_link_names_it(
    tmp_path: Path, make: Callable[[Path], None], problem: str
) -> None:
    case_file(tmp_path)
    bad = tmp_path / "zz.json"
    make(bad)
    assert_one_error_line(invoke("conformance", "run", "--cases", str(tmp_path)), str(bad), problem)


def test_export_of_an_unknown_kind_lists_the_kinds() -> None:
    assert_one_error_line(
        invoke("conformance", "export", "--variant", "41", "--kind", "nope"), "bid_value"
    )


@pytest.mark.parametrize("value", ["0", "-1", "1e-300", "inf", "nan", "ten"])
def test_a_timeout_that_cannot_work_is_refused(value: str) -> None:
    assert_one_error_line(invoke("conformance", "run", "--timeout", value), "--timeout")


@pytest.mark.parametrize("command", [("play",), ("bench", "--hands", "1", "--games", "0")])
def test_a_seed_that_is_not_utf8_is_refused(command: tuple[str, ...]) -> None:
    assert_one_error_line(invoke(*command, "--seed", "\udcff"), "--seed", "not valid UTF-8")


HOSTILE_JSON = [
    ("[" * 100_000, "nested more than"),
    ('{"seed": ' + "9" * 5000 + "}", "digits"),
    (b'{"format": "\xff"}', "not UTF-8"),
    ('{"seed": "\\ud800"}', "unpaired surrogate"),
    ('{"x": NaN}', "NaN"),
    ('{"cases": [', "not valid JSON"),
]


@pytest.mark.parametrize(("content", "problem"), HOSTILE_JSON)
@pytest.mark.parametrize(
    "command",
    [
        ("replay", "{}"),
        ("conformance", "run", "--cases", "{}"),
        ("conformance", "run", "--baseline", "{}"),
    ],
)
def test_hostile_json_in_any_file_is_one_error_line(
    tmp_path: Path, content: str | bytes, problem: str, command: tuple[str, ...]
) -> None:
    path = tmp_path / "input.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    message = assert_one_error_line(
        invoke(*(part.format(path) for part in command)), str(path), problem
    )
    assert len(message) < 400  # the input is never repeated back whole


# ----------------------------------------------------------------------
# Malformed files of every kind, generated
# ----------------------------------------------------------------------


@cache
def valid_transcript() -> str:
    result = invoke("play", "--seed", "7", "--max-hands", "3")
    assert result.exit_code == 0
    return str(result.stdout)


VALID = {
    "case file": lambda: EXAMPLES.read_text(),
    "transcript": valid_transcript,
    "baseline": lambda: json.dumps({"known_failures": ["legal_bids.qahwa-400.ex-own-min-40"]}),
}
COMMANDS = {
    # No case matches --id, so even a file that happens to be valid stops before an adapter starts.
    "case file": ("conformance", "run", "--id", "no.such.case", "--cases", "{}"),
    "transcript": ("replay", "{}"),
    "baseline": ("conformance", "run", "--id", "no.such.case", "--baseline", "{}"),
}
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def _replace_somewhere(data: Any, value: Any, choice: int) -> Any:
    """``data`` with one of its values (the ``choice``-th found, depth first) replaced by ``value``."""
    places: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            places += [(item, key) for key in item]
            stack += list(item.values())
        elif isinstance(item, list):
            places += [(item, index) for index in range(len(item))]
            stack += item
    if not places:
        return value
    container, key = places[choice % len(places)]
    container[key] = value
    return data


@st.composite
def malformed(draw: st.DrawFn, text: str) -> bytes:
    """A file made wrong in one of the ways users and tools get files wrong."""
    raw = text.encode()
    how = draw(st.sampled_from(["truncated", "bytes", "type", "deep", "huge", "utf8", "variant"]))
    if how == "truncated":
        return raw[: draw(st.integers(0, len(raw.rstrip()) - 1))]
    if how == "bytes":
        return draw(st.binary(max_size=200))
    if how == "type":
        data = _replace_somewhere(json.loads(text), draw(json_values), draw(st.integers(0, 10_000)))
        return json.dumps(data).encode()
    if how == "deep":
        depth = draw(st.integers(65, 5000))
        return b'{"cases": ' + b"[" * depth + b"]" * depth + b"}"
    if how == "huge":
        return raw.replace(b"40", b"4" + b"0" * draw(st.integers(41, 6000)), 1)
    if how == "utf8":
        at = draw(st.integers(0, len(raw)))
        return raw[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80"])) + raw[at:]
    variant = draw(
        st.sampled_from(["qahwa-40", "qahwa-400(taget=61)", "qahwa-400(target=0)", "", "\x00"])
    )
    return raw.replace(b'"qahwa-400"', json.dumps(variant).encode(), 1)


def check_refused_cleanly(kind: str, content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "input.json"
        path.write_bytes(content)
        result = invoke(*(part.format(path) for part in COMMANDS[kind]))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output
    if kind == "transcript" and result.exit_code in (0, 1):
        # A change a transcript's reader tolerates (a player's name, a seed) gives
        # a transcript that replays (0) or departs from the rules (1, MISMATCH).
        assert ": OK" in result.stdout if result.exit_code == 0 else "MISMATCH" in result.stderr
        return
    assert result.exit_code == 2, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and len(errors[0]) <= 1010, result.stderr


@pytest.mark.parametrize("kind", sorted(VALID))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_malformed_files_of_every_kind_get_one_error_line(kind: str, data: st.DataObject) -> None:
    check_refused_cleanly(kind, data.draw(malformed(VALID[kind]())))


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(VALID))
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_many_malformed_files_of_every_kind_get_one_error_line(
    kind: str, data: st.DataObject
) -> None:
    check_refused_cleanly(kind, data.draw(malformed(VALID[kind]())))
