"""The compiled cache is keyed by the whole source: numba alone would keep a caller's stale
machine code after a callee in another file changed."""

import os
import shutil
from pathlib import Path

import numba
import pytest

from sim.core import jit


@pytest.mark.skipif(bool(os.environ.get("NUMBA_CACHE_DIR")), reason="the user chose a cache")
def test_cache_folder_is_keyed_by_the_source():
    assert Path(numba.config.CACHE_DIR).name == jit.source_key()
    assert Path(numba.config.CACHE_DIR).parent == jit.ROOT / ".numba_cache"


def test_any_source_edit_changes_the_key(tmp_path):
    for sub in ("sim", "strategies"):
        shutil.copytree(jit.ROOT / sub, tmp_path / sub,
                        ignore=shutil.ignore_patterns("__pycache__"))
    before = jit.source_key(tmp_path)
    assert before == jit.source_key(jit.ROOT)
    f = tmp_path / "sim" / "core" / "tabletop" / "battlefield.py"
    f.write_text(f.read_text() + "\n# an edit a caller in another file would not notice\n")
    assert jit.source_key(tmp_path) != before


def test_kernel_sources_cover_every_jitted_file():
    """Every file that compiles numba code (or uses the project's jit helpers) is hashed."""
    hashed = set(jit.kernel_sources())
    for sub in ("sim", "strategies"):
        for f in (jit.ROOT / sub).rglob("*.py"):
            text = f.read_text()
            if "@njit" in text or "@step" in text or "@kernel" in text or "from numba" in text:
                assert f in hashed, f


def test_pure_python_edits_keep_the_key(tmp_path):
    for sub in ("sim", "strategies"):
        shutil.copytree(jit.ROOT / sub, tmp_path / sub,
                        ignore=shutil.ignore_patterns("__pycache__"))
    before = jit.source_key(tmp_path)
    for rel in ("sim/analysis/stats.py", "sim/runner.py", "sim/rifle_gun/narrate.py",
                "sim/og/api.py", "sim/core/game.py"):
        f = tmp_path / rel
        f.write_text(f.read_text() + "\n# a report or runner edit\n")
    assert jit.source_key(tmp_path) == before


def test_constants_a_kernel_imports_are_in_the_key(tmp_path):
    """state.py holds no compiled code, but kernels freeze its constants."""
    for sub in ("sim", "strategies"):
        shutil.copytree(jit.ROOT / sub, tmp_path / sub,
                        ignore=shutil.ignore_patterns("__pycache__"))
    before = jit.source_key(tmp_path)
    f = tmp_path / "sim" / "rifle_gun" / "state.py"
    f.write_text(f.read_text() + "\nNEW_CONSTANT = 1\n")
    assert jit.source_key(tmp_path) != before
