"""Metrics, statistics and reports. Reads only results tables, never engine internals."""
