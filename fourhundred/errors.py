"""Errors a user can cause, reported by the command line as one clear line."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from a user: the message says what was wrong and where."""
