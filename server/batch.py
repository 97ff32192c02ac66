"""Concurrent, resumable triage of many findings (``sastls triage``, the server's "investigate workspace").

The work, in order:

1. load every findings file (any format ``load_findings`` reads) and remember the SARIF documents;
2. fingerprint them: files whose bytes the store has seen give their fingerprints from its cache
   (``fingerprint_cache``, no parse), the others are parsed (in worker processes for big runs);
3. keep the findings in scope: not in the ``--only-new`` baseline, in this ``--shard``;
4. merge duplicates (same place, same CWE, several tools) so each group is investigated once;
5. for each group, reuse the stored verdict when the same code was already decided (fingerprint
   + file content hash), otherwise investigate the primary finding, with at most ``jobs`` at a time;
   each verdict is committed to the store the moment it is reached (worker processes commit their
   offline verdicts together every 0.1 s), so a killed run loses at most that and a rerun repeats
   nothing else (interrupted model investigations resume from the graph's checkpoints);
6. stop starting model work when the run's budget is spent; what was not decided is reported.

One finding's failure never stops the rest. Nothing here prints to stdout.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from sastls.analyzers.findings.model import Finding
from sastls.graph.verdict import Verdict, now_iso

from .progress import NullProgress, Progress
from .repo import WrongRepo, wrong_repo
from .reports.stats import RunStats
from .runner import (
    PROCESS_THRESHOLD,
    RETRY_STOP_REASONS,
    BaselineState,
    ContentHashes,
    Group,
    Investigate,
    Runner,
    Shard,
    Store,
    TriageOptions,
    content_hash,
    default_index,
    default_investigate,
    group_findings,
    merge_repeats,
    reusable,
    select,
    worker_processes,
)

if TYPE_CHECKING:
    from sastls.analyzers.config import Config
    from sastls.analyzers.findings.load import LoadResult
    from sastls.graph.store import VerdictStore

    from .batch_workers import Workers

__all__ = [  # the runner's names stay importable from here
    "PROCESS_THRESHOLD",
    "RETRY_STOP_REASONS",
    "BaselineState",
    "ContentHashes",
    "Group",
    "Investigate",
    "Runner",
    "Shard",
    "Store",
    "TriageOptions",
    "TriageResult",
    "atriage",
    "atriage_findings",
    "content_hash",
    "default_index",
    "default_investigate",
    "group_findings",
    "merge_repeats",
    "reusable",
    "select",
    "triage",
    "worker_processes",
]

log = logging.getLogger(__name__)

FailOn = Literal["error", "warning", "never"]
GATE_LEVELS: dict[str, frozenset[str]] = {
    "error": frozenset({"error"}),
    "warning": frozenset({"error", "warning"}),
    "never": frozenset(),
}
GATE_LABELS = frozenset({"TRUE_POSITIVE", "NEEDS_REVIEW"})


@dataclass
class TriageResult:
    findings: list[Finding]  # every finding loaded (SARIF output covers them all)
    scope: list[Finding]  # the findings this run was responsible for (shard, only-new)
    verdicts: dict[str, Verdict]  # fingerprint -> verdict, duplicates included
    stats: RunStats
    originals: dict[str, Any] = field(default_factory=dict)  # source file -> parsed SARIF document
    baseline_state: dict[str, BaselineState] = field(default_factory=dict)
    input_errors: list[str] = field(default_factory=list)  # whole inputs that could not be read
    load_warnings: list[str] = field(default_factory=list)  # problems with records that were still read
    rejected: list[str] = field(default_factory=list)  # records that could not be read (exit 2)
    investigated_fingerprints: list[str] = field(default_factory=list)  # groups investigated this run


def read_json(path: Path) -> Any:
    """A JSON document read as findings files are (any encoding, repaired, bounded); None if unreadable."""
    from sastls.analyzers.findings.load import read_json_file

    doc, _problems = read_json_file(path)
    return doc


def sarif_documents(paths: Iterable[str]) -> dict[str, Any]:
    """The SARIF documents among ``paths`` (others are skipped), parsed, keyed as given."""
    docs: dict[str, Any] = {}
    for p in paths:
        doc = read_json(Path(p))
        if isinstance(doc, dict) and isinstance(doc.get("runs"), list):
            docs[p] = doc
    return docs


def _load(files: Sequence[Path], repo: Path) -> LoadResult:
    from sastls.analyzers.findings.load import load_findings

    return load_findings(list(files), repo, fingerprints=False, keep_documents=True)


def start_workers(options: TriageOptions, findings: int) -> Workers | None:
    """Worker processes for a heuristic run big enough to pay for them (they start in the
    background: the parent goes on meanwhile); None otherwise."""
    if options.config.analyst != "heuristic" or worker_processes(options, findings) <= 1:
        return None
    from .batch_workers import Workers

    try:
        return Workers(options, worker_processes(options, findings))
    except Exception as exc:  # no processes here (a sandbox): one process does it all
        log.warning("worker processes could not start (%s): triage runs in this process", exc)
        return None


def fingerprint(
    findings: Sequence[Finding],
    repo: Path,
    workers: Workers | None,
    known: Sequence[str] = (),
    digests: dict[str, str] | None = None,
) -> tuple[list[Finding], str | None]:
    """The findings with their fingerprints (``known`` ones as given, the others computed, over
    ``workers`` when given), and the problem when they could not be computed (the findings are
    kept without). ``digests`` receives the content hash each computed one comes from."""
    from sastls.analyzers.fingerprints import fingerprint_bases, with_suffixes

    todo = [i for i in range(len(findings)) if not (i < len(known) and known[i])]
    items = [findings[i] for i in todo]
    try:
        bases: list[str] | None = None
        if workers is not None and items:
            try:
                bases = workers.fingerprint_bases(items, repo, digests)
            except Exception as exc:  # a broken worker must not cost the fingerprints
                log.warning("fingerprints over worker processes failed (%s): computed here", exc)
        if bases is None:
            bases = fingerprint_bases(items, repo, digests=digests)
        fps = list(known) if known else [""] * len(findings)
        for i, fp in zip(todo, with_suffixes(bases), strict=True):  # a file is known whole or not
            fps[i] = fp
        return [f.with_fingerprint(fp) for f, fp in zip(findings, fps, strict=True)], None
    except Exception as exc:  # a fingerprint failure must not lose the findings
        log.exception("fingerprinting failed")
        return list(findings), f"{repo}: fingerprints not assigned: {exc}"


@dataclass(frozen=True)
class LoadProblems:
    """The problems of a load, each ``FILE: WHERE: error|warning: message``."""

    input_errors: list[str]  # whole inputs that gave nothing
    rejected: list[str]  # records that were not loaded
    warnings: list[str]  # records loaded with a problem


def classify_load_errors(files: Sequence[Path], result: LoadResult) -> LoadProblems:
    """An input that gave no finding at all and has errors is an input error; any other error
    is a rejected record; warnings stay warnings."""
    produced: set[str] = set()
    for f in result.findings:
        if f.source_file:
            produced.add(f.source_file)
            produced.add(Path(f.source_file).name)
    out = LoadProblems([], [], [])
    for e in result.errors:
        whole = not e.where or e.where in ("$", "file", "line 0")
        if e.severity != "error":
            out.warnings.append(str(e))
        elif whole and e.file not in produced and Path(e.file).name not in produced:
            out.input_errors.append(str(e))
        else:
            out.rejected.append(str(e))
    return out


def baseline_fingerprints(path: Path, repo: Path) -> set[str]:
    """Fingerprints of the findings in a baseline SARIF: its ``sastls/v1`` fingerprints when it
    was written by sastls, and those of its results fingerprinted against the current code."""
    doc = read_json(path)
    if not isinstance(doc, dict) or not isinstance(doc.get("runs"), list):
        raise ValueError(f"{path}: not a SARIF file")
    fps: set[str] = set()
    for run in doc["runs"]:
        results = run.get("results") if isinstance(run, dict) else None
        for res in results if isinstance(results, list) else ():
            prints = res.get("fingerprints") if isinstance(res, dict) else None
            fp = prints.get("sastls/v1") if isinstance(prints, dict) else None
            if isinstance(fp, str):
                fps.add(fp)
    from sastls.analyzers.findings.load import load_findings

    fps.update(f.fingerprint for f in load_findings([path], repo).findings if f.fingerprint)
    return fps


async def atriage_findings(
    findings: Sequence[Finding],
    options: TriageOptions,
    *,
    store: Store,
    investigate: Investigate | None = None,
    index: Any = None,
    progress: Progress | None = None,
    baseline: set[str] | None = None,
    workers: Workers | None = None,
) -> TriageResult:
    """Triage already loaded findings (the language server's entry point). ``workers``: worker
    processes already started (``batch_workers.Workers``), used when the run is big enough."""
    started = time.perf_counter()
    groups, state, _ = select(findings, options.shard, baseline)
    prog = progress if progress is not None else NullProgress()
    run = Runner(
        options,
        store,
        investigate if investigate is not None else default_investigate(),
        index if index is not None else default_index(options.repo, options.config),
        prog,
    )
    prog.start(len(groups))
    try:
        todo = run.reuse_all(groups)
        procs = worker_processes(options, len(todo)) if investigate is None else 1
        if procs > 1:
            from .batch_workers import run_in_processes

            cancel = threading.Event()
            try:
                await asyncio.to_thread(
                    run_in_processes, run, todo, procs, store.path, cancel, workers=workers
                )
            except asyncio.CancelledError:
                cancel.set()  # Ctrl-C / task cancelled: stop the workers now, not after the backlog
                raise
        else:
            await run.all(todo)
    finally:
        prog.close()
    return _result(options, run, findings, groups, state, started)


async def atriage_files(
    findings: Sequence[Finding],
    options: TriageOptions,
    *,
    store: Store,
    workers: Workers | None = None,
    progress: Progress | None = None,
    known: Sequence[str] = (),
    hashes: dict[str, str] | None = None,
) -> TriageResult:
    """Triage findings read but not yet fingerprinted (heuristic analyst; no baseline, no shard:
    those need every fingerprint before choosing what to investigate; grouping needs none).

    First what is already known: a group whose findings' fingerprints are ``known`` (the store's
    cache, for files whose ``hashes`` did not change) and whose stored verdict stands is decided
    here, without parsing anything. The rest is decided file by file (``decide_files``: one parse
    of a file serves its fingerprints and its verdicts) over ``workers``, or over worker processes
    started here when the rest is big enough, else in this process."""
    from .batch_workers import decide_files, run_files

    started = time.perf_counter()
    fps = [known[i] if i < len(known) else "" for i in range(len(findings))]
    planned = merge_repeats(group_findings(findings))
    at = {id(f): i for i, f in enumerate(findings)}
    plan = [(at[id(g.primary)], tuple(at[id(m)] for m in g.members)) for g in planned]
    prog = progress if progress is not None else NullProgress()
    run = Runner(options, store, default_investigate(), None, prog)
    for path, digest in (hashes or {}).items():
        run.hashes.known(path, digest)
    prog.start(len(plan))
    digests: dict[str, str] = {}
    cancel = threading.Event()
    own: Workers | None = None
    try:
        rest = await asyncio.to_thread(_reuse_known, run, findings, fps, plan)
        subset = sorted({m for _, members in rest for m in members})
        if subset:
            local = {p: k for k, p in enumerate(subset)}
            sub = [findings[p] for p in subset]
            sub_plan = [(local[p], tuple(local[m] for m in members)) for p, members in rest]
            sub_known = [fps[p] for p in subset]
            pool = workers
            if pool is None:
                pool = own = start_workers(options, len(rest))
            if pool is not None:
                got = await asyncio.to_thread(
                    run_files, run, sub, sub_plan, pool, store.path, cancel, sub_known, hashes, digests
                )
            else:
                run.index = default_index(options.repo, options.config)
                got = await decide_files(run, sub, sub_plan, sub_known, hashes or {}, digests)
            if got is None:
                raise asyncio.CancelledError
            for k, p in enumerate(subset):
                fps[p] = got[k]
    except asyncio.CancelledError:
        cancel.set()  # Ctrl-C / task cancelled: stop the workers now (what they committed stays)
        raise
    finally:
        if own is not None:
            own.close()
        prog.close()
    from .fingerprint_cache import remember

    await asyncio.to_thread(remember, findings, fps, known, digests, store)
    done = [f.with_fingerprint(fp) for f, fp in zip(findings, fps, strict=True)]
    groups = [Group(done[p], tuple(done[m] for m in members)) for p, members in plan]
    return _result(options, run, done, groups, {}, started)


def _reuse_known(
    run: Runner,
    findings: Sequence[Finding],
    fps: Sequence[str],
    plan: Sequence[tuple[int, tuple[int, ...]]],
) -> list[tuple[int, tuple[int, ...]]]:
    """Reuse the stored verdicts of the groups whose fingerprints are known; the groups left."""
    rest: list[tuple[int, tuple[int, ...]]] = []
    for primary, members in plan:
        if all(fps[m] for m in members):
            group = Group(
                findings[primary].with_fingerprint(fps[primary]),
                tuple(findings[m].with_fingerprint(fps[m]) for m in members),
            )
            if run.reuse(group):
                continue
        rest.append((primary, members))
    return rest


def _result(  # noqa: PLR0917
    options: TriageOptions,
    run: Runner,
    findings: Sequence[Finding],
    groups: Sequence[Group],
    state: dict[str, BaselineState],
    started: float,
) -> TriageResult:
    duplicate_of = {
        m.fingerprint: g.primary.fingerprint
        for g in groups
        for m in g.members
        if m.fingerprint != g.primary.fingerprint
    }
    stats = RunStats(
        analyst=options.config.analyst,
        model=options.config.model if options.config.analyst == "llm" else None,
        total=sum(len(g.members) for g in groups),
        investigated=len(run.investigated),
        reused=run.reused,
        redecided=dict(Counter(run.redecided.values())),
        duplicates=len(duplicate_of),
        wall_seconds=time.perf_counter() - started,
        jobs=options.jobs,
        shard=str(options.shard) if options.shard else None,
        skipped=tuple(run.skipped),
        generated_at=now_iso(),
        duplicate_of=duplicate_of,
    )
    return TriageResult(
        findings=list(findings),
        scope=[m for g in groups for m in g.members],
        verdicts=run.verdicts,
        stats=stats,
        baseline_state=state,
        investigated_fingerprints=run.investigated,
    )


class _NoStore:
    """Stands in when the store cannot be opened: nothing to reuse, nothing kept."""

    path = Path(os.devnull)

    def decided(self, fingerprint: str, content_hash: str) -> Verdict | None:
        return None

    def get(self, fingerprint: str) -> Verdict | None:
        return None

    def put(self, verdict: Verdict, finding: Finding | None = None) -> None:
        pass

    def close(self) -> None:
        pass


def first_run(options: TriageOptions) -> bool:
    """No verdict store yet: nothing can be reused, every finding is to investigate."""
    from sastls.graph.store import store_path

    try:
        return not store_path(options.repo, options.config).exists()
    except OSError:
        return False


def open_store(repo: Path, config: Config) -> VerdictStore:
    from sastls.graph.store import VerdictStore

    return VerdictStore.for_workspace(repo, config)


async def atriage(
    files: Sequence[Path],
    options: TriageOptions,
    *,
    store: VerdictStore | None = None,
    investigate: Investigate | None = None,
    progress: Progress | None = None,
) -> TriageResult:
    """Load ``files`` and triage their findings. Input problems are returned, never raised."""
    loaded = await asyncio.to_thread(_load, files, options.repo)
    problems = classify_load_errors(files, loaded)
    input_errors = problems.input_errors
    problem = wrong_repo(loaded.findings, options.repo)
    if problem is not None:
        raise WrongRepo(problem)  # before the store is opened: nothing is written in the wrong folder
    workers = None
    fresh = store is None and first_run(options)  # no store yet: nothing to reuse
    if fresh and investigate is None:
        workers = start_workers(options, len(loaded.findings))  # all of it is to do: start them now
    try:
        result = await _atriage(
            loaded.findings,
            options,
            store=store,
            investigate=investigate,
            progress=progress,
            input_errors=input_errors,
            workers=workers,
            fresh=fresh,
        )
    finally:
        if workers is not None:
            workers.close()
    sources = {f.source_file for f in result.findings if f.source_file}
    result.originals = {
        name: doc
        for name, doc in loaded.documents.items()
        if name in sources and isinstance(doc, dict) and isinstance(doc.get("runs"), list)
    }
    result.input_errors = input_errors
    result.rejected = problems.rejected
    result.load_warnings = problems.warnings
    result.stats = replace(
        result.stats,
        inputs=tuple(str(f) for f in files),
        load_errors=tuple(input_errors + problems.rejected + problems.warnings),
    )
    return result


async def _atriage(
    findings: list[Finding],
    options: TriageOptions,
    *,
    store: VerdictStore | None,
    investigate: Investigate | None,
    progress: Progress | None,
    input_errors: list[str],
    workers: Workers | None = None,
    fresh: bool = False,
) -> TriageResult:
    """``findings`` not yet fingerprinted; ``input_errors`` gets what goes wrong on the way.

    Files whose findings' fingerprints the store remembers (same bytes) are not parsed to
    fingerprint them again (``fingerprint_cache``); worker processes start only for work big
    enough to pay for them (``start_workers``), unless ``workers`` were started already (closed
    by the caller). ``fresh``: the store did not exist before this run (nothing to look up)."""
    from .fingerprint_cache import known_fingerprints, read_hashes, remember

    own_store = store is None
    if store is None:
        from sastls.graph.store import StoreError

        try:
            st = open_store(options.repo, options.config)
        except StoreError as exc:
            pool = workers
            if pool is None and investigate is None:
                pool = start_workers(options, len(findings))
            try:
                findings, problem = await asyncio.to_thread(fingerprint, findings, options.repo, pool)
            finally:
                if pool is not None and pool is not workers:
                    pool.close()
            if problem is not None:
                input_errors.append(problem)
            empty = await atriage_findings([], options, store=_NoStore(), investigate=investigate)
            empty.findings = findings
            input_errors.append(str(exc))
            return empty
    else:
        st = store
    try:
        hashes: dict[str, str] = {}
        known: list[str] = []
        if not fresh:
            hashes = await asyncio.to_thread(read_hashes, findings, options.repo)
            known = await asyncio.to_thread(known_fingerprints, findings, hashes, st)
        fused = (
            investigate is None
            and options.baseline is None
            and options.shard is None
            and options.config.analyst == "heuristic"
        )
        if fused:
            return await atriage_files(
                findings, options, store=st, progress=progress, known=known, hashes=hashes, workers=workers
            )
        unknown = len(findings) - sum(1 for fp in known if fp)
        own = workers is None and investigate is None
        if own:
            workers = start_workers(options, unknown)
        try:
            digests: dict[str, str] = {}
            findings, problem = await asyncio.to_thread(
                fingerprint, findings, options.repo, workers, known, digests
            )
            if problem is not None:
                input_errors.append(problem)
            else:
                fps = [f.fingerprint for f in findings]
                await asyncio.to_thread(remember, findings, fps, known, digests, st)
            baseline: set[str] | None = None
            if options.baseline is not None:
                try:
                    baseline = await asyncio.to_thread(baseline_fingerprints, options.baseline, options.repo)
                except ValueError as exc:
                    input_errors.append(str(exc))
            return await atriage_findings(
                findings,
                options,
                store=st,
                investigate=investigate,
                progress=progress,
                baseline=baseline,
                workers=workers,
            )
        finally:
            if own and workers is not None:
                workers.close()
    finally:
        if own_store:
            st.close()


def triage(files: Sequence[Path], options: TriageOptions, **kwargs: Any) -> TriageResult:
    """Synchronous wrapper of :func:`atriage` (one event loop per call)."""
    return asyncio.run(atriage(files, options, **kwargs))


# --- the gate ----------------------------------------------------------------------------------------


def gate_failures(result: TriageResult, fail_on: FailOn) -> list[Finding]:
    """Findings in scope that fail the gate: TRUE_POSITIVE or NEEDS_REVIEW at or above ``fail_on``.

    A finding left without a verdict (budget reached, investigation failed) fails it too: doubt
    is not a pass.
    """
    levels = GATE_LEVELS[fail_on]
    return [
        f
        for f in result.scope
        if f.level in levels
        and (f.fingerprint not in result.verdicts or result.verdicts[f.fingerprint].verdict in GATE_LABELS)
    ]


# --- outputs -----------------------------------------------------------------------------------------


def verdict_line(finding: Finding, verdict: Verdict, duplicate_of: Mapping[str, str]) -> dict[str, Any]:
    """One JSON-lines record: the verdict and where its finding is."""
    record = verdict.to_dict()
    record.update(
        tool=finding.tool,
        rule_id=finding.rule_id,
        path=finding.path,
        line=finding.line,
        level=finding.level,
        cwe=list(finding.cwe),
        message=finding.message,
        duplicate_of=duplicate_of.get(finding.fingerprint),
    )
    return record


def jsonl_text(result: TriageResult) -> str:
    lines = [
        json.dumps(verdict_line(f, result.verdicts[f.fingerprint], result.stats.duplicate_of), sort_keys=True)
        for f in result.scope
        if f.fingerprint in result.verdicts
    ]
    return "".join(line + "\n" for line in lines)


def set_baseline_state(doc: dict[str, Any], state: Mapping[str, BaselineState]) -> None:
    """Mark each result of a triaged SARIF ``new`` or ``unchanged`` (in place)."""
    if not state:
        return
    runs = doc.get("runs")
    for run in runs if isinstance(runs, list) else ():
        results = run.get("results") if isinstance(run, dict) else None
        for res in results if isinstance(results, list) else ():
            prints = res.get("fingerprints") if isinstance(res, dict) else None
            fp = prints.get("sastls/v1") if isinstance(prints, dict) else None
            if isinstance(fp, str) and fp in state:
                res["baselineState"] = state[fp]


def triaged_document(
    result: TriageResult, workspace: Path | None = None, repairs: list[str] | None = None
) -> dict[str, Any]:
    """The triaged SARIF of every finding loaded; verdicts for the run's scope, baseline states set.

    Whatever an input carried that breaks the SARIF schema is repaired or dropped; what was
    done is added to ``repairs`` (``JSONPATH: problem: action``)."""
    from sastls.server.reports.sarif import triaged_sarif
    from sastls.server.reports.sarif_repair import repair_sarif

    scope = {f.fingerprint for f in result.scope}
    verdicts = {fp: v for fp, v in result.verdicts.items() if fp in scope}
    doc: dict[str, Any] = triaged_sarif(result.findings, verdicts, result.originals, workspace=workspace)
    set_baseline_state(doc, result.baseline_state)
    done = repair_sarif(doc)
    if repairs is not None:
        repairs.extend(done)
    return doc


def validate(doc: dict[str, Any]) -> list[str]:
    from sastls.server.reports.sarif import validate_sarif

    return list(validate_sarif(doc))


def nofp_path(out: Path) -> Path:
    """Where ``--drop-false-positives`` writes: ``x.sarif`` -> ``x.nofp.sarif``."""
    if out.suffix:
        return out.with_name(out.stem + ".nofp" + out.suffix)
    return out.with_name(out.name + ".nofp.sarif")


def write_text(path: Path, text: str) -> None:
    """Write atomically (a killed run never leaves half a report)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def source_reader(repo: Path) -> Callable[[str], list[str] | None]:
    """Lines of workspace files for the reports' code excerpts; never reads outside ``repo``."""
    root = repo.resolve()
    cache: dict[str, list[str] | None] = {}

    def read(rel: str) -> list[str] | None:
        if rel not in cache:
            try:
                target = (root / rel).resolve()
                if not target.is_relative_to(root) or not target.is_file():
                    cache[rel] = None
                else:
                    data = target.read_bytes()
                    cache[rel] = (
                        None if b"\0" in data[:8192] else data.decode("utf-8", "replace").splitlines()
                    )
            except (OSError, ValueError):
                cache[rel] = None
        return cache[rel]

    return read
