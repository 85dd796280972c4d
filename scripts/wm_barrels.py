"""Westamunda shotguns measured (docs/strategies/westamunda.md, "Shotguns measured").

    python scripts/wm_barrels.py SEED

1. Barrel modes: both gangs are the reference gang with a shotgun (scatter, then manstopper
   shells) for each Winchester; both sides play the same gunfighter; side A's ``barrels`` weight
   is 0, 1 or 2 while side B keeps the preset's; side A takes seat 0 in even fights and seat 1 in
   odd ones (800 fights, 16 tables). Printed: side A's score (wins + half the draws).
2. Shells: the scatter gang against the manstopper gang, same gunfighter on both sides, each gang
   in each seat for 800 fights. Printed: the scatter gang's score.
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sim.westamunda import api  # noqa: E402
from sim.westamunda import engine as E  # noqa: E402
from sim.westamunda import state as S  # noqa: E402
from sim.westamunda.rules import WMRules  # noqa: E402
from strategies import westamunda as W  # noqa: E402

N = 800
NAMES = ["patient_aimer", "gunslinger_rush", "brawler", "flanker"]


def play(rules, seed, wa, wb, kind):
    """N fights; side A (weights wa) in seat 0 of even fights, seat 1 of odd ones."""
    k = np.full((N, 2), kind, np.int64)
    w = np.zeros((N, 2, W.N_W))
    for i in range(N):
        a = i % 2
        w[i, a], w[i, 1 - a] = wa, wb
    rosters, types = api.gangs(rules)
    return E.play_batch(rules, seed, 3, 0, k, w, rosters, types, rules.maps).games


def main(seed):
    kinds, weights = W.table(NAMES)
    a_seat = np.arange(N) % 2
    for swap in ("shotgun_scatter", "shotgun_manstopper"):
        rules = WMRules(swap_a=swap, swap_b=swap, maps=16)
        for j, name in enumerate(NAMES):
            out = []
            for mode in (0, 1, 2):
                wa = weights[j].copy()
                wa[W.W_BARRELS] = mode
                g = play(rules, seed, wa, weights[j], kinds[j])
                score = ((g[:, S.G_WINNER] == a_seat) + 0.5 * (g[:, S.G_WINNER] < 0)).mean()
                out.append(f"{mode}:{score:.3f}")
            print(seed, swap, name, "side A's barrels:", " ".join(out),
                  "(preset", int(weights[j][W.W_BARRELS]), ")")
    for j, name in enumerate(NAMES):
        seat0 = []
        for a, b in (("shotgun_scatter", "shotgun_manstopper"),
                     ("shotgun_manstopper", "shotgun_scatter")):
            g = play(WMRules(swap_a=a, swap_b=b, maps=16), seed, weights[j], weights[j],
                     kinds[j])
            seat0.append(((g[:, S.G_WINNER] == 0) + 0.5 * (g[:, S.G_WINNER] < 0)).mean())
        print(seed, "scatter gang v manstopper gang,", name, round((seat0[0] + 1 - seat0[1]) / 2, 3))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
