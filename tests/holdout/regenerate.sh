#!/usr/bin/env bash
# Regenerate every findings file of the held-out corpus from its case files.
# Paths in all outputs are relative to tests/holdout/cases (the held-out workspace root).
#
#   tests/holdout/regenerate.sh
#
# Tools: bandit from .venv; semgrep 1.182.0 from its own venv (never the app's: it breaks litellm),
#   python3 -m venv /tmp/semgrep-venv-corpus && /tmp/semgrep-venv-corpus/bin/pip install semgrep==1.182.0
# (or point SEMGREP at another semgrep binary); cppcheck and flawfinder from the system.
# Semgrep uses the main corpus's local rules (tests/corpus/semgrep-rules.yml), unchanged.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
BANDIT="${BANDIT:-$repo/.venv/bin/bandit}"
SEMGREP="${SEMGREP:-/tmp/semgrep-venv-corpus/bin/semgrep}"
PYTHON="${PYTHON:-$repo/.venv/bin/python}"
RULES="${RULES:-$repo/tests/corpus/semgrep-rules.yml}"
out="$here/findings"
mkdir -p "$out"
cd "$here/cases"

echo "bandit" >&2
"$BANDIT" -q -r python -f json -o "$out/bandit.json" --exit-zero
"$BANDIT" -q -r python -f sarif -o "$out/bandit.sarif" --exit-zero

echo "semgrep" >&2
# --project-root . makes semgrep read cases/.semgrepignore instead of its defaults (which skip tests/).
"$SEMGREP" scan --metrics=off --disable-version-check --project-root . --quiet \
  --config "$RULES" --json --output "$out/semgrep.json" --sarif-output="$out/semgrep.sarif" python c

echo "cppcheck" >&2
cppcheck --quiet --xml --enable=warning,style,portability --inconclusive \
  --suppress=missingIncludeSystem --suppress=missingInclude -I c c 2>"$out/cppcheck.xml"
echo "flawfinder" >&2
flawfinder --quiet --sarif c >"$out/flawfinder.sarif"

echo "neutral" >&2
"$PYTHON" "$here/neutral_findings.py"
echo "findings written to $out" >&2
