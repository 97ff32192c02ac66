"""The runner of a batch triage: which findings are investigated together, and how each group
becomes a verdict that is committed the moment it is reached.

Used by ``batch`` (one event loop) and by ``batch_workers`` (one runner per worker process); it
imports neither of them.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, Protocol

from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding
from sastls.graph.provenance import models_digest, stale_reason, stamp
from sastls.graph.verdict import Usage, Verdict

from .progress import Progress
from .reports.stats import Skipped

log = logging.getLogger(__name__)

BaselineState = Literal["new", "unchanged"]

GC_THRESHOLD = (20_000, 10, 10)
"""Garbage-collector thresholds of a batch triage's processes (workers and the CLI). They hold
millions of small objects for the whole run (the summaries of the files read, the findings):
with Python's defaults the cyclic collector rescans them over and over, about a tenth of a
worker's time. Only cyclic garbage waits longer; the rest is freed at once."""

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

    def known(self, rel: str, digest: str) -> None:
        """The hash of ``rel`` as read by someone else this run (a workspace index)."""
        self._cache.setdefault(rel, digest)

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
