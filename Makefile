# Two commands matter (see README): `make run` and `make test`. Both set everything up first.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test setup lint format bench clean translations repro-tools

setup: $(STAMP)

$(STAMP): pyproject.toml scripts/bootstrap.sh
	bash scripts/bootstrap.sh "$(VENV)"
	touch $(STAMP)

run: setup
	bash scripts/run-sample.sh "$(VENV)"

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

test: lint repro-tools
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

translations: setup  # collect the UI's marked strings into resources/i18n/*.ts, compile .qm
	$(PY) scripts/translations.py

# Real tools for the reproduction tests (tests/catalog/test_reproduce_*.py), under .repro/.
repro-tools:
	bash scripts/repro/run-all.sh

bench: setup
	$(PY) bench/bench_scan.py

clean:
	rm -rf $(VENV) .repro build dist .pytest_cache .ruff_cache
