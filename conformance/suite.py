"""The conformance suite on disk: case files, the id ledger, the suite version.

Layout (inside the ``fourhundred.conformance`` package folder)::

    VERSION                      the suite version (semver)
    ids.json                     the ledger of every id ever issued (never reused)
    cases/<kind>/<group>.json    case files, one folder per kind
    schema/*.json                JSON Schemas of case files, messages and reports

A case file is ``{"suite_version", "kind", "origin", "cases": [...]}`` and
each case is ``{"id", "kind", "description", "variants", "rules",
"ambiguities", "input", "expected"}`` (``schema/case-file.schema.json``).

A *run* is one case under one of its variant strings: a case that applies to
several variants is run once for each variant the implementation supports.
A *derived* run (:func:`~fourhundred.conformance.exact.exact_runs`) is a case under an exact variant string
its file does not list, with the reference's expectation under that setting
(``ADAPTERS.md``, "Derived expectations").
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fourhundred.errors import UserError
from fourhundred.globs import glob_match

ROOT = Path(__file__).resolve().parent
CASES_DIR = ROOT / "cases"
SCHEMA_DIR = ROOT / "schema"
LEDGER_PATH = ROOT / "ids.json"
VERSION_PATH = ROOT / "VERSION"

Case = dict[str, Any]


class CaseStub(Mapping[str, Any]):
    """A case cut down to its id and kind: what the reports read of a run that
    passed or was not applicable, and of a run not run (a run of a large case file
    keeps no more of such cases; :meth:`Run.compact`). Whether its input starts
    from a position is kept too, for :func:`~fourhundred.conformance.protocol.unsupported`.
    Any other field is a ``KeyError``: whoever needs the whole case fetches it
    (:meth:`fourhundred.conformance.case_source.CaseSource.fetch`)."""

    __slots__ = ("_id", "_kind", "positional")

    def __init__(self, case_id: str, kind: str, positional: bool = False) -> None:
        self._id = case_id
        self._kind = kind
        self.positional = positional

    def __getitem__(self, key: str) -> Any:
        if key == "id":
            return self._id
        if key == "kind":
            return self._kind
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(("id", "kind"))

    def __len__(self) -> int:
        return 2


@dataclass(frozen=True, slots=True)
class Run:
    """One case under one variant string: what the runner sends to an adapter."""

    case: Mapping[str, Any]
    variant: str
    #: Whether ``case["expected"]`` is the reference's answer under :attr:`variant`
    #: rather than the published one (:func:`~fourhundred.conformance.exact.exact_runs`).
    derived: bool = False
    #: Its place in the plan it is part of
    #: (:class:`~fourhundred.conformance.case_source.RunPlan`), if it is part of one.
    slot: int | None = None

    @property
    def positional(self) -> bool:
        """Whether the case's input starts from a stated position (whole games)."""
        if isinstance(self.case, CaseStub):
            return self.case.positional
        return "position" in self.case.get("input", {})

    def compact(self) -> Run:
        """This run with its case cut down to a :class:`CaseStub` (a run of a plan
        that is not derived: its whole case can be fetched again); others as they are."""
        if self.slot is None or self.derived or isinstance(self.case, CaseStub):
            return self
        stub = CaseStub(self.case["id"], self.case["kind"], self.positional)
        return Run(stub, self.variant, False, self.slot)

    @property
    def id(self) -> str:
        return str(self.case["id"])

    @property
    def kind(self) -> str:
        return str(self.case["kind"])

    @property
    def key(self) -> str:
        """``id@variant``: unique within a suite."""
        return f"{self.id}@{self.variant}"

    def message(self) -> dict[str, Any]:
        """The case as sent to an adapter: only what it needs to answer."""
        return {
            "id": self.case["id"],
            "kind": self.case["kind"],
            "variant": self.variant,
            "input": self.case["input"],
        }


def suite_version() -> str:
    """The suite version: ``VERSION``, or (in an install without it) the case files' own."""
    if VERSION_PATH.exists():
        return VERSION_PATH.read_text(encoding="utf-8").strip()
    for path in sorted(CASES_DIR.glob("*/*.json")):
        return str(json.loads(path.read_text(encoding="utf-8"))["suite_version"])
    return "0.0.0"


def case_files(cases_dir: Path = CASES_DIR) -> list[Path]:
    """Every case file, in a stable order."""
    return sorted(cases_dir.glob("*/*.json"))


def read_case_file(path: Path) -> dict[str, Any]:
    """A case file's JSON object, read through :func:`fourhundred.safeio.read_json_file`
    (bounded depth, integer digits and size; not UTF-8, a FIFO, a symlink loop or a
    dangling link refused): a :class:`UserError` naming the file otherwise."""
    from fourhundred.safeio import read_json_file

    data = read_json_file(path, "case file")
    if not isinstance(data, dict):
        raise UserError(f"case file {path}: not a valid case file: the top level is not an object")
    return data


@cache
def _load_default() -> tuple[Case, ...]:
    return tuple(_load(CASES_DIR))


def _load(cases_dir: Path) -> Iterator[Case]:
    for path in case_files(cases_dir):
        yield from read_case_file(path).get("cases", [])


def load_cases(
    cases_dir: Path | None = None,
    on_file: Callable[[Path, int, int], None] | None = None,
    *,
    unique_ids: bool = False,
) -> tuple[Case, ...]:
    """Every case of the suite (the bundled one unless ``cases_dir`` is given).

    Case files of a folder the user names (``--cases``, e.g. a fuzz campaign's
    ``cases/``) are found at any depth and each is checked first
    (:func:`checked_cases`): a malformed file is a :class:`UserError` naming
    the file, the case and what is wrong, never a silently skipped file. With
    ``unique_ids`` (a run: an id names one case), a case id used twice, in one
    file or in two, is an error naming the files; without it (``conformance
    check``) repeated ids are left for the check to list with its other problems.
    ``on_file(path, done, total)`` is called before each user file is checked
    (for a progress display: a large file takes seconds).
    """
    if cases_dir is None:
        return _load_default()
    cases: list[Case] = []
    first_seen: dict[str, Path] = {}
    files = user_case_files(cases_dir)
    for done, path in enumerate(files):
        if on_file is not None:
            on_file(path, done, len(files))
        for case in checked_cases(path, unique_ids=unique_ids):
            earlier = first_seen.setdefault(case["id"], path)
            if unique_ids and earlier != path:
                raise UserError(
                    f"case file {path}: case id {case['id']} is also used in {earlier}; "
                    "every case id must be unique"
                )
            cases.append(case)
    return tuple(cases)


def user_case_files(cases_dir: Path) -> list[Path]:
    """The ``*.json`` files under a user's folder (or the file itself), in a stable order.

    Folders are walked without following symbolic links (a link loop cannot
    trap the walk); whatever is named ``*.json`` is listed, and
    :func:`read_case_file` refuses what is not a regular file (a FIFO, a
    dangling link, a loop) by name.
    """
    import os

    if not cases_dir.is_dir():
        return [cases_dir]
    files: list[Path] = []
    for folder, subfolders, names in os.walk(cases_dir, onerror=_walk_error):
        subfolders.sort()
        files.extend(Path(folder) / name for name in names if name.endswith(".json"))
        files.extend(
            Path(folder) / name
            for name in subfolders
            if name.endswith(".json") and (Path(folder) / name).is_symlink()
        )
    if not files:
        raise UserError(f"{cases_dir}: no case files (*.json) in this folder or below it")
    return sorted(files)


def _walk_error(problem: OSError) -> None:
    raise UserError(f"--cases: cannot read the folder {problem.filename}: {problem.strerror}")


#: How long a case id, variant or other quoted value may be in an error message.
QUOTED = 60


@cache
def _case_schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (SCHEMA_DIR / "case-file.schema.json").read_text(encoding="utf-8")
    )
    return data


def id_is_valid(case_id: str) -> bool:
    """Whether a case id has the form the schema gives, matched over the *whole*
    string (a schema ``$`` in a Python regex also matches before a final newline)."""
    import re

    pattern = _case_schema()["$defs"]["id"]["pattern"].removeprefix("^").removesuffix("$")
    return re.fullmatch(pattern, case_id) is not None


@cache
def canonical_variant(text: str) -> str:
    """A variant string in canonical form (aliases, capitals and default options
    normalised), the one reading of a variant string shared by case files,
    adapters' handshakes and ``fourhundred fuzz`` / ``fuzz generate``; a string with
    spaces or newlines around it, or an unknown variant or option, is a
    :class:`~fourhundred.spec.registry.VariantError` saying which."""
    from fourhundred.spec.registry import load

    if text != text.strip():
        from fourhundred.spec.registry import VariantError

        raise VariantError("a variant string has no spaces or newlines around it")
    return str(load(text))


def canonical_variants(
    texts: Iterable[str], failure: Callable[[str, str], Exception]
) -> Iterator[str]:
    """Each of ``texts`` in canonical form (:func:`canonical_variant`), in order, read
    one at a time: an unknown one raises ``failure(text, why)``, ``why`` the first 300
    characters of what is wrong with it, when it is reached."""
    from fourhundred.spec.registry import VariantError

    for text in texts:
        try:
            yield canonical_variant(text)
        except VariantError as error:
            raise failure(text, str(error)[:300]) from None


def checked_cases(path: Path, *, unique_ids: bool = False) -> list[Case]:
    """The cases of one user-supplied case file, checked case by case and then
    against the case schema.

    Each case: its ``kind`` is the file's, its id has the schema's form (the
    whole id: no final newline) and, with ``unique_ids``, is used once in the file; every variant
    string names a variant and options that exist, each once. Variant strings
    are normalised to canonical form first (``qahwa`` or ``QAHWA-400`` ->
    ``qahwa-400``), exactly as the command line reads them.
    """
    import jsonschema  # type: ignore[import-untyped]

    data = read_case_file(path)
    raw_cases = data.get("cases")
    if isinstance(raw_cases, list):
        seen: set[str] = set()
        data = {
            **data,
            "cases": [
                _checked_case(path, index, case, data.get("kind"), seen if unique_ids else None)
                for index, case in enumerate(raw_cases)
            ],
        }
    errors = sorted(
        jsonschema.Draft202012Validator(_case_schema()).iter_errors(data),
        key=lambda e: list(e.absolute_path),
    )
    if errors:
        first = errors[0]
        where = "/".join(str(p) for p in first.absolute_path) or "(top level)"
        more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
        raise UserError(
            f"{path}: not a valid case file at {where}: {first.message[:300]}{more}; "
            "see conformance/schema/case-file.schema.json"
        )
    cases: list[Case] = data["cases"]
    return cases


def _checked_case(path: Path, index: int, case: Any, file_kind: Any, seen: set[str] | None) -> Any:
    """One case of a user's file with its variants in canonical form, or a
    :class:`UserError` naming file, case and problem. What has the wrong type is
    left as it is, for the schema to name."""
    from fourhundred.safeio import excerpt

    if not isinstance(case, dict):
        return case
    case_id = case.get("id")
    place = f"case file {path}: cases/{index}"
    if isinstance(case_id, str):
        place += f" (id {excerpt(case_id, QUOTED)})"
        if not id_is_valid(case_id):
            raise UserError(f"{place}: not a valid case id (<kind>.<group>.<name>, nothing after)")
        if seen is not None and case_id in seen:
            raise UserError(f"{place}: the id is used twice in this file")
        if seen is not None:
            seen.add(case_id)
    kind = case.get("kind")
    if isinstance(kind, str) and isinstance(file_kind, str) and kind != file_kind:
        raise UserError(
            f"{place}: kind {excerpt(kind, QUOTED)} differs from the file's kind "
            f"{excerpt(file_kind, QUOTED)}"
        )
    variants = case.get("variants")
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        return case
    canonical: list[str] = []
    for name in canonical_variants(
        variants, lambda text, why: UserError(f"{place}: variant {excerpt(text, QUOTED)}: {why}")
    ):
        if name in canonical:
            raise UserError(f"{place}: variant {name} is listed twice")
        canonical.append(name)
    return {**case, "variants": canonical}


def write_case_file(
    path: Path, kind: str, origin: str, cases: Sequence[Case], version: str
) -> None:
    """Write a case file (:func:`case_file_text`)."""
    from fourhundred.safeio import write_text_atomically

    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(path, case_file_text(kind, origin, cases, version))


def case_file_text(kind: str, origin: str, cases: Sequence[Case], version: str) -> str:
    """A case file as text: one case per line, so diffs show which cases changed."""
    lines = [json.dumps(case, separators=(",", ":"), ensure_ascii=False) for case in cases]
    head = json.dumps({"suite_version": version, "kind": kind, "origin": origin})[:-1]
    body = ",\n".join(lines)
    return f'{head}, "cases": [\n{body}\n]}}\n'


def fingerprint(case: Mapping[str, Any]) -> str:
    """What a case asks, as a short hash: kind, variants and input (not the expectation)."""
    return _digest({"kind": case["kind"], "variants": case["variants"], "input": case["input"]})


def expectation_digest(case: Mapping[str, Any]) -> str:
    """The case's expected output, as a short hash."""
    return _digest(case["expected"])


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def read_ledger(path: Path = LEDGER_PATH) -> dict[str, dict[str, Any]]:
    """The id ledger: id -> {fingerprint, expected, status, since, changed}."""
    if not path.exists():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["ids"]
    return data


def write_ledger(ledger: Mapping[str, Mapping[str, Any]], path: Path = LEDGER_PATH) -> None:
    """Write the ledger, one id per line."""
    lines = [
        f"  {json.dumps(key)}: {json.dumps(ledger[key], sort_keys=True)}" for key in sorted(ledger)
    ]
    from fourhundred.safeio import write_text_atomically

    write_text_atomically(
        path,
        '{"about": "Every conformance case id ever issued. An id is never reused: a retired '
        'id stays here.",\n"ids": {\n' + ",\n".join(lines) + "\n}}\n",
    )


def variant_matches(variant: str, patterns: Sequence[str]) -> bool:
    """Whether a variant string matches a ``--variant`` filter.

    A filter that is a bare name (``qahwa-400``) matches the variant under
    every reading; anything else is a glob on the canonical string.
    """
    if not patterns:
        return True
    name = variant.split("(", 1)[0]
    for pattern in patterns:
        if "(" not in pattern and not any(ch in pattern for ch in "*?[") and pattern == name:
            return True
        if glob_match(variant, pattern):
            return True
    return False


def select_runs(
    cases: Iterable[Case],
    kinds: Sequence[str] = (),
    variants: Sequence[str] = (),
    ids: Sequence[str] = (),
) -> list[Run]:
    """Every (case, variant) run that passes the filters, in suite order."""
    runs = []
    for case in cases:
        if kinds and case["kind"] not in kinds:
            continue
        if ids and not any(glob_match(case["id"], pattern) for pattern in ids):
            continue
        for variant in case["variants"]:
            if variant_matches(variant, variants):
                runs.append(Run(case, variant))
    return runs


def family_filters(variants: Sequence[str]) -> list[str]:
    """``--variant`` filters widened to their base variants (``qahwa-400(table=classic)``
    -> ``qahwa-400``; globs unchanged): the cases an exact declaration of a
    filtered string could be sent (:func:`~fourhundred.conformance.exact.exact_runs`), before the handshake says
    which strings are declared."""
    return [
        pattern if any(ch in pattern for ch in "*?[") else pattern.split("(", 1)[0]
        for pattern in variants
    ]
