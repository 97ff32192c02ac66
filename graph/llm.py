"""The one place that imports litellm: chat completions with retries, backoff and accounting.

litellm is imported lazily (it costs seconds), after ``LITELLM_LOCAL_MODEL_COST_MAP=True``
(no network fetch of the cost map) and with ``suppress_debug_info`` (it would print to
stdout, which belongs to the language server protocol). Rate limits, 5xx answers, timeouts
and connection errors are retried with exponential backoff; other errors are not.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from .verdict import Usage

log = logging.getLogger(__name__)

ErrorKind = Literal["rate_limit", "server", "timeout", "connection", "auth", "bad_request", "other"]
_RETRIABLE: frozenset[ErrorKind] = frozenset({"rate_limit", "server", "timeout", "connection"})


@dataclass(frozen=True)
class ModelSettings:
    model: str
    api_base: str | None = None
    api_key: str | None = None
    timeout: float = 120.0
    max_retries: int = 3
    backoff_base: float = 0.5
    backoff_max: float = 8.0
    temperature: float = 0.0


@dataclass(frozen=True)
class ToolCallOut:
    id: str
    name: str
    arguments: str  # raw JSON text, as the model wrote it


@dataclass(frozen=True)
class Completion:
    content: str | None
    tool_calls: tuple[ToolCallOut, ...]
    finish_reason: str | None
    usage: Usage


class ModelError(Exception):
    """A model call failed (after retries when the failure was retriable)."""

    def __init__(self, kind: ErrorKind, message: str, attempts: int, usage: Usage) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.attempts = attempts
        self.usage = usage  # wall time spent, failed calls counted


@cache
def _litellm() -> Any:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    litellm.telemetry = False
    litellm.num_retries = 0  # retries are ours (one policy, accounted)
    return litellm


def warm_up() -> None:
    """Import litellm now (call from a worker thread to keep an event loop responsive)."""
    _litellm()


def api_key_from_env(env_name: str | None, api_base: str | None) -> str | None:
    """The key named by ``api_key_env``; a placeholder for a keyless OpenAI-compatible endpoint;
    else None (litellm reads the provider's own variable, e.g. OPENAI_API_KEY)."""
    if env_name and os.environ.get(env_name):
        return os.environ[env_name]
    if api_base:
        return "sk-no-key-required"
    return None


def classify(exc: BaseException) -> ErrorKind:
    lm = _litellm()
    status = getattr(exc, "status_code", None)
    if isinstance(exc, lm.exceptions.Timeout | asyncio.TimeoutError | TimeoutError):
        return "timeout"
    if isinstance(exc, lm.exceptions.RateLimitError) or status == 429:
        return "rate_limit"
    if isinstance(exc, lm.exceptions.AuthenticationError | lm.exceptions.PermissionDeniedError):
        return "auth"
    if isinstance(exc, lm.exceptions.APIConnectionError) and not isinstance(status, int):
        return "connection"
    if isinstance(
        exc,
        lm.exceptions.InternalServerError
        | lm.exceptions.ServiceUnavailableError
        | lm.exceptions.BadGatewayError,
    ) or (isinstance(status, int) and (status >= 500 or status == 408)):
        return "server"
    if isinstance(exc, lm.exceptions.APIConnectionError):
        return "connection"
    if isinstance(exc, lm.exceptions.BadRequestError) or (isinstance(status, int) and 400 <= status < 500):
        return "bad_request"
    return "other"


def _retry_after(exc: BaseException) -> float | None:
    headers = getattr(exc, "litellm_response_headers", None)
    if headers is None:
        headers = getattr(getattr(exc, "response", None), "headers", None)
    if headers is None:
        return None
    try:
        value = headers.get("retry-after")
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def _backoff(settings: ModelSettings, attempt: int, exc: BaseException) -> float:
    hinted = _retry_after(exc)
    if hinted is not None and 0 <= hinted <= settings.backoff_max:
        return hinted
    delay = min(settings.backoff_max, settings.backoff_base * (2**attempt))
    return float(delay * (0.5 + random.random() / 2))  # noqa: S311 - jitter, not crypto


def _cost(lm: Any, response: Any) -> float:
    hidden = getattr(response, "_hidden_params", None) or {}
    cost = hidden.get("response_cost") if isinstance(hidden, dict) else None
    if isinstance(cost, int | float):
        return float(cost)
    try:
        return float(lm.completion_cost(completion_response=response))
    except Exception:  # unknown model (local server): no price known
        return 0.0


def _parse(lm: Any, response: Any, seconds: float) -> Completion:
    choice = response.choices[0]
    message = choice.message
    calls = []
    for i, call in enumerate(getattr(message, "tool_calls", None) or ()):
        fn = call.function
        args = (
            fn.arguments
            if isinstance(fn.arguments, str) or fn.arguments is None
            else json.dumps(fn.arguments)
        )
        calls.append(ToolCallOut(id=call.id or f"call_{i}", name=fn.name or "", arguments=args or ""))
    u = getattr(response, "usage", None)
    usage = Usage(
        model_calls=1,
        prompt_tokens=int(getattr(u, "prompt_tokens", 0) or 0),
        completion_tokens=int(getattr(u, "completion_tokens", 0) or 0),
        cost_usd=_cost(lm, response),
        seconds=seconds,
    )
    return Completion(message.content, tuple(calls), choice.finish_reason, usage)


async def acomplete(
    settings: ModelSettings,
    messages: Sequence[dict[str, Any]],
    tools: Sequence[dict[str, Any]] | None = None,
) -> Completion:
    """One chat completion; raises ModelError when it cannot be had."""
    lm = _litellm()
    kwargs: dict[str, Any] = {
        "model": settings.model,
        "messages": list(messages),
        "temperature": settings.temperature,
        "timeout": settings.timeout,
        "max_retries": 0,
    }
    if settings.api_base:
        kwargs["api_base"] = settings.api_base
    if settings.api_key:
        kwargs["api_key"] = settings.api_key
    if tools:
        kwargs["tools"] = list(tools)
        kwargs["tool_choice"] = "auto"
    spent = Usage()
    attempt = 0
    while True:
        started = time.monotonic()
        try:
            response = await asyncio.wait_for(lm.acompletion(**kwargs), timeout=settings.timeout + 5)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            spent = spent + Usage(model_calls=1, seconds=time.monotonic() - started)
            kind = classify(exc)
            if kind not in _RETRIABLE or attempt >= settings.max_retries:
                log.warning("model call failed (%s) after %d attempt(s): %s", kind, attempt + 1, exc)
                raise ModelError(kind, _short(exc), attempt + 1, spent) from exc
            delay = _backoff(settings, attempt, exc)
            log.info("model call failed (%s), retrying in %.2fs: %s", kind, delay, _short(exc))
            attempt += 1
            await asyncio.sleep(delay)
            spent = spent + Usage(seconds=delay)
            continue
        done = _parse(lm, response, time.monotonic() - started)
        return Completion(done.content, done.tool_calls, done.finish_reason, spent + done.usage)


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text[:300]


async def aclose() -> None:
    """Stop litellm's background logging worker on this event loop (call before the loop ends,
    or asyncio reports a pending task at exit). A no-op when litellm was never imported."""
    if _litellm.cache_info().currsize == 0:
        return
    try:
        from litellm.litellm_core_utils.logging_worker import GLOBAL_LOGGING_WORKER

        await GLOBAL_LOGGING_WORKER.stop()
    except Exception:  # best effort: an internal of litellm
        log.debug("could not stop litellm's logging worker", exc_info=True)
