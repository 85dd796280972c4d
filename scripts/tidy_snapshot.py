"""Bit-identity check for refactors: save the tidy rows and narrations of fixed-seed cases of
every registered game, then compare another tree's (or a later) save with it, column by column.

    python scripts/tidy_snapshot.py save DIR [GAME [JSON]]  # e.g. before a change
    python scripts/tidy_snapshot.py compare OLD NEW         # prints IDENTICAL or what differs

JSON: rule changes applied to every case of GAME (e.g. '{"skill_a": "none", "skill_b": "none"}'
to play a new rule parameter the way the old tree did).

Columns present in only one save are listed (a deliberate schema change), never compared.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sim import games  # noqa: E402
from sim.core.seating import lineups  # noqa: E402

# (game, rule changes, seating, games): defaults, every player count, optional rules, crn
CASES = [
    ("og", {"players": 2}, "mixed", 300), ("og", {"players": 3}, "mixed", 300),
    ("og", {"players": 4}, "mixed", 300), ("og", {"players": 6}, "mixed", 200),
    ("og", {"players": 4, "props_spending": True}, "mixed", 300),
    ("og", {"players": 4, "start_placement": "random"}, "mixed", 300),
    ("og", {"players": 3, "adjacency": "diagonal", "special_placement": "center",
            "driveby_range": "adjacent"}, "mixed", 300),
    ("og", {"players": 4}, "crn", 300),
    ("rifle_gun", {}, "mixed", 200), ("rifle_gun", {"scenario": "objective"}, "mixed", 200),
    ("rifle_gun", {"density": "dense", "quality_a": "d6", "soldiers_a": 6}, "mixed", 200),
    ("rifle_gun", {"density": "light", "saw_a": True, "marksman_b": True, "quality_b": "d12"},
     "mixed", 200),
    ("godfather", {"players": 2, "max_sets": 6}, "mixed", 40),
    ("godfather", {"players": 4, "max_sets": 6}, "mixed", 40),
    ("godfather", {"players": 3, "max_sets": 6, "leaders_on_street": True}, "mixed", 30),
    ("westamunda", {}, "mixed", 120),
    ("westamunda", {"build_a": "long_guns", "build_b": "brawlers", "gang_b": "cavalry",
                    "table_setting": "open"}, "mixed", 120),
    ("westamunda", {"swap_a": "shotgun_scatter", "swap_b": "sawnoff_manstopper",
                    "waterway": "stream"}, "mixed", 80),
    ("westamunda", {"scenario": "shoot_out"}, "mixed", 120),
]


def save(out: Path, only: str | None = None, extra: dict | None = None) -> None:
    """Save every case (of game ``only`` if given), each with the rule changes ``extra`` on top
    (e.g. a new parameter set to the value that plays as before)."""
    out.mkdir(parents=True, exist_ok=True)
    narr = {}
    for i, (game, rules, seating, n) in enumerate(CASES):
        if only and game != only:
            continue
        spec = games.get(game)
        r = spec.rules_cls(**{**rules, **(extra or {})})
        pool = list(spec.presets)
        key_div = r.players if seating == "crn" else 1
        lineup = lineups(len(pool), r.players, seating, 5, 7 + i, 0, n)
        spec.run_games(r, 5, 7 + i, 0, lineup, pool, {}, key_div).to_parquet(
            out / f"case{i}.parquet")
        for g in (0, 3):
            narr[f"{i}/{g}"] = spec.play_text(r, 5, 7 + i, g, pool, lineup[g], {}, key_div)
    (out / "narration.json").write_text(json.dumps(narr, indent=0))


def compare(old: Path, new: Path) -> bool:
    same = True
    for f in sorted(new.glob("case*.parquet")):
        if not (old / f.name).exists():
            print(f"{f.stem}: a new case (not in the old save), not compared")
            continue
        a, b = pd.read_parquet(old / f.name), pd.read_parquet(f)
        common = [c for c in a.columns if c in b.columns]
        diff = [c for c in common if not a[c].astype(str).equals(b[c].astype(str))]
        print(f"{f.stem}: {len(a)} / {len(b)} rows; only before {[c for c in a if c not in b]}, "
              f"only after {[c for c in b if c not in a]}; differing {diff}")
        same = same and not diff and len(a) == len(b)
    na = json.loads((old / "narration.json").read_text())
    nb = json.loads((new / "narration.json").read_text())
    for k in nb:
        if k in na and na[k] != nb[k]:
            print(f"narration of case/game {k} differs")
            same = False
    print("IDENTICAL" if same else "DIFFERENT")
    return same


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "save":
        save(Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else None,
             json.loads(sys.argv[4]) if len(sys.argv) > 4 else None)
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(0 if compare(Path(sys.argv[2]), Path(sys.argv[3])) else 1)
    else:
        sys.exit(__doc__)
