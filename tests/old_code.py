"""The frozen old code in ``benchmarks/legacy/`` that the cross-checks hold the new code to."""

import importlib
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def frozen(filename: str) -> ModuleType:
    """``benchmarks/legacy/<filename>`` imported as the benchmarks import it, ``legacy.<name>``: one
    module name, so numba's cache of its compiled functions serves both (a cache written under one
    name cannot be loaded under another)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.append(str(BENCHMARKS))
    return importlib.import_module(f"legacy.{Path(filename).stem}")
