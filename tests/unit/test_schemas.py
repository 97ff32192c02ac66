"""Step output schemas (DESIGN.md) and the lenient JSON parsing of model answers."""

from __future__ import annotations

import json

from sastls.graph.schemas import check, parse_json_object

GOOD_ANALYSIS = {
    "investigation_result": "FALSE_POSITIVE",
    "justification": "constant",
    "evidence": [{"path": "a.py", "start_line": 3, "end_line": 3, "why": "literal", "role": "constant"}],
    "confidence": 0.9,
}


def test_valid_analysis_in_a_fence() -> None:
    value, problems = check("analysis", "Here:\n```json\n" + json.dumps(GOOD_ANALYSIS) + "\n```")
    assert problems == [] and value == GOOD_ANALYSIS


def test_analysis_problems_are_readable() -> None:
    bad = {**GOOD_ANALYSIS, "investigation_result": "NEEDS_REVIEW", "confidence": 3}
    value, problems = check("analysis", bad)
    assert value is None
    assert any(p.startswith("investigation_result:") for p in problems)
    assert any(p.startswith("confidence:") for p in problems)


def test_evidence_line_order() -> None:
    bad = {**GOOD_ANALYSIS, "evidence": [{"path": "a.py", "start_line": 5, "end_line": 2, "why": "x"}]}
    assert check("analysis", bad)[1] == ["evidence/0: end_line 2 is before start_line 5"]


def test_evaluation_requires_every_field_but_empty_lists() -> None:
    _, problems = check("evaluation", {"is_final": True, "verdict": "TRUE_POSITIVE"})
    assert problems == [
        "<root>: 'confidence' is a required property",
        "<root>: 'justification' is a required property",
    ]  # exploration_gaps / required_code left out mean none


def test_not_json() -> None:
    assert parse_json_object("no") == (None, "not JSON: Expecting value at line 1 column 1")
    assert parse_json_object("")[0] is None
    assert parse_json_object("[1]")[1] == "expected a JSON object, got list"


def test_fetch_args_need_what_their_kind_needs() -> None:
    assert check("fetch_args", {"kind": "symbol"})[1]
    assert check("fetch_args", {"kind": "range", "path": "a.py"})[1]
    assert check("fetch_args", {"kind": "range", "path": "a.py", "start_line": 1})[1] == []
    assert check("fetch_args", {"kind": "facts"})[1] == []
    assert check("fetch_args", {"kind": "shell"})[1]
