"""What each step must return, as JSON Schemas, and the tool schemas the agent may call.

``check(kind, raw)`` parses a model's text (tolerating a Markdown code fence around the
JSON) and validates it; it returns the object and a list of readable problems. The
graph re-asks on problems a bounded number of times, then counts an error.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, Literal

StepKind = Literal["analysis", "evaluation", "fetch_args"]

_EVIDENCE: dict[str, Any] = {
    "type": "object",
    "required": ["path", "start_line", "end_line", "why"],
    "properties": {
        "path": {"type": "string", "minLength": 1},
        "start_line": {"type": "integer", "minimum": 1},
        "end_line": {"type": "integer", "minimum": 1},
        "why": {"type": "string"},
        "role": {
            "enum": [
                "source",
                "sink",
                "step",
                "sanitizer",
                "constant",
                "dead_branch",
                "safe_variant",
                "guard",
                "note",
            ]
        },
    },
}

ANALYSIS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["investigation_result", "justification", "evidence", "confidence"],
    "properties": {
        "investigation_result": {"enum": ["TRUE_POSITIVE", "FALSE_POSITIVE"]},
        "justification": {"type": "string", "minLength": 1},
        "evidence": {"type": "array", "items": _EVIDENCE},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        "reason": {"type": "string"},
    },
}

EVALUATION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["is_final", "verdict", "confidence", "exploration_gaps", "required_code", "justification"],
    "properties": {
        "is_final": {"type": "boolean"},
        "verdict": {"enum": ["TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"]},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        "exploration_gaps": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["area", "reason"],
                "properties": {
                    "area": {"type": "string"},
                    "reason": {"type": "string"},
                    "suggested_symbols": {"type": "array", "items": {"type": "string"}},
                },
            },
        },
        "required_code": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["symbol", "reason"],
                "properties": {
                    "symbol": {"type": "string"},
                    "path": {"type": ["string", "null"]},
                    "reason": {"type": "string"},
                },
            },
        },
        "justification": {"type": "string", "minLength": 1},
        "reason": {"type": "string"},
    },
}

FETCH_KINDS = ("symbol", "range", "ranges", "callers", "enclosing", "facts")
MAX_RANGES = 8

_RANGE: dict[str, Any] = {
    "type": "object",
    "required": ["path", "start_line"],
    "properties": {
        "path": {"type": "string", "minLength": 1},
        "start_line": {"type": "integer", "minimum": 1},
        "end_line": {"type": ["integer", "null"], "minimum": 1},
    },
}

FETCH_ARGS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["kind"],
    "properties": {
        "kind": {"enum": list(FETCH_KINDS)},
        "symbol": {"type": ["string", "null"]},
        "path": {"type": ["string", "null"]},
        "start_line": {"type": ["integer", "null"], "minimum": 1},
        "end_line": {"type": ["integer", "null"], "minimum": 1},
        "ranges": {"type": "array", "items": _RANGE, "minItems": 1, "maxItems": MAX_RANGES},
        "reason": {"type": ["string", "null"]},
    },
    "allOf": [
        {"if": {"properties": {"kind": {"enum": ["symbol", "callers"]}}}, "then": {"required": ["symbol"]}},
        {"if": {"properties": {"kind": {"const": "range"}}}, "then": {"required": ["path", "start_line"]}},
        {
            "if": {"properties": {"kind": {"const": "enclosing"}}},
            "then": {"required": ["path", "start_line"]},
        },
    ],
}

_FOCUS: dict[str, Any] = {
    "type": "object",
    "properties": {"focus": {"type": "string", "description": "what to look at (optional)"}},
}

TOOL_NAMES: tuple[str, ...] = ("fetch_code", "analyze_issue", "comprehensive_evaluation")

# Function schemas offered to the model; the behaviour of each tool is explained in prompts/agent.md.
TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "fetch_code",
            "description": "Read code from the workspace (see the instructions for the kinds).",
            "parameters": {
                "type": "object",
                "required": ["kind"],
                "properties": {
                    "kind": {"type": "string", "enum": list(FETCH_KINDS)},
                    "symbol": {"type": "string"},
                    "path": {"type": "string"},
                    "start_line": {"type": "integer"},
                    "end_line": {"type": "integer"},
                    "ranges": {
                        "type": "array",
                        "maxItems": MAX_RANGES,
                        "items": {
                            "type": "object",
                            "required": ["path", "start_line"],
                            "properties": {
                                "path": {"type": "string"},
                                "start_line": {"type": "integer"},
                                "end_line": {"type": "integer"},
                            },
                        },
                    },
                    "reason": {"type": "string"},
                },
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "analyze_issue",
            "description": "Analyze the finding with the code gathered so far.",
            "parameters": _FOCUS,
        },
    },
    {
        "type": "function",
        "function": {
            "name": "comprehensive_evaluation",
            "description": "Decide whether the investigation is complete and give the verdict.",
            "parameters": _FOCUS,
        },
    },
]

_SCHEMAS: dict[StepKind, dict[str, Any]] = {
    "analysis": ANALYSIS_SCHEMA,
    "evaluation": EVALUATION_SCHEMA,
    "fetch_args": FETCH_ARGS_SCHEMA,
}


@cache
def _validator(kind: StepKind) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(_SCHEMAS[kind])


def parse_json_object(raw: str | dict[str, Any] | None) -> tuple[dict[str, Any] | None, str | None]:
    """The JSON object in a model's answer; tolerates a surrounding code fence or prose."""
    if isinstance(raw, dict):
        return raw, None
    if raw is None or not raw.strip():
        return None, "the answer was empty; expected one JSON object"
    text = raw.strip()
    try:
        value = json.loads(text)
    except json.JSONDecodeError as first:
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end <= start:
            return None, f"not JSON: {first.msg} at line {first.lineno} column {first.colno}"
        try:
            value = json.loads(text[start : end + 1])
        except json.JSONDecodeError as exc:
            return None, f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
    if not isinstance(value, dict):
        return None, f"expected a JSON object, got {type(value).__name__}"
    return value, None


def validate(kind: StepKind, value: Any) -> list[str]:
    """Readable schema problems of ``value`` (empty when valid)."""
    problems = []
    for err in sorted(_validator(kind).iter_errors(value), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(p) for p in err.absolute_path) or "<root>"
        problems.append(f"{where}: {err.message}")
    return problems


def check(kind: StepKind, raw: str | dict[str, Any] | None) -> tuple[dict[str, Any] | None, list[str]]:
    """Parse and validate a step output: ``(object, [])`` when valid, ``(None, problems)`` otherwise."""
    value, error = parse_json_object(raw)
    if value is None:
        return None, [error or "no JSON object"]
    problems = validate(kind, value)
    if kind == "analysis" and not problems:
        problems = _line_order(value.get("evidence", []))
    return (None, problems) if problems else (value, [])


def _line_order(evidence: list[dict[str, Any]]) -> list[str]:
    return [
        f"evidence/{i}: end_line {e['end_line']} is before start_line {e['start_line']}"
        for i, e in enumerate(evidence)
        if e["end_line"] < e["start_line"]
    ]
