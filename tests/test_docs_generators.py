"""The docs generators on their own (no site build): includes, ledger, provenance, matrix.

These are the functions ``docs/hooks/generate.py`` calls at build time; bad
input to them (an unknown include, a ledger that is not a ledger) must stop
the build with a message naming what was wrong.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import re
import sys
import typing
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from fourhundred.conformance.suite import load_cases
from fourhundred.spec.describe import value_text
from fourhundred.spec.model import Result, Rules
from fourhundred.spec.registry import RULE_FIELDS, all_readings, get, load, names

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / "docs" / "hooks"


@pytest.fixture(scope="module")
def docsgen() -> Iterator[dict[str, ModuleType]]:
    sys.path.insert(0, str(HOOKS))
    try:
        yield {
            name: importlib.import_module(f"docsgen.{name}")
            for name in (
                "includes",
                "claims",
                "provenance",
                "matrix",
                "charts",
                "worked_hand",
                "applicability",
                "words",
                "howto",
                "anchors",
                "rules_pages",
                "overview",
                "glossary",
                "score_sheet",
                "hands",
                "players",
                "register_page",
            )
        }
    finally:
        sys.path.remove(str(HOOKS))


def test_an_unknown_include_is_refused_with_the_list_of_known_ones(
    docsgen: dict[str, ModuleType],
) -> None:
    with pytest.raises(ValueError, match=r"unknown include 'nonsense'; known: .*readme-commands"):
        docsgen["includes"].expand("<!-- include: nonsense -->", ROOT)


def test_an_include_of_a_missing_file_becomes_a_labelled_placeholder(
    docsgen: dict[str, ModuleType], tmp_path: Path
) -> None:
    text = docsgen["includes"].expand("<!-- include: adapters -->", tmp_path)
    assert "Not available yet" in text
    assert "conformance/ADAPTERS.md" in text


def test_an_include_that_needs_a_path_says_so(docsgen: dict[str, ModuleType]) -> None:
    with pytest.raises(ValueError, match="include docstring takes one path"):
        docsgen["includes"].expand("<!-- include: docstring -->", ROOT)


def test_readme_commands_are_taken_from_the_readme(
    docsgen: dict[str, ModuleType], tmp_path: Path
) -> None:
    (tmp_path / "README.md").write_text(
        "Intro.\n\nRun this:\n\n```sh\necho one\n```\n\nAnd this:\n\n```sh\necho two\n```\n",
        encoding="utf-8",
    )
    text = docsgen["includes"].readme_commands(tmp_path)
    assert "Run this:" in text and "echo one" in text
    assert "And this:" in text and "echo two" in text


def test_an_rst_simple_table_becomes_a_markdown_table(docsgen: dict[str, ModuleType]) -> None:
    rst = "Fields::\n\n===== =============\nphase ``deal`` or\n      ``play``\nseat  ``N``\n===== =============\n"
    text = docsgen["includes"].rst_to_markdown(rst)
    assert "| phase | `deal` or `play` |" in text
    assert "| seat | `N` |" in text


def test_relative_links_of_an_included_file_name_repository_paths(
    docsgen: dict[str, ModuleType],
) -> None:
    text = docsgen["includes"].repository_links(
        "See [the schema](schema/case.json) and [pagat](https://www.pagat.com/).", "conformance"
    )
    assert text == (
        "See the schema (`conformance/schema/case.json`) and [pagat](https://www.pagat.com/)."
    )


def test_a_ledger_without_findings_is_refused_with_a_reason(
    docsgen: dict[str, ModuleType],
) -> None:
    claims = docsgen["claims"]
    with pytest.raises(claims.LedgerUnavailable, match="no list of findings"):
        claims.findings({"schema": 1})
    with pytest.raises(claims.LedgerUnavailable, match="holds no findings"):
        claims.findings({"findings": []})
    with pytest.raises(claims.LedgerUnavailable, match="no `id` or no `verdict`"):
        claims.findings({"findings": [{"id": "x"}]})


def test_the_ledger_page_shows_a_counterexample_from_saved_findings(
    docsgen: dict[str, ModuleType], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    finding = {
        "id": "claim-x",
        "kind": "claim",
        "group": "values",
        "title": "Bigger bids pay more",
        "sources": [{"source": "qahwa", "section": "Scoring", "says": "bigger pays more"}],
        "variant": "qahwa-400",
        "reading": "qahwa-400",
        "verdict": "refuted",
        "bound": None,
        "counterexample": {"lower_bid": 10, "higher_bid": 11},
        "witness": None,
        "note": "",
        "seconds": 0.01,
    }
    page = docsgen["claims"].render_ledger({"findings": [finding]})
    assert "{#check-claim-x}" in page
    assert "fh-bad" in page
    assert '"higher_bid": 11' in page


def test_the_ledger_page_says_plainly_when_there_is_no_ledger_file(
    docsgen: dict[str, ModuleType], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("FOURHUNDRED_DOCS_VERIFY_JSON", raising=False)
    page = docsgen["claims"].ledger_page(tmp_path)
    assert "not available in this build" in page
    assert "there is no ledger file" in page


def test_every_rule_of_every_variant_has_a_value_and_a_citation_or_option(
    docsgen: dict[str, ModuleType],
) -> None:
    provenance = docsgen["provenance"]
    for name in names():
        variant = get(name)
        for field in RULE_FIELDS:
            origin = provenance.provenance(variant, field)
            assert origin.value == getattr(load(name), field)
            if origin.setter == "source":
                assert origin.citation is not None, (name, field)
            else:
                assert origin.option is not None, (name, field)


def test_a_reading_option_links_its_cell_to_its_register_entry(
    docsgen: dict[str, ModuleType],
) -> None:
    origin = docsgen["provenance"].provenance(get("medallon-400"), "bidding_order")
    assert origin.setter == "reading"
    assert "bidding-direction" in origin.ambiguities


def test_the_comparison_colours_equal_values_alike(docsgen: dict[str, ModuleType]) -> None:
    shades = docsgen["matrix"]._shade(["2", "1", "2", "2", "3"])
    assert shades[0] == shades[2] == shades[3] == "fh-v0"
    assert shades[1] != shades[4]


def test_the_chart_marks_a_deciding_13_instead_of_plotting_points(
    docsgen: dict[str, ModuleType],
) -> None:
    points, special = docsgen["charts"].series("pagat-400", 0)
    assert special == [13]
    assert 13 not in [bid for bid, _ in points]
    assert (9, 27) in points


def test_the_worked_hand_is_scored_by_the_spec(docsgen: dict[str, ModuleType]) -> None:
    worked = docsgen["worked_hand"]
    hand = worked.worked_hand()
    assert sum(hand.tricks_won) == 13
    expected, _, _ = hand.rules.hand_result(
        worked.SCORES_BEFORE, hand.bids, hand.tricks_won, worked.DEALER, hand.rules.target
    )
    assert hand.scores_after == tuple(expected)


def test_a_table_entry_for_a_deciding_13_is_shown_as_what_it_decides(
    docsgen: dict[str, ModuleType],
) -> None:
    show = docsgen["provenance"].show_value
    medallon, pagat_400 = load("medallon-400"), load("pagat-400")
    assert show("values", medallon.values, medallon).endswith("13=wins the game (failed: -52)")
    assert show("values", pagat_400.values, pagat_400).endswith("13=wins or loses the game")
    assert show("deal_pattern", (1,) * 13) == "one card at a time"


# --- Applicability: a cell never states a rule for a variant it does not apply to ---------

#: Scores the fingerprint samples: below, at and around every band and target.
_SCORES = (-5, 0, 1, 29, 30, 39, 40, 41, 44, 50, 51, 60, 140)


def _alternatives(field: str, rules: Rules) -> list[object]:
    """Other values a field can take (from its type), for mutating a rule set."""
    hint = typing.get_type_hints(Rules)[field]
    current = getattr(rules, field)
    if typing.get_origin(hint) is typing.Literal:
        candidates: list[object] = list(typing.get_args(hint))
    elif hint is bool:
        candidates = [True, False]
    else:
        candidates = {
            "deal_pattern": [(1,) * 13, (1, 2, 2, 2, 2, 2, 2), (3, 3, 3, 4)],
            "values": [tuple((bid, points + 1) for bid, points in rules.values)],
            "reduced_values": [(), ((5, 1), (6, 1))],
            "min_bid": [1, 2, 3],
            "max_bid": [12, 13],
            "table_min_base": [11, 12, 13],
            "target": [31, 41, 61],
            "own_min_cap": [None, 4, 5, 13],
            "table_min_cap": [None, 12, 13, 14],
            "turn_time_limit": [None, 25],
        }[field]
    return [value for value in candidates if value != current]


Hand = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]


def _scenarios() -> list[Hand]:
    """Hands to settle: random scores, bids (13 often) and tricks, dealers and raised targets."""
    rng = random.Random("applicability")
    out = []
    for _ in range(24):
        scores = tuple(rng.choice(_SCORES) for _ in range(4))
        bids = tuple(13 if rng.random() < 0.3 else rng.randint(1, 12) for _ in range(4))
        if rng.random() < 0.4:
            split = [0, 0, 0, 0]
            split[rng.randrange(4)] = 13
        else:
            cuts = sorted(rng.randint(0, 13) for _ in range(3))
            split = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
        out.append((scores, bids, tuple(split), rng.randrange(4), rng.choice((0, 10))))
    return out


SCENARIOS = _scenarios()


def deciding_hands(target: int) -> list[Hand]:
    """Hands where the rules about 13 show: seats are North, West, South, East."""
    return [
        # North makes 13 while South falls below zero (a made 13 wins outright or not).
        ((0, 0, -5, 0), (13, 2, 2, 2), (13, 0, 0, 0), 3, 0),
        # North and West both fail a 13 (two deciding 13s in one hand).
        ((0, 0, 0, 0), (13, 13, 2, 2), (0, 0, 7, 6), 3, 0),
        # North fails a 13 as South reaches the target (13 first, or points first).
        ((target - 2, 0, target - 2, 0), (13, 2, 2, 2), (0, 5, 4, 4), 3, 0),
        # North makes 13 while West-East stay on the target (13 first, or points first).
        ((0, target + 4, 5, 5), (13, 2, 2, 2), (13, 0, 0, 0), 3, 0),
    ]


def endings(target: int) -> list[tuple[int, int, int, int]]:
    """Scores after a hand where the end-of-game rules show."""
    return [
        (target, target, 5, 5),  # both teams qualify with equal totals
        (target, target + 4, 10, 1),  # the higher total and the higher player differ
        (target, target, -1, 5),  # both reach the target, only West-East qualify
        (target, 0, 0, 0),  # North on the target, South on zero
        (target // 2, 0, target - target // 2, 0),  # the partners' total reaches it
    ]


def _fingerprint(rules: Rules) -> Iterator[object]:
    """Everything the rule functions decide on a sample, cheapest first."""
    yield rules.dealer_may_throw_in, rules.turn_time_limit
    yield tuple(rules.bidding_seats(d) for d in range(4))
    yield tuple(rules.trick_seats(s) for s in range(4))
    yield tuple(rules.deal([f"{n}" for n in range(52)], 0))
    yield tuple(rules.own_minimum_bid(s) for s in _SCORES)
    yield tuple(rules.bid_is_legal(b, 0) for b in range(0, 15))
    for score in _SCORES:
        for table in ([score, 0, 0, 0], [score] * 4, [0, score, score, score]):
            yield rules.table_minimum(table)
    for own in (0, 30):
        for highest in (0, 30):
            yield tuple(rules.bid_value(b, own, highest) for b in range(1, 14))
    for scores in endings(rules.target):
        for raised in (0, 10):
            yield rules.points_result(scores, rules.target + raised)
    for scores, bids, tricks, dealer, raised in (*deciding_hands(rules.target), *SCENARIOS):
        yield rules.hand_is_played(bids, scores)
        yield rules.hand_result(scores, bids, tricks, dealer, rules.target + raised)


def _same(known: list[object], other: Rules) -> bool:
    """Whether a rule set decides everything as the one whose fingerprint is ``known``."""
    return all(a == b for a, b in zip(known, _fingerprint(other), strict=True))


def _check_applicability(rule_sets: list[Rules], applicability: ModuleType) -> list[str]:
    """Rules said not to apply that change something; conditional ones said to apply that don't.

    (Whether an unconditional rule changes something on this sample is not asked: that
    needs a witness for every rule, which the proofs of ``fourhundred verify`` give.)
    """
    wrong = []
    for rules in rule_sets:
        known = list(_fingerprint(rules))
        for field in RULE_FIELDS:
            said = applicability.applies(field, rules)
            if said and field not in applicability.CONDITIONS:
                continue
            mutants = [
                dataclasses.replace(rules, **{field: v}) for v in _alternatives(field, rules)
            ]
            matters = any(not _same(known, mutant) for mutant in mutants)
            if matters != said:
                wrong.append(f"{rules} {field}: applies() says {said}")
    return wrong


def _gate_mutations(rules: Rules) -> list[Rules]:
    """A rule set with each rule that other rules depend on switched to its other values."""
    gates = ("own_min_rises", "table_min_rises", "thirteen", "both_qualify", "eleven_plus_fifty")
    gates += ("reduced_values", "value_scale", "table_min_base")
    return [
        dataclasses.replace(rules, **{gate: value})
        for gate in gates
        for value in _alternatives(gate, rules)
    ]


def test_a_rule_applies_to_a_rule_set_exactly_when_changing_it_changes_the_game(
    docsgen: dict[str, ModuleType],
) -> None:
    defaults = [load(name) for name in names()]
    rule_sets = defaults + [m for rules in defaults for m in _gate_mutations(rules)]
    assert _check_applicability(rule_sets, docsgen["applicability"]) == []


@pytest.mark.slow
def test_applicability_holds_on_every_reading_and_every_single_rule_mutation(
    docsgen: dict[str, ModuleType],
) -> None:
    readings = list(dict.fromkeys(r for name in names() for r in all_readings(name)))
    mutated = [
        dataclasses.replace(rules, **{field: value})
        for rules in (load(name) for name in names())
        for field in RULE_FIELDS
        for value in _alternatives(field, rules)
    ]
    assert _check_applicability(readings + mutated, docsgen["applicability"]) == []


def test_the_spec_never_cites_a_rule_it_marks_not_used_as_applying(
    docsgen: dict[str, ModuleType],
) -> None:
    """A source's 'not used' entries are exactly the rules that do not apply to it."""
    applicability = docsgen["applicability"]
    for name in names():
        variant, rules = get(name), load(name)
        for field, fixed in variant.definition.fixed.items():
            if fixed.cite.says.startswith("not used"):
                assert not applicability.applies(field, rules), (name, field)


# --- The comparison matrix ---------------------------------------------------------------


def _matrix_cells(page: str, row_id: str) -> list[str]:
    """The cells of one row of the comparison page's HTML, in variant order."""
    row = re.search(rf'<tr[^>]*id="{re.escape(row_id)}"[^>]*>(.*?)</tr>', page, re.DOTALL)
    assert row is not None, row_id
    return re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.DOTALL)


def test_no_matrix_cell_states_a_rule_for_a_variant_it_does_not_apply_to(
    docsgen: dict[str, ModuleType],
) -> None:
    page = docsgen["matrix"].comparison_page()
    applicability = docsgen["applicability"]
    for field in RULE_FIELDS:
        cells = _matrix_cells(page, f"row-{field}")
        for name, shown in zip(names(), cells, strict=True):
            says_not = applicability.DOES_NOT_APPLY in shown
            assert says_not == (not applicability.applies(field, load(name))), (name, field)
            assert says_not == ("fh-cite" not in shown), (name, field)


def test_a_rule_that_cannot_apply_to_a_mutated_rule_set_reads_does_not_apply(
    docsgen: dict[str, ModuleType],
) -> None:
    """The same variant page data with the rise switched off: its cap no longer applies."""
    applicability = docsgen["applicability"]
    rising = load("pagat-400(rising_min=on)")
    assert applicability.applies("own_min_cap", rising)
    assert not applicability.applies(
        "own_min_cap", dataclasses.replace(rising, own_min_rises=False)
    )
    assert not applicability.applies("thirteen_win", load("pagat-41"))
    assert applicability.applies(
        "thirteen_win", dataclasses.replace(load("pagat-41"), thirteen="win_or_lose_game")
    )


def test_a_base_value_cites_the_rule_that_sets_it_never_a_house_option_for_a_fixed_value(
    docsgen: dict[str, ModuleType],
) -> None:
    """At a score of 0 nothing has risen: the minimums cite the base rule, as the source does."""
    matrix, provenance = docsgen["matrix"], docsgen["provenance"]
    for name in names():
        variant, rules = get(name), load(name)
        for cell, base in (
            (matrix.own_minimum_cell(rules, 0), "min_bid"),
            (matrix.table_minimum_cell(rules, 0), "table_min_base"),
        ):
            assert cell.field == base, (name, cell)
            origin = provenance.provenance(variant, cell.field)
            if base in variant.definition.fixed:
                assert origin.setter == "source", (name, base, origin.setter)
        for bid in range(rules.min_bid, rules.max_bid + 1):
            cited = provenance.provenance(variant, matrix.bid_cell(rules, bid, 0).field)
            assert cited.value is not None and cited.setter in ("source", "house", "reading")


def test_every_citation_of_the_comparison_is_printed_once(docsgen: dict[str, ModuleType]) -> None:
    page = docsgen["matrix"].comparison_page()
    listed = re.findall(r'<li value="(\d+)" id="cite-\1"', page)
    marks = set(re.findall(r'href="#cite-(\d+)"', page))
    assert len(listed) == len(set(listed))
    assert marks == set(listed)
    texts = re.findall(r'<li value="\d+" id="cite-\d+">(.*?)</li>', page)
    assert len(texts) == len(set(texts))


def test_an_own_minimum_above_the_largest_bid_says_there_is_no_legal_bid(
    docsgen: dict[str, ModuleType],
) -> None:
    matrix = docsgen["matrix"]
    for name in names():
        rules = load(name)
        for score in matrix.MINIMUM_SCORES:
            stuck = int(rules.own_minimum_bid(score)) > rules.max_bid
            assert ("no legal bid" in matrix.own_minimum_cell(rules, score).text) == stuck
            assert ("no legal bid" in matrix.table_minimum_cell(rules, score).text) == stuck


# --- Includes never cut a sentence --------------------------------------------------------


def _included_paragraphs_are_whole(includes: ModuleType, root: Path) -> None:
    source = includes.paragraphs((root / "README.md").read_text(encoding="utf-8"))
    for paragraph in includes.paragraphs(includes.readme_commands(root)):
        assert paragraph in source, f"not a whole README paragraph: {paragraph!r}"


def test_every_paragraph_included_from_the_readme_is_a_whole_paragraph_of_it(
    docsgen: dict[str, ModuleType],
) -> None:
    _included_paragraphs_are_whole(docsgen["includes"], ROOT)


def test_a_wrapped_readme_paragraph_is_included_whole(
    docsgen: dict[str, ModuleType], tmp_path: Path
) -> None:
    (tmp_path / "README.md").write_text(
        "Intro.\n\n**Run the tests** (sets up things,\nwhen run as root; this is what CI runs):\n\n"
        "```sh\n.ci/run\n```\n",
        encoding="utf-8",
    )
    text = docsgen["includes"].readme_commands(tmp_path)
    assert "**Run the tests** (sets up things, when run as root; this is what CI runs):" in text
    _included_paragraphs_are_whole(docsgen["includes"], tmp_path)


# --- One vocabulary for people -----------------------------------------------------------


@pytest.fixture(scope="module")
def people_pages(docsgen: dict[str, ModuleType]) -> dict[str, str]:
    """Every generated page people read as rules (not the API reference)."""
    modules = docsgen
    pages = dict(modules["rules_pages"].all_pages())
    pages["rules/comparison.md"] = docsgen["matrix"].comparison_page()
    pages["rules/worked-hand.md"] = docsgen["worked_hand"].worked_hand_page()
    pages["rules/overview.md"] = modules["overview"].overview_page()
    pages["rules/glossary.md"] = modules["glossary"].glossary_page()
    pages["rules/ambiguities.md"] = modules["register_page"].register_page()
    pages.update(modules["score_sheet"].all_sheets())
    pages.update(modules["hands"].all_hands())
    return pages


def test_results_are_written_in_words_derived_from_the_result_codes(
    docsgen: dict[str, ModuleType],
) -> None:
    words = docsgen["words"]
    said = {code: words.result(int(code)) for code in Result}
    assert len(set(said.values())) == len(Result)
    assert said[Result.TEAM_0_WINS] == f"{words.team(0)} win"
    assert said[Result.TEAM_1_WINS] == f"{words.team(1)} win"
    assert words.result("team_1_wins") == said[Result.TEAM_1_WINS]
    assert {words.seat(n) for n in range(4)} == {"North", "East", "South", "West"}
    with pytest.raises(ValueError, match="unknown result 'team_2_wins'"):
        words.result("team_2_wins")


def test_a_counterexample_on_the_ledger_spells_out_its_result_and_seat_codes(
    docsgen: dict[str, ModuleType], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    finding = {"id": "c", "kind": "claim", "variant": "qahwa-400", "reading": "qahwa-400"}
    finding |= {"verdict": "refuted", "counterexample": {"result": 3, "dealer": 1}}
    page = docsgen["claims"].render_ledger({"findings": [finding]})
    assert "In words: result 3 = draw; dealer 1 = West." in page


def test_no_page_people_read_spells_a_team_or_result_as_the_data_does(
    people_pages: dict[str, str],
) -> None:
    for path, text in people_pages.items():
        for spelling in ("team_0_wins", "team_1_wins", "West-East", "North-South", "north-south"):
            assert spelling not in text, (path, spelling)


# --- How to play, worked examples, anchors -----------------------------------------------


def test_every_case_has_its_own_anchor_on_the_cases_page(docsgen: dict[str, ModuleType]) -> None:
    anchors = docsgen["anchors"]
    ids = [str(case["id"]) for case in load_cases()]
    slugs = {anchors.case_anchor(i) for i in ids}
    assert len(slugs) == len(set(ids))
    assert all(re.fullmatch(r"case-[a-z0-9_-]+", slug) for slug in slugs)
    kind, group, _ = ids[0].split(".")
    assert anchors.case_link(ids[0]) == (
        f"../conformance/cases/{kind}-{group}.md#{anchors.case_anchor(ids[0])}"
    )


def test_how_to_play_states_the_numbers_the_rule_functions_give(
    docsgen: dict[str, ModuleType],
) -> None:
    howto = docsgen["howto"]
    applicability = docsgen["applicability"]
    for rules in [*(load(n) for n in names()), load("pagat-400(rising_min=on)")]:
        bidding = howto.own_minimum_text(rules)
        assert f"from {rules.min_bid} to {rules.max_bid} tricks" in bidding
        capped = applicability.applies("own_min_cap", rules) and rules.own_min_cap is not None
        assert (f"stops at {rules.own_min_cap}" in bidding) == capped, str(rules)
        stuck = any(int(rules.own_minimum_bid(s)) > rules.max_bid for s in range(0, 401, 10))
        assert ("no legal bid" in bidding) == stuck, str(rules)
        table = howto.table_minimum_text(rules)
        assert f"at least {int(rules.table_minimum([0, 0, 0, 0]))}" in table
        assert ("once any player has 30" in table) == applicability.applies(
            "table_min_scores", rules
        )
        scoring = howto.scoring_text(rules)
        for bid in range(rules.min_bid, rules.max_bid + 1):
            assert f"{bid} = {value_text(rules, bid, 0, 0)}" in scoring
        assert str(rules.target) in howto.winning_text(rules)


def test_every_worked_example_is_a_case_of_that_variant_and_kind_linked_by_its_anchor(
    docsgen: dict[str, ModuleType],
) -> None:
    howto = docsgen["howto"]
    anchors = docsgen["anchors"]
    known = {str(case["id"]): case for case in load_cases()}
    for name in names():
        page = howto.how_to_play(load(name), case_links=True)
        linked = re.findall(r"\[([^\]]+)\]\(\.\./(conformance/cases/[^#)]+)#([^)]+)\)", page)
        assert linked, name
        for case_id, page_path, anchor in linked:
            assert anchor == anchors.case_anchor(case_id)
            assert page_path == anchors.case_page(case_id)
            assert name in known[case_id]["variants"]
        kinds = {known[case_id]["kind"] for case_id, _, _ in linked}
        assert kinds <= {k for ks in howto.SECTION_KINDS.values() for k in ks}
        assert "conformance/cases" not in howto.how_to_play(load(name), case_links=False)


def test_every_case_of_an_illustrated_kind_can_be_told_in_words(
    docsgen: dict[str, ModuleType],
) -> None:
    howto = docsgen["howto"]
    shown = {k for ks in howto.SECTION_KINDS.values() for k in ks}
    for case in load_cases():
        if case["kind"] in shown:
            assert howto.example_sentence(case)


def test_the_score_sheet_prints_the_target_and_the_minimums_in_its_print_container(
    people_pages: dict[str, str],
) -> None:
    for name in names():
        rules = load(name)
        sheet = people_pages[f"rules/score-sheet-{name}.md"]
        container = sheet[sheet.index('<div class="score-sheet"') :]
        assert f"<strong>Target:</strong> {rules.target}." in container
        assert f"at least {int(rules.table_minimum([0, 0, 0, 0]))}" in container
        assert container.count("<tr><td>") == 20


def test_the_chooser_lists_exactly_the_variants_whose_rules_fit(
    docsgen: dict[str, ModuleType],
) -> None:
    overview = docsgen["overview"]
    page = overview.overview_page()
    for preference in overview.PREFERENCES:
        line = next(line for line in page.splitlines() if line.startswith(f"- {preference.want}"))
        listed = re.findall(r"\[([a-z0-9-]+)\]\(", line)
        assert listed == [n for n in names() if preference.fits(load(n))]


def test_every_glossary_term_is_cited_or_said_to_be_common_usage(
    docsgen: dict[str, ModuleType],
) -> None:
    glossary = docsgen["glossary"]
    page = glossary.glossary_page()
    assert "أربعمية" in page and "Arba3meyeh" in page and "Tarneeb" in page
    for term in glossary.TERMS:
        assert term.sources or glossary.COMMON_USAGE in term.meaning, term.term


def _sheet_cells(sheet: str) -> dict[tuple[str, int], list[tuple[int, str]]]:
    """The value cells of a score sheet: (variant string, bid) -> [(band start, text)]."""
    found: dict[tuple[str, int], list[tuple[int, str]]] = {}
    for variant, bid, score, text in re.findall(
        r'<td data-variant="([^"]+)" data-bid="(\d+)" data-score="(\d+)">([^<]*)</td>', sheet
    ):
        found.setdefault((variant, int(bid)), []).append((int(score), text))
    return found


@pytest.mark.parametrize("name", names())
def test_every_value_on_a_score_sheet_is_the_rules_value_at_every_score_and_option(
    people_pages: dict[str, str], name: str
) -> None:
    cells = _sheet_cells(people_pages[f"rules/score-sheet-{name}.md"])
    default = str(load(name))
    checked = 0
    for rules in all_readings(name):
        for bid in range(rules.min_bid, rules.max_bid + 1):
            shown = cells.get((str(rules), bid)) or cells.get((default, bid))
            assert shown, (str(rules), bid)
            for score in range(0, 160):
                text = max((s, t) for s, t in shown if s <= score)[1]
                if rules.is_special_bid(bid):
                    assert "game" in text, (str(rules), bid, score, text)
                else:
                    expected = rules.bid_value(bid, score, score)
                    assert text == str(expected), (str(rules), bid, score, text, expected)
                checked += 1
    assert checked > 0


def test_the_qahwa_sheet_gives_5_and_6_their_reduced_values_from_30_points(
    people_pages: dict[str, str],
) -> None:
    cells = _sheet_cells(people_pages["rules/score-sheet-qahwa-400.md"])
    assert sorted(cells[("qahwa-400", 5)]) == [(0, "10"), (30, "5")]
    assert sorted(cells[("qahwa-400", 6)]) == [(0, "12"), (30, "6")]


# --- Rules pages for players -------------------------------------------------------------


def _sections(page: str) -> list[str]:
    return re.findall(r"^## (.+)$", page, flags=re.MULTILINE)


@pytest.mark.parametrize("name", names())
def test_a_rules_page_opens_for_players_and_keeps_the_contributor_note_at_the_bottom(
    people_pages: dict[str, str], name: str
) -> None:
    page = people_pages[f"rules/{name}.md"]
    assert page.index('!!! abstract "At a glance"') < page.index("## How to play in one minute")
    sections = _sections(page)
    assert sections[:3] == ["How to play in one minute", "How to play", "Tips from the table"]
    assert sections.index("Worked hands") < sections.index("The rules in numbers")
    assert page.count("Generated page") == 1
    assert page.rstrip().endswith("Edit the code, not this page.")
    head = page[: page.index("## How to play\n")]
    assert "own minimum 3/4/5" not in head and "fourhundred rules" not in head


@pytest.mark.parametrize("name", names())
def test_every_example_is_one_sentence_with_its_case_id_as_a_small_link(
    docsgen: dict[str, ModuleType], name: str
) -> None:
    howto, anchors = docsgen["howto"], docsgen["anchors"]
    page = howto.how_to_play(load(name), case_links=True)
    examples = re.findall(r"^- (?!<span)(.+)$", page, flags=re.MULTILINE)
    assert examples
    for line in examples:
        sentence, link = re.fullmatch(
            r"(.+\.) (\[[^\]]+\]\([^)]+\)\{ \.fh-case-ref \})", line
        ).groups()
        assert ". " not in sentence and not sentence.startswith("Example"), sentence
        case_id = re.match(r"\[([^\]]+)\]", link).group(1)
        assert f"({anchors.case_link(case_id)})" in link


@pytest.mark.parametrize("name", names())
def test_every_reading_is_marked_in_the_prose_with_a_link_to_its_register_entry(
    docsgen: dict[str, ModuleType], name: str
) -> None:
    players = docsgen["players"]
    page = docsgen["howto"].how_to_play(load(name), case_links=False)
    for option in get(name).options:
        if option.kind != "reading":
            continue
        line = next(
            (row for row in page.splitlines() if f"(ambiguities.md#{option.ambiguity})" in row),
            None,
        )
        assert line is not None, (name, option.name)
        assert "our reading; the" in line, line
        field = option.choice(option.default).assigns[0][0]
        section = page[: page.index(line)].rsplit("### ", 1)[1].split("\n", 1)[0]
        assert section == players.section_of(field), (option.name, section)


def test_the_tips_are_cited_and_true_of_the_rules_they_are_shown_for(
    docsgen: dict[str, ModuleType],
) -> None:
    players = docsgen["players"]
    for name in names():
        rules = load(name)
        text = players.tips(rules)
        shown = [tip for tip in players.TIPS if tip.applies(rules)]
        assert len(shown) >= 4 and text.count("\n") == len(shown)
        for tip in shown:
            assert tip.cites
        bid, low, high = players.biggest_step(rules)
        steps = [
            int(rules.bid_value(b + 1, 0, 0)) - int(rules.bid_value(b, 0, 0))
            for b in range(rules.min_bid, rules.max_bid)
            if not rules.is_special_bid(b + 1)
        ]
        assert high - low == max(steps) and low == rules.bid_value(bid, 0, 0)


def test_the_worked_hands_are_cases_of_the_variant_showing_their_topic_scored_as_the_case_says(
    docsgen: dict[str, ModuleType],
) -> None:
    hands = docsgen["hands"]
    known = {str(case["id"]): case for case in load_cases()}
    shown: dict[str, list[str]] = {}
    for name in names():
        page = hands.hands_page(name)
        rules = load(name)
        for topic in hands.TOPICS:
            case = hands.hand_for(name, topic)
            if case is None:
                continue
            shown.setdefault(topic.title, []).append(name)
            assert name in known[case["id"]]["variants"]
            section = page.split(f"## {topic.title[0].upper()}{topic.title[1:]}\n", 1)[1]
            section = section.split("\n## ", 1)[0]
            assert f"[{case['id']}](" in section
            if case["kind"] == "table_minimum":
                assert ("thrown in" in section) != case["expected"]["played"]
                continue
            after = re.findall(r"\*\*(−?\d+)\*\* \|", section)
            assert [int(a.replace("−", "-")) for a in after] == case["expected"]["scores"]
            if case["kind"] == "game_outcome":
                assert hands.result_of(rules, case) == words_result_code(case["expected"]["result"])
    assert shown["the reduced 5 and 6"] == ["qahwa-400", "arab3meyeh-400"]
    for topic in ("a partner at zero", "a bid of 13", "both teams qualifying", "a throw-in"):
        assert len(shown[topic]) >= 3, topic


def words_result_code(name: str) -> int:
    from fourhundred.conformance.game_records import RESULT_NAMES

    return next(code for code, text in RESULT_NAMES.items() if text == name)


def test_every_rules_page_links_its_worked_hands(people_pages: dict[str, str]) -> None:
    for name in names():
        assert f"(hands-{name}.md)" in people_pages[f"rules/{name}.md"]
