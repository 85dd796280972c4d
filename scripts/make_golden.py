"""Regenerate the golden narrated playthroughs under tests/golden/ (run after an intended
rule or strategy change, then review the diff)."""

from pathlib import Path

from sim.og import api as og_api
from sim.og.rules import OGRules
from sim.rifle_gun import api as rg_api
from sim.rifle_gun.rules import RGRules

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"

CASES = {
    "og_3p_seed7.txt": (og_api, OGRules(players=3, props_goal=10), 7,
                        ["expander", "balanced", "hunter"]),
    "og_2p_spending_seed3.txt": (og_api, OGRules(players=2, props_goal=8, props_spending=True),
                                 3, ["builder", "random"]),
    "rifle_gun_seed3.txt": (rg_api, RGRules(marksman_b=True), 3,
                            ["fire_manoeuvre", "overwatch_line"]),
}


def render(name: str) -> str:
    api, rules, seed, pool = CASES[name]
    return api.play_text(rules, seed, 0, 0, pool, list(range(len(pool)))) + "\n"


if __name__ == "__main__":
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in CASES:
        (GOLDEN / name).write_text(render(name))
        print("wrote", GOLDEN / name)
