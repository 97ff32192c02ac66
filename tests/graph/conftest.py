"""A scripted OpenAI-compatible model on 127.0.0.1 (real HTTP: litellm's real request path).

Each test scripts the answers in order: tool calls, plain text (JSON or not), HTTP errors
(429, 500), slow answers. Every request body is recorded for assertions. An exhausted
script answers 400, which the graph counts as a model failure (and the test sees it).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding, Location, Region, TraceStep


@dataclass
class Reply:
    status: int = 200
    body: dict[str, Any] | None = None
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


def _completion(message: dict[str, Any], finish: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-scripted",
        "object": "chat.completion",
        "created": 1700000000,
        "model": "scripted",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
    }


def tool_call(name: str, args: dict[str, Any] | str | None = None, call_id: str | None = None) -> Reply:
    arguments = args if isinstance(args, str) else json.dumps(args or {})
    call = {
        "id": call_id or f"call_{name}",
        "type": "function",
        "function": {"name": name, "arguments": arguments},
    }
    return Reply(body=_completion({"role": "assistant", "content": None, "tool_calls": [call]}, "tool_calls"))


def fetch(kind: str = "symbol", **args: Any) -> Reply:
    return tool_call(
        "fetch_code", {"kind": kind, **args}, call_id=f"call_fetch_{kind}_{args.get('symbol', '')}"
    )


def text(content: str) -> Reply:
    return Reply(body=_completion({"role": "assistant", "content": content}, "stop"))


def analysis(
    result: str = "TRUE_POSITIVE",
    justification: str = "user input reaches the sink unchecked",
    evidence: list[dict[str, Any]] | None = None,
    confidence: float = 0.9,
) -> Reply:
    ev = (
        evidence
        if evidence is not None
        else [{"path": "app.py", "start_line": 5, "end_line": 6, "why": "sink"}]
    )
    return text(
        json.dumps(
            {
                "investigation_result": result,
                "justification": justification,
                "evidence": ev,
                "confidence": confidence,
            }
        )
    )


def evaluation(
    verdict: str = "TRUE_POSITIVE",
    is_final: bool = True,
    gaps: list[dict[str, Any]] | None = None,
    required: list[dict[str, Any]] | None = None,
    confidence: float = 0.9,
) -> Reply:
    return text(
        json.dumps(
            {
                "is_final": is_final,
                "verdict": verdict,
                "confidence": confidence,
                "exploration_gaps": gaps or [],
                "required_code": required or [],
                "justification": f"the analysis holds: {verdict}",
            }
        )
    )


def error(status: int, retry_after: float | None = None) -> Reply:
    headers = {} if retry_after is None else {"retry-after": str(retry_after)}
    return Reply(
        status=status,
        body={"error": {"message": f"scripted {status}", "type": "x", "code": status}},
        headers=headers,
    )


def slow(reply: Reply, seconds: float) -> Reply:
    return replace(reply, delay=seconds)


class ScriptedModel:
    def __init__(self) -> None:
        self.script: list[Reply] = []
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.port = 0

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def add(self, *replies: Reply) -> ScriptedModel:
        with self.lock:
            self.script.extend(replies)
        return self

    def next_reply(self, body: dict[str, Any]) -> Reply:
        with self.lock:
            self.requests.append(body)
            if not self.script:
                return Reply(
                    status=400,
                    body={"error": {"message": "script exhausted", "type": "invalid_request_error"}},
                )
            return self.script.pop(0)

    @property
    def remaining(self) -> int:
        with self.lock:
            return len(self.script)

    def prompts_text(self, i: int) -> str:
        """All message contents of request ``i`` joined (what the model was shown)."""
        return "\n".join(str(m.get("content") or "") for m in self.requests[i]["messages"])


def _handler(model: ScriptedModel) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # headers and body go out in two writes: no 40 ms delayed-ACK stall

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
            body = json.loads(raw or b"{}")
            reply = model.next_reply(body)
            if reply.delay:
                time.sleep(reply.delay)
            payload = dict(reply.body or {})
            if reply.status == 200:
                prompt = len(raw) // 4
                payload["usage"] = {
                    "prompt_tokens": prompt,
                    "completion_tokens": 20,
                    "total_tokens": prompt + 20,
                }
            data = json.dumps(payload).encode()
            try:
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in reply.headers.items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout test)

    return Handler


@pytest.fixture
def scripted_model() -> Iterator[ScriptedModel]:
    model = ScriptedModel()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(model))
    server.daemon_threads = True
    model.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield model
    server.shutdown()
    server.server_close()


APP_PY = """\
import subprocess
from flask import request


def run(cmd):
    return subprocess.call(cmd, shell=True)


def handler():
    name = request.args.get("name")
    cleaned = normalize(name)
    return run("echo " + cleaned)


def normalize(value):
    return value.strip()
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "app.py").write_text(APP_PY)
    (root / "secret").mkdir()
    (root / "secret" / "keys.py").write_text("def token():\n    return 'hunter2'\n")
    return root


def make_finding(
    path: str = "app.py", line: int = 6, trace: tuple[tuple[str, int], ...] = ((("app.py", 10)),)
) -> Finding:
    return Finding(
        tool="bandit",
        rule_id="B602",
        message="subprocess call with shell=True identified, security issue.",
        location=Location(path=path, region=Region(start_line=line)),
        cwe=(78,),
        trace=tuple(TraceStep(Location(p, Region(start_line=ln)), "flows") for p, ln in trace),
        fingerprint=f"fp-{path}-{line}",
    )


def llm_config(server: ScriptedModel, **overrides: Any) -> Config:
    base = {
        "analyst": "llm",
        "model": "openai/scripted",
        "api_base": server.api_base,
        "cascade": False,
        "request_timeout": 5.0,
    }
    base.update(overrides)
    return replace(Config(), **base)


@pytest.fixture
def R() -> SimpleNamespace:
    """Reply builders (``R.fetch``, ``R.tool_call``, ``R.analysis``, ``R.evaluation``, ``R.text``,
    ``R.error``, ``R.slow``) and ``R.finding(...)``, ``R.config(model, **overrides)``."""
    return SimpleNamespace(
        Reply=Reply,
        completion=_completion,
        tool_call=tool_call,
        fetch=fetch,
        text=text,
        analysis=analysis,
        evaluation=evaluation,
        error=error,
        slow=slow,
        finding=make_finding,
        config=llm_config,
    )


@pytest.fixture(autouse=True)
async def _stop_litellm_worker() -> AsyncIterator[None]:
    """litellm starts a logging task on each test's event loop: stop it before the loop closes.
    Endpoint health (timeouts, refused parameters) is per process: each test starts clean."""
    from sastls.graph.llm import aclose, reset_health

    reset_health()
    yield
    await aclose()
    reset_health()


def load_zoo() -> Any:
    """tests/graph/zoo.py (the model zoo), importable without a package."""
    import importlib.util
    import sys

    name = "sastls_test_zoo"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("zoo.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def zoo() -> Iterator[Any]:
    """``zoo.serve(name)``: a model family on 127.0.0.1 for this test (``zoo.module``: tests/graph/zoo.py)."""
    module = load_zoo()
    servers: list[Any] = []

    def serve(family: str | Any) -> Any:
        fam = module.FAMILIES[family] if isinstance(family, str) else family
        server = module.ZooServer(fam)
        servers.append(server)
        return server.__enter__()

    yield SimpleNamespace(serve=serve, module=module)
    for server in servers:
        server.__exit__(None, None, None)
