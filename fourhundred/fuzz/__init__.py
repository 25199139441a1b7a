"""Differential fuzzing: find where another implementation departs from the reference.

``fourhundred fuzz`` generates inputs for every case kind and whole games
(:mod:`fourhundred.conformance.inputs`, :mod:`fourhundred.fuzz.games`), asks the
reference engine in process and an adapter process (through the conformance
runner's client: :mod:`fourhundred.fuzz.implementations`), compares the
answers (:mod:`fourhundred.fuzz.compare`), shrinks every disagreement to a
small input that still shows it (:mod:`fourhundred.fuzz.shrink`) and keeps it
as a conformance case (:mod:`fourhundred.fuzz.cases`), in a reproducible,
resumable and shardable campaign (:mod:`fourhundred.fuzz.campaign`).
``fourhundred generate`` writes the generators' inputs as cases, and
:mod:`fourhundred.strategies` exports them as Hypothesis strategies.
"""

from __future__ import annotations

from fourhundred.fuzz.campaign import Config, Ending, Finding, Summary, run_campaign
from fourhundred.fuzz.compare import Disagreement, Outcome
from fourhundred.fuzz.implementations import AdapterError, AdapterProcess, InProcess
from fourhundred.fuzz.shrink import Shrunk

__all__ = [
    "AdapterError",
    "AdapterProcess",
    "Config",
    "Disagreement",
    "Ending",
    "Finding",
    "InProcess",
    "Outcome",
    "Shrunk",
    "Summary",
    "run_campaign",
]
