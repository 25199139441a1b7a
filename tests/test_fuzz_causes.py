"""A fuzz finding's cause is the rule point whose mutant gives the implementation's
answer on its input; findings of one cause are one, across kinds."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from fourhundred.conformance import faults, planted
from fourhundred.fuzz.causes import by_cause, cause_of, group_of

POINT = "value-early/qahwa-400/10"


def _finding(kind: str, signature: str, answer_of: str | None = None) -> SimpleNamespace:
    dictionary = faults.read()
    assert dictionary is not None
    key = next(key for key in dictionary.failing(POINT) if key.startswith(kind + "."))
    run = next(run for run in faults.suite_runs() if run.key == key)
    actual = (
        planted.answer(planted.by_name(answer_of), run)
        if answer_of
        else {field: "nonsense" for field in run.case["expected"]}
    )
    return SimpleNamespace(
        kind=kind,
        variant=run.variant,
        input=run.case["input"],
        expected=run.case["expected"],
        actual=actual,
        signature=signature,
        status="wrong",
    )


def test_the_cause_of_a_finding_is_the_point_whose_mutant_answers_alike() -> None:
    finding = _finding("bid_value", "s1", POINT)
    name = cause_of(finding.kind, finding.variant, finding.input, finding.expected, finding.actual)
    assert name is not None and group_of(name) == "value-early/*/*"


def test_findings_of_one_cause_in_two_kinds_are_one_listing_each_kinds_witness() -> None:
    found = by_cause(
        [
            _finding("bid_value", "s1", POINT),
            _finding("hand_scoring", "s2", POINT),
            _finding("bid_value", "s3"),
        ]
    )
    assert [group.cause for group in found] == ["value-early/*/*", None]
    assert found[0].kinds == ("bid_value", "hand_scoring")
    assert found[1].signature == "s3" and found[1].kinds == ("bid_value",)


def test_a_rule_point_is_grouped_by_its_family_across_parameters_and_variants() -> None:
    """One band rule wrong at two edges, or one target off under two variants, is one
    cause; a point of no family keeps its lifted id, a hand-written mutant its name."""
    assert group_of("band-late/qahwa-400/30") == group_of("band-late/*/40") == "band-late/*/*"
    assert group_of("band-late/medallon-400/50") == "band-late/*/*"
    assert group_of("off-by-one/qahwa-400/target=42") == "off-by-one/*/target+1"
    assert group_of("off-by-one/qahwa-400/target=40") == "off-by-one/*/target-1"
    assert group_of("made/qahwa-400") == "made/*"
    assert group_of("band-edge-31") == "band-edge-31"


def test_one_wrong_rule_read_two_ways_is_one_group() -> None:
    """A rule set read with ``partner_condition=off`` is the partner's score ignored:
    the flip and the partner-ignored points fail the very same runs with the very same
    answers under every variant, so a finding of either is one cause; a rule wrong at
    one rule set only keeps its own group, and other rules stay apart."""
    dictionary = faults.read()
    assert dictionary is not None
    flip, ignored = "flip/*/partner_condition=off", "partner-ignored/*"
    assert dictionary.failing(flip) == dictionary.failing(ignored) != {}
    names = (
        "flip/qahwa-400/partner_condition=off",
        "flip/medallon-400/partner_condition=off",
        "partner-ignored/qahwa-400",
        "partner-ignored/arab3meyeh-400",
        flip,
        ignored,
    )
    assert len({group_of(name) for name in names}) == 1
    assert group_of(ignored) in (flip, ignored)
    assert group_of("flip/qahwa-400/partner_condition=non_negative") != group_of(ignored)
    assert group_of("made/qahwa-400") == "made/*"


def test_a_hand_written_bug_that_fails_as_a_rule_of_every_variant_is_that_rule() -> None:
    """The deal passing left (a hand-written mutant) fails the very same runs with the
    very same answers as the dealer point of every variant: a finding of it is named
    ``dealer/*``, as a planted engine with that bug is; a hand-written bug no group
    fails alike keeps its name."""
    dictionary = faults.read()
    assert dictionary is not None
    assert dictionary.failing("dealer-passes-left") == dictionary.failing("dealer/*") != {}
    assert group_of("dealer-passes-left") == group_of("dealer/medallon-400") == "dealer/*"
    assert group_of("lower-total-wins") == group_of("both-qualify/pagat-41")
    assert group_of("qahwa-9-worth-26") == "qahwa-9-worth-26"


def test_a_fuzz_message_quotes_the_action_it_is_about() -> None:
    from fourhundred.fuzz.compare import Outcome, compare

    run = next(
        run
        for run in faults.suite_runs()
        if run.kind == "whole_game" and run.case["expected"]["rejected"]
    )
    index, _code = run.case["expected"]["rejected"][0]
    accepted = {**run.case["expected"], "rejected": run.case["expected"]["rejected"][1:]}
    found = compare(
        "whole_game", run.variant, run.case["expected"], Outcome.ok(accepted),
        run.case["input"]["actions"],
    )  # fmt: skip
    assert found is not None
    text = str(run.case["input"]["actions"][index])[:20]
    assert any(f"action {index} " in d and text in d and "'?'" not in d for d in found.details)


def test_an_adapter_of_exact_settings_only_is_told_which_strings_to_fuzz_with() -> None:
    from fourhundred.fuzz.job import _exact_hint

    impl = SimpleNamespace(hello={"exact": ["qahwa-400(table=classic)", "pagat-41(total12=on)"]})
    hint = _exact_hint(impl, ["qahwa-400"])  # type: ignore[arg-type]
    assert hint.endswith("fuzz with --variant 'qahwa-400(table=classic)'")
    assert _exact_hint(SimpleNamespace(hello={"exact": []}), ["qahwa-400"]) == ""  # type: ignore[arg-type]


def test_a_known_cause_tames_the_inputs_that_only_show_it_again() -> None:
    """The tamer knows a cause once a finding of it is learnt: an input its mutant
    answers as the implementation did is set aside for the kind it has a witness of,
    not for another kind, and an input of another bug is not."""
    from fourhundred.fuzz.causes import Tamer

    tamer = Tamer()
    first = _finding("bid_value", "s1", POINT)
    assert not tamer.tamed(first.kind, first.variant, first.input, first.expected, first.actual)
    assert tamer.learn(first) == ("value-early/*/*", True)
    assert tamer.learn(first) == ("value-early/*/*", False)
    again = _finding("bid_value", "s2", POINT)
    assert tamer.tamed(again.kind, again.variant, again.input, again.expected, again.actual)
    other_kind = _finding("hand_scoring", "s3", POINT)
    assert tamer.known(*_asked(other_kind)) == "value-early/*/*"
    assert not tamer.tamed(*_asked(other_kind))
    nonsense = _finding("bid_value", "s4")
    assert tamer.known(*_asked(nonsense)) is None


def _asked(finding: SimpleNamespace) -> tuple[str, str, dict[str, object], object, object]:
    return finding.kind, finding.variant, finding.input, finding.expected, finding.actual


def test_a_tamed_campaign_gives_one_finding_per_cause_and_kind() -> None:
    """A campaign against two planted bugs (in process, a case budget: no clock) names
    both, with no two findings of one cause in one kind, and sets aside what the
    causes it knows explain; untamed, the same campaign finds the same causes (the
    taming loses none) and sets nothing aside."""
    from fuzz_adapters.in_process import PLANTED_PAIR, planted_pair

    from fourhundred.fuzz.campaign import run_campaign
    from fourhundred.fuzz.records import Config

    config = Config(
        variants=("qahwa-400",),
        kinds=("bid_value", "legal_bids", "hand_scoring"),
        cases=3000,
        implementation=planted_pair,
    )
    tamed = run_campaign(config)
    groups = by_cause(tamed.findings)
    assert sorted(group.cause or "" for group in groups) == sorted(map(group_of, PLANTED_PAIR))
    pairs = [(group.cause, kind) for group in groups for kind in group.kinds]
    assert len(tamed.findings) == len(pairs) == len(set(pairs))
    assert tamed.tamed > 0
    untamed = run_campaign(replace(config, tame=False))
    assert untamed.tamed == 0
    assert {group.cause for group in by_cause(untamed.findings)} == {g.cause for g in groups}


#: A partner bug of arab3meyeh-400 and a raise by 5 that only it lets happen.
PARTNER_AND_RAISE = ("partner-ignored/arab3meyeh-400", "raise/arab3meyeh-400")


def _raised_beside_partner() -> Any:
    """A game outcome (arab3meyeh-400, the reference's answer) where both teams reach
    51 and East's partner (West) is below zero: ignoring the partner raises the target."""
    from fourhundred.conformance.adapter import reference_answer
    from fourhundred.conformance.suite import Run
    from fourhundred.spec.registry import load

    rules = load("arab3meyeh-400")
    data = {"scores": [46, 0, 0, 46], "bids": [5, 2, 2, 5], "tricks": [5, 0, 2, 6]}
    data |= {"dealer": 0, "target_in_force": 51}
    expected = reference_answer("game_outcome", rules, data)
    case = {"id": "t.0001", "kind": "game_outcome", "input": data, "expected": expected}
    return Run(case, str(rules))


def test_a_bug_that_shows_only_beside_a_known_one_is_named_beside_it() -> None:
    """A raise by 5 shows only where a known partner bug lets both teams qualify: the
    raise's mutant alone answers this game outcome right, and played beside the known
    cause it gives the engine's answer, so it is the new cause (not a finding that no
    point reproduces)."""
    from fourhundred.fuzz.causes import beside_known

    partner, raise_by_5 = map(planted.by_name, PARTNER_AND_RAISE)
    run = _raised_beside_partner()
    actual = planted.answer(planted.Planted("pair", (partner, raise_by_5)), run)
    assert planted.answer(raise_by_5, run) == run.case["expected"] != actual
    assert planted.answer(partner, run) != actual
    found = beside_known(run, actual, (partner,))
    assert found and found[0].name == raise_by_5.name


def test_a_known_cause_of_every_variant_is_played_under_each_variant() -> None:
    """A cause found in a qahwa case as ``failed/qahwa-400`` is the failed rule of every
    variant: beside a new bug in a medallon game it is played as ``failed/*`` (its own
    point touches nothing there, so a finding beside it was one no point reproduces)."""
    from fourhundred.fuzz.causes import Tamer

    tamer = Tamer()
    tamer.knows("failed/qahwa-400", "hand_scoring")
    assert [bug.name for bug in tamer.causes("qahwa-400")] == ["failed/qahwa-400"]
    assert [bug.name for bug in tamer.causes("medallon-400")] == ["failed/*"]
    tamer.knows("band-late/qahwa-400/30", "bid_value")
    assert len(tamer.causes("pagat-41")) == 2 and tamer.causes("pagat-41")[0].name == "failed/*"


def test_a_cause_is_told_from_its_neighbours_on_an_engine_with_other_bugs() -> None:
    """An engine where the lower total wins (pagat-41), with a 7 valued late and bids
    above the maximum let in: three points reproduce a game outcome of it, and the
    suite cases that tell them apart are answered otherwise by the other bugs. Asked
    fresh questions, and judged beside the bug already known, the engine's own point
    is named, not a neighbouring reading of the rule set (``both_qualify=first_seat``)."""
    from fourhundred.conformance.suite import Run
    from fourhundred.fuzz.causes import probed_cause

    bugs = ("both-qualify/pagat-41", "value-late/pagat-41/7", "action/bid_above_maximum")
    engine = planted.Planted("three", tuple(map(planted.by_name, bugs)))
    run = next(
        r
        for r in faults.suite_runs()
        if r.key == "game_outcome.pagat-41.rd-higher-total-team-total@pagat-41"
    )
    finding = SimpleNamespace(
        kind=run.kind,
        variant=run.variant,
        input=run.case["input"],
        expected=run.case["expected"],
        actual=planted.answer(engine, run),
        signature="s",
        status="wrong",
    )
    asked: list[str] = []

    def ask(kind: str, variant: str, data: object, expected: object) -> object:
        asked.append(kind)
        case = {"id": "t.0001", "kind": kind, "input": data, "expected": expected}
        return planted.answer(engine, Run(case, variant))

    known = (planted.by_name(bugs[1]),)
    assert (
        cause_of(run.kind, run.variant, run.case["input"], run.case["expected"], finding.actual)
        != bugs[0]
    )
    assert probed_cause(finding, ask, lambda kind, variant: True, known=known) == bugs[0]
    assert 0 < len(asked) <= 2 * 12


def test_a_finding_no_point_reproduces_alone_is_named_beside_the_other_findings_causes() -> None:
    """A whole game of an engine that bids clockwise and charges nothing for a failed
    bid shows both bugs, and no mutant alone answers it: found before any cause was
    known, it had no cause. Beside the failed rule another finding names, the bidding
    order gives the engine's answer, so the campaign's findings make two causes."""
    bugs = ("flip/*/bidding_order=clockwise", "failed/*")
    engine = planted.Planted("two", tuple(map(planted.by_name, bugs)))
    runs = {run.key: run for run in faults.suite_runs()}
    whole = runs["whole_game.qahwa-400.0040@qahwa-400(house,both_qualify_by=player_score)"]
    dictionary = faults.read()
    assert dictionary is not None
    scoring = next(
        runs[key] for key in sorted(dictionary.failing(bugs[1])) if key.startswith("hand_scoring.")
    )
    findings = [
        SimpleNamespace(
            kind=run.kind,
            variant=run.variant,
            input=run.case["input"],
            expected=run.case["expected"],
            actual=planted.answer(engine, run),
            signature=f"s{index}",
            status="wrong",
        )
        for index, run in enumerate((whole, scoring))
    ]
    first = findings[0]
    assert cause_of(first.kind, first.variant, first.input, first.expected, first.actual) is None
    assert [(group.cause, group.kinds) for group in by_cause(findings)] == [
        (bugs[0], ("whole_game",)),
        (bugs[1], ("hand_scoring",)),
    ]


def _answered(engine: planted.Planted, key: str, cause: str = "") -> SimpleNamespace:
    """A finding of the engine on the suite run ``key``, with the cause a job recorded."""
    return _finding_of(engine, next(run for run in faults.suite_runs() if run.key == key), cause)


def _finding_of(engine: planted.Planted, run: Any, cause: str = "") -> SimpleNamespace:
    """A finding of the engine on ``run`` (its expected answer the reference's)."""
    return SimpleNamespace(
        kind=run.kind,
        variant=run.variant,
        input=run.case["input"],
        expected=run.case["expected"],
        actual=planted.answer(engine, run),
        signature=run.key,
        status="wrong",
        cause=cause,
    )


def test_one_rule_named_two_ways_across_kinds_is_named_by_the_point_that_answers_both() -> None:
    """A game outcome named by a neighbouring reading of the rule set
    (``both_qualify=first_seat``), a whole game by the engine's own point: the own
    point answers both as the engine did, the neighbour not the whole game, so both
    are one cause, the engine's point."""
    bug, neighbour = "both-qualify/pagat-41", "flip/pagat-41/both_qualify=first_seat"
    engine = planted.Planted("one", (planted.by_name(bug),))
    findings = [
        _answered(engine, "game_outcome.pagat-41.rd-higher-total-team-total@pagat-41", neighbour),
        _answered(engine, "whole_game.pagat-41.0016@pagat-41", bug),
    ]
    assert [group.cause for group in by_cause(findings)] == [group_of(bug)]


def test_two_names_that_answer_each_others_findings_alike_are_one_cause_the_first() -> None:
    """Two findings of one game outcome, named by two points that both answer each as
    the engine did: nothing tells them apart, so they are one cause, named as the
    first finding's."""
    bug, neighbour = "both-qualify/pagat-41", "flip/pagat-41/both_qualify=first_seat"
    engine = planted.Planted("one", (planted.by_name(bug),))
    key = "game_outcome.pagat-41.rd-higher-total-team-total@pagat-41"
    first, second = _answered(engine, key, neighbour), _answered(engine, key, bug)
    second.signature = "another"
    assert [group.cause for group in by_cause([first, second])] == [group_of(neighbour)]
    assert [group.cause for group in by_cause([second, first])] == [group_of(bug)]


def test_a_finding_two_known_causes_explain_together_is_no_cause_of_its_own() -> None:
    """A game outcome where a known partner bug lets both teams qualify and a known
    raise-by-5 bug then raises the target: the two causes together answer it as the
    engine did, so it is a witness of them, not a finding no point reproduces."""
    names = PARTNER_AND_RAISE
    engine = planted.Planted("two", tuple(map(planted.by_name, names)))
    dictionary = faults.read()
    assert dictionary is not None
    alone = [_answered(engine, sorted(dictionary.failing(name))[0], name) for name in names]
    both = _finding_of(engine, _raised_beside_partner())
    assert cause_of(both.kind, both.variant, both.input, both.expected, both.actual) is None
    groups = by_cause([*alone, both])
    assert [group.cause for group in groups] == [group_of(name) for name in names]
