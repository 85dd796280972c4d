"""Scripted AI players, one module per game."""
