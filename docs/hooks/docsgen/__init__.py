"""Page generators for the published docs (used by ``docs/hooks/generate.py``).

Every generated page is computed at build time from the code: the variant
registry and rule functions of :mod:`fourhundred.spec`, the ambiguity register,
the verification ledger of :mod:`fourhundred.verify`, and the files other parts
of the project own (``conformance/ADAPTERS.md``, ``conformance/schema/``,
``reference/notation.py``). Nothing here restates a rule by hand.
"""
