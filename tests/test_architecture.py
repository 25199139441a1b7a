"""ARCHITECTURE.md stays true: its code map names modules that exist, and the imports
keep the layers and the one-way fuzzer it describes."""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterator, Mapping
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE = ROOT / "ARCHITECTURE.md"
#: The folders of the one import namespace, and the package each installs as (pyproject.toml).
PACKAGES = {
    "fourhundred": "fourhundred",
    "spec": "fourhundred.spec",
    "reference": "fourhundred.reference",
    "conformance": "fourhundred.conformance",
}


def code_map() -> str:
    """The text of the code map section."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    start = text.index("\n## Code map\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def named_paths(text: str) -> list[str]:
    """Every repository path in backticks: a module (``x/y.py``) or a folder (``x/``),
    or a data file under a package folder."""
    return re.findall(r"`([A-Za-z_][\w./-]*(?:\.py|\.json|\.md|/))`", text)


def exists(path: str) -> bool:
    """Whether the path names something in the repository; a module ``x/y.py`` may
    also have become a package ``x/y/`` (a split that keeps its import name)."""
    where = ROOT / path
    if path.endswith(".py"):
        return where.is_file() or (where.with_suffix("") / "__init__.py").is_file()
    if path.endswith("/"):
        return where.is_dir()
    return where.is_file()


def test_every_path_in_the_code_map_exists() -> None:
    paths = named_paths(code_map())
    assert len(paths) > 60, "the code map names the modules by path"
    missing = [path for path in paths if not exists(path)]
    assert missing == [], f"ARCHITECTURE.md's code map names what does not exist: {missing}"


def test_a_path_that_does_not_exist_is_caught() -> None:
    assert named_paths("see `spec/model.py`, `conformance/cases/` and `x.json`") == [
        "spec/model.py",
        "conformance/cases/",
        "x.json",
    ]
    assert exists("spec/model.py") and exists("conformance/cases/")
    assert not exists("spec/no_such_module.py") and not exists("no_such_folder/")


# ----------------------------------------------------------------------
# The imports
# ----------------------------------------------------------------------


@cache
def modules() -> Mapping[str, Path]:
    """Every module of the namespace by dotted name."""
    found: dict[str, Path] = {}
    for folder, package in PACKAGES.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = [part for part in path.relative_to(ROOT / folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


def imported(module: str) -> Iterator[str]:
    """The project modules ``module`` imports, anywhere in it (functions included)."""
    path = modules()[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), modules(), package)


def imports_in(text: str, known: Collection[str], package: str) -> Iterator[str]:
    """The modules of ``known`` that the source ``text`` of a module of ``package``
    imports: at the top, inside functions and branches, relative ones (``from . import
    x``), and by name (``importlib.import_module("x.y")`` with the name written out)."""
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom):
            base = absolute(node.module or "", node.level, package)
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    yield f"{base}.{alias.name}"
                elif base in known:
                    yield base
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.Call) and by_name(node) in known:
            yield str(by_name(node))


def absolute(name: str, level: int, package: str) -> str:
    """The module an ``from <level dots><name> import`` in ``package`` names."""
    if level == 0:
        return name
    parts = package.split(".")
    base = ".".join(parts[: len(parts) - (level - 1)])
    return f"{base}.{name}" if name else base


def by_name(call: ast.Call) -> str | None:
    """The module an ``import_module("x.y")`` call (``importlib.`` or not) names, else None."""
    function = call.func
    called = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
    if called != "import_module" or not call.args:
        return None
    first = call.args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def layer(module: str) -> str:
    """``spec``, ``reference``, ``conformance``, ``fuzz``, ``commands``... of a module."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def imports_across(source: str) -> set[tuple[str, str]]:
    """(importer, imported) for every import out of the layer ``source``."""
    return {
        (module, target)
        for module in modules()
        if layer(module) == source
        for target in imported(module)
        if layer(target) != source
    }


def test_the_specification_imports_nothing_else_of_the_project() -> None:
    assert imports_across("spec") == set()


def test_the_reference_imports_only_the_specification_and_safe_io() -> None:
    outside = {(m, t) for m, t in imports_across("reference") if layer(t) not in ("spec", "safeio")}
    assert outside == set()


def test_only_the_command_line_imports_the_command_modules() -> None:
    importers = {
        module
        for module in modules()
        if layer(module) != "commands"
        for target in imported(module)
        if layer(target) == "commands"
    }
    assert importers <= {"fourhundred.cli"}


def circles(edges: Mapping[str, set[str]]) -> list[set[str]]:
    """The circles of a directed graph (its strongly connected parts of more than one node)."""
    reach: dict[str, set[str]] = {}
    for start in edges:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for target in edges.get(todo.pop(), set()):
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        reach[start] = seen
    parts = {
        frozenset({node} | {t for t in reach[node] if node in reach.get(t, set())})
        for node in edges
    }
    return sorted((set(part) for part in parts if len(part) > 1), key=sorted)


def import_circles(names: set[str]) -> list[set[str]]:
    """The import circles among the modules ``names``."""
    return circles(
        {name: {t for t in imported(name) if t in names and t != name} for name in names}
    )


def test_the_fuzzer_imports_one_way() -> None:
    fuzz = {m for m in modules() if layer(m) == "fuzz" and m != "fourhundred.fuzz"}
    assert len(fuzz) > 10
    assert import_circles(fuzz) == []


def test_the_conformance_layer_never_imports_the_fuzzer() -> None:
    into_fuzz = {(m, t) for m, t in imports_across("conformance") if layer(t) == "fuzz"}
    assert into_fuzz == set(), "the fuzzer builds on the conformance layer, never the reverse"


def layer_graph() -> dict[str, set[str]]:
    """Which layers each layer imports (a module of the one importing a module of the other)."""
    graph: dict[str, set[str]] = {layer(module): set() for module in modules()}
    for module in modules():
        graph[layer(module)] |= {layer(t) for t in imported(module)} - {layer(module)}
    return graph


def test_the_layers_import_one_way() -> None:
    graph = layer_graph()
    assert {"spec", "reference", "conformance", "fuzz", "verify", "commands"} <= set(graph)
    assert "conformance" in graph["fuzz"]
    assert circles(graph) == [], "two layers import each other, through some of their modules"


def test_imports_are_seen_wherever_they_stand() -> None:
    known = {"p", "p.a", "p.b", "p.c", "p.d", "p.sub", "p.sub.e", "q"}
    text = """
import q
from p import a

def later():
    from p.b import something
    if True:
        from . import c
    importlib.import_module("p.d")
    import_module("p.sub.e")
    import_module(computed)
"""
    assert sorted(imports_in(text, known, "p")) == ["p.a", "p.b", "p.c", "p.d", "p.sub.e", "q"]
    relative = "from .. import c\nfrom ..b import x\nfrom . import e"
    assert sorted(imports_in(relative, known, "p.sub")) == ["p.b", "p.c", "p.sub.e"]


def test_the_mutants_their_names_and_the_adapter_import_one_way() -> None:
    mutation = {
        f"fourhundred.conformance.{name}"
        for name in (
            "adapter",
            "mutants",
            "mutant_names",
            "mutation",
            "points",
            "points_base",
            "points_interactions",
            "points_readings",
            "points_precedence",
        )
    }
    assert mutation <= set(modules())
    assert import_circles(mutation) == []


def test_the_campaign_never_imports_the_cluster_mode() -> None:
    importers = {
        module
        for module in modules()
        for target in imported(module)
        if target == "fourhundred.fuzz.cluster"
    }
    assert importers <= {"fourhundred.commands.fuzz"}


# ----------------------------------------------------------------------
# One job a module
# ----------------------------------------------------------------------

#: The project's Python source, tests aside: the namespace's folders, the docs build's
#: hooks and the tools. None of it is generated (the generators write data and pages).
SOURCE_FOLDERS = (*PACKAGES, "docs/hooks", "tools")
#: The most lines a module may have (issue #25: a module longer than this does more
#: than one job; most are under 500).
MOST_LINES = 800


def source_modules(root: Path = ROOT) -> list[Path]:
    """Every module of :data:`SOURCE_FOLDERS` under ``root``."""
    return sorted(path for folder in SOURCE_FOLDERS for path in (root / folder).rglob("*.py"))


def longer_than(most: int, root: Path = ROOT) -> dict[str, int]:
    """The modules under ``root`` over ``most`` lines, by path, with their lengths."""
    lengths = {
        path: len(path.read_text(encoding="utf-8").splitlines()) for path in source_modules(root)
    }
    return {path.relative_to(root).as_posix(): n for path, n in lengths.items() if n > most}


def without_docstring(root: Path = ROOT) -> list[str]:
    """The modules under ``root`` that do not open with a docstring."""
    return [
        path.relative_to(root).as_posix()
        for path in source_modules(root)
        if not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    ]


def test_the_source_modules_are_found_in_every_folder() -> None:
    found = source_modules()
    assert len(found) > 190
    for folder in SOURCE_FOLDERS:
        assert any(path.is_relative_to(ROOT / folder) for path in found), folder


def test_no_module_is_over_eight_hundred_lines() -> None:
    assert longer_than(MOST_LINES) == {}, "split it along its jobs (issue #25)"


def test_every_module_says_its_job_in_a_docstring() -> None:
    assert without_docstring() == []


def test_a_module_over_the_limit_and_one_without_a_docstring_are_caught(tmp_path: Path) -> None:
    (tmp_path / "spec" / "ambiguities").mkdir(parents=True)
    (tmp_path / "docs" / "hooks").mkdir(parents=True)
    (tmp_path / "spec" / "ambiguities" / "long.py").write_text(
        '"""Long."""\n' + "x = 1\n" * MOST_LINES, encoding="utf-8"
    )
    (tmp_path / "spec" / "ambiguities" / "at_the_limit.py").write_text(
        '"""At the limit."""\n' + "x = 1\n" * (MOST_LINES - 1), encoding="utf-8"
    )
    (tmp_path / "docs" / "hooks" / "silent.py").write_text("x = 1  # no docstring\n")
    assert longer_than(MOST_LINES, tmp_path) == {"spec/ambiguities/long.py": MOST_LINES + 1}
    assert without_docstring(tmp_path) == ["docs/hooks/silent.py"]


def test_an_import_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [{"a", "b", "c"}]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_two_modules_import_each_other() -> None:
    """No import circle in the package, imports inside functions counted (issue #25)."""
    found = [sorted(circle) for circle in import_circles(set(modules()))]
    assert found == [], "modules import each other (imports inside functions count)"


def test_the_kinds_the_games_the_suite_and_the_runner_are_in_no_circle() -> None:
    """The kind registry, the inputs and the random and scripted games it draws on, the
    suite and the runner, and the verifier are in no circle: nothing imports back up."""
    base = {
        f"fourhundred.conformance.{name}"
        for name in [
            "kinds",
            "inputs",
            "grids",
            "validity",
            "edges",
            "random_games",
            "random_attempts",
            "games",
            "game_records",
            "coverage",
            "compare",
            "game_cases",
            "position_games",
            "twins",
            "suite",
            "exact",
            "case_source",
            "judging",
            "runner",
            "mutants",
            "house_points",
        ]
    } | {m for m in modules() if layer(m) == "verify"}
    assert base <= set(modules())
    assert [sorted(c & base) for c in import_circles(set(modules())) if c & base] == []
