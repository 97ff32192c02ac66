"""Scripted models the llm analyst was not written against (the checker's own, for issue 14).

Unlike the zoo (tests/graph/zoo.py), nothing here shares a judgement: each test scripts a *brain*, a
function of the request body, that answers like a model with one habit or fault: symbols fetched
before any facts, answers split across turns, single-quoted or trailing-comma JSON in ``<tool_call>``
tags, reasoning blocks holding another verdict, hedged or negated prose, percent confidences, empty
``choices``, a 200 whose body is not JSON, 503/429 without ``Retry-After``, paths out of the
workspace, code echoed back with an injection in it.

The server is a real OpenAI-compatible endpoint on 127.0.0.1. It records every request body and
counts calls and prompt tokens itself (``len(body) // 4``), independently of what the client reports.
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


@dataclass
class Answer:
    """One HTTP answer: a chat message, or a raw body / status for faults."""

    message: dict[str, Any] | None = None
    status: int = 200
    raw: bytes | None = None  # sent as is (a body that is not JSON)
    payload: dict[str, Any] | None = None  # a whole JSON body (e.g. empty choices)
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    finish: str | None = None


def call(name: str, args: dict[str, Any] | str, call_id: str = "") -> dict[str, Any]:
    arguments = args if isinstance(args, str) else json.dumps(args)
    return {
        "id": call_id or f"call_{name}",
        "type": "function",
        "function": {"name": name, "arguments": arguments},
    }


def native(*calls: dict[str, Any], content: str | None = None) -> Answer:
    return Answer({"role": "assistant", "content": content, "tool_calls": list(calls)}, finish="tool_calls")


def say(content: str, finish: str = "stop") -> Answer:
    return Answer({"role": "assistant", "content": content}, finish=finish)


def http_error(status: int, headers: dict[str, str] | None = None) -> Answer:
    body = {"error": {"message": f"unseen {status}", "type": "server_error", "code": status}}
    return Answer(status=status, payload=body, headers=headers or {})


Brain = Callable[["Request"], Answer]


@dataclass
class Request:
    """What the model was sent, with the few questions a brain asks of it."""

    n: int  # 1-based call number on this server
    body: dict[str, Any]

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages", []))

    @property
    def system(self) -> str:
        m = self.messages
        return str(m[0].get("content") or "") if m else ""

    @property
    def step(self) -> str:
        if "analyzing one finding" in self.system:
            return "analysis"
        if "reviewing an investigation" in self.system:
            return "evaluation"
        return "agent"

    @property
    def text(self) -> str:
        return "\n".join(str(m.get("content") or "") for m in self.messages[1:])

    def agent_turns(self) -> int:
        """How many assistant turns the transcript already holds."""
        return sum(1 for m in self.messages if m.get("role") == "assistant")


class Unseen:
    """One scripted model on 127.0.0.1: ``with Unseen(brain) as m: ... m.api_base``."""

    def __init__(self, brain: Brain) -> None:
        self.brain = brain
        self.lock = threading.Lock()
        self.bodies: list[dict[str, Any]] = []
        self.raw: list[bytes] = []
        self.calls = 0
        self.prompt_tokens = 0
        self.served_at: list[float] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
                body = json.loads(raw or b"{}")
                with outer.lock:
                    outer.calls += 1
                    outer.prompt_tokens += len(raw) // 4
                    outer.bodies.append(body)
                    outer.raw.append(raw)
                    outer.served_at.append(time.monotonic())
                    n = outer.calls
                try:
                    answer = outer.brain(Request(n, body))
                except Exception as exc:  # a broken brain is a test bug: make it loud
                    answer = Answer(status=599, raw=f"brain failed: {exc!r}".encode())
                if answer.delay:
                    time.sleep(answer.delay)
                if answer.raw is not None:
                    data = answer.raw
                else:
                    payload = answer.payload
                    if payload is None:
                        payload = {
                            "id": f"chatcmpl-unseen-{n}",
                            "object": "chat.completion",
                            "created": 1700000000,
                            "model": "unseen",
                            "choices": [
                                {
                                    "index": 0,
                                    "message": answer.message,
                                    "finish_reason": answer.finish or "stop",
                                }
                            ],
                        }
                    if answer.status == 200:
                        payload = {
                            **payload,
                            "usage": {
                                "prompt_tokens": len(raw) // 4,
                                "completion_tokens": 30,
                                "total_tokens": len(raw) // 4 + 30,
                            },
                        }
                    data = json.dumps(payload).encode()
                try:
                    self.send_response(answer.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for k, v in answer.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def __enter__(self) -> Unseen:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def sent(self) -> str:
        """Every request body as text (what left the machine)."""
        return "\n".join(r.decode("utf-8", "replace") for r in self.raw)


def scripted(*answers: Answer | Callable[[Request], Answer]) -> Brain:
    """A brain answering in order (a callable is asked with the request); past the end: HTTP 400."""
    queue = list(answers)
    lock = threading.Lock()

    def brain(req: Request) -> Answer:
        with lock:
            nxt = queue.pop(0) if queue else None
        if nxt is None:
            return Answer(
                status=400,
                payload={"error": {"message": "script exhausted", "type": "invalid_request_error"}},
            )
        return nxt(req) if callable(nxt) else nxt

    return brain


FENCE_OPEN = re.compile(r"<untrusted-code path=")
FENCE_CLOSE = re.compile(r"</untrusted-code>")
