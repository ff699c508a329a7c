# Two set-up commands on a fresh machine (python3 + make): `make play` and `make test`.
# `make test` installs the dev, report (matplotlib) and cluster (Ray) extras so CI runs every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: play test soak bench coverage clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,report,cluster]'
	touch $@ $(STAMP)

play: $(STAMP)
	$(BIN)/heliopolis play ra

test: $(DEV_STAMP)
	$(BIN)/python tools/rule_coverage.py --summary
	$(BIN)/python -m pytest -n 2 -q

soak: $(DEV_STAMP)
	$(BIN)/python -m pytest -n 2 -q -m slow

bench: $(STAMP)
	$(BIN)/python bench/bench_ra.py
	$(BIN)/python bench/bench_bots.py

coverage: $(DEV_STAMP)
	$(BIN)/python tools/rule_coverage.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .hypothesis
