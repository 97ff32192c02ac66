"""Concurrent, resumable triage of many findings (``sastls triage``, the server's "investigate workspace").

The work, in order:

1. load every findings file (any format ``load_findings`` reads) and remember the SARIF documents;
2. keep the findings in scope: not in the ``--only-new`` baseline, in this ``--shard``;
3. merge duplicates (same place, same CWE, several tools) so each group is investigated once;
4. for each group, reuse the stored verdict when the same code was already decided (fingerprint
   + file content hash), otherwise investigate the primary finding, with at most ``jobs`` at a time;
   each verdict is committed to the store the moment it is reached, so a killed run loses nothing
   and a rerun repeats nothing (interrupted model investigations resume from the graph's checkpoints);
5. stop starting model work when the run's budget is spent; what was not decided is reported.

One finding's failure never stops the rest. Nothing here prints to stdout.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding
from sastls.graph.provenance import models_digest, stale_reason, stamp
from sastls.graph.verdict import Usage, Verdict, now_iso

from .progress import NullProgress, Progress
from .repo import WrongRepo, wrong_repo
from .reports.stats import RunStats, Skipped

if TYPE_CHECKING:
    from sastls.analyzers.findings.load import LoadResult
    from sastls.graph.store import VerdictStore

    from .batch_workers import Workers

log = logging.getLogger(__name__)

FailOn = Literal["error", "warning", "never"]
BaselineState = Literal["new", "unchanged"]
GATE_LEVELS: dict[str, frozenset[str]] = {
    "error": frozenset({"error"}),
    "warning": frozenset({"error", "warning"}),
    "never": frozenset(),
}
GATE_LABELS = frozenset({"TRUE_POSITIVE", "NEEDS_REVIEW"})
RETRY_STOP_REASONS = frozenset(
    {
        "internal_error",
        "analyst_unavailable",
        "budget_exceeded",
        "deadline",  # the model was too slow this time
        "model_unresponsive",
        "model_error",  # the model failed after its retries
    }
)
"""Verdicts that end this way are reported but not stored: the next run investigates again."""


class Investigate(Protocol):
    """How one finding becomes a verdict (``sastls.graph.run.ainvestigate`` by default)."""

    def __call__(
        self, finding: Finding, workspace: Path, config: Config, *, index: Any, checkpoint: bool
    ) -> Awaitable[Verdict]: ...


class Store(Protocol):
    """What a run needs of the verdict store (``sastls.graph.store.VerdictStore``)."""

    @property
    def path(self) -> Path: ...
    def decided(self, fingerprint: str, content_hash: str) -> Verdict | None: ...
    def get(self, fingerprint: str) -> Verdict | None: ...
    def put(self, verdict: Verdict, finding: Finding | None = None) -> None: ...


@dataclass(frozen=True)
class Shard:
    """``I/N``: this job's share of the work; I is 0-based (0 <= I < N)."""

    index: int
    count: int

    @staticmethod
    def parse(text: str) -> Shard:
        try:
            i_text, n_text = text.split("/")
            index, count = int(i_text), int(n_text)
        except ValueError:
            raise ValueError(f"--shard must look like I/N (for example 0/4), got {text!r}") from None
        if count < 1 or not 0 <= index < count:
            raise ValueError(f"--shard {text}: need 0 <= I < N (I counts from 0)")
        return Shard(index, count)

    def owns(self, fingerprint: str) -> bool:
        digest = hashlib.sha256(fingerprint.encode("utf-8")).digest()
        return int.from_bytes(digest[:8], "big") % self.count == self.index

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


@dataclass(frozen=True)
class Group:
    """Findings investigated together: the primary is investigated, members share its verdict."""

    primary: Finding
    members: tuple[Finding, ...]  # includes the primary


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


@dataclass(frozen=True)
class TriageOptions:
    repo: Path
    config: Config
    jobs: int = 4
    shard: Shard | None = None
    baseline: Path | None = None
    budget_usd: float | None = None
    checkpoint: bool | None = None  # None: checkpoint model investigations only (heuristic ones are cheap)
    processes: int | None = None  # heuristic runs over worker processes; None: one per CPU for big runs


# --- inputs ---------------------------------------------------------------------------------------


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


def _load(files: Sequence[Path], repo: Path, bases: Any = None) -> LoadResult:
    from sastls.analyzers.findings.load import load_findings

    return load_findings(list(files), repo, fingerprint_bases=bases, keep_documents=True)


class _EarlyWorkers:
    """Fingerprint bases for ``load_findings``: over worker processes started for the occasion
    when the run is big enough to investigate over processes anyway (they are kept for that)."""

    def __init__(self, options: TriageOptions) -> None:
        self.options = options
        self.workers: Workers | None = None

    def __call__(self, findings: Sequence[Finding], repo: Path) -> list[str]:
        from sastls.analyzers.fingerprints import fingerprint_bases

        procs = worker_processes(self.options, len(findings))
        if procs > 1:
            try:
                from .batch_workers import Workers

                self.workers = Workers(self.options, procs)
                return self.workers.fingerprint_bases(findings, repo)
            except Exception as exc:  # a broken worker must not cost the fingerprints
                log.warning("fingerprints over worker processes failed (%s): computed here", exc)
                self.close()
        return fingerprint_bases(findings, repo)

    def close(self) -> None:
        if self.workers is not None:
            self.workers.close()
            self.workers = None


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
    fps.update(f.fingerprint for f in _load([path], repo).findings if f.fingerprint)
    return fps


def group_findings(findings: Sequence[Finding]) -> list[Group]:
    from sastls.analyzers.findings.merge import group_duplicates

    return [Group(g.primary, tuple(g.members)) for g in group_duplicates(list(findings))]


# --- content hashes ---------------------------------------------------------------------------------


def content_hash(data: bytes) -> str:
    """The hash verdicts are tied to: the same as the workspace index's (blake2b, 16 bytes)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class ContentHashes:
    """Content hashes of workspace files, read once per run."""

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        self._cache: dict[str, str] = {}

    def __call__(self, rel: str) -> str:
        if rel not in self._cache:
            try:
                self._cache[rel] = content_hash((self.repo / rel).read_bytes())
            except OSError:
                self._cache[rel] = "missing"
        return self._cache[rel]


# --- the run ----------------------------------------------------------------------------------------


def default_investigate() -> Investigate:
    from sastls.graph.run import ainvestigate

    async def run(
        finding: Finding, workspace: Path, config: Config, *, index: Any, checkpoint: bool
    ) -> Verdict:
        verdict: Verdict = await ainvestigate(
            finding, workspace, config, index=index, store=None, checkpoint=checkpoint
        )
        return verdict

    return run


def default_index(repo: Path, config: Config) -> Any:
    from sastls.analyzers.code.index import WorkspaceIndex

    return WorkspaceIndex(
        repo, exclude_globs=config.exclude_globs, max_file_bytes=config.fetch.max_file_bytes
    )


def reusable(stored: Verdict, config: Config, workspace: Path | None = None) -> bool:
    """May a stored verdict for the same code stand in for a new investigation? A person's always;
    an analyst's when the same analyst, at the same version, with the same models (and for llm the
    same model) reached it (``graph.provenance.stale_reason``)."""
    return stale_reason(stored, config, workspace) is None


class Runner:
    """Investigates groups one by one (``all`` runs ``jobs`` of them at a time) and keeps the tally."""

    def __init__(
        self,
        options: TriageOptions,
        store: Store,
        investigate: Investigate,
        index: Any,
        progress: Progress,
    ) -> None:
        self.o = options
        self.store = store
        self.investigate = investigate
        self.index = index
        self.progress = progress
        self.hashes = ContentHashes(options.repo)
        self.verdicts: dict[str, Verdict] = {}
        self.skipped: list[Skipped] = []
        self.investigated: list[str] = []
        self.reused = 0
        self.redecided: dict[str, str] = {}  # fingerprint -> why its stored verdict no longer stands
        self.models_digest = models_digest(options.repo, options.config.models)
        self.spent = 0.0
        self.checkpoint = (
            options.checkpoint if options.checkpoint is not None else options.config.analyst == "llm"
        )
        self.should_stop: Callable[[], bool] = lambda: False

    def budget_left(self) -> float | None:
        if self.o.budget_usd is None:
            return None
        return self.o.budget_usd - self.spent

    def _config_for_next(self) -> Config:
        left = self.budget_left()
        cfg = self.o.config
        if left is None:
            return cfg
        per = cfg.budget_usd_per_finding
        return replace(cfg, budget_usd_per_finding=left if per is None else min(per, left))

    def _record(self, group: Group, verdict: Verdict, content_hash: str, *, store: bool) -> None:
        """Keep the verdict for every member (the cost counted once, on the primary); commit it."""
        primary = group.primary
        if store and verdict.analyst_version is None:
            verdict = stamp(verdict, self.o.repo, self.o.config)  # what it was reached with
        decided = [(primary, replace(verdict, fingerprint=primary.fingerprint, content_hash=content_hash))]
        decided += [
            (m, replace(verdict, fingerprint=m.fingerprint, usage=Usage(), content_hash=self.hashes(m.path)))
            for m in group.members
            if m.fingerprint != primary.fingerprint
        ]
        for m, v in decided:
            self.verdicts[m.fingerprint] = v
        if store:
            for m, v in decided:
                self.store.put(v, m)

    def reuse(self, group: Group) -> bool:
        """Take the stored verdict when the same code was already decided; False if there is none."""
        primary = group.primary
        content_hash = self.hashes(primary.path)
        try:
            stored = self.store.decided(primary.fingerprint, content_hash)
        except Exception as exc:  # a broken store must not lose the rest of the run
            log.warning("verdict store lookup failed for %s: %s", primary.fingerprint, exc)
            return False
        if stored is None:
            return False
        stale = stale_reason(stored, self.o.config, self.o.repo, digest=self.models_digest)
        if stale is not None:
            self.redecided[primary.fingerprint] = stale  # decided again: the summary says why
            return False
        self.reused += 1
        self._record(group, stored, content_hash, store=False)
        try:
            for m in group.members:
                if m.fingerprint != primary.fingerprint and self.store.get(m.fingerprint) is None:
                    self.store.put(self.verdicts[m.fingerprint], m)
        except Exception as exc:
            log.warning("could not store duplicates of %s: %s", primary.fingerprint, exc)
        self.progress.advance(stored, reused=True)
        return True

    def _budget_skip(self, group: Group) -> None:
        for m in group.members:
            self.skipped.append(Skipped(m.fingerprint, f"budget of ${self.o.budget_usd:.2f} reached"))
        self.progress.advance(None)

    def reuse_all(self, groups: Sequence[Group]) -> list[Group]:
        """Reuse what is already decided; the groups left to investigate."""
        return [g for g in groups if not self.reuse(g)]

    async def one(self, group: Group) -> None:
        primary = group.primary
        content_hash = self.hashes(primary.path)
        if self.reuse(group):
            return
        left = self.budget_left()
        config = self._config_for_next()
        over_budget = self.o.config.analyst == "llm" and left is not None and left <= 0
        if over_budget:
            if not self.o.config.cascade:
                self._budget_skip(group)
                return
            config = replace(self.o.config, analyst="heuristic")  # free verdicts still count
        started = time.perf_counter()
        try:
            verdict = await self.investigate(
                primary, self.o.repo, config, index=self.index, checkpoint=self.checkpoint and not over_budget
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning(
                "investigation of %s (%s:%d) failed: %s", primary.rule_id, primary.path, primary.line, exc
            )
            log.debug("details", exc_info=True)
            for m in group.members:
                self.skipped.append(Skipped(m.fingerprint, f"error: {type(exc).__name__}: {exc}"))
            self.progress.advance(None)
            return
        if over_budget and verdict.verdict == "NEEDS_REVIEW":
            self._budget_skip(group)  # inconclusive offline: left for the model on a later run
            return
        seconds = time.perf_counter() - started
        if verdict.usage.seconds <= 0:
            verdict = replace(verdict, usage=replace(verdict.usage, seconds=seconds))
        self.spent += verdict.usage.cost_usd
        self.investigated.append(primary.fingerprint)
        final = verdict.stop_reason not in RETRY_STOP_REASONS
        if not final:
            for m in group.members:
                self.skipped.append(
                    Skipped(m.fingerprint, f"not final ({verdict.stop_reason}): retried next run")
                )
        try:
            self._record(group, verdict, content_hash, store=final)
        except Exception as exc:
            log.warning("could not store the verdict of %s: %s", primary.fingerprint, exc)
            self.verdicts[primary.fingerprint] = verdict
        self.progress.advance(verdict)

    async def all(self, groups: Sequence[Group]) -> None:
        work = iter(groups)

        async def worker() -> None:
            for group in work:  # one event loop: handing out the next group needs no lock
                if self.should_stop():
                    return
                await self.one(group)

        workers = [asyncio.create_task(worker()) for _ in range(max(1, min(self.o.jobs, len(groups))))]
        try:
            await asyncio.gather(*workers)
        finally:
            for w in workers:
                w.cancel()


def merge_repeats(groups: Sequence[Group]) -> list[Group]:
    """Join groups that are the same report of the same tool read from different files
    (e.g. bandit's SARIF and JSON output of one scan): same tool, rule, path and line."""
    out: list[Group] = []
    seen: dict[tuple[str, str, str, int], int] = {}
    sources: list[set[str | None]] = []
    for g in groups:
        p = g.primary
        key = (p.tool.lower(), p.rule_id, p.path, p.line)
        own = {m.source_file for m in g.members}
        at = seen.get(key)
        if at is not None and not (own & sources[at]):
            out[at] = Group(out[at].primary, out[at].members + g.members)
            sources[at] |= own
            continue
        seen.setdefault(key, len(out))
        out.append(g)
        sources.append(own)
    return out


PROCESS_THRESHOLD = 300
"""Below this many investigations, starting worker processes (about a second each) does not pay."""


def worker_processes(options: TriageOptions, groups: int) -> int:
    """How many processes investigate: the heuristic analyst is CPU-bound, so one per CPU for big runs."""
    if options.config.analyst != "heuristic":
        return 1  # model-bound: concurrency comes from --jobs on one event loop
    if options.processes is not None:
        return max(1, min(options.processes, groups))
    if groups < PROCESS_THRESHOLD:
        return 1
    return max(1, min(os.cpu_count() or 1, options.jobs, groups // (PROCESS_THRESHOLD // 2)))


def select(
    findings: Sequence[Finding],
    shard: Shard | None,
    baseline: set[str] | None,
) -> tuple[list[Group], dict[str, BaselineState], dict[str, str]]:
    """Groups in scope, the baseline state of every finding, and member -> primary fingerprints."""
    state: dict[str, BaselineState] = {}
    if baseline is not None:
        for f in findings:
            state[f.fingerprint] = "unchanged" if f.fingerprint in baseline else "new"
        candidates = [f for f in findings if state[f.fingerprint] == "new"]
    else:
        candidates = list(findings)
    groups = merge_repeats(group_findings(candidates))
    if shard is not None:
        groups = [g for g in groups if shard.owns(g.primary.fingerprint)]
    duplicate_of = {
        m.fingerprint: g.primary.fingerprint
        for g in groups
        for m in g.members
        if m.fingerprint != g.primary.fingerprint
    }
    return groups, state, duplicate_of


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
    groups, state, duplicate_of = select(findings, options.shard, baseline)
    scope = [m for g in groups for m in g.members]
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
    stats = RunStats(
        analyst=options.config.analyst,
        model=options.config.model if options.config.analyst == "llm" else None,
        total=len(scope),
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
        scope=scope,
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
    early = _EarlyWorkers(options) if investigate is None and options.config.analyst == "heuristic" else None
    try:
        return await _atriage(
            files, options, store=store, investigate=investigate, progress=progress, early=early
        )
    finally:
        if early is not None:
            early.close()


async def _atriage(
    files: Sequence[Path],
    options: TriageOptions,
    *,
    store: VerdictStore | None,
    investigate: Investigate | None,
    progress: Progress | None,
    early: _EarlyWorkers | None,
) -> TriageResult:
    loaded = await asyncio.to_thread(_load, files, options.repo, early)
    problems = classify_load_errors(files, loaded)
    input_errors = problems.input_errors
    problem = wrong_repo(loaded.findings, options.repo)
    if problem is not None:
        raise WrongRepo(problem)  # before the store is opened: nothing is written in the wrong folder
    baseline: set[str] | None = None
    if options.baseline is not None:
        try:
            baseline = await asyncio.to_thread(baseline_fingerprints, options.baseline, options.repo)
        except ValueError as exc:
            input_errors.append(str(exc))
    own_store = store is None
    if store is None:
        from sastls.graph.store import StoreError

        try:
            st = open_store(options.repo, options.config)
        except StoreError as exc:
            empty = await atriage_findings([], options, store=_NoStore(), investigate=investigate)
            empty.findings = loaded.findings
            empty.input_errors = [*input_errors, str(exc)]
            empty.rejected = problems.rejected
            empty.load_warnings = problems.warnings
            return empty
    else:
        st = store
    try:
        result = await atriage_findings(
            loaded.findings,
            options,
            store=st,
            investigate=investigate,
            progress=progress,
            baseline=baseline,
            workers=early.workers if early is not None else None,
        )
    finally:
        if own_store:
            st.close()
    sources = {f.source_file for f in loaded.findings if f.source_file}
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
