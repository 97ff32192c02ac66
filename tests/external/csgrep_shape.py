"""Scanner outputs reshaped the way OpenScanHub shows them: csgrep's JSON (``csgrep --mode=json``)
and its plain ``.err`` text. csgrep itself does not install here, so this writes what csgrep's
documented formats (csdiff's JSON and ``.err`` writers, as its test data shows them) hold for the
same defects, from the raw outputs of gcc (JSON diagnostics) and cppcheck (XML v2):

- gcc: checker ``GCC_ANALYZER_WARNING`` for ``-Wanalyzer-*`` options (tool ``gcc-analyzer``), else
  ``COMPILER_WARNING`` (tool ``gcc``); the key event is ``warning[-W...]`` with the message, then a
  ``#`` event per source line of the caret, then the analyzer's path as ``note`` events
  ``(N) description`` and gcc's child notes;
- cppcheck: checker ``CPPCHECK_WARNING``, key event ``severity[id]``, further locations as notes;
  its notices without a line (``checkersReport``, ``normalCheckLevelMaxBranches``: the run's own
  limits, which ``--enable=all`` adds) are left out.

Standard library only. ``python tests/external/csgrep_shape.py --repo DIR --gcc gcc.json
--cppcheck cppcheck.xml --json out.json --err out.err``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree


def _event(path: str, line: int, column: int | None, event: str, message: str, level: int) -> dict[str, Any]:
    ev: dict[str, Any] = {"file_name": path, "line": line}
    if column:
        ev["column"] = column
    ev.update({"event": event, "message": message, "verbosity_level": level})
    return ev


def _code(repo: Path, path: str, line: int) -> list[dict[str, Any]]:
    try:
        text = (repo / path).read_text(errors="replace").splitlines()
    except OSError:
        return []
    if not 1 <= line <= len(text):
        return []
    return [_event("", 0, None, "#", f"{line:>5} | {text[line - 1]}", 1)]


def _point(loc: Any) -> tuple[str, int, int | None] | None:
    if (
        not isinstance(loc, dict)
        or not isinstance(loc.get("file"), str)
        or not isinstance(loc.get("line"), int)
    ):
        return None
    return loc["file"], loc["line"], loc.get("column")


def gcc_defects(path: Path, repo: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for raw in path.read_text().splitlines():
        if not raw.strip():
            continue
        doc = json.loads(raw)
        diags = doc.get("diagnostics", []) if isinstance(doc, dict) else doc
        for d in diags:
            if d.get("kind") == "note" and out:
                loc = _point((d.get("locations") or [{}])[0].get("caret"))
                if loc:
                    out[-1]["events"].append(_event(loc[0], loc[1], loc[2], "note", d.get("message", ""), 1))
                continue
            loc = _point((d.get("locations") or [{}])[0].get("caret"))
            if loc is None:
                continue
            option = d.get("option") or ""
            analyzer = option.startswith("-Wanalyzer-")
            kind = d.get("kind", "warning")
            events = [
                _event(
                    loc[0], loc[1], loc[2], f"{kind}[{option}]" if option else kind, d.get("message", ""), 0
                ),
                *_code(repo, loc[0], loc[1]),
            ]
            for i, step in enumerate(d.get("path") or [], start=1):
                p = _point(step.get("location"))
                if p is not None:
                    events.append(_event(p[0], p[1], p[2], "note", f"({i}) {step.get('description', '')}", 1))
            for child in d.get("children") or []:
                p = _point((child.get("locations") or [{}])[0].get("caret"))
                if p is not None:
                    events.append(
                        _event(p[0], p[1], p[2], child.get("kind", "note"), child.get("message", ""), 1)
                    )
            defect: dict[str, Any] = {"checker": "GCC_ANALYZER_WARNING" if analyzer else "COMPILER_WARNING"}
            cwe = (d.get("metadata") or {}).get("cwe")
            if isinstance(cwe, int):
                defect["cwe"] = cwe
            defect.update(
                {
                    "language": "c/c++",
                    "tool": "gcc-analyzer" if analyzer else "gcc",
                    "key_event_idx": 0,
                    "events": events,
                }
            )
            out.append(defect)
    return out


def cppcheck_defects(path: Path, repo: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    root = ElementTree.parse(path).getroot()  # our own scanner output
    for err in root.iter("error"):
        locs = err.findall("location")
        if not locs:
            continue
        first = locs[0]
        file, line = first.get("file", ""), int(first.get("line", "0"))
        if line < 1:
            continue  # a notice about the run (normalCheckLevelMaxBranches), not about a line of code
        col = int(first.get("column", "0") or 0) or None
        events = [
            _event(file, line, col, f"{err.get('severity')}[{err.get('id')}]", err.get("msg", ""), 0),
            *_code(repo, file, line),
        ]
        for other in locs[1:]:
            events.append(
                _event(
                    other.get("file", ""), int(other.get("line", "0")), None, "note", other.get("info", ""), 1
                )
            )
        defect: dict[str, Any] = {"checker": "CPPCHECK_WARNING"}
        if err.get("cwe"):
            defect["cwe"] = int(err.get("cwe", "0"))
        defect.update({"language": "c/c++", "tool": "cppcheck", "key_event_idx": 0, "events": events})
        out.append(defect)
    return out


def to_err(defects: list[dict[str, Any]]) -> str:
    """csgrep's plain text: ``Error: CHECKER (CWE-N):`` then one line per event."""
    lines: list[str] = []
    for d in defects:
        cwe = f" (CWE-{d['cwe']})" if d.get("cwe") else ""
        lines.append(f"Error: {d['checker']}{cwe}:")
        for ev in d["events"]:
            if ev["event"] == "#":
                lines.append(f"# {ev['message']}")
                continue
            where = ev["file_name"]
            if ev.get("line"):
                where += f":{ev['line']}"
                if ev.get("column"):
                    where += f":{ev['column']}"
            lines.append(f"{where}: {ev['event']}: {ev['message']}")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repo", required=True, type=Path)
    ap.add_argument("--gcc", type=Path)
    ap.add_argument("--cppcheck", type=Path)
    ap.add_argument("--json", type=Path, required=True)
    ap.add_argument("--err", type=Path, required=True)
    a = ap.parse_args(argv)
    defects: list[dict[str, Any]] = []
    if a.gcc:
        defects += gcc_defects(a.gcc, a.repo)
    if a.cppcheck:
        defects += cppcheck_defects(a.cppcheck, a.repo)
    a.json.write_text(json.dumps({"defects": defects}, indent=4) + "\n")
    a.err.write_text(to_err(defects))
    print(f"{len(defects)} defects written to {a.json} and {a.err}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
