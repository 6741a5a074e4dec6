"""The frozen old code in ``benchmarks/legacy/`` that the cross-checks hold the new code to."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

LEGACY = Path(__file__).resolve().parents[2] / "benchmarks" / "legacy"


def frozen(filename: str) -> ModuleType:
    """The module ``benchmarks/legacy/<filename>``, loaded once under a private name."""
    name = "_negenlab_legacy_" + Path(filename).stem
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, LEGACY / filename)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
