# negenlab: every target creates .venv when it is missing and installs the package into it.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-dev-dask
BENCH_STAMP := $(VENV)/.installed-bench
BROWSER_STAMP := $(VENV)/.installed-browser
OPENSPIEL_STAMP := $(VENV)/.installed-openspiel
REPORTS ?= reports

.PHONY: demo test lint browser-test openspiel-test lab bench venv clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,dask]'
	@echo "compiling the numba kernels once, into numba's cache, so test workers and studies load them (about 1-2 min on 2 cores)"
	$(PY) -W ignore -m negenlab.warmup
	touch $@

$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,dask,bench]'
	touch $@

## make demo: all four designer reports (from the committed studies) -> reports/index.html, then a
## small fresh sample per game (the next seed) printed beside the committed numbers it re-measures
demo: $(STAMP)
	$(VENV)/bin/negenlab report all -o $(REPORTS)
	for game in $$($(PY) -m negenlab.games); do $(VENV)/bin/negenlab study $$game check || exit 1; done

## make test: the whole test suite (notebooks included), one pytest-xdist worker per core
test: $(STAMP)
	$(PY) -m pytest -q -n auto --dist worksteal

$(BROWSER_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,dask,browser]'
	touch $@

## make browser-test: every notebook in a real JupyterLab, driven by the distribution's Chromium
## (apt-get install chromium; no browser download). DOCS=1 also refreshes docs/img/board-*.png.
browser-test: $(BROWSER_STAMP)
	@command -v chromium >/dev/null || test -x /usr/bin/chromium || \
		{ echo "browser-test needs Chromium: apt-get install chromium"; exit 1; }
	NEGENLAB_DOCS_SHOTS=$(DOCS) $(PY) -m pytest --browser -p no:cacheprovider -q -s tests/browser

$(OPENSPIEL_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,dask,openspiel]'
	touch $@

## make openspiel-test: OpenSpiel both ways (negenlab.openspiel) with the extra installed; without
## it, make test skips these tests
openspiel-test: $(OPENSPIEL_STAMP)
	$(PY) -m pytest -q -p no:cacheprovider tests/test_openspiel.py negenlab/openspiel.py

## make lint: ruff (lint and format check) on negenlab/, tests/ and benchmarks/, and mypy on negenlab/, all clean
lint: $(STAMP)
	$(VENV)/bin/ruff check negenlab tests benchmarks
	$(VENV)/bin/ruff format --check negenlab tests benchmarks
	$(VENV)/bin/mypy negenlab

## make lab: JupyterLab on the notebooks
lab: $(STAMP)
	$(VENV)/bin/jupyter lab notebooks/

## make bench: speed against the named peers (OpenSpiel, OR-tools), printed as ratios
bench: $(BENCH_STAMP)
	@set -e; for f in benchmarks/bench_*.py; do echo "== $$f"; $(PY) $$f; done

clean:
	rm -rf $(VENV) $(REPORTS) .pytest_cache build *.egg-info
