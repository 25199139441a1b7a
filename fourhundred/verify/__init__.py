"""Formal verification of the rules: invariants proved, source claims ruled on.

For every variant and every reading of the ambiguity register, each
invariant is proved with Z3 over unbounded integer scores by calling the
specification's own rule functions with Z3 terms, or refuted with a
counterexample; properties about sequences of hands use bounded model
checking with the bound stated; the reference's fast rule layer is checked
against the specification with CrossHair; and every checkable statement the
sources make about their own rules gets a verdict (the claims ledger).

Library use (the command ``fourhundred verify`` is a thin layer over this)::

    from fourhundred.verify import run
    report = run(["qahwa-400"], ["claim-eight-to-nine"])
    for finding in report.findings:
        print(finding.check.id, str(finding.rules), finding.decision.verdict)
"""

from fourhundred.verify.results import Check, Decision, Finding, Settings
from fourhundred.verify.runner import DEEP, QUICK, Report, checks, readings, run

__all__ = [
    "DEEP",
    "QUICK",
    "Check",
    "Decision",
    "Finding",
    "Report",
    "Settings",
    "checks",
    "readings",
    "run",
]
