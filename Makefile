# The user's entry points. The first target run creates .venv and installs gangsim into it.
# The Pythons gangsim runs on, newest first (requires-python in pyproject.toml: keep in step).
# PYTHON=/path/to/python names one; otherwise python3 if it is one of them, else the newest
# python3.X found.
PY_VERSIONS := 3.15 3.14 3.13 3.12 3.11
PY_RANGE := $(lastword $(PY_VERSIONS)) to $(firstword $(PY_VERSIONS))
PYTHON ?=
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
NAME ?= og_goal_sweep

.PHONY: experiment test test-fast bench lint regress clean-cache venv

# Each candidate is run, not only looked up: a pyenv shim of a version that pyenv has not
# selected is on PATH but fails when run.
$(STAMP): pyproject.toml
	@if [ -n "$(PYTHON)" ]; then tries="$(PYTHON)"; \
	else tries="python3 $(addprefix python,$(PY_VERSIONS))"; fi; \
	found=; for c in $$tries; do \
	  v=$$($$c -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null) || continue; \
	  case " $(PY_VERSIONS) " in *" $$v "*) found=$$c; break;; esac; \
	  [ -z "$(PYTHON)" ] || { echo "PYTHON=$$c is Python $$v; gangsim needs Python $(PY_RANGE)" >&2; exit 1; }; \
	done; \
	[ -n "$$found" ] || { echo "no usable Python found (tried: $$tries); gangsim needs Python" \
	  "$(PY_RANGE): install one, or name it: make PYTHON=/path/to/python3.12 ..." >&2; exit 1; }; \
	echo "using $$($$found -c 'import sys; print(sys.executable, "(Python %s)" % sys.version.split()[0])')"; \
	$$found -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

experiment: $(STAMP)
	$(VENV)/bin/gangsim experiment $(NAME) $(ARGS)

# The suite runs on every core (pytest-xdist); scripts/warm_cache.py first compiles the games'
# engines side by side, so a fresh clone does not compile them one after another inside tests.
test: $(STAMP)
	$(PY) scripts/warm_cache.py
	$(PY) -m pytest -q -n auto $(ARGS)

# the quick loop while working: everything but the tests marked slow (tests/conftest.py)
test-fast: $(STAMP)
	$(PY) -m pytest -q -n auto -m "not slow" $(ARGS)

regress: $(STAMP)
	$(VENV)/bin/gangsim regress $(ARGS)

bench: $(STAMP)
	$(PY) bench/run_all.py $(ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check sim strategies tests bench scripts

clean-cache:
	find . -name __pycache__ -prune -exec rm -rf {} +
