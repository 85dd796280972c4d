# The user's entry points. The first target run creates .venv and installs gangsim into it.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
NAME ?= og_goal_sweep

.PHONY: experiment test test-fast bench lint regress clean-cache venv

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

experiment: $(STAMP)
	$(VENV)/bin/gangsim experiment $(NAME) $(ARGS)

test: $(STAMP)
	$(PY) -m pytest -q $(ARGS)

# the quick loop while working: everything but the tests marked slow (tests/conftest.py)
test-fast: $(STAMP)
	$(PY) -m pytest -q -m "not slow" $(ARGS)

regress: $(STAMP)
	$(VENV)/bin/gangsim regress $(ARGS)

bench: $(STAMP)
	$(PY) bench/run_all.py $(ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check sim strategies tests bench scripts

clean-cache:
	find . -name __pycache__ -prune -exec rm -rf {} +
