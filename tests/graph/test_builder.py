"""The graph's topology, pinned: a change to nodes or edges must change this snapshot on purpose."""

from __future__ import annotations

from sastls.graph.builder import build_graph, compiled_graph

MERMAID = """\
---
config:
  flowchart:
    curve: linear
---
graph TD;
	__start__([<p>__start__</p>]):::first
	agent(agent)
	fetch_code(fetch_code)
	analyze_issue(analyze_issue)
	comprehensive_evaluation(comprehensive_evaluation)
	__end__([<p>__end__</p>]):::last
	__start__ --> agent;
	agent -.-> analyze_issue;
	agent -.-> comprehensive_evaluation;
	agent -.-> fetch_code;
	analyze_issue --> comprehensive_evaluation;
	comprehensive_evaluation -.-> __end__;
	comprehensive_evaluation -.-> agent;
	fetch_code --> agent;
	agent -.-> agent;
	classDef default fill:#f2f0ff,line-height:1.2
	classDef first fill-opacity:0
	classDef last fill:#bfb6fc
"""


def test_topology_snapshot() -> None:
    assert compiled_graph().get_graph().draw_mermaid() == MERMAID


def test_edges_match_the_design() -> None:
    graph = build_graph().get_graph()
    edges = {(e.source, e.target, e.conditional) for e in graph.edges}
    assert edges == {
        ("__start__", "agent", False),
        ("agent", "fetch_code", True),
        ("agent", "analyze_issue", True),
        ("agent", "comprehensive_evaluation", True),
        ("agent", "agent", True),
        ("fetch_code", "agent", False),
        ("analyze_issue", "comprehensive_evaluation", False),
        ("comprehensive_evaluation", "agent", True),
        ("comprehensive_evaluation", "__end__", True),
    }


def test_graph_is_compiled_once_per_process() -> None:
    assert compiled_graph() is compiled_graph()
