"""Worked hands: real cases of the suite played out with commentary, a page per variant.

Each hand is a case of the conformance suite (:func:`fourhundred.conformance.suite.load_cases`)
chosen because it shows a rule beginners get wrong (:data:`TOPICS`): the
reduced 5 and 6, a partner at zero, a bid of 13, both teams qualifying in the
same hand, a throw-in. A topic's ``picks`` test reads the case and the rule
functions; the first case of the variant that passes it is shown. The
commentary (each player's value, change and new score; whether each team
qualifies; what ends the game) is computed by calling
:class:`~fourhundred.spec.model.Rules`, and the page says which case it is,
with a link, so the hand can be replayed against any engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from fourhundred.conformance.suite import load_cases
from fourhundred.spec.describe import outcome_rules
from fourhundred.spec.model import BAND_START, Rules
from fourhundred.spec.registry import load, variants

from . import words
from .anchors import case_link
from .md import esc, generated_banner

Case = Mapping[str, Any]


def hands_path(variant_name: str) -> str:
    """Where a variant's worked hands live in the site sources."""
    return f"rules/hands-{variant_name}.md"


def _number(value: int) -> str:
    return str(value) if value >= 0 else f"−{-value}"


def _after(rules: Rules, case: Case) -> tuple[int, ...]:
    given = case["input"]
    return tuple(
        int(s) for s in rules.scores_after(given["scores"], given["bids"], given["tricks"])
    )


def _reduced_bid(rules: Rules, case: Case) -> bool:
    """A player bids a reduced 5 or 6: at a score where it is worth less than below 30."""
    if case["kind"] not in ("hand_scoring", "game_outcome") or not rules.reduced_values:
        return False
    given = case["input"]
    highest = max(given["scores"])
    return any(
        rules.bid_value(bid, own, highest) != rules.bid_value(bid, 0, 0)
        for bid, own in zip(given["bids"], given["scores"], strict=True)
        if bid in dict(rules.reduced_values)
    )


def _partner_at_zero(rules: Rules, case: Case) -> bool:
    """After the hand a player is on the target and the partner on exactly zero."""
    if case["kind"] != "game_outcome":
        return False
    after = _after(rules, case)
    target = int(case["input"]["target_in_force"])
    return any(after[a] >= target and after[b] == 0 for a, b in ((0, 2), (2, 0), (1, 3), (3, 1)))


def _thirteen(rules: Rules, case: Case) -> bool:
    return case["kind"] == "game_outcome" and 13 in case["input"]["bids"]


def _both_qualify(rules: Rules, case: Case) -> bool:
    if case["kind"] != "game_outcome":
        return False
    after = _after(rules, case)
    target = case["input"]["target_in_force"]
    return all(bool(rules.team_qualifies(team, after, target)) for team in (0, 1))


def _thrown_in(rules: Rules, case: Case) -> bool:
    return case["kind"] == "table_minimum" and not case["expected"]["played"]


@dataclass(frozen=True)
class Topic:
    """A rule a worked hand shows, and which cases show it."""

    title: str
    picks: Callable[[Rules, Case], bool]


TOPICS: tuple[Topic, ...] = (
    Topic("the reduced 5 and 6", _reduced_bid),
    Topic("a partner at zero", _partner_at_zero),
    Topic("a bid of 13", _thirteen),
    Topic("both teams qualifying", _both_qualify),
    Topic("a throw-in", _thrown_in),
)


@cache
def _cases_of(variant_name: str) -> tuple[Case, ...]:
    return tuple(c for c in load_cases() if variant_name in c["variants"])


def hand_for(variant_name: str, topic: Topic) -> Case | None:
    """The case of the variant (under its defaults) that shows a topic (None: none does)."""
    rules = load(variant_name)
    picked = [c for c in _cases_of(variant_name) if topic.picks(rules, c)]
    # Hand-written examples from the sources first, then the register's, then the grid.
    return min(picked, key=lambda c: (".ex-" not in c["id"], ".rd-" not in c["id"]), default=None)


def hand_topics(variant_name: str) -> list[str]:
    """The topics a variant's worked hands show, in page order."""
    return [t.title for t in TOPICS if hand_for(variant_name, t) is not None]


def _score_table(rules: Rules, case: Case) -> str:
    given = case["input"]
    scores, bids, tricks = given["scores"], given["bids"], given["tricks"]
    highest = max(scores)
    after = _after(rules, case)
    rows = []
    for seat in range(4):
        bid, took = bids[seat], tricks[seat]
        made = took >= bid
        value = (
            "decides the game"
            if rules.is_special_bid(bid)
            else str(rules.bid_value(bid, scores[seat], highest))
        )
        change = int(rules.score_change(bid, took, scores[seat], highest))
        rows.append(
            f"| {words.seat(seat)} | {_number(scores[seat])} | {bid} | {took} | "
            f"{'yes' if made else 'no'} | {value} | {'+' if change >= 0 else '−'}{abs(change)} | "
            f"**{_number(after[seat])}** |"
        )
    return (
        "| player | score before | bid | took | made? | worth | change | score after |\n"
        "|---|---:|---:|---:|---|---|---:|---:|\n" + "\n".join(rows) + "\n"
    )


def _reduced_notes(rules: Rules, case: Case) -> list[str]:
    given = case["input"]
    highest = max(given["scores"])
    notes = []
    for seat, (bid, own) in enumerate(zip(given["bids"], given["scores"], strict=True)):
        if bid in dict(rules.reduced_values):
            now = rules.bid_value(bid, own, highest)
            usual = rules.bid_value(bid, 0, 0)
            if now != usual:
                whose = "is on" if rules.reduced_scope == "own" else "bids while someone has"
                at = own if rules.reduced_scope == "own" else highest
                notes.append(
                    f"{words.seat(seat)} {whose} {_number(at)} points (from {BAND_START}), so "
                    f"the {bid} is worth {now}, not {usual}."
                )
    return notes


def _team_notes(rules: Rules, case: Case) -> list[str]:
    after = _after(rules, case)
    target = case["input"]["target_in_force"]
    notes = []
    for team in (0, 1):
        name = words.team(team)
        if bool(rules.team_qualifies(team, after, target)):
            notes.append(f"{name} qualify: they meet the winning condition at {target}.")
        elif bool(rules.team_reached(team, after, target)):
            notes.append(
                f"{name} reach {target} but do not qualify: a partner is "
                + ("not above zero." if rules.partner_condition == "positive" else "below zero.")
            )
    return notes


def _hand_section(rules: Rules, topic: Topic, case: Case) -> str:
    given, expected = case["input"], case["expected"]
    link = f"[{esc(case['id'])}]({case_link(str(case['id']))}){{ .fh-case-ref }}"
    out = [f"## {topic.title[0].upper()}{topic.title[1:]}\n\n"]
    out.append(f"{esc(words.for_people(str(case['description'])))}. {link}\n\n")
    if case["kind"] == "table_minimum":
        scores, bids = given["scores"], given["bids"]
        total = int(rules.bid_total(bids, scores))
        level = int(rules.table_minimum(scores))
        measure = "tricks" if rules.table_measure == "tricks" else "points of bid value"
        out.append(
            "| player | score | bid |\n|---|---:|---:|\n"
            + "\n".join(f"| {words.seat(s)} | {_number(scores[s])} | {bids[s]} |" for s in range(4))
            + "\n\n"
        )
        played = bool(rules.hand_is_played(bids, scores))
        out.append(
            f"**What to notice.** With these scores the bids must reach {level}; they come to "
            f"{total} {measure}. "
            + (
                "The hand is played."
                if played
                else "They fall short: nobody scores, the cards are thrown in and the next "
                "dealer (on the right) deals again. The scores stay as they were."
            )
            + "\n\n"
        )
        return "".join(out)
    out.append(_score_table(rules, case) + "\n")
    notes = _reduced_notes(rules, case)
    for seat, bid in enumerate(given["bids"]):
        if bid == 13:
            took = given["tricks"][seat]
            if rules.is_special_bid(13):
                notes.append(
                    f"{words.seat(seat)} bids 13 and takes {took}: a 13 decides the game here "
                    "instead of scoring points."
                )
            else:
                notes.append(
                    f"{words.seat(seat)} bids 13 and takes {took}: in this variant 13 is an "
                    f"ordinary bid, worth {rules.bid_value(13, 0, 0)} points."
                )
    notes.append(
        "Each player scores alone: a partner's extra tricks never make up for a failed bid."
    )
    if case["kind"] == "game_outcome":
        notes.extend(_team_notes(rules, case))
        if _both_qualify(rules, case):
            after = _after(rules, case)
            totals = ", ".join(
                f"{words.team(t)} {_number(int(rules.team_total(t, after)))}" for t in (0, 1)
            )
            notes.append(f"{outcome_rules(rules)[1]} (Totals: {totals}.)")
        result = words.result(expected["result"])
        notes.append(f"Result: {result}.")
        if expected.get("target_in_force") not in (None, given.get("target_in_force")):
            notes.append(f"The target is now {expected['target_in_force']}.")
    out.append("**What to notice.** " + " ".join(esc(n) for n in notes) + "\n\n")
    return "".join(out)


def hands_page(variant_name: str) -> str:
    """The worked hands of one variant."""
    rules = load(variant_name)
    out = [f"# Worked hands: {variant_name}\n\n"]
    out.append(
        f"Hands of [{variant_name}]({variant_name}.md) under its defaults that show the rules "
        "players most often get wrong. Each is a case of the conformance suite (the small id "
        "links to it), so an engine that gets one wrong fails that case.\n\n"
    )
    missing = []
    for topic in TOPICS:
        case = hand_for(variant_name, topic)
        if case is None:
            missing.append(topic.title)
            continue
        out.append(_hand_section(rules, topic, case))
    if missing:
        out.append(
            "## Not in this variant\n\n"
            f"No case of {variant_name} shows {', '.join(missing)}: "
            + (
                "the variant has no reduced values"
                if "the reduced 5 and 6" in missing and not rules.reduced_values
                else "the suite has no such hand under the defaults"
            )
            + ".\n\n"
        )
    out.append(generated_banner("the suite's cases and the rule functions"))
    return "".join(out)


def all_hands() -> dict[str, str]:
    """Every variant's worked hands, by path in the site sources."""
    return {hands_path(v.name): hands_page(v.name) for v in variants()}


def nav_entries() -> list[dict[str, str]]:
    """The nav entries of the worked hands, one per variant."""
    return [{v.name: hands_path(v.name)} for v in variants()]


def result_of(rules: Rules, case: Case) -> int:
    """The result the rules give a game_outcome case (for the tests)."""
    given = case["input"]
    _, result, _ = rules.hand_result(
        given["scores"], given["bids"], given["tricks"], given["dealer"], given["target_in_force"]
    )
    return int(result)
