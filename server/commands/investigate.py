"""``sastls investigate FINDINGS --repo DIR (--finding FP | --at PATH:LINE) [--analyst ...] [--json]``.

Options: ``--analyst heuristic|llm``, ``--model M`` (litellm model string), ``--api-base URL``.

Investigates one finding with the graph and prints the verdict, its justification, the code
evidence, the path the graph took and the usage (model calls, tokens, cost, time). Progress
goes to stderr; ``--json`` prints the verdict as one JSON object on stdout. The verdict is
written to the workspace's verdict store. Exit 0 on a verdict (any label), 2 on usage or
input errors (no such finding, ambiguous selection, llm without a model).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from sastls.analyzers.findings.model import Finding

EXIT_OK = 0
EXIT_INPUT = 2


class SelectionError(Exception):
    pass


def _rel(path: str, repo: Path) -> str:
    p = Path(path)
    if p.is_absolute():
        try:
            p = p.resolve().relative_to(repo.resolve())
        except ValueError:
            raise SelectionError(f"{path} is outside the workspace {repo}") from None
    return p.as_posix().removeprefix("./")


def _describe(f: Finding) -> str:
    return f"{f.fingerprint[:16]}  {f.tool} {f.rule_id}  {f.path}:{f.line}"


def select(findings: list[Finding], repo: Path, *, fingerprint: str | None, at: str | None) -> Finding:
    """The one finding named by ``--finding`` (exact or unique prefix) or ``--at PATH:LINE``."""
    if fingerprint is not None:
        exact = [f for f in findings if f.fingerprint == fingerprint]
        matches = exact or [f for f in findings if fingerprint and f.fingerprint.startswith(fingerprint)]
        what = f"fingerprint {fingerprint!r}"
    else:
        assert at is not None
        path, sep, line_text = at.rpartition(":")
        if not sep or not path or not line_text.isdigit():
            raise SelectionError(f"--at {at!r}: expected PATH:LINE")
        rel, line = _rel(path, repo), int(line_text)
        matches = [f for f in findings if f.path == rel and f.line <= line <= f.location.region.last_line]
        what = f"location {rel}:{line}"
    if not matches:
        raise SelectionError(f"no finding at {what}")
    if len(matches) > 1 and at is not None:
        from sastls.analyzers.findings.merge import group_duplicates

        groups = group_duplicates(matches)
        if len(groups) == 1:  # one weakness reported by several tools: investigate it once
            primary = groups[0].primary
            others = ", ".join(f"{f.tool} {f.rule_id}" for f in groups[0].members if f is not primary)
            print(
                f"sastls investigate: {primary.tool} {primary.rule_id} (duplicates: {others})",
                file=sys.stderr,
            )
            return primary
    if len(matches) > 1:
        listing = "\n".join("  " + _describe(f) for f in matches[:20])
        raise SelectionError(f"{len(matches)} findings match {what}; pick one with --finding:\n{listing}")
    return matches[0]


def _overrides(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if args.analyst:
        out["analyst"] = args.analyst
    if args.model:
        out["model"] = args.model
    if args.api_base:
        out["api_base"] = args.api_base
    if getattr(args, "cascade", None) is not None:
        out["cascade"] = args.cascade
    for key in ("deadline", "request_timeout"):
        if getattr(args, key, None) is not None:
            out[key] = getattr(args, key)
    return out


def print_verdict(verdict: Any, finding: Finding, out: TextIO) -> None:
    u = verdict.usage
    out.write(f"{finding.tool} {finding.rule_id} at {finding.path}:{finding.line}\n")
    out.write(f"verdict:       {verdict.verdict} (confidence {verdict.confidence:.2f})\n")
    decided = verdict.analyst + (f" ({verdict.model})" if verdict.model else "")
    out.write(f"analyst:       {decided}\n")
    if verdict.reason:
        out.write(f"reason:        {verdict.reason}\n")
    if verdict.stop_reason:
        out.write(f"stopped by:    {verdict.stop_reason}\n")
    out.write(f"justification: {verdict.justification}\n")
    if verdict.evidence:
        out.write("evidence:\n")
        for e in verdict.evidence:
            span = f"{e.start_line}" if e.end_line == e.start_line else f"{e.start_line}-{e.end_line}"
            out.write(f"  - {e.path}:{span} [{e.role}] {e.why}\n")
    out.write(f"path taken:    {' -> '.join(verdict.path_taken) or '-'}\n")
    out.write(
        f"usage:         {u.model_calls} model calls, {u.prompt_tokens} prompt + {u.completion_tokens} "
        f"completion tokens, ${u.cost_usd:.4f}, {u.seconds:.2f}s\n"
    )
    out.write(f"fingerprint:   {verdict.fingerprint}\n")


def run(args: argparse.Namespace) -> int:
    from sastls.analyzers.config import load_config
    from sastls.analyzers.findings.load import load_findings
    from sastls.server.repo import wrong_repo

    repo = Path(args.repo)
    if not repo.is_dir():
        print(f"sastls investigate: --repo {repo}: not a directory", file=sys.stderr)
        return EXIT_INPUT
    config, config_errors = load_config(repo, _overrides(args))
    for ce in config_errors:
        print(f"sastls investigate: config: {ce}", file=sys.stderr)
    if config.analyst == "llm" and not config.model:
        print(
            "sastls investigate: the llm analyst needs --model (or `model` in .sastls.toml)", file=sys.stderr
        )
        return EXIT_INPUT
    loaded = load_findings(list(args.files), repo)
    for le in loaded.errors:
        print(f"sastls investigate: {le}", file=sys.stderr)
    if (problem := wrong_repo(loaded.findings, repo)) is not None:
        print(f"sastls investigate: {problem}", file=sys.stderr)
        return EXIT_INPUT
    try:
        finding = select(loaded.findings, repo, fingerprint=args.finding, at=args.at)
    except SelectionError as exc:
        print(f"sastls investigate: {exc}", file=sys.stderr)
        return EXIT_INPUT
    return asyncio.run(_investigate(finding, repo, config, as_json=bool(args.json)))


async def _investigate(finding: Finding, repo: Path, config: Any, *, as_json: bool) -> int:
    from sastls.graph.llm import aclose
    from sastls.graph.run import StepEvent, ainvestigate
    from sastls.graph.store import VerdictStore

    def progress(event: StepEvent) -> None:
        print(f"[{event.iteration:>2}] {event.node}: {event.message}", file=sys.stderr)

    store: VerdictStore | None
    try:
        store = VerdictStore.for_workspace(repo, config)
    except Exception as exc:  # a read-only workspace still gets a verdict
        print(f"sastls investigate: verdict not stored ({exc})", file=sys.stderr)
        store = None
    try:
        verdict = await ainvestigate(finding, repo, config, store=store, on_event=progress)
    finally:
        if store is not None:
            store.close()
        await aclose()
    if as_json:
        sys.stdout.write(json.dumps(verdict.to_dict(), ensure_ascii=False, default=str) + "\n")
    else:
        print_verdict(verdict, finding, sys.stdout)
    return EXIT_OK
