"""Reading and writing what crosses the project's edge (fourhundred.safeio)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fourhundred import safeio
from fourhundred.errors import UserError


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested more than"),
        ("[" * 65 + "]" * 65, "nested more than"),
        ('{"rejected": [[0, 1e999]]}', "out of range"),
        ("[NaN]", "NaN is not a JSON number"),
        ("[-Infinity]", "-Infinity is not a JSON number"),
        ("1" * 5000, "5000 digits"),
        ('"\\ud800"', "unpaired surrogate"),
        ('{"a": 1} x', "extra data"),
        ("{", "not valid JSON"),
    ],
)
def test_hostile_json_is_one_clear_error_naming_what_was_read(text: str, why: str) -> None:
    with pytest.raises(safeio.JsonInputError) as caught:
        safeio.parse_json(text, "the answer to case 7")
    message = str(caught.value)
    assert message.startswith("the answer to case 7: ")
    assert why in message
    assert len(message) < 300  # the input is never repeated back whole


def test_a_text_holding_an_unpaired_surrogate_unescaped_is_refused_too() -> None:
    with pytest.raises(safeio.JsonInputError, match="unpaired surrogate"):
        safeio.parse_json('["a\ud800"]', "x")


def test_bytes_that_are_not_utf8_are_named_by_their_offset() -> None:
    with pytest.raises(safeio.JsonInputError, match=r"not UTF-8 \(byte 2\)"):
        safeio.parse_json(b'["\xff"]', "case file x.json")


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=30,
    )
)
def test_every_ordinary_json_value_reads_back_as_itself(value: object) -> None:
    assert safeio.parse_json(json.dumps(value), "x") == value


def test_a_fifo_is_refused_without_being_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "cases.json"
    os.mkfifo(fifo)
    with pytest.raises(safeio.JsonInputError, match="not a regular file"):
        safeio.read_json_file(fifo, "case file")


def test_a_symlink_loop_and_a_dangling_link_are_named(tmp_path: Path) -> None:
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    dangling = tmp_path / "gone.json"
    dangling.symlink_to(tmp_path / "nowhere.json")
    with pytest.raises(safeio.JsonInputError, match="symbolic link loop"):
        safeio.read_json_file(loop, "case file")
    with pytest.raises(safeio.JsonInputError, match="no such file"):
        safeio.read_json_file(dangling, "case file")


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text("[" + "0," * 100 + "0]")
    with pytest.raises(safeio.JsonInputError, match="more than the 50 bytes"):
        safeio.read_json_file(big, "transcript", max_bytes=50)


def test_an_atomic_write_replaces_the_whole_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "report.xml"
    target.write_text("old")
    safeio.write_text_atomically(target, "new")
    assert target.read_text() == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["report.xml"]


def test_writing_into_a_missing_folder_or_a_full_disk_is_an_output_error(tmp_path: Path) -> None:
    with pytest.raises(safeio.OutputError, match=r"cannot write .*/nope/x\.json: no such file"):
        safeio.write_text_atomically(tmp_path / "nope" / "x.json", "{}")
    if Path("/dev/full").exists():
        with pytest.raises(safeio.OutputError, match="/dev/full"):
            safeio.write_text_atomically("/dev/full", "x" * 10_000)
    assert issubclass(safeio.OutputError, UserError)


def test_outside_text_cannot_style_a_console_or_drive_a_terminal() -> None:
    from rich.console import Console

    hostile = "[/opt/engine/bin] config \x1b[31mnot\x1b[0m found [bold]x[/]\x00"
    console = Console(record=True, width=200, color_system=None)
    console.print(safeio.console_text(hostile))
    shown = console.export_text()
    assert "[/opt/engine/bin]" in shown
    assert "\x1b" not in shown and "\\x1b[31m" in shown
    assert "\\x00" in shown


def test_xml_text_keeps_nothing_xml_cannot_hold() -> None:
    from xml.etree import ElementTree

    text = safeio.xml_text("a\x00b\x1bc\ud800d")
    element = ElementTree.Element("x")
    element.text = text
    ElementTree.fromstring(ElementTree.tostring(element))
    assert text == "a\\x00b\\x1bc\\xd800d"
