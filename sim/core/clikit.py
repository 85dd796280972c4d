"""Helpers every command line group shares (the main CLI and each game's odds group), kept in
core so that a game's commands never import ``sim.cli`` (which imports the games)."""

from __future__ import annotations

import json
import sys

import click

SEED = click.IntRange(0, 2**63 - 1)


def fail(msg: str) -> None:
    """Print ``error: msg`` to stderr and exit with status 2 (bad input)."""
    click.echo(f"error: {msg}", err=True)
    sys.exit(2)


def emit(result: dict, as_json: bool, lines: list[str]) -> None:
    """Print ``result`` as JSON or ``lines`` as text."""
    if as_json:
        click.echo(json.dumps(result, indent=2))
    else:
        click.echo("\n".join(lines))
