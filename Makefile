# Deberc Desk: `make run` serves the site with a demo tournament, `make test` runs the suite.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell md5sum pyproject.toml | cut -c1-12)
HOST ?= 127.0.0.1
PORT ?= 8000
# The development machine's environment: DEBUG on (the settings default to off and refuse the
# development SECRET_KEY then), unless DEBUG is already set.
DEV := DEBUG=$${DEBUG:-1}

.PHONY: run test test-fast setup migrate demo lint format messages bench bench-engine bench-entry \
	bench-standings bench-teams bench-signed-in bench-federation bench-pairing bench-reports \
	bench-exports bench-chaos \
	worker beat clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

setup: $(STAMP)

migrate: setup
	$(DEV) $(BIN)/python manage.py migrate --noinput
	$(DEV) $(BIN)/python manage.py compilemessages --ignore=.venv >/dev/null 2>&1 || true

demo: migrate
	$(DEV) $(BIN)/python manage.py load_demo

# `run`: with a Celery worker and beat when Redis answers (REDIS_URL, or 127.0.0.1:6379),
# eager tasks in the web process otherwise; DEBERC_WORKER=auto|yes|no chooses.
run: demo
	@echo "Collecting the static files (compressed once: about a minute the first time)..."
	$(DEV) $(BIN)/python manage.py collectstatic --noinput | tail -n 1
	$(DEV) $(BIN)/python manage.py runserver_with_worker $(HOST):$(PORT)

# `make test`: the whole suite, on one pytest-xdist worker per CPU (PYTEST_WORKERS=logical:
# xdist's `auto` counts physical cores when psutil is installed, one on many 2-CPU machines;
# `PYTEST_WORKERS=0` runs it in one process, and a `-n` in PYTEST_ARGS wins), each worker
# taking the next test when it is free (worksteal: a few long tests do not leave a core idle
# at the end). Property tests draw a quarter of their examples unless HYPOTHESIS_PROFILE=ci
# (CI sets it: tests/conftest.py). It says how long it took.
# `make test-fast`: the same but the scenario tests marked `slow` (CI and `make test` run them).
PYTEST_WORKERS ?= logical
PYTEST_PARALLEL = $(if $(filter 0,$(PYTEST_WORKERS)),,-n $(PYTEST_WORKERS) --dist worksteal)
PYTEST_MARKS =
# Read when the recipe is expanded, before its first line runs (the catalogues compiled too).
TEST_START = $(shell date +%s)

test: setup
	$(DEV) $(BIN)/python manage.py compilemessages --ignore=.venv >/dev/null 2>&1 || true
	@status=0; $(DEV) $(BIN)/python -m pytest $(PYTEST_PARALLEL) $(PYTEST_MARKS) $(PYTEST_ARGS) \
		|| status=$$?; \
		echo "make $(or $(MAKECMDGOALS),test): $$(( $$(date +%s) - $(TEST_START) )) s"; exit $$status

test-fast: PYTEST_MARKS = -m "not slow"
test-fast: test

# Style (ruff) and types (mypy with django-stubs and djangorestframework-stubs: the apps and
# config; settings in pyproject.toml's [tool.mypy]). CI runs it before the tests.
lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: setup
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Each app keeps its own catalogue; the project's (base templates, settings) is in locale/.
messages: setup
	for app in scoring tournaments referee; do \
		(cd $$app && $(DEV) ../$(BIN)/python ../manage.py makemessages -l ru -l uk) ; done
	$(DEV) $(BIN)/python manage.py makemessages -l ru -l uk --ignore=.venv --ignore=bench \
		--ignore=tests --ignore=scoring --ignore=tournaments --ignore=referee --ignore=staticfiles
	$(DEV) $(BIN)/python manage.py compilemessages --ignore=.venv

# Benchmarks (figures in docs/performance.md).
bench: bench-engine

bench-engine: setup
	$(BIN)/python bench/engine.py

bench-entry: setup
	$(BIN)/python bench/entry.py

bench-standings: setup
	$(BIN)/python bench/standings.py

# A 1,000-player team event's standings (issue 19; goal: ≤ 100 ms, a fixed number of queries).
bench-teams: setup
	$(BIN)/python bench/teams.py

# Signed-in reads (tournament list, leaderboard, player page, staff search) as each role with a
# 3,000-player tournament (PostgreSQL; goal: ≤ 150 ms p95, a fixed number of queries).
bench-signed-in: setup
	$(BIN)/python bench/signed_in.py

# Reads at federation size (issue 33): 200 clubs, 20,000 people, 300 tournaments of both games,
# a federation of 120 clubs; every list and page as each role, and a full rating replay
# (PostgreSQL; goal: ≤ 150 ms p95, a fixed number of queries). `make bench-federation
# BENCH_ARGS="--scale 0.1"` for a quick run, `--reuse` to keep the world built before.
bench-federation: setup
	$(BIN)/python bench/federation.py $(BENCH_ARGS)

bench-pairing: setup
	$(BIN)/python bench/pairing.py

bench-reports: setup
	$(BIN)/python bench/reports.py

# A scorer's deals while 8 anonymous readers download a 3,000-player tournament's export
# (PostgreSQL + Redis; goal: the scorer's p95 ≤ 200 ms).
bench-exports: setup
	$(BIN)/python bench/exports.py

# Faults during the live load (kill -9 a gunicorn worker and the Celery worker, dropped
# connections): nothing lost or doubled, standings and ratings catch up (PostgreSQL + Redis).
bench-chaos: setup
	$(BIN)/python bench/chaos.py

# Both queues by default (one host); `make worker WORKER_QUEUES=celery` (or `=reports`) for a
# worker host of its own (docs/deployment.md, "Many hosts").
# Each worker is named after its queues (celery-reports@host, reports@host), so that two on
# one machine do not clash and `celery inspect` reaches both.
WORKER_QUEUES ?= celery,reports
comma := ,
WORKER_NAME ?= $(subst $(comma),-,$(WORKER_QUEUES))@%h
worker: setup
	$(DEV) $(BIN)/celery -A config worker --loglevel=info -Q $(WORKER_QUEUES) -n $(WORKER_NAME)

beat: setup
	$(DEV) $(BIN)/celery -A config beat --loglevel=info

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles media
