"""The adapter protocol's messages: what an adapter may say, checked before anything trusts it.

One job: read the handshake and every answer as the protocol defines them
(``ADAPTERS.md``; ``schema/protocol.schema.json``). :func:`check_hello` turns
the answer to ``start`` into canonical declarations (or refuses it),
:func:`unsupported` says which runs those declarations cover, and
:func:`check_answer` checks the shape of an answer to ``run`` before anything
compares it. Every problem is an :class:`AdapterFailure` carrying its
:class:`~fourhundred.conformance.outcomes.Reason`; a run that cannot go on at
all is a :class:`RunnerError`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from fourhundred.conformance import kinds
from fourhundred.conformance.outcomes import Reason, Stop
from fourhundred.conformance.suite import Run

PROTOCOL_VERSION = 1


class RunnerError(Exception):
    """The run cannot go on: the adapter cannot be started or keeps failing its
    handshake. ``stderr`` is the adapter's standard error tail, kept apart from
    the message so that each is shown escaped its own way (:meth:`console_text`);
    ``str()`` holds both. ``stop`` is why the run stops if it was under way."""

    def __init__(self, message: str, stderr: str = "", stop: Stop = Stop.RESTART_FAILED) -> None:
        detail = f"\nadapter stderr:\n{stderr}" if stderr.strip() else ""
        super().__init__(message + detail)
        self.message = message
        self.stderr = stderr
        self.stop = stop

    def console_text(self) -> str:
        """The error for a Rich console: the message on one line, the adapter's
        standard error (its last lines) indented below it, every piece escaped."""
        from rich.markup import escape

        from fourhundred.safeio import block_lines, inline_text

        lines = [inline_text(self.message)]
        if self.stderr.strip():
            lines += ["adapter stderr:", *block_lines(self.stderr.strip())[-12:]]
        return escape("\n".join(lines))


class AdapterFailure(Exception):
    """The adapter broke the protocol for the case in hand, and why (a :class:`Reason`)."""

    def __init__(self, message: str, reason: Reason = Reason.INVALID) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason


def supports(hello: Mapping[str, Any], run: Run) -> bool:
    """Whether the adapter declared the run's kind, variant and every option it sets
    (and, for a whole game from a stated position, positions): :func:`unsupported`."""
    return unsupported(hello, run) is None


#: The *not applicable* messages of :func:`unsupported`, by what the adapter left out
#: (the reports count the runs of each).
NOT_DECLARED: Mapping[str, str] = {
    "kind": "kind not declared by the adapter",
    "variant": "variant not declared by the adapter",
    "option": "option setting not declared by the adapter",
    "house": "house rules not declared by the adapter",
}
#: The *not applicable* message of a whole game from a position, to an adapter without positions.
NO_POSITIONS = 'starts from a position; the adapter did not declare "positions": true'


def unsupported(hello: Mapping[str, Any], run: Run) -> str | None:
    """Why the adapter cannot be sent this run (the *not applicable* message), or None.

    ``hello`` is as :func:`check_hello` returns it (canonical variant names); the
    run's variant may be written with an alias or in capitals, as on the command line.
    A whole_game case that starts from a ``position`` goes only to an adapter that
    declared ``"positions": true`` (version 1 adapters never did).
    """
    from fourhundred.spec.model import HOUSE_MARK
    from fourhundred.spec.registry import VariantError, parse_all

    if run.kind not in hello.get("kinds", ()):
        return NOT_DECLARED["kind"]
    if not _is_exact(hello, run.variant):
        try:
            parsed = parse_all(run.variant)
        except VariantError:
            return NOT_DECLARED["variant"]
        declared = hello.get("variants", {}).get(parsed.variant.name)
        if declared is None:
            return NOT_DECLARED["variant"]
        if "*" not in declared and not all(
            f"{name}={value}" in declared for name, value in parsed.options.items()
        ):
            return NOT_DECLARED["option"]
        if parsed.knobs and HOUSE_MARK not in declared:
            # House rules are declared exactly, or as "house" (any house rules).
            return NOT_DECLARED["house"]
    if run.positional and hello.get("positions") is not True:
        return NO_POSITIONS
    return None


def _is_exact(hello: Mapping[str, Any], variant: str) -> bool:
    """Whether a variant string is one the adapter declared exactly (``"exact"``)."""
    from fourhundred.conformance.suite import canonical_variant
    from fourhundred.spec.registry import VariantError

    try:
        return canonical_variant(variant) in hello.get("exact", ())
    except VariantError:
        return False


def _declared_settings(variant_name: str, settings: Sequence[str]) -> list[str]:
    """The option settings declared for one variant, checked against the registry
    (``AdapterFailure`` naming an unknown option or value); ``"*"`` is every option,
    ``"house"`` any house rules (the engine reads them from each case's variant string)."""
    from fourhundred.spec.model import HOUSE_MARK
    from fourhundred.spec.registry import VariantError, get

    variant = get(variant_name)
    checked = []
    for setting in settings:
        if setting in ("*", HOUSE_MARK):
            checked.append(setting)
            continue
        name, equals, value = setting.partition("=")
        if not equals:
            raise AdapterFailure(
                f"variants: {variant.name}: {setting!r} is not 'option=value' (or '*')",
                Reason.PROTOCOL,
            )
        try:
            option = variant.option(name.strip())
        except VariantError as error:
            raise AdapterFailure(f"variants: {error}", Reason.PROTOCOL) from None
        if value.strip() not in option.values:
            raise AdapterFailure(
                f"variants: {variant.name}: option {option.name} cannot be {value.strip()!r}; "
                f"valid values: {', '.join(option.values)}",
                Reason.PROTOCOL,
            )
        checked.append(f"{option.name}={value.strip()}")
    return checked


def _declared_exact(exact: Any) -> list[str]:
    """The exact variant strings of a handshake (``"exact"``), in canonical form
    (:func:`~fourhundred.conformance.suite.canonical_variant`: aliases, capitals and
    default options normalised, as on the command line), each once; anything but a
    list of known variant strings is an ``AdapterFailure`` naming it."""
    from fourhundred.conformance.suite import canonical_variants

    if not isinstance(exact, list) or not all(isinstance(item, str) for item in exact):
        raise AdapterFailure(
            "'exact' must be a list of variant strings, e.g. [\"qahwa-400(table=classic)\"], "
            f"got {kinds.json_text(exact, 60)}",
            Reason.PROTOCOL,
        )
    names = canonical_variants(
        exact,
        lambda text, why: AdapterFailure(
            f"exact: {kinds.json_text(text, 60)}: {why}", Reason.PROTOCOL
        ),
    )
    return list(dict.fromkeys(names))


def _declared_variants(variants: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    """Declared variants under their canonical names (aliases and capitals accepted,
    like the command line's), each with its checked settings; an unknown name is
    an ``AdapterFailure`` naming it."""
    from fourhundred.spec.registry import VariantError, get

    unknown = []
    result: dict[str, list[str]] = {}
    for name, settings in variants.items():
        try:
            canonical = get(name).name
        except VariantError:
            unknown.append(name)
            continue
        merged = result.setdefault(canonical, [])
        merged.extend(s for s in _declared_settings(canonical, settings) if s not in merged)
    if unknown:
        from fourhundred.spec.registry import names

        raise AdapterFailure(
            f"unknown variant(s) {unknown}; the variants are {list(names())} "
            "(or their aliases: fourhundred variants)",
            Reason.PROTOCOL,
        )
    return result


def check_hello(message: Any) -> dict[str, Any]:
    """The answer to ``start``, checked and with its declarations made canonical;
    raise :class:`AdapterFailure` saying what is wrong.

    Declared variant names are normalised as on the command line (aliases, any
    case), and so are the variant strings declared ``"exact"`` (settings the
    engine plays exactly: ``hello["exact"]``, canonical, ``[]`` when none);
    unknown variants, options, values or kinds, and a declaration of no kind or
    of no variant at all, plain or exact (nothing could be checked), are refused.
    """
    if not isinstance(message, dict):
        raise AdapterFailure(
            f"the answer to start must be a JSON object, got {kinds.json_text(message)}"
        )
    if message.get("version") != PROTOCOL_VERSION:
        raise AdapterFailure(
            f"the adapter speaks protocol version {kinds.json_text(message.get('version'), 40)}; "
            f"this runner speaks {PROTOCOL_VERSION}",
            Reason.PROTOCOL,
        )
    implementation = message.get("implementation")
    if not isinstance(implementation, dict) or not all(
        isinstance(implementation.get(key), str) for key in ("name", "version", "language")
    ):
        raise AdapterFailure(
            "the answer to start needs implementation.name, .version and .language (strings)"
        )
    declared_kinds = message.get("kinds")
    if not isinstance(declared_kinds, list) or not all(isinstance(k, str) for k in declared_kinds):
        raise AdapterFailure("the answer to start needs 'kinds', a list of kind names")
    unknown = [k for k in declared_kinds if k not in kinds.KINDS]
    if unknown:
        raise AdapterFailure(
            f"unknown kind(s) {unknown}; the kinds are {list(kinds.KIND_NAMES)}", Reason.PROTOCOL
        )
    if not declared_kinds:
        raise AdapterFailure(
            f"the adapter declares no kinds, so nothing could be checked; the kinds are {list(kinds.KIND_NAMES)}",
            Reason.PROTOCOL,
        )
    variants = message.get("variants")
    if not isinstance(variants, dict) or not all(
        isinstance(v, list) and all(isinstance(s, str) for s in v) for v in variants.values()
    ):
        raise AdapterFailure(
            "the answer to start needs 'variants', an object of variant name -> list of "
            "'option=value' settings supported ('*' for all)"
        )
    exact = _declared_exact(message.get("exact", []))
    if not variants and not exact:
        raise AdapterFailure(
            "the adapter declares no variants, so nothing could be checked", Reason.PROTOCOL
        )
    if not isinstance(message.get("codes", True), bool):
        raise AdapterFailure(
            "'codes' must be false (the engine gives no reasons: rejections are compared "
            f"without their codes) or true, got {kinds.json_text(message.get('codes'), 40)}",
            Reason.PROTOCOL,
        )
    if not isinstance(message.get("positions", False), bool):
        raise AdapterFailure(
            "'positions' must be true (whole games may start from a stated position) or "
            f"false, got {kinds.json_text(message.get('positions'), 40)}",
            Reason.PROTOCOL,
        )
    return {
        **message,
        "kinds": list(dict.fromkeys(declared_kinds)),
        "variants": _declared_variants(variants),
        "exact": exact,
    }


#: The parts of a checked handshake that decide how cases are sent and judged.
_HANDSHAKE_FIELDS = ("implementation", "kinds", "variants", "exact", "codes", "positions")
_HANDSHAKE_DEFAULTS: dict[str, Any] = {"codes": True, "positions": False}


def handshake_change(first: Mapping[str, Any], again: Mapping[str, Any]) -> str | None:
    """How a restarted adapter's checked handshake differs from its first (None:
    it does not), e.g. ``implementation.name was "x", now "y"``: a new name,
    ``codes`` or ``positions`` flipped, other kinds or variants."""
    for key in _HANDSHAKE_FIELDS:
        before = first.get(key, _HANDSHAKE_DEFAULTS.get(key))
        after = again.get(key, _HANDSHAKE_DEFAULTS.get(key))
        if before == after:
            continue
        if isinstance(before, dict) and isinstance(after, dict):
            for name in sorted(set(before) | set(after), key=str):
                if before.get(name) != after.get(name):
                    return (
                        f"{key}.{name} was {kinds.json_text(before.get(name), 60)}, "
                        f"now {kinds.json_text(after.get(name), 60)}"
                    )
        return f"{key} was {kinds.json_text(before, 60)}, now {kinds.json_text(after, 60)}"
    return None


def answer_seq(message: Any, first: int, last: int, waiting: Collection[int]) -> int:
    """The seq of a line that answers a case sent to this adapter process (``first``
    to ``last``: in flight, or reported already); :class:`AdapterFailure` when the
    line is not such an answer (``waiting``: the seqs in flight, for the message)."""
    if not isinstance(message, dict):
        raise AdapterFailure(f"an answer must be a JSON object, got {kinds.json_text(message, 80)}")
    seq = message.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or not first <= seq <= last:
        in_flight = list(waiting)
        expected = (
            f"expected {in_flight[0]}"
            if len(in_flight) == 1
            else f"{len(in_flight)} cases in flight"
        )
        raise AdapterFailure(
            f"wrong seq: {expected}, got {kinds.json_text(seq, 40)}", Reason.PROTOCOL
        )
    return seq


def check_answer(message: Mapping[str, Any]) -> Mapping[str, Any]:
    """Check the shape of an answer to ``run`` whose ``seq`` matched a case
    (``schema/protocol.schema.json``, ``answer``): exactly one of ``result`` (an
    object), ``skipped`` or ``errored`` (objects with a string ``message``);
    raise :class:`AdapterFailure` naming what is wrong."""
    present = [key for key in ("result", "skipped", "errored") if key in message]
    if len(present) != 1:
        raise AdapterFailure(
            f"an answer holds exactly one of result, skipped, errored; got {present or 'none'}",
            Reason.PROTOCOL,
        )
    key = present[0]
    value = message[key]
    if not isinstance(value, dict):
        raise AdapterFailure(
            f"{key} must be a JSON object, got {kinds.json_text(value, 80)}", Reason.INVALID
        )
    if key != "result" and not isinstance(value.get("message"), str):
        raise AdapterFailure(f"{key} needs a 'message' string", Reason.INVALID)
    return message


def protocol_validator(definition: str) -> Callable[[Any], None]:
    """A check of one message against a definition of the protocol schema
    (``hello`` or ``answer``); raises :class:`AdapterFailure` naming the problem."""
    import importlib

    from fourhundred.conformance.suite import SCHEMA_DIR

    jsonschema = importlib.import_module("jsonschema")
    schema = json.loads((SCHEMA_DIR / "protocol.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(
        {"$ref": f"#/$defs/{definition}", "$defs": schema["$defs"]}
    )

    def check(message: Any) -> None:
        error = jsonschema.exceptions.best_match(validator.iter_errors(message))
        if error is not None:
            where = "/".join(str(p) for p in error.absolute_path) or "the message"
            raise AdapterFailure(
                f"protocol schema ({definition}): {where}: {error.message[:200]}", Reason.PROTOCOL
            )

    return check
