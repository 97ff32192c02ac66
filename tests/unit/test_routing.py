"""Pure routing: every branch of both routers and every breaker, in order."""

from __future__ import annotations

from typing import Any

import pytest
from sastls.graph.routing import (
    breaker,
    normalize_args,
    recursion_limit,
    route_after_evaluation,
    route_agent_decision,
)
from sastls.graph.state import InvestigationState, Limits

LIMITS = Limits(max_iterations=15, max_error_recovery=3, budget_usd=0.5)


def state(**kw: Any) -> InvestigationState:
    return InvestigationState(**kw)  # type: ignore[typeddict-item]


def call(tool: str, **args: Any) -> dict[str, str]:
    return {"tool": tool, "args": normalize_args(args)}


@pytest.mark.parametrize("tool", ["fetch_code", "analyze_issue", "comprehensive_evaluation"])
def test_agent_routes_to_the_chosen_tool(tool: str) -> None:
    assert route_agent_decision(state(pending_tool={"id": "1", "name": tool, "args": {}})) == tool


def test_conclude_passes_through_the_analysis_node() -> None:
    assert (
        route_agent_decision(state(pending_tool={"id": "1", "name": "conclude", "args": {}}))
        == "analyze_issue"
    )


def test_agent_without_a_tool_call_goes_back_to_agent() -> None:
    assert route_agent_decision(state(pending_tool=None)) == "agent"
    assert route_agent_decision(state()) == "agent"
    assert route_agent_decision(state(pending_tool={"id": "1", "name": "rm_rf", "args": {}})) == "agent"


def test_a_stopped_run_goes_to_the_evaluation_that_ends_it() -> None:
    s = state(stop_reason="max_iterations", pending_tool={"id": "1", "name": "fetch_code", "args": {}})
    assert route_agent_decision(s) == "comprehensive_evaluation"


def test_after_evaluation() -> None:
    assert route_after_evaluation(state(is_final=True)) == "__end__"
    assert route_after_evaluation(state(is_final=False)) == "agent"
    assert route_after_evaluation(state()) == "agent"


def test_no_breaker_on_a_fresh_run() -> None:
    assert breaker(state(), LIMITS) is None
    assert breaker(state(iteration_count=14, progress_at=13, error_recovery_attempts=2), LIMITS) is None


def test_a_b_fetch_cycles_break() -> None:
    a = call("fetch_code", kind="symbol", symbol="a")
    b = call("fetch_code", kind="symbol", symbol="b")
    c = call("fetch_code", kind="symbol", symbol="c")
    assert (
        breaker(state(tool_call_history=[a, b, a, b], progress_at=4, iteration_count=4), LIMITS)
        == "fetch_cycle"
    )
    assert breaker(state(tool_call_history=[a, b, a, c], progress_at=4, iteration_count=4), LIMITS) is None
    assert breaker(state(tool_call_history=[c, a, b, a], progress_at=4, iteration_count=4), LIMITS) is None


def test_fetches_without_new_code_break() -> None:
    assert breaker(state(stale_fetches=1), LIMITS) is None
    assert breaker(state(stale_fetches=2), LIMITS) == "no_new_code"


def test_steps_without_new_evidence_break() -> None:
    assert breaker(state(iteration_count=5, progress_at=2), LIMITS) is None
    assert breaker(state(iteration_count=6, progress_at=2), LIMITS) == "no_new_evidence"
    assert breaker(state(iteration_count=6, progress_at=2), Limits(max_steps_without_evidence=5)) is None


def test_the_deadline_is_the_last_breaker() -> None:
    assert breaker(state(), LIMITS, expired=True) == "deadline"
    assert breaker(state(stale_fetches=2), LIMITS, expired=True) == "no_new_code"


def test_max_iterations() -> None:
    assert breaker(state(iteration_count=15), LIMITS) == "max_iterations"
    assert breaker(state(iteration_count=3), Limits(max_iterations=3)) == "max_iterations"


def test_duplicate_tool_call_uses_normalized_arguments() -> None:
    a = call("fetch_code", kind="symbol", symbol="f", reason="one")
    b = call("fetch_code", symbol=" f ", kind="symbol", reason="two", path=None)
    assert breaker(state(tool_call_history=[a, b]), LIMITS) == "duplicate_tool_call"
    other = call("fetch_code", kind="symbol", symbol="g")
    assert breaker(state(tool_call_history=[a, other]), LIMITS) is None
    assert breaker(state(tool_call_history=[a, other, a]), LIMITS) is None  # not consecutive
    assert breaker(state(tool_call_history=[a]), LIMITS) is None


def test_numeric_strings_normalize_to_numbers() -> None:
    assert normalize_args({"start_line": "10"}) == normalize_args({"start_line": 10})


def test_error_recovery() -> None:
    assert breaker(state(error_recovery_attempts=3), LIMITS) == "max_error_recovery"
    assert breaker(state(error_recovery_attempts=2), LIMITS) is None


def test_budget() -> None:
    assert breaker(state(usage={"cost_usd": 0.5}), LIMITS) == "budget_exceeded"
    assert breaker(state(usage={"cost_usd": 0.49}), LIMITS) is None
    assert breaker(state(usage={"cost_usd": 99.0}), Limits()) is None  # no budget set


def test_breaker_order() -> None:
    a = call("analyze_issue")
    everything = state(
        iteration_count=15, tool_call_history=[a, a], error_recovery_attempts=3, usage={"cost_usd": 1.0}
    )
    assert breaker(everything, LIMITS) == "max_iterations"
    assert (
        breaker(state(tool_call_history=[a, a], error_recovery_attempts=3), LIMITS) == "duplicate_tool_call"
    )
    assert breaker(state(error_recovery_attempts=3, usage={"cost_usd": 1.0}), LIMITS) == "max_error_recovery"


@pytest.mark.parametrize(
    "limits", [Limits(), Limits(max_iterations=1), Limits(max_iterations=40, max_error_recovery=9)]
)
def test_recursion_limit_lets_the_breakers_fire_first(limits: Limits) -> None:
    worst_tool_steps = 3 * limits.max_iterations  # agent + analyze_issue + comprehensive_evaluation per call
    worst_error_steps = limits.max_error_recovery
    stop_steps = 2  # agent (breaker) + comprehensive_evaluation
    assert recursion_limit(limits) > worst_tool_steps + worst_error_steps + stop_steps


def test_fetch_kind_is_inferred_only_when_the_arguments_leave_no_doubt() -> None:
    from sastls.graph.nodes.agent import _coerce_lines

    assert _coerce_lines({"symbol": "run"})["kind"] == "symbol"
    assert _coerce_lines({"path": "a.py", "start_line": "3"}) == {
        "path": "a.py",
        "start_line": 3,
        "kind": "range",
    }
    assert _coerce_lines({"ranges": [{"path": "a.py", "start_line": 1}]})["kind"] == "ranges"
    assert "kind" not in _coerce_lines({"symbol": "run", "path": "a.py", "start_line": 3})  # which one?
    assert "kind" not in _coerce_lines({"reason": "x"})
    assert _coerce_lines({"kind": "callers", "symbol": "run"})["kind"] == "callers"
