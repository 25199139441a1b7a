"""cosmic-ray's survivors classified (fourhundred.conformance.survivors) and the rule
points grown from the behaviour-changing ones (fourhundred.conformance.points_survivors)."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from fourhundred.conformance import (
    coverage,
    mutants,
    operators,
    points,
    points_survivors,
    points_survivors_cards,
    points_survivors_values,
    survivor_proofs,
    survivors,
    unread_annotations,
)
from fourhundred.conformance.suite import Run, load_cases
from fourhundred.reference.fast import FastRules
from fourhundred.spec.cards import TEAMS
from fourhundred.spec.logic import BoolLike, IntLike
from fourhundred.spec.model import Rules

MODEL = operators.ROOT / "spec" / "model.py"


def test_a_parameter_annotation_is_never_evaluated_and_a_body_expression_is() -> None:
    source = (
        "from __future__ import annotations\n\ndef f(x: int | None) -> int:\n    return x + 1\n"
    )
    assert unread_annotations.in_annotation(source, (3, 9), (3, 19))
    assert unread_annotations.in_annotation(source, (3, 24), (3, 27))
    assert not unread_annotations.in_annotation(source, (4, 11), (4, 16))
    assert not unread_annotations.in_annotation(source.split("\n", 2)[2], (1, 9), (1, 19))


def test_the_field_annotations_of_rules_are_read_and_those_of_other_classes_are_not() -> None:
    """Rules' field annotations are read (typing.get_type_hints): no proof there."""
    source = "from __future__ import annotations\n\nclass {}:\n    x: int | None = 1\n"
    assert not unread_annotations.in_annotation(source.format("Rules"), (4, 7), (4, 17))
    assert unread_annotations.in_annotation(source.format("HandRecord"), (4, 7), (4, 17))


def test_the_project_reads_the_annotations_of_no_class_but_those_named() -> None:
    """What :data:`unread_annotations.READ_CLASSES` says, checked on every module of the package."""
    read = set()
    for path in operators.ROOT.glob("*/**/*.py"):
        if ".venv" in path.parts or "tests" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"get_type_hints\((\w+)", text):
            read.add(match.group(1))
        assert "__annotations__" not in text or path.name == "unread_annotations.py", path
    assert read == set(unread_annotations.READ_CLASSES)


def test_the_enclosing_function_is_named_with_its_class() -> None:
    source = MODEL.read_text(encoding="utf-8")
    line = next(n for n, t in enumerate(source.splitlines(), 1) if "def team_reached" in t) + 2
    assert survivor_proofs.enclosing_function(source, line) == "Rules.team_reached"
    assert survivor_proofs.enclosing_function(source, 1) is None


def test_z3_proves_a_function_equal_to_itself_and_refutes_a_changed_comparison() -> None:
    source = MODEL.read_text(encoding="utf-8")
    how, evidence = survivor_proofs.prove("fourhundred.spec.model", "Rules.team_reached", source)
    assert how == "z3" and "unsatisfiable" in evidence
    changed = source.replace(
        "return any_(a >= target, b >= target)", "return any_(a > target, b >= target)"
    )
    assert changed != source
    how, evidence = survivor_proofs.prove("fourhundred.spec.model", "Rules.team_reached", changed)
    assert how == "z3-counterexample" and "target" in evidence


def test_a_function_of_cards_gets_no_proof() -> None:
    source = (operators.ROOT / "spec" / "cards.py").read_text(encoding="utf-8")
    how, _ = survivor_proofs.prove("fourhundred.spec.cards", "parse_card", source)
    assert how == "none"


def _reached_late(self: Rules, team: int, scores: Sequence[IntLike], target: IntLike) -> BoolLike:
    a, b = (scores[s] for s in TEAMS[team])
    return a + b > target if self.win_measure == "team_total" else (a > target or b > target)


def _reached_by_first(
    self: Rules, team: int, scores: Sequence[IntLike], target: IntLike
) -> BoolLike:
    a, b = (scores[s] for s in TEAMS[team])
    return a + b >= target if self.win_measure == "team_total" else a >= target


def _reached_by_both(
    self: Rules, team: int, scores: Sequence[IntLike], target: IntLike
) -> BoolLike:
    a, b = (scores[s] for s in TEAMS[team])
    return a + b >= target if self.win_measure == "team_total" else (a >= target and b >= target)


@pytest.mark.parametrize("wrong", [_reached_late, _reached_by_first, _reached_by_both])
def test_the_suite_kills_the_team_reached_survivors(
    monkeypatch: pytest.MonkeyPatch, wrong: object
) -> None:
    """The survivors of the last session in ``Rules.team_reached`` (a comparison made
    strict, a partner dropped) fail the killing test now."""
    monkeypatch.setattr(Rules, "team_reached", wrong)
    assert operators.main([]) == 1


def _first_seat_measure_swapped(self: FastRules, scores: Sequence[int], target: int) -> int:
    """cosmic-ray's ``win_measure == "team_total"`` made ``!=``."""
    for seat in range(4):
        if self.rules.win_measure != "team_total":
            qualifies = self.qualifies(seat % 2, scores, target)
        else:
            qualifies = scores[seat] >= target and self.partner_ok(scores[(seat + 2) % 4])
        if qualifies:
            return 1 if seat % 2 == 0 else 2
    return 0


def _first_seat_either(self: FastRules, scores: Sequence[int], target: int) -> int:
    """cosmic-ray's ``and`` made ``or``."""
    for seat in range(4):
        if self.rules.win_measure == "team_total":
            qualifies = self.qualifies(seat % 2, scores, target)
        else:
            qualifies = scores[seat] >= target or self.partner_ok(scores[(seat + 2) % 4])
        if qualifies:
            return 1 if seat % 2 == 0 else 2
    return 0


@pytest.mark.parametrize("wrong", [_first_seat_measure_swapped, _first_seat_either])
def test_the_suite_kills_the_first_seat_survivors(
    monkeypatch: pytest.MonkeyPatch, wrong: object
) -> None:
    """The behaviour-changing survivors of this session in the first qualifying seat
    (reference/fast.py) fail the killing test now."""
    monkeypatch.setattr(FastRules, "_first_qualifying_team", wrong)
    assert operators.main([]) == 1


def test_the_suite_kills_the_first_seat_branch_taken_when_only_one_team_qualifies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """cosmic-ray's ``if q0 and q1`` made ``if not q0 and q1`` in points_result: when
    both teams qualify, North-South win."""
    original = FastRules.points_result

    def wrong(self: FastRules, scores: Sequence[int], target: int) -> tuple[int, int]:
        both = self.qualifies(0, scores, target) and self.qualifies(1, scores, target)
        if self.rules.both_qualify == "first_seat" and both:
            return 1, target
        return original(self, scores, target)

    monkeypatch.setattr(FastRules, "points_result", wrong)
    assert operators.main([]) == 1


def test_every_survivor_family_point_is_killed_by_its_witness_cases() -> None:
    published = [Run(c, v) for c in points_survivors.cases() for v in c["variants"]]
    killer = mutants.Killer()
    found = [
        point
        for rule_set in coverage.all_rule_sets()
        for point in points_survivors.points(rule_set)
    ]
    assert found, "the reached trigger has rule sets, so the family has points"
    for point in found:
        runs = [run for run in published if run.variant in point.rule_sets]
        assert killer.killing(point.mutant, runs, limit=1), point.id


def test_the_family_points_are_rule_points_of_the_model_and_in_the_suite() -> None:
    ids = {p.id for p in points.points()}
    family = {p.id for rs in coverage.all_rule_sets() for p in points_survivors.points(rs)}
    assert family <= ids
    suite = {json.dumps(c["input"], sort_keys=True) for c in load_cases()}
    assert all(json.dumps(c["input"], sort_keys=True) in suite for c in points_survivors.cases())


def test_the_committed_survivors_file_is_consistent() -> None:
    """Every survivor has a class and its evidence; the classes add up; an equivalent
    one carries a proof, a behaviour-changing one a witness, and one the fuzzer did not
    distinguish says so, with its budget (never counted as proved)."""
    data = json.loads(survivors.PATH.read_text(encoding="utf-8"))
    verdicts = survivors.read()
    assert data["counts"]["survived"] >= len(verdicts)
    assert sum(data["by_class"].values()) == len(verdicts)
    for verdict in verdicts:
        assert verdict.verdict in survivors.CLASSES
        assert verdict.evidence
        if verdict.verdict == survivors.EQUIVALENT:
            assert verdict.how in ("annotation", "z3", "z3-answers")
        if verdict.verdict == survivors.CHANGES:
            assert verdict.how in ("witness", "fuzz")
        if verdict.verdict == survivors.NOT_DISTINGUISHED:
            assert verdict.how == "fuzz" and verdict.evidence.startswith("not distinguished")
            assert "seed" in verdict.evidence and "inputs" in verdict.evidence


def test_the_kill_order_puts_the_most_killing_run_first_and_names_each_run_once() -> None:
    from fourhundred.conformance import faults

    dictionary = faults.read()
    assert dictionary is not None
    order = operators.kill_order(dictionary)
    assert sorted(order) == sorted(dictionary.runs)
    by_run = dictionary.by_run()
    assert len(by_run[order[0]]) == max(len(names) for names in by_run.values())


@pytest.mark.slow
def test_a_session_over_the_logic_leaves_no_behaviour_changing_survivor(tmp_path: Path) -> None:
    """cosmic-ray over spec/logic.py, every survivor classified: none changes behaviour."""
    session = tmp_path / "logic.sqlite"
    operators.run_session(session, ["spec/logic.py"], poll=5.0)
    witnesses = tmp_path / "witness.json"
    operators.write_witnesses(witnesses)
    verdicts = survivors.classify(session, witnesses)
    assert [v for v in verdicts if v.verdict == survivors.CHANGES] == []
    assert len(verdicts) == operators.counts(session).survived


def test_the_annotation_mutants_of_a_session_are_skipped_before_it_runs(tmp_path: Path) -> None:
    """cosmic-ray's mutants of a module: those inside annotations are marked skipped
    (cosmic-ray's own outcome), the others stay pending."""
    import subprocess
    import sys

    module = tmp_path / "small.py"
    module.write_text(
        "from __future__ import annotations\n\n\ndef f(x: int | None) -> int | None:\n"
        "    return x + 1 if x is not None else None\n",
        encoding="utf-8",
    )
    config = tmp_path / "small.toml"
    config.write_text(
        operators.config_text(["small.py"]).replace(str(operators.ROOT / "small.py"), str(module)),
        encoding="utf-8",
    )
    session = tmp_path / "small.sqlite"
    subprocess.run(
        [sys.executable, "-m", "cosmic_ray.cli", "init", str(config), str(session)],
        check=True,
        capture_output=True,
    )
    before = operators.counts(session)
    skipped = operators.skip_annotations(session)
    after = operators.counts(session)
    assert 0 < skipped < before.total
    assert after.skipped == skipped and after.pending == before.total - skipped
    assert operators.skip_annotations(session) == 0


def test_a_proof_over_z3_terms_is_not_taken_for_the_path_of_ints() -> None:
    """``all_`` runs Z3's ``And`` on terms and Python's ``all`` on bools: a mutation of
    the ints' path gets no proof, one of the terms' path gets one."""
    source = (operators.ROOT / "spec" / "logic.py").read_text(encoding="utf-8")
    lines = source.splitlines()
    concrete = next(n for n, t in enumerate(lines, 1) if t.strip() == "return all(conditions)")
    symbolic = concrete - 1
    assert survivor_proofs.symbolic_branch(source, "all_", symbolic) is True
    assert survivor_proofs.symbolic_branch(source, "all_", concrete) is False
    changed = source.replace("return all(conditions)", "return any(conditions)")
    how, _ = survivor_proofs.prove("fourhundred.spec.logic", "all_", changed, concrete)
    assert how == "none"


def test_a_mutated_module_is_restored_whole_by_a_rename_however_its_classification_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = tmp_path / "spec" / "rule.py"
    module.parent.mkdir()
    original = "def rule(x: int) -> int:\n    return x + 1\n"
    module.write_text(original)
    inode = module.stat().st_ino

    def mutate(root: Path, path: Path, operator: str, occurrence: int) -> None:
        path.write_text(original.replace("+", "-"))

    def killed(root: Path, args: Sequence[str], timeout: float) -> object:
        return type("Done", (), {"returncode": 1, "stdout": "case x fails\n"})()

    monkeypatch.setattr(survivors, "_apply", mutate)
    monkeypatch.setattr(survivors, "_in_fresh_process", killed)
    mutation = type(
        "Mutation",
        (),
        {"module_path": str(module), "start_pos": (2, 13), "end_pos": (2, 14),
         "operator_name": "core/ReplaceBinaryOperator_Add_Sub", "occurrence": 0},
    )  # fmt: skip
    item = type("Item", (), {"job_id": "j1", "mutations": [mutation]})()
    verdict = survivors.classify_one(tmp_path, item, "-+", tmp_path / "witnesses")
    assert verdict.how == "suite"
    assert module.read_text() == original
    assert module.stat().st_ino != inode  # a new file renamed over it, never a part-written one
    assert sorted(p.name for p in module.parent.iterdir()) == ["rule.py"]


def test_a_mutation_is_applied_in_process_as_cosmic_ray_applies_it(tmp_path: Path) -> None:
    """:func:`survivors._apply` writes cosmic-ray's own mutated text (no process started),
    and refuses an occurrence the module does not have."""
    from cosmic_ray.mutating import mutate_code
    from cosmic_ray.plugins import get_operator

    module = tmp_path / "rule.py"
    original = "def rule(x: int) -> int:\n    return x + 1 + 2\n"
    module.write_text(original, encoding="utf-8")
    operator = "core/ReplaceBinaryOperator_Add_Sub"
    survivors._apply(tmp_path, module, operator, 1)
    assert module.read_text(encoding="utf-8") == mutate_code(original, get_operator(operator)(), 1)
    assert module.read_text(encoding="utf-8") != original
    with pytest.raises(ValueError, match="no occurrence 5"):
        survivors._apply(tmp_path, module, operator, 5)


def _item(path: Path, job: str) -> tuple[object, str]:
    mutation = type("Mutation", (), {"module_path": str(path)})
    return type("Item", (), {"job_id": job, "mutations": [mutation]})(), ""


def test_the_survivors_of_the_modules_asked_for_come_module_by_module_in_their_order() -> None:
    root = operators.ROOT
    items = [
        _item(root / "spec" / "model.py", "a"),
        _item(root / "spec" / "cards.py", "b"),
        _item(root / "reference" / "fast.py", "c"),
        _item(root / "spec" / "cards.py", "d"),
    ]
    chosen = survivors.in_modules(items, ["spec/cards.py", "spec/model.py"], root)
    assert [item.job_id for item, _ in chosen] == ["b", "d", "a"]  # type: ignore[attr-defined]


def test_classify_passes_no_proofs_and_the_modules_on_and_checks_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--classify --no-proofs --module M`` classifies M's survivors without proofs (the
    flag once never reached the classifier); an unknown module is one ``error:`` line."""
    from click.testing import CliRunner

    from fourhundred.cli import cli

    session = tmp_path / "s.sqlite"
    session.write_bytes(b"")
    asked: dict[str, object] = {}

    def classify(*args: object) -> list[survivors.Verdict]:
        asked["proofs"], asked["modules"] = args[5], args[6]
        return []

    monkeypatch.setattr(survivors, "classify", classify)
    monkeypatch.setattr(operators, "counts", lambda s: operators.Counts(1, 1, 0, 1, 0, 0))
    (tmp_path / "s.witness.json").write_text("[]", encoding="utf-8")
    base = ["conformance", "mutants", "--operators", "--classify", "--session", str(session)]
    out = ["--survivors", str(tmp_path / "out.json")]
    done = CliRunner().invoke(cli, [*base, *out, "--no-proofs", "--module", "spec/cards.py"])
    assert done.exit_code == 0, done.output
    assert asked == {"proofs": False, "modules": ("spec/cards.py",)}
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["survivors"] == []
    refused = CliRunner().invoke(cli, [*base, *out, "--module", "spec/nothing.py"])
    assert refused.exit_code == 2
    assert [line for line in refused.stderr.splitlines() if line.startswith("error:")] == [
        f"error: --module: no such module under {operators.ROOT}: spec/nothing.py"
    ]


def _verdict(module: str, line: int) -> survivors.Verdict:
    return survivors.Verdict(
        "j", module, line, "core/NumberReplacer", 0, "", "unclassified", "", ""
    )


def test_a_survivor_is_called_when_its_function_is_among_those_the_answers_call() -> None:
    source = (operators.ROOT / "spec" / "cards.py").read_text(encoding="utf-8").splitlines()
    inside = next(n for n, t in enumerate(source, 1) if t.startswith("def legal_plays")) + 1
    level = next(n for n, t in enumerate(source, 1) if t.startswith("SUIT_MASK"))
    calls = {"spec/cards.py": frozenset({"legal_plays"})}
    assert survivors.is_called(_verdict("spec/cards.py", inside), calls, operators.ROOT) is True
    nowhere = {"spec/cards.py": frozenset[str]()}
    assert survivors.is_called(_verdict("spec/cards.py", inside), nowhere, operators.ROOT) is False
    assert survivors.is_called(_verdict("spec/cards.py", level), calls, operators.ROOT) is None
    assert survivors.is_called(_verdict("spec/model.py", inside), calls, operators.ROOT) is None


@pytest.mark.slow
def test_the_answers_call_the_trick_winner_and_no_function_nothing_calls(tmp_path: Path) -> None:
    """A fresh process answering the suite calls ``trick_winner`` (and ``_strength``,
    run on import for the strength tables) and never ``beats``, which only the proofs
    call (the answers read the strength tables)."""
    witnesses = tmp_path / "witness.json"
    witnesses.write_text("[]", encoding="utf-8")
    calls = survivors.answered_functions(operators.ROOT, witnesses)
    assert {"trick_winner", "_strength"} <= calls["spec/cards.py"]
    assert "beats" not in calls["spec/cards.py"]


def test_a_survivor_in_a_function_the_answers_never_call_is_not_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its mutated code never runs, so it is left unclassified without applying it; a
    survivor of a called function is applied and run."""
    module = tmp_path / "spec" / "rule.py"
    module.parent.mkdir()
    module.write_text("def rule(x: int) -> int:\n    return x + 1\n")
    applied: list[Path] = []
    monkeypatch.setattr(survivors, "_apply", lambda root, path, op, n: applied.append(path))

    def killed(root: Path, args: Sequence[str], timeout: float) -> object:
        return type("Done", (), {"returncode": 1, "stdout": "case x fails\n"})()

    monkeypatch.setattr(survivors, "_in_fresh_process", killed)
    mutation = type(
        "Mutation",
        (),
        {"module_path": str(module), "start_pos": (2, 13), "end_pos": (2, 14),
         "operator_name": "core/ReplaceBinaryOperator_Add_Sub", "occurrence": 0},
    )  # fmt: skip
    item = type("Item", (), {"job_id": "j1", "mutations": [mutation]})()
    never = {"spec/rule.py": frozenset({"other"})}
    verdict = survivors.classify_one(tmp_path, item, "", tmp_path / "w", calls=never)
    assert (verdict.verdict, verdict.evidence, verdict.called) == (
        survivors.UNCLASSIFIED,
        survivors.NEVER_CALLED,
        False,
    )
    assert applied == []
    called = {"spec/rule.py": frozenset({"rule"})}
    verdict = survivors.classify_one(tmp_path, item, "", tmp_path / "w", calls=called)
    assert verdict.verdict == survivors.KILLED and applied == [module]


def test_every_card_point_grown_from_a_survivor_is_killed_by_its_witness_questions() -> None:
    from fourhundred.conformance import kinds
    from fourhundred.spec.registry import load

    killer = mutants.Killer()
    found = list(points_survivors_cards.card_points(["qahwa-400"], "qahwa §Play"))
    assert {p.id for p in found} == {
        "cards/discard-as-rank-1",
        "cards/discard-as-rank-6",
        "cards/discard-as-rank-12",
    }
    rules = load("qahwa-400")
    for point in found:
        assert point.candidates is not None
        asked = [
            coverage.make_case("", kind, rules, data, kinds.KINDS[kind].spec_answer(rules, data), w)
            for kind, data, w in point.candidates(rules)
        ]
        runs = [Run(case, variant) for case in asked for variant in case["variants"]]
        assert killer.killing(point.mutant, runs, limit=1), point.id


@pytest.mark.parametrize("standing", [1, 5])
def test_the_suite_kills_a_discard_standing_above_the_low_cards_of_the_suit_led(
    monkeypatch: pytest.MonkeyPatch, standing: int
) -> None:
    """cosmic-ray's survivors of ``_strength`` (spec/cards.py): a discard's standing
    ``-1`` made ``1`` (``+1``, or the sign dropped); the strength tables are rebuilt
    as the mutant builds them, and the killing test fails."""
    from fourhundred.spec import cards

    def strength(trump: int, led: int, index: int) -> int:
        suit, rank = cards.CARD_SUIT[index], index % len(cards.RANKS)
        if suit == trump:
            return len(cards.RANKS) + rank
        return rank if suit == led else standing

    tables = tuple(
        tuple(tuple(strength(t, led, i) for i in range(52)) for led in range(4)) for t in range(4)
    )
    led = tuple(tuple(table[suit] for suit in cards.CARD_SUIT) for table in tables)
    monkeypatch.setattr(cards, "LED_STRENGTHS", led)
    assert operators.main([]) == 1


@pytest.mark.parametrize(
    "view",
    [
        lambda after: [after[0], after[1], after[0], after[1]],  # (seat % 2) % 4, (seat ** 2) % 4
        lambda after: [after[0]] * 4,  # (seat << 2) % 4, (seat >> 2) % 4: North for everyone
    ],
)
def test_the_suite_kills_a_special_bid_judged_on_the_wrong_partner(
    monkeypatch: pytest.MonkeyPatch, view: Any
) -> None:
    """cosmic-ray's survivors of ``Rules.special_result`` (spec/model.py): the partner's
    seat ``(seat + 2) % 4`` mutated, so a made 13 is judged on the bidder's own score
    (North, West) or on North's; the killing test fails."""
    original = Rules.special_result

    def wrong(
        self: Rules,
        bids: Sequence[IntLike],
        tricks: Sequence[IntLike],
        scores_after: Sequence[IntLike],
        dealer: int,
    ) -> IntLike:
        return original(self, bids, tricks, view(scores_after), dealer)

    monkeypatch.setattr(Rules, "special_result", wrong)
    assert operators.main([]) == 1


def test_every_thirteen_partner_point_is_killed_by_the_family_questions() -> None:
    """The family's wrong readings, under the rule sets where a made 13 needs the
    partner: each is killed by the family's questions."""
    published = [Run(c, v) for c in points_survivors.cases() for v in c["variants"]]
    killer = mutants.Killer()
    found = [
        point
        for rule_set in coverage.all_rule_sets()
        for point in points_survivors.points(rule_set)
        if point.id.startswith("thirteen-partner-")
    ]
    assert len(found) == 6  # three readings, two rule sets (qahwa classic, medallon)
    for point in found:
        runs = [run for run in published if run.variant in point.rule_sets]
        assert killer.killing(point.mutant, runs, limit=1), point.id


@pytest.mark.parametrize(
    "canonical",
    [
        lambda self, result: (
            {  # `key in unordered and isinstance(value, list)` made `or`
                k: sorted(v, key=json.dumps) if isinstance(v, list) else v
                for k, v in result.items()
            }
            if isinstance(result, dict)
            else result
        ),
    ],
)
def test_the_killing_test_fails_a_judging_that_puts_ordered_fields_in_one_order(
    monkeypatch: pytest.MonkeyPatch, canonical: Any
) -> None:
    """cosmic-ray's survivor of ``Kind.canonical`` that sorts every list: an expected
    answer with an ordered list reversed (:func:`operators.misordered`) then passes, so
    the killing test fails; the comparator as it is rejects it."""
    from fourhundred.conformance import compare, kinds

    entry = kinds.kind("hand_scoring")
    expected = {"scores": [10, 20, 30, 40], "deltas": [1, 2, 3, 4]}
    wrong = operators.misordered(entry, expected)
    assert wrong is not None and compare.compare("hand_scoring", expected, wrong)
    assert operators.misordered(entry, {"scores": [0, 0, 0, 0]}) is None
    monkeypatch.setattr(kinds.Kind, "canonical", canonical)
    assert operators.main([]) == 1


@pytest.mark.parametrize(
    "canonical",
    [
        lambda self, result: result,  # `if not isinstance(result, dict)` made `if isinstance(...)`
        lambda self, result: (
            {  # `key in self.unordered` made `not key in self.unordered`
                k: sorted(v) if k not in self.unordered and isinstance(v, list) else v
                for k, v in result.items()
            }
            if isinstance(result, dict)
            else result
        ),
    ],
)
def test_the_killing_test_fails_a_judging_that_compares_unordered_fields_in_order(
    monkeypatch: pytest.MonkeyPatch, canonical: Any
) -> None:
    """cosmic-ray's survivors of ``Kind.canonical`` (conformance/kinds.py): the comparator
    no longer puts unordered fields in one order. A right answer in another order
    (:func:`operators.reordered_answer`) then fails, so the killing test does; the
    comparator as it is accepts it."""
    from fourhundred.conformance import compare, kinds
    from fourhundred.spec.registry import load

    rules = load("qahwa-400")
    data = {"own_score": 1}
    right = operators.reordered_answer("legal_bids", rules, data)
    assert right != kinds.kind("legal_bids").spec_answer(rules, data)
    assert not compare.compare(
        "legal_bids", kinds.kind("legal_bids").spec_answer(rules, data), right
    )
    monkeypatch.setattr(kinds.Kind, "canonical", canonical)
    assert operators.main([]) == 1


def test_the_suite_kills_a_bid_of_12_left_out_of_the_fifty_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """cosmic-ray's survivors of ``Rules.bid_value`` (spec/model.py): the fifty set
    ``[11, 12, 13]`` made ``[11, 13, 13]`` or ``[11, 11, 13]``, so a bid of 12 keeps its
    ordinary value; the specification answering so fails the killing test."""
    wrong_reading = points_survivors_values._FIFTY_WITHOUT[12]

    def wrong(self: Rules, bid: int, own_score: int, highest_score: int) -> int:
        return wrong_reading.of(self).bid_value(bid, own_score, highest_score)

    monkeypatch.setattr(Rules, "bid_value", wrong)
    assert operators.main([]) == 1


@pytest.mark.parametrize("seat", [0, 3])
def test_the_suite_kills_a_special_bid_that_does_not_reach_the_minimum_at_one_seat(
    monkeypatch: pytest.MonkeyPatch, seat: int
) -> None:
    """cosmic-ray's survivor of ``Rules.hand_is_played`` (spec/model.py): ``range(4)``
    made ``range(3)``, so East's 13 no longer reaches the table minimum on its own
    (and the same at North); the specification answering so fails the killing test."""
    reading = points_survivors_values._played_ignoring_special_of

    def wrong(self: Rules, bids: Sequence[int], scores: Sequence[int]) -> bool:
        return reading(FastRules.of(self), bids, scores, seat)

    monkeypatch.setattr(Rules, "hand_is_played", wrong)
    assert operators.main([]) == 1


def _session_diff(source: str, operator: str, occurrence: int) -> str:
    """cosmic-ray's diff of ``operator``'s ``occurrence`` on ``source``, as its session
    records it."""
    import difflib

    from cosmic_ray.mutating import mutate_code
    from cosmic_ray.plugins import get_operator

    mutated = mutate_code(source, get_operator(operator)(), occurrence)
    lines = difflib.unified_diff(
        source.split("\n"), mutated.split("\n"), "a/rule.py", "b/rule.py", lineterm=""
    )
    return "\n".join(["--- mutation diff ---", *lines])


def test_a_survivor_is_found_where_its_code_moved_and_none_where_its_code_went() -> None:
    """The session's occurrence numbers count positions in the module as it was: after
    an edit above it, the same mutation is another occurrence on another line; after
    its code is removed, no occurrence makes its change."""
    operator = "core/ReplaceBinaryOperator_Add_Sub"
    source = (
        "def a(x: int) -> int:\n    return x + 1\n\n\ndef b(y: int) -> int:\n    return y + 2\n"
    )
    diff = _session_diff(source, operator, 1)
    assert survivors.relocate(source, operator, 1, (6, 11), diff) == (1, (6, 13), (6, 14))
    above = "def z(w: int) -> int:\n    return w + 3\n\n\n" + source
    assert survivors.relocate(above, operator, 1, (6, 11), diff) == (2, (10, 13), (10, 14))
    gone = source.split("\n\n\n")[0] + "\n"
    assert survivors.relocate(gone, operator, 1, (6, 11), diff) is None


def test_a_survivor_whose_code_was_removed_is_recorded_so_and_not_applied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    operator = "core/ReplaceBinaryOperator_Add_Sub"
    source = (
        "def a(x: int) -> int:\n    return x + 1\n\n\ndef b(y: int) -> int:\n    return y + 2\n"
    )
    diff = _session_diff(source, operator, 1)
    module = tmp_path / "spec" / "rule.py"
    module.parent.mkdir()
    module.write_text(source.split("\n\n\n")[0] + "\n", encoding="utf-8")
    applied: list[Path] = []
    monkeypatch.setattr(survivors, "_apply", lambda root, path, op, n: applied.append(path))
    mutation = type(
        "Mutation",
        (),
        {"module_path": str(module), "start_pos": (6, 11), "end_pos": (6, 12),
         "operator_name": operator, "occurrence": 1},
    )  # fmt: skip
    item = type("Item", (), {"job_id": "j1", "mutations": [mutation]})()
    verdict = survivors.classify_one(tmp_path, item, diff, tmp_path / "w")
    assert verdict.verdict == survivors.REMOVED and verdict.evidence.startswith("code removed")
    assert applied == []
    kept = dataclasses.replace(verdict, verdict=survivors.UNCLASSIFIED)
    assert survivors.still_there(verdict, item, diff)
    assert not survivors.still_there(kept, item, diff)
