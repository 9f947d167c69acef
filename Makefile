# strikekit: `make run` builds and serves, `make test` checks everything. Both install what
# they need first (a virtual environment in .venv, the Python packages, Debian packages).

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.strikekit-run
TEST_STAMP := $(VENV)/.strikekit-test
MUTATION_STAMP := $(VENV)/.strikekit-mutation
# Biome (pinned in package.json / package-lock.json) lints and formats the JavaScript; axe-core
# (pinned there too) checks every page's accessibility in the browser tests.
NODE_STAMP := node_modules/.strikekit-js
# Debian packages the PDFs embed their fonts from, and the sRGB ICC profile print-shop PDFs
# name as their output intent (icc-profiles-free), installed only when missing.
DEB_RUN_PACKAGES := fonts-dejavu-core fonts-dejavu-extra fonts-ipafont-gothic fonts-morisawa-bizud-gothic \
	icc-profiles-free
# Debian packages the tests use (postgresql: the storage tests start a throwaway cluster of
# their own with its initdb and pg_ctl, tests/pg.py).
DEB_TEST_PACKAGES := $(DEB_RUN_PACKAGES) poppler-utils poppler-data zbar-tools chromium postgresql
# Debian packages the benchmarks use.
DEB_BENCH_PACKAGES := wrk
# Where `make run` serves the companion (0.0.0.0: this machine and phones on the LAN).
HOST ?= 0.0.0.0
PORT ?= 5000

.PHONY: run test lint jslint typecheck pytest mutation bench clean debian-run-packages debian-test-packages

run: $(RUN_STAMP) debian-run-packages
	$(BIN)/printkit validate
	$(BIN)/printkit list
	$(BIN)/printkit build --out output
	$(BIN)/companion serve --host $(HOST) --port $(PORT)

test: lint jslint typecheck pytest

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

jslint: $(NODE_STAMP)
	node_modules/.bin/biome ci --colors=off companion/web/static

# npm ci refuses a lock file without other platforms' optional binaries (npm 11), so install
# exactly what package-lock.json pins, without rewriting it.
$(NODE_STAMP): package.json package-lock.json
	npm install --no-audit --no-fund --no-save --loglevel=error
	touch $@

# Mutation testing of the pure rules (companion/game) with the unit tests only; slow, so not
# part of `make test`. Mutants are made in mutants/ (git-ignored); see [tool.mutmut].
mutation: $(MUTATION_STAMP)
	$(BIN)/mutmut run --max-children 2
	$(BIN)/python scripts/mutation_score.py

$(MUTATION_STAMP): $(TEST_STAMP)
	$(BIN)/python -m pip install -q --disable-pip-version-check -c constraints.txt -e '.[test,mutation]'
	touch $@

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

# The tests run on every core (pytest-xdist); each test owns its app, folder and port.
pytest: $(TEST_STAMP) $(NODE_STAMP) debian-test-packages
	$(BIN)/pytest -n auto

bench: $(TEST_STAMP)
	@scripts/ensure-debian-packages $(DEB_BENCH_PACKAGES)
	@for script in bench/*_bench.py; do [ -e "$$script" ] || continue; echo "== $$script"; $(BIN)/python "$$script" || exit 1; done
	bash bench/serve_bench.sh

$(BIN)/python:
	scripts/make-venv $(PYTHON) $(VENV)

$(RUN_STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install -q --disable-pip-version-check -c constraints.txt -e .
	touch $@

$(TEST_STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install -q --disable-pip-version-check -c constraints.txt -e '.[test]'
	touch $@ $(RUN_STAMP)

debian-run-packages:
	@scripts/ensure-debian-packages $(DEB_RUN_PACKAGES)

debian-test-packages:
	@scripts/ensure-debian-packages $(DEB_TEST_PACKAGES)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis node_modules mutants
	find output -mindepth 1 ! -name .gitkeep -exec rm -rf {} +
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
