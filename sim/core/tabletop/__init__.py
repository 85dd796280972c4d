"""Shared tabletop geometry for miniatures games: a grid of 1" cells with terrain, line of
sight, movement and retreat. It knows nothing of any game: callers pass sizes, distances and
terrain as plain values, and the terrain codes are this package's own."""
