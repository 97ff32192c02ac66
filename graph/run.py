"""Public entry points: ``ainvestigate`` / ``investigate`` a finding -> ``Verdict``, with step events.

The compiled graph is built once per process. With the ``llm`` analyst the run is checkpointed
in SQLite (``<store dir>/checkpoints.db``, thread id = finding fingerprint, every step durable):
an investigation interrupted by an exception or a SIGKILL resumes where it stopped, without
redoing finished nodes; a finished thread is deleted. The heuristic analyst is deterministic and
takes milliseconds, so it is not checkpointed (redoing it is cheaper than writing checkpoints:
measured 25+ ms of SQLite writes against ~8 ms of work) and runs on the synchronous graph.

Cascade (``config.cascade``, llm mode): a conclusive offline judgement is accepted through the
heuristic analyst without a model call; ``Verdict.analyst`` says which path decided.
Analysis problems never raise: they end as NEEDS_REVIEW with a ``stop_reason``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .provenance import stamp
from .state import JSON, InvestigationState, Limits, RunContext, initial_state
from .verdict import AnalystName, Evidence, Usage, Verdict

if TYPE_CHECKING:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.config import Config
    from sastls.analyzers.findings.model import Finding

    from .analysts.base import Analyst
    from .llm import ModelSettings
    from .store import VerdictStore

log = logging.getLogger(__name__)

_SAFE_NAME = re.compile(r"[A-Za-z0-9._-]{1,120}")
DEADLINE_MARGIN = (
    2.0  # seconds (at most 20 %) before the deadline at which model work stops: runs end inside it
)


@dataclass(frozen=True)
class StepEvent:
    node: str
    message: str
    iteration: int


EventSink = Callable[[StepEvent], None]


class AnalystUnavailable(Exception):
    """The configured analyst cannot run (e.g. ``llm`` without a model)."""


def limits_of(config: Config) -> Limits:
    return Limits(
        max_iterations=config.max_iterations,
        max_error_recovery=config.max_error_recovery,
        max_reasks=config.max_reasks,
        budget_usd=config.budget_usd_per_finding,
        history_messages=config.history_messages,
    )


def checkpoint_dir(workspace: str | Path, config: Config) -> Path:
    store = Path(config.store_path)
    base = store if store.is_absolute() else Path(workspace) / store
    return base.parent / "checkpoints"


def checkpoint_path(workspace: str | Path, config: Config, thread: str) -> Path:
    """One SQLite file per investigation: concurrent investigations never contend for a lock."""
    safe = thread if _SAFE_NAME.fullmatch(thread) else hashlib.sha256(thread.encode()).hexdigest()
    return checkpoint_dir(workspace, config) / f"{safe}.db"


def _discard(db: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        try:
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not remove checkpoint %s%s: %s", db, suffix, exc)


def make_llm_analyst(config: Config) -> Analyst:
    from .analysts.llm import LlmAnalyst

    if not config.model:
        raise AnalystUnavailable("the llm analyst needs a model (--model, or `model` in .sastls.toml)")
    return LlmAnalyst(model_settings(config))


def model_settings(config: Config) -> ModelSettings:
    """The model call settings of ``config`` (shared by the investigation and the fix loop)."""
    from dataclasses import asdict

    from .llm import Capabilities, ModelSettings, api_key_from_env

    return ModelSettings(
        model=config.model or "",
        api_base=config.api_base,
        api_key=api_key_from_env(config.api_key_env, config.api_base),
        timeout=config.request_timeout,
        max_retries=config.max_retries,
        capabilities=Capabilities(**asdict(config.model_capabilities)),
    )


def _thread_id(finding: Finding) -> str:
    if finding.fingerprint:
        return finding.fingerprint
    raw = json.dumps(finding.to_dict(), sort_keys=True, default=str)
    return "nofp-" + hashlib.sha256(raw.encode()).hexdigest()[:32]


def _content_hash(index: WorkspaceIndex, path: str) -> str | None:
    try:
        parsed = index.file(path)
    except Exception:  # an unreadable file has no hash
        return None
    return None if parsed is None else str(parsed.content_hash)


def _evidence(items: list[JSON]) -> tuple[Evidence, ...]:
    out = []
    for e in items:
        out.append(
            Evidence(
                path=str(e["path"]),
                start_line=int(e["start_line"]),
                end_line=int(e["end_line"]),
                why=str(e.get("why", "")),
                role=e.get("role") or "note",
            )
        )
    return tuple(out)


def to_verdict(
    values: InvestigationState, finding: Finding, analyst: Analyst, seconds: float, content_hash: str | None
) -> Verdict:
    v = values.get("verdict") or {
        "verdict": "NEEDS_REVIEW",
        "confidence": 0.0,
        "justification": "The investigation ended without a verdict.",
        "reason": "no verdict",
        "evidence": [],
        "stop_reason": values.get("stop_reason") or "no_verdict",
    }
    u = values.get("usage", {})
    usage = Usage(
        model_calls=int(u.get("model_calls", 0)),
        prompt_tokens=int(u.get("prompt_tokens", 0)),
        completion_tokens=int(u.get("completion_tokens", 0)),
        cost_usd=float(u.get("cost_usd", 0.0)),
        seconds=seconds,
    )
    return Verdict(
        fingerprint=finding.fingerprint,
        verdict=v["verdict"],
        confidence=float(v.get("confidence", 0.0)),
        justification=str(v.get("justification", "")),
        analyst=analyst.name,
        evidence=_evidence(v.get("evidence", [])),
        model=analyst.model,
        reason=v.get("reason"),
        stop_reason=v.get("stop_reason"),
        path_taken=tuple(values.get("path_taken", ())),
        usage=usage,
        content_hash=content_hash,
    )


def failed_verdict(
    finding: Finding,
    analyst: AnalystName,
    *,
    model: str | None,
    stop_reason: str,
    message: str,
    seconds: float,
) -> Verdict:
    return Verdict(
        fingerprint=finding.fingerprint,
        verdict="NEEDS_REVIEW",
        confidence=0.0,
        justification=f"The investigation could not complete: {message}",
        analyst=analyst,
        model=model,
        reason=f"investigation failed: {stop_reason}",
        stop_reason=stop_reason,
        usage=Usage(seconds=seconds),
    )


async def _drive(
    graph: Any,
    inp: InvestigationState | None,
    config: dict[str, Any],
    *,
    ctx: RunContext,
    on_event: EventSink | None,
    durability: str | None = None,
) -> InvestigationState:
    extra: dict[str, Any] = {"durability": durability} if durability else {}
    if on_event is None:
        out: InvestigationState = await graph.ainvoke(inp, config, context=ctx, **extra)
        return out
    values: InvestigationState = InvestigationState()
    iteration = 0
    async for mode, chunk in graph.astream(
        inp, config, context=ctx, stream_mode=["updates", "values"], **extra
    ):
        if mode == "values":
            values = chunk
        else:
            iteration = _emit(chunk, iteration, on_event)
    return values


def _drive_sync(
    state: InvestigationState, ctx: RunContext, limit: int, on_event: EventSink | None
) -> InvestigationState:
    from .builder import run_synchronous

    if on_event is None:
        return run_synchronous(state, ctx, recursion_limit=limit)
    iteration = 0

    def emit(node: str, update: dict[str, Any]) -> None:
        nonlocal iteration
        iteration = _emit({node: update}, iteration, on_event)

    return run_synchronous(state, ctx, recursion_limit=limit, on_update=emit)


def _emit(chunk: Any, iteration: int, on_event: EventSink) -> int:
    for node, update in (chunk or {}).items():
        if not isinstance(update, dict):
            continue
        iteration = int(update.get("iteration_count", iteration))
        try:
            on_event(StepEvent(node, str(update.get("note") or node), iteration))
        except Exception:  # a broken progress display must not break the investigation
            log.exception("on_event callback failed")
    return iteration


async def _run(
    finding: Finding,
    workspace: Path,
    config: Config,
    *,
    analyst: Analyst,
    index: WorkspaceIndex,
    on_event: EventSink | None,
    checkpoint: bool,
    deadline: float | None = None,
) -> InvestigationState:
    from .builder import RecursionLimitError
    from .nodes.fetch_code import prefetch
    from .routing import recursion_limit

    limits = limits_of(config)
    ctx = RunContext(
        analyst=analyst,
        index=index,
        finding=finding,
        limits=limits,
        max_lines=config.fetch.max_lines,
        max_chars=config.fetch.max_chars,
        privacy_globs=tuple(config.privacy_globs) if analyst.wants_transcript else (),
        model_paths=tuple(config.models),
        deadline=deadline,
    )

    def fresh() -> InvestigationState:
        return initial_state(finding.to_dict(), analyst.name, analyst.model, prefetch(finding, ctx))

    if analyst.synchronous:  # milliseconds of pure computation: no checkpoint, no LangGraph
        try:
            return _drive_sync(fresh(), ctx, recursion_limit(limits), on_event)
        except RecursionLimitError:
            log.error("recursion limit reached for %s", finding.fingerprint)
            return InvestigationState(stop_reason="recursion_limit")
    from langgraph.errors import GraphRecursionError

    from .builder import compiled_graph, with_checkpointer

    run_config: dict[str, Any] = {"recursion_limit": recursion_limit(limits)}
    try:
        if not checkpoint:
            return await _drive(compiled_graph(), fresh(), run_config, ctx=ctx, on_event=on_event)
        from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

        thread = _thread_id(finding)
        db = checkpoint_path(workspace, config, thread)
        try:
            from sastls.analyzers.workdir import ensure_dir

            ensure_dir(db.parent)
        except OSError as exc:
            log.warning("no checkpoints (cannot create %s: %s)", db.parent, exc)
            return await _drive(compiled_graph(), fresh(), run_config, ctx=ctx, on_event=on_event)
        discard = False  # kept after an interruption (exception, cancellation, kill): resumed next time
        try:
            async with AsyncSqliteSaver.from_conn_string(str(db)) as saver:
                graph = with_checkpointer(saver)
                cfg = {**run_config, "configurable": {"thread_id": thread}}
                try:
                    snapshot = await graph.aget_state(cfg)
                except Exception:
                    discard = True  # an unreadable checkpoint is dropped
                    raise
                previous = snapshot.values or {}
                inp: InvestigationState | None = None
                if (
                    snapshot.next
                    and previous.get("analyst") == analyst.name
                    and previous.get("model") == analyst.model
                ):
                    log.info("resuming investigation %s at %s", thread, ", ".join(snapshot.next))
                    if on_event is not None:
                        at = ", ".join(snapshot.next)
                        on_event(
                            StepEvent("resume", f"resuming at {at}", int(previous.get("iteration_count", 0)))
                        )
                else:
                    if previous:
                        await saver.adelete_thread(thread)
                    inp = fresh()
                try:
                    values = await _drive(graph, inp, cfg, ctx=ctx, on_event=on_event, durability="sync")
                except Exception as exc:
                    # a resumed run that failed again, or one that hit the recursion limit, starts afresh
                    discard = inp is None or isinstance(exc, GraphRecursionError)
                    raise
                discard = True  # finished
                return values
        finally:
            if discard:
                _discard(db)
    except GraphRecursionError:  # the breakers should always fire first; kept as a last line
        log.error("recursion limit reached for %s", finding.fingerprint)
        return InvestigationState(stop_reason="recursion_limit")


async def ainvestigate(
    finding: Finding,
    workspace: str | Path,
    config: Config,
    *,
    index: WorkspaceIndex | None = None,
    store: VerdictStore | None = None,
    on_event: EventSink | None = None,
    checkpoint: bool = True,
) -> Verdict:
    """Investigate one finding. Never raises for analysis problems (NEEDS_REVIEW + stop_reason);
    cancellation is asyncio task cancellation."""
    analyst: Analyst | None = None
    try:
        index = index if index is not None else _index_for(Path(workspace), config)
        analyst = _choose_analyst(finding, config, index)
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        unavailable = isinstance(exc, AnalystUnavailable)
        if not unavailable:
            log.exception("investigation of %s could not start", finding.fingerprint or finding.path)
        verdict = failed_verdict(
            finding,
            config.analyst,
            model=config.model if config.analyst == "llm" else None,
            stop_reason="analyst_unavailable" if unavailable else "internal_error",
            message=str(exc) if unavailable else f"{type(exc).__name__}: {exc}",
            seconds=0.0,
        )
        return _finish(verdict, finding, store, on_event)
    return await ainvestigate_with(
        analyst,
        finding,
        workspace,
        config,
        index=index,
        store=store,
        on_event=on_event,
        checkpoint=checkpoint,
    )


async def ainvestigate_with(
    analyst: Analyst,
    finding: Finding,
    workspace: str | Path,
    config: Config,
    *,
    index: WorkspaceIndex | None = None,
    store: VerdictStore | None = None,
    on_event: EventSink | None = None,
    checkpoint: bool = True,
) -> Verdict:
    """``ainvestigate`` with a given analyst (no cascade): for embedding and tests."""
    started = time.monotonic()
    root = Path(workspace)
    iteration = 0
    try:
        index = index if index is not None else _index_for(root, config)
        margin = min(DEADLINE_MARGIN, 0.2 * config.deadline)
        if analyst.model:  # litellm's first call imports for seconds: off the loop (inside the deadline)
            from .llm import awarm_up

            left = started + config.deadline - margin - time.monotonic()
            await asyncio.wait_for(awarm_up(analyst.model), max(left, 0.0))
        run = _run(
            finding,
            root,
            config,
            analyst=analyst,
            index=index,
            on_event=on_event,
            checkpoint=checkpoint,
            deadline=None if analyst.synchronous else started + config.deadline - margin,
        )
        # The nodes stop at the deadline themselves; this guard only catches what does not (a hung
        # fetch, a model call that ignores its timeout). The checkpoint stays: a rerun resumes.
        left = started + config.deadline - margin / 2 - time.monotonic()
        values = await (run if analyst.synchronous else asyncio.wait_for(run, max(left, 0.0)))
        verdict = to_verdict(
            values, finding, analyst, time.monotonic() - started, _content_hash(index, finding.path)
        )
        iteration = int(values.get("iteration_count", 0))
    except asyncio.CancelledError:
        raise
    except TimeoutError:
        log.warning("investigation of %s passed its deadline", finding.fingerprint or finding.path)
        verdict = failed_verdict(
            finding,
            analyst.name,
            model=analyst.model,
            stop_reason="deadline",
            message=f"it did not end within its deadline of {config.deadline:.0f}s",
            seconds=time.monotonic() - started,
        )
    except Exception as exc:
        log.exception("investigation of %s failed", finding.fingerprint or finding.path)
        verdict = failed_verdict(
            finding,
            analyst.name,
            model=analyst.model,
            stop_reason="internal_error",
            message=f"{type(exc).__name__}: {exc}",
            seconds=time.monotonic() - started,
        )
    return _finish(stamp(verdict, root, config), finding, store, on_event, iteration)


def _index_for(root: Path, config: Config) -> WorkspaceIndex:
    from sastls.analyzers.code.index import WorkspaceIndex

    return WorkspaceIndex(
        root, exclude_globs=config.exclude_globs, max_file_bytes=config.fetch.max_file_bytes
    )


def _finish(
    verdict: Verdict,
    finding: Finding,
    store: VerdictStore | None,
    on_event: EventSink | None,
    iteration: int = 0,
) -> Verdict:
    if on_event is not None:
        try:
            on_event(StepEvent("end", f"verdict: {verdict.verdict}", iteration))
        except Exception:
            log.exception("on_event callback failed")
    if store is not None:
        try:
            store.put(verdict, finding)
        except Exception:
            log.exception("could not store the verdict of %s", finding.fingerprint)
    return verdict


def _choose_analyst(finding: Finding, config: Config, index: WorkspaceIndex) -> Analyst:
    from .analysts.heuristic import HeuristicAnalyst, is_conclusive

    if config.analyst != "llm":
        return HeuristicAnalyst(model_paths=config.models)
    if config.cascade:
        heuristic = HeuristicAnalyst(model_paths=config.models)
        try:
            judgement = heuristic.judgement(finding, index)
        except Exception:
            log.warning(
                "offline judgement failed for %s; asking the model", finding.fingerprint, exc_info=True
            )
        else:
            if is_conclusive(judgement):
                return heuristic
    return make_llm_analyst(config)


@cache
def _background_loop() -> asyncio.AbstractEventLoop:
    """One event loop per process for the sync API (litellm dislikes changing loops)."""
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, name="sastls-graph", daemon=True).start()
    return loop


def investigate(
    finding: Finding,
    workspace: str | Path,
    config: Config,
    *,
    index: WorkspaceIndex | None = None,
    store: VerdictStore | None = None,
    on_event: EventSink | None = None,
    checkpoint: bool = True,
) -> Verdict:
    """Blocking ``ainvestigate`` (runs on the process' graph loop; ``on_event`` is called from it)."""
    future = asyncio.run_coroutine_threadsafe(
        ainvestigate(
            finding, workspace, config, index=index, store=store, on_event=on_event, checkpoint=checkpoint
        ),
        _background_loop(),
    )
    try:
        return future.result()
    except BaseException:
        future.cancel()
        raise
