"""The model analyst: any litellm model (``openai/...``, ``anthropic/...``, ``ollama/...``, or an
OpenAI-compatible ``api_base``) drives the graph through tool calls and JSON answers.

Prompts come from ``prompts/*.md`` only. Code reaches the model only fenced as untrusted data
(``prompts.fence``) and only from files outside the privacy globs (the context is fetched with
them applied). Failures are returned as errors for the nodes to count; never a default verdict.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .. import prompts
from ..llm import Completion, ModelError, ModelSettings, acomplete
from ..schemas import TOOL_NAMES, TOOLS, parse_json_object
from ..verdict import AnalystName
from .base import Decision, Reask, StepOutput, ToolCall

if TYPE_CHECKING:
    from ..state import JSON, InvestigationState, RunContext

MAX_CONTEXT_CHARS = 120_000  # code in one prompt, at most (pre-fetched code first)


def finding_json(finding: Mapping[str, Any]) -> str:
    """The scanner's facts about the finding (no code snippet: code only travels fenced)."""
    loc = finding.get("location", {})
    region = loc.get("region", {})
    data = {
        "tool": finding.get("tool"),
        "rule_id": finding.get("rule_id"),
        "rule_name": finding.get("rule_name"),
        "message": finding.get("message"),
        "cwe": list(finding.get("cwe", ())),
        "severity": finding.get("severity") or finding.get("level"),
        "path": loc.get("path"),
        "start_line": region.get("start_line"),
        "end_line": region.get("end_line") or region.get("start_line"),
        "trace": [
            {
                "path": s.get("location", {}).get("path"),
                "line": s.get("location", {}).get("region", {}).get("start_line"),
                "message": s.get("message", ""),
            }
            for s in finding.get("trace", ())
        ],
    }
    return json.dumps({k: v for k, v in data.items() if v not in (None, [], "")}, indent=2)


def render_context(context: Mapping[str, JSON], origins: Sequence[str] | None = None) -> str:
    entries = [e for e in context.values() if origins is None or e.get("origin") in origins]
    entries.sort(key=lambda e: 0 if e.get("origin") == "prefetch" else 1)
    parts: list[str] = []
    size = 0
    for e in entries:
        block = prompts.fence(e["text"], path=e["path"], start_line=e["start_line"], end_line=e["end_line"])
        if size + len(block) > MAX_CONTEXT_CHARS:
            parts.append(f"({len(entries) - len(parts)} more chunk(s) left out: prompt size limit)")
            break
        parts.append(block)
        size += len(block)
    return "\n\n".join(parts) if parts else "(none)"


def inline_tool_call(content: str | None, call_id: str = "inline") -> ToolCall | None:
    """``{"name": "fetch_code", "arguments": {...}}`` (or ``"tool"``/``"parameters"``) written as text."""
    value, _ = parse_json_object(content) if content and "{" in content else (None, None)
    if not value:
        return None
    name = value.get("name", value.get("tool"))
    args = value.get("arguments", value.get("parameters", {}))
    if name not in TOOL_NAMES or not isinstance(args, dict | str):
        return None
    return ToolCall(call_id, str(name), args if isinstance(args, str) else json.dumps(args))


def _focus(state: InvestigationState) -> str:
    pending = state.get("pending_tool") or {}
    focus = (pending.get("args") or {}).get("focus")
    return f"Focus requested by the investigator (as data): {json.dumps(str(focus))}" if focus else ""


def _reask_messages(name: str, reasks: Sequence[Reask]) -> list[JSON]:
    out: list[JSON] = []
    for r in reasks:
        out.append({"role": "assistant", "content": r.answer})
        out.append(
            {"role": "user", "content": prompts.load(name).render("reask", problems="; ".join(r.problems))}
        )
    return out


class LlmAnalyst:
    def __init__(self, settings: ModelSettings) -> None:
        self.settings = settings

    @property
    def name(self) -> AnalystName:
        return "llm"

    @property
    def model(self) -> str | None:
        return self.settings.model

    @property
    def synchronous(self) -> bool:
        return False

    @property
    def wants_transcript(self) -> bool:
        return True

    async def _call(self, messages: list[JSON], tools: bool) -> Completion | ModelError:
        try:
            return await acomplete(self.settings, messages, TOOLS if tools else None)
        except ModelError as exc:
            return exc

    async def decide(self, state: InvestigationState, ctx: RunContext) -> Decision:
        p = prompts.load("agent")
        messages: list[JSON] = [
            {"role": "system", "content": p.render("system")},
            {
                "role": "user",
                "content": p.render(
                    "user",
                    finding=finding_json(state.get("finding", {})),
                    context=render_context(state.get("context", {}), ("prefetch",)),
                ),
            },
            *state.get("messages", []),
        ]
        out = await self._call(messages, tools=True)
        if isinstance(out, ModelError):
            return Decision(None, usage=out.usage, error=str(out))
        if not out.tool_calls:
            inline = inline_tool_call(out.content, f"inline_{state.get('iteration_count', 0)}")
            if inline is not None:  # a model without native tool calling wrote the call as JSON
                return Decision(inline, content=None, usage=out.usage)
            return Decision(None, content=out.content, usage=out.usage)
        first = out.tool_calls[0]
        return Decision(ToolCall(first.id, first.name, first.arguments), content=out.content, usage=out.usage)

    async def _step(self, name: str, user: str, reasks: Sequence[Reask]) -> StepOutput:
        p = prompts.load(name)
        messages: list[JSON] = [
            {"role": "system", "content": p.render("system")},
            {"role": "user", "content": user},
            *_reask_messages(name, reasks),
        ]
        out = await self._call(messages, tools=False)
        if isinstance(out, ModelError):
            return StepOutput(None, usage=out.usage, error=str(out))
        if not (out.content or "").strip() and out.tool_calls:  # the answer came as a function call
            return StepOutput(out.tool_calls[0].arguments, usage=out.usage)
        return StepOutput(out.content, usage=out.usage)

    async def analyze(
        self, state: InvestigationState, ctx: RunContext, reasks: Sequence[Reask]
    ) -> StepOutput:
        user = prompts.load("analyze_issue").render(
            "user",
            finding=finding_json(state.get("finding", {})),
            context=render_context(state.get("context", {})),
            focus=_focus(state),
        )
        return await self._step("analyze_issue", user, reasks)

    async def evaluate(
        self, state: InvestigationState, ctx: RunContext, reasks: Sequence[Reask]
    ) -> StepOutput:
        analysis = state.get("analysis")
        user = prompts.load("comprehensive_evaluation").render(
            "user",
            finding=finding_json(state.get("finding", {})),
            analysis=json.dumps(analysis, indent=2) if analysis else '"none yet"',
            context=render_context(state.get("context", {})),
            iterations=str(state.get("iteration_count", 0)),
            max_iterations=str(ctx.limits.max_iterations),
            focus=_focus(state),
        )
        return await self._step("comprehensive_evaluation", user, reasks)
