"""The one place that imports litellm: chat completions with bounded time, retries and accounting.

litellm is imported lazily (it costs seconds), after ``LITELLM_LOCAL_MODEL_COST_MAP=True``
(no network fetch of the cost map) and with ``suppress_debug_info`` (it would print to
stdout, which belongs to the language server protocol).

What a model supports is asked of litellm (``supports_function_calling``, ``supports_tool_choice``,
``supports_parallel_function_calling``, ``supports_response_schema``), unless the configuration
says it (``[model_capabilities]``); only what is supported is sent: ``tool_choice="required"``
(litellm maps it to Anthropic's ``any``), ``parallel_tool_calls=False``, and a JSON-schema
``response_format`` (litellm maps it to Ollama's ``format`` and to Anthropic's forced tool).

Time is bounded twice: each call by ``timeout``, and every call of one investigation by its
``deadline`` (a ``time.monotonic()`` instant): no call, retry or ``Retry-After`` wait runs past it.
Rate limits, 5xx answers, timeouts and connection errors are retried at most ``max_retries``
times (``Retry-After`` honoured when it fits before the deadline); other errors are not. An
endpoint that timed out on ``HUNG_AFTER`` calls in a row (across investigations) is treated as
unresponsive for ``HUNG_FOR`` seconds: calls fail at once instead of each waiting out its timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import email.utils
import json
import logging
import math
import os
import random
import re
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from .verdict import Usage

log = logging.getLogger(__name__)

ErrorKind = Literal[
    "rate_limit",
    "server",
    "timeout",
    "connection",
    "auth",
    "bad_request",
    "deadline",
    "unresponsive",
    "other",
]
_RETRIABLE: frozenset[ErrorKind] = frozenset({"rate_limit", "server", "timeout", "connection"})


def stop_reason_of(kind: ErrorKind) -> str:
    """The investigation's stop reason after a failed call. A call has had its retries already, so
    a failure ends the investigation (NEEDS_REVIEW); the next run asks again."""
    return {"deadline": "deadline", "unresponsive": "model_unresponsive"}.get(kind, "model_error")


HUNG_AFTER = 2  # consecutive timed-out calls that mark an endpoint unresponsive
HUNG_FOR = 30.0  # seconds (at least; one request timeout when longer) calls then fail at once
MAX_WAIT_WITHOUT_DEADLINE = 60.0  # the longest Retry-After honoured when no deadline bounds it


@dataclass(frozen=True)
class Capabilities:
    """What the model accepts; None (in an override) means: ask litellm."""

    function_calling: bool | None = None
    tool_choice: bool | None = None
    parallel_function_calling: bool | None = None
    response_schema: bool | None = None


@dataclass(frozen=True)
class ModelSettings:
    model: str
    api_base: str | None = None
    api_key: str | None = None
    timeout: float = 60.0
    max_retries: int = 2
    backoff_base: float = 0.5
    backoff_max: float = 8.0
    temperature: float = 0.0
    capabilities: Capabilities = Capabilities()  # overrides of litellm's answers


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


_warm_lock = threading.Lock()
_warm: set[str] = set()


def warm_up(model: str | None = None) -> None:
    """Import litellm now (call from a worker thread to keep an event loop responsive). With
    ``model``, also what litellm's first call for it would import on the event loop (a second or
    more on a busy machine, during which no timeout can fire): an offline ``mock_response`` call."""
    lm = _litellm()
    if model is None:
        return
    with _warm_lock:
        if model in _warm:
            return
        try:
            lm.completion(model=model, messages=[{"role": "user", "content": "warm-up"}], mock_response="ok")
            import openai.resources.chat  # noqa: F401 - the SDK behind OpenAI-compatible providers
        except Exception:  # best effort: the real call reports real problems
            log.debug("warm-up of %s failed", model, exc_info=True)
        _warm.add(model)


async def awarm_up(model: str) -> None:
    """``warm_up(model)`` off the event loop (at once when already done)."""
    if model not in _warm:
        await asyncio.to_thread(warm_up, model)


def api_key_from_env(env_name: str | None, api_base: str | None) -> str | None:
    """The key named by ``api_key_env``; a placeholder for a keyless OpenAI-compatible endpoint;
    else None (litellm reads the provider's own variable, e.g. OPENAI_API_KEY)."""
    if env_name and os.environ.get(env_name):
        return os.environ[env_name]
    if api_base:
        return "sk-no-key-required"
    return None


# ------------------------------------------------------------------------------------ capabilities

_caps_lock = threading.Lock()
_caps: dict[tuple[str, str | None, Capabilities], Capabilities] = {}


def _ask_litellm(model: str, api_base: str | None) -> Capabilities:
    """litellm's model map (and, for Ollama, the server's own ``/api/show`` through litellm). An
    unknown model: function calling None (tools are offered: OpenAI-compatible servers mostly take
    them, and one that refuses them is asked again without), the constraints off."""
    lm = _litellm()
    utils = lm.utils  # supports_tool_choice is not exported at litellm's top level
    try:
        info: dict[str, Any] = dict(lm.get_model_info(model=model, api_base=api_base) or {})
    except Exception:  # not in litellm's model map (a local or renamed model)
        info = {}

    def ask(name: str) -> bool | None:
        key = name.removeprefix("supports_")
        with contextlib.suppress(Exception):  # litellm raises for some unknown models
            if getattr(utils, name)(model=model):
                return True
        stated = info.get(f"supports_{key}")
        return stated if isinstance(stated, bool) else None

    return Capabilities(
        function_calling=ask("supports_function_calling"),
        tool_choice=bool(ask("supports_tool_choice")),
        parallel_function_calling=bool(ask("supports_parallel_function_calling")),
        response_schema=bool(ask("supports_response_schema")),
    )


def capabilities(settings: ModelSettings) -> Capabilities:
    """litellm's answers for the model, with the configured overrides applied (cached per process).
    May do I/O (litellm asks an Ollama server about its model): call it off an event loop."""
    key = (settings.model, settings.api_base, settings.capabilities)
    with _caps_lock:
        known = _caps.get(key)
    if known is not None:
        return known
    asked = _ask_litellm(settings.model, settings.api_base)
    o = settings.capabilities
    out = Capabilities(
        function_calling=asked.function_calling if o.function_calling is None else o.function_calling,
        tool_choice=asked.tool_choice if o.tool_choice is None else o.tool_choice,
        parallel_function_calling=(
            asked.parallel_function_calling
            if o.parallel_function_calling is None
            else o.parallel_function_calling
        ),
        response_schema=asked.response_schema if o.response_schema is None else o.response_schema,
    )
    with _caps_lock:
        _caps[key] = out
    log.info("model %s supports: %s", settings.model, out)
    return out


async def acapabilities(settings: ModelSettings) -> Capabilities:
    with _caps_lock:
        known = _caps.get((settings.model, settings.api_base, settings.capabilities))
    return known if known is not None else await asyncio.to_thread(capabilities, settings)


# ------------------------------------------------------------------------------- endpoint health


@dataclass
class _Health:
    timeouts: int = 0  # consecutive timed-out calls
    open_until: float = 0.0  # monotonic instant until which calls fail at once


_health_lock = threading.Lock()
_health: dict[tuple[str, str | None], _Health] = {}


def _endpoint(settings: ModelSettings) -> _Health:
    with _health_lock:
        return _health.setdefault((settings.model, settings.api_base), _Health())


def _note_timeout(settings: ModelSettings) -> None:
    h = _endpoint(settings)
    with _health_lock:
        h.timeouts += 1
        if h.timeouts >= HUNG_AFTER:
            pause = max(settings.timeout, HUNG_FOR)
            h.open_until = time.monotonic() + pause
            log.warning(
                "model %s timed out %d times in a row: treated as unresponsive for %.0fs",
                settings.model,
                h.timeouts,
                pause,
            )


def _note_answer(settings: ModelSettings) -> None:
    h = _endpoint(settings)
    with _health_lock:
        h.timeouts = 0
        h.open_until = 0.0


def reset_health() -> None:
    """Forget every endpoint's timeouts and refusals (tests; a server after a settings change)."""
    with _health_lock:
        _health.clear()
        _refused.clear()


# Parameters an endpoint answered 400 to (a server without a tool parser, without guided decoding):
# the call is made again without them, and they are not sent to that endpoint again.
_refused: dict[tuple[str, str | None], set[str]] = {}
_TOOL_PARAMS = ("tools", "tool_choice", "parallel_tool_calls")


def _refusal(exc: BaseException, kwargs: dict[str, Any]) -> list[str]:
    """The request parameters a 400 answer names (empty: it names none we can do without)."""
    text = str(exc).lower()
    for param in ("parallel_tool_calls", "tool_choice", "response_format"):
        if param in kwargs and (param in text or (param == "response_format" and "json_schema" in text)):
            return [param]
    if "tools" in kwargs and "tool" in text:
        return [p for p in _TOOL_PARAMS if p in kwargs]
    return []


# ------------------------------------------------------------------------------------ errors


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


def _header(headers: Any, name: str) -> str | None:
    try:
        value = headers.get(name)
    except Exception:
        return None
    return None if value is None else str(value)


_DURATION_PART = re.compile(r"(\d+(?:\.\d+)?)(ms|h|m|s)")
_DURATION_UNIT = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001}
# Rate-limit windows a server names when it refuses: OpenAI-style ("6m0s", "20ms"), Anthropic-style
# (an RFC 3339 instant), and the plain ``x-ratelimit-reset`` some gateways send (seconds or epoch seconds).
_RESET_HEADERS = (
    ("x-ratelimit-remaining-requests", "x-ratelimit-reset-requests"),
    ("x-ratelimit-remaining-tokens", "x-ratelimit-reset-tokens"),
    ("anthropic-ratelimit-requests-remaining", "anthropic-ratelimit-requests-reset"),
    ("anthropic-ratelimit-tokens-remaining", "anthropic-ratelimit-tokens-reset"),
    ("anthropic-ratelimit-input-tokens-remaining", "anthropic-ratelimit-input-tokens-reset"),
    ("anthropic-ratelimit-output-tokens-remaining", "anthropic-ratelimit-output-tokens-reset"),
    ("x-ratelimit-remaining", "x-ratelimit-reset"),
)


def _seconds_until(value: str) -> float | None:
    """A wait written as seconds, a Go-style duration ("1m30.5s", "20ms"), an epoch or a date."""
    text = value.strip()
    try:
        seconds = float(text)
    except ValueError:
        parts = _DURATION_PART.findall(text)
        if parts and "".join(n + u for n, u in parts) == text:
            return sum(float(n) * _DURATION_UNIT[u] for n, u in parts)
        try:
            when = email.utils.parsedate_to_datetime(text)
        except (TypeError, ValueError, IndexError):
            try:
                when = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
            except ValueError:
                return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=datetime.UTC)
        return when.timestamp() - time.time()
    if seconds > 1e9:  # an epoch instant, not a duration
        return seconds - time.time()
    return seconds if math.isfinite(seconds) else None


def _rate_limit_reset(headers: Any) -> float | None:
    """The longest window among those the server says are spent (all named ones when none says)."""
    named: list[tuple[str | None, float]] = []
    for remaining_name, reset_name in _RESET_HEADERS:
        reset = _header(headers, reset_name)
        seconds = None if reset is None else _seconds_until(reset)
        if seconds is not None:
            named.append((_header(headers, remaining_name), seconds))
    spent = [s for remaining, s in named if remaining is not None and remaining.strip() in ("0", "0.0")]
    chosen = spent or [s for _, s in named]
    return max(0.0, *chosen) if chosen else None


def retry_after(exc: BaseException) -> float | None:
    """Seconds the server asked to wait: ``retry-after-ms``, ``retry-after`` (seconds or a date), else the
    reset time of the spent rate-limit window (``x-ratelimit-reset-*``, ``anthropic-ratelimit-*-reset``)."""
    headers = getattr(exc, "litellm_response_headers", None)
    if headers is None:
        headers = getattr(getattr(exc, "response", None), "headers", None)
    if headers is None:
        return None
    ms = _header(headers, "retry-after-ms")
    try:
        if ms is not None:
            return max(0.0, float(ms) / 1000)
    except ValueError:
        pass
    value = _header(headers, "retry-after")
    seconds = None if value is None else _seconds_until(value)
    if seconds is None:
        return _rate_limit_reset(headers)
    return max(0.0, seconds)


def _backoff(settings: ModelSettings, attempt: int, exc: BaseException) -> float:
    hinted = retry_after(exc)
    if hinted is not None:
        return hinted
    delay = min(settings.backoff_max, settings.backoff_base * (2**attempt))
    return float(delay * (0.5 + random.random() / 2))  # noqa: S311 - jitter, not crypto


# ------------------------------------------------------------------------------------ the call


def _cost(lm: Any, response: Any) -> float:
    hidden = getattr(response, "_hidden_params", None) or {}
    cost = hidden.get("response_cost") if isinstance(hidden, dict) else None
    if isinstance(cost, int | float):
        return float(cost)
    try:
        return float(lm.completion_cost(completion_response=response))
    except Exception:  # unknown model (local server): no price known
        return 0.0


def _text(content: Any) -> str | None:
    """Message content as text (some servers send a list of parts)."""
    if content is None or isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text", "") if isinstance(p, dict) else str(p) for p in content]
        return "\n".join(str(p) for p in parts if p)
    return str(content)


def _arguments(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value) if value is not None else ""


class BadResponse(Exception):
    """A 200 answer without a usable message (no choices, no message): retried like a 5xx."""


def _parse(lm: Any, response: Any, seconds: float) -> Completion:
    choices: list[Any] = list(getattr(response, "choices", None) or [])
    choice = choices[0] if choices else None
    message = getattr(choice, "message", None)
    if message is None:
        raise BadResponse("the answer holds no message")
    calls = []
    for i, call in enumerate(getattr(message, "tool_calls", None) or ()):
        fn = getattr(call, "function", None)
        name = str(getattr(fn, "name", "") or "")
        calls.append(
            ToolCallOut(
                getattr(call, "id", None) or f"call_{i}", name, _arguments(getattr(fn, "arguments", None))
            )
        )
    legacy = getattr(message, "function_call", None)  # the functions API: one call, no id
    if not calls and legacy is not None and getattr(legacy, "name", None):
        calls.append(ToolCallOut("call_0", str(legacy.name), _arguments(getattr(legacy, "arguments", None))))
    u = getattr(response, "usage", None)
    usage = Usage(
        model_calls=1,
        prompt_tokens=int(getattr(u, "prompt_tokens", 0) or 0),
        completion_tokens=int(getattr(u, "completion_tokens", 0) or 0),
        cost_usd=_cost(lm, response),
        seconds=seconds,
    )
    return Completion(_text(message.content), tuple(calls), getattr(choice, "finish_reason", None), usage)


async def _kwargs(
    settings: ModelSettings,
    messages: Sequence[dict[str, Any]],
    tools: Sequence[dict[str, Any]] | None,
    response_format: dict[str, Any] | None,
) -> dict[str, Any]:
    caps = await acapabilities(settings)
    kwargs: dict[str, Any] = {
        "model": settings.model,
        "messages": list(messages),
        "temperature": settings.temperature,
        "max_retries": 0,
    }
    if settings.api_base:
        kwargs["api_base"] = settings.api_base
    if settings.api_key:
        kwargs["api_key"] = settings.api_key
    if tools and caps.function_calling is not False:
        kwargs["tools"] = list(tools)
        if caps.tool_choice:
            kwargs["tool_choice"] = "required"  # every reply of the agent must be a tool call
        if caps.parallel_function_calling:
            kwargs["parallel_tool_calls"] = False
    if response_format is not None and caps.response_schema:
        kwargs["response_format"] = response_format
    with _health_lock:
        refused = set(_refused.get((settings.model, settings.api_base), ()))
    return {k: v for k, v in kwargs.items() if k not in refused}


async def acomplete(
    settings: ModelSettings,
    messages: Sequence[dict[str, Any]],
    tools: Sequence[dict[str, Any]] | None = None,
    *,
    response_format: dict[str, Any] | None = None,
    deadline: float | None = None,
) -> Completion:
    """One chat completion; raises ModelError when it cannot be had before ``deadline``."""
    lm = _litellm()
    kwargs = await _kwargs(settings, messages, tools, response_format)
    spent = Usage()
    attempt = 0
    while True:
        now = time.monotonic()
        left = math.inf if deadline is None else deadline - now
        if left <= 0:
            raise ModelError("deadline", "the investigation's deadline has passed", attempt, spent)
        health = _endpoint(settings)
        if health.open_until > now:
            raise ModelError(
                "unresponsive",
                f"the model timed out on {health.timeouts} calls in a row; not asked again for "
                f"{health.open_until - now:.0f}s",
                attempt,
                spent,
            )
        budget = min(settings.timeout, left)
        started = now
        try:
            response = await asyncio.wait_for(lm.acompletion(**kwargs, timeout=budget), timeout=budget)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            spent = spent + Usage(model_calls=1, seconds=time.monotonic() - started)
            kind = classify(exc)
            dropped = _refusal(exc, kwargs) if kind == "bad_request" else []
            if dropped:
                log.warning("model %s refused %s: asking without it", settings.model, ", ".join(dropped))
                with _health_lock:
                    _refused.setdefault((settings.model, settings.api_base), set()).update(dropped)
                kwargs = {k: v for k, v in kwargs.items() if k not in dropped}
                continue
            if kind == "timeout":
                _note_timeout(settings)
                if budget < settings.timeout:  # cut short by the deadline, not by the model's own timeout
                    raise ModelError(
                        "deadline", "the investigation's deadline has passed", attempt + 1, spent
                    ) from exc
            if kind not in _RETRIABLE or attempt >= settings.max_retries:
                log.warning("model call failed (%s) after %d attempt(s): %s", kind, attempt + 1, exc)
                raise ModelError(kind, _short(exc), attempt + 1, spent) from exc
            delay = _backoff(settings, attempt, exc)
            limit = (deadline - time.monotonic()) if deadline is not None else MAX_WAIT_WITHOUT_DEADLINE
            if delay >= limit:
                log.warning("model call failed (%s); waiting %.1fs would pass the deadline", kind, delay)
                raise ModelError(
                    "deadline" if deadline is not None else kind,
                    f"{_short(exc)} (the model asked to retry after {delay:.0f}s)",
                    attempt + 1,
                    spent,
                ) from exc
            log.info("model call failed (%s), retrying in %.2fs: %s", kind, delay, _short(exc))
            attempt += 1
            await asyncio.sleep(delay)
            spent = spent + Usage(seconds=delay)
            continue
        _note_answer(settings)
        try:
            done = _parse(lm, response, time.monotonic() - started)
        except Exception as exc:  # an answer litellm accepted but that holds nothing usable
            spent = spent + Usage(model_calls=1, seconds=time.monotonic() - started)
            if attempt >= settings.max_retries:
                raise ModelError("server", f"unusable answer: {exc}", attempt + 1, spent) from exc
            attempt += 1
            continue
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
