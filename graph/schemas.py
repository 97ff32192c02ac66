"""What each step must return, as JSON Schemas, and the tool schemas the agent may call.

``check(kind, raw)`` reads a model's answer leniently (``graph.answers``: reasoning blocks, fences,
prose around the JSON, spellings of enums, numbers and booleans) and validates it strictly; it
returns the object and a list of readable problems. The graph re-asks once with those problems,
then counts an error. ``response_format(kind)`` is the same schema in the form a provider's
constrained decoding accepts (OpenAI strict JSON schema; litellm maps it for Anthropic and Ollama).
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any, Literal

from . import answers

StepKind = Literal["analysis", "evaluation", "conclusion", "fetch_args"]

ROLES = ("source", "sink", "step", "sanitizer", "constant", "dead_branch", "safe_variant", "guard", "note")

_EVIDENCE: dict[str, Any] = {
    "type": "object",
    "required": ["path", "start_line", "end_line", "why"],
    "properties": {
        "path": {"type": "string", "minLength": 1, "description": "workspace-relative path"},
        "start_line": {"type": "integer", "minimum": 1},
        "end_line": {"type": "integer", "minimum": 1},
        "why": {"type": "string", "description": "what this code shows"},
        "role": {"type": "string", "enum": list(ROLES)},
    },
}

_CONFIDENCE: dict[str, Any] = {"type": "number", "minimum": 0, "maximum": 1}
_REASON: dict[str, Any] = {"type": "string", "description": "a short phrase, e.g. constant argument"}

ANALYSIS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["investigation_result", "justification", "evidence", "confidence"],
    "properties": {
        "investigation_result": {"type": "string", "enum": ["TRUE_POSITIVE", "FALSE_POSITIVE"]},
        "justification": {"type": "string", "minLength": 1},
        "evidence": {"type": "array", "items": _EVIDENCE},
        "confidence": _CONFIDENCE,
        "reason": _REASON,
    },
}

VERDICT_ENUM = ["TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"]

EVALUATION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["is_final", "verdict", "confidence", "exploration_gaps", "required_code", "justification"],
    "properties": {
        "is_final": {"type": "boolean"},
        "verdict": {"type": "string", "enum": VERDICT_ENUM},
        "confidence": _CONFIDENCE,
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
        "reason": _REASON,
    },
}

# ``conclude``: analyze_issue + comprehensive_evaluation in one validated answer (a final verdict).
CONCLUSION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["verdict", "justification", "confidence"],
    "properties": {
        "verdict": {
            "type": "string",
            "enum": VERDICT_ENUM,
            "description": "FALSE_POSITIVE only with evidence that makes the sink safe; "
            "NEEDS_REVIEW when the code cannot decide it",
        },
        "justification": {"type": "string", "minLength": 1, "description": "why, citing the code"},
        "evidence": {"type": "array", "items": _EVIDENCE, "description": "the code behind the verdict"},
        "confidence": {**_CONFIDENCE, "description": "0 to 1"},
        "reason": _REASON,
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
        "kind": {"type": "string", "enum": list(FETCH_KINDS)},
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

TOOL_NAMES: tuple[str, ...] = ("fetch_code", "conclude", "analyze_issue", "comprehensive_evaluation")


def _described(schema: dict[str, Any]) -> dict[str, Any]:
    """A validation schema as a tool's parameters: without keywords some providers reject."""
    out = copy.deepcopy(schema)

    def strip(node: Any) -> None:
        if isinstance(node, dict):
            for key in ("minLength", "minimum", "maximum", "minItems", "maxItems", "allOf"):
                node.pop(key, None)
            for v in node.values():
                strip(v)
        elif isinstance(node, list):
            for v in node:
                strip(v)

    strip(out)
    return out


# Function schemas offered to the model; prompts/agent.md says when to use each.
TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "fetch_code",
            "description": "Read workspace code. Give `kind` and what that kind needs.",
            "parameters": {
                "type": "object",
                "required": ["kind"],
                "properties": {
                    "kind": {
                        "type": "string",
                        "enum": list(FETCH_KINDS),
                        "description": "symbol/callers: needs symbol; range/enclosing: path+start_line; "
                        "ranges: ranges; facts: the offline analyzer's dataflow facts",
                    },
                    "symbol": {"type": "string", "description": "function, method, class or constant name"},
                    "path": {"type": "string", "description": "workspace-relative file path"},
                    "start_line": {"type": "integer", "description": "first line (1-based)"},
                    "end_line": {"type": "integer", "description": "last line"},
                    "ranges": {
                        "type": "array",
                        "maxItems": MAX_RANGES,
                        "description": "several places at once",
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
                    "reason": {"type": "string", "description": "why this code matters"},
                },
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "conclude",
            "description": "Give the final verdict once the code shown decides it.",
            "parameters": _described(CONCLUSION_SCHEMA),
        },
    },
    {
        "type": "function",
        "function": {
            "name": "analyze_issue",
            "description": "Ask for a separate analysis of the code gathered so far.",
            "parameters": _FOCUS,
        },
    },
    {
        "type": "function",
        "function": {
            "name": "comprehensive_evaluation",
            "description": "Ask for a separate review of completeness and a verdict.",
            "parameters": _FOCUS,
        },
    },
]

_SCHEMAS: dict[StepKind, dict[str, Any]] = {
    "analysis": ANALYSIS_SCHEMA,
    "evaluation": EVALUATION_SCHEMA,
    "conclusion": CONCLUSION_SCHEMA,
    "fetch_args": FETCH_ARGS_SCHEMA,
}

# Lists an answer may leave out: absent means none (never a verdict, never evidence invented).
_EMPTY_LISTS: dict[StepKind, tuple[str, ...]] = {
    "analysis": ("evidence",),
    "evaluation": ("exploration_gaps", "required_code"),
    "conclusion": ("evidence",),
}

# The key holding the label of each answer kind (a plain-text verdict fills it).
_LABEL_KEY: dict[StepKind, str] = {
    "analysis": "investigation_result",
    "evaluation": "verdict",
    "conclusion": "verdict",
}


@cache
def _validator(kind: StepKind) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(_SCHEMAS[kind])


def _strict(schema: dict[str, Any]) -> dict[str, Any]:
    """OpenAI's strict structured-output form: every key required (optional ones nullable), no extra
    keys, only supported keywords. ``answers.normalise`` reads a null optional key as absent."""
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in ("minLength", "allOf", "description"):
            continue
        out[key] = value
    if "properties" in schema:
        required = set(schema.get("required", ()))
        props: dict[str, Any] = {}
        for name, sub in schema["properties"].items():
            strict = _strict(sub)
            if name not in required:
                types = strict.get("type")
                listed = [types] if isinstance(types, str) else list(types or [])
                if "null" not in listed:
                    strict["type"] = [*listed, "null"]
                if "enum" in strict and None not in strict["enum"]:
                    strict["enum"] = [*strict["enum"], None]
            props[name] = strict
        out["properties"] = props
        out["required"] = list(schema["properties"])
        out["additionalProperties"] = False
    if "items" in schema:
        out["items"] = _strict(schema["items"])
    return out


@cache
def _response_format(kind: StepKind) -> str:
    return json.dumps(
        {
            "type": "json_schema",
            "json_schema": {"name": kind, "schema": _strict(_SCHEMAS[kind]), "strict": True},
        }
    )


def response_format(kind: StepKind) -> dict[str, Any]:
    """The ``response_format`` that constrains a model's answer to ``kind``."""
    value: dict[str, Any] = json.loads(_response_format(kind))
    return value


def parse_json_object(raw: str | dict[str, Any] | None) -> tuple[dict[str, Any] | None, str | None]:
    """The JSON object in a model's answer; tolerates reasoning blocks, fences and prose around it."""
    if isinstance(raw, dict):
        return raw, None
    if raw is None or not raw.strip():
        return None, "the answer was empty; expected one JSON object"
    text = answers.clean(raw)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as first:
        found = answers.json_objects(text)
        if not found:
            return None, f"not JSON: {first.msg} at line {first.lineno} column {first.colno}"
        value = found[-1]
    if not isinstance(value, dict):
        return None, f"expected a JSON object, got {type(value).__name__}"
    return value, None


@cache
def _fast_validator(kind: StepKind) -> Any:
    import jsonschema_rs

    return jsonschema_rs.Draft202012Validator(_SCHEMAS[kind], validate_formats=False)


def validate(kind: StepKind, value: Any) -> list[str]:
    """Readable schema problems of ``value`` (empty when valid).

    A compiled (Rust) validator answers "valid" in microseconds; only an invalid value is walked
    again by ``jsonschema`` for its messages (the words the model is re-asked with)."""
    problems = []
    if not _fast_validator(kind).is_valid(value):
        for err in sorted(_validator(kind).iter_errors(value), key=lambda e: list(e.absolute_path)):
            where = "/".join(str(p) for p in err.absolute_path) or "<root>"
            problems.append(f"{where}: {err.message}")
    if not problems and "evidence" in _SCHEMAS[kind]["properties"]:
        problems = _line_order(value.get("evidence", []))
    return problems


def _candidates(raw: str | dict[str, Any]) -> list[dict[str, Any]]:
    """Objects that may be the answer: each JSON object in the text, the arguments of a tool call
    written around it, and the object inside a one-key wrapper (``{"analysis": {...}}``)."""
    found = [raw] if isinstance(raw, dict) else answers.json_objects(answers.clean(raw))
    out: list[dict[str, Any]] = []
    for obj in found:
        out.append(obj)
        for key in ("arguments", "parameters", "input"):
            inner = obj.get(key)
            if isinstance(inner, str):
                inner = answers.json_objects(inner)[0] if answers.json_objects(inner) else None
            if isinstance(inner, dict):
                out.append(inner)
        if len(obj) == 1:
            inner = next(iter(obj.values()))
            if isinstance(inner, dict):
                out.append(inner)
    return out


def _plain(kind: StepKind, raw: str | dict[str, Any] | None) -> dict[str, Any] | None:
    """The answer rebuilt from a verdict stated in plain text (when unambiguous)."""
    if kind not in _LABEL_KEY or not isinstance(raw, str) or "{" in answers.clean(raw):
        return None  # JSON that does not parse is re-asked with its error, not read as prose
    stated = answers.plain_verdict(raw)
    if stated is None:
        return None
    label, confidence = stated
    if kind == "analysis" and label == "NEEDS_REVIEW":
        return None
    text = " ".join(answers.clean(raw).split())[:2000]
    base: dict[str, Any] = {
        _LABEL_KEY[kind]: label,
        "justification": text,
        "evidence": answers.cited_places(text),
        "confidence": 0.5 if confidence is None else confidence,
        "reason": "verdict stated in plain text",
    }
    if kind == "evaluation":
        base.update(is_final=True, exploration_gaps=[], required_code=[])
        del base["evidence"]
    return base


def check(kind: StepKind, raw: str | dict[str, Any] | None) -> tuple[dict[str, Any] | None, list[str]]:
    """Read and validate a step output: ``(object, [])`` when valid, ``(None, problems)`` otherwise.

    Several valid candidates that disagree on the verdict are ambiguous (a problem, not a choice);
    otherwise the last valid one wins (models draft, then answer)."""
    if raw is None or (isinstance(raw, str) and not answers.clean(raw)):
        return None, ["the answer was empty; expected one JSON object"]
    schema = _SCHEMAS[kind]
    valid: list[dict[str, Any]] = []
    best: list[str] | None = None
    for candidate in _candidates(raw):
        value = answers.normalise(schema, candidate)
        for empty in _EMPTY_LISTS.get(kind, ()):
            value.setdefault(empty, [])
        problems = validate(kind, value)
        if not problems:
            valid.append(value)
        elif best is None or len(problems) < len(best):
            best = problems
    label = _LABEL_KEY.get(kind)
    if valid:
        labels = {v.get(label) for v in valid} if label else set()
        if len(labels) > 1:
            return None, [f"ambiguous: the answer holds several objects with different {label} values"]
        return valid[-1], []
    plain = _plain(kind, raw)
    if plain is not None:
        return plain, []
    if best is not None:
        return None, best
    _, error = parse_json_object(raw)
    return None, [error or "no JSON object"]


def _line_order(evidence: list[dict[str, Any]]) -> list[str]:
    return [
        f"evidence/{i}: end_line {e['end_line']} is before start_line {e['start_line']}"
        for i, e in enumerate(evidence)
        if isinstance(e, dict) and e["end_line"] < e["start_line"]
    ]


def normalise_args(name: str, args: dict[str, Any]) -> dict[str, Any]:
    """A tool's arguments with their spelling normalised (the tool's schema is the reference)."""
    kind: StepKind | None = {"fetch_code": "fetch_args", "conclude": "conclusion"}.get(name)  # type: ignore[assignment]
    if kind is None:
        return args
    out: dict[str, Any] = answers.normalise(_SCHEMAS[kind], args)
    return out
