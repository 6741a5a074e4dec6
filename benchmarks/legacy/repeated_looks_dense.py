# The repeated-looks quantile as it was before its carry was banded (negenlab/core/metrics.py at
# commit e3b219d): every old grid point carried to every new one. Kept for the benchmark
# bench_repeated_looks.py and as the reference tests/test_core_repeated_looks.py holds the banded
# carry to. Frozen as it was (the argument checks left out); its repeats of metrics.py are on purpose.
"""Armitage, McPherson and Rowe's recursive integration with a dense carry."""

from __future__ import annotations

import math

import numpy as np
from scipy import optimize, stats

_ROOT_2PI = math.sqrt(2 * math.pi)


def repeated_looks_z(alpha: float, looks: int) -> float:
    """The constant c with P(|Z_k| > c at some look k <= looks) = alpha (Pocock's boundary)."""
    one = float(stats.norm.isf(alpha / 2))
    if looks == 1:
        return one
    bonferroni = float(stats.norm.isf(alpha / (2 * looks)))
    return float(
        optimize.brentq(
            lambda c: math.log(_crossing_chance(c, int(looks))) - math.log(alpha), one, bonferroni, xtol=1e-4
        )
    )


def _crossing_chance(c: float, looks: int, step: float = 0.5) -> float:
    """P(|S_k| > c sqrt(k) for some k <= looks), S_k a sum of k standard normals: the sum's density
    while it stays inside carried from look to look on a Simpson grid of spacing about ``step``
    (the increment's standard deviation is 1), each look's exit chance added as it happens."""
    crossed = 2 * float(stats.norm.sf(c))
    # the density of S_1 inside (-c, c), on an odd number of points with Simpson's weights
    grid, weights = _simpson_grid(c, step)
    density = np.exp(-0.5 * grid**2) / _ROOT_2PI
    for k in range(2, looks + 1):
        edge = c * math.sqrt(k)
        mass = density * weights
        # exit at look k: S_{k-1} = s inside, the increment carries it beyond +-edge
        crossed += float(mass @ (stats.norm.sf(edge - grid) + stats.norm.cdf(-edge - grid)))
        if k < looks:
            new_grid, new_weights = _simpson_grid(edge, step)
            density = np.exp(-0.5 * (new_grid[:, None] - grid[None, :]) ** 2) @ mass / _ROOT_2PI
            grid, weights = new_grid, new_weights
    return crossed


def _simpson_grid(edge: float, step: float) -> tuple[np.ndarray, np.ndarray]:
    """Points on [-edge, edge] (an odd number, spacing at most ``step``) and their Simpson weights."""
    m = 2 * math.ceil(edge / step) + 1
    grid = np.linspace(-edge, edge, m)
    h = grid[1] - grid[0]
    w = np.full(m, 2.0)
    w[1::2] = 4.0
    w[0] = w[-1] = 1.0
    return grid, w * h / 3
