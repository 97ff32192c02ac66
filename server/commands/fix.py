"""``sastls fix FINDINGS --repo DIR (--finding FP | --at PATH:LINE | --all) [--apply | --patch OUT.diff]
[--test-command CMD] [--budget-usd X] [--sarif OUT.sarif] [--analyst heuristic|llm] [--model M]
[--api-base URL] [--json]``.

Runs the fix loop (``sastls.graph.fix_loop``) for the selected findings and prints, for each, the
attempts and what was verified (scope, parse, names, semantics, re-scan, tests) and at which level
(``tested``: the project's tests ran and passed with it; ``scanner-clean``: no test ran), and whether
the fix changes a stored data format (it then needs a migration). Only verified fixes are ever
written: ``--apply`` writes them to the files (and only when a file is still as it was verified; a
fix a person applied this way is a known fix from then on), ``--patch`` writes them as one unified diff.
An unverified result shows why, and its last attempt as a diff that is never written.
When several findings of one run are in the same file, only the
first verified fix for that file is kept (each applied change must be the one that was verified):
run the command again for the others. ``--json``: one object per finding on stdout (the fix, and its
SARIF ``fix`` object). Exit 0 when at least one verified fix was produced, 1 when none, 2 on usage or
input errors.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from sastls.analyzers.config import Config
    from sastls.analyzers.findings.model import Finding
    from sastls.graph.fix_loop import VerifiedFix

EXIT_OK = 0
EXIT_NO_FIX = 1
EXIT_INPUT = 2


def _err(message: str) -> None:
    print(f"sastls fix: {message}", file=sys.stderr)


def print_fix(fix: VerifiedFix, finding: Finding, out: TextIO) -> None:
    out.write(
        f"{finding.tool} {finding.rule_id} at {finding.path}:{finding.line}  ({finding.fingerprint[:16]})\n"
    )
    for a in fix.attempts:
        state = "verified" if a.verified else f"failed: {a.error}"
        again = " (same patch as before)" if a.repeated else ""
        out.write(f"  attempt {a.number} [{a.phase}, {a.proposer}] {a.description or '-'}{again}: {state}\n")
    for note in fix.notes:
        out.write(f"  ({note})\n")
    if fix.verified:
        out.write(f"  VERIFIED ({fix.level}): {fix.description}\n")
        if fix.migration:
            out.write(f"  NEEDS A MIGRATION: {fix.migration}\n")
        for c in fix.verification.get("checks", []):
            cmd = f"  [{c['command']}]" if c.get("command") else ""
            out.write(f"    {c['name']:<9} ok  {c['detail']} ({c['seconds']:.2f}s){cmd}\n")
        out.write(fix.diff)
    else:
        out.write(f"  no verified fix: {fix.stop_reason}\n")
        if fix.diff:
            out.write("  the last attempt (NOT verified, never applied):\n")
            out.write("".join(f"    {line}\n" for line in fix.diff.splitlines()))
    u = fix.usage
    cost = f", model: {u.model_calls} call(s), ${u.cost_usd:.4f}" if u.model_calls else ""
    out.write(f"  ({len(fix.attempts)} attempt(s), {fix.seconds:.2f}s{cost})\n\n")


def _overrides(args: argparse.Namespace) -> dict[str, Any]:
    from sastls.server.commands.investigate import _overrides as analyst_overrides

    out = analyst_overrides(args)
    if args.test_command:
        out["fix"] = {"test_command": args.test_command}
    return out


def _budget_for(config: Config, left: float | None) -> Config:
    """The per-finding budget, bounded by what is left of the run's ``--budget-usd``."""
    from dataclasses import replace

    if left is None:
        return config
    per = config.budget_usd_per_finding
    return replace(config, budget_usd_per_finding=left if per is None else min(per, left))


def run(args: argparse.Namespace) -> int:
    from sastls.analyzers.config import load_config
    from sastls.analyzers.findings.load import load_findings
    from sastls.server.commands.investigate import SelectionError, select
    from sastls.server.repo import wrong_repo

    repo = Path(args.repo)
    if not repo.is_dir():
        _err(f"--repo {repo}: not a directory")
        return EXIT_INPUT
    if getattr(args, "budget_usd", None) is not None and args.budget_usd < 0:
        _err("--budget-usd must not be negative")
        return EXIT_INPUT
    config, config_errors = load_config(repo, _overrides(args))
    for ce in config_errors:
        _err(f"config: {ce}")
    if config.analyst == "llm" and not config.model:
        _err("the llm analyst needs --model (or `model` in .sastls.toml)")
        return EXIT_INPUT
    loaded = load_findings(list(args.files), repo)
    for le in loaded.errors:
        _err(str(le))
    if (problem := wrong_repo(loaded.findings, repo)) is not None:
        _err(problem)
        return EXIT_INPUT
    if getattr(args, "all", False):
        unique: dict[str, Finding] = {}
        for f in loaded.findings:
            unique.setdefault(f.fingerprint, f)
        selected = sorted(unique.values(), key=lambda f: (f.path, f.line, f.rule_id))
        if not selected:
            _err("no findings to fix")
            return EXIT_INPUT
    else:
        try:
            selected = [select(loaded.findings, repo, fingerprint=args.finding, at=args.at)]
        except SelectionError as exc:
            _err(str(exc))
            return EXIT_INPUT
    return asyncio.run(_fix_all(selected, repo, config, args, everything=loaded.findings))


async def _fix_all(
    findings: list[Finding],
    repo: Path,
    config: Config,
    args: argparse.Namespace,
    *,
    everything: list[Finding] | None = None,
) -> int:
    from dataclasses import replace

    from sastls.graph.fix.patch import apply_all, unified_diff
    from sastls.graph.fix_loop import afix
    from sastls.graph.llm import aclose
    from sastls.graph.run import StepEvent
    from sastls.graph.store import VerdictStore
    from sastls.server.reports.sarif import sarif_fix

    def progress(event: StepEvent) -> None:
        print(f"[{event.iteration:>2}] {event.node}: {event.message}", file=sys.stderr)

    try:
        store: VerdictStore | None = VerdictStore.for_workspace(repo, config)
    except Exception as exc:  # a read-only workspace still gets fixes
        _err(f"known fixes not used or recorded ({exc})")
        store = None
    kept: dict[str, tuple[Finding, VerifiedFix]] = {}
    sarif_fixes: dict[str, list[dict[str, Any]]] = {}
    verified = 0
    budget: float | None = getattr(args, "budget_usd", None)
    spent = 0.0
    try:
        for finding in findings:
            if finding.path in kept:
                _err(
                    f"{finding.rule_id} at {finding.path}:{finding.line}: same file as an earlier fix "
                    "in this run; run again after applying it"
                )
                continue
            left = None if budget is None else max(0.0, budget - spent)
            run_config = _budget_for(config, left)
            if left is not None and left <= 0 and config.analyst == "llm":
                run_config = replace(run_config, analyst="heuristic")  # offline rewrites only from here
            try:
                result = await afix(finding, repo, run_config, store=store, on_event=progress)
            except Exception as exc:  # one finding's failure never stops the rest
                _err(f"{finding.rule_id} at {finding.path}:{finding.line}: fix loop failed: {exc}")
                continue
            spent += result.usage.cost_usd
            if result.verified:
                verified += 1
                kept[finding.path] = (finding, result)
            if result.verified:
                sarif_fixes[finding.fingerprint] = [
                    sarif_fix(result.description, result.changes(), result.verification)
                ]
            if args.json:
                data: dict[str, Any] = {"finding": finding.fingerprint, "fix": result.to_dict()}
                if result.verified:
                    data["sarif_fix"] = sarif_fix(result.description, result.changes(), result.verification)
                sys.stdout.write(json.dumps(data, ensure_ascii=False, default=str) + "\n")
            else:
                print_fix(result, finding, sys.stdout)
    finally:
        if store is not None:
            store.close()
        await aclose()

    originals: dict[str, str] = {}
    patched: dict[str, str] = {}
    for path, (_finding, result) in kept.items():
        try:
            current = (repo / path).read_text(encoding="utf-8", errors="surrogateescape")
            new = apply_all({path: current}, list(result.edits))
        except (OSError, ValueError) as exc:
            _err(f"{path}: fix not written: {exc}")
            continue
        if unified_diff({path: current}, new) != result.diff:
            _err(f"{path}: the file changed since the fix was verified; not written (run again)")
            continue
        originals[path] = current
        patched.update(new)
    if getattr(args, "sarif", None):
        _write_sarif(Path(args.sarif), everything or findings, sarif_fixes, repo, config)
    if args.patch and patched:
        Path(args.patch).write_text(unified_diff(originals, patched), encoding="utf-8")
        _err(f"wrote {len(patched)} verified fix(es) to {args.patch}")
    if args.apply:
        for path, text in sorted(patched.items()):
            (repo / path).write_text(text, encoding="utf-8", errors="surrogateescape")
            _finding, applied = kept[path]
            _err(f"applied the verified fix ({applied.level}) to {path}")
            _remember_applied(repo, config, applied)
    if not args.json:
        print(f"{verified} of {len(findings)} finding(s) with a verified fix")
        if budget is not None:
            print(f"model spend: ${spent:.4f} of ${budget:.4f}")
    return EXIT_OK if verified else EXIT_NO_FIX


def _remember_applied(repo: Path, config: Config, fix: VerifiedFix) -> None:
    """A fix a person applied (``--apply``) is a trusted known fix for the rule."""
    from sastls.graph.store import VerdictStore

    failed = next((a.error for a in reversed(fix.attempts) if not a.verified and a.error), "")
    try:
        with VerdictStore.for_workspace(repo, config) as store:
            store.record_fix(fix.rule_id, failed, fix.diff, trust="applied")
    except Exception as exc:  # a read-only workspace still gets its fix
        _err(f"the applied fix was not recorded as a known fix ({exc})")


def _write_sarif(
    out: Path, findings: list[Finding], fixes: dict[str, list[dict[str, Any]]], repo: Path, config: Config
) -> None:
    """The findings' SARIF with each verified fix in ``fixes[]`` (its level and migration in
    ``fix.properties.sastls``), and the verdicts the store holds."""
    from sastls.graph.store import VerdictStore
    from sastls.server.batch import sarif_documents
    from sastls.server.reports.sarif import triaged_sarif

    verdicts = {}
    try:
        with VerdictStore.for_workspace(repo, config) as store:
            verdicts = store.get_many([f.fingerprint for f in findings if f.fingerprint])
    except Exception as exc:
        _err(f"verdicts not added to {out} ({exc})")
    originals = sarif_documents(sorted({f.source_file for f in findings if f.source_file}))
    doc = triaged_sarif(findings, verdicts, originals, fixes=fixes, workspace=repo)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=2, ensure_ascii=False), encoding="utf-8")
    _err(f"wrote {out} ({sum(len(v) for v in fixes.values())} verified fix(es) in fixes[])")
