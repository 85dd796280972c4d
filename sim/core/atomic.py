"""Atomic file writes: a reader never sees a half-written file (temp file + rename)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _tmp_beside(path: Path) -> Path:
    """An empty temp file beside ``path``, with the permissions a plain new file would get
    (mkstemp makes it owner-only, which would leave reports unreadable to anyone else)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    os.chmod(tmp, 0o666 & ~_umask())
    return Path(tmp)


def write_with(path: Path, writer) -> None:
    """Call ``writer(tmp_path)`` then rename the result onto ``path``."""
    path = Path(path)
    tmp = _tmp_beside(path)
    try:
        writer(tmp)
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_text(path: Path, text: str) -> None:
    write_with(path, lambda p: Path(p).write_text(text, encoding="utf-8"))


def write_json(path: Path, obj) -> None:
    write_text(path, json.dumps(obj, indent=2, sort_keys=True, default=str) + "\n")


def write_parquet(path: Path, frame) -> None:
    write_with(path, lambda p: frame.to_parquet(p, index=False))


def write_csv(path: Path, frame) -> None:
    write_with(path, lambda p: frame.to_csv(p, index=False))


def write_figure(path: Path, fig) -> None:
    write_with(path, lambda p: fig.savefig(p, format="png", dpi=110, bbox_inches="tight"))
