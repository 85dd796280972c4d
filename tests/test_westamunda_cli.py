"""Westamunda's odds commands (sim/westamunda/cli.py, run on its click group directly; the game is
not registered in sim/games.py until its engine exists): the JSON keys, exact values equal to
sim/westamunda/odds.py and to values worked by hand (the 7+ rule, the natural 1, the sustained-fire
burst, the reload D8, quick draw, a round of hand-to-hand), --rule overrides reaching the odds, and
bad input as a usage error (exit 2) naming the option and what is allowed.

--simulate (shot, reload) rolls the engine's own dice helpers: seeded chi-square tests that the
engine agrees with the exact odds (false-alarm rate 1e-3 per fit, at fixed seeds), that an exact
distribution bent on purpose is rejected, that a seed reproduces its output, and that an option
the helpers do not roll is refused by name. Everything else here is exact: no randomness."""

import dataclasses
import json
from fractions import Fraction as F

import pytest
from click.testing import CliRunner

from helpers import assert_no_float_noise, chi2_p
from sim.westamunda import odds as O
from sim.westamunda.cli import BARRELS, DOUBLE_GUNS, GUNS, odds, odds_westamunda
from sim.westamunda.rules import WMRules

SHOT = ("shot", "--bs", "3", "--modifier", "0", "--strength", "3", "--toughness", "3")


def _run(*args) -> str:
    res = CliRunner().invoke(odds_westamunda, list(args))
    assert res.exit_code == 0, res.output
    return res.output


def _json(*args) -> dict:
    out = json.loads(_run(*args, "--json"))
    _consistent(out)
    return out


def _bad(*args) -> str:
    res = CliRunner().invoke(odds_westamunda, list(args))
    assert res.exit_code == 2, res.output
    return res.output


def _consistent(out: dict):
    """Every float rounded to 12 significant digits, and each the float of its exact fraction."""
    assert_no_float_noise(out)

    def same(floats, fracs):
        if isinstance(fracs, dict):
            assert floats.keys() == fracs.keys()
            for k in fracs:
                same(floats[k], fracs[k])
        else:
            assert floats == float(f"{float(F(fracs)):.12g}")

    exact = out["exact"]
    same({k: out[k] for k in exact}, exact)


# ---------------------------------------------------------------- shot

def test_shot_json_keys_and_hand_values():
    out = _json(*SHOT)
    for key in ("p_hit", "p_wound", "p_down", "p_out_of_action"):
        assert isinstance(out[key], float) and isinstance(out["exact"][key], str)
    ex = out["exact"]
    # BS 3 hits on 4+, S3 v T3 wounds on 4+, injury 1 flesh, 2-5 down, 6 out
    assert (ex["p_hit"], ex["p_wound"]) == ("1/2", "1/4")
    assert (ex["p_flesh_wound"], ex["p_down"], ex["p_out_of_action"]) == ("1/24", "1/6", "1/24")
    assert out["p_hit"] == 0.5 and out["p_down"] == float(f"{1 / 6:.12g}")
    assert out["need_hit"] == 4 and out["need_wound"] == 4 and "burst" not in out
    assert "simulated" not in out  # --simulate is off by default
    text = _run(*SHOT)
    assert "needs 4 to hit: 4+" in text and "P(hit) 0.5000 (= 1/2)" in text


def test_seven_plus_rule_at_bs3_modifier_minus4():
    """Need 7 - 3 + 4 = 8: a 6, then 5+ on a second die (1/6 x 1/3)."""
    out = _json("shot", "--bs", "3", "--modifier", "-4", "--strength", "3", "--toughness", "3")
    assert out["need_hit"] == 8 and out["exact"]["p_hit"] == "1/18"
    assert out["exact"]["p_wound"] == "1/36" and out["exact"]["p_out_of_action"] == "1/216"
    assert out["p_hit"] == float(f"{1 / 18:.12g}")
    assert "needs 8 to hit: a 6, then 5+" in _run("shot", "--bs", "3", "--modifier", "-4", "--strength", "3")
    # 10 cannot hit (reference 2.2); the open-ended reading through --rule: 6, 6, then 4+
    assert _json("shot", "--bs", "2", "--modifier", "-5", "--strength", "3")["exact"]["p_hit"] == "0"
    chain = _json("shot", "--bs", "2", "--modifier", "-5", "--strength", "3",
                  "--rule", "seven_plus_reading=chain")
    assert chain["exact"]["p_hit"] == "1/72"


def test_natural_one_always_misses():
    out = _json("shot", "--bs", "6", "--modifier", "3", "--strength", "3")
    assert out["exact"]["p_hit"] == "5/6" and out["need_hit"] == -2
    assert "(a 1 always fails)" in _run("shot", "--bs", "6", "--modifier", "3", "--strength", "3")
    off = _json("shot", "--bs", "6", "--strength", "3", "--rule", "natural_one_fails=false")
    assert off["exact"]["p_hit"] == "1"


@pytest.mark.parametrize("args,kw", [
    (("--bs", "4", "--modifier", "1", "--strength", "4", "--toughness", "3", "--save", "5"),
     dict(bs=4, modifier=1, strength=4, toughness=3, save=5)),
    (("--bs", "2", "--modifier", "-1", "--strength", "5", "--toughness", "4", "--wounds", "2"),
     dict(bs=2, modifier=-1, strength=5, toughness=4, wounds=2)),
    (("--strength", "3", "--water", "deep", "--native"), dict(strength=3, water="deep", native=True)),
])
def test_shot_equals_the_odds_module(args, kw):
    ex = _json("shot", *args)["exact"]
    r = O.shot(**kw)
    for key in ("p_hit", "p_wound", "p_flesh_wound", "p_down", "p_out_of_action", "p_lose_wound"):
        assert F(ex[key]) == getattr(r, key), key


def test_sfd_adds_the_burst():
    out = _json(*SHOT, "--sfd", "1", "--ammo", "4")
    b, ex = out["burst"], out["exact"]["burst"]
    for key in ("expected_hits", "p_any_hit", "p_jam"):
        assert isinstance(b[key], float) and isinstance(ex[key], str)
    # fanning a revolver at BS 3: 3/2 shots at 5+ (the -1), so 1/2 a hit, as one plain shot
    assert out["exact"]["p_hit"] == "1/3" and out["shot_modifier"] == -1
    assert ex["expected_shots"] == "3/2" and ex["expected_hits"] == "1/2"
    assert F(ex["p_any_hit"]) == F(1, 3) * F(1, 3) + F(1, 3) * (1 - F(2, 3) ** 2) + F(1, 6) * (1 - F(2, 3) ** 3)
    burst = O.shot(3, 0, 3, 3, sfd=1, ammo=4).burst
    assert F(ex["p_jam"]) == burst.p_jam and F(ex["p_jam_face"]) == F(1, 6)
    assert {int(k): F(v) for k, v in ex["hits"].items()} == burst.hits
    text = _run(*SHOT, "--sfd", "1", "--ammo", "4")
    assert "expected shots 1.500 (= 3/2), hits 0.500 (= 1/2)" in text
    # a rule reading reaches the burst: any jam face stops it
    stop = _json(*SHOT, "--sfd", "2", "--rule", "sfd_jam_reading=stops_all")
    assert stop["exact"]["burst"]["shots"]["0"] == "11/36"


def test_weapon_row_fills_the_shot():
    out = _json("shot", "--weapon", "revolver", "--sfd", "1")
    assert (out["strength"], out["ammo"], out["rounds"], out["save_modifier"]) == (3, 4, 6, 0)
    assert out["exact"]["p_jam"] == "1/12"  # a to-hit 6 (1/6), then the ammo roll fails on 1-3
    big = _json("shot", "--weapon", "buffalo_gun")
    assert (big["strength"], big["save_modifier"], big["ammo"]) == (5, -2, 3)
    assert _json("shot", "--weapon", "buffalo_gun", "--strength", "3")["strength"] == 3  # the option wins
    two = _json("shot", "--weapon", "saturday_night_special", "--sfd", "1")  # two barrels cap the burst
    assert max(int(k) for k in two["exact"]["burst"]["shots"]) == 2
    assert "bow" in GUNS and "knife" not in GUNS


def test_shot_rules_reach_the_odds():
    out = _json(*SHOT, "--ammo", "7")  # a wet 6+: the text's 7+ rule by default
    assert out["exact"]["p_jam"] == str(F(1, 6) * F(11, 12))
    fail = _json(*SHOT, "--ammo", "7", "--rule", "ammo_over_six=fail")
    assert fail["exact"]["p_jam"] == "1/6"
    native = _json(*SHOT, "--native")["exact"]
    assert F(native["p_out_of_action"]) == F(1, 4) * F(11, 36)  # native_injury 'injury_roll'
    once = _json(*SHOT, "--native", "--rule", "native_injury=none")["exact"]
    assert once["p_out_of_action"] == "1/24"


# ---------------------------------------------------------------- both barrels

SHOT_KEYS = ("p_hit", "p_wound", "p_flesh_wound", "p_down", "p_out_of_action", "p_lose_wound",
             "p_ammo_roll", "p_jam")
FIRING_KEYS = ("p_roll_hits", "p_roll_wounds", "p_under", "expected_hits", "expected_wounds",
               "expected_ammo_rolls", "hits", "wounds", "state")


@pytest.mark.parametrize("weapon,mode", [(w, m) for w in DOUBLE_GUNS for m in BARRELS])
def test_barrels_keep_the_shot_keys_and_equal_the_odds_module(weapon, mode):
    out = _json("shot", "--weapon", weapon, "--barrels", mode, "--cover", "partial")
    ex = out["exact"]
    shell = "scatter" if "scatter" in weapon else "manstopper"
    r = O.barrels(3, 0, 3 if shell == "scatter" else 4, 3, shell=shell, mode=mode,
                  cover="partial", save_modifier=0 if shell == "scatter" else -2, ammo=4)
    for key in SHOT_KEYS:
        assert F(ex[key]) == getattr(r, key), key
    assert set(ex["firing"]) == set(FIRING_KEYS)
    for key in FIRING_KEYS:
        want = getattr(r, key)
        got = ex["firing"][key]
        assert (F(got) if isinstance(want, F) else {k: F(v) for k, v in got.items()}) == \
            ({str(k): v for k, v in want.items()} if isinstance(want, dict) else want), key
    assert (out["barrels"], out["shell"], out["rolls"], out["cover"]) == (
        mode, shell, 2 if mode == "pair" else 1, "partial")
    assert out["need_hit"] == r.need_hit and out["strength"] == r.strength
    assert out["cover_ignored"] == (mode == "both" and shell == "scatter")
    assert "needs" in _run("shot", "--weapon", weapon, "--barrels", mode)


def test_barrels_hand_values():
    """BS 3 against a ganger (T3). Both barrels of scatter at once: 5+ (the -1); under the
    template on a hit or on a miss landing within 1" (the misfire or a 2 halved: 1/3 of
    misses), 1/3 + 2/3 x 1/3 = 5/9, then a D3 of S3 hits at 4+ each: no wound 4/9 + 5/27 x
    (1/2 + 1/4 + 1/8) = 131/216. Manstopper at once: S5, 2+ to wound: 1/3 x 5/6. One after the
    other, manstopper S4 (3+): 1 - (1 - 1/3 x 2/3)^2 = 32/81, two hits expected 2/3."""
    sc = _json("shot", "--weapon", "shotgun_scatter", "--barrels", "both")
    assert (sc["need_hit"], sc["shot_modifier"], sc["rolls"]) == (5, -1, 1)
    assert (sc["exact"]["p_hit"], sc["exact"]["p_wound"]) == ("5/9", "85/216")
    assert sc["exact"]["firing"]["hits"] == {"0": "4/9", "1": "5/27", "2": "5/27", "3": "5/27"}
    assert sc["exact"]["firing"]["p_under"] == "5/9" and sc["exact"]["p_ammo_roll"] == "1/6"
    ms = _json("shot", "--weapon", "sawnoff_manstopper", "--barrels", "both")
    assert ms["strength"] == 5 and ms["exact"]["p_wound"] == "5/18"
    pair = _json("shot", "--weapon", "shotgun_manstopper", "--barrels", "pair")["exact"]
    assert pair["p_wound"] == "32/81" and pair["firing"]["expected_hits"] == "2/3"
    assert pair["p_ammo_roll"] == "11/36"  # two to-hit rolls, a 6 on either
    # cover: scatter at once ignores it (unless the rule says not); the others take it
    full = _json("shot", "--weapon", "shotgun_scatter", "--barrels", "both", "--cover", "full")
    assert full["exact"] == sc["exact"] and full["cover_ignored"]
    kept = _json("shot", "--weapon", "shotgun_scatter", "--barrels", "both", "--cover", "full",
                 "--rule", "double_both_ignores_cover=false")
    assert kept["need_hit"] == 7 and not kept["cover_ignored"]
    # a plain shot takes the cover's modifier as --modifier would
    assert _json(*SHOT, "--cover", "partial")["exact"] == _json(*SHOT[:4], "-1", *SHOT[5:])["exact"]
    assert _json(*SHOT)["cover"] == "none" and _json(*SHOT)["barrels"] is None
    text = _run("shot", "--weapon", "shotgun_scatter", "--barrels", "both")
    assert "both barrels at once" in text and "template on him 0.5556 (= 5/9)" in text


@pytest.mark.parametrize("args,allowed", [
    (("shot", "--barrels", "both"), "no --weapon"),
    (("shot", "--weapon", "winchester", "--barrels", "pair"), "got winchester"),
    (("shot", "--weapon", "shotgun_scatter", "--barrels", "twice"), "'one', 'both', 'pair'"),
])
def test_barrels_need_a_double_barrelled_gun(args, allowed):
    msg = _bad(*args)
    assert "'--barrels'" in msg and allowed in msg, msg
    if "got" in allowed or "no --weapon" in allowed:
        assert all(g in msg for g in DOUBLE_GUNS)


@pytest.mark.parametrize("weapon,mode", [("shotgun_manstopper", "pair"),
                                         ("sawnoff_manstopper", "both")])
def test_barrels_simulate_rolls_each_barrel_with_the_engine(weapon, mode):
    """A manstopper firing's barrel rolls by engine.simulate_shots at the barrels' modifier and
    strength fit one barrel roll's exact odds (chi-square, false-alarm rate 1e-3, fixed seed),
    and not those of a plain shot (the -1 and the S+1 are rolled, power check)."""
    n = 50_000
    out = _json("shot", "--weapon", weapon, "--barrels", mode, "--simulate", str(n))
    sim, fx = out["simulated"], out["exact"]["firing"]
    rolls = 2 if mode == "pair" else 1
    assert sim["firings"] == n and sim["n"] == n * rolls
    assert sum(sim["counts"].values()) == n * rolls
    hit, wound = F(fx["p_roll_hits"]), F(fx["p_roll_wounds"])
    probs = [float(1 - hit), float(hit - wound), float(wound)]
    counts = [sim["counts"][k] for k in ("miss", "hit_no_wound", "wound")]
    assert sim["fit_p"] == pytest.approx(chi2_p(counts, probs), rel=1e-9) and sim["fit_p"] > 1e-3
    plain = O.shot(3, 0, 4, 3)
    assert chi2_p(counts, [float(1 - plain.p_hit), float(plain.p_hit - plain.p_wound),
                           float(plain.p_wound)]) < 1e-6
    assert "barrel rolls" in _run("shot", "--weapon", weapon, "--barrels", mode,
                                  "--simulate", "1000")


def test_barrels_simulate_refuses_a_scatter_gun():
    msg = _bad("shot", "--weapon", "sawnoff_scatter", "--barrels", "both", "--simulate", "100")
    assert "'--barrels'" in msg and "not with --simulate" in msg and "engine.simulate_" in msg
    assert "shotgun_manstopper" in msg and "sawnoff_manstopper" in msg
    _run("shot", "--weapon", "sawnoff_scatter", "--barrels", "both")  # exact alone takes it
    _run("shot", "--weapon", "sawnoff_scatter", "--simulate", "100")  # a plain shot is rolled
    assert BARRELS == O.BARRELS


# ---------------------------------------------------------------- reload, quick draw, melee

def test_reload_distribution():
    still = _json("reload", "--room", "6")
    assert still["category"] == "auto" and still["exact"]["p_full"] == "3/8"
    assert still["exact"]["loaded"] == {**{str(k): "1/8" for k in range(1, 6)}, "6": "3/8"}
    walk = _json("reload", "--room", "6", "--activity", "walking")
    assert walk["category"] == "roll" and walk["exact"]["p_bs"] == "1/2"
    assert walk["exact"]["lost"] == walk["exact"]["loaded"]
    assert walk["exact"]["outcomes"]["0,6"] == "3/16"
    die = _json("reload", "--room", "6", "--activity", "walking", "--rule", "reload_loss=die")
    assert die["exact"]["lost"]["8"] == "1/16" and die["reload_loss"] == "die"
    run = _json("reload", "--room", "6", "--activity", "running")
    assert run["category"] == "none" and run["exact"]["outcomes"] == {"0,0": "1"}
    horse = _json("reload", "--room", "6", "--mounted")
    assert horse["category"] == "roll"
    cyl = _json("reload", "--room", "6", "--activity", "walking", "--bs", "4", "--method", "cylinder")
    assert cyl["exact"]["outcomes"] == {"0,0": "1/3", "6,0": "2/3"}
    assert "category auto: no BS roll" in _run("reload", "--room", "6")


def test_quickdraw():
    out = _json("quickdraw", "--mover-i", "4", "--overwatch-i", "3")
    assert out["may_try"] is True and out["exact"]["p_mover_first"] == "2/3"
    same = _json("quickdraw", "--mover-i", "3", "--overwatch-i", "3")
    assert same["may_try"] is False and same["exact"] == {"p_mover_first": "0", "p_overwatch_first": "1"}
    under = _json("quickdraw", "--mover-i", "6", "--rule", "i_roll_reading=under")
    assert under["exact"]["p_mover_first"] == "1" and under["i_roll_reading"] == "under"
    assert _json("quickdraw", "--mover-i", "6")["exact"]["p_mover_first"] == "5/6"
    assert "quick_draw_margin" in _run("quickdraw", "--mover-i", "4", "--rule", "quick_draw_margin=2")


def test_melee_one_round():
    out = _json("melee")
    ex = out["exact"]
    assert (ex["p_a_wins"], ex["p_standoff"], ex["p_b_wins"]) == ("5/12", "1/6", "5/12")
    assert out["a"]["ws"] == 3 and out["b"]["dice"] == 1 and out["melee_reading"] == "combat_score"
    # a charging WS 4 fighter with two Attacks against a parrying ganger, as the odds module says
    got = _json("melee", "--a-ws", "4", "--a-attacks", "2", "--a-charging", "--b-parry")["exact"]
    want = O.hand_to_hand(O.Combatant(ws=4, attacks=2, modifier=1), O.Combatant(parry=True))
    assert F(got["p_a_wins"]) == want.p_a_wins and F(got["p_standoff"]) == want.p_standoff
    assert {int(k): F(v) for k, v in got["a_hits"].items()} == want.a_hits
    assert {k: F(v) for k, v in got["b_state"].items()} == want.b_state
    # the charge bonus is the rule's; two weapons add the rule's extra die
    assert _json("melee", "--a-charging")["exact"] == _json("melee", "--a-modifier", "1")["exact"]
    assert _json("melee", "--a-two-weapons")["a"]["dice"] == 2
    quick = _json("melee", "--a-initiative", "4")["exact"]
    assert quick["p_a_wins"] == "7/12" and quick["p_standoff"] == "0"


# ---------------------------------------------------------------- --simulate

N_SIM = 200_000
SIM_SHOTS = [
    SHOT,  # 4+ to hit, 4+ to wound
    ("shot", "--bs", "2", "--modifier", "-5", "--strength", "3",
     "--rule", "seven_plus_reading=chain"),  # need 10: a 6, a 6, then 4+
    ("shot", "--bs", "4", "--modifier", "2", "--strength", "5", "--toughness", "3",
     "--ammo", "4"),  # a natural 1 misses; wounds on 2+; ammo rolls called
    (*SHOT, "--sfd", "2", "--rounds", "3", "--ammo", "4"),  # a burst capped at 3 shots
    ("shot", "--weapon", "henry", "--bs", "4", "--sfd", "2",
     "--rule", "sfd_jam_reading=stops_all"),  # any jam face and the burst fires nothing
]
SIM_RELOADS = [
    ("reload", "--room", "6"),  # no BS roll: the D8 capped at 6
    ("reload", "--room", "6", "--activity", "walking", "--bs", "4"),
    ("reload", "--room", "3", "--activity", "walking", "--reloads", "2",
     "--rule", "reload_loss=die"),  # two rounds in hand cap what loads and what is lost
    ("reload", "--room", "12", "--activity", "minor"),  # a Winchester
    ("reload", "--room", "5", "--activity", "walking", "--bs", "4", "--method", "cylinder"),
    ("reload", "--room", "4", "--activity", "walking", "--method", "magazine",
     "--rule", "cylinder_fit=d8"),  # a Spencer tube by the D8 reading: min(D8, 4) go in
]


def _fits(sim: dict) -> dict:
    """Every fit_p of a 'simulated' object by its path ('fit_p', 'burst.shots.fit_p')."""
    out = {}
    for k, v in sim.items():
        if isinstance(v, dict):
            out.update({f"{k}.{name}": p for name, p in _fits(v).items()})
        elif k.startswith("fit_p"):
            out[k] = v
    return out


def _exact_cells(out: dict) -> list[tuple[dict, dict]]:
    """(observed distribution, its exact pmf as Fractions) for each fit of a JSON answer."""
    sim, ex = out["simulated"], out["exact"]
    if "outcomes" in ex:  # reload: (loaded, lost) together
        return [(sim, {k: F(v) for k, v in ex["outcomes"].items()})]
    miss = 1 - F(ex["p_hit"])
    cells = [(sim, {"miss": miss, "hit_no_wound": F(ex["p_hit"]) - F(ex["p_wound"]),
                    "wound": F(ex["p_wound"])})]
    if "ammo_rolls" in sim:
        cells.append((sim["ammo_rolls"], {"called": F(ex["p_ammo_roll"]),
                                          "not_called": 1 - F(ex["p_ammo_roll"])}))
    if "burst" in sim:
        cells.append((sim["burst"]["shots"], {k: F(v) for k, v in ex["burst"]["shots"].items()}))
    return cells


@pytest.mark.parametrize("args", SIM_SHOTS + SIM_RELOADS,
                         ids=[f"shot{i}" for i in range(len(SIM_SHOTS))]
                         + [f"reload{i}" for i in range(len(SIM_RELOADS))])
def test_simulate_agrees_with_the_exact_odds(args):
    """N_SIM exchanges rolled by the engine's helpers fit the exact distribution: every
    chi-square fit p-value above 1e-3 (a false-alarm rate of 1e-3 per fit, 20 fits here, so
    about 1.6% that some seed would fail; these seeds are fixed), each p recomputed by the
    tests' own chi-square (helpers.chi2_p)."""
    out = _json(*args, "--simulate", str(N_SIM))
    sim = out["simulated"]
    assert sim["n"] == N_SIM and sim["seed"] == 1
    assert sum(sim["counts"].values()) == N_SIM
    assert sim["frequencies"] == {k: float(f"{c / N_SIM:.12g}") for k, c in sim["counts"].items()}
    fits = _fits(sim)
    assert fits and all(p is not None and p > 1e-3 for p in fits.values()), fits
    for observed, pmf in _exact_cells(out):
        keys = list(pmf)
        assert set(observed["counts"]) <= set(keys)
        p = chi2_p([observed["counts"].get(k, 0) for k in keys], [float(pmf[k]) for k in keys])
        assert observed["fit_p"] == pytest.approx(p, rel=1e-9)
    text = _run(*args, "--simulate", str(N_SIM))
    assert "engine.simulate_" in text and "(exact " in text and "chi-square fit p = " in text


def test_simulate_shot_names_what_it_rolls():
    out = _json(*SHOT, "--sfd", "1", "--ammo", "4", "--simulate", "1000")
    sim = out["simulated"]
    assert set(sim["counts"]) == {"miss", "hit_no_wound", "wound"}
    hits = sim["counts"]["hit_no_wound"] + sim["counts"]["wound"]
    assert sim["p_hit"] == float(f"{hits / 1000:.12g}")
    assert set(sim["ammo_rolls"]["counts"]) == {"called", "not_called"}
    assert set(sim["burst"]) == {"n", "shots", "jam_faces", "expected_shots", "p_jam_face"}
    assert "ammo_rolls" not in _json(*SHOT, "--simulate", "1000")["simulated"]  # no ammo need
    reload = _json("reload", "--room", "1", "--simulate", "1000")["simulated"]
    assert reload["weapon"] == "saturday_night_special" and reload["already_loaded"] == 1
    cyl = _json("reload", "--room", "6", "--method", "cylinder", "--simulate", "1000")["simulated"]
    assert cyl["weapon"] == "small_revolver_perc" and cyl["already_loaded"] == 0
    tube = _json("reload", "--room", "3", "--method", "magazine", "--simulate", "1000")["simulated"]
    assert tube["weapon"] == "spencer" and tube["already_loaded"] == 4


SIM_MELEE = [
    ("melee", "--a-parry"),  # a lone parrier against a ganger
    ("melee", "--a-ws", "4", "--a-attacks", "2", "--a-charging", "--b-parry"),
    ("melee", "--a-parry", "--b-parry", "--b-initiative", "4"),  # two parries cancel
]


@pytest.mark.parametrize("args", SIM_MELEE, ids=[f"melee{i}" for i in range(len(SIM_MELEE))])
def test_simulate_melee_agrees_with_the_exact_odds(args):
    """N_SIM rounds scored by engine.simulate_melee fit the exact round: the winner with his
    hits and each side's hits, every chi-square fit p-value above 1e-3 (9 fits, a 1e-3
    false-alarm rate each; the seed is fixed), each p recomputed by helpers.chi2_p; parries
    happen only where exactly one side parries."""
    out = _json(*args, "--simulate", str(N_SIM))
    sim, ex = out["simulated"], out["exact"]
    assert sim["n"] == N_SIM and sum(sim["counts"].values()) == N_SIM
    fits = _fits(sim)
    assert set(fits) == {"fit_p", "a_hits.fit_p", "b_hits.fit_p"}
    assert all(p is not None and p > 1e-3 for p in fits.values()), fits
    for side in ("a", "b"):
        pmf = {k: F(v) for k, v in ex[f"{side}_hits"].items()}
        counts = sim[f"{side}_hits"]["counts"]
        assert set(counts) <= set(pmf)
        p = chi2_p([counts.get(k, 0) for k in pmf], [float(v) for v in pmf.values()])
        assert sim[f"{side}_hits"]["fit_p"] == pytest.approx(p, rel=1e-9)
    assert (sim["parried"] > 0) == (out["a"]["parry"] != out["b"]["parry"])
    assert 0 <= sim["parries_turned"] <= sim["parried"]
    text = _run(*args, "--simulate", "1000")
    assert "engine.simulate_melee" in text and "parried" in text


@pytest.mark.parametrize("args", [
    ("quickdraw", "--mover-i", "4", "--overwatch-i", "3"),  # 4+: a half
    ("quickdraw", "--mover-i", "5", "--overwatch-i", "3", "--modifier", "-1"),
    ("quickdraw", "--mover-i", "6", "--rule", "i_roll_reading=under"),  # certain: D6 <= 6
    ("quickdraw", "--mover-i", "5", "--rule", "i_roll_reading=under"),  # D6 <= 5
    ("quickdraw", "--mover-i", "3", "--overwatch-i", "3"),  # no quick draw: all the watcher's
])
def test_simulate_quickdraw_agrees_with_the_exact_odds(args):
    """N_SIM quick draws by engine.simulate_quickdraw fit odds.quick_draw: a chi-square fit p
    above 1e-3 (3 fits, a 1e-3 false-alarm rate each; fixed seed), recomputed by
    helpers.chi2_p; where the outcome is certain (no quick draw allowed, or a sure test), every
    draw goes that way."""
    out = _json(*args, "--simulate", str(N_SIM))
    sim, ex = out["simulated"], out["exact"]
    assert sum(sim["counts"].values()) == N_SIM
    pmf = {"mover": F(ex["p_mover_first"]), "overwatch": F(ex["p_overwatch_first"])}
    if not all(pmf.values()):  # no quick draw, or a certain one (I 6 rolled under): one cell
        sure = next(k for k, v in pmf.items() if v)
        assert sim["counts"].get(sure) == N_SIM and sim["fit_p"] is None
        return
    assert sim["fit_p"] > 1e-3
    p = chi2_p([sim["counts"][k] for k in pmf], [float(v) for v in pmf.values()])
    assert sim["fit_p"] == pytest.approx(p, rel=1e-9)
    assert "engine.simulate_quickdraw" in _run(*args, "--simulate", "1000")


def test_simulate_melee_has_power_and_refuses_ws_roll(monkeypatch):
    """With the exact odds' parry dropped (the engine still parries), the seeded fit rejects;
    under melee_reading 'ws_roll' (no scores to roll) --simulate is refused by name."""
    real = O.hand_to_hand
    monkeypatch.setattr(O, "hand_to_hand", lambda a, b, **k: real(
        a._replace(parry=False), b._replace(parry=False), **k))
    sim = _json("melee", "--a-parry", "--simulate", str(N_SIM))["simulated"]
    assert sim["fit_p"] < 1e-6
    monkeypatch.undo()
    msg = _bad("melee", "--rule", "melee_reading=ws_roll", "--simulate", "100")
    assert "'--rule'" in msg and "not with --simulate" in msg and "engine.simulate_melee" in msg


def _bent(monkeypatch, name, how):
    real = getattr(O, name)
    monkeypatch.setattr(O, name, how(real))


@pytest.mark.parametrize("args,name,how,fit", [
    # the exact odds one point of modifier off (need 3, not 4)
    (SHOT, "shot", lambda real: lambda bs, mod, *a, **k: real(bs, mod + 1, *a, **k), "fit_p"),
    # a sustained-fire die with a 2 for its 1 (the shots' support unchanged)
    ((*SHOT, "--sfd", "1"), "shot", lambda real: lambda *a, rules, **k: real(
        *a, rules=dataclasses.replace(rules, sfd_faces=(1, 2, 2, 2, 3, -1)), **k),
     "burst.shots.fit_p"),
    # the reloader's BS one point better (a 3+ roll, not 4+)
    (("reload", "--room", "6", "--activity", "walking"), "reload_roll",
     lambda real: lambda room, *, bs, **k: real(room, bs=bs + 1, **k), "fit_p"),
], ids=["shot-modifier", "burst-die-face", "reload-bs"])
def test_simulate_rejects_a_wrong_exact_distribution(monkeypatch, args, name, how, fit):
    """The fit has power: with the exact odds bent on purpose (each by one face of one die,
    the smallest error a wrong rule makes on a D6), a seeded run of the size
    test_simulate_agrees_with_the_exact_odds uses fits with p far below its 1e-3 threshold."""
    _bent(monkeypatch, name, how)
    fits = _fits(json.loads(_run(*args, "--simulate", str(N_SIM), "--json"))["simulated"])
    assert fits[fit] < 1e-6, fits


@pytest.mark.parametrize("args", [(*SHOT, "--sfd", "2", "--ammo", "4"),
                                  ("reload", "--room", "6", "--activity", "walking")],
                         ids=["burst", "reload"])
def test_simulate_same_seed_same_output(args):
    one = _run(*args, "--simulate", "5000", "--seed", "7", "--json")
    assert one == _run(*args, "--simulate", "5000", "--seed", "7", "--json")
    assert one != _run(*args, "--simulate", "5000", "--seed", "8", "--json")
    assert json.loads(one)["simulated"]["seed"] == 7
    text = _run(*args, "--simulate", "5000")
    assert text == _run(*args, "--simulate", "5000", "--seed", "1")  # the default seed is 1


@pytest.mark.parametrize("args,named", [
    ((*SHOT, "--save", "5"), "'--save'"),
    ((*SHOT, "--save-modifier", "-1"), "'--save-modifier'"),
    ((*SHOT, "--wounds", "2"), "'--wounds'"),
    ((*SHOT, "--water", "deep"), "'--water'"),
    ((*SHOT, "--native"), "'--native'"),
    ((*SHOT, "--modifier", "4", "--rule", "aim_cap_reading=total"), "'--modifier'"),
    (("reload", "--room", "6", "--mounted"), "'--mounted'"),
    (("reload", "--room", "6", "--modifier", "1"), "'--modifier'"),
    (("reload", "--room", "8", "--method", "magazine"), "'--room'"),
    (("reload", "--room", "16"), "'--room'"),
])
def test_simulate_refuses_what_the_engine_helper_does_not_roll(args, named):
    msg = _bad(*args, "--simulate", "100")
    assert named in msg and "not with --simulate" in msg and "engine.simulate_" in msg, msg
    _run(*args)  # the exact odds alone take it


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("args,named,allowed", [
    (("shot", "--bs", "11", "--strength", "3"), "'--bs'", "0<=x<=10"),
    (("shot", "--strength", "0"), "'--strength'", "1<=x<=10"),
    (("shot", "--strength", "3", "--save", "7"), "'--save'", "2<=x<=6"),
    (("shot", "--strength", "3", "--water", "lake"), "'--water'", "'shallow', 'deep'"),
    (("shot", "--weapon", "knife"), "'--weapon'", "'revolver'"),
    (("shot", "--weapon", "revolver", "--sfd", "2"), "'--sfd'", "expected 0 to 1"),
    (("shot", "--strength", "3", "--rule", "aim_bonus_mx=2"), "--rule", "did you mean 'aim_bonus_max'"),
    (("shot", "--strength", "3", "--rule", "seven_plus_reading=open"), "--rule.seven_plus_reading",
     "expected one of 'capped', 'chain'"),
    (("shot", "--strength", "3", "--rule", "seven_plus_reading"), "'--rule'", "expected key=value"),
    (("reload", "--room", "6", "--activity", "dancing"), "'--activity'", "'still', 'hiding'"),
    (("reload",), "'--room'", "Missing option"),
    (("quickdraw", "--mover-i", "-1"), "'--mover-i'", "0<=x<=10"),
    (("melee", "--a-attacks", "5"), "'--a-attacks'", "1<=x<=4"),
    (("melee", "--rule", "melee_reading=wrestle"), "--rule.melee_reading", "'combat_score', 'ws_roll'"),
])
def test_bad_input_names_the_option_and_the_allowed_values(args, named, allowed):
    msg = _bad(*args)
    assert named in msg and allowed in msg, msg


def test_unknown_rule_lists_the_allowed_keys():
    msg = _bad(*SHOT, "--rule", "nonsense=1")
    assert "unknown rule parameter 'nonsense'" in msg and "allowed:" in msg and "seven_plus_reading" in msg


def test_every_option_has_help_and_the_group_is_exported():
    assert odds is odds_westamunda and odds_westamunda.name == "westamunda"
    assert set(odds_westamunda.commands) == {"shot", "reload", "quickdraw", "melee", "hit-and-run"}
    for command in odds_westamunda.commands.values():
        for param in command.params:
            if param.name != "help":
                assert getattr(param, "help", None), (command.name, param.name)
    assert WMRules().sfd_modifier == -1  # the burst's -1 in the help text is the rule's default


# ---------------------------------------------------------------- the hit-and-run's exchange

def _exchange_by_hand(ws_a=3, ws_b=3, mod_a=1, i_a=3, i_b=3):
    """The hit-and-run's exchange enumerated face by face, independently of odds.hand_to_hand:
    one die each, score WS + modifier + die + 1 for a 1 the other rolled (the base game's
    fumble; no criticals with one die), the difference in hits, a tie to the higher I
    (melee_tie_hits 1) or a stand-off. {(rider's hits, target's hits): p}."""
    out: dict = {}
    for da in range(1, 7):
        for db in range(1, 7):
            sa = ws_a + mod_a + da + (db == 1)
            sb = ws_b + db + (da == 1)
            if sa == sb:
                key = (1, 0) if i_a > i_b else (0, 1) if i_b > i_a else (0, 0)
            else:
                key = (sa - sb, 0) if sa > sb else (0, sb - sa)
            out[key] = out.get(key, 0) + F(1, 36)
    return out


def _binomial_thin(pmf: dict, p: F) -> dict:
    from math import comb
    out: dict = {}
    for k, q in pmf.items():
        for j in range(k + 1):
            out[j] = out.get(j, 0) + q * comb(k, j) * p ** j * (1 - p) ** (k - j)
    return {k: v for k, v in out.items() if v}


def test_hit_and_run_exchange_matches_a_hand_enumeration():
    """`odds westamunda hit-and-run`: one die each whatever the Attacks, the rider's charge +1
    (not the horse's bulk), the obstacle's -1, the blows back located on the rider on 5-6
    (rider_hit_faces 2): every figure equals the hand enumeration above; a man downed stays
    down unless hit_and_run_down_out."""
    for args, kw in ((("hit-and-run",), {}),
                     (("hit-and-run", "--over-obstacle"), {"mod_a": 0}),
                     (("hit-and-run", "--a-ws", "4", "--b-initiative", "4"), {"ws_a": 4, "i_b": 4})):
        out = _json(*args)
        ex = {k: v for k, v in out["exact"].items()}
        joint = _exchange_by_hand(**kw)
        rider = {}
        target = {}
        for (ha, hb), p in joint.items():
            rider[ha] = rider.get(ha, 0) + p
            target[hb] = target.get(hb, 0) + p
        assert F(ex["p_rider_wins"]) == sum(p for (ha, _), p in joint.items() if ha)
        assert F(ex["p_target_wins"]) == sum(p for (_, hb), p in joint.items() if hb)
        assert {int(k): F(v) for k, v in ex["rider_hits"].items()} == rider
        assert {int(k): F(v) for k, v in ex["target_hits"].items()} == target
        on_rider = _binomial_thin(target, F(1, 3))
        assert {int(k): F(v) for k, v in ex["on_rider"].items()} == on_rider
        assert {int(k): F(v) for k, v in ex["on_horse"].items()} == _binomial_thin(target, F(2, 3))
        assert F(ex["p_horse_struck"]) == 1 - _binomial_thin(target, F(2, 3))[0]
        wounds = _binomial_thin(on_rider, F(1, 2))  # S3 against T3: 4+
        assert {int(k): F(v) for k, v in ex["rider_wounds"].items()} == wounds
        assert "down" in ex["target_state"] and out["down_out"] is False
    assert _json("hit-and-run")["exact"]["p_rider_wins"] == "7/12"
    out = _json("hit-and-run", "--rule", "hit_and_run_down_out=true")
    assert out["down_out"] is True and "down" not in out["exact"]["target_state"]
    # Attacks cannot be given: the exchange is one die each
    assert "No such option" in _bad("hit-and-run", "--a-attacks", "2")


def test_simulate_hit_and_run_agrees_with_the_exact_exchange():
    """N_SIM exchanges scored by the engine's own round (engine.simulate_melee, one die each,
    the charge in the rider's score) fit the exact hits: 3 chi-square fits, each above 1e-3 (a
    1e-3 false-alarm rate each; fixed seed); ws_roll is refused by name."""
    out = _json("hit-and-run", "--a-ws", "4", "--b-parry", "--simulate", str(N_SIM))
    fits = _fits(out["simulated"])
    assert set(fits) == {"fit_p", "a_hits.fit_p", "b_hits.fit_p"}
    assert all(p is not None and p > 1e-3 for p in fits.values()), fits
    assert out["simulated"]["parried"] > 0
    msg = _bad("hit-and-run", "--rule", "melee_reading=ws_roll", "--simulate", "100")
    assert "not with --simulate" in msg and "engine.simulate_melee" in msg
    assert "Hit-and-run" in _run("hit-and-run", "--simulate", "1000")
