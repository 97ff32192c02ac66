"""The fix loop: a LangGraph graph of its own that proposes a patch, verifies it, and retries.

```
START -> local --> verify --route_after_verify--> local       (the next offline rewrite)
           propose --^                        |-> propose     (the model: first proposal, or a retry)
           regenerate -^                      |-> regenerate  (the model: an explicitly different approach)
                                              '-> END         (verified, stuck in the last phase, exhausted,
                                                               out of attempts, budget spent)
```
Phases (seeds: LogicFuzz, Codur, Nexora):

1. ``local`` — Codur's local repair first: the offline rewrites for the rule, each once, no model
   call. The heuristic analyst stops here.
2. ``propose`` — the model (llm analyst, or an explicit ``proposer``): one proposal, then up to
   ``config.fix.max_retries`` (3) retries, each shown the failure's ±10 lines numbered by the
   ORIGINAL file, the failed patch and the scanner/test output.
3. ``regenerate`` — one proposal with every attempt shown, asking for an explicitly different
   approach, with its own ``max_retries`` retries.

Stuck detection (the same verification error three times in a row, oscillating patches A→B→A→B by
content hash, no new patch content in ``STALE_LIMIT`` attempts in a row) ends the current phase: the
loop moves to the next phase, and only stuck in the last phase ends it. Every model call is counted
in ``usage``; when ``config.budget_usd_per_finding`` is spent the loop ends. Each attempt is a
complete patch of the original files, verified in a shadow copy (``graph.fix.verify``) at a level
(``tested`` or ``scanner-clean``); the user's files are never touched here. Only a ``tested`` fix
becomes a known fix in the store.

Public API: ``afix(finding, workspace, config, ...) -> VerifiedFix`` and ``fix(...)`` (sync).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast

from .fix.patch import Edit, apply_all, patch_hash, unified_diff
from .fix.proposer import Instruction, OfflineProposer, Phase, Proposal, ProposalRequest, Proposer
from .verdict import Usage

if TYPE_CHECKING:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.config import Config
    from sastls.analyzers.findings.model import Finding

    from .fix.verify import Verifier
    from .run import StepEvent
    from .store import VerdictStore

log = logging.getLogger(__name__)

SAME_ERROR_LIMIT = 3
STALE_LIMIT = 2
Route = Literal["local", "propose", "regenerate", "end"]
PHASES: tuple[Phase, ...] = ("local", "propose", "regenerate")


class FixState(TypedDict, total=False):
    phase: Phase
    phase_attempts: int  # attempts in the current phase
    attempts: list[dict[str, Any]]  # every attempt (FixAttempt as a dict, plus its failure context)
    seen: dict[str, int]  # patch hash -> index in attempts of its first verification
    phase_hashes: list[str]  # hashes of this phase's attempts, in order (oscillation)
    same_error: int  # consecutive attempts with the same error signature (this phase)
    last_signature: str
    stale: int  # consecutive attempts without new patch content (this phase)
    pending: dict[str, Any]  # the proposal waiting for verification
    next: Route  # where the loop goes after this verification
    status: Literal["running", "verified", "failed"]
    stop_reason: str
    usage: dict[str, Any]  # Usage of every model call so far
    notes: list[str]  # why the loop changed phase


@dataclass(frozen=True)
class FixAttempt:
    number: int
    phase: str
    proposer: str
    description: str
    diff: str
    patch_hash: str
    verified: bool
    error: str
    seconds: float
    repeated: bool = False  # same content as an earlier attempt (its verification was reused)


@dataclass(frozen=True)
class VerifiedFix:
    fingerprint: str
    rule_id: str
    path: str
    verified: bool
    edits: tuple[Edit, ...]
    diff: str
    description: str
    verification: dict[str, Any]  # the verification record of the returned patch (or the last attempt)
    attempts: tuple[FixAttempt, ...]
    stop_reason: str
    proposer: str
    seconds: float
    level: str = ""  # tested | scanner-clean when verified ("" otherwise: never offered as an edit)
    migration: str = ""  # non-empty: the fix changes a stored data format (not a drop-in fix)
    usage: Usage = field(default_factory=Usage)  # every model call of the loop
    notes: tuple[str, ...] = ()  # phase changes and why

    def changes(self) -> list[tuple[str, int, int, int, int, str]]:
        """The edits as ``sarif_fix`` changes (path, start_line, start_col, end_line, end_col, text)."""
        return [e.as_change() for e in self.edits]

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["edits"] = [e.to_dict() for e in self.edits]
        return out


EventSink = Callable[["StepEvent"], None]


# ------------------------------------------------------------------ pure routing and stuck detection


def route_after_verify(state: FixState) -> Route:
    """Where the loop goes after a verification (pure: the verify node has decided ``next``)."""
    if state.get("status") != "running":
        return "end"
    return state.get("next", "end")


def stuck_reason(phase_hashes: list[str], same_error: int, stale: int, last_error: str) -> str | None:
    """Why the loop is stuck in its phase, or None."""
    h = phase_hashes
    why = f" (the last one failed: {last_error})" if last_error else ""  # what the user needs to know
    if len(h) >= 4 and h[-1] == h[-3] and h[-2] == h[-4] and h[-1] != h[-2]:
        return f"stuck: oscillating between two patches ({h[-2][:8]} and {h[-1][:8]}){why}"
    if stale >= STALE_LIMIT:
        return f"stuck: no new patch content in {stale} attempts{why}"
    if same_error >= SAME_ERROR_LIMIT:
        return f"stuck: the same verification error {same_error} times in a row ({last_error})"
    return None


def next_phase(phase: Phase, has_model: bool) -> Phase | None:
    """The phase after ``phase`` (None: the loop ends)."""
    if phase == "local":
        return "propose" if has_model else None
    if phase == "propose":
        return "regenerate"
    return None


def instruction_for(phase: Phase, phase_attempts: int) -> Instruction:
    if phase == "regenerate" and phase_attempts == 0:
        return "regenerate"
    return "first" if phase_attempts == 0 else "retry"


# ------------------------------------------------------------------ the graph


@dataclass
class _Run:
    finding: Finding
    texts: dict[str, str]
    span: tuple[int, int]
    local: Proposer
    model: Proposer | None
    verifier: Verifier
    max_retries: int
    budget_usd: float | None
    known_fixes: list[dict[str, Any]]
    on_event: EventSink | None
    records: dict[int, Any] = field(default_factory=dict)  # attempt index -> VerificationRecord
    edits: dict[int, tuple[Edit, ...]] = field(default_factory=dict)

    def event(self, node: str, message: str, iteration: int) -> None:
        if self.on_event is None:
            return
        from .run import StepEvent

        try:
            self.on_event(StepEvent(node, message, iteration))
        except Exception:  # a broken listener must not break the loop
            log.exception("fix loop event listener failed")

    def shown(self, state: FixState, phase: Phase, instruction: Instruction) -> list[dict[str, Any]]:
        """The failed attempts a proposal is shown: this phase's (with the offline rewrites' when the
        model starts), every attempt for a regeneration."""
        attempts = state.get("attempts", [])
        if instruction == "regenerate":
            return list(attempts)
        if phase == "propose":
            return [a for a in attempts if a["phase"] in ("local", "propose")]
        return [a for a in attempts if a["phase"] == phase]

    async def ask(self, state: FixState, phase: Phase, node: str) -> FixState:
        attempts = state.get("attempts", [])
        proposer = self.local if phase == "local" else self.model
        assert proposer is not None
        instruction = instruction_for(phase, state.get("phase_attempts", 0))
        request = ProposalRequest(
            finding=self.finding,
            texts=self.texts,
            span=self.span,
            phase=phase,
            attempt=len(attempts) + 1,
            failures=self.shown(state, phase, instruction),
            tried=[a["patch_hash"] for a in attempts if a["patch_hash"]],
            known_fixes=self.known_fixes,
            instruction=instruction,
        )
        self.event(node, f"attempt {request.attempt}: asking the {proposer.name} proposer", request.attempt)
        try:
            proposal = await proposer.propose(request)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a proposer bug is one failed attempt, not a crash
            log.exception("proposer failed")
            proposal = Proposal((), "", proposer.name, error=f"proposer failed: {exc}")
        usage = Usage(**state.get("usage", {}))
        if proposal.usage is not None:
            usage = usage + proposal.usage
        return {
            "pending": {
                "edits": [e.to_dict() for e in proposal.edits],
                "description": proposal.description,
                "proposer": proposal.proposer,
                "error": proposal.error,
                "exhausted": proposal.exhausted,
            },
            "usage": asdict(usage),
        }

    async def local_node(self, state: FixState) -> FixState:
        return await self.ask(state, "local", "local")

    async def propose(self, state: FixState) -> FixState:
        return await self.ask(state, state.get("phase", "propose"), "propose")

    async def regenerate(self, state: FixState) -> FixState:
        return await self.ask(state, "regenerate", "regenerate")

    def _enter(self, phase: Phase, why: str, notes: list[str], attempt: int) -> dict[str, Any]:
        """The state update that starts ``phase`` (error tracking is per phase)."""
        self.event(phase, why, attempt)
        return {
            "phase": phase,
            "phase_attempts": 0,
            "phase_hashes": [],
            "same_error": 0,
            "last_signature": "",
            "stale": 0,
            "notes": [*notes, why],
            "next": "regenerate" if phase == "regenerate" else "propose",
        }

    async def verify(self, state: FixState) -> FixState:
        pending = state["pending"]
        phase: Phase = state.get("phase", "local")
        attempts = list(state.get("attempts", []))
        seen = dict(state.get("seen", {}))
        number = len(attempts) + 1
        over_budget = self._over_budget(state)
        if pending["exhausted"] and not pending["edits"]:
            # the phase's proposer has nothing (more) to offer
            why = pending["error"] or f"the {pending['proposer']} proposer has nothing more to offer"
            if phase == "local" and not attempts:
                reason = why
            elif phase == "local":
                reason = f"no offline rewrite verified (the last one failed: {attempts[-1]['error']})"
            else:
                reason = why
            nxt = next_phase(phase, self.model is not None) if phase == "local" else None
            if nxt is None or over_budget:  # the budget bounds model calls: the offline rewrites were free
                return {"status": "failed", "stop_reason": reason if nxt is None else over_budget}
            entered = self._enter(nxt, f"{phase} phase over: {reason}", state.get("notes", []), len(attempts))
            return cast(FixState, entered)
        edits = tuple(Edit.from_dict(e) for e in pending["edits"])
        t0 = time.monotonic()
        repeated = False
        context: dict[str, Any] | None = None
        signature = ""
        if not edits:
            verified, error, digest, diff = False, f"proposal: {pending['error'] or 'no edits'}", "", ""
            signature = error
        else:
            digest = patch_hash(edits)
            try:
                diff = unified_diff(
                    self.texts, apply_all({**self.texts, **_extra(self.verifier, edits)}, edits)
                )
            except (ValueError, OSError) as exc:
                diff = f"(patch does not apply: {exc})"
            if digest in seen:
                repeated = True
                record = self.records[seen[digest]]
            else:
                self.event(
                    "verify", f"attempt {number}: verifying {pending['description'] or 'the patch'}", number
                )
                record = await asyncio.to_thread(self.verifier.verify, edits)
                seen[digest] = len(attempts)
            self.records[len(attempts)] = record
            self.edits[len(attempts)] = edits
            verified, error, signature = record.verified, record.error, record.signature
            if record.context is not None:
                context = asdict(record.context)
        attempt = FixAttempt(
            number,
            phase,
            pending["proposer"],
            pending["description"],
            diff,
            digest,
            verified,
            error,
            time.monotonic() - t0,
            repeated,
        )
        attempts.append({**asdict(attempt), "context": context})
        level = self.records[len(attempts) - 1].level if verified else ""
        outcome = f"verified ({level})" if verified else f"failed: {error}"
        self.event("verify", f"attempt {number}: {outcome}", number)
        update: dict[str, Any] = {
            "attempts": attempts,
            "seen": seen,
            "phase_attempts": state.get("phase_attempts", 0) + 1,
        }
        if verified:
            update.update(status="verified", stop_reason="verified")
            return cast(FixState, update)
        hashes = [*state.get("phase_hashes", []), digest] if digest else list(state.get("phase_hashes", []))
        same = state.get("same_error", 0) + 1 if signature == state.get("last_signature") else 1
        stale = state.get("stale", 0) + 1 if repeated else (0 if digest else state.get("stale", 0))
        update.update(phase_hashes=hashes, same_error=same, last_signature=signature, stale=stale)
        if over_budget and phase != "local":  # offline rewrites cost nothing: each is still tried
            update.update(status="failed", stop_reason=over_budget)
            return cast(FixState, update)
        if phase == "local":
            update["next"] = "local"  # the next offline rewrite (the proposer says when there is none)
            return cast(FixState, update)
        stuck = stuck_reason(hashes, same, stale, error)
        out_of_attempts = update["phase_attempts"] > self.max_retries
        if pending["exhausted"]:
            update.update(status="failed", stop_reason=pending["error"])
        elif stuck is not None or out_of_attempts:
            why = stuck or (
                f"no verified fix after {update['phase_attempts']} attempt(s) in the {phase} phase "
                f"(the last one failed: {error})"
            )
            nxt = next_phase(phase, self.model is not None)
            if nxt is None:
                if stuck is None:
                    why = f"no verified fix after {len(attempts)} attempts (the last one failed: {error})"
                update.update(status="failed", stop_reason=why)
            else:
                notes = state.get("notes", [])
                update.update(self._enter(nxt, f"{phase} phase over: {why}", notes, len(attempts)))
        else:
            update["next"] = "propose"  # a retry in this phase, with the failure's context
        return cast(FixState, update)

    def _over_budget(self, state: FixState) -> str:
        if self.budget_usd is None:
            return ""
        spent = float(state.get("usage", {}).get("cost_usd", 0.0))
        if spent >= self.budget_usd:
            return f"budget exceeded: ${spent:.4f} spent of ${self.budget_usd:.4f} for this finding"
        return ""


def _extra(verifier: Verifier, edits: tuple[Edit, ...]) -> dict[str, str]:
    out = {}
    for e in edits:
        try:
            out[e.path] = verifier.text_of(e.path)
        except (ValueError, OSError):
            continue
    return out


def build_graph(run: _Run) -> Any:
    from langgraph.graph import END, START, StateGraph

    g: Any = StateGraph(FixState)
    g.add_node("local", run.local_node)
    g.add_node("propose", run.propose)
    g.add_node("regenerate", run.regenerate)
    g.add_node("verify", run.verify)
    g.add_edge(START, "local")
    g.add_edge("local", "verify")
    g.add_edge("propose", "verify")
    g.add_edge("regenerate", "verify")
    g.add_conditional_edges(
        "verify",
        route_after_verify,
        {"local": "local", "propose": "propose", "regenerate": "regenerate", "end": END},
    )
    return g.compile()


# ------------------------------------------------------------------ public API


def make_proposer(config: Config) -> Proposer | None:
    """The model proposer for the llm analyst (None for the heuristic one: offline rewrites only)."""
    if config.analyst == "llm":
        from .fix.llm import LlmProposer

        return LlmProposer.from_config(config)
    return None


async def afix(
    finding: Finding,
    workspace: str | Path,
    config: Config,
    *,
    index: WorkspaceIndex | None = None,
    store: VerdictStore | None = None,
    on_event: EventSink | None = None,
    proposer: Proposer | None = None,
) -> VerifiedFix:
    """Propose and verify a fix for ``finding``. Never raises for fix problems: an unverified result
    says why in ``stop_reason``. Cancellation is asyncio task cancellation. ``proposer`` replaces the
    configured model proposer (the offline rewrites are still tried first). ``index`` is accepted
    for symmetry with ``ainvestigate`` (the loop reads files directly, sandboxed)."""
    from sastls.analyzers.code.enclosing import enclosing_span

    from .fix.verify import Verifier

    del index
    t0 = time.monotonic()
    root = Path(workspace)
    verifier = Verifier(finding, root, config)

    def result(
        verified: bool,
        reason: str,
        *,
        attempts: tuple[FixAttempt, ...] = (),
        edits: tuple[Edit, ...] = (),
        diff: str = "",
        description: str = "",
        record: dict[str, Any] | None = None,
        who: str = "",
        final: FixState | None = None,
    ) -> VerifiedFix:
        record = record or {}
        return VerifiedFix(
            finding.fingerprint,
            finding.rule_id,
            finding.path,
            verified,
            edits,
            diff,
            description,
            record,
            attempts,
            reason,
            who,
            time.monotonic() - t0,
            level=str(record.get("level", "")) if verified else "",
            migration=str(record.get("migration", "")) if verified else "",
            usage=Usage(**(final or {}).get("usage", {})),
            notes=tuple((final or {}).get("notes", [])),
        )

    try:
        text = await asyncio.to_thread(verifier.text_of, finding.path)
    except (OSError, ValueError) as exc:
        return result(False, f"cannot read {finding.path}: {exc}")
    try:
        model = proposer or make_proposer(config)
    except ValueError as exc:
        return result(False, str(exc))
    span = enclosing_span(finding.path, text, finding.line) or (
        max(1, finding.line - 3),
        finding.location.region.last_line + 3,
    )
    known: list[dict[str, Any]] = []
    if store is not None and model is not None:
        try:
            known = store.known_fixes(finding.rule_id, 3)
        except Exception:
            log.warning("cannot read known fixes for %s", finding.rule_id, exc_info=True)
    run = _Run(
        finding,
        {finding.path: text},
        span,
        OfflineProposer(),
        model,
        verifier,
        config.fix.max_retries,
        config.budget_usd_per_finding,
        known,
        on_event,
    )
    graph = build_graph(run)
    limit = 2 * (2 * (config.fix.max_retries + 1) + 12) + 10
    final: FixState = await graph.ainvoke(
        {"phase": "local", "status": "running", "attempts": [], "usage": asdict(Usage()), "notes": []},
        {"recursion_limit": limit},
    )
    attempts = tuple(
        FixAttempt(**{k: v for k, v in a.items() if k != "context"}) for a in final.get("attempts", [])
    )
    reason = final.get("stop_reason", "stopped")
    if final.get("status") == "verified":
        i = len(attempts) - 1
        edits = run.edits[i]
        win = attempts[i]
        record = run.records[i]
        if store is not None and record.level == "tested":
            failed = next((a.error for a in reversed(attempts) if not a.verified and a.error), "")
            try:
                store.record_fix(finding.rule_id, failed, win.diff, trust="tested")
            except Exception:
                log.warning("cannot record the fix for %s", finding.rule_id, exc_info=True)
        return result(
            True,
            "verified",
            attempts=attempts,
            edits=edits,
            diff=win.diff,
            description=win.description,
            record=record.to_dict(),
            who=win.proposer,
            final=final,
        )
    last = run.records.get(len(attempts) - 1)
    return result(
        False,
        reason,
        attempts=attempts,
        diff=attempts[-1].diff if attempts else "",
        record=last.to_dict() if last is not None else {},
        who=model.name if model is not None else "offline",
        final=final,
    )


def fix(
    finding: Finding,
    workspace: str | Path,
    config: Config,
    *,
    index: WorkspaceIndex | None = None,
    store: VerdictStore | None = None,
    on_event: EventSink | None = None,
    proposer: Proposer | None = None,
) -> VerifiedFix:
    """``afix`` on an event loop of its own (not from inside a running loop)."""

    async def main() -> VerifiedFix:
        try:
            return await afix(
                finding, workspace, config, index=index, store=store, on_event=on_event, proposer=proposer
            )
        finally:
            from .llm import aclose

            await aclose()

    return asyncio.run(main())


__all__ = [
    "PHASES",
    "FixAttempt",
    "FixState",
    "VerifiedFix",
    "afix",
    "build_graph",
    "fix",
    "instruction_for",
    "next_phase",
    "route_after_verify",
    "stuck_reason",
]
