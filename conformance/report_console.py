"""The diagnosis as plain lines, as the console prints it (and JUnit and Markdown
reuse line by line): one block per cause, with its rule, citations, how many
failures it explains and the points of its family, then the unexplained ones.
"""

from __future__ import annotations

from fourhundred.conformance.diagnosis_result import Cause, Diagnosis


def diagnosis_lines_of(cause: Cause) -> list[str]:
    """One cause as plain lines: the rule, its citation, the wrong reading, how many
    failures it explains and how (exact or by cases), its smallest examples."""
    how = (
        f"exact: {cause.exact} with the engine's very answer"
        if cause.match == "exact"
        else "cases: its mutant fails the same runs, with other answers (weaker evidence)"
    )
    lines = [
        f"rule: {cause.rule}",
        f"cites: {cause.cites}",
        f"the engine, it seems: {cause.wrong}",
        f"explains {len(cause.explains)} failures ({how})",
        f"smallest: {', '.join(cause.examples)}",
    ]
    if cause.members:
        shown = ", ".join(cause.members[:8])
        more = len(cause.members) - 8
        lines.append(
            f"one rule at {len(cause.members)} points: {shown}"
            + (f" and {more} more" if more > 0 else "")
        )
    if cause.alike:
        lines.append(f"equally explained by: {', '.join(cause.alike[:5])}")
    return lines


def diagnosis_summary(diagnosis: Diagnosis) -> str:
    """The diagnosis's first line: how many causes, how many failures left unexplained."""
    causes = len(diagnosis.causes)
    return (
        f"diagnosis: {causes} {'cause' if causes == 1 else 'causes'} (broken rules), "
        f"{len(diagnosis.unexplained)} failures unexplained"
        + (f" ({diagnosis.note})" if diagnosis.note else "")
    )


def diagnosis_text(diagnosis: Diagnosis) -> list[str]:
    """The diagnosis as plain lines (the console's): one block per cause, then the
    unexplained failures; empty when nothing failed."""
    if diagnosis.empty:
        return []
    lines = [diagnosis_summary(diagnosis)]
    for number, cause in enumerate(diagnosis.causes, 1):
        lines.append(f"CAUSE {number}: {cause.point} [{cause.match}]")
        lines += [f"  {line}" for line in diagnosis_lines_of(cause)]
    if diagnosis.unexplained:
        shown = diagnosis.unexplained[:10]
        more = len(diagnosis.unexplained) - len(shown)
        lines.append(
            f"UNEXPLAINED ({len(diagnosis.unexplained)}): {', '.join(shown)}"
            + (f" and {more} more" if more else "")
        )
    return lines
