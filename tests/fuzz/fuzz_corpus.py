"""Seed documents for the fuzz suite: one valid findings file per format the readers accept.

Each has ``N`` records; record ``i`` has the rule id ``R{i}`` (gcc: the option ``-WR{i}``), so a
loaded record is known by its rule id. Every optional field the reader looks at is present, so
that mutating "every field" exercises every access. ``ESSENTIAL`` lists, per format, the fields
of a record whose corruption may cost that record (nothing else may).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

N = 6
FILE = "app/a.py"


def workspace(root: Path) -> Path:
    (root / "app").mkdir(parents=True, exist_ok=True)
    (root / FILE).write_text("x = 1\n" * 40)
    return root


def rule(fmt: str, i: int) -> str:
    return f"-WR{i}" if fmt == "gcc-json" else f"R{i}"


def _sarif_result(i: int) -> dict[str, Any]:
    loc = {"physicalLocation": {"artifactLocation": {"uri": FILE}, "region": {"startLine": 2}}}
    out: dict[str, Any] = {
        "ruleId": f"R{i}",
        "level": "warning",
        "message": {"text": f"m{i}"},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": FILE},
                    "region": {
                        "startLine": i + 1,
                        "startColumn": 1,
                        "endLine": i + 1,
                        "endColumn": 5,
                        "snippet": {"text": "x = 1"},
                    },
                }
            }
        ],
        "relatedLocations": [{"id": 1, **loc, "message": {"text": "related"}}],
        "codeFlows": [{"threadFlows": [{"locations": [{"location": {**loc, "message": {"text": "step"}}}]}]}],
        "partialFingerprints": {"h": f"p{i}"},
        "properties": {"severity": "high", "tags": ["x"]},
        "taxa": [{"id": "79", "toolComponent": {"name": "CWE"}}],
        "suppressions": [],
    }
    if i == 0:
        out["ruleIndex"] = 0
    return out


def sarif() -> dict[str, Any]:
    return {
        "version": "2.1.0",
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "fuzz",
                        "version": "1.0",
                        "rules": [
                            {
                                "id": "R0",
                                "name": "r0",
                                "shortDescription": {"text": "d"},
                                "helpUri": "https://example.invalid/r0",
                                "properties": {"tags": ["CWE-79"]},
                                "relationships": [{"target": {"id": "79", "toolComponent": {"name": "CWE"}}}],
                            }
                        ],
                    },
                    "extensions": [{"name": "ext", "rules": [{"id": "E1"}]}],
                },
                "artifacts": [{"location": {"uri": FILE}}],
                "taxonomies": [{"name": "CWE", "taxa": [{"id": "79"}]}],
                "results": [_sarif_result(i) for i in range(N)],
                "invocations": [{"executionSuccessful": True}],
            }
        ],
    }


def semgrep() -> dict[str, Any]:
    def at(line: int) -> dict[str, Any]:
        return {"path": FILE, "start": {"line": line, "col": 1}, "end": {"line": line, "col": 3}}

    return {
        "version": "1.0.0",
        "results": [
            {
                "check_id": f"R{i}",
                "path": FILE,
                "start": {"line": i + 1, "col": 1, "offset": 0},
                "end": {"line": i + 1, "col": 5, "offset": 4},
                "extra": {
                    "message": f"m{i}",
                    "severity": "ERROR",
                    "lines": "x = 1",
                    "fingerprint": f"f{i}",
                    "metadata": {
                        "cwe": ["CWE-89: x"],
                        "confidence": "HIGH",
                        "references": ["https://x.invalid"],
                    },
                    "dataflow_trace": {
                        "taint_source": ["CliLoc", [at(2), "src"]],
                        "intermediate_vars": [{"location": at(3), "content": "v"}],
                        "taint_sink": ["CliCall", [["CliLoc", [at(4), "sink"]], [], []]],
                    },
                },
            }
            for i in range(N)
        ],
        "errors": [{"message": "e", "type": "x"}],
        "paths": {"scanned": [FILE]},
    }


def bandit() -> dict[str, Any]:
    return {
        "errors": [{"filename": "b.py", "reason": "syntax"}],
        "generated_at": "2024-01-01T00:00:00Z",
        "metrics": {},
        "results": [
            {
                "code": f"{i + 1} x = 1\n{i + 2} x = 1\n",
                "col_offset": 0,
                "end_col_offset": 4,
                "filename": FILE,
                "issue_confidence": "HIGH",
                "issue_cwe": {"id": 78, "link": "https://x.invalid"},
                "issue_severity": "HIGH",
                "issue_text": f"m{i}",
                "line_number": i + 1,
                "line_range": [i + 1],
                "more_info": "https://x.invalid",
                "test_id": f"R{i}",
                "test_name": "n",
            }
            for i in range(N)
        ],
    }


def csgrep() -> dict[str, Any]:
    return {
        "defects": [
            {
                "checker": f"R{i}",
                "cwe": 457,
                "language": "c",
                "tool": "gcc",
                "key_event_idx": 0,
                "events": [
                    {"file_name": FILE, "line": i + 1, "column": 1, "event": "warning", "message": f"m{i}"},
                    {"file_name": FILE, "line": 2, "event": "note", "message": "n", "verbosity_level": 1},
                    {"file_name": "", "line": 0, "event": "#", "message": "  1| x = 1"},
                ],
            }
            for i in range(N)
        ]
    }


def gcc() -> list[Any]:
    return [
        {
            "kind": "warning",
            "message": f"m{i}",
            "option": f"-WR{i}",
            "option_url": "https://x.invalid",
            "locations": [
                {
                    "caret": {"file": FILE, "line": i + 1, "column": 1},
                    "finish": {"file": FILE, "line": i + 1, "column": 4},
                }
            ],
            "children": [
                {
                    "kind": "note",
                    "message": "n",
                    "locations": [{"caret": {"file": FILE, "line": 2, "column": 1}}],
                }
            ],
            "path": [
                {
                    "location": {"file": FILE, "line": 3, "column": 1},
                    "description": "d",
                    "depth": 0,
                    "function": "f",
                }
            ],
            "metadata": {"cwe": 121},
        }
        for i in range(N)
    ]


JSON_DOCS = {"sarif": sarif, "semgrep": semgrep, "bandit": bandit, "csgrep-json": csgrep, "gcc-json": gcc}

# where the records are, as a JSON path (tuple) to the array
RECORDS: dict[str, tuple[Any, ...]] = {
    "sarif": ("runs", 0, "results"),
    "semgrep": ("results",),
    "bandit": ("results",),
    "csgrep-json": ("defects",),
    "gcc-json": (),
}

_LOC = ("locations", 0, "physicalLocation")
ESSENTIAL: dict[str, set[tuple[Any, ...]]] = {
    "sarif": {
        ("ruleId",),
        ("locations",),
        ("locations", 0),
        _LOC,
        (*_LOC, "artifactLocation"),
        (*_LOC, "artifactLocation", "uri"),
        (*_LOC, "region"),
        (*_LOC, "region", "startLine"),
    },
    "semgrep": {("check_id",), ("path",), ("start",), ("start", "line")},
    "bandit": {("test_id",), ("filename",), ("line_number",)},
    "csgrep-json": {
        ("checker",),
        ("events",),
        ("events", 0),
        ("events", 0, "file_name"),
        ("events", 0, "line"),
    },
    "gcc-json": {
        ("kind",),
        ("message",),
        ("option",),
        ("locations",),
        ("locations", 0),
        ("locations", 0, "caret"),
        ("locations", 0, "caret", "file"),
        ("locations", 0, "caret", "line"),
    },
}


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every JSON path in ``value``, containers before their contents."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


def set_path(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def spans(text: str, fmt: str) -> list[tuple[int, int]]:
    """The character span of each record in a serialized JSON document."""
    out: list[tuple[int, int]] = []
    pos = 0
    decoder = json.JSONDecoder()
    key = {"sarif": '"ruleId"', "semgrep": '"check_id"', "bandit": '"code"', "csgrep-json": '"checker"'}.get(
        fmt, '"kind"'
    )
    for _ in range(N):
        at = text.index(key, pos)
        start = text.rindex("{", 0, at)
        _value, end = decoder.raw_decode(text, start)
        out.append((start, end))
        pos = end
    return out


def cppcheck_xml() -> str:
    errors = "".join(
        f'    <error id="R{i}" severity="error" msg="m{i}" verbose="v{i}" cwe="788" file0="{FILE}">\n'
        f'      <location file="{FILE}" line="{i + 1}" column="1" info="here"/>\n'
        f'      <location file="{FILE}" line="2" column="3" info="from"/>\n'
        f"      <symbol>s</symbol>\n"
        f"    </error>\n"
        for i in range(N)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<results version="2">\n  <cppcheck version="2.10"/>\n'
        f"  <errors>\n{errors}  </errors>\n</results>\n"
    )


def csgrep_err() -> str:
    return "".join(
        f"Error: R{i} (CWE-457):\n{FILE}:{i + 1}:1: warning: m{i}\n#  1| x = 1\n{FILE}:2:1: note: n\n\n"
        for i in range(N)
    )


TEXT_DOCS = {"cppcheck-xml": cppcheck_xml, "csgrep-err": csgrep_err}
NAMES = {
    "sarif": "f.sarif",
    "semgrep": "semgrep.json",
    "bandit": "bandit.json",
    "csgrep-json": "csgrep.json",
    "gcc-json": "gcc.json",
    "cppcheck-xml": "cppcheck.xml",
    "csgrep-err": "scan.err",
}
