# Top Cat: `make run` serves the site, `make test` runs the whole suite. Both set everything up first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export PIP_DISABLE_PIP_VERSION_CHECK := 1
# pytest-xdist workers for `make test` (docs/testing.md): `make test TEST_WORKERS=0` runs in one process. The tests
# go out in pytest-django's order (database tests first, the browser's last; --no-loadscope-reorder): once a worker
# has started Playwright, its event loop is running in the worker's thread and Django refuses the ORM there.
TEST_WORKERS ?= 2
# Tests that need SQLite on a file (the write lock, the connection pool, concurrent moves): see `test`.
SQLITE_FILE_TESTS := tests/games/test_busy.py tests/games/test_concurrency.py tests/catsite/test_sqlite_writers.py

.PHONY: run test lint check-engines chromium bench clean

# The task worker (notices: docs/notices.md) runs beside the server and stops with it.
run: $(VENV)/.installed
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py migrate --noinput
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py db_worker & worker=$$!; \
	  trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	  DEBUG=$${DEBUG:-1} $(BIN)/python manage.py runserver 127.0.0.1:8000

test: $(VENV)/.test-installed chromium
	$(BIN)/ruff check .
	DATABASE_URL= $(BIN)/python manage.py makemigrations --check --dry-run  # models vs migrations: no database needed
	@# The SQLite pass's test database lives in memory, where there is no write lock to wait for and no connection to
	@# reuse: the tests of those run again on a SQLite file of their own (PostgreSQL's pass runs them on PostgreSQL).
	if [ -z "$$DATABASE_URL" ]; then dir=$$(mktemp -d) && SQLITE_TEST_PATH=$$dir/test.sqlite3 $(BIN)/pytest \
	  $(SQLITE_FILE_TESTS); status=$$?; rm -rf $$dir; exit $$status; fi
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder $(PYTEST_ARGS)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .

# Every game the registry can play, through the shared contract checker.
check-engines: $(VENV)/.installed
	for game in $$($(BIN)/python manage.py playable_games); do \
	  $(BIN)/python ../shared/tools/check_engine.py $$game 100 || exit 1; done

# Every benchmark but load.py (minutes per run: benchmarks/README.md says how to run it); each one runs even when
# one before it failed (over its limit, or broken), and the target fails if any did.
BENCHMARKS = moves_server.py moves.py tables.py rat_hot_placements.py history.py

bench: $(VENV)/.test-installed
	@failed=""; for b in $(BENCHMARKS); do echo "== benchmarks/$$b"; \
	  $(BIN)/python benchmarks/$$b || failed="$$failed $$b"; echo; done; \
	if [ -n "$$failed" ]; then echo "failed:$$failed"; exit 1; fi

$(VENV)/.installed: requirements.txt
	[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements.txt
	touch $@

$(VENV)/.test-installed: $(VENV)/.installed requirements-test.txt
	$(BIN)/pip install -q -r requirements-test.txt
	touch $@

# The browser tests drive Debian's Chromium (Playwright's own browser download is not used), with a Chinese font
# (without one Chromium draws every Chinese character as an empty box, and the 390 px test measures the boxes).
chromium:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q chromium; }
	@fc-list :lang=zh-tw | grep -q . || { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q fonts-wqy-microhei; }

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
