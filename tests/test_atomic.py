"""Atomic writes: files appear whole, with the permissions a plain new file gets."""

import os
import stat

from sim.core import atomic


def test_written_files_get_the_umask_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        atomic.write_text(tmp_path / "report.md", "hello")
        plain = tmp_path / "plain.txt"
        plain.write_text("hello")
    finally:
        os.umask(old)
    mode = stat.S_IMODE((tmp_path / "report.md").stat().st_mode)
    assert mode == stat.S_IMODE(plain.stat().st_mode) == 0o644
    assert (tmp_path / "report.md").read_text() == "hello"
    assert not list(tmp_path.glob(".*.tmp"))
