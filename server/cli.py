"""The ``sastls`` command line: serve | findings | investigate | fix | triage | merge | eval.

Each subcommand's work lives in ``sastls.server.commands.<name>.run(args) -> int``,
imported only when that subcommand runs (start-up stays fast).
Exit codes: 0 ok, 1 the findings gate failed, 2 usage or input error.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence

EXIT_OK = 0
EXIT_GATE = 1
EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _analyst_options(p: argparse.ArgumentParser, *, cascade: bool = True) -> None:
    p.add_argument(
        "--analyst", choices=["heuristic", "llm"], help="who judges (default: config, else heuristic)"
    )
    p.add_argument("--model", help="litellm model string, e.g. openai/gpt-4o-mini or ollama/llama3")
    p.add_argument("--api-base", help="OpenAI-compatible endpoint (vLLM, llama.cpp server, ...)")
    if not cascade:
        return
    p.add_argument(
        "--cascade",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="llm: accept a conclusive offline verdict without a model call (default: config, else on); "
        "--no-cascade sends every finding to the model",
    )


def _selector(p: argparse.ArgumentParser, allow_all: bool = False) -> None:
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--finding", metavar="FP", help="the finding's sastls/v1 fingerprint (or a unique prefix)")
    g.add_argument("--at", metavar="PATH:LINE", help="the finding at this place")
    if allow_all:
        g.add_argument("--all", action="store_true", help="every finding")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="sastls", description="Triage SAST findings: investigate, verdict, fix.")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more logging on stderr")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("serve", help="run the language server (stdio by default)")
    p.add_argument("--tcp", metavar="HOST:PORT", help="listen on TCP instead of stdio (debugging)")

    p = sub.add_parser("findings", help="read findings files and print them normalized")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--repo", default=".", help="workspace root the findings' paths refer to")
    p.add_argument("--json", action="store_true", help="JSON lines instead of a table")

    p = sub.add_parser("investigate", help="investigate one finding and print the verdict")
    p.add_argument("files", nargs="+", metavar="FINDINGS")
    p.add_argument("--repo", default=".")
    _selector(p)
    _analyst_options(p)
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("fix", help="propose and verify a fix for a finding")
    p.add_argument("files", nargs="+", metavar="FINDINGS")
    p.add_argument("--repo", default=".")
    _selector(p, allow_all=True)
    out = p.add_mutually_exclusive_group()
    out.add_argument("--apply", action="store_true", help="write verified fixes to the files")
    out.add_argument("--patch", metavar="OUT.diff", help="write verified fixes as a unified diff")
    p.add_argument("--test-command", metavar="CMD", help="the project's tests, run before and after a patch")
    _analyst_options(p, cascade=False)
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("triage", help="investigate every finding of findings files (batch, resumable)")
    p.add_argument("files", nargs="+", metavar="FINDINGS")
    p.add_argument("--repo", default=".")
    p.add_argument("--out", metavar="TRIAGED.sarif")
    p.add_argument(
        "--drop-false-positives",
        action="store_true",
        help="also write TRIAGED.nofp.sarif without false positives (GitHub ignores suppressions)",
    )
    p.add_argument("--report", metavar="REPORT.html")
    p.add_argument("--markdown", metavar="REPORT.md")
    p.add_argument("--jsonl", metavar="VERDICTS.jsonl")
    _analyst_options(p)
    p.add_argument("--jobs", type=int, default=None, metavar="N")
    p.add_argument("--shard", metavar="I/N", help="only this shard of the work (split by fingerprint)")
    p.add_argument("--only-new", metavar="BASELINE.sarif", help="only findings not in this baseline")
    p.add_argument("--fail-on", choices=["error", "warning", "never"], default="error")
    p.add_argument("--budget-usd", type=float, metavar="X", help="stop new model work when spent")
    p.add_argument("--no-progress", action="store_true")
    p.add_argument(
        "--store", metavar="PATH", help="verdict store (default: .sastls/verdicts.db in the workspace)"
    )
    p.add_argument(
        "--link-base",
        metavar="URL",
        help="links in the Markdown summary: URL/<path>#L<line> "
        "(default in GitHub Actions: the commit's blob URL)",
    )

    p = sub.add_parser("merge", help="join triaged SARIF shards into one file")
    p.add_argument("out", metavar="OUT.sarif")
    p.add_argument("shards", nargs="+", metavar="SHARD")
    p.add_argument("--repo", default=".", help="workspace root (for the reports' code excerpts)")
    p.add_argument(
        "--drop-false-positives",
        action="store_true",
        help="also write OUT.nofp.sarif without false positives",
    )
    p.add_argument("--report", metavar="REPORT.html")
    p.add_argument("--markdown", metavar="REPORT.md")
    p.add_argument("--link-base", metavar="URL")
    p.add_argument("--fail-on", choices=["error", "warning", "never"], default="never")

    p = sub.add_parser(
        "eval", help="score a triaged SARIF against expected results (OWASP CSV, or labelled regions)"
    )
    p.add_argument("triaged", metavar="TRIAGED.sarif")
    p.add_argument("--expected", required=True, metavar="CASES.csv")
    p.add_argument("--json", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        stream=sys.stderr,
        level=logging.WARNING - 10 * min(args.verbose, 2),
        format="%(levelname)s %(name)s: %(message)s",
    )
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    module = importlib.import_module(f"sastls.server.commands.{args.command}")
    try:
        code: int = module.run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
