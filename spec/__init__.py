"""Executable specifications of 400 and 41, one module per rules source.

* :mod:`~fourhundred.spec.qahwa`, :mod:`~fourhundred.spec.medallon`,
  :mod:`~fourhundred.spec.pagat`, :mod:`~fourhundred.spec.arab3meyeh`: what
  each source says, with citations;
* :mod:`~fourhundred.spec.ambiguities`: the ambiguity register;
* :mod:`~fourhundred.spec.model`: the rules as pure functions over a
  :class:`~fourhundred.spec.model.Rules` value;
* :mod:`~fourhundred.spec.registry`: names, aliases and variant strings;
* :mod:`~fourhundred.spec.logic`: helpers that let one rule definition run on
  Python values and lift to Z3.
"""

from fourhundred.spec.model import Result, Rules, Special
from fourhundred.spec.registry import VariantError, load, names, variants

__all__ = ["Result", "Rules", "Special", "VariantError", "load", "names", "variants"]
