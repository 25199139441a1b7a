"""Mutants in annotations that are never evaluated, found from the source's AST: the
mutated span lies inside a function's parameter or return annotation, a local variable's
annotation, or a field annotation of a class whose annotations nobody reads
(:data:`READ_CLASSES`), in a module that starts with ``from __future__ import
annotations``. Such an annotation is a string never evaluated (PEP 563), so the AST fact
is the proof that the mutant is equivalent. The session marks them skipped before it runs
(:func:`skip_annotations`, called by :func:`fourhundred.conformance.operators.run`), and
the survivors' classification (:mod:`fourhundred.conformance.survivors`) cites the same
proof."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: The proof a mutant in an annotation never evaluated is recorded with.
ANNOTATION_PROOF = (
    "the mutated span is inside an annotation that is never evaluated (PEP 563, "
    "'from __future__ import annotations'; no get_type_hints on its class)"
)


def _postponed(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(alias.name == "annotations" for alias in node.names)
        for node in tree.body
    )


def _spans(node: ast.AST) -> tuple[tuple[int, int], tuple[int, int]]:
    return (node.lineno, node.col_offset), (  # type: ignore[attr-defined]
        node.end_lineno,  # type: ignore[attr-defined]
        node.end_col_offset,  # type: ignore[attr-defined]
    )


#: The classes whose annotations the project reads at run time (``typing.get_type_hints``
#: on :class:`~fourhundred.spec.model.Rules`, in spec/house.py and conformance/points.py):
#: their field annotations are evaluated, so a mutant there is never proved here.
READ_CLASSES = frozenset({"Rules"})


def _never_evaluated(tree: ast.Module) -> Iterator[ast.AST]:
    """The annotations of ``tree`` that are never evaluated under PEP 563: every
    function's parameter and return annotations, local variable annotations, and the
    field annotations of classes outside :data:`READ_CLASSES` (a dataclass reads its
    annotations only as text, for ``ClassVar`` and ``InitVar``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name not in READ_CLASSES:
            for statement in node.body:
                if isinstance(statement, ast.AnnAssign):
                    yield statement.annotation
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args
            for arg in (
                *arguments.posonlyargs,
                *arguments.args,
                *arguments.kwonlyargs,
                *(a for a in (arguments.vararg, arguments.kwarg) if a is not None),
            ):
                if arg.annotation is not None:
                    yield arg.annotation
            if node.returns is not None:
                yield node.returns
            for inner in ast.walk(node):
                if isinstance(inner, ast.AnnAssign):
                    yield inner.annotation


def in_annotation(source: str, start: tuple[int, int], end: tuple[int, int]) -> bool:
    """Whether the span ``start``..``end`` (line, column) lies inside an annotation
    that is never evaluated (see the module docstring)."""
    return any(low <= start and end <= high for low, high in _annotation_spans(source))


@functools.cache
def _annotation_spans(source: str) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    tree = ast.parse(source)
    if not _postponed(tree):
        return ()
    return tuple(_spans(node) for node in _never_evaluated(tree))


def skip_annotations(db: Any) -> int:
    """Mark every pending mutant of the open cosmic-ray session ``db`` that lies in an
    annotation never evaluated (:func:`in_annotation`) as skipped (cosmic-ray's
    ``SKIPPED``, with :data:`ANNOTATION_PROOF` as its output); returns how many."""
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    sources: dict[str, str] = {}
    skipped = 0
    for item in list(db.pending_work_items):
        mutation = item.mutations[0]
        path = str(mutation.module_path)
        if path not in sources:
            sources[path] = Path(path).read_text(encoding="utf-8")
        if in_annotation(sources[path], tuple(mutation.start_pos), tuple(mutation.end_pos)):
            db.set_result(
                item.job_id,
                WorkResult(worker_outcome=WorkerOutcome.SKIPPED, output=ANNOTATION_PROOF),
            )
            skipped += 1
    return skipped
