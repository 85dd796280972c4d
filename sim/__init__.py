"""gangsim engine: shared core, one sub-package per game, analysis, runner and CLI."""

__version__ = "0.1.0"
