"""The reference engine: whole games of every variant and reading, checked against the specs.

* :mod:`~fourhundred.reference.actions`: the actions (deal, bid, play,
  throw-in) and their text (``parse_action``, ``NotationError``);
* :mod:`~fourhundred.reference.engine`: immutable :class:`GameState`,
  ``legal_actions``, checked ``apply`` (``IllegalAction`` with a code) and
  ``apply_unchecked``;
* :mod:`~fourhundred.reference.transcript`: whole games (``play_game``),
  transcripts and ``replay``;
* :mod:`~fourhundred.reference.fast`: the rules again on ints, with tables
  (``FastRules``), held equal to :mod:`fourhundred.spec` by the tests (the
  card tables are :mod:`fourhundred.spec.cards`);
* :mod:`~fourhundred.reference.notation`: the one-line position notation;
* :mod:`~fourhundred.reference.shuffle`: the documented SHA-256 shuffle
  (test vectors in ``reference/shuffle_vectors.json``), the deal of a seed
  (``deal_from_seed``) and its commitment (``commit_deal``, ``verify_commitment``);
* :mod:`~fourhundred.reference.players`: random and heuristic players;
* :mod:`~fourhundred.reference.simulate`: the bitmask fast path behind
  ``fourhundred bench``;
* :mod:`~fourhundred.reference.invariants`: whole-game invariants checked on
  a transcript with the specification alone.

Nothing is imported here, so ``import fourhundred.reference.fast`` stays cheap.
"""
