"""Westamunda's surface for the platform: play gunfights for a line-up, tidy the records, and
the game's contract record ``SPEC`` (registered in ``sim/games.py``).

Seat 0 is side A, seat 1 side B. The gangs come from the rules (``gang_a``/``gang_b`` gang
types, ``build_a``/``build_b`` build policies, ``swap_a``/``swap_b`` weapon swaps;
:func:`sim.westamunda.builds.side_roster`), the gunfighters (strategies) from the line-up, so a
sweep over builds or weapons reads the seat-0 win rate as side A's build's.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.core import records
from sim.core.game import Capabilities, GameSpec, GoldenCase, OddsCheck
from sim.core.records import Column
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.cli import odds_westamunda
from sim.westamunda.rules import VERSION, WMRules
from strategies import westamunda as strat

END_NAMES = list(S.END_NAMES)
# per-side record column -> doc (the tidy column is its SIDE_NAMES name)
_SIDE_DOCS = {
    "fighters_start": "fighters at the start",
    "standing_end": "fighters standing at the end",
    "down_end": "fighters down at the end",
    "out_of_action_end": "fighters out of action at the end",
    "enemies_taken_out": "enemy fighters this side took out of action",
    "shots": "to-hit rolls (one a round fired)",
    "hits": "hits scored",
    "wounds": "wounds caused (unsaved)",
    "aimed_shots": "aimed to-hit rolls",
    "aimed_hits": "aimed hits",
    "snap_shots": "snap to-hit rolls (a snap burst counts here and in fan_shots)",
    "snap_hits": "snap hits",
    "fans": "bursts fired (fanning or blazing away)",
    "fan_shots": "to-hit rolls of bursts",
    "fan_hits": "hits of bursts",
    "overwatch_shots": "overwatch to-hit rolls",
    "quick_draws_tried": "quick-draw tests taken (a mover against an overwatcher)",
    "quick_draws_won": "quick draws won (the mover fired first)",
    "reloads": "reload actions",
    "reload_fails": "reload actions whose BS roll failed",
    "rounds_loaded": "rounds loaded",
    "rounds_lost": "rounds dropped while reloading",
    "ammo_rolls": "ammo rolls taken",
    "jams": "jam markers gained",
    "clear_actions": "actions spent clearing a jam",
    "jams_cleared": "jam markers cleared",
    "pins": "enemies this side's hits pinned",
    "aims_lost": "aims this side lost to the target's moves",
    "charges": "charges into hand-to-hand",
    "melee_rounds": "hand-to-hand rounds fought",
    "melee_hits": "hand-to-hand hits struck",
    "bottle_tests": "bottle tests taken",
    "kickbacks": "kickbacks suffered (a weak firer of a strong gun failed his S test: pinned)",
    "knockdowns": "enemies this side's hits knocked back (failed S tests)",
    "dry_turns": "turns a fighter wanted to shoot with no loaded, unjammed gun",
    "drowned": "this side's fighters drowned (out of action on an injury face only water makes "
               "so)",
    "got_wet": "this side's fighters pinned or down in water (their ammo rolls get wetter)",
    "both_barrels": "double-barrelled shots with both barrels at once",
    "barrel_pairs": "double-barrelled shots with both barrels one after the other",
    "blasts": "scatter-shell templates placed",
    "scatters": "scatter templates that scattered off a miss",
    "blast_hits": "hits dealt by scatter templates (a single shell's own target's hit is in hits)",
    "friendly_hits": "of blast_hits, hits on this side's own fighters",
    "shell_swaps": "reloads that changed a shotgun's shell type",
    "skill_saves": "hits this side's fighters avoided by a skill (dodge, step aside)",
    "arm_locks": "arm locks this side's wrasslers won (one on an arm already locked counts, "
                 "changing nothing)",
    "off_hand_shots": "to-hit rolls of a second gun fired at once (the gunfighter skill)",
    "hip_shots": "to-hit rolls of running hip shooters spared the snap modifier",
    "native_saves": "injury rolls of this side's resilient fighters (native_injury) whose second "
                    "die bettered the first",
    "riders": "this side's fighters mounted at the start (mounted_a, mounted_b)",
    "horse_hits": "hits (shots and blows) this side put on horses (the location die's horse faces)",
    "horses_lost": "this side's horses brought down (wounded by a shot, a blow or a crash)",
    "falls": "this side's riders thrown or brought down (horse fell, stay-on test failed, "
             "rider down, a failed jump down, thrown off by a boarder) and its boarders thrown "
             "back off an enemy's horse (a failed climb or a lost round)",
    "bolts": "this side's pinned horses bolting",
    "runaways": "this side's horses going on straight with their rider pinned",
    "dismounts": "this side's riders stepping down",
    "horses_calmed": "this side's pinned horses calmed by their rider's I test",
    "throws": "tomahawks this side threw (thrown_tomahawks)",
    "cylinders_fitted": "spare pre-loaded cylinders or tubes this side fitted (each a reloading "
                        "turn whose roll passed; counted in reloads too)",
    "ducks_caused": "enemies this side's missed shots made duck back behind cover (duck_backs: "
                    "the roll would have hit but for the cover)",
    "lemat_shells_loaded": "shells this side loaded into Le Mat shotgun barrels (counted in "
                           "rounds_loaded too)",
    "lemat_barrel_short": "Le Mat reloads of this side with the barrel declared last whose "
                          "reload die ran out before the empty barrel (a shell there to load)",
    "gun_blows": "hand-to-hand blows this side struck with a handgun stronger than the hand "
                 "weapon (pistols_in_melee; a round each under pistol_melee_uses_rounds)",
    "entangled": "enemies this side's fancy ropers entangled with a lasso or bolas "
                 "(riding_skill 'fancy_ropin')",
    "untangle_tries": "turns this side's entangled fighters spent trying to get free (an S test "
                      "then an I test against a lasso, the I test against bolas)",
    "untangled": "of those, the turns they got free",
    "tangled_actions": "turns this side's entangled fighters stayed entangled and acted at "
                       "entangled_action_mod (a bolas victim crawling at most)",
    "lassos_lost": "lassos this side's ropers let go of (stepping beyond the rope, or going "
                   "down or out of action): the victim free, the lasso gone",
    "dynamite_lit": "bundles of dynamite this side's fighters lit (lighting rolls passed)",
    "light_fails": "lighting rolls this side's fighters failed (nothing lost)",
    "dynamite_thrown": "bundles of dynamite this side threw (each a to-hit roll, in shots too)",
    "dynamite_duds": "thrown bundles that missed and did not go off (the scatter die's misfire "
                     "face)",
    "fuses_burnt": "lit bundles this side did not throw in time: gone off where the holder was "
                   "(unthrown_fuse 'explodes') or snuffed",
    "dynamite_hits": "hits this side's dynamite dealt to anyone under a blast (own fighters "
                     "included; not in blast_hits)",
    "dynamite_own_hits": "of dynamite_hits, those on this side's own fighters",
    "parries": "hand-to-hand rounds this side's fighters parried (a sabre, the only parry in "
               "the fight, losing: the opponent re-rolls his highest attack die)",
    "parries_turned": "of parries, the rounds the parry turned (the parrier no longer lost)",
    "lance_charge_blows": "blows this side struck with a lance's charge strength (the round its "
                          "holder charged)",
    "scope_shots": "to-hit rolls this side made in the short band only through a telescopic "
                   "sight (the bounty hunter's rifle, fired without moving)",
    "nerve_tests": "leadership tests this side's fighters took when a friend near them went "
                   "down or out of action (nerve_tests)",
    "breaks": "of nerve_tests, those failed: the fighter broken",
    "flights": "runs for cover by this side's broken fighters (on breaking, again in later turns "
               "out of cover or in sight, and breaking away from hand-to-hand)",
    "rallies": "this side's broken fighters who passed the rally test (in cover and unseen)",
    "stray_rolls": "stray-shot dice rolled for this side's missed shots (gun or bow), one for "
                   "each of its own fighters within stray_in of the line of fire in turn",
    "stray_hits": "of stray_rolls, those at or under stray_on: one of this side's fighters hit "
                  "by its own missed shot (in pins and wounds too, as a template's friendly "
                  "hits are)",
    "obstacle_charges": "of charges, those that ended over an obstacle (low terrain under the "
                        "charger or his target): obstacle_penalty on the charger's combat score "
                        "in that round",
    "follow_ups": "this side's winners of a fight who followed up (moved at the end of the "
                  "hand-to-hand phase: follow_up_in, or a mounted charger's forced "
                  "mounted_follow_up_in)",
    "mounts": "this side's fighters on foot mounting their standing horse again (one they "
              "stepped down from, or a war horse that stayed by its fallen rider)",
    "hit_runs": "this side's riders' hit-and-runs that reached their target (one attack each, "
                "then the rider rides on)",
    "hit_run_hits": "hits this side's riders struck in their hit-and-runs (not in melee_hits)",
    "hit_run_hits_back": "hits this side's men on foot struck back at riders making a "
                         "hit-and-run at them",
    "voluntary_bottles": "1 if this side bottled out by choice when its bottle test was due "
                         "(no test; its gunfighter's bottle_at, rule voluntary_bottle)",
    "horses_lying": "war horses this side's riders stepped down from and had lie down (partial "
                    "cover on and behind them; weight lie_down)",
    "one_hand_shots": "to-hit rolls of long guns this side fired one-handed by choice, as one "
                      "of two guns at once (the gunfighter skill; rule two_weapons_long_guns)",
    "jumps_down": "this side's riders' jumps down from their horses mid-move (Act.JUMP_DOWN; "
                  "weight jump_down; rule jump_from_moving_horse)",
    "jump_falls": "those jumps from a moving horse whose I test failed (a fall's hits followed)",
    "jump_charges": "those jumps that leapt into a fight with an enemy (also in charges; rule "
                    "jump_charge_in)",
    "boards": "this side's fighters' climbs onto an enemy rider's horse (Act.BOARD, Ev.BOARD; "
              "weight board; rule board_enemy_horse)",
    "board_fails": "those climbs whose I test failed (thrown back, a fall's hits)",
    "boards_won": "those climbs that won the round with the rider (he is thrown off; the horse "
                  "is the boarder's)",
    "boards_lost": "those climbs that lost the round (the boarder thrown back, a fall's hits)",
    "board_helps": "this side's fighters who gave up their action to give a friend a leg up "
                   "onto a moving horse (Ev.HELP; weight board_help; rule mount_helper_bonus)",
    "double_ups": "this side's men who got up behind a friend rider (a double mount, Ev.DOUBLE; "
                  "weight double_up; rules double_mount_*)",
    "double_fails": "those climbs behind a friend that failed their I test (thrown back, a "
                    "fall's hits)",
    "passengers_off": "this side's passengers who got down (Act.DISMOUNT; Ev.PASS_OFF d=0)",
    "reins_taken": "this side's passengers who took the reins of a horse whose rider came off "
                   "or was taken out (Ev.REINS)",
    "passenger_hits": "this side's shots at a horse carrying two that hit the man behind (the "
                      "second D6's 4-6, Ev.LOCATE f=1)",
}
assert tuple(_SIDE_DOCS) == S.SIDE_NAMES, "tidy docs out of step with state.SIDE_NAMES"
_GAME = {S.G_SHOTS: ("shots_total", "to-hit rolls of both sides"),
         S.G_HITS: ("hits_total", "hits of both sides"),
         S.G_JAMS: ("jams_total", "jam markers of both sides"),
         S.G_MELEE: ("melee_total", "hand-to-hand rounds")}


def strategy_arrays(pool: list[str], lineup: np.ndarray, overrides: dict | None = None):
    """(kinds int64[n, 2], weights float64[n, 2, N_W]) for pool indices ``lineup`` [n, 2]."""
    kinds, weights = strat.table(pool, overrides)
    return kinds[lineup], weights[lineup]


def gangs(rules: WMRules):
    """((roster A, roster B), (gang type A, gang type B)) the rules field."""
    from sim.westamunda import builds

    return ((builds.side_roster(rules, "a"), builds.side_roster(rules, "b")),
            (rules.gang_a, rules.gang_b))


def run_games(rules: WMRules, seed: int, stream: int, game0: int, lineup: np.ndarray,
              pool: list[str], overrides: dict | None = None, key_div: int = 1) -> pd.DataFrame:
    """Play len(lineup) fights; one row per fight and side.

    Common random numbers (``key_div`` > 1) are not offered: the capabilities say so and the
    config loader refuses ``seating = "crn"`` before any fight is played."""
    if key_div != 1:
        raise ValueError("crn seating is not available for westamunda")
    kinds, weights = strategy_arrays(pool, lineup, overrides)
    rosters, types = gangs(rules)
    batch = E.play_batch(rules, seed, stream, game0, kinds, weights, rosters, types, rules.maps)
    return tidy(batch, rules, lineup, pool, game0)


def tidy(batch, rules: WMRules, lineup: np.ndarray, pool: list[str], game0: int) -> pd.DataFrame:
    """Records -> DataFrame with one row per (fight, side)."""
    g, sd = batch.games, batch.sides
    n = len(lineup)
    first = g[:, S.G_FIRST]
    end = g[:, S.G_END]
    (ra, rb), (ta, tb) = gangs(rules)
    cost = np.tile([rules.roster_cost(ra, ta), rules.roster_cost(rb, tb)],
                   (n, 1)).astype(np.int64)
    return records.tidy(
        game0, lineup, pool, winner=g[:, S.G_WINNER], end=end, end_names=END_NAMES,
        turn_limit=end == S.END_LIMIT, first_seat=first,
        order=(np.arange(2)[None, :] != first[:, None]).astype(np.int64),
        rounds=g[:, S.G_TURNS],
        game_cols={"map": E.map_index(np.arange(game0, game0 + n), 2 * rules.maps),
                   **{name: g[:, col] for col, (name, _) in _GAME.items()}},
        seat_cols={"cost": cost,
                   **{name: sd[:, :, i] for i, name in enumerate(S.SIDE_NAMES)}})


def replay_game(rules: WMRules, seed: int, stream: int, game: int, pool: list[str],
                lineup_row, overrides: dict | None = None,
                key_div: int = 1) -> tuple[pd.DataFrame, str]:
    """Fight (seed, stream, game) alone with its trace: its tidy rows and its narration."""
    from sim.westamunda.narrate import narrate

    if key_div != 1:
        raise ValueError("crn seating is not available for westamunda")
    row = np.asarray(lineup_row)[None, :]
    kinds, weights = strategy_arrays(pool, row, overrides)
    rosters, types = gangs(rules)
    batch, events, table = E.replay(rules, seed, stream, game, kinds[0], weights[0], rosters,
                                    types, rules.maps)
    names = [pool[i] for i in row[0]]
    return tidy(batch, rules, row, pool, game), narrate(events, table, names, rules, types)


# ---------------------------------------------------------------- the contract record

_COLUMNS = (
    Column("map", "int64", "game", "the generated table the fight was fought on (one of the "
           "point's 2 x `maps`: each generated table also turned round; fights on one table "
           "share its luck)"),
    *(Column(name, "int64", "game", doc) for name, doc in _GAME.values()),
    Column("cost", "int64", "seat", "the side's gang cost in dollars (its build and swap)"),
    *(Column(name, "int64", "seat", doc) for name, doc in _SIDE_DOCS.items()),
)


def _shot_check() -> OddsCheck:
    """A ganger's plain shot (BS 3, S3 against T3): miss / hit without wound / wound."""
    from sim.westamunda import odds as O

    rules = WMRules()
    g = rules.profile("ganger")

    def exact():
        r = O.shot(g["BS"], 0, g["S"], g["T"], rules=rules)
        return np.array([1 - float(r.p_hit), float(r.p_hit) - float(r.p_wound),
                         float(r.p_wound)])

    def simulate(n, seed):
        c = E.simulate_shots(rules, n, seed, bs=g["BS"], strength=g["S"], toughness=g["T"])
        return c[:3]

    return OddsCheck("shot BS3 S3 v T3", exact, simulate)


def _golden(rules: WMRules, seed: int, pool: list[str]):
    return lambda: replay_game(rules, seed, 0, 0, pool, np.arange(len(pool)))[1] + "\n"


def _sweep_report(out, load, manifest, wording):
    from sim.analysis import sweep_report

    sweep_report.write(out, load, manifest, wording, SPEC)


def _weapons_report(out, load, manifest, wording):
    """What weapons, builds and gang types are worth; shooting modes; the ammunition rules."""
    from sim.westamunda import report

    report.write(out, load, manifest, wording)


SPEC = GameSpec(
    name="westamunda", title="Westamunda", version=VERSION, rules_cls=WMRules,
    presets=strat.PRESETS, weight_names=strat.WEIGHT_NAMES, run_games=run_games,
    replay=replay_game, round_limit_param="max_turns", columns=_COLUMNS,
    end_names=tuple(END_NAMES), odds_cli=odds_westamunda,
    capabilities=Capabilities(seatings=("mixed", "fixed"), draws=True, players=(2, 2)),
    report_kinds={"sweep": _sweep_report, "weapons": _weapons_report},
    decided_by={"bottle_pct": ("bottle",)},
    wording={"turn_order": "the first turn goes to a coin toss each fight (in the fast-draw "
                           "shoot-out the I + D6 order decides who acts first instead)",
             "score": "fighters standing"},
    odds_checks=(_shot_check(),),
    golden=(GoldenCase("westamunda_seed5", _golden(WMRules(), 5,
                                                   ["patient_aimer", "gunslinger_rush"])),),
    cluster="map",
    bench="bench/bench_westamunda.py",
    code_paths=("sim/core/**/*.py", "sim/westamunda/*.py", "strategies/westamunda.py",
                "strategies/presets.py"),
)
