# Two set-up commands on a fresh machine (python3 + make): `make serve` and `make test`.
# `make test` installs the dev, report (matplotlib), cluster (Ray), web (FastAPI, psycopg, ...) and rl (OpenSpiel,
# PettingZoo, Gymnasium) extras so CI runs every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# One install of heliopolis (compiled once) that every target shares; each extra's packages come on top
# from their own stamp (tools/extras.py), without building heliopolis again.
STAMP := $(VENV)/.installed
WEB_STAMP := $(VENV)/.installed-web
DEV_STAMP := $(VENV)/.installed-dev
DEV_EXTRAS := dev,report,cluster,web,rl
EXTRAS_TOOL := tools/extras.py

# `make serve PORT=8080 HOST=0.0.0.0`; `make play GAME=helios SEATS=human,heuristic`; `make extras EXTRAS=report`
PORT ?= 8000
HOST ?= 127.0.0.1
GAME ?= ra
SEATS ?= human,random,random
EXTRAS ?= report

.PHONY: serve play build extras test lint soak bench bench-all coverage clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# pip --quiet hides setup.py's notice when the compiled build falls back to pure: say which build it is.
SAY_BUILD := $(BIN)/python -c "import heliopolis._native as n, heliopolis; print('heliopolis build:', n.BUILD)"

# The only target that builds heliopolis (the engines: docs/compiled-build.md, "Build once").
$(STAMP): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(SAY_BUILD)
	touch $@

$(WEB_STAMP): pyproject.toml $(EXTRAS_TOOL) | $(STAMP)
	$(BIN)/python $(EXTRAS_TOOL) install web
	touch $@

$(DEV_STAMP): pyproject.toml $(EXTRAS_TOOL) | $(STAMP)
	$(BIN)/python $(EXTRAS_TOOL) install $(DEV_EXTRAS)
	touch $@ $(WEB_STAMP)

# Adds an extra's packages (e.g. `make extras EXTRAS=report` for the plots) without a rebuild.
extras: | $(STAMP)
	$(BIN)/python $(EXTRAS_TOOL) install $(EXTRAS)

# The main command: the web server on http://$(HOST):$(PORT)/ with a SQLite file (heliopolis.db).
serve: $(STAMP) $(WEB_STAMP)
	@echo "The heliopolis command is $(BIN)/heliopolis (or run: source $(BIN)/activate)"
	$(BIN)/heliopolis serve --host $(HOST) --port $(PORT)

play: $(STAMP)
	@echo "$(GAME) in the terminal; seats: $(SEATS) (you are 'human'). Other opponents: make play SEATS=human,heuristic,ismcts"
	$(BIN)/heliopolis play $(GAME) --seats $(SEATS)

# The compiled engines (mypyc, docs/compiled-build.md) are built by $(STAMP) above, once; after editing
# a compiled module (src/heliopolis/_native.py lists them), `make build` rebuilds them in place (the
# build cache misses: the sources changed). Until then the pure modules run, with a warning.
# HELIOPOLIS_PURE=1 make build installs the pure build only.
build: | $(BIN)/python
	$(BIN)/python -m pip install --quiet --no-deps -e .
	$(SAY_BUILD)

# Lint and format (ruff) and types (mypy, strict on core/ and the games): configured in pyproject.toml.
lint: $(STAMP) $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# `make test` also installs (apt-get) and starts the services the web tests need:
# CI (.ci/run) runs on a fresh machine without a PostgreSQL server or Chromium, and
# must start every service its tests use. tools/ci_services.sh starts a throwaway
# PostgreSQL on 127.0.0.1:54329 and prints its URL, passed to pytest as
# HELIOPOLIS_TEST_PG (tests/conftest.py's `pg_url` fixture); an HELIOPOLIS_TEST_PG
# already set wins. If the script cannot (no root/sudo), it warns, prints nothing
# and the PostgreSQL tests skip. `make play` needs neither service and stays
# as it is.
# Every rule ID of docs/rules/*.md must be cited by a test (tools/rule_coverage.py --strict fails otherwise).
# The suite runs on the compiled build (tests/test_build.py fails if a C compiler is present but the
# compiled engines are not in use), then the golden playthroughs again on the pure build, the reference.
test: $(STAMP) $(DEV_STAMP) lint
	$(BIN)/python tools/rule_coverage.py --summary --strict
	pg=$$(bash tools/ci_services.sh); \
	HELIOPOLIS_EXPECT_COMPILED=$$(command -v cc >/dev/null && echo 1) \
	HELIOPOLIS_TEST_PG="$${HELIOPOLIS_TEST_PG:-$$pg}" $(BIN)/python -m pytest -n 2 -q
	HELIOPOLIS_PURE=1 $(BIN)/python -m pytest -n 2 -q tests/test_goldens.py tests/test_build.py tests/conformance

soak: $(STAMP) $(DEV_STAMP)
	$(BIN)/python -m pytest -n 2 -q -m slow

# Engine and search speed; `make bench-all` adds the research adapters and the web server under load.
bench: $(STAMP)
	$(BIN)/python bench/bench_compiled.py
	$(BIN)/python bench/bench_ra.py
	$(BIN)/python bench/bench_bots.py

bench-all: bench $(DEV_STAMP)
	$(BIN)/heliopolis bench ra-dice --players 4
	$(BIN)/python bench/bench_adapters.py --seconds 2
	$(BIN)/python bench/bench_server.py --games 200 --think 0.5 --duration 20

coverage: $(STAMP) $(DEV_STAMP)
	$(BIN)/python tools/rule_coverage.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .hypothesis .mypy_cache .ruff_cache
	find src -name '*.so' -delete; rm -f src/heliopolis/_native_build.json
