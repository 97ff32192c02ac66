# The two commands a new user needs: `make demo` and `make test`.
# Each creates .venv if it is missing and installs what it needs.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml setup.py | sha1sum | cut -c1-12)
EXAMPLE := tests/fixtures/projects/pyapp
OUT := out/demo

.PHONY: all venv demo test test-setup lint typecheck unit test-editors bench clean settings

all: test

# The package maps top-level folders into `sastls` (setup.py), so setuptools makes the editable install with
# an import finder, and then always prints an InformationOnly note ("Editable installation. Please be careful
# with folders ... with the same name as your package"): no folder here is named sastls; the note is silenced.
$(STAMP): pyproject.toml setup.py
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
	PYTHONWARNINGS='ignore:Editable installation' $(BIN)/python -m pip install -q -e '.[dev]'
	@rm -f $(VENV)/.installed-* && touch $@

venv: $(STAMP)

# mypy does not follow setuptools' editable finder: give it a view of the package.
.typing/sastls: | venv
	@mkdir -p .typing/sastls
	@for d in analyzers graph server prompts; do ln -sfn ../../$$d .typing/sastls/$$d; done

lint: venv
	$(BIN)/ruff check analyzers graph server prompts tests bench
	$(BIN)/ruff format --check analyzers graph server prompts bench

typecheck: venv .typing/sastls
	MYPYPATH=.typing $(BIN)/mypy -p sastls

# The external corpora (tests/external: Python, C) each write one status line: ran with its figures, or skipped and why.
EXTERNAL_STATUS := test-output/external-status.txt
EXTERNAL_C_STATUS := test-output/external-c-status.txt
unit: venv
	@rm -f $(EXTERNAL_STATUS) $(EXTERNAL_C_STATUS)
	@$(BIN)/python -m pytest -q; rc=$$?; \
	    cat $(EXTERNAL_C_STATUS) 2>/dev/null || echo "external C corpus: did not run"; \
	    cat $(EXTERNAL_STATUS) 2>/dev/null || echo "external corpus: did not run"; exit $$rc

# What the tests need beyond the venv: tests/setup/*.sh, in order (editors and browser with apt-get as root;
# Node.js 20 from PyPI into ~/.cache/sastls when the machine's node is missing or older).
# A tool that cannot be installed is not an error: the tests that need it are skipped, and listed at the end.
test-setup: venv
	@for s in tests/setup/*.sh; do PYTHON=$(BIN)/python bash "$$s" || exit 1; done

test: test-setup lint typecheck unit

demo: venv
	$(BIN)/sastls triage $(EXAMPLE)/findings/bandit.sarif $(EXAMPLE)/findings/semgrep.json --repo $(EXAMPLE) \
	    --store $(OUT)/verdicts.db --out $(OUT)/triaged.sarif --drop-false-positives \
	    --report $(OUT)/report.html --markdown $(OUT)/summary.md --jsonl $(OUT)/verdicts.jsonl --fail-on never

# The settings list (analyzers/settings.py) -> editors/vscode/package.json and docs/settings.md.
settings: venv
	$(BIN)/python -m sastls.analyzers.settings .

test-editors: venv
	$(BIN)/python -m pytest -q -m editor tests/lsp

bench: venv
	@for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .typing out .mypy_cache .ruff_cache .pytest_cache
