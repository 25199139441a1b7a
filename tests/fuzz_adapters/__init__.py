"""Deliberately wrong adapters: the reference adapter with one rule broken, for the fuzz tests."""
