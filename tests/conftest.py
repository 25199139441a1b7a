"""Shared test configuration: Hypothesis profiles by cost.

* ``dev`` (default): quick, random.
* ``ci``: derandomized, so CI runs are reproducible (``CI=true`` selects it).
* ``long``: many examples with the example database, for fuzz campaigns
  (``HYPOTHESIS_PROFILE=long pytest -m slow``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("long", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
