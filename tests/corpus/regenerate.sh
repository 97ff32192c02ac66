#!/usr/bin/env bash
# Regenerate every findings file of the labelled corpus from the case files.
# Paths in all outputs are relative to tests/corpus/cases (the corpus workspace root).
#
#   tests/corpus/regenerate.sh
#
# Tools: bandit from .venv; semgrep 1.182.0 from its own venv (never the app's: it breaks litellm),
#   python3 -m venv /tmp/semgrep-venv-corpus && /tmp/semgrep-venv-corpus/bin/pip install semgrep==1.182.0
# (or point SEMGREP at another semgrep binary); cppcheck and flawfinder from the system.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
BANDIT="${BANDIT:-$repo/.venv/bin/bandit}"
SEMGREP="${SEMGREP:-/tmp/semgrep-venv-corpus/bin/semgrep}"
PYTHON="${PYTHON:-$repo/.venv/bin/python}"
out="$here/findings"
mkdir -p "$out"
cd "$here/cases"

echo "bandit" >&2
"$BANDIT" -q -r python -f json -o "$out/bandit.json" --exit-zero
"$BANDIT" -q -r python -f sarif -o "$out/bandit.sarif" --exit-zero

echo "semgrep" >&2
# --project-root . makes semgrep read cases/.semgrepignore instead of its defaults (which skip tests/).
"$SEMGREP" scan --metrics=off --disable-version-check --project-root . --quiet \
  --config ../semgrep-rules.yml --json --output "$out/semgrep.json" --sarif-output="$out/semgrep.sarif" python c

if [ -d c ] && ls c/*.c >/dev/null 2>&1; then
  echo "cppcheck" >&2
  cppcheck --quiet --xml --enable=warning,style,portability --inconclusive \
    --suppress=missingIncludeSystem --suppress=missingInclude -I c c 2>"$out/cppcheck.xml"
  echo "flawfinder" >&2
  flawfinder --quiet --sarif c >"$out/flawfinder.sarif"
  if command -v gcc >/dev/null; then
    echo "gcc -fanalyzer" >&2
    : >"$out/gcc-fanalyzer.jsonl"
    for f in c/*.c; do
      gcc -fanalyzer -fdiagnostics-format=json -Wall -Wextra -I c -c "$f" -o /dev/null 2>>"$out/gcc-fanalyzer.jsonl" || true
      printf '\n' >>"$out/gcc-fanalyzer.jsonl"
    done
  fi
fi

echo "neutral" >&2
"$PYTHON" "$here/neutral_findings.py"
echo "findings written to $out" >&2
