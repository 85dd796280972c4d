"""Rifle & Gun (squad skirmish). So far: the shooting mechanics (volley), exact and simulated;
the battlefield engine, strategies and experiments are still to come (issue 4)."""
