"""The synchronous driver (heuristic analyst) walks the same topology as LangGraph: the same final
state on real findings, the same step events, no LangGraph import, and a recursion limit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.config import Config
from sastls.analyzers.findings.load import load_findings
from sastls.graph.analysts.heuristic import HeuristicAnalyst
from sastls.graph.builder import (
    BRANCHES,
    EDGES,
    RecursionLimitError,
    compiled_graph,
    nodes,
    reducers,
    run_synchronous,
)
from sastls.graph.nodes.fetch_code import prefetch
from sastls.graph.routing import recursion_limit
from sastls.graph.run import limits_of
from sastls.graph.state import InvestigationState, RunContext, initial_state

PYAPP = Path(__file__).resolve().parents[1] / "fixtures" / "projects" / "pyapp"


def _runs() -> list[tuple[InvestigationState, RunContext]]:
    findings = load_findings(
        [PYAPP / "findings" / "bandit.sarif", PYAPP / "findings" / "semgrep.sarif"], PYAPP
    )
    assert len(findings.findings) > 20
    index = WorkspaceIndex(PYAPP)
    out = []
    for f in findings.findings:
        ctx = RunContext(analyst=HeuristicAnalyst(), index=index, finding=f, limits=limits_of(Config()))
        out.append((initial_state(f.to_dict(), "heuristic", None, prefetch(f, ctx)), ctx))
    return out


async def test_same_final_state_as_langgraph_on_real_findings() -> None:
    limit = recursion_limit(limits_of(Config()))
    verdicts = set()
    for state, ctx in _runs():
        ours = run_synchronous(InvestigationState(**state), ctx, recursion_limit=limit)
        theirs = await compiled_graph().ainvoke(
            InvestigationState(**state), {"recursion_limit": limit}, context=ctx
        )
        assert ours == theirs, ctx.finding.path
        verdicts.add((ours.get("verdict") or {}).get("verdict"))
    assert {"TRUE_POSITIVE", "FALSE_POSITIVE"} <= verdicts  # both ways through the graph


def test_updates_are_reported_node_by_node() -> None:
    state, ctx = _runs()[0]
    seen: list[str] = []
    final = run_synchronous(state, ctx, recursion_limit=100, on_update=lambda node, update: seen.append(node))
    assert seen == final["path_taken"]
    assert seen[0] == "agent" and seen[-1] == "comprehensive_evaluation"


def test_recursion_limit() -> None:
    state, ctx = _runs()[0]
    with pytest.raises(RecursionLimitError):
        run_synchronous(state, ctx, recursion_limit=2)


def test_topology_and_reducers_are_the_states() -> None:
    assert set(nodes()) == set(EDGES) | set(BRANCHES)
    assert set(reducers()) == {
        "messages",
        "context",
        "tool_call_history",
        "usage",
        "step_usage",
        "path_taken",
        "errors",
    }


def test_heuristic_triage_never_imports_langgraph_or_litellm(tmp_path: Path) -> None:
    code = (
        "import asyncio, sys\n"
        "from pathlib import Path\n"
        "from sastls.analyzers.config import load_config\n"
        "from sastls.server.batch import TriageOptions, atriage\n"
        f"repo = Path({str(PYAPP)!r})\n"
        "config, _ = load_config(repo, {'store_path': " + repr(str(tmp_path / "v.db")) + "})\n"
        "r = asyncio.run(atriage([repo / 'findings' / 'bandit.sarif'], "
        "TriageOptions(repo=repo, config=config, processes=1)))\n"
        "assert len(r.verdicts) > 20, r\n"
        "heavy = ('langgraph', 'litellm', 'langchain_core')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout[:500]
