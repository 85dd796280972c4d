"""Golden playthroughs: seeded narrated games must not change unless the rules or strategies
were meant to (regenerate with scripts/make_golden.py and review the diff)."""

import difflib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from make_golden import CASES, GOLDEN, render  # noqa: E402


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name):
    want = (GOLDEN / name).read_text()
    got = render(name)
    diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden",
                                        "now", n=1))
    assert got == want, f"narrated game changed:\n{diff[:3000]}"
