"""The fix loop: a LangGraph graph of its own that proposes a patch, verifies it, and retries.

```
START -> propose -> verify --route_after_verify--> END (verified, stuck, exhausted, out of attempts)
                      ^                        |-> propose     (retry with the failure's context)
                      |                        '-> regenerate  (once, an explicitly different approach)
                      '---------- regenerate <-'
```
Retries: ``config.fix.max_retries`` (3) after the first proposal, then one ``regenerate``. Counters are
per phase; entering ``regenerate`` resets error tracking. Stuck detection ends the loop early: the same
verification error three times in a row, oscillating patches (A→B→A→B by content hash), or no new
patch content in ``STALE_LIMIT`` attempts in a row. Each attempt is a complete patch of the original
files, verified in a shadow copy (``graph.fix.verify``); the user's files are never touched here.

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
from .fix.proposer import OfflineProposer, Phase, Proposal, ProposalRequest, Proposer

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
Route = Literal["propose", "regenerate", "end"]


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
    status: Literal["running", "verified", "failed"]
    stop_reason: str


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
    """Where the loop goes after a verification (pure: the verify node has set status/phase counters)."""
    if state.get("status") != "running":
        return "end"
    if state.get("phase") != "propose":
        return "end"
    return "regenerate" if state.get("pending", {}).get("next") == "regenerate" else "propose"


def stuck_reason(phase_hashes: list[str], same_error: int, stale: int, last_error: str) -> str | None:
    """Why the loop is stuck, or None."""
    h = phase_hashes
    if len(h) >= 4 and h[-1] == h[-3] and h[-2] == h[-4] and h[-1] != h[-2]:
        return f"stuck: oscillating between two patches ({h[-2][:8]} and {h[-1][:8]})"
    if stale >= STALE_LIMIT:
        return f"stuck: no new patch content in {stale} attempts"
    if same_error >= SAME_ERROR_LIMIT:
        return f"stuck: the same verification error {same_error} times in a row ({last_error})"
    return None


# ------------------------------------------------------------------ the graph


@dataclass
class _Run:
    finding: Finding
    texts: dict[str, str]
    span: tuple[int, int]
    proposer: Proposer
    verifier: Verifier
    max_retries: int
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

    async def ask(self, state: FixState, phase: Phase) -> dict[str, Any]:
        attempts = state.get("attempts", [])
        failures = [a for a in attempts if a["phase"] == phase] if phase == "propose" else attempts
        request = ProposalRequest(
            finding=self.finding,
            texts=self.texts,
            span=self.span,
            phase=phase,
            attempt=len(attempts) + 1,
            failures=failures,
            tried=[a["patch_hash"] for a in attempts if a["patch_hash"]],
            known_fixes=self.known_fixes,
        )
        self.event(
            phase, f"attempt {request.attempt}: asking the {self.proposer.name} proposer", request.attempt
        )
        try:
            proposal = await self.proposer.propose(request)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a proposer bug is one failed attempt, not a crash
            log.exception("proposer failed")
            proposal = Proposal((), "", self.proposer.name, error=f"proposer failed: {exc}")
        return {
            "edits": [e.to_dict() for e in proposal.edits],
            "description": proposal.description,
            "proposer": proposal.proposer,
            "error": proposal.error,
            "exhausted": proposal.exhausted,
        }

    async def propose(self, state: FixState) -> FixState:
        return {"pending": await self.ask(state, "propose")}

    async def regenerate(self, state: FixState) -> FixState:
        # a phase change resets error tracking
        return {
            "phase": "regenerate",
            "phase_attempts": 0,
            "phase_hashes": [],
            "same_error": 0,
            "last_signature": "",
            "stale": 0,
            "pending": await self.ask(state, "regenerate"),
        }

    async def verify(self, state: FixState) -> FixState:
        pending = state["pending"]
        phase = state.get("phase", "propose")
        attempts = list(state.get("attempts", []))
        seen = dict(state.get("seen", {}))
        number = len(attempts) + 1
        if pending["exhausted"] and not pending["edits"]:
            return {
                "status": "failed",
                "stop_reason": pending["error"] or "the proposer has nothing more to offer",
            }
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
        self.event("verify", f"attempt {number}: " + ("verified" if verified else f"failed: {error}"), number)
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
        stuck = stuck_reason(hashes, same, stale, error)
        if stuck is not None:
            update.update(status="failed", stop_reason=stuck)
        elif pending["exhausted"]:
            update.update(status="failed", stop_reason=pending["error"])
        elif phase == "propose" and update["phase_attempts"] > self.max_retries:
            update["pending"] = {**pending, "next": "regenerate"}
        elif phase == "regenerate":
            update.update(
                status="failed",
                stop_reason=f"no verified fix after {len(attempts)} attempts "
                f"(the last one, a different approach, failed: {error})",
            )
        return cast(FixState, update)


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
    g.add_node("propose", run.propose)
    g.add_node("regenerate", run.regenerate)
    g.add_node("verify", run.verify)
    g.add_edge(START, "propose")
    g.add_edge("propose", "verify")
    g.add_edge("regenerate", "verify")
    g.add_conditional_edges(
        "verify", route_after_verify, {"propose": "propose", "regenerate": "regenerate", "end": END}
    )
    return g.compile()


# ------------------------------------------------------------------ public API


def make_proposer(config: Config) -> Proposer:
    """``offline`` rewrites with the heuristic analyst; the configured model with ``llm``."""
    if config.analyst == "llm":
        from .fix.llm import LlmProposer

        return LlmProposer.from_config(config)
    return OfflineProposer()


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
    says why in ``stop_reason``. Cancellation is asyncio task cancellation. ``index`` is accepted for
    symmetry with ``ainvestigate`` (the loop reads files directly, sandboxed)."""
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
    ) -> VerifiedFix:
        return VerifiedFix(
            finding.fingerprint,
            finding.rule_id,
            finding.path,
            verified,
            edits,
            diff,
            description,
            record or {},
            attempts,
            reason,
            who,
            time.monotonic() - t0,
        )

    try:
        text = await asyncio.to_thread(verifier.text_of, finding.path)
    except (OSError, ValueError) as exc:
        return result(False, f"cannot read {finding.path}: {exc}")
    try:
        chosen = proposer or make_proposer(config)
    except ValueError as exc:
        return result(False, str(exc))
    span = enclosing_span(finding.path, text, finding.line) or (
        max(1, finding.line - 3),
        finding.location.region.last_line + 3,
    )
    known: list[dict[str, Any]] = []
    if store is not None:
        try:
            known = store.known_fixes(finding.rule_id, 3)
        except Exception:
            log.warning("cannot read known fixes for %s", finding.rule_id, exc_info=True)
    run = _Run(finding, {finding.path: text}, span, chosen, verifier, config.fix.max_retries, known, on_event)
    graph = build_graph(run)
    limit = 4 * (config.fix.max_retries + 3) + 10
    final: FixState = await graph.ainvoke(
        {"phase": "propose", "status": "running", "attempts": []}, {"recursion_limit": limit}
    )
    attempts = tuple(
        FixAttempt(**{k: v for k, v in a.items() if k != "context"}) for a in final.get("attempts", [])
    )
    reason = final.get("stop_reason", "stopped")
    if final.get("status") == "verified":
        i = len(attempts) - 1
        edits = run.edits[i]
        win = attempts[i]
        if store is not None:
            first_error = next((a.error for a in attempts if not a.verified), "")
            try:
                store.record_fix(finding.rule_id, first_error, win.diff)
            except Exception:
                log.warning("cannot record the fix for %s", finding.rule_id, exc_info=True)
        return result(
            True,
            "verified",
            attempts=attempts,
            edits=edits,
            diff=win.diff,
            description=win.description,
            record=run.records[i].to_dict(),
            who=win.proposer,
        )
    last = run.records.get(len(attempts) - 1)
    return result(
        False,
        reason,
        attempts=attempts,
        diff=attempts[-1].diff if attempts else "",
        record=last.to_dict() if last is not None else {},
        who=chosen.name,
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
    "FixAttempt",
    "FixState",
    "VerifiedFix",
    "afix",
    "build_graph",
    "fix",
    "route_after_verify",
    "stuck_reason",
]
