"""Bit tricks on 64-bit words for the compiled (numba) searches: sets as bit masks, table keys.

>>> import numpy as np
>>> popcount64(np.uint64(0b1011)), lowest_bit_index(np.uint64(0b1000))
(3, 3)
>>> mix64(np.uint64(1)) != mix64(np.uint64(2))
True
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def popcount64(x):
    """How many bits of the 64-bit word ``x`` are set."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, inline="always")
def lowest_bit_index(x):
    """The index of the lowest set bit of ``x`` (``x`` not 0)."""
    return popcount64((x & (~x + np.uint64(1))) - np.uint64(1))


@njit(cache=True, inline="always")
def mix64(x):
    """A bijection of 64-bit words (the splitmix64 finalizer: xor-shifts and odd multipliers, each
    invertible) that spreads exact keys over a table's slots without merging any two of them."""
    x ^= x >> np.uint64(30)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(27)
    x *= np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(31)
    return x
