"""numba checks a cached kernel against its own file only: negenlab names its kernel cache by every
file that compiles code, so that editing one (Necklace's connection engine, called from the df-pn of
another file) compiles afresh instead of running the old code."""

from __future__ import annotations

import os

import negenlab
from negenlab import kernel_cache_folder


def test_a_kernel_file_edited_is_a_new_cache_and_other_files_are_not(tmp_path):
    (tmp_path / "a.py").write_text("from numba import njit\n@njit(cache=True)\ndef f(x):\n    return x\n")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "b.py").write_text("from numba import njit\n")
    (tmp_path / "page.py").write_text("TITLE = 'a page'\n")
    first = kernel_cache_folder(tmp_path)
    (tmp_path / "page.py").write_text("TITLE = 'another page'\n")  # no kernel: the same compiled code
    assert kernel_cache_folder(tmp_path) == first
    (tmp_path / "pkg" / "b.py").write_text("from numba import njit  # edited\n")
    assert kernel_cache_folder(tmp_path) != first and kernel_cache_folder(tmp_path).parent == tmp_path / "__pycache__"


def test_numba_uses_the_folder():
    import numba

    assert numba.config.CACHE_DIR == os.environ["NUMBA_CACHE_DIR"] == str(kernel_cache_folder())
    assert negenlab.kernel_cache_folder().is_dir()
