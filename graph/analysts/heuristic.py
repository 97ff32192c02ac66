"""The offline analyst: a deterministic graph adapter over ``analyzers.code.judge.judge_finding``.

Agent policy: after the pre-fetch (enclosing function + trace locations), fetch the code the
judgement consulted that the context lacks (helpers' and callers' definitions; one batched
``ranges`` call, which keeps the run at five graph steps), then
``analyze_issue`` -> ``comprehensive_evaluation`` from the judgement. NEEDS_REVIEW stays
NEEDS_REVIEW. The evaluation is final: more rounds cannot change a deterministic judgement.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, get_args

from ..schemas import MAX_RANGES
from ..verdict import AnalystName, EvidenceRole
from .base import Decision, Reask, StepOutput, ToolCall

if TYPE_CHECKING:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.judge import Judgement
    from sastls.analyzers.findings.model import Finding

    from ..state import InvestigationState, RunContext

    JudgeFn = Callable[[Finding, WorkspaceIndex], Judgement]

_ROLES = frozenset(get_args(EvidenceRole))
CONCLUSIVE_CONFIDENCE = 0.8


def is_conclusive(judgement: Judgement) -> bool:
    """Conclusive enough for the cascade to accept without a model."""
    return judgement.verdict != "NEEDS_REVIEW" and float(judgement.confidence) >= CONCLUSIVE_CONFIDENCE


def parse_key(key: str) -> tuple[str, int, int] | None:
    """``"path:start-end"`` -> (path, start, end)."""
    path, sep, span = key.rpartition(":")
    start, dash, end = span.partition("-")
    if not sep or not path or not start.isdigit():
        return None
    last = int(end) if dash and end.isdigit() else int(start)
    return path, int(start), max(int(start), last)


def _covered(path: str, start: int, end: int, context: Mapping[str, Mapping[str, Any]]) -> bool:
    return any(
        e.get("path") == path and e.get("start_line", 0) <= start and e.get("end_line", 0) >= end
        for e in context.values()
    )


class HeuristicAnalyst:
    def __init__(
        self,
        judge: JudgeFn | None = None,
        judgements: Mapping[str, Judgement] | None = None,
        *,
        model_paths: Sequence[str] = (),
    ) -> None:
        self._judge = judge
        self._judgements: dict[str, Judgement] = dict(judgements or {})
        self._model_paths = tuple(model_paths)  # the configuration's model files

    @property
    def name(self) -> AnalystName:
        return "heuristic"

    @property
    def model(self) -> str | None:
        return None

    @property
    def synchronous(self) -> bool:
        return True

    @property
    def wants_transcript(self) -> bool:
        return False

    def judgement(self, finding: Finding, index: WorkspaceIndex) -> Judgement:
        key = finding.fingerprint or json.dumps(finding.to_dict(), sort_keys=True, default=str)
        cached = self._judgements.get(key)
        if cached is None:
            if self._judge is not None:
                cached = self._judge(finding, index)
            else:
                from sastls.analyzers.code.judge import judge_finding

                cached = judge_finding(finding, index, model_paths=self._model_paths)
            self._judgements[key] = cached
        return cached

    async def decide(self, state: InvestigationState, ctx: RunContext) -> Decision:
        j = self.judgement(ctx.finding, ctx.index)
        context = state.get("context", {})
        fetches = sum(1 for h in state.get("tool_call_history", []) if h["tool"] == "fetch_code")
        n = state.get("iteration_count", 0)
        # what the judgement consulted and every place its evidence cites (a FALSE_POSITIVE whose
        # evidence lies in code the investigation did not read is sent back, then downgraded); a
        # second fetch only for what the first did not cover
        if fetches < 2 and n + 2 < ctx.limits.max_iterations:
            spans = [parse_key(key) for key in j.consulted]
            spans += [(e.path, e.start_line, max(e.end_line, e.start_line)) for e in j.evidence]
            ranges: list[dict[str, Any]] = []
            for span in spans:
                if span is None or _covered(*span, context):
                    continue
                r = {"path": span[0], "start_line": span[1], "end_line": span[2]}
                if r not in ranges:
                    ranges.append(r)
            if ranges and fetches == 1 and state.get("analysis") is None:
                ranges = []  # the first fetch was refused or came back short: go on with what was read
            if ranges:
                args = {"kind": "ranges", "ranges": ranges[:MAX_RANGES]}
                return Decision(ToolCall(f"h{n}", "fetch_code", json.dumps(args)))
        name = "analyze_issue" if state.get("analysis") is None else "comprehensive_evaluation"
        return Decision(ToolCall(f"h{n}", name, "{}"))

    async def analyze(
        self, state: InvestigationState, ctx: RunContext, reasks: Sequence[Reask]
    ) -> StepOutput:
        j = self.judgement(ctx.finding, ctx.index)
        return StepOutput(
            {
                "investigation_result": "FALSE_POSITIVE"
                if j.verdict == "FALSE_POSITIVE"
                else "TRUE_POSITIVE",
                "justification": j.justification or j.reason or j.verdict,
                "evidence": [
                    {
                        "path": e.path,
                        "start_line": e.start_line,
                        "end_line": max(e.end_line, e.start_line),
                        "why": e.why,
                        "role": e.role if e.role in _ROLES else "note",
                    }
                    for e in j.evidence
                ],
                "confidence": min(1.0, max(0.0, float(j.confidence))),
                "reason": j.reason,
            }
        )

    async def evaluate(
        self, state: InvestigationState, ctx: RunContext, reasks: Sequence[Reask]
    ) -> StepOutput:
        j = self.judgement(ctx.finding, ctx.index)
        gaps: list[dict[str, Any]] = []
        if j.verdict == "NEEDS_REVIEW":
            gaps.append(
                {"area": j.reason or "undecided", "reason": j.justification or "", "suggested_symbols": []}
            )
        return StepOutput(
            {
                "is_final": True,
                "verdict": j.verdict,
                "confidence": min(1.0, max(0.0, float(j.confidence))),
                "exploration_gaps": gaps,
                "required_code": [],
                "justification": j.justification or j.reason or j.verdict,
                "reason": j.reason,
            }
        )
