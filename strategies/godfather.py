"""Scripted Godfather gang bosses: one weighted policy (the engine's boss decisions in
``sim/godfather/engine.py`` read these weights) and the random-legal floor.

A boss decides, for each of its leaders as the cards call them: which block the leader's
elements head for (``W_EXPAND`` for blocks nobody holds, ``W_HUNT`` for rivals' blocks and
elements, ``W_DEFEND`` for its own blocks with intruders; each divided by 1 + the distance in
blocks), how many moves an element may buy a turn (``W_MAX_MOVES``), whether elements close
for melee (``W_MELEE``) and take a prominent citizen hostage (``W_HOSTAGE``), and which share
of its elements stays home (``W_GARRISON``). At each admin phase it bails (``W_BAIL``), keeps a
cash reserve (``W_RESERVE`` cr) for pay, spends a share of the rest on weapons and armour
(``W_ARMS``; weapon ``W_WEAPON``, armour ``W_ARMOUR`` codes), opens businesses
(``W_BUSINESS``) and promotes its head when the rules allow (``W_PROMOTE``). With
``W_DRIVE`` its elements hot-wire vehicles they stand next to (one try a turn), walk to one
within two foot moves when they have nothing else to do, and ride owned vehicles to target
blocks more than two foot moves away; with ``W_BARRICADE`` > 0 a garrison element with nothing
to shoot barricades its open cell when an enemy is that many cells away or nearer.

The random boss picks every one of those choices uniformly from the legal ones, from the
campaign's own stream.
"""

from __future__ import annotations

import numpy as np

from strategies.presets import Preset, weight_table

# policy kinds
RANDOM, SCRIPTED = 0, 1

# weight vector layout: float64[N_W]
W_EXPAND = 0  # value of a block nobody holds yet (divided by 1 + distance in blocks)
W_HUNT = 1  # value of a rival's block, plus this per rival element in it
W_DEFEND = 2  # value per intruding element in a block of mine
W_MAX_MOVES = 3  # moves an element may buy in a turn (0..3)
W_MELEE = 4  # 1: close with and fight adjacent enemies; 0: shoot only
W_HOSTAGE = 5  # 1: a prominent citizen beaten in melee is taken hostage, not killed
W_GARRISON = 6  # share of each leader's elements that stay in the block they hold
W_BAIL = 7  # 1: bail jailed elements when the reserve allows
W_RESERVE = 8  # cr kept back from bail, purchases and businesses
W_ARMS = 9  # share of the cash above the reserve spent on weapons and armour each set
W_WEAPON = 10  # weapon code bought (index of rules.WEAPONS)
W_ARMOUR = 11  # armour bought: 0 none, 1 light, 2 heavy
W_BUSINESS = 12  # 1: open a business in each block held when the reserve allows
W_PROMOTE = 13  # 1: promote the head leader when it commands enough elements
W_CHARGE = 14  # 1: move to melee an enemy within one move rather than shoot at it
W_RANGE = 15  # blocks: the furthest a leader's target block may be from its elements
W_DRIVE = 16  # 1: hot-wire vehicles next to its elements and drive to far target blocks
W_BARRICADE = 17  # cells: a garrison element barricades its open cell when an enemy is this
# near (0: never)
N_W = 18

_BASE = {W_EXPAND: 1.0, W_HUNT: 0.3, W_DEFEND: 1.0, W_MAX_MOVES: 2.0, W_MELEE: 0.0,
         W_HOSTAGE: 0.0, W_GARRISON: 0.2, W_BAIL: 1.0, W_RESERVE: 400.0, W_ARMS: 0.5,
         W_WEAPON: 2.0, W_ARMOUR: 0.0, W_BUSINESS: 0.0, W_PROMOTE: 1.0, W_CHARGE: 0.0,
         W_RANGE: 99.0, W_DRIVE: 1.0, W_BARRICADE: 0.0}

PRESETS = {
    p.name: p
    for p in [
        Preset("random", RANDOM, {}, "Random legal boss: every choice uniform among the legal "
               "ones (the floor every boss must beat)."),
        Preset("land_grabber", SCRIPTED, {W_EXPAND: 1.0, W_HUNT: 0.1, W_GARRISON: 0.1,
                                          W_MAX_MOVES: 3.0, W_ARMS: 0.3},
               "Heads for the nearest block nobody holds with nearly every element, moving "
               "as far as its points allow; fights rivals only when they are in the way."),
        Preset("war_monger", SCRIPTED, {W_EXPAND: 1.0, W_HUNT: 0.5, W_MELEE: 1.0,
                                        W_CHARGE: 1.0, W_GARRISON: 0.1, W_ARMS: 0.8,
                                        W_WEAPON: 4.0, W_ARMOUR: 1.0},
               "Hunts rival gangs: values a block by the rival elements in it (half a free "
               "block's worth each), buys SMGs and armour, closes for melee."),
        Preset("racketeer", SCRIPTED, {W_EXPAND: 0.8, W_HUNT: 0.1, W_GARRISON: 0.4,
                                       W_BUSINESS: 1.0, W_RESERVE: 0.0, W_ARMS: 0.0},
               "Takes blocks near home and opens a business in each as soon as it can pay; "
               "keeps a strong garrison."),
        Preset("hostage_taker", SCRIPTED, {W_EXPAND: 1.0, W_HUNT: 0.2, W_MELEE: 1.0,
                                           W_CHARGE: 1.0, W_HOSTAGE: 1.0, W_GARRISON: 0.2},
               "Takes blocks by melee and holds their prominent citizens for ransom."),
        Preset("turtle", SCRIPTED, {W_EXPAND: 0.5, W_HUNT: 0.0, W_DEFEND: 3.0,
                                    W_GARRISON: 0.5, W_MAX_MOVES: 2.0, W_RANGE: 1.0,
                                    W_ARMS: 0.6, W_ARMOUR: 1.0, W_BUSINESS: 1.0,
                                    W_BARRICADE: 8.0},
               "Stays at home and in the blocks next to it, buys armour, defends what it "
               "holds, and barricades its garrison's posts when an enemy comes within 8 "
               "cells."),
    ]
}

WEIGHT_NAMES = {
    "expand": W_EXPAND, "hunt": W_HUNT, "defend": W_DEFEND, "max_moves": W_MAX_MOVES,
    "melee": W_MELEE, "hostage": W_HOSTAGE, "garrison": W_GARRISON, "bail": W_BAIL,
    "reserve": W_RESERVE, "arms": W_ARMS, "weapon": W_WEAPON, "armour": W_ARMOUR,
    "business": W_BUSINESS, "promote": W_PROMOTE, "charge": W_CHARGE, "range": W_RANGE,
    "drive": W_DRIVE, "barricade": W_BARRICADE,
}


def table(names: list[str], overrides: dict | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(kinds int64[n], weights float64[n, N_W]) for a list of preset names; ``overrides`` maps
    a name to {weight name: value}."""
    return weight_table(PRESETS, _BASE, WEIGHT_NAMES, N_W, names, overrides)
