# The documented commands. `make run` and `make test` work on a fresh clone.
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup run test schemathesis screenshots accessibility bench bench-load serve lint format demo clean

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || python3.11 -m venv $(VENV) || python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

# Mails link to SITE_URL: here, the address the development server listens on.
run: setup
	DEBUG=$${DEBUG:-1} $(PY) manage.py migrate --noinput
	DEBUG=$${DEBUG:-1} $(PY) manage.py load_demo
	DEBUG=$${DEBUG:-1} $(PY) manage.py load_demo_series
	DEBUG=$${DEBUG:-1} SITE_URL=$${SITE_URL:-http://$(HOST):$(PORT)} $(PY) manage.py runserver $(HOST):$(PORT)

# The accessibility journey injects axe-core (pinned as in tests/browser/conftest.py) from
# var/node, git-ignored; npm comes with Node.js. The browser tests drive Debian's chromium.
AXE_VERSION := 4.10.2
AXE := var/node/node_modules/axe-core/axe.min.js

$(AXE):
	npm install --silent --no-audit --no-fund --prefix var/node axe-core@$(AXE_VERSION) \
		|| echo "warning: axe-core could not be installed; the accessibility journey will fail"

test: setup $(AXE)
	$(VENV)/bin/pytest $(PYTEST_ARGS)

# Generated requests against the OpenAPI schema (SCHEMATHESIS_EXAMPLES per operation, default 8).
schemathesis: setup
	$(VENV)/bin/pytest -m schemathesis $(PYTEST_ARGS) tests/tournaments/api/test_schemathesis.py

# The journeys in Chromium, saving their screenshots as the committed docs/screenshots/.
screenshots: setup $(AXE)
	MUSTER_SCREENSHOTS=docs/screenshots $(VENV)/bin/pytest -q tests/browser/journeys $(PYTEST_ARGS)

# The page walk and the journeys' axe-core scans, then docs/accessibility.md's tables from them.
accessibility: setup $(AXE)
	$(VENV)/bin/pytest -q tests/browser/test_every_page.py tests/browser/journeys/test_accessibility.py $(PYTEST_ARGS)
	$(PY) -m tests.browser.accessibility_table

bench: setup
	$(PY) -m benchmarks

# The round end as capacity (benchmarks/load_capacity.py): the highest rate of tables a second
# gunicorn, PostgreSQL, Redis and a Celery worker serve within a 200 ms p95, then the burst;
# 127.0.0.1 only. BENCH_PG_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres);
# Redis database 15 is emptied before each run. One scenario alone: python -m benchmarks.load_round_end.
bench-load: setup
	$(PY) -m benchmarks.load_capacity $(LOAD_ARGS)

# Production server: gunicorn with threads, config/gunicorn.conf.py (docs/configuration.md: Running in production).
serve: setup
	$(VENV)/bin/gunicorn -c config/gunicorn.conf.py

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy .

format: setup
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

clean:
	rm -rf $(VENV) var db.sqlite3
