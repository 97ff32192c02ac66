"""The one place nodes and edges are added. The compiled graph is built once per process.

    START -> agent
    agent --route_agent_decision--> fetch_code | analyze_issue | comprehensive_evaluation | agent
    fetch_code -> agent
    analyze_issue -> comprehensive_evaluation
    comprehensive_evaluation --route_after_evaluation--> agent | END

The topology is data (``NODES``, ``EDGES``, ``BRANCHES``) read by two drivers:

- LangGraph (``build_graph`` / ``compiled_graph``): any analyst, with checkpoints for model runs;
- ``run_synchronous``: analysts that never suspend (the heuristic analyst). It walks the same
  nodes, routers and state reducers one step at a time in the caller's thread, without importing
  LangGraph at all: for milliseconds of pure computation, LangGraph's per-step machinery cost as
  much as the judgement itself, and its import a second per process.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from .routing import AgentRoute, EvaluationRoute, route_after_evaluation, route_agent_decision
from .state import InvestigationState, RunContext

Node = Callable[[InvestigationState, Any], Coroutine[Any, Any, dict[str, Any]]]

START = "__start__"
END = "__end__"
FIRST = "agent"
EDGES: Mapping[str, str] = {"fetch_code": "agent", "analyze_issue": "comprehensive_evaluation"}
BRANCHES: Mapping[str, tuple[Callable[[InvestigationState], str], tuple[str, ...]]] = {
    "agent": (route_agent_decision, ("fetch_code", "analyze_issue", "comprehensive_evaluation", "agent")),
    "comprehensive_evaluation": (route_after_evaluation, ("agent", END)),
}


@cache
def nodes() -> dict[str, Node]:
    """The node functions by name (imported on first use)."""
    from .nodes.agent import agent
    from .nodes.analyze_issue import analyze_issue
    from .nodes.comprehensive_evaluation import comprehensive_evaluation
    from .nodes.fetch_code import fetch_code

    return {
        "agent": agent,
        "fetch_code": fetch_code,
        "analyze_issue": analyze_issue,
        "comprehensive_evaluation": comprehensive_evaluation,
    }


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


def build_graph(checkpointer: Any = None) -> Any:
    """A compiled LangGraph investigation graph (``checkpointer``: a LangGraph saver, or None)."""
    from langgraph.graph import END as LG_END
    from langgraph.graph import START as LG_START
    from langgraph.graph import StateGraph

    assert (LG_START, LG_END) == (START, END)
    g = StateGraph(InvestigationState, context_schema=RunContext)
    for name, fn in nodes().items():
        g.add_node(name, cast(Any, fn))
    g.add_edge(START, FIRST)
    routers: dict[str, Any] = {"agent": route_agent, "comprehensive_evaluation": route_evaluation}
    for source, target in EDGES.items():
        g.add_edge(source, target)
    for source, (_, targets) in BRANCHES.items():
        g.add_conditional_edges(source, routers[source], {t: t for t in targets})
    return g.compile(checkpointer=checkpointer, name="investigation")


@cache
def compiled_graph() -> Any:
    """The process-wide compiled graph without a checkpointer (``with_checkpointer`` adds one)."""
    return build_graph()


def with_checkpointer(checkpointer: Any) -> Any:
    """The compiled (async) graph bound to ``checkpointer``, without recompiling."""
    return compiled_graph().copy(update={"checkpointer": checkpointer})


# --- the synchronous driver ------------------------------------------------------------------------


class RecursionLimitError(RuntimeError):
    """More steps than the recursion limit (the breakers should always end a run first)."""


@dataclass(frozen=True)
class _Runtime:
    """What a node reads of LangGraph's runtime: the run's context."""

    context: RunContext


@cache
def reducers() -> dict[str, Callable[[Any, Any], Any]]:
    """State keys with a reducer (``Annotated[type, reducer]`` in InvestigationState); the others
    take the last value written, as LangGraph's channels do."""
    hints = typing.get_type_hints(InvestigationState, include_extras=True)
    out: dict[str, Callable[[Any, Any], Any]] = {}
    for key, hint in hints.items():
        meta = getattr(hint, "__metadata__", ())
        if meta and callable(meta[-1]):
            out[key] = meta[-1]
    return out


def apply_update(state: InvestigationState, update: Mapping[str, Any]) -> None:
    """Fold a node's update into ``state`` (in place) with the state's reducers."""
    reduce = reducers()
    raw: dict[str, Any] = state  # type: ignore[assignment]
    for key, value in update.items():
        fn = reduce.get(key)
        raw[key] = fn(raw.get(key), value) if fn is not None else value


def run_synchronous(
    state: InvestigationState,
    ctx: RunContext,
    *,
    recursion_limit: int,
    on_update: Callable[[str, dict[str, Any]], None] | None = None,
) -> InvestigationState:
    """Run the graph from ``FIRST`` to ``END`` on ``state`` for an analyst that never suspends;
    the final state. Each step: the node sees a copy of the state, its update is reduced into the
    state, then the edge or router picks the next node. Raises RecursionLimitError past the limit."""
    funcs = nodes()
    runtime = _Runtime(ctx)
    current = FIRST
    steps = 0
    while current != END:
        steps += 1
        if steps > recursion_limit:
            raise RecursionLimitError(f"recursion limit of {recursion_limit} steps reached")
        update = run_now(funcs[current])(InvestigationState(**state), runtime)
        apply_update(state, update)
        if on_update is not None:
            on_update(current, update)
        if current in EDGES:
            current = EDGES[current]
            continue
        router, targets = BRANCHES[current]
        chosen = router(state)
        if chosen not in targets:
            raise ValueError(f"the router after {current!r} chose an unknown node {chosen!r}")
        current = chosen
    return state
