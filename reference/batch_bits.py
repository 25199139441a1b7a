"""The batched simulation's building blocks, compiled: the Numba decorators of its kernels,
the counter-based random streams (SplitMix64 keyed by seed, game and hand) and the bit
operations on 64-bit hand masks (bit counts as single instructions, a branch-free k-th set
bit). Why they are written so, and what each bought, is in :mod:`fourhundred.reference.batch`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numba.extending
import numpy as np
import numpy.typing as npt

F = TypeVar("F", bound=Callable[..., Any])
#: Scalars in the kernels: Numba types them (int64, uint64, float64); to mypy they are Any.
Int = Any
UInt = Any
Float = Any
Bool = Any


def _kernel(function: F) -> F:
    """Compile a function with Numba, caching the machine code on disk."""
    return cast(F, numba.njit(cache=True, nogil=True)(function))


def _unreferenced(function: F) -> F:
    """Compile a kernel that allocates nothing with Numba's reference counting off.

    With it on, every table a helper reads and every view is reference-counted: an
    atomic increment and decrement through a function call, hundreds per hand (a
    third of a random hand's time, measured). A function compiled this way must not
    allocate (Numba refuses to compile it if it does); the callers allocate its
    working arrays. ``_nrt`` is Numba's own switch for this (``numba.core.options``):
    the pinned Numba range in ``pyproject.toml`` keeps it."""
    njit: Any = numba.njit  # Numba's typing stubs do not list the switch
    return cast(F, njit(cache=True, nogil=True, _nrt=False)(function))


def _inline(function: F) -> F:
    """A kernel's helper, inlined into its callers by Numba: a call that passes the
    tables would otherwise copy them and count references to every array."""
    return cast(F, numba.njit(cache=True, inline="always")(function))


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)
_ONE = np.uint64(1)
#: Masks of :func:`_nth`'s byte counts.
_PAIRS = np.uint64(0x5555555555555555)
_NIBBLE_PAIRS = np.uint64(0x3333333333333333)
_BYTE_LOWS = np.uint64(0x0F0F0F0F0F0F0F0F)
_BYTE_ONES = np.uint64(0x0101010101010101)
_BYTE_TOPS = np.uint64(0x8080808080808080)
_ZERO = np.uint64(0)
_SUIT_BITS = np.uint64(0x1FFF)


def seed_key(seed: int | str) -> int:
    """The 64-bit key of a seed (its text, hashed with SHA-256)."""
    return int.from_bytes(hashlib.sha256(str(seed).encode()).digest()[:8], "little")


# ----------------------------------------------------------------------
# Random numbers and bits
# ----------------------------------------------------------------------


def _bit_count(emit: Callable[[Any, Any, Any], Any]) -> Any:
    """A Numba intrinsic: one LLVM bit-counting instruction on a 64-bit mask (``popcnt``,
    ``tzcnt``, ``lzcnt`` on x86-64), returned as int64."""

    def typer(typing_context: Any, mask: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return emit(context, builder, args[0])

        return numba.types.int64(numba.types.uint64), codegen

    return numba.extending.intrinsic(typer)


def _defined_at_zero(context: Any) -> Any:
    """The flag that makes LLVM's ``cttz``/``ctlz`` return 64 for 0 (not poison)."""
    return context.get_constant(numba.types.boolean, False)


_ctpop = _bit_count(lambda context, builder, x: builder.ctpop(x))
_cttz = _bit_count(lambda context, builder, x: builder.cttz(x, _defined_at_zero(context)))
_ctlz = _bit_count(lambda context, builder, x: builder.ctlz(x, _defined_at_zero(context)))


def _select_in_byte() -> npt.NDArray[np.uint8]:
    """``table[8 * byte + n]``: the index of the n-th lowest set bit of ``byte`` (0 past the end)."""
    table = np.zeros(256 * 8, dtype=np.uint8)
    for byte in range(256):
        bits = [i for i in range(8) if byte >> i & 1]
        for n, index in enumerate(bits):
            table[8 * byte + n] = index
    return table


#: Read by :func:`_nth` (a global array: Numba compiles it in as a constant).
_SELECT_IN_BYTE = _select_in_byte()


@_inline
def _mix(z: UInt) -> UInt:
    z = (z ^ (z >> np.uint64(30))) * _MIX_1
    z = (z ^ (z >> np.uint64(27))) * _MIX_2
    return z ^ (z >> np.uint64(31))


@_inline
def _hand_key(key: UInt, game: Int, hand: Int) -> UInt:
    return _mix(_mix(key ^ (np.uint64(game) * _GOLDEN)) ^ (np.uint64(hand) * _MIX_2 + _ONE))


@_inline
def _below(stream: UInt, n: Int) -> tuple[UInt, Int]:
    """The stream's next state, and a number uniform in 0..n-1 drawn from it (SplitMix64;
    n <= 64, bias below 2**-47). The state is a local variable, kept in a register."""
    stream += _GOLDEN
    return stream, np.int64(((_mix(stream) >> np.uint64(11)) * np.uint64(n)) >> np.uint64(53))


@_inline
def _unit(stream: UInt) -> tuple[UInt, Float]:
    """The stream's next state, and a number uniform in [0, 1)."""
    stream += _GOLDEN
    return stream, np.float64(_mix(stream) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@_inline
def _popcount(x: UInt) -> Int:
    return _ctpop(x)


@_inline
def _lowest(x: UInt) -> Int:
    """Index of the lowest set bit (x != 0)."""
    return _cttz(x)


@_inline
def _highest(x: UInt) -> Int:
    """Index of the highest set bit (x != 0)."""
    return 63 - _ctlz(x)


@_inline
def _nth(x: UInt, n: Int) -> Int:
    """Index of the n-th lowest set bit (counting from 0; n < popcount(x)), without a branch
    (Vigna, "Broadword implementation of rank/select queries", 2008): the running bit counts
    of the bytes, all at once in one word, give the byte holding the bit; a table gives the
    bit in that byte. Only the last few steps wait for ``n``."""
    counts = x - ((x >> _ONE) & _PAIRS)
    counts = (counts & _NIBBLE_PAIRS) + ((counts >> np.uint64(2)) & _NIBBLE_PAIRS)
    counts = (counts + (counts >> np.uint64(4))) & _BYTE_LOWS
    running = counts * _BYTE_ONES
    rank = np.uint64(n)
    passed = (((rank * _BYTE_ONES) | _BYTE_TOPS) - running) & _BYTE_TOPS
    place = np.uint64(_ctpop(passed)) << np.uint64(3)
    within = rank - (((running << np.uint64(8)) >> place) & np.uint64(0xFF))
    byte = (x >> place) & np.uint64(0xFF)
    return np.int64(place) + np.int64(_SELECT_IN_BYTE[(byte << np.uint64(3)) + within])


@_inline
def _index(i: Int) -> UInt:
    """``i`` (never negative) as an unsigned index: Numba then skips the wraparound of
    negative indices, three instructions on every load of the trick's chain (-0.07
    microseconds a hand, measured)."""
    return np.uint64(i)


@_inline
def _bit(card: Int) -> UInt:
    return _ONE << np.uint64(card)
