"""A model zoo: scripted servers on 127.0.0.1 that answer like real model families do.

Every family shares one scripted *judgement* (the brain): at the agent step it fetches the offline
analyzer's facts, then concludes with the facts' opinion and cites their evidence (a NEEDS_REVIEW
opinion is concluded TRUE_POSITIVE: recall first); at an analyze_issue / comprehensive_evaluation
step it answers with the same judgement. What differs is the *dialect*, the documented output
habits of each family:

- ``openai``: native ``tool_calls`` with ``content: null``; JSON answers as content (gpt-4o's own
  name, so litellm reports tool_choice, parallel calls and response schemas as supported).
- ``anthropic``: Anthropic's Messages API (``/v1/messages``) reached through litellm's anthropic
  provider: a text block then a ``tool_use`` block; JSON answers through litellm's forced
  ``json_tool_call``.
- ``qwen``: Qwen / Hermes / Ollama chat templates: ``<tool_call>{"name", "arguments"}</tool_call>``
  in the text, no native calls; ``ollama``: the same habit behind Ollama's native ``/api/chat``
  (litellm's ``ollama_chat/`` provider).
- ``deepseek_r1``: ``<think>…</think>`` reasoning (naming other verdicts while it thinks) before a
  JSON tool call written as text; litellm knows it has no function calling.
- ``plain_json``: no tool calls at all: ``{"tool": …, "parameters": …}`` and a fenced JSON verdict
  inside prose.
- ``prose``: the verdict stated in plain sentences, citing ``path:line`` (no JSON at all).
- ``lowercase``: native calls with lowercase enums (``true_positive``, ``FACTS`` kind upper).
- ``string_numbers``: native calls with ``"confidence": "0.85"``, line numbers as strings,
  ``"is_final": "TRUE"``.
- ``parallel``: several calls in one message (facts + the enclosing function; then a premature
  conclusion beside another fetch), ignoring ``parallel_tool_calls``.
- ``wrapped``: ``{"function": {"name", "arguments": "<json text>"}}`` and Mistral's ``[TOOL_CALLS]``.
- ``legacy``: the seed protocol: fetch, ``analyze_issue``, then the analysis and evaluation as JSON.
- ``slow``: ``openai`` answering after a delay; ``rate_limited``: a 429 with ``Retry-After`` before
  each finding's first answer; ``flaky``: a 500, malformed arguments, then lowercase and string
  numbers; ``hanging``: never answers.

The server records every request body, counts calls and prompt tokens (``len(body) // 4``), and
remembers the verdict its brain meant per finding (``intended``), so a caller can tell a verdict
reached from the model's own answer from one produced by a fault.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# ----------------------------------------------------------------------------- what a request says


@dataclass
class View:
    """A request reduced to what the brain reads (either API)."""

    step: str  # agent | analysis | evaluation
    text: str  # every user / tool text, in order
    tools: list[str]
    finding: dict[str, Any]
    api: str  # openai | anthropic
    body: dict[str, Any]

    @property
    def key(self) -> str:
        f = self.finding
        return f"{f.get('rule_id')}@{f.get('path')}:{f.get('start_line')}"


def _blocks_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    out = []
    for block in content or ():
        if isinstance(block, dict):
            if block.get("type") == "text":
                out.append(str(block.get("text", "")))
            elif block.get("type") == "tool_result":
                out.append(_blocks_text(block.get("content")))
    return "\n".join(out)


def view_of(body: dict[str, Any], api: str) -> View:
    messages = body.get("messages", [])
    if api == "anthropic":
        system = _blocks_text(body.get("system"))
        texts = [_blocks_text(m.get("content")) for m in messages]
        tools = [t.get("name", "") for t in body.get("tools", [])]
    else:
        system = str(messages[0].get("content") or "") if messages else ""
        texts = [str(m.get("content") or "") for m in messages[1:] if m.get("role") in ("user", "tool")]
        tools = [t.get("function", {}).get("name", "") for t in body.get("tools", [])]
    if "analyzing one finding" in system:
        step = "analysis"
    elif "reviewing an investigation" in system:
        step = "evaluation"
    else:
        step = "agent"
    text = "\n".join(texts)
    finding: dict[str, Any] = {}
    m = re.search(r"```json\n(\{.*?\})\n```", text, re.DOTALL)
    if m:
        try:
            finding = json.loads(m.group(1))
        except ValueError:
            finding = {}
    return View(step, text, tools, finding, api, body)


# ----------------------------------------------------------------------------- the brain

_OPINION = re.compile(r"opinion: (TRUE_POSITIVE|FALSE_POSITIVE|NEEDS_REVIEW) \(confidence ([\d.]+)\): (.*)")
_ITEM = re.compile(r"^- (\w+) at (.+?):(\d+)-(\d+): (.*)$", re.MULTILINE)
_SAFE_ROLES = {"constant", "guard", "sanitizer", "dead_branch", "safe_variant"}


@dataclass(frozen=True)
class Judgement:
    verdict: str  # TRUE_POSITIVE | FALSE_POSITIVE
    confidence: float
    reason: str
    evidence: tuple[dict[str, Any], ...]


def judged(view: View) -> Judgement | None:
    """The brain's judgement from the facts in the prompt (None: no facts yet)."""
    m = _OPINION.search(view.text)
    if m is None:
        return None
    label, confidence, reason = m.group(1), float(m.group(2)), m.group(3).strip()
    items = [
        {"path": p, "start_line": int(a), "end_line": int(b), "why": why.strip()[:120], "role": role}
        for role, p, a, b, why in _ITEM.findall(view.text)
    ]
    if label == "FALSE_POSITIVE":
        evidence = [e for e in items if e["role"] in _SAFE_ROLES] or items
        return Judgement("FALSE_POSITIVE", confidence, reason, tuple(evidence[:4]))
    if label == "NEEDS_REVIEW":
        confidence, reason = 0.5, f"undecided offline ({reason}); kept"
    evidence = [e for e in items if e["role"] in ("sink", "source")] or items
    return Judgement("TRUE_POSITIVE", confidence, reason, tuple(evidence[:4]))


def conclusion(j: Judgement) -> dict[str, Any]:
    return {
        "verdict": j.verdict,
        "justification": f"The offline facts and the code agree: {j.reason}.",
        "evidence": [dict(e) for e in j.evidence],
        "confidence": j.confidence,
        "reason": j.reason,
    }


def analysis(j: Judgement) -> dict[str, Any]:
    return {
        "investigation_result": j.verdict,
        "justification": f"The code shows it: {j.reason}.",
        "evidence": [dict(e) for e in j.evidence],
        "confidence": j.confidence,
        "reason": j.reason,
    }


def evaluation(j: Judgement) -> dict[str, Any]:
    return {
        "is_final": True,
        "verdict": j.verdict,
        "confidence": j.confidence,
        "exploration_gaps": [],
        "required_code": [],
        "justification": f"The analysis holds: {j.reason}.",
        "reason": j.reason,
    }


FACTS = {"kind": "facts", "reason": "the dataflow summary decides most findings"}


@dataclass(frozen=True)
class Intent:
    """What the brain wants to say: a tool call (``name``, ``args``) or a step answer (``answer``)."""

    name: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    answer: dict[str, Any] | None = None
    more: tuple[tuple[str, dict[str, Any]], ...] = ()  # further calls in the same message


def think(view: View, protocol: str = "conclude") -> tuple[Intent, str | None]:
    """(intent, the verdict it carries)."""
    j = judged(view)
    if view.step == "analysis":
        j = j or Judgement("TRUE_POSITIVE", 0.5, "no facts read", ())
        return Intent(answer=analysis(j)), j.verdict
    if view.step == "evaluation":
        j = j or Judgement("TRUE_POSITIVE", 0.5, "no facts read", ())
        return Intent(answer=evaluation(j)), j.verdict
    if j is None:
        return Intent("fetch_code", dict(FACTS)), None
    if protocol == "legacy":
        return Intent("analyze_issue", {"focus": "does tainted data reach the sink?"}), j.verdict
    return Intent("conclude", conclusion(j)), j.verdict


# ----------------------------------------------------------------------------- dialects

Message = dict[str, Any]


def _calls(intent: Intent) -> list[tuple[str, dict[str, Any]]]:
    return [(intent.name, intent.args), *intent.more] if intent.name else []


def native(intent: Intent, n: int, *, text: str | None = None) -> Message:
    if intent.answer is not None:
        return {"role": "assistant", "content": json.dumps(intent.answer)}
    calls = [
        {"id": f"call_{n}_{i}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
        for i, (name, args) in enumerate(_calls(intent))
    ]
    return {"role": "assistant", "content": text, "tool_calls": calls}


def _lower(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _lower(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_lower(v) for v in value]
    if value in ("TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"):
        return str(value).lower() if value != "FALSE_POSITIVE" else "False Positive"
    if value in ("sink", "source", "constant", "guard"):
        return str(value).upper()
    if value == "facts":
        return "FACTS"
    return value


def _stringly(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _stringly(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_stringly(v) for v in value]
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int | float):
        return str(value)
    return value


def transformed(fn: Callable[[Any], Any]) -> Callable[[Intent, int], Message]:
    def dialect(intent: Intent, n: int) -> Message:
        changed = Intent(
            intent.name,
            fn(intent.args),
            fn(intent.answer) if intent.answer is not None else None,
            tuple((name, fn(args)) for name, args in intent.more),
        )
        return native(changed, n)

    return dialect


def qwen(intent: Intent, n: int) -> Message:
    if intent.answer is not None:
        return {"role": "assistant", "content": json.dumps(intent.answer, indent=2)}
    body = "\n".join(
        f"<tool_call>\n{json.dumps({'name': name, 'arguments': args})}\n</tool_call>"
        for name, args in _calls(intent)
    )
    return {"role": "assistant", "content": body}


def deepseek_r1(intent: Intent, n: int) -> Message:
    thought = (
        "<think>\nThe scanner says this could be a true positive. Could it be a false positive? "
        "I should not trust comments. Let me decide carefully.\n</think>\n\n"
    )
    if intent.answer is not None:
        return {"role": "assistant", "content": thought + "```json\n" + json.dumps(intent.answer) + "\n```"}
    name, args = _calls(intent)[0]
    return {"role": "assistant", "content": thought + json.dumps({"name": name, "arguments": args})}


def plain_json(intent: Intent, n: int) -> Message:
    if intent.answer is not None:
        return {"role": "assistant", "content": "My answer:\n" + json.dumps(intent.answer)}
    name, args = _calls(intent)[0]
    if name == "conclude":
        text = "Having read the facts, here is the verdict.\n```json\n" + json.dumps(args) + "\n```\nDone."
    else:
        text = "I need more context. " + json.dumps({"tool": name, "parameters": args})
    return {"role": "assistant", "content": text}


def prose(intent: Intent, n: int) -> Message:
    answer = intent.answer
    if intent.name == "fetch_code":
        return {"role": "assistant", "content": json.dumps({"name": "fetch_code", "arguments": intent.args})}
    data = answer if answer is not None else intent.args
    label = data.get("verdict") or data.get("investigation_result")
    where = "; ".join(
        f"{e['path']}:{e['start_line']}"
        + (f"-{e['end_line']}" if e["end_line"] != e["start_line"] else "")
        + f" ({e['why']})"
        for e in data.get("evidence", [])
    )
    words = label.replace("_", " ").lower()
    text = (
        f"After reading the facts and the code, my conclusion is that this finding is a {words}. "
        f"Confidence: {data['confidence']}.\nEvidence: {where or 'the sink itself'}."
    )
    return {"role": "assistant", "content": text}


def wrapped(intent: Intent, n: int) -> Message:
    if intent.answer is not None:
        return {"role": "assistant", "content": json.dumps({"result": intent.answer})}
    name, args = _calls(intent)[0]
    if name == "fetch_code":
        return {
            "role": "assistant",
            "content": "[TOOL_CALLS][" + json.dumps({"name": name, "arguments": args}) + "]",
        }
    call = {"function": {"name": name, "arguments": json.dumps(args)}}
    return {"role": "assistant", "content": json.dumps(call)}


# ----------------------------------------------------------------------------- families


@dataclass
class Family:
    name: str
    model: str  # the litellm model string the client uses
    dialect: Callable[[Intent, int], Message] = native
    api: str = "openai"
    protocol: str = "conclude"  # conclude | legacy
    parallel: bool = False
    delay: float = 0.0
    hang: bool = False
    rate_limit: float | None = None  # Retry-After seconds of a 429 before each finding's first answer
    flaky: bool = False


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in (
        Family("openai", "openai/gpt-4o"),
        Family("anthropic", "anthropic/claude-sonnet-4-20250514", api="anthropic"),
        Family("qwen", "openai/qwen2.5-coder-7b-instruct", qwen),
        Family("ollama", "ollama_chat/qwen2.5-coder:7b", qwen, api="ollama"),
        Family("deepseek_r1", "deepseek/deepseek-reasoner", deepseek_r1),
        Family("plain_json", "openai/local-model", plain_json),
        Family("prose", "openai/local-chat", prose),
        Family("lowercase", "openai/gpt-4o-mini", transformed(_lower)),
        Family("string_numbers", "openai/llama-3.1-8b-instruct", transformed(_stringly)),
        Family("parallel", "openai/mistral-small", parallel=True),
        Family("wrapped", "openai/mistral-7b-instruct", wrapped),
        Family("legacy", "openai/gpt-4o", protocol="legacy"),
        Family("slow", "openai/gpt-4o", delay=0.3),
        Family("rate_limited", "openai/gpt-4o", rate_limit=0.2),
        Family("flaky", "openai/phi-4", flaky=True),
    )
}
HANGING = Family("hanging", "openai/gpt-4o", hang=True)


# ----------------------------------------------------------------------------- the server


@dataclass
class Reply:
    status: int
    payload: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    hang: bool = False


def _openai_payload(message: Message) -> dict[str, Any]:
    finish = "tool_calls" if message.get("tool_calls") else "stop"
    return {
        "id": "chatcmpl-zoo",
        "object": "chat.completion",
        "created": 1700000000,
        "model": "zoo",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
    }


def _ollama_payload(message: Message) -> dict[str, Any]:
    """Ollama's native ``/api/chat`` answer (litellm's ``ollama_chat/`` provider)."""
    out: Message = {"role": "assistant", "content": message.get("content") or ""}
    if message.get("tool_calls"):
        out["tool_calls"] = [
            {"function": {"name": c["function"]["name"], "arguments": json.loads(c["function"]["arguments"])}}
            for c in message["tool_calls"]
        ]
    return {
        "model": "zoo",
        "created_at": "2025-01-01T00:00:00Z",
        "message": out,
        "done": True,
        "done_reason": "stop",
    }


def _anthropic_payload(intent: Intent, view: View, n: int) -> dict[str, Any]:
    if intent.answer is not None:
        if "json_tool_call" in view.tools:  # litellm's forced tool for a response_format
            blocks = [
                {"type": "tool_use", "id": f"toolu_{n}", "name": "json_tool_call", "input": intent.answer}
            ]
        else:
            blocks = [{"type": "text", "text": json.dumps(intent.answer)}]
        stop = "tool_use" if blocks[0]["type"] == "tool_use" else "end_turn"
    else:
        blocks = [{"type": "text", "text": "I'll look at this."}]
        blocks += [
            {"type": "tool_use", "id": f"toolu_{n}_{i}", "name": name, "input": args}
            for i, (name, args) in enumerate(_calls(intent))
        ]
        stop = "tool_use"
    return {
        "id": f"msg_{n}",
        "type": "message",
        "role": "assistant",
        "model": "claude-zoo",
        "content": blocks,
        "stop_reason": stop,
        "stop_sequence": None,
    }


class ZooModel:
    """One family behind one server; thread-safe; records requests and what the brain meant."""

    def __init__(self, family: Family) -> None:
        self.family = family
        self.lock = threading.Lock()
        self.requests: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self.intended: dict[str, str] = {}  # finding key -> the verdict the brain concluded
        self.prompt_tokens = 0
        self.calls = 0
        self.per_finding: dict[str, int] = {}
        self.stopping = threading.Event()
        self.port = 0

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}" + ("/v1" if self.family.api == "openai" else "")

    def overrides(self) -> dict[str, Any]:
        """The sastls settings that point the llm analyst at this model."""
        return {
            "analyst": "llm",
            "model": self.family.model,
            "api_base": self.api_base,
            "api_key_env": None,
            "cascade": False,
        }

    def _intent(self, view: View) -> Intent:
        f = self.family
        intent, verdict = think(view, f.protocol)
        if verdict is not None and view.key:
            self.intended[view.key] = verdict
        if f.parallel and view.step == "agent":
            finding = view.finding
            if intent.name == "fetch_code":
                enclosing = {
                    "kind": "enclosing",
                    "path": finding.get("path"),
                    "start_line": finding.get("start_line"),
                }
                return Intent(intent.name, intent.args, more=(("fetch_code", enclosing),))
            if intent.name == "conclude" and "Not run: `conclude`" not in view.text:
                # a premature conclusion beside another fetch: the fetch runs, the conclusion waits
                symbol = {"kind": "callers", "symbol": "main", "reason": "who calls it"}
                return Intent("fetch_code", symbol, more=(("conclude", intent.args),))
        if f.flaky and view.step == "agent":
            seen = self.per_finding.get(view.key, 0)
            if seen == 1 and intent.name == "fetch_code":
                return Intent("__broken__")  # truncated arguments, then the right call
            if intent.name == "conclude":
                return Intent("conclude", _stringly(_lower(intent.args)))
        return intent

    def reply(self, body: dict[str, Any], raw_len: int) -> Reply:
        f = self.family
        view = view_of(body, f.api)
        with self.lock:
            self.requests.append(body)
            self.calls += 1
            self.prompt_tokens += raw_len // 4
            n = self.calls
            seen = self.per_finding.get(view.key, 0)
            self.per_finding[view.key] = seen + 1
        if f.hang:
            return Reply(200, {}, hang=True)
        if f.rate_limit is not None and seen == 0:
            return Reply(429, _error(429), {"retry-after": str(f.rate_limit)})
        if f.flaky and seen == 0:
            return Reply(500, _error(500))
        with self.lock:
            intent = self._intent(view)
        usage = {"prompt_tokens": raw_len // 4, "completion_tokens": 40, "total_tokens": raw_len // 4 + 40}
        if intent.name == "__broken__":
            message: Message = {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"call_{n}",
                        "type": "function",
                        "function": {"name": "fetch_code", "arguments": '{"kind": "fac'},
                    }
                ],
            }
            payload = _openai_payload(message)
        elif f.api == "anthropic":
            payload = _anthropic_payload(intent, view, n)
            usage = {"input_tokens": raw_len // 4, "output_tokens": 40}
        elif f.api == "ollama":
            payload = _ollama_payload(f.dialect(intent, n))
            payload.update(prompt_eval_count=raw_len // 4, eval_count=40)
            return Reply(200, payload, delay=f.delay)
        else:
            payload = _openai_payload(f.dialect(intent, n))
        payload["usage"] = usage
        return Reply(200, payload, delay=f.delay)


def _error(status: int) -> dict[str, Any]:
    return {
        "error": {"message": f"zoo {status}", "type": "rate_limit_error" if status == 429 else "server_error"}
    }


def _handler(model: ZooModel) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:  # what the server saw, for a caller in another process
            with model.lock:
                state = {"intended": model.intended, "calls": model.calls, "tokens": model.prompt_tokens}
            data = json.dumps(state).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
            if self.path.endswith("/api/show"):  # Ollama's model card, as litellm asks for it
                card = {"template": "{{- if .Tools }}<tools>{{ .Tools }}</tools>{{ end }}", "model_info": {}}
                self._send(200, card, {})
                return
            with model.lock:
                model.paths.append(self.path)
            reply = model.reply(json.loads(raw or b"{}"), len(raw))
            if reply.hang:
                model.stopping.wait(3600)  # never answers; the client gives up
                return
            if reply.delay:
                time.sleep(reply.delay)
            self._send(reply.status, reply.payload, reply.headers)

        def _send(self, status: int, payload: dict[str, Any], headers: dict[str, str]) -> None:
            data = json.dumps(payload).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in headers.items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler


class ZooServer:
    """``with ZooServer(family) as model:`` a family listening on 127.0.0.1."""

    def __init__(self, family: Family) -> None:
        self.model = ZooModel(family)
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self.model))
        self.server.daemon_threads = True
        self.model.port = self.server.server_address[1]

    def __enter__(self) -> ZooModel:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self.model

    def __exit__(self, *exc: object) -> None:
        self.model.stopping.set()
        self.server.shutdown()
        self.server.server_close()
