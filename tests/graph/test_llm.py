"""graph/llm.py against the scripted endpoint: retry policy, error kinds, accounting, parsing."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from sastls.graph.llm import ModelError, ModelSettings, acomplete, api_key_from_env

MESSAGES = [{"role": "user", "content": "hi"}]


def settings(server: Any, **kw: Any) -> ModelSettings:
    base: dict[str, Any] = {
        "model": "openai/scripted",
        "api_base": server.api_base,
        "api_key": "x",
        "timeout": 5.0,
    }
    base.update(kw)
    return ModelSettings(**base)


async def test_rate_limit_is_retried_with_the_hinted_delay(scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(R.error(429, retry_after=0), R.error(503, retry_after=0), R.text("ok"))
    out = await acomplete(settings(scripted_model), MESSAGES)
    assert out.content == "ok"
    assert out.usage.model_calls == 3 and out.usage.prompt_tokens > 0


async def test_bad_request_is_not_retried(scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(R.error(400), R.text("never asked"))
    with pytest.raises(ModelError) as err:
        await acomplete(settings(scripted_model), MESSAGES)
    assert err.value.kind == "bad_request" and err.value.attempts == 1
    assert scripted_model.remaining == 1


async def test_retries_are_bounded(scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(*[R.error(500, retry_after=0)] * 3)
    with pytest.raises(ModelError) as err:
        await acomplete(settings(scripted_model, max_retries=2), MESSAGES)
    assert err.value.kind == "server" and err.value.attempts == 3
    assert err.value.usage.model_calls == 3


async def test_timeout_is_a_retriable_kind(scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(R.slow(R.text("late"), 3.0))
    with pytest.raises(ModelError) as err:
        await acomplete(settings(scripted_model, timeout=0.3, max_retries=0), MESSAGES)
    assert err.value.kind == "timeout"


async def test_unreachable_endpoint_is_a_connection_error() -> None:
    s = ModelSettings(
        model="openai/x", api_base="http://127.0.0.1:9/v1", api_key="x", max_retries=1, backoff_base=0.01
    )
    with pytest.raises(ModelError) as err:
        await acomplete(s, MESSAGES)
    # litellm reports a refused connection as an InternalServerError: retried either way
    assert err.value.kind in ("connection", "timeout", "server") and err.value.attempts == 2


async def test_tool_calls_and_cost(scripted_model: Any, R: SimpleNamespace) -> None:
    scripted_model.add(R.tool_call("fetch_code", {"kind": "symbol", "symbol": "f"}, call_id="c1"))
    out = await acomplete(settings(scripted_model, model="openai/gpt-4o"), MESSAGES, tools=[])
    assert [(c.id, c.name) for c in out.tool_calls] == [("c1", "fetch_code")]
    assert '"symbol": "f"' in out.tool_calls[0].arguments
    assert out.usage.cost_usd > 0  # priced from litellm's local cost map


def test_api_key_resolution(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MY_KEY", "k-1")
    assert api_key_from_env("MY_KEY", None) == "k-1"
    monkeypatch.delenv("MY_KEY")
    assert api_key_from_env("MY_KEY", "http://127.0.0.1:1/v1") == "sk-no-key-required"
    assert api_key_from_env(None, None) is None
