"""Game-agnostic core: numba configuration, keyed random streams, dice, batch plumbing."""
