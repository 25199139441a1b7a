"""Reading and writing what crosses the project's edge, safely.

Everything a user or an adapter hands the harness (case files, transcripts,
baselines, fuzz state, adapter answers) is read through :func:`parse_json` or
:func:`read_json_file`, which turn every way JSON can be hostile into one
:class:`~fourhundred.errors.UserError` (or :class:`JsonInputError`) naming
what and where: bytes that are not UTF-8, nesting deeper than
:data:`MAX_DEPTH`, integers longer than :data:`MAX_INT_DIGITS` digits,
``NaN``/``Infinity`` or numbers that overflow to infinity (``1e999``),
strings holding unpaired surrogates, a key twice in one object (named, with
its line), a byte-order mark (named), files too large to hold, and paths that
are not regular files (a FIFO would block the reader forever; a symlink loop
or a dangling link cannot be opened).

Every file the project writes goes through :func:`write_text_atomically`:
a temporary file beside the target, then a rename, so an interrupted run never
leaves a half-written report. Standard output that is closed, full or gone
is :class:`ClosedOutput` or :class:`GuardedOutput`. Outside text that reaches a terminal, a Rich
console or an XML report passes :func:`terminal_text`, :func:`console_text` or
:func:`xml_text` first.
"""

from __future__ import annotations

import io
import json
import math
import os
import re
import stat
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from fourhundred.errors import UserError

#: The deepest nesting accepted in any JSON the project reads (case files nest 4 deep).
MAX_DEPTH = 64
#: The most digits an integer may have (scores and seeds need far fewer).
MAX_INT_DIGITS = 40
#: The largest JSON file read whole (case files of the suite are well under 2 MB).
MAX_FILE_BYTES = 256 * 1024 * 1024


class JsonInputError(UserError):
    """JSON that cannot be accepted; the message says why and where."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise ValueError(f"an integer of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is out of range")
    return value


class _DuplicateKey(ValueError):
    """An object holds one key twice (JSON allows it; the last would silently win)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return value


_DECODER = json.JSONDecoder(
    parse_constant=_reject_constant,
    parse_int=_parse_int,
    parse_float=_parse_float,
    object_pairs_hook=_unique_keys,
)

#: The tokens that decide where an object's keys are: strings, brackets, commas.
_STRUCTURE = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\],]')


def _duplicate_at(text: str, key: str) -> int:
    """Where ``key`` occurs for the second time among one object's keys (a
    character offset; 0 if it cannot be found): one pass over the strings and
    brackets, only when a duplicate is known to be there."""
    frames: list[tuple[set[str] | None, list[bool]]] = []  # (keys seen, expecting a key)
    for token in _STRUCTURE.finditer(text):
        piece = token.group()
        if piece == "{":
            frames.append((set(), [True]))
        elif piece == "[":
            frames.append((None, [False]))
        elif piece in "}]":
            if frames:
                frames.pop()
        elif piece == ",":
            if frames and frames[-1][0] is not None:
                frames[-1][1][0] = True
        elif frames and frames[-1][0] is not None and frames[-1][1][0]:
            keys = frames[-1][0]
            frames[-1][1][0] = False
            try:
                name = json.loads(piece)
            except ValueError:
                continue
            if name == key and name in keys:
                return token.start()
            keys.add(name)
    return 0


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _check_tree(value: Any, max_depth: int) -> str | None:
    """Why a decoded value is not acceptable (None: it is): too deep, or a string
    holding an unpaired surrogate. Iterative, so no nesting can exhaust the stack."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return f"the string {item[:30]!r} holds an unpaired surrogate"
            continue
        if isinstance(item, dict | list):
            if depth >= max_depth:
                return f"it is nested more than {max_depth} deep"
            children = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in children:
                if isinstance(key, str):
                    stack.append((key, depth + 1))
                stack.append((child, depth + 1))
    return None


def parse_json(
    data: str | bytes,
    what: str,
    *,
    max_depth: int = MAX_DEPTH,
    error: Callable[[str], Exception] = JsonInputError,
) -> Any:
    """The value of one JSON text, or ``error("WHAT: why")`` for anything hostile.

    ``what`` names the text for the message (``"case file cases/x.json"``,
    ``"the answer to case 12"``).
    """
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as problem:
            raise error(f"{what}: not UTF-8 (byte {problem.start})") from None
    else:
        text = data
    if text.startswith("\ufeff"):
        raise error(
            f"{what}: starts with a byte-order mark (U+FEFF), which JSON does not allow; "
            "save the file as UTF-8 without a BOM"
        )
    try:
        value, end = _DECODER.raw_decode(text, _skip_space(text, 0))
    except RecursionError:
        raise error(f"{what}: it is nested more than {max_depth} deep") from None
    except _DuplicateKey as problem:
        line = _line_of(text, _duplicate_at(text, problem.key))
        raise error(
            f"{what}: line {line}: the key {excerpt(problem.key)} appears twice in one object "
            "(which one counts would be a guess)"
        ) from None
    except ValueError as problem:
        raise error(f"{what}: not valid JSON ({_short(problem)})") from None
    if _skip_space(text, end) != len(text):
        raise error(f"{what}: not valid JSON (extra data at character {end})")
    # Decoded bytes with fewer brackets than the depth limit and no \u escape: neither
    # check can fail (a str given as such may hold an unpaired surrogate unescaped).
    shallow = text.count("[") + text.count("{") < max_depth
    decoded = isinstance(data, bytes)
    why = None if decoded and shallow and "\\u" not in text else _check_tree(value, max_depth)
    if why is not None:
        raise error(f"{what}: {why}")
    return value


_SPACE = re.compile(r"[ \t\n\r]*")


def _skip_space(text: str, start: int) -> int:
    match = _SPACE.match(text, start)
    return match.end() if match else start


def _short(problem: ValueError) -> str:
    message = str(problem)
    return message if len(message) <= 120 else message[:119] + "…"


def read_json_file(path: str | Path, what: str, *, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """The JSON value of a regular file, or :class:`JsonInputError` saying why not.

    ``what`` names the file's role (``"case file"``, ``"transcript"``); the
    message adds the path. A FIFO, a device or a folder is refused before it is
    opened (reading a FIFO would block forever); so is a file over ``max_bytes``.
    """
    where = f"{what} {path}"
    raw = read_bytes(path, what, max_bytes=max_bytes)
    return parse_json(raw, where)


def _regular_file(path: str | Path, what: str, max_bytes: int) -> os.stat_result:
    """The status of a regular file of at most ``max_bytes`` bytes, or
    :class:`JsonInputError` saying what it is instead (see :func:`read_json_file`)."""
    where = f"{what} {path}"
    try:
        info = os.stat(path)
    except OSError as problem:
        raise JsonInputError(f"{where}: {_os_reason(problem)}") from None
    if stat.S_ISDIR(info.st_mode):
        raise JsonInputError(f"{where}: is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise JsonInputError(f"{where}: is not a regular file (a FIFO, socket or device)")
    if info.st_size > max_bytes:
        raise JsonInputError(
            f"{where}: {info.st_size} bytes, more than the {max_bytes} bytes read whole"
        )
    return info


def read_bytes(path: str | Path, what: str, *, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file, refusing what is not one (see :func:`read_json_file`)."""
    where = f"{what} {path}"
    info = _regular_file(path, what, max_bytes)
    try:
        with open(path, "rb") as stream:
            # Sized by the file, not the limit (a 256 MB buffer for a small file
            # would be wasted); read on past the size a file may have grown to.
            chunks = [stream.read(min(info.st_size, max_bytes) + 1)]
            total = len(chunks[0])
            while chunks[-1] and total <= max_bytes:
                chunks.append(stream.read(min(1 << 20, max_bytes + 1 - total)))
                total += len(chunks[-1])
            data = b"".join(chunks)
    except OSError as problem:
        raise JsonInputError(f"{where}: {_os_reason(problem)}") from None
    if len(data) > max_bytes:
        raise JsonInputError(f"{where}: more than the {max_bytes} bytes read whole")
    return data


class NotStreamable(Exception):
    """A JSON file that :func:`stream_last_array` cannot stream although it may be
    valid: its top level is not an object whose last member is an array. Whoever
    streams reads such a file whole instead (:func:`read_json_file`)."""


class _Unsure(Exception):
    """Something the streaming reader does not accept: the whole file is read to
    say exactly what (or that it is valid JSON after all)."""


#: Bytes read at a time by :func:`stream_last_array` (more when one value is larger).
STREAM_CHUNK = 1 << 20


class _Reader:
    """A UTF-8 file read in chunks as text: :attr:`text` from :attr:`pos` is what
    is read and not yet taken (the part before it is dropped as reading goes on)."""

    def __init__(self, stream: io.BufferedReader, max_bytes: int) -> None:
        import codecs

        self.stream = stream
        self.max_bytes = max_bytes
        self.decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self.text = ""
        self.pos = 0
        self.total = 0
        self.eof = False

    def more(self) -> bool:
        """Read on (at least as much again as is held, so that a large value is
        decoded a bounded number of times); False at the end of the file."""
        if self.eof:
            return False
        data = self.stream.read(max(STREAM_CHUNK, len(self.text) - self.pos))
        self.total += len(data)
        if self.total > self.max_bytes:
            raise _Unsure
        try:
            piece = self.decoder.decode(data, final=not data)
        except UnicodeDecodeError:
            raise _Unsure from None
        self.eof = not data
        self.text = self.text[self.pos :] + piece
        self.pos = 0
        return True

    def char(self) -> str:
        """The next character that is not white space ('' at the end of the file)."""
        while True:
            self.pos = _skip_space(self.text, self.pos)
            if self.pos < len(self.text):
                return self.text[self.pos]
            if not self.more():
                return ""

    def expect(self, char: str) -> None:
        if self.char() != char:
            raise _Unsure
        self.pos += 1

    def value(self, max_depth: int) -> Any:
        """The next JSON value, checked as :func:`parse_json` checks a whole text
        (``max_depth``: how deep it may nest where it stands)."""
        self.char()
        while True:
            start = self.pos
            try:
                value, end = _DECODER.raw_decode(self.text, start)
            except (RecursionError, _DuplicateKey):
                raise _Unsure from None
            except ValueError:
                if self.more():
                    continue
                raise _Unsure from None
            # A number or a literal cut by the end of what is read would look whole.
            if end == len(self.text) and self.more():
                continue
            piece = self.text[start:end]
            self.pos = end
            shallow = piece.count("[") + piece.count("{") < max_depth
            if not (shallow and "\\u" not in piece) and _check_tree(value, max_depth):
                raise _Unsure
            return value


def stream_last_array(
    path: str | Path, what: str, *, max_bytes: int = MAX_FILE_BYTES
) -> tuple[dict[str, Any], Iterable[Any]]:
    """A JSON file whose top level is an object ending in an array (a case file's
    ``"cases"``), read as it goes: the members before the array, and the array's
    elements one at a time (so a file of any length is never held whole).

    Everything :func:`read_json_file` refuses is refused, with the same message
    (the file is read whole to say it: bytes that are not UTF-8, a byte-order
    mark, a key twice, nesting too deep, a file over ``max_bytes``, and so on);
    a valid file of another shape is :class:`NotStreamable`. Either may come
    while the elements are taken, after some of them."""
    info = _regular_file(path, what, max_bytes)
    del info
    try:
        stream = open(path, "rb")  # noqa: SIM115 (closed by the generator)
    except OSError as problem:
        raise JsonInputError(f"{what} {path}: {_os_reason(problem)}") from None
    reader = _Reader(stream, max_bytes)
    try:
        head = _stream_head(reader)
    except _Unsure:
        stream.close()
        _explain(path, what, max_bytes)
        raise
    except BaseException:
        stream.close()
        raise
    return head, _stream_elements(reader, path, what, max_bytes)


def _stream_head(reader: _Reader) -> dict[str, Any]:
    """The members of the top-level object up to the first array (whose ``[`` is taken)."""
    if reader.char() == "\ufeff":
        raise _Unsure
    reader.expect("{")
    head: dict[str, Any] = {}
    while True:
        if reader.char() != '"':
            raise _Unsure if head or reader.char() != "}" else NotStreamable
        key = reader.value(MAX_DEPTH)
        if key in head:
            raise _Unsure
        reader.expect(":")
        if reader.char() == "[":
            reader.pos += 1
            head[key] = []
            return head
        head[key] = reader.value(MAX_DEPTH - 1)
        if reader.char() == "}":
            raise NotStreamable
        reader.expect(",")


def _stream_elements(reader: _Reader, path: str | Path, what: str, max_bytes: int) -> Any:
    try:
        with reader.stream:
            if reader.char() == "]":
                reader.pos += 1
            else:
                while True:
                    yield reader.value(MAX_DEPTH - 2)
                    if reader.char() == "]":
                        reader.pos += 1
                        break
                    reader.expect(",")
            if reader.char() == ",":
                raise NotStreamable
            reader.expect("}")
            if reader.char() != "":
                raise _Unsure
    except _Unsure:
        _explain(path, what, max_bytes)
        raise NotStreamable from None


def _explain(path: str | Path, what: str, max_bytes: int) -> None:
    """Read a file the streaming reader doubts whole: the error :func:`read_json_file`
    gives (if it gives none, the file is valid JSON the reader cannot stream)."""
    read_json_file(path, what, max_bytes=max_bytes)
    raise NotStreamable


def _os_reason(problem: OSError) -> str:
    """An OS error in words, without the path Python repeats (the caller names it)."""
    import errno

    if problem.errno == errno.ELOOP:
        return "a symbolic link loop"
    if problem.errno == errno.ENOENT:
        return "no such file (or a link to nothing)"
    return problem.strerror or type(problem).__name__


class OutputError(UserError):
    """A file could not be written; the message names it and says why."""


def write_text_atomically(path: str | Path, text: str | Iterable[str]) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that readers see the old file or the
    whole new one, never a part: a temporary file in the same folder, then a rename.
    ``text`` may come in pieces (an iterable of strings), written as they come, so
    a file of any size is never held whole; if producing a piece fails, the
    temporary file is removed and the failure goes on.

    A path that exists and is not a regular file (``/dev/stdout``, ``/dev/full``,
    a FIFO) is written in place, since it cannot be renamed over. Any failure
    (no such folder, no permission, a full disk) is an :class:`OutputError`
    naming the path; the temporary file is removed.
    """
    target = Path(path)
    pieces = (text,) if isinstance(text, str) else text
    try:
        existing = os.stat(target)
    except OSError:
        existing = None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        if stat.S_ISDIR(existing.st_mode):
            raise OutputError(f"cannot write {path}: it is a folder")
        try:
            with open(target, "wb") as stream:
                for piece in pieces:
                    stream.write(piece.encode("utf-8"))
        except OSError as problem:
            raise OutputError(f"cannot write {path}: {_os_reason(problem)}") from None
        return
    folder = target.parent
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as problem:
        raise OutputError(f"cannot write {path}: {_os_reason(problem)}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            for piece in pieces:
                stream.write(piece.encode("utf-8"))
            stream.flush()
            os.fsync(stream.fileno())
        if existing is not None:
            os.chmod(temporary, stat.S_IMODE(existing.st_mode))
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, target)
    except OSError as problem:
        with _suppress_os_error():
            os.unlink(temporary)
        raise OutputError(f"cannot write {path}: {_os_reason(problem)}") from None
    except BaseException:
        with _suppress_os_error():
            os.unlink(temporary)
        raise


# ----------------------------------------------------------------------
# Standard output that may be closed, full or gone
# ----------------------------------------------------------------------


def occupy_closed_standard_streams() -> tuple[int, ...]:
    """Which of file descriptors 0, 1, 2 the process was started without
    (``>&-``), each now open on ``/dev/null``, so that no file the command opens
    later lands on it (and no child process writes into a report through it)."""
    import errno

    closed = []
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError as problem:
            if problem.errno != errno.EBADF:
                continue
            devnull = os.open(os.devnull, os.O_RDWR)
            if devnull != fd:
                os.dup2(devnull, fd)
                os.close(devnull)
            closed.append(fd)
    return tuple(closed)


class ClosedOutput(io.TextIOBase):
    """Standard output (or error) of a process started without one: every write
    is an ``OSError`` (EBADF, "it is closed"), which the command line reports as
    one ``error:`` line, as it does a full disk."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        import errno

        raise OSError(errno.EBADF, "it is closed")

    def isatty(self) -> bool:
        return False


class GuardedOutput(io.TextIOBase):
    """A text stream (standard output) whose failures are kept, not raised: the
    first write or flush that fails (a closed pipe, a full disk, a closed
    descriptor) is remembered in :attr:`failure` (its reason in words) and
    everything after it is dropped, so a command that writes reports to files
    still writes them all and says at the end, in one line, what became of its
    output. Python's own flush at exit is kept from failing again
    (:meth:`silence`)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.failure: str | None = None

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        if self.failure:
            return False
        try:
            return bool(self.stream.isatty())
        except (OSError, ValueError):
            return False

    def fileno(self) -> int:
        return int(self.stream.fileno())

    def write(self, text: str) -> int:
        if self.failure is None:
            try:
                self.stream.write(text)
            except (OSError, ValueError) as problem:
                self._failed(problem)
        return len(text)

    def flush(self) -> None:
        if self.failure is None:
            try:
                self.stream.flush()
            except (OSError, ValueError) as problem:
                self._failed(problem)

    def _failed(self, problem: Exception) -> None:
        reason = problem.strerror if isinstance(problem, OSError) else None
        self.failure = reason or str(problem) or type(problem).__name__
        self.silence()

    def silence(self) -> None:
        """Point the stream's descriptor at ``/dev/null`` and drop what it holds, so
        the interpreter's flush at exit cannot fail again and print a traceback."""
        try:
            fd = self.stream.fileno()
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, fd)
            os.close(devnull)
            self.stream.flush()
        except (OSError, ValueError, AttributeError):
            pass


class _suppress_os_error:
    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, value: object, traceback: object) -> bool:
        return isinstance(value, OSError)


# ----------------------------------------------------------------------
# Outside text shown to people
# ----------------------------------------------------------------------

#: C0 and C1 control characters other than newline and tab, and DEL.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def terminal_text(text: str) -> str:
    """``text`` with every control character (terminal escapes, NUL, bell…) shown
    as a visible ``\\xNN`` escape instead of acted on."""
    return _CONTROL.sub(lambda match: f"\\x{ord(match.group()):02x}", text)


#: Characters that end or reorder a line without being control characters: the
#: Unicode line and paragraph separators and the bidirectional controls.
_LINE_FORGERS = re.compile(r"[\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]")


def inline_text(text: str) -> str:
    """Outside text as part of one line: :func:`terminal_text`, and newlines, tabs,
    Unicode line separators and bidirectional controls shown as escapes, so no
    text from outside can start a line of its own (``\\n313 passed … ALL GREEN``)
    or turn the rest of a line around."""
    shown = terminal_text(text).replace("\n", "\\n").replace("\t", "\\t")
    return _LINE_FORGERS.sub(lambda match: f"\\u{ord(match.group()):04x}", shown)


def block_lines(text: str, indent: str = "    ", limit: int = 160) -> list[str]:
    """Outside text of many lines (a standard error tail, a traceback) as lines to
    print under a label: each :func:`inline_text`, cut to ``limit`` characters and
    indented, so none of them can pass for a line of the program's own."""
    return [indent + inline_text(line)[:limit] for line in text.splitlines()]


def console_text(text: str) -> str:
    """Outside text for a Rich console: :func:`inline_text` (control characters,
    newlines and line separators made visible) and Rich markup escaped, so
    ``[/opt/engine]`` prints as it is and cannot close a style."""
    from rich.markup import escape

    return escape(inline_text(text))


#: Characters XML 1.0 cannot hold at all (even escaped), and unpaired surrogates.
_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def xml_text(text: str) -> str:
    """Outside text for an XML report: characters XML cannot hold shown as ``\\xNN``
    (the caller still escapes ``<``, ``&`` and quotes as usual)."""
    return _NOT_XML.sub(lambda match: f"\\x{ord(match.group()):02x}", text)


#: Characters Markdown (CommonMark and GitHub's tables) would act on anywhere in a line
#: (``_`` is left alone: GitHub ignores it inside words such as ``whole_game``).
_MARKDOWN_SPECIAL = re.compile(r"([\\`*\[\]|~])")


def markdown_text(text: str) -> str:
    """Outside text for Markdown prose or a table cell: HTML (``<img>``,
    ``<script>``) made inert, Markdown punctuation (pipes, backticks, emphasis,
    links) escaped, control characters and newlines shown as escapes (:func:`inline_text`)."""
    import html

    flat = inline_text(text)
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(flat, quote=False))


def markdown_code(text: str) -> str:
    """Outside text as code in Markdown: an HTML ``<code>`` element holding
    :func:`markdown_text`, so a backtick or a pipe inside cannot end it, ``<``
    cannot start a tag, and emphasis or links are not acted on."""
    return f"<code>{markdown_text(text)}</code>"


def excerpt(text: str, limit: int = 60) -> str:
    """A short quotation of outside text for an error message (never the whole input)."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


#: The longest error line printed: an error never repeats a whole input back.
MAX_ERROR_LENGTH = 1000


def one_line(message: str, limit: int = MAX_ERROR_LENGTH) -> str:
    """A message as one line for the terminal: control characters made visible,
    lines joined, cut to ``limit`` characters."""
    text = terminal_text(" ".join(message.split("\n")))
    return text if len(text) <= limit else text[: limit - 1] + "…"
