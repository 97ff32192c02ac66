"""``sastls findings FILE... [--repo DIR] [--json]``: read findings files and print them normalized.

A table (tool, rule, CWE, level/severity, path:line, fingerprint) or JSON lines on stdout;
problems on stderr, each naming the file and the JSON path or line; a summary of counts per
tool. Exit 0 when every file was read cleanly, 2 on usage or input errors (a file unreadable
or of unknown format, invalid records, no workspace).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import TextIO

from sastls.analyzers.findings.load import LoadError, LoadResult, load_findings
from sastls.analyzers.findings.model import Finding

EXIT_OK = 0
EXIT_INPUT = 2


def _level(f: Finding) -> str:
    return f"{f.level} ({f.severity})" if f.severity and f.severity.lower() != f.level else f.level


def print_table(findings: list[Finding], out: TextIO) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for name in ("tool", "rule", "CWE", "level", "location", "fingerprint"):
        table.add_column(name, overflow="fold", no_wrap=name in ("location", "fingerprint"))
    for f in findings:
        table.add_row(
            f.tool,
            f.rule_id,
            ",".join(f"CWE-{c}" for c in f.cwe) or "-",
            _level(f),
            f"{f.path}:{f.line}",
            f.fingerprint[:12] or "-",
        )
    console = Console(file=out, width=None if out.isatty() else 200, highlight=False, soft_wrap=False)
    console.print(table)


def print_json(findings: list[Finding], out: TextIO) -> None:
    for f in findings:
        out.write(json.dumps(f.to_dict(), ensure_ascii=False, default=str) + "\n")


def summary(result: LoadResult, files: int) -> str:
    per_tool = Counter(f.tool for f in result.findings)
    tools = ", ".join(f"{tool} {n}" for tool, n in sorted(per_tool.items())) or "none"
    n_err = sum(1 for e in result.errors if e.severity == "error")
    n_warn = len(result.errors) - n_err
    return (
        f"{len(result.findings)} findings ({tools}) from {len(result.formats)}/{files} files; "
        f"{n_err} errors, {n_warn} warnings"
    )


def report_problems(errors: list[LoadError], err: TextIO) -> None:
    for e in errors:
        err.write(f"{e.file}: {e.where}: {e.severity}: {e.message}\n")


def run(args: argparse.Namespace) -> int:
    repo = Path(args.repo)
    if not repo.is_dir():
        print(f"sastls findings: --repo {repo}: not a directory", file=sys.stderr)
        return EXIT_INPUT
    result = load_findings(list(args.files), repo)
    report_problems(result.errors, sys.stderr)
    try:
        if args.json:
            print_json(result.findings, sys.stdout)
        elif result.findings:
            print_table(
                sorted(result.findings, key=lambda f: (f.path, f.line, f.tool, f.rule_id)), sys.stdout
            )
        print(summary(result, len(args.files)), file=sys.stderr if args.json else sys.stdout)
        sys.stdout.flush()
    except BrokenPipeError:  # `sastls findings ... | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    if any(e.severity == "error" for e in result.errors) or not result.formats:
        return EXIT_INPUT
    return EXIT_OK
