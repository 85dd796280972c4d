"""Godfather (city gang campaign). So far: the rule parameters and the exact odds of its atomic
mechanics; the city engine, gang bosses and experiments are still to come (issue 10)."""
