"""Westamunda, western gunfights on Necromunda's base rules: so far its rule parameters (issue 11)."""
