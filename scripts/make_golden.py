"""Regenerate the golden narrated playthroughs under tests/golden/ (run after an intended
rule or strategy change, then review the diff). Each game declares its cases in its spec."""

from pathlib import Path

from sim import games

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"

CASES = {f"{case.name}.txt": case for name in games.GAME_NAMES
         for case in games.get(name).golden}


def render(name: str) -> str:
    return CASES[name].make()


if __name__ == "__main__":
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in CASES:
        (GOLDEN / name).write_text(render(name))
        print("wrote", GOLDEN / name)
