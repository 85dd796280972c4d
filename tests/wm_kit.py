"""Westamunda gangs the engine and narration tests share."""

from sim.westamunda.rules import FIGHTERS, Recruit, WMRules

R = WMRules()
# a legal townsfolk gang of other guns: percussion and single-shot reloads, the Henry's two
# sustained-fire dice, S4 guns (knockdown) and, with WEAK's S2 young bloods, kickback
MIXED = (Recruit("leader", ("revolver_perc", "springfield"), ("revolver_perc", "springfield")),
         Recruit("shootist", ("henry", "small_revolver"), ("henry", "small_revolver")),
         Recruit("ganger", ("hunting_rifle", "pistol"), ("hunting_rifle", "pistol")),
         Recruit("ganger", ("springfield", "revolver"), ("springfield", "revolver")),
         Recruit("ganger", ("sharps_carbine", "small_revolver_perc"),
                 ("sharps_carbine", "small_revolver_perc")),
         Recruit("young_blood", ("springfield",), ("springfield",)),
         Recruit("young_blood", ("pepperbox",), ("pepperbox",)))
WEAK = WMRules(profiles=tuple(row[:3] + (2,) + row[4:] if name == "young_blood" else row
                              for name, row in zip(FIGHTERS, R.profiles, strict=True)))
