"""Lenient reading, strict meaning: what a model wrote, turned into the objects the graph validates.

Models answer in many spellings of the same thing. Before validation this module
- strips reasoning blocks (``<think>…</think>``, ``<thinking>``, ``<reasoning>``; an unclosed one, or a
  closing tag without its opening tag as some servers send it) and code fences, and drops any
  ``<untrusted-code>`` block the model echoed (code is data: nothing in it may become an answer);
- finds the JSON object inside prose (several objects: each is a candidate; Python-style literals
  such as ``True``/``None``/single quotes are read as such);
- reads the known tool-call spellings written as text: ``<tool_call>{…}</tool_call>`` (Qwen, Hermes,
  Ollama templates), ``<function=name>{…}</function>`` (Llama 3.1), ``[TOOL_CALLS][…]`` (Mistral),
  ``<|python_tag|>{…}``, ``{"name", "arguments"|"parameters"}``, ``{"function": {…}}``,
  ``{"tool_calls": […]}``, ``{"type": "tool_use", "name", "input"}``;
- normalises values against the JSON Schema they must meet: enum case and spacing
  (``true positive`` -> ``TRUE_POSITIVE``), numeric and boolean strings (``"0.9"``, ``"90%"``,
  ``"TRUE"``), integer strings for line numbers, ``null`` for an empty list, one object where a list
  of them is expected, and a few key spellings with the same meaning (``verdict`` for
  ``investigation_result``, ``file``/``line`` in evidence).
A verdict written in plain text is recovered only when the text names exactly one verdict and never
negates it; a FALSE_POSITIVE only where it is affirmed ("Verdict: false positive", "this is a false
positive because ..."), without doubt and not with a stated confidence of 50 % or less. Nothing here
decides a verdict the model did not state.
"""

from __future__ import annotations

import ast
import functools
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

JSONObj = dict[str, Any]

_REASONING_TAGS = ("think", "thinking", "reasoning", "reflection")
_BLOCK = re.compile(
    r"<\s*(" + "|".join(_REASONING_TAGS) + r")\b[^>]*>.*?<\s*/\s*\1\s*>", re.IGNORECASE | re.DOTALL
)
_OPEN = re.compile(r"<\s*(" + "|".join(_REASONING_TAGS) + r")\b[^>]*>", re.IGNORECASE)
_CLOSE = re.compile(r"<\s*/\s*(" + "|".join(_REASONING_TAGS) + r")\s*>", re.IGNORECASE)
_ECHOED_CODE = re.compile(r"<untrusted-code\s+path=.*?(?:</untrusted-code>|$)", re.IGNORECASE | re.DOTALL)
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})[\w+-]*[ \t]*$", re.MULTILINE)


def clean(text: str | None) -> str:
    """The model's answer without reasoning blocks, echoed code blocks and fence lines."""
    if not text:
        return ""
    out = _BLOCK.sub(" ", text)
    close = _CLOSE.search(out)
    if close is not None and not _OPEN.search(out[: close.start()]):
        out = out[close.end() :]  # the opening tag was sent separately (or stripped by the server)
    opened = _OPEN.search(out)
    if opened is not None:
        out = out[: opened.start()]  # reasoning that never ended: nothing after it is an answer
    out = _ECHOED_CODE.sub(" ", out)
    out = _FENCE.sub("", out)
    return out.strip()


_NUMBERED = re.compile(r"^\s*\d+\s*\|\s?")
ECHO_MIN = 12  # shorter lines ("}", "return x") say nothing and may be the model's own


def without_echo(text: str | None, code: Iterable[str]) -> str | None:
    """``text`` without the lines that repeat the analysed code (untrusted data the model was shown).

    A model that quotes the code back, fenced or not, quotes whatever the code holds: a comment or a
    string written as a tool call or a verdict would otherwise be read as the model's own answer. A
    line of the answer is dropped when it (without a ``12 | `` line number) is part of a line of the
    code; what remains is the model's own text."""
    if not text:
        return text
    lines: set[str] = set()
    for chunk in code:
        for line in chunk.splitlines():
            bare = _NUMBERED.sub("", line).strip()
            if len(bare) >= ECHO_MIN:
                lines.add(bare)
    if not lines:
        return text
    kept = []
    for line in text.splitlines():
        bare = _NUMBERED.sub("", line).strip()
        if len(bare) >= ECHO_MIN and any(bare in code_line for code_line in lines):
            continue
        kept.append(line)
    return "\n".join(kept)


# ------------------------------------------------------------------------------------ JSON in text


def _relaxed(fragment: str) -> Any:
    """A Python-literal reading of a JSON-like fragment (single quotes, True/False/None, trailing
    commas), also when it mixes in JSON's ``true``/``false``/``null`` (``{"end_line": null,}``)."""
    for text in (fragment, _python_words(fragment)):
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
            continue
    return None


_JSON_WORDS = {"true": "True", "false": "False", "null": "None"}
_WORD = re.compile(r"[A-Za-z_]\w*")


def _python_words(fragment: str) -> str:
    """``fragment`` with JSON's bare ``true``/``false``/``null`` (outside strings) spelled as Python's."""
    out: list[str] = []
    quote: str | None = None
    escaped = False
    i = 0
    while i < len(fragment):
        c = fragment[i]
        if quote:
            out.append(c)
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == quote:
                quote = None
            i += 1
            continue
        if c in "\"'":
            quote = c
        m = _WORD.match(fragment, i) if c.isalpha() or c == "_" else None
        if m is not None:
            word = m.group(0)
            out.append(_JSON_WORDS.get(word, word))
            i += len(word)
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _balanced(text: str, start: int) -> int | None:
    """The end (exclusive) of the bracketed value opening at ``start``, honouring strings."""
    opener = text[start]
    closer = "}" if opener == "{" else "]"
    depth = 0
    quote: str | None = None
    escaped = False
    for i in range(start, len(text)):
        c = text[i]
        if quote:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == quote:
                quote = None
            continue
        if c in "\"'":
            quote = c
        elif c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
            if depth == 0:
                return i + 1 if c == closer else None
    return None


def json_values(text: str, *, arrays: bool = False) -> list[Any]:
    """Every top-level JSON object (and, with ``arrays``, array) in ``text``, in order."""
    out: list[Any] = []
    decoder = json.JSONDecoder()
    i = 0
    openers = "{[" if arrays else "{"
    while i < len(text):
        if text[i] not in openers:
            i += 1
            continue
        try:
            value, end = decoder.raw_decode(text, i)
        except json.JSONDecodeError:
            stop = _balanced(text, i)
            value = _relaxed(text[i:stop]) if stop else None
            end = stop or i + 1
        if isinstance(value, dict) or (arrays and isinstance(value, list) and value):
            out.append(value)
            i = end
        else:
            i += 1
    return out


def json_objects(text: str) -> list[JSONObj]:
    return [v for v in json_values(text) if isinstance(v, dict)]


# ------------------------------------------------------------------------------ tool calls as text


@dataclass(frozen=True)
class TextCall:
    name: str
    arguments: str  # JSON text


_TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL | re.IGNORECASE)
_FUNCTION_TAG = re.compile(r"<function\s*=\s*([\w.-]+)\s*>\s*(.*?)\s*(?:</function>|$)", re.DOTALL)
_MISTRAL = re.compile(r"\[TOOL_CALLS\]\s*")
_PYTHON_TAG = re.compile(r"<\|python_tag\|>\s*")
_NAME_KEYS = ("name", "tool", "tool_name", "function_name")
_ARG_KEYS = ("arguments", "parameters", "args", "input", "tool_input")


def _args_text(value: Any) -> str | None:
    if value is None:
        return "{}"
    if isinstance(value, str):
        return value if value.strip() else "{}"
    if isinstance(value, dict):
        return json.dumps(value)
    return None


def _first_str(obj: dict[str, Any], keys: Iterable[str]) -> str | None:
    return next((obj[k] for k in keys if isinstance(obj.get(k), str)), None)


def _call_of(obj: Any, known: Iterable[str]) -> TextCall | None:
    """A tool call in one of its JSON spellings, for a tool named in ``known``."""
    if not isinstance(obj, dict):
        return None
    names = set(known)
    fn = obj.get("function")
    if isinstance(fn, dict):  # {"function": {"name", "arguments"}} or {"type": "function", "function": …}
        return _call_of(fn, names)
    name = (
        fn if isinstance(fn, str) else next((obj[k] for k in _NAME_KEYS if isinstance(obj.get(k), str)), None)
    )
    if name is None or name.strip() not in names:
        return None
    present = [k for k in _ARG_KEYS if k in obj]
    if present:
        args = _args_text(obj[present[0]])
    else:  # {"name": "fetch_code", "kind": "symbol", …}: the arguments inline
        rest = {k: v for k, v in obj.items() if k not in (*_NAME_KEYS, "function", "type", "id")}
        args = json.dumps(rest)
    return TextCall(name.strip(), args) if args is not None else None


def _calls_in(value: Any, known: Iterable[str]) -> list[TextCall]:
    names = tuple(known)
    if isinstance(value, list):
        return [c for v in value for c in _calls_in(v, names)]
    if isinstance(value, dict) and isinstance(value.get("tool_calls"), list):
        return _calls_in(value["tool_calls"], names)
    call = _call_of(value, names)
    return [call] if call is not None else []


def text_tool_calls(text: str | None, known: Iterable[str]) -> list[TextCall]:
    """Tool calls the model wrote as text (reasoning and echoed code removed first)."""
    body = clean(text)
    if not body:
        return []
    names = tuple(known)
    calls: list[TextCall] = []
    for inner in _TAGGED.findall(body):
        for value in json_values(inner, arrays=True):
            calls += _calls_in(value, names)
    for name, inner in _FUNCTION_TAG.findall(body):
        if name in names:
            found = json_objects(inner)
            calls.append(TextCall(name, json.dumps(found[0]) if found else "{}"))
    if calls:
        return calls
    body = _PYTHON_TAG.sub("", _MISTRAL.sub("", body))
    for value in json_values(body, arrays=True):
        calls += _calls_in(value, names)
    return calls or _react(body, names) or _pythonic(body, names)


_ACTION = re.compile(
    r"^\s*Action\s*:\s*`?([\w.-]+)`?\s*$\s*^\s*Action\s+Input\s*:\s*(.*)", re.MULTILINE | re.DOTALL
)


def _react(body: str, names: tuple[str, ...]) -> list[TextCall]:
    """ReAct's ``Action: fetch_code`` / ``Action Input: {...}``."""
    m = _ACTION.search(body)
    if m is None or m.group(1) not in names:
        return []
    found = json_objects(m.group(2))
    return [TextCall(m.group(1), json.dumps(found[0]) if found else "{}")]


def _pythonic(body: str, names: tuple[str, ...]) -> list[TextCall]:
    """Calls written as Python (Llama 3.2, Gemma ``tool_code``): ``fetch_code(kind="facts")``, with
    literal keyword arguments only (read with ``ast.literal_eval``, nothing is run)."""
    calls: list[TextCall] = []
    for m in re.finditer(r"\b(" + "|".join(map(re.escape, names)) + r")\s*\(", body):
        stop = _balanced_parens(body, m.end() - 1)
        if stop is None:
            continue
        try:
            node = ast.parse(body[m.start() : stop].strip(), mode="eval").body
        except SyntaxError:
            continue
        if not isinstance(node, ast.Call) or node.args:
            continue
        try:
            args = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
        except (ValueError, SyntaxError, TypeError):
            continue
        calls.append(TextCall(m.group(1), json.dumps(args)))
    return calls


def _balanced_parens(text: str, start: int) -> int | None:
    depth = 0
    quote: str | None = None
    for i in range(start, len(text)):
        c = text[i]
        if quote:
            if c == quote and text[i - 1] != "\\":
                quote = None
        elif c in "\"'":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


# ------------------------------------------------------------------------- normalising to a schema


@functools.lru_cache(maxsize=4096)
def _enum_key(value: str) -> str:
    key = re.sub(r"[\s\-]+", "_", value.strip().strip("\"'`.,;:!").strip()).upper()
    return _ENUM_ALIASES.get(key, key)


# Abbreviations with one meaning in triage.
_ENUM_ALIASES = {"TP": "TRUE_POSITIVE", "FP": "FALSE_POSITIVE", "REVIEW": "NEEDS_REVIEW"}
# A confidence stated in words: the verdict is the model's; only the number is read from its words.
_WORDS = {"very high": 0.95, "high": 0.85, "medium": 0.6, "moderate": 0.6, "low": 0.3, "very low": 0.15}


def _number(value: str) -> float | None:
    s = value.strip()
    if s.lower() in _WORDS:
        return _WORDS[s.lower()]
    try:
        if s.endswith("%"):
            return float(s[:-1].strip()) / 100
        return float(s)
    except ValueError:
        return None


_TRUE = frozenset({"true", "yes", "y"})
_FALSE = frozenset({"false", "no", "n"})


def _types(schema: Mapping[str, Any]) -> tuple[str, ...]:
    t = schema.get("type")
    if isinstance(t, str):
        return (t,)
    if isinstance(t, list):
        return tuple(str(x) for x in t)
    return ()


@functools.lru_cache(maxsize=4096)
def _snake(key: str) -> str:
    """``isFinal`` -> ``is_final``; ``Verdict`` -> ``verdict``."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower().replace("-", "_").replace(" ", "_")


def _lines(obj: dict[str, Any], props: Mapping[str, Any]) -> None:
    """``"lines": "12-14"`` (or ``[12, 14]``, ``12``) as start_line / end_line."""
    if "start_line" not in props or "start_line" in obj:
        return
    raw = obj.get("lines", obj.get("line_range"))
    if isinstance(raw, list) and raw:
        raw = "-".join(str(x) for x in raw[:2])
    m = re.fullmatch(r"\s*(\d+)\s*(?:[-–:]\s*(\d+))?\s*", str(raw)) if raw is not None else None
    if m:
        obj["start_line"] = int(m.group(1))
        obj.setdefault("end_line", int(m.group(2) or m.group(1)))


PERCENT = (10, 100)  # above 10, a 0..1 value is on a percent scale; 2..10 may be a 1-10 scale: re-asked


def _fraction(schema: Mapping[str, Any], n: float) -> float:
    """A 0..1 value written on a percent scale (``85`` for 0.85: "confidence 85") as the fraction. A
    value from 1 to 10 is left as is (invalid: re-asked): "8" may mean 8 % or 8 out of 10."""
    if schema.get("minimum") == 0 and schema.get("maximum") == 1 and PERCENT[0] < n <= PERCENT[1]:
        return n / 100
    return n


# Keys with the same meaning, per object shape (read only when the canonical key is absent).
ALIASES: dict[str, tuple[str, ...]] = {
    "investigation_result": ("verdict", "result", "classification", "label", "decision"),
    "verdict": ("investigation_result", "result", "classification", "label", "decision"),
    "justification": ("explanation", "rationale", "reasoning"),
    "path": ("file", "filename", "file_path"),
    "start_line": ("line", "start", "line_start"),
    "end_line": ("end", "line_end"),
    "why": ("description", "explanation", "reason", "note"),
}


@functools.lru_cache(maxsize=256)
def _enum_values(enum: tuple[Any, ...]) -> dict[str, Any]:
    return {_enum_key(str(e)): e for e in enum}


def normalise(schema: Mapping[str, Any], value: Any) -> Any:
    """``value`` with its spelling normalised to ``schema`` (meaning unchanged; invalid stays invalid)."""
    if "enum" in schema and isinstance(value, str):
        try:
            table = _enum_values(tuple(schema["enum"]))
        except TypeError:  # an unhashable enum value
            table = {_enum_key(str(e)): e for e in schema["enum"]}
        return table.get(_enum_key(value), value)
    types = _types(schema)
    if isinstance(value, str):
        low = value.strip().lower()
        if "boolean" in types and low in _TRUE | _FALSE:
            return low in _TRUE
        if "integer" in types:
            n = _number(value) if re.fullmatch(r"\s*-?\d+(?:\.0*)?\s*", value) else None
            if n is not None and n == int(n):
                return int(n)
        if "number" in types:
            n = _number(value)
            if n is not None:
                return _fraction(schema, n)
        if "null" in types and low in ("null", "none", ""):
            return None
    if "boolean" in types and not isinstance(value, bool) and value in (0, 1):
        return bool(value)
    if "number" in types and isinstance(value, int | float) and not isinstance(value, bool):
        return _fraction(schema, value)
    if "array" in types:
        if value is None:
            return []
        items = schema.get("items", {})
        if isinstance(value, dict) and _types(items) == ("object",):
            value = [value]
        if isinstance(value, list):
            return [normalise(items, v) for v in value]
    if isinstance(value, dict) and ("object" in types or "properties" in schema):
        props: Mapping[str, Any] = schema.get("properties", {})
        out = {_snake(k) if _snake(k) in props and _snake(k) not in value else k: v for k, v in value.items()}
        _lines(out, props)
        for key in props:
            if key not in out:
                alias = next((a for a in ALIASES.get(key, ()) if a in out and a not in props), None)
                if alias is not None:
                    out[key] = out[alias]
        required = set(schema.get("required", ()))
        if "end_line" in required and "end_line" not in out and "start_line" in out:
            out["end_line"] = out["start_line"]  # one line named
        return {
            k: normalise(props[k], v) if k in props else v
            for k, v in out.items()
            # null for an optional key means absent (strict JSON modes make every key nullable)
            if not (v is None and k in props and k not in required and "null" not in _types(props[k]))
        }
    return value


# -------------------------------------------------------------------------- plain-text verdicts

_LABELS = {
    "TRUE_POSITIVE": r"true[\s_-]*positive",
    "FALSE_POSITIVE": r"false[\s_-]*positive",
    "NEEDS_REVIEW": r"needs[\s_-]*(?:human[\s_-]*)?review",
}
_LABEL = re.compile("|".join(f"(?P<{k}>{v})" for k, v in _LABELS.items()), re.IGNORECASE)
_NEGATION = re.compile(
    r"\b(?:not|no|never|nor|isn't|isnt|aren't|wasn't|cannot|can't|rather than|instead of|unlikely|"
    r"if|whether|either|or|might|may|could|possibly|perhaps|maybe)\b[^.;:?!\n]{0,24}$",
    re.IGNORECASE,
)
_CONDITION = re.compile(r"^[^.;:?!\n]{0,12}\b(?:if|unless|assuming|provided|when|or)\b", re.IGNORECASE)
_QUESTION = re.compile(r"^[\s\"'`*_)\]]{0,4}\?")  # "False positive? No." asks, it does not state
# A FALSE_POSITIVE needs an answer that states it without doubt (recall first): hedged ("likely a false
# positive"), qualified ("a false positive, but ..."), or beside words of doubt, it is not stated.
_HEDGE = re.compile(
    r"\b(?:likely|probably|presumably|possibly|perhaps|maybe|apparently|seems?|appears?|looks?(?: like)?|"
    r"suspect|guess|think|believe|assume|would|should|might|may|could|arguably)\b[^.;:?!\n]{0,30}$",
    re.IGNORECASE,
)
_QUALIFIED = re.compile(r"^[^.;?!\n]{0,16}\b(?:but|however|although|though|yet|except)\b", re.IGNORECASE)
_DOUBT = re.compile(
    r"\b(?:not\s+(?:sure|certain|clear|enough)|unsure|uncertain|unclear|hard\s+to\s+(?:say|tell)|"
    r"(?:cannot|can't|could\s*n[o']t|couldn't|did\s*n[o']t|didn't|unable\s+to)\s+"
    r"(?:tell|see|find|determine|verify|confirm|check|know|be\s+sure)|without\s+(?:seeing|knowing|more)|"
    r"more\s+(?:context|code)\s+(?:is\s+)?(?:needed|required)|low\s+confidence|not\s+confident)",
    re.IGNORECASE,
)
_CONFIDENCE = re.compile(
    r"confidence\W{0,6}(\d+(?:\.\d+)?\s*%?)|(\d+(?:\.\d+)?\s*%)\s*(?:confidence|confident|sure|certain)",
    re.IGNORECASE,
)
# A FALSE_POSITIVE in prose is read only where it is affirmed: in its clause, only a verdict heading or
# "this/it/the finding is (clearly) a" comes before it, and the clause ends, or gives its reason, after it
# ("A false positive is impossible here", "Far from a false positive", "hardly a false positive" are not).
_FP_BEFORE = re.compile(
    r"(?:^|[.,;:!?\n(\[|>\u2014\u2013-])\s*"
    r"(?:(?:so|thus|hence|therefore|overall|in\s+(?:conclusion|summary)|finally)\W{0,3})?"
    r"(?:(?:final\s+|my\s+|the\s+)?(?:verdict|answer|classification|conclusion|result|assessment|label)"
    r"(?:\s+is)?(?:\s+that)?\s*\W{0,3})?"
    r"(?:(?:this|it|that|the\s+\w+|this\s+\w+)\s*(?:\s+is|\s+was|['\u2019]s)\s+)?"
    r"(?:(?:clearly|definitely|certainly)\s+)?(?:an?\s+)?$",
    re.IGNORECASE,
)
_FP_AFTER = re.compile(
    r"^\s*(?:$|[.;:!,\n)\]\u2014\u2013-]|\((?:conf|\d)|(?:because|since|as|given|due|with|here\s*[.;:,]|"
    r"for\s+(?:this|the)\b))",
    re.IGNORECASE,
)
_LOW = 0.5  # a FALSE_POSITIVE stated with this confidence or less is doubt, not a verdict


_MARKUP = re.compile(r"[*_`#\"]+")


def plain_verdict(text: str | None) -> tuple[str, float | None] | None:
    """The verdict a plain-text answer states, when it states exactly one and never hedges or negates
    it (``"not a false positive"``, ``"true or false positive"``, ``"false positive? no"`` are
    ambiguous): (label, confidence). A FALSE_POSITIVE is read only when stated without doubt
    (``"probably a false positive"``, ``"a false positive, but ..."`` or a word of doubt anywhere in the
    answer make it ambiguous: doubt never ends as FALSE_POSITIVE)."""
    body = clean(text)
    found: set[str] = set()
    for m in _LABEL.finditer(body):
        before = body[max(0, m.start() - 40) : m.start()]
        after = body[m.end() : m.end() + 40]
        if _NEGATION.search(before) or _CONDITION.search(after) or _QUESTION.search(after):
            return None  # negated, hedged, conditional or asked: not a stated verdict
        if m.lastgroup == "FALSE_POSITIVE" and (
            _HEDGE.search(before)
            or _QUALIFIED.search(after)
            or _DOUBT.search(body)
            or not _FP_BEFORE.search(_MARKUP.sub("", body[max(0, m.start() - 80) : m.start()]))
            or not _FP_AFTER.search(_MARKUP.sub("", after))
        ):
            return None
        found.add(str(m.lastgroup))
    if len(found) != 1:
        return None
    stated = _CONFIDENCE.search(body)
    confidence = _number(stated.group(1) or stated.group(2)) if stated else None
    percent = stated is not None and "%" in stated.group(0)
    if confidence is not None and (PERCENT[0] < confidence <= PERCENT[1] or (percent and confidence > 1)):
        confidence /= 100  # "confidence 85" on a percent scale ("confidence 8" may be out of 10: unread)
    if confidence is not None and not 0 <= confidence <= 1:
        confidence = None
    label = found.pop()
    if label == "FALSE_POSITIVE" and confidence is not None and confidence <= _LOW:
        return None  # "false positive, 40% confidence": the model doubts it
    return label, confidence


_PLACE = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w.-]+\.[A-Za-z]\w{0,5}):(\d+)(?:-(\d+))?\b")


def cited_places(text: str, limit: int = 8) -> list[JSONObj]:
    """``path:line`` / ``path:start-end`` places a plain-text answer cites, as evidence items."""
    out: list[JSONObj] = []
    for m in _PLACE.finditer(text):
        start = int(m.group(2))
        end = int(m.group(3)) if m.group(3) else start
        item = {"path": m.group(1), "start_line": start, "end_line": max(start, end)}
        item["why"] = "cited in the answer"
        if start >= 1 and item not in out:
            out.append(item)
        if len(out) >= limit:
            break
    return out
