"""Differential fuzzing: find where another implementation departs from the reference.

``fourhundred fuzz`` generates inputs for every case kind and whole games
(:mod:`fourhundred.conformance.inputs`, :mod:`fourhundred.conformance.random_games`), asks the
reference engine in process and an adapter process (through the conformance
runner's client: :mod:`fourhundred.fuzz.implementations`), compares the
answers (:mod:`fourhundred.fuzz.compare`), shrinks every disagreement to a
small input that still shows it (:mod:`fourhundred.fuzz.shrink`) and keeps it
as a conformance case (:mod:`fourhundred.fuzz.cases`), in a reproducible,
resumable and shardable campaign (:mod:`fourhundred.fuzz.campaign`, built from
:mod:`~fourhundred.fuzz.records`, :mod:`~fourhundred.fuzz.stream`,
:mod:`~fourhundred.fuzz.job`, :mod:`~fourhundred.fuzz.findings` and
:mod:`~fourhundred.fuzz.stopping`; on a Dask cluster: :mod:`fourhundred.fuzz.cluster`).
``fourhundred generate`` writes the generators' inputs as cases, and
:mod:`fourhundred.strategies` exports them as Hypothesis strategies.
"""

from __future__ import annotations

from fourhundred.fuzz.campaign import Summary, run_campaign
from fourhundred.fuzz.compare import Disagreement, Outcome
from fourhundred.fuzz.implementations import AdapterError, AdapterProcess, InProcess
from fourhundred.fuzz.records import Config, Finding
from fourhundred.fuzz.shrink import Shrunk
from fourhundred.fuzz.stopping import Ending

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
