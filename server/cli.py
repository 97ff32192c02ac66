"""The ``sastls`` command line: serve | findings | investigate | judge | fix | triage | merge | eval.

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
from typing import Any

EXIT_OK = 0
EXIT_GATE = 1
EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds: {text!r}")
    return value


def _analyst_options(p: argparse.ArgumentParser, *, cascade: bool = True) -> None:
    p.add_argument(
        "--analyst", choices=["heuristic", "llm"], help="who judges (default: config, else heuristic)"
    )
    p.add_argument("--model", help="litellm model string, e.g. openai/gpt-4o-mini or ollama/llama3")
    p.add_argument("--api-base", help="OpenAI-compatible endpoint (vLLM, llama.cpp server, ...)")
    p.add_argument(
        "--deadline",
        type=_seconds,
        metavar="SECONDS",
        help="llm: time one investigation may take, then NEEDS_REVIEW (default: config, else 300)",
    )
    p.add_argument(
        "--request-timeout",
        type=_seconds,
        metavar="SECONDS",
        help="llm: time one model call may take (default: config, else 60)",
    )
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
    g.add_argument("--at", metavar="PATH:LINE", help="the finding at this place (workspace-relative path)")
    if allow_all:
        g.add_argument("--all", action="store_true", help="every finding")


def _repo(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--repo",
        default=".",
        metavar="DIR",
        help="the folder the scanner ran in: the findings' paths are relative to it (default: .)",
    )


def _json(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--json", action="store_true", help=f"print {what} as JSON on stdout")


def _sub(sub: Any, name: str, help_text: str, example: str) -> argparse.ArgumentParser:
    """A subcommand whose help ends with an example."""
    p: argparse.ArgumentParser = sub.add_parser(
        name,
        help=help_text,
        description=help_text[:1].upper() + help_text[1:] + ".",
        epilog="example:\n  " + example.replace("\n", "\n  "),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return p


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="sastls",
        description="Triage SAST findings: investigate, verdict, fix.",
        epilog="example:\n  sastls triage findings/bandit.sarif --repo . --report report.html\n"
        "  sastls COMMAND --help   (every command's options, with an example)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "-v", "--verbose", action="count", default=0, help="more logging on stderr (-vv: debug)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = _sub(
        sub,
        "serve",
        "run the language server (stdio by default)",
        "sastls serve            # what an editor starts; see the README's Editors section",
    )
    p.add_argument("--tcp", metavar="HOST:PORT", help="listen on TCP instead of stdio (debugging)")

    p = _sub(
        sub,
        "findings",
        "read findings files and print them normalized",
        "sastls findings results.sarif semgrep.json --repo .",
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="findings files (SARIF, Semgrep/Bandit JSON, csgrep, cppcheck XML)",
    )
    _repo(p)
    _json(p, "one finding per line")

    p = _sub(
        sub,
        "investigate",
        "investigate one finding and print the verdict",
        "sastls investigate bandit.sarif --repo . --at app/shell.py:11",
    )
    p.add_argument("files", nargs="+", metavar="FINDINGS", help="findings files the finding is in")
    _repo(p)
    _selector(p)
    _analyst_options(p)
    _json(p, "the verdict")

    p = _sub(
        sub,
        "judge",
        "record your verdict on a finding (a false positive's reason can teach the offline analyst)",
        "sastls judge findings/scan.sarif --repo . --at app/views.py:18 --verdict fp \\\n"
        '    --reason "validated by check_name"',
    )
    p.add_argument("files", nargs="+", metavar="FINDINGS", help="findings files the finding is in")
    _repo(p)
    _selector(p)
    p.add_argument("--verdict", required=True, metavar="fp|real", help="fp (false positive) or real")
    p.add_argument(
        "--reason", default="", help="why; kept with the verdict (naming a function can teach: see --learn)"
    )
    learn = p.add_mutually_exclusive_group()
    learn.add_argument(
        "--learn",
        dest="learn",
        action="store_const",
        const=True,
        default=None,
        help="record the function the reason names as a model in .sastls/models/learned.toml without asking "
        "(default: ask on a terminal, else only say so)",
    )
    learn.add_argument(
        "--no-learn", dest="learn", action="store_const", const=False, help="never record a model"
    )
    p.add_argument("--user", help="who judges (default: the login name)")
    p.add_argument(
        "--store", metavar="PATH", help="verdict store (default: .sastls/verdicts.db in the workspace)"
    )

    p = _sub(
        sub,
        "fix",
        "propose and verify a fix for a finding",
        "sastls fix bandit.sarif --repo . --at app/shell.py:11 --test-command 'pytest -q' --patch fix.diff",
    )
    p.add_argument("files", nargs="+", metavar="FINDINGS", help="findings files the finding is in")
    _repo(p)
    _selector(p, allow_all=True)
    out = p.add_mutually_exclusive_group()
    out.add_argument("--apply", action="store_true", help="write verified fixes to the files")
    out.add_argument("--patch", metavar="OUT.diff", help="write verified fixes as a unified diff")
    p.add_argument("--test-command", metavar="CMD", help="the project's tests, run before and after a patch")
    p.add_argument(
        "--budget-usd",
        type=float,
        metavar="X",
        help="stop asking the model when this much is spent (the run)",
    )
    p.add_argument(
        "--sarif",
        metavar="OUT.sarif",
        help="write the findings as SARIF with each verified fix in fixes[] (level, migration, verification)",
    )
    _analyst_options(p, cascade=False)
    _json(p, "the result")

    p = _sub(
        sub,
        "triage",
        "investigate every finding of findings files (batch, resumable)",
        "sastls triage bandit.sarif semgrep.json --repo . --out triaged.sarif \\\n"
        "    --report report.html --markdown summary.md --fail-on error",
    )
    p.add_argument("files", nargs="+", metavar="FINDINGS", help="findings files to triage")
    _repo(p)
    p.add_argument(
        "--out", metavar="TRIAGED.sarif", help="write the findings as SARIF with verdicts and suppressions"
    )
    p.add_argument(
        "--drop-false-positives",
        action="store_true",
        help="also write TRIAGED.nofp.sarif without false positives (GitHub ignores suppressions)",
    )
    p.add_argument("--report", metavar="REPORT.html", help="write a self-contained HTML report")
    p.add_argument(
        "--markdown", metavar="REPORT.md", help="write a Markdown summary (a pull-request comment)"
    )
    p.add_argument("--jsonl", metavar="VERDICTS.jsonl", help="write one verdict per line as JSON")
    _analyst_options(p)
    p.add_argument(
        "--jobs", type=int, default=None, metavar="N", help="investigations at once (default: config, else 4)"
    )
    p.add_argument("--shard", metavar="I/N", help="only this shard of the work (split by fingerprint)")
    p.add_argument("--only-new", metavar="BASELINE.sarif", help="only findings not in this baseline")
    p.add_argument(
        "--fail-on",
        choices=["error", "warning", "never"],
        default="error",
        help="exit 1 when a finding at this level or above is TRUE_POSITIVE, NEEDS_REVIEW or not "
        "triaged (default: error)",
    )
    p.add_argument("--budget-usd", type=float, metavar="X", help="stop new model work when spent")
    p.add_argument("--no-progress", action="store_true", help="no progress line on stderr")
    p.add_argument(
        "--store", metavar="PATH", help="verdict store (default: .sastls/verdicts.db in the workspace)"
    )
    p.add_argument(
        "--link-base",
        metavar="URL",
        help="links in the Markdown summary: URL/<path>#L<line> "
        "(default in GitHub Actions: the commit's blob URL)",
    )

    p = _sub(
        sub,
        "merge",
        "join triaged SARIF shards into one file",
        "sastls merge triaged.sarif shard-0.sarif shard-1.sarif --report report.html",
    )
    p.add_argument("out", metavar="OUT.sarif", help="the joined SARIF to write")
    p.add_argument("shards", nargs="+", metavar="SHARD", help="triaged SARIF files from `triage --shard`")
    p.add_argument(
        "--repo", default=".", metavar="DIR", help="workspace root (for the reports' code excerpts)"
    )
    p.add_argument(
        "--drop-false-positives",
        action="store_true",
        help="also write OUT.nofp.sarif without false positives",
    )
    p.add_argument("--report", metavar="REPORT.html", help="write a self-contained HTML report")
    p.add_argument("--markdown", metavar="REPORT.md", help="write a Markdown summary")
    p.add_argument("--link-base", metavar="URL", help="links in the Markdown summary: URL/<path>#L<line>")
    p.add_argument(
        "--fail-on",
        choices=["error", "warning", "never"],
        default="never",
        help="exit 1 when a finding at this level or above needs attention (default: never)",
    )

    p = _sub(
        sub,
        "eval",
        "score a triaged SARIF against expected results (OWASP CSV, or labelled code regions) "
        "or an external corpus manifest",
        "sastls eval triaged.sarif --expected expected.csv\n"
        "sastls eval triaged.sarif --external tests/external/manifest.toml",
    )
    p.add_argument("triaged", metavar="TRIAGED.sarif", help="the output of `sastls triage --out`")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument(
        "--expected",
        metavar="CASES.csv",
        help="test name, category, real (true/false), CWE; or file, cwe, start_line, end_line, label",
    )
    g.add_argument(
        "--external",
        metavar="MANIFEST.toml",
        help="labels on (release, file, line, rule) of an external corpus (tests/external/manifest.toml)",
    )
    _json(p, "the scores")
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
