"""``fourhundred conformance mutants`` and ``coverage``: how much of the rules the suite checks.

* ``mutants``: the suite against single-point mutations of the rules (the hand-written ones and
  one per rule point), in process, or against cosmic-ray's mutations of the source;
* ``coverage``: every rule point with the cases that kill its mutant, its isolating case, and
  the gaps.
"""

from __future__ import annotations

import json
import shlex
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from fourhundred.commands._common import console as _console
from fourhundred.errors import UserError
from fourhundred.safeio import console_text


@click.command("mutants")
@click.option("--only", multiple=True, metavar="NAME", help="Only this mutant (repeatable).")
@click.option(
    "--table", "-t", "show_table", is_flag=True, help="Print every mutant, not only the survivors."
)
@click.option(
    "--operators",
    is_flag=True,
    help="Mutate the source with cosmic-ray's operators instead (spec/, reference/fast.py, "
    "the kinds, the engine); the killing test is the suite, in process.",
)
@click.option(
    "--session",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("mutants.sqlite"),
    show_default=True,
    help="With --operators: cosmic-ray's session database (an existing one is resumed).",
)
@click.option(
    "--module",
    "modules",
    multiple=True,
    metavar="PATH",
    help="With --operators: only this module, e.g. spec/model.py (repeatable); with "
    "--classify: only its survivors, module by module in the order given.",
)
@click.option(
    "--classify",
    is_flag=True,
    help="With --operators: classify the session's survivors (equivalent with a proof, "
    "behaviour-changing with a witness) into --survivors, without running more mutants.",
)
@click.option(
    "--survivors",
    "survivors_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="With --classify: the survivors file to write (default: conformance/survivors.json; "
    "one already there is resumed).",
)
@click.option(
    "--no-proofs",
    is_flag=True,
    help="With --classify: look for witnesses only (a quick first pass); a later "
    "--classify tries the proofs of the survivors left.",
)
@click.option(
    "--fuzz",
    "fuzz_only",
    is_flag=True,
    help="With --operators: ask every survivor the survivors file leaves unclassified the "
    "fuzzer's questions (recorded unmutated, next to --session as .fuzz.json): a changed "
    "answer is a witness, none is 'not distinguished by fuzzing' (never a proof).",
)
def mutants_command(
    fuzz_only: bool,
    no_proofs: bool,
    only: tuple[str, ...],
    show_table: bool,
    operators: bool,
    session: Path,
    modules: tuple[str, ...],
    classify: bool,
    survivors_path: Path | None,
) -> None:
    """Run the suite against single-point mutations of the rules (the hand-written ones and
    one per rule point), in this process, and report the kill rate; with --operators,
    against cosmic-ray's mutations of the source (resumable, with progress)."""
    from rich.progress import Progress

    from fourhundred.conformance import mutation

    console = _console()
    if (classify or fuzz_only) and not operators:
        raise UserError(f"--{'classify' if classify else 'fuzz'} needs --operators")
    if fuzz_only:
        _fuzz_survivors(console, session.resolve(), survivors_path)
        return
    if operators and session.exists():
        _refuse_a_foreign_session(session)
    if classify:
        _classify_session(console, session.resolve(), survivors_path, not no_proofs, modules)
        return
    if operators:
        _operators_session(console, session.resolve(), modules)
        return
    if console.is_terminal:
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task("mutants", total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            results = mutation.run_all(list(only) or None, progress=advance)
    else:
        results = mutation.run_all(list(only) or None)
    relevant = [r for r in results if r.changes_behaviour]
    survivors = [r for r in relevant if not r.killed]
    shown = results if show_table else survivors
    if shown:
        table = Table(box=None, header_style="bold", pad_edge=False)
        for column in ("mutant", "changes behaviour", "killed", "what"):
            table.add_column(column)
        for result in shown:
            table.add_row(
                console_text(result.name),
                "yes" if result.changes_behaviour else "no",
                "[green]killed[/green]"
                if result.killed
                else ("[red]SURVIVED[/red]" if result.changes_behaviour else "-"),
                console_text(result.description),
            )
        console.print(table)
    killed = len(relevant) - len(survivors)
    rate = 100.0 * killed / len(relevant) if relevant else 100.0
    console.print(
        f"{len(results)} mutants, {len(relevant)} change behaviour; kill rate: "
        f"{killed}/{len(relevant)} killed ({rate:.1f}%); survivors: "
        + (", ".join(console_text(r.name) for r in survivors) or "none")
    )
    sys.exit(0 if not survivors else 1)


def _check_modules(modules: tuple[str, ...]) -> None:
    """One ``error:`` line for a ``--module`` that is no file under the package folder."""
    from fourhundred.conformance import operators

    unknown = [m for m in modules if not (operators.ROOT / m).is_file()]
    if unknown:
        raise UserError(f"--module: no such module under {operators.ROOT}: {', '.join(unknown)}")


def _refuse_a_foreign_session(session: Path) -> None:
    """A session made in another tree (its modules elsewhere) is refused with one line:
    resuming or classifying it would mutate, and restore, that tree's files."""
    from fourhundred.conformance import operators

    try:
        foreign = operators.foreign_modules(session)
    except Exception:  # not a database cosmic-ray can read (its errors are SQLAlchemy's)
        raise UserError(f"--session {session}: not a cosmic-ray session database") from None
    if foreign:
        raise UserError(
            f"--session {session}: its mutations are of files outside this tree "
            f"({operators.ROOT}), e.g. {foreign[0]}; cosmic-ray records absolute paths, so a "
            "session belongs to the tree it was started in: use it there, or start one "
            "here with --operators --session NEW.sqlite"
        )


def _resume_line(*options: str, modules: Sequence[str] = ()) -> str:
    """What an interrupted ``mutants --operators`` run prints: the command that resumes
    it, started as this process was (:func:`fourhundred.invocation.program`: a bare
    ``fourhundred`` fails where the virtualenv is not on ``PATH``), quoted for a shell."""
    from fourhundred.invocation import program

    chosen = [word for module in modules for word in ("--module", module)]
    argv = [*program(), "conformance", "mutants", "--operators", *options, *chosen]
    return f"interrupted; resume with: {shlex.join(argv)}"


def _operators_session(console: Console, session: Path, modules: tuple[str, ...]) -> None:
    """``mutants --operators``: start or resume cosmic-ray's session and report its counts."""
    from fourhundred.conformance import operators

    _check_modules(modules)
    chosen = modules or operators.TARGETS

    def progress(counts: operators.Counts) -> None:
        console.print(
            f"mutants: {counts.done}/{counts.total} run, {counts.killed} killed, "
            f"{counts.survived} survived, {counts.timeouts} timed out, "
            f"{counts.skipped} skipped (annotations)",
            highlight=False,
        )

    try:
        final = operators.run_session(session, chosen, progress, poll=30.0)
    except KeyboardInterrupt:
        console.print(_resume_line("--session", str(session), modules=modules), highlight=False)
        sys.exit(130)
    except (RuntimeError, OSError) as error:
        raise UserError(f"cosmic-ray: {error}") from None
    for survivor in operators.survivors(session):
        console.print(
            f"survived: {survivor.module}:{survivor.line} {survivor.operator}", highlight=False
        )
    console.print(
        f"cosmic-ray: {final.total} mutants, {final.killed} killed, {final.survived} survived, "
        f"{final.timeouts} timed out, {final.incompetent} incompetent, {final.skipped} skipped "
        f"(annotations never evaluated: equivalent), {final.pending} pending",
        highlight=False,
    )
    from fourhundred.conformance import survivors

    classified = survivors.read()
    if classified:
        console.print(
            f"the committed classification of the survivors ({survivors.PATH.name}): "
            f"{_by_class_text(classified)}",
            highlight=False,
        )
    sys.exit(0 if not final.survived and not final.pending else 1)


def _isolation_json(entry: Any) -> dict[str, Any]:
    """A point's isolation fields of ``coverage --json``."""
    if entry is None:
        return {}
    return {
        "isolating": list(entry.isolating[:3]),
        "isolated": entry.isolated,
        **({"isolation_reason": entry.reason} if not entry.isolated else {}),
        **({"hidden_by": list(entry.hidden_by)} if entry.hidden_by else {}),
    }


def _isolation_cell(entry: Any) -> str:
    """A point's isolation column: its first isolating case, or why it has none."""
    if entry is None:
        return "?"
    if entry.isolated:
        return console_text(entry.isolating[0])
    return "[yellow]not isolated[/yellow]: " + console_text(entry.reason)


@click.command("coverage")
@click.option("--json", "as_json", is_flag=True, help="Print the coverage as JSON.")
@click.option(
    "--gaps", "gaps_only", is_flag=True, help="List only the points without a killing case."
)
def coverage_command(as_json: bool, gaps_only: bool) -> None:
    """List every rule point with the case ids that kill its mutant (proved in process),
    those an adapter without positions is sent too, and report the gaps with positions
    and without them (exit 1 with gaps either way, 0 without)."""
    from fourhundred.conformance import isolation, points, points_proofs, twins
    from fourhundred.conformance.suite import load_cases

    covered, stale = points.check()
    gaps = [c for c in covered if not c.covered]
    positioned = {str(case["id"]) for case in load_cases() if twins.starts_from_position(case)}
    new_game = {c.point.id: [i for i in c.killing if i not in positioned] for c in covered}
    apart_gaps = [c for c in covered if c.covered and not new_game[c.point.id]]
    unreached = twins.read_unreached()
    decided = points_proofs.decided()
    unobserved = [u for u in points.unobserved() if u.id not in decided]
    proved = {i: v for i, v in decided.items() if v.verdict == "proved-unobservable"}
    unproved = {i: v for i, v in decided.items() if v.verdict != "proved-unobservable"}
    apart = isolation.committed()
    if as_json:
        body = {
            "points": [
                {
                    "id": c.point.id,
                    "rule_sets": list(c.point.rule_sets),
                    "cite": c.point.cite,
                    "description": c.point.description,
                    "mutant": c.point.mutant.description,
                    "cases": list(c.killing),
                    "cases_without_positions": new_game[c.point.id],
                    "not_killing": list(c.false),
                    **_isolation_json(apart.get(c.point.id)),
                }
                for c in covered
                if c in gaps or c in apart_gaps or not gaps_only
            ],
            "unobserved": [
                {"id": u.id, "rule_sets": list(u.rule_sets), "cite": u.cite, "reason": u.reason}
                for u in unobserved
            ],
            "proved_unobservable": [{"id": i, "argument": v.argument} for i, v in proved.items()],
            "unproved": [
                {"id": i, "verdict": v.verdict, "argument": v.argument, "witness": v.witness}
                for i, v in unproved.items()
            ],
            "gaps": [c.point.id for c in gaps],
            "gaps_without_positions": [c.point.id for c in gaps + apart_gaps],
            "positions_without_twin": unreached,
            "stale": stale,
        }
        click.echo(json.dumps(body, indent=1))
    else:
        console = _console()
        table = Table(box=None, header_style="bold", pad_edge=False)
        for column in ("point", "cases", "without positions", "isolated by", "what"):
            table.add_column(column)
        for c in covered:
            if gaps_only and c.covered and c not in apart_gaps:
                continue
            cases = ", ".join(c.killing) if c.covered else "[red]GAP[/red] " + ", ".join(c.false)
            table.add_row(
                console_text(c.point.id),
                cases,
                new_game[c.point.id][0] if new_game[c.point.id] else "[red]GAP[/red]",
                _isolation_cell(apart.get(c.point.id)),
                console_text(c.point.description),
            )
        console.print(table)
        alone = sum(1 for entry in apart.values() if entry.isolated)
        console.print(
            f"isolation: {alone} of {len(covered)} rule points have a case that fails under "
            "their mutant alone (every other point that can occur beside them passes it); "
            "the others are listed with the reason"
            if apart
            else "isolation: no fault dictionary (conformance/faults.json): run the generator"
        )
        for u in unobserved:
            console.print(f"not observable: {console_text(u.id)}: {console_text(u.reason)}")
        for i, v in proved.items():
            console.print(f"proved unobservable: {console_text(i)}: {console_text(v.argument)}")
        for i, v in unproved.items():
            seen = "" if v.witness is None else f"; witness {json.dumps(v.witness)}"
            console.print(
                f"[red]not proved[/red] ({v.verdict}): {console_text(i)}: "
                + console_text(v.argument + seen)
            )
        without = len(gaps) + len(apart_gaps)
        console.print(
            f"{len(covered)} rule points, {len(covered) - len(gaps)} covered, {len(gaps)} gaps; "
            f"{len(unobserved)} not observable by any kind; of the {len(decided)} the point "
            f"search could not kill, {len(proved)} proved unobservable (Z3, "
            f"{points_proofs.PROOFS_PATH.name}), {len(unproved)} not proved"
            + (f"; stale map entries: {', '.join(stale)}" if stale else "")
        )
        console.print(
            f'without positions (an adapter that does not declare "positions"): '
            f"{len(covered) - without} covered, {without} gaps; {len(unreached)} of "
            f"{len(positioned)} whole games from a position have no new-game twin "
            f"({twins.UNREACHED_PATH.name} says why for each)",
            highlight=False,
        )
    sys.exit(1 if gaps or apart_gaps or stale else 0)


#: Survivors classified between two writes of the survivors file.
_WRITE_EVERY = 10


def _classify_session(
    console: Console,
    session: Path,
    path: Path | None,
    proofs: bool = True,
    modules: tuple[str, ...] = (),
) -> None:
    """``mutants --operators --classify``: every survivor of the session (of ``modules``
    only, when given), equivalent (with its proof) or behaviour-changing (with its
    witness) or unclassified, into the survivors file (resumed: survivors already there
    are kept; the file is rewritten every :data:`_WRITE_EVERY` survivors, so a run
    ended hard loses at most those)."""
    from fourhundred.conformance import operators, survivors
    from fourhundred.fuzz import survivor_step

    if not session.exists():
        raise UserError(f"--session: no session at {session}; run --operators first")
    _check_modules(modules)
    target = path.resolve() if path is not None else survivors.PATH
    witnesses = session.with_suffix(".witness.json")
    if not witnesses.exists():
        operators.write_witnesses(witnesses)
    done = survivors.read(target)
    counts = operators.counts(session)

    found: list[survivors.Verdict] = []

    def write() -> None:
        kept = {v.job for v in found}
        survivors.write(
            sorted(
                found + [v for v in done if v.job not in kept],
                key=lambda v: (v.module, v.line, v.operator, v.occurrence),
            ),
            counts,
            target,
        )

    def progress(number: int, total: int, verdict: survivors.Verdict) -> None:
        found.append(verdict)
        if number % _WRITE_EVERY == 0:
            write()
        console.print(
            f"survivor {number}/{total}: {verdict.module}:{verdict.line} {verdict.operator} "
            f"-> {verdict.verdict} ({verdict.how})",
            highlight=False,
        )

    known = session.with_suffix(".ids.json")
    fuzz = survivor_step.prepared(operators.ROOT, session.with_suffix(".fuzz.json"))
    previous = operators._stop_on_sigterm()
    try:
        survivors.classify(
            session,
            witnesses,
            done,
            progress,
            known if known.exists() else None,
            proofs,
            modules,
            fuzz,
        )
    except KeyboardInterrupt:
        survivors_file = ["--survivors", str(target)] if path is not None else []
        line = _resume_line(
            "--classify",
            "--session",
            str(session),
            *survivors_file,
            *([] if proofs else ["--no-proofs"]),
            modules=modules,
        )
        console.print(line, highlight=False)
        sys.exit(130)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        write()
    sys.exit(_report_survivors(console, found, counts, target))


def _report_survivors(console: Console, found: Sequence[Any], counts: Any, target: Path) -> int:
    """The behaviour-changing survivors and the counts by class, proved equivalence told
    apart from what fuzzing did not distinguish; the exit status (1 with a
    behaviour-changing one)."""
    from fourhundred.conformance import survivors

    by_class = {name: [v for v in found if v.verdict == name] for name in survivors.CLASSES}
    for verdict in by_class[survivors.CHANGES]:
        console.print(
            f"behaviour-changing: {verdict.module}:{verdict.line} {verdict.operator}: "
            f"{console_text(verdict.evidence)}",
            highlight=False,
        )
    console.print(
        f"cosmic-ray: {counts.total} mutants, {counts.done} run, {counts.killed} killed, "
        f"{counts.survived} survived, {counts.skipped} skipped (annotations); survivors: "
        f"{_by_class_text(found)}; written to {target}",
        highlight=False,
    )
    return 1 if by_class[survivors.CHANGES] else 0


def _by_class_text(found: Sequence[Any]) -> str:
    """The survivors counted by class, what is proved told from what is not."""
    from fourhundred.conformance import survivors

    by_class = {name: sum(1 for v in found if v.verdict == name) for name in survivors.CLASSES}
    return (
        f"{by_class[survivors.KILLED]} killed by the suite now, "
        f"{by_class[survivors.EQUIVALENT]} equivalent (proved), "
        f"{by_class[survivors.CHANGES]} behaviour-changing, "
        f"{by_class[survivors.NOT_DISTINGUISHED]} not distinguished by fuzzing (not proved), "
        f"{by_class[survivors.UNCLASSIFIED]} unclassified, "
        f"{by_class[survivors.REMOVED]} whose code was removed"
    )


def _fuzz_survivors(console: Console, session: Path, path: Path | None) -> None:
    """``mutants --operators --fuzz``: step 5 of the classification
    (:func:`~fourhundred.conformance.survivors.fuzz_unclassified`) for every survivor the
    survivors file leaves unclassified, no session needed; the file is rewritten every
    :data:`_WRITE_EVERY` survivors, so a run ended hard loses at most those."""
    from fourhundred.conformance import operators, survivors
    from fourhundred.fuzz import survivor_step

    target = path.resolve() if path is not None else survivors.PATH
    if not target.exists():
        raise UserError(f"--survivors: no survivors file at {target}; run --classify first")
    done = survivors.read(target)
    counts = operators.Counts(**json.loads(target.read_text(encoding="utf-8"))["counts"])
    fuzz = survivor_step.prepared(operators.ROOT, session.with_suffix(".fuzz.json"))
    console.print(f"fuzz questions: {fuzz.budget}", highlight=False)
    decided: dict[str, survivors.Verdict] = {}

    def current() -> list[survivors.Verdict]:
        return [decided.get(v.job, v) for v in done]

    def progress(number: int, total: int, verdict: survivors.Verdict) -> None:
        decided[verdict.job] = verdict
        if number % _WRITE_EVERY == 0:
            survivors.write(current(), counts, target)
        console.print(
            f"survivor {number}/{total}: {verdict.module}:{verdict.line} {verdict.operator} "
            f"-> {verdict.verdict} ({verdict.how})",
            highlight=False,
        )

    previous = operators._stop_on_sigterm()
    try:
        survivors.fuzz_unclassified(done, fuzz, progress)
    except KeyboardInterrupt:
        survivors_file = ["--survivors", str(target)] if path is not None else []
        line = _resume_line("--fuzz", "--session", str(session), *survivors_file)
        console.print(f"{line} (the survivors decided so far are written)", highlight=False)
        sys.exit(130)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        survivors.write(current(), counts, target)
    sys.exit(_report_survivors(console, current(), counts, target))
