"""House rules (issue #26): any rule set in a variant string, validated eagerly, written
back in one canonical form that marks it, and cited as a house rule, never a source's."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fourhundred.spec import house
from fourhundred.spec.describe import describe
from fourhundred.spec.model import Result
from fourhundred.spec.registry import RULE_FIELDS, VariantError, load, names

ISSUE_SETTINGS = [
    ("pagat-41(min_bid=2)", "pagat-41(house,min_bid=2)"),
    ("pagat-41(double_from=none)", "pagat-41(house,double_from=none)"),
    ("pagat-41(target=61)", "pagat-41(house,target=61)"),
    ("pagat-400(double_from=7)", "pagat-400(house,double_from=7)"),
    ("pagat-41(deal_min=4)", "pagat-41(house,deal_min=4)"),
    ("pagat-41(partner_condition=off)", "pagat-41(house,partner_condition=off)"),
    (
        "pagat-400(table_min_rises=on,table_min_cap=14)",
        "pagat-400(house,table_min_rises=on,table_min_cap=14)",
    ),
    (
        "qahwa-400(values=10:40/11:44/12:48/13:52,reduced_values=none)",
        "qahwa-400(house,values=11:44/12:48/13:52,reduced_values=none)",
    ),
    ("pagat-41(fail_penalty=tricks)", "pagat-41(house,fail_penalty=tricks)"),
    (
        "pagat-41(win_measure=team_total,target=80,partner_condition=non_negative)",
        "pagat-41(house,target=80,win_measure=team_total,partner_condition=non_negative)",
    ),
    ("pagat-41(both_qualify=first_seat)", "pagat-41(house,both_qualify=first_seat)"),
    ("qahwa-400(both_qualify_by=player_score)", "qahwa-400(house,both_qualify_by=player_score)"),
]


@pytest.mark.parametrize(("text", "canonical"), ISSUE_SETTINGS)
def test_each_setting_of_the_issue_is_one_string_marked_house_and_loads_again(
    text: str, canonical: str
) -> None:
    rules = load(text)
    assert str(rules) == canonical
    assert rules.is_house
    assert load(canonical) == rules


def test_every_rule_field_has_a_knob() -> None:
    assert {field for knob in house.KNOBS for field in knob.fields} == set(RULE_FIELDS)


def test_a_knob_that_says_what_an_option_says_becomes_that_option() -> None:
    assert str(load("pagat-41(target=44)")) == "pagat-41(target=44)"
    assert str(load("qahwa-400(deal_min=12)")) == "qahwa-400(total=12)"
    assert str(load("pagat-41(double_from=5)")) == "pagat-41(double_from=5)"
    assert not load("pagat-41(min_bid=1,house)").is_house


def test_after_the_word_house_every_name_is_a_knob() -> None:
    assert str(load("pagat-41(house,double_from=5)")) == "pagat-41(double_from=5)"
    with pytest.raises(VariantError, match="no option or house rule 'total13'"):
        load("pagat-41(house,total13=on)")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "pagat-41(min_bid=x)",
            "house rule min_bid cannot be 'x'; allowed values: a whole number from 1 to 13",
        ),
        (
            "pagat-41(deal_min=3)",
            "deal_min cannot be '3'; allowed values: a whole number from 4 to 13",
        ),
        (
            "pagat-400(double_from=0)",
            "double_from cannot be '0'; allowed values: a whole number from 1 to 13",
        ),
        (
            "pagat-41(fail_penalty=half)",
            "fail_penalty cannot be 'half'; allowed values: value, tricks",
        ),
        ("pagat-41(both_qualify=dice)", "allowed values: higher_total, raise_target, first_seat"),
        ("pagat-41(values=7-14)", "values cannot be '7-14'; allowed values: bid:value pairs"),
        (
            "pagat-41(table_min_rises=yes)",
            "table_min_rises cannot be 'yes'; allowed values: on, off",
        ),
        ("pagat-41(deal_pattern=1-2)", "adding up to 13"),
        ("pagat-41(min_bid=9,max_bid=8)", "min_bid=9 is above max_bid=8"),
        ("pagat-41(min_bid=2,min_bid=3)", "house rule 'min_bid' given twice"),
        ("pagat-41(colour=red)", "pagat-41 has no option or house rule 'colour'"),
        (
            "pagat-41(target=0)",
            "option target cannot be '0'; valid values: 41, 44; as a house rule",
        ),
    ],
)
def test_a_bad_knob_gets_one_error_naming_it_and_its_allowed_values(
    text: str, message: str
) -> None:
    with pytest.raises(VariantError) as error:
        load(text)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


@given(st.sampled_from([text for text, _ in ISSUE_SETTINGS]), st.randoms(use_true_random=False))
def test_the_order_of_options_and_knobs_does_not_change_the_rules(text: str, rnd: object) -> None:
    name, _, inner = text.partition("(")
    parts = inner.rstrip(")").split(",")
    rnd.shuffle(parts)  # type: ignore[attr-defined]
    assert load(f"{name}({','.join(parts)})") == load(text)


def test_a_house_ruled_field_is_cited_as_a_house_rule_and_its_page_says_so() -> None:
    rules = load("pagat-41(min_bid=2,double_from=none)")
    assert house.citation(rules, "min_bid") == "house rule min_bid=2"
    assert house.citation(rules, "values") == "house rule double_from=none"
    assert house.citation(rules, "target") is None
    page = describe(rules)
    assert page["title"].startswith("house rules (no source has them)")
    assert [entry["knob"] for entry in page["house_rules"]] == ["min_bid", "double_from"]
    assert not describe(load("pagat-41"))["house_rules"]


def test_the_new_rules_are_one_definition_on_ints() -> None:
    syrian = load("pagat-41")
    tricks = load("pagat-41(fail_penalty=tricks)")
    assert syrian.score_change(8, 7, 0, 0) == -16 and tricks.score_change(8, 7, 0, 0) == -8
    assert tricks.score_change(8, 8, 0, 0) == 16
    off = load("pagat-41(partner_condition=off)")
    assert off.partner_ok(-50) and not syrian.partner_ok(0)
    low = load("pagat-41(deal_min=8)")
    assert low.table_minimum([0, 0, 0, 0]) == 8
    assert load("pagat-41(deal_min=8,total12=on)").table_minimum([30, 0, 0, 0]) == 9
    first = load("pagat-41(both_qualify=first_seat)")
    # both teams qualify with equal totals (46): pagat plays on; West, the first seat
    # that qualifies (North has 5), wins for West-East
    assert syrian.points_result([5, 45, 41, 1], 41)[0] == Result.CONTINUE
    assert first.points_result([5, 45, 41, 1], 41)[0] == Result.TEAM_1_WINS
    # both qualify, West-East has the higher total: North sits first and wins
    assert syrian.points_result([41, 45, 1, 1], 41)[0] == Result.TEAM_1_WINS
    assert first.points_result([41, 45, 1, 1], 41)[0] == Result.TEAM_0_WINS


def test_the_new_rules_lift_to_z3_and_agree_with_ints() -> None:
    import z3

    for text in ("pagat-41(fail_penalty=tricks)", "pagat-41(partner_condition=off)"):
        rules = load(text)
        bid, tricks = z3.Ints("bid tricks")
        solver = z3.Solver()
        change = rules.score_change(bid, tricks, 0, 0)
        solver.add(z3.And(bid >= 1, bid <= 13, tricks >= 0, tricks <= 13))
        for b in range(1, 14):
            for t in (0, b - 1, b):
                expected = rules.score_change(b, t, 0, 0)
                lifted = z3.substitute(change, (bid, z3.IntVal(b)), (tricks, z3.IntVal(t)))
                assert z3.simplify(lifted).as_long() == expected
    first = load("pagat-41(both_qualify=first_seat)")
    scores = z3.Ints("n w s e")
    result, _ = first.points_result(scores, 41)
    for concrete in ([5, 45, 41, 1], [41, 45, 1, 1], [0, 0, 0, 0], [41, 41, 41, 41]):
        substituted = z3.substitute(result, *zip(scores, map(z3.IntVal, concrete), strict=True))
        assert z3.simplify(substituted).as_long() == first.points_result(concrete, 41)[0]


def test_no_source_rule_set_is_house_rules() -> None:
    from fourhundred.spec.registry import all_readings

    for name in names():
        assert not any(rules.is_house for rules in all_readings(name))


def test_examples_of_the_docs_are_house_rules_each() -> None:
    for example in house.EXAMPLES:
        rules = load(example.text)
        assert rules.is_house, example.text
        base = dataclasses.replace(rules, house=())
        assert house.departures(rules, load(str(base))) == rules.house
