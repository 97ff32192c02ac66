"""The one place nodes and edges are added. The compiled graph is built once per process.

    START -> agent
    agent --route_agent_decision--> fetch_code | analyze_issue | comprehensive_evaluation | agent
    fetch_code -> agent
    analyze_issue -> comprehensive_evaluation
    comprehensive_evaluation --route_after_evaluation--> agent | END

Two compilations of the same topology: the asynchronous graph (any analyst; ``ainvoke``) and a
synchronous one (``invoke``) for analysts that never suspend (the heuristic analyst), which
skips LangGraph's per-step task and thread-pool hops.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from functools import cache
from typing import Any

from .routing import AgentRoute, EvaluationRoute, route_after_evaluation, route_agent_decision
from .state import InvestigationState, RunContext

Node = Callable[[InvestigationState, Any], Coroutine[Any, Any, dict[str, Any]]]


# Async shims around the pure routers: LangGraph runs a sync router in a thread pool on every
# step of an async run (measured: a third of the heuristic analyst's time).
async def route_agent(state: InvestigationState) -> AgentRoute:
    return route_agent_decision(state)


async def route_evaluation(state: InvestigationState) -> EvaluationRoute:
    return route_after_evaluation(state)


class SuspendedError(RuntimeError):
    """A node of the synchronous graph tried to wait (its analyst is not synchronous)."""


def run_now(node: Node) -> Callable[[InvestigationState, Any], dict[str, Any]]:
    """``node`` as a plain function: drives its coroutine to completion without an event loop,
    which is valid only when nothing inside awaits real I/O."""

    def sync_node(state: InvestigationState, runtime: Any) -> dict[str, Any]:
        coro = node(state, runtime)
        try:
            coro.send(None)
        except StopIteration as done:
            result: dict[str, Any] = done.value
            return result
        coro.close()
        raise SuspendedError(f"node {node.__name__} suspended: its analyst must run on the async graph")

    sync_node.__name__ = node.__name__
    return sync_node


def build_graph(checkpointer: Any = None, *, synchronous: bool = False) -> Any:
    """A compiled investigation graph (``checkpointer``: a LangGraph saver, or None)."""
    from langgraph.graph import END, START, StateGraph

    from .nodes.agent import agent
    from .nodes.analyze_issue import analyze_issue
    from .nodes.comprehensive_evaluation import comprehensive_evaluation
    from .nodes.fetch_code import fetch_code

    def node(fn: Node) -> Any:
        return run_now(fn) if synchronous else fn

    g = StateGraph(InvestigationState, context_schema=RunContext)
    g.add_node("agent", node(agent))
    g.add_node("fetch_code", node(fetch_code))
    g.add_node("analyze_issue", node(analyze_issue))
    g.add_node("comprehensive_evaluation", node(comprehensive_evaluation))
    g.add_edge(START, "agent")
    g.add_conditional_edges(
        "agent",
        route_agent_decision if synchronous else route_agent,
        {
            "fetch_code": "fetch_code",
            "analyze_issue": "analyze_issue",
            "comprehensive_evaluation": "comprehensive_evaluation",
            "agent": "agent",
        },
    )
    g.add_edge("fetch_code", "agent")
    g.add_edge("analyze_issue", "comprehensive_evaluation")
    g.add_conditional_edges(
        "comprehensive_evaluation",
        route_after_evaluation if synchronous else route_evaluation,
        {"agent": "agent", END: END},
    )
    return g.compile(checkpointer=checkpointer, name="investigation")


@cache
def compiled_graph(*, synchronous: bool = False) -> Any:
    """The process-wide compiled graph without a checkpointer (``with_checkpointer`` adds one)."""
    return build_graph(synchronous=synchronous)


def with_checkpointer(checkpointer: Any) -> Any:
    """The compiled (async) graph bound to ``checkpointer``, without recompiling."""
    return compiled_graph().copy(update={"checkpointer": checkpointer})
