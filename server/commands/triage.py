"""``sastls triage FINDINGS... --repo DIR``: investigate every finding, write the outputs, gate CI.

Exit codes: 0 when no TRUE_POSITIVE / NEEDS_REVIEW finding (or finding left without a
verdict) is at or above ``--fail-on``; 1 otherwise; 2 on usage or input errors.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from sastls.analyzers.config import Config, load_config
from sastls.server.batch import (
    Shard,
    TriageOptions,
    TriageResult,
    atriage,
    gate_failures,
    jsonl_text,
    nofp_path,
    source_reader,
    triaged_document,
    write_text,
)
from sastls.server.cli import EXIT_GATE, EXIT_OK, EXIT_USAGE
from sastls.server.progress import make_progress
from sastls.server.repo import WrongRepo
from sastls.server.reports.stats import finding_counts, merged, scope_text
from sastls.server.runner import GC_THRESHOLD

ORDER = ("TRUE_POSITIVE", "NEEDS_REVIEW", "FALSE_POSITIVE", "UNTRIAGED")


class UsageError(Exception):
    pass


@dataclass(frozen=True)
class Plan:
    files: list[Path]
    options: TriageOptions


def _err(message: str) -> None:
    print(f"sastls triage: error: {message}", file=sys.stderr)


def github_link_base(repo: Path, environ: dict[str, str] | None = None) -> str | None:
    """``https://github.com/OWNER/REPO/blob/SHA`` inside GitHub Actions when --repo is the checkout."""
    env = dict(os.environ) if environ is None else environ
    server, name, sha, ws = (
        env.get(k) for k in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA", "GITHUB_WORKSPACE")
    )
    if not (server and name and sha and ws):
        return None
    try:
        if repo.resolve() != Path(ws).resolve():
            return None
    except OSError:
        return None
    return f"{server}/{name}/blob/{sha}"


def plan(args: argparse.Namespace, environ: dict[str, str] | None = None) -> Plan:
    """Check the arguments and read the configuration; raises UsageError with a clear message."""
    repo = Path(args.repo)
    if not repo.is_dir():
        raise UsageError(f"--repo {args.repo}: not a directory")
    files = [Path(f) for f in args.files]
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        raise UsageError("findings file not found: " + ", ".join(missing))
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.budget_usd is not None and args.budget_usd < 0:
        raise UsageError("--budget-usd must not be negative")
    try:
        shard = Shard.parse(args.shard) if args.shard else None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    baseline = Path(args.only_new) if args.only_new else None
    if baseline is not None and not baseline.is_file():
        raise UsageError(f"--only-new {args.only_new}: file not found")
    overrides: dict[str, Any] = {}
    for key in ("analyst", "model", "api_base", "cascade", "deadline", "request_timeout"):
        value = getattr(args, key, None)
        if value is not None:
            overrides[key] = value
    if getattr(args, "store", None):
        overrides["store_path"] = str(Path(args.store).resolve())
    config, problems = load_config(repo, overrides, environ)
    for p in problems:
        print(f"sastls triage: warning: config {p}", file=sys.stderr)
    if config.analyst == "llm" and not config.model:
        raise UsageError("--analyst llm needs a model (--model, or `model` in .sastls.toml)")
    jobs = args.jobs if args.jobs is not None else max(1, config.concurrency)
    options = TriageOptions(
        repo=repo, config=config, jobs=jobs, shard=shard, baseline=baseline, budget_usd=args.budget_usd
    )
    return Plan(files, options)


def write_outputs(args: argparse.Namespace, result: TriageResult, config: Config) -> list[tuple[str, Path]]:
    """Write every output asked for; returns (what, where) for the summary. Raises OSError."""
    written: list[tuple[str, Path]] = []
    repo = Path(args.repo)
    if args.out:
        from sastls.server.reports.sarif import sarif_text

        repairs: list[str] = []
        doc = triaged_document(result, workspace=repo, repairs=repairs)
        for note in repairs:
            print(f"sastls triage: warning: triaged SARIF: {note}", file=sys.stderr)
        out = Path(args.out)
        write_text(out, sarif_text(doc))
        written.append(("triaged SARIF", out))
        if args.drop_false_positives:
            from sastls.server.reports.sarif import drop_false_positives

            nofp = nofp_path(out)
            write_text(nofp, sarif_text(drop_false_positives(doc)))
            written.append(("SARIF without false positives", nofp))
    if args.jsonl:
        write_text(Path(args.jsonl), jsonl_text(result))
        written.append(("verdicts (JSON lines)", Path(args.jsonl)))
    if args.markdown:
        from sastls.server.reports.markdown import render_markdown

        link_base = args.link_base or github_link_base(repo)
        text = render_markdown(result.scope, result.verdicts, result.stats, link_base=link_base)
        write_text(Path(args.markdown), text)
        written.append(("Markdown summary", Path(args.markdown)))
    if args.report:
        from sastls.server.reports.html import render_html

        page = render_html(result.scope, result.verdicts, result.stats, read_lines=source_reader(repo))
        write_text(Path(args.report), page)
        written.append(("HTML report", Path(args.report)))
    return written


def summary(
    result: TriageResult,
    written: list[tuple[str, Path]],
    fail_on: str,
    failures: int,
    out: TextIO,
    *,
    style: Callable[[str, str], str] = lambda text, _label: text,
) -> None:
    st = result.stats
    groups = merged(result.scope, st.duplicate_of)
    c = finding_counts(groups, result.verdicts)
    scope = scope_text(len(groups), len(result.scope))
    if st.shard:
        scope += f", shard {st.shard}"
    if result.baseline_state:
        unchanged = sum(1 for s in result.baseline_state.values() if s == "unchanged")
        scope += f", {unchanged} unchanged since the baseline left out"
    analyst = st.analyst + (f" ({st.model})" if st.model else "")
    print(f"sastls triage: {scope}, analyst {analyst}, {st.wall_seconds:.1f} s with {st.jobs} jobs", file=out)
    width = max(len(k) for k in ORDER)
    for label in ORDER:
        if c.get(label) or label != "UNTRIAGED":
            print(f"  {style(label.ljust(width), label)}  {c.get(label, 0):>6}", file=out)
    ran = [result.verdicts[fp] for fp in result.investigated_fingerprints if fp in result.verdicts]
    tokens = sum(v.usage.prompt_tokens + v.usage.completion_tokens for v in ran)
    cost = sum(v.usage.cost_usd for v in ran)
    line = f"  investigated {st.investigated}, reused {st.reused} verdicts from earlier runs"
    if tokens:
        line += f", {tokens:,} tokens, ${cost:.4f}"
    print(line, file=out)
    if st.redecided:
        why = ", ".join(f"{n} {reason}" for reason, n in sorted(st.redecided.items(), key=lambda kv: -kv[1]))
        print(
            f"  decided again: {sum(st.redecided.values())} stored verdicts no longer stood ({why})", file=out
        )
    if st.skipped:
        reasons: dict[str, int] = {}
        for s in st.skipped:
            reasons[s.reason] = reasons.get(s.reason, 0) + 1
        print(f"  scanner reports not triaged: {len(st.skipped)}", file=out)
        for reason, n in sorted(reasons.items(), key=lambda kv: -kv[1])[:10]:
            print(f"    {n} x {reason}", file=out)
    if result.rejected:
        print(f"  {len(result.rejected)} input records could not be read (see stderr)", file=out)
    if written:
        print("Written:", file=out)
        w = max(len(what) for what, _ in written)
        for what, path in written:
            print(f"  {what.ljust(w)}  {path}", file=out)
    if result.input_errors or result.rejected:
        n = len(result.input_errors) + len(result.rejected)
        print(
            f"Input errors ({n}): exit {EXIT_USAGE} (everything readable was triaged and written)", file=out
        )
    elif fail_on == "never":
        print("Gate: --fail-on never", file=out)
    elif failures:
        print(
            f"Gate: {failures} findings at level {fail_on} or above are TRUE_POSITIVE, NEEDS_REVIEW "
            f"or not triaged: exit {EXIT_GATE}",
            file=out,
        )
    else:
        print(f"Gate: nothing at level {fail_on} or above needs attention: exit {EXIT_OK}", file=out)


def _style_for(out: TextIO) -> Callable[[str, str], str]:
    if not out.isatty() or os.environ.get("NO_COLOR"):
        return lambda text, _label: text
    colors = {"TRUE_POSITIVE": "31;1", "NEEDS_REVIEW": "33;1", "FALSE_POSITIVE": "32", "UNTRIAGED": "2"}
    return lambda text, label: f"\x1b[{colors.get(label, '0')}m{text}\x1b[0m"


def run(args: argparse.Namespace) -> int:
    try:
        p = plan(args)
    except UsageError as exc:
        _err(str(exc))
        return EXIT_USAGE
    progress = make_progress(enabled=not args.no_progress)
    gc.set_threshold(*GC_THRESHOLD)  # this process holds every finding and verdict of the run
    try:
        result = asyncio.run(atriage(p.files, p.options, progress=progress))
    except WrongRepo as exc:
        _err(str(exc))
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(
            "sastls triage: interrupted; the verdicts reached so far are saved, "
            "rerun the same command to resume",
            file=sys.stderr,
        )
        return 130
    for line in (*result.input_errors, *result.rejected, *result.load_warnings):
        print(line, file=sys.stderr)  # FILE: WHERE: error|warning: message
    try:
        written = write_outputs(args, result, p.options.config)
    except OSError as exc:
        _err(f"cannot write output: {exc}")
        return EXIT_USAGE
    failures = gate_failures(result, args.fail_on)
    failing = len({result.stats.duplicate_of.get(f.fingerprint, f.fingerprint) for f in failures})
    summary(result, written, args.fail_on, failing, sys.stdout, style=_style_for(sys.stdout))
    if result.input_errors or result.rejected:
        return EXIT_USAGE  # after writing everything else: a rejected record is never silent
    return EXIT_GATE if failures else EXIT_OK
