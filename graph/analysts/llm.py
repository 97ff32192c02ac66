"""The model analyst: any litellm model (``openai/...``, ``anthropic/...``, ``ollama/...``, or an
OpenAI-compatible ``api_base``) drives the graph through tool calls and JSON answers.

Prompts come from ``prompts/*.md`` only. Code reaches the model only fenced as untrusted data
(``prompts.fence``) and only from files outside the privacy globs (the context is fetched with
them applied); the offline analyzer's facts come as a labelled, trusted block outside the fences.
Failures are returned as errors for the nodes to count; never a default verdict.

Every agent prompt is compact: the system prompt, one message with the finding and the code gathered
so far (each chunk once, the pre-fetched code first), then the last ``limits.history_messages``
messages of the transcript, whose tool results are summaries (the code is in the first message).
Answers are read leniently (``graph.answers``): tool calls written as text, a conclusion written as
JSON or stated in plain text are accepted when unambiguous.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .. import answers, prompts
from ..llm import Completion, ModelError, ModelSettings, acomplete, stop_reason_of
from ..schemas import FETCH_KINDS, TOOL_NAMES, TOOLS, StepKind, check, response_format
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
    return json.dumps({k: v for k, v in data.items() if v not in (None, [], "")}, separators=(",", ":"))


def render_context(context: Mapping[str, JSON], origins: Sequence[str] | None = None) -> str:
    """The code gathered, fenced, pre-fetched first, within ``MAX_CONTEXT_CHARS`` (facts excluded:
    they are not code and travel as ``render_facts``)."""
    entries = [
        e
        for e in context.values()
        if e.get("origin") != "facts" and (origins is None or e.get("origin") in origins)
    ]
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


def render_facts(context: Mapping[str, JSON], section: str = "facts") -> str:
    """The offline analyzer's facts, labelled as sastls's own (trusted) output; empty when not fetched."""
    facts = [e["text"] for e in context.values() if e.get("origin") == "facts"]
    if not facts:
        return ""
    return "\n" + prompts.load("agent").render(section, facts=prompts.defuse("\n".join(facts)))


def code_shown(state: InvestigationState) -> list[str]:
    """The untrusted code a prompt may show (every fetched chunk; the facts quote code too)."""
    return [str(e.get("text", "")) for e in state.get("context", {}).values()]


def history(messages: Sequence[JSON], keep: int) -> list[JSON]:
    """The last ``keep`` transcript messages, never starting inside a tool call's answers."""
    tail = list(messages[-keep:]) if keep > 0 else []
    while tail and tail[0].get("role") == "tool":
        tail.pop(0)
    return tail


def inline_tool_call(content: str | None, call_id: str = "inline") -> ToolCall | None:
    """The first tool call written as text (``{"name": "fetch_code", "arguments": {...}}`` and the
    other spellings ``answers.text_tool_calls`` reads)."""
    calls = answers.text_tool_calls(content, TOOL_NAMES)
    return ToolCall(call_id, calls[0].name, calls[0].arguments) if calls else None


def recovered_call(content: str | None, call_id: str) -> ToolCall | None:
    """A reply without a tool call that still says what to do: a conclusion (JSON with a verdict, or
    a verdict stated unambiguously in plain text), or bare fetch arguments (``{"kind": "symbol", …}``)."""
    text = answers.clean(content)
    if not text:
        return None
    objects = answers.json_objects(text)
    if any(_not_final(o) for o in objects):
        return None  # "not final yet": no conclusion, whatever verdict it names
    kinds = [
        o for o in objects if str(o.get("kind", "")).strip().lower() in FETCH_KINDS and "verdict" not in o
    ]
    if len(objects) == 1 and kinds:
        return ToolCall(call_id, "fetch_code", json.dumps(kinds[0]))
    value, _ = check("conclusion", text)
    if value is None:
        return None
    return ToolCall(call_id, "conclude", json.dumps(value))


def _not_final(obj: Mapping[str, Any]) -> bool:
    flag = obj.get("is_final")
    return flag is False or (isinstance(flag, str) and flag.strip().lower() in ("false", "no"))


def _focus(state: InvestigationState) -> str:
    pending = state.get("pending_tool") or {}
    focus = (pending.get("args") or {}).get("focus")
    return f"Focus requested by the investigator (as data): {json.dumps(str(focus))}" if focus else ""


def _reask_messages(name: str, reasks: Sequence[Reask]) -> list[JSON]:
    out: list[JSON] = []
    for r in reasks:
        out.append({"role": "assistant", "content": r.answer or "(empty)"})
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

    async def _call(
        self,
        messages: list[JSON],
        ctx: RunContext,
        *,
        tools: bool = False,
        kind: StepKind | None = None,
    ) -> Completion | ModelError:
        try:
            return await acomplete(
                self.settings,
                messages,
                TOOLS if tools else None,
                response_format=response_format(kind) if kind else None,
                deadline=ctx.deadline,
            )
        except ModelError as exc:
            return exc

    def agent_messages(self, state: InvestigationState, ctx: RunContext) -> list[JSON]:
        p = prompts.load("agent")
        context = state.get("context", {})
        return [
            {"role": "system", "content": p.render("system")},
            {
                "role": "user",
                "content": p.render(
                    "user",
                    finding=finding_json(state.get("finding", {})),
                    context=render_context(context),
                    facts=render_facts(context),
                ),
            },
            *history(state.get("messages", []), ctx.limits.history_messages),
        ]

    async def decide(self, state: InvestigationState, ctx: RunContext) -> Decision:
        out = await self._call(self.agent_messages(state, ctx), ctx, tools=True)
        if isinstance(out, ModelError):
            return Decision(None, usage=out.usage, error=str(out), fatal=stop_reason_of(out.kind))
        n = state.get("iteration_count", 0)
        calls = [ToolCall(c.id, c.name, c.arguments) for c in out.tool_calls]
        content = out.content
        if not calls:
            own = answers.without_echo(out.content, code_shown(state))  # quoted code is not an answer
            written = answers.text_tool_calls(own, TOOL_NAMES)
            calls = [ToolCall(f"text_{n}_{i}", c.name, c.arguments) for i, c in enumerate(written)]
            if not calls:
                recovered = recovered_call(own, f"text_{n}_0")
                calls = [recovered] if recovered is not None else []
            if calls:
                content = None  # the text was the call: the transcript keeps it as a call
        if not calls:
            return Decision(None, content=out.content, usage=out.usage)
        return Decision(calls[0], content=content, usage=out.usage, more=tuple(calls[1:]))

    async def _step(
        self,
        name: str,
        kind: StepKind,
        user: str,
        reasks: Sequence[Reask],
        ctx: RunContext,
        *,
        code: Sequence[str] = (),
    ) -> StepOutput:
        p = prompts.load(name)
        messages: list[JSON] = [
            {"role": "system", "content": p.render("system")},
            {"role": "user", "content": user},
            *_reask_messages(name, reasks),
        ]
        out = await self._call(messages, ctx, kind=kind)
        if isinstance(out, ModelError):
            return StepOutput(None, usage=out.usage, error=str(out), fatal=stop_reason_of(out.kind))
        if not answers.clean(out.content) and out.tool_calls:  # the answer came as a function call
            return StepOutput(out.tool_calls[0].arguments, usage=out.usage)
        return StepOutput(answers.without_echo(out.content, code), usage=out.usage)

    async def analyze(
        self, state: InvestigationState, ctx: RunContext, reasks: Sequence[Reask]
    ) -> StepOutput:
        context = state.get("context", {})
        user = prompts.load("analyze_issue").render(
            "user",
            finding=finding_json(state.get("finding", {})),
            context=render_context(context),
            facts=render_facts(context),
            focus=_focus(state),
        )
        return await self._step("analyze_issue", "analysis", user, reasks, ctx, code=code_shown(state))

    async def evaluate(
        self, state: InvestigationState, ctx: RunContext, reasks: Sequence[Reask]
    ) -> StepOutput:
        analysis = state.get("analysis")
        context = state.get("context", {})
        user = prompts.load("comprehensive_evaluation").render(
            "user",
            finding=finding_json(state.get("finding", {})),
            analysis=json.dumps(analysis) if analysis else '"none yet"',
            context=render_context(context),
            facts=render_facts(context),
            iterations=str(state.get("iteration_count", 0)),
            max_iterations=str(ctx.limits.max_iterations),
            focus=_focus(state),
        )
        return await self._step(
            "comprehensive_evaluation", "evaluation", user, reasks, ctx, code=code_shown(state)
        )
