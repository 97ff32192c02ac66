"""How long a refusing model server asked us to wait, in each spelling servers use."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from sastls.graph.llm import retry_after


def _refusal(headers: dict[str, str]) -> BaseException:
    exc = RuntimeError("429")
    exc.response = SimpleNamespace(headers=headers)  # type: ignore[attr-defined]
    return exc


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({"retry-after-ms": "250"}, 0.25),
        ({"retry-after": "7"}, 7.0),
        ({"x-ratelimit-reset-requests": "1m30.5s"}, 90.5),
        ({"x-ratelimit-reset-tokens": "20ms"}, 0.02),
        # the spent window decides, not the longest one named
        (
            {
                "x-ratelimit-remaining-requests": "0",
                "x-ratelimit-reset-requests": "2s",
                "x-ratelimit-remaining-tokens": "5000",
                "x-ratelimit-reset-tokens": "1h",
            },
            2.0,
        ),
        # no window says it is spent: the longest named one
        ({"x-ratelimit-reset-requests": "2s", "x-ratelimit-reset-tokens": "6m0s"}, 360.0),
        # Retry-After wins over the windows
        ({"retry-after": "3", "x-ratelimit-reset-requests": "6m0s"}, 3.0),
        ({"retry-after": "soon"}, None),
        ({"x-ratelimit-reset-requests": "later"}, None),
        ({}, None),
    ],
)
def test_waits_asked_for(headers: dict[str, str], expected: float | None) -> None:
    got = retry_after(_refusal(headers))
    assert got == (None if expected is None else pytest.approx(expected))


def test_instants_become_waits() -> None:
    epoch = retry_after(_refusal({"x-ratelimit-reset": str(int(time.time()) + 30)}))
    iso = retry_after(_refusal({"anthropic-ratelimit-tokens-reset": "2000-01-01T00:00:00Z"}))
    assert epoch is not None and 25 <= epoch <= 31
    assert iso == 0.0  # a reset in the past: no wait
