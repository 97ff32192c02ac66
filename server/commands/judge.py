"""``sastls judge FINDINGS --repo DIR (--finding FP | --at PATH:LINE) --verdict fp|real [--reason TEXT]``.

Records a person's verdict on one finding in the verdict store (it always stands: triage and the
editors keep it). When the verdict is a false positive and the reason names a function the finding's
code calls ("validated by check_name"), sastls offers to record that function as a validator or
sanitizer model in ``.sastls/models/learned.toml``: asked on a terminal, ``--learn`` records it
without asking, ``--no-learn`` never does. The file changes only then; the next triage decides the
other findings through that function again with it (their stored verdicts no longer stand).
"""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path
from typing import Literal

from .investigate import SelectionError, select

EXIT_OK = 0
EXIT_INPUT = 2

LABELS: dict[str, Literal["TRUE_POSITIVE", "FALSE_POSITIVE"]] = {
    "fp": "FALSE_POSITIVE",
    "false-positive": "FALSE_POSITIVE",
    "false_positive": "FALSE_POSITIVE",
    "real": "TRUE_POSITIVE",
    "tp": "TRUE_POSITIVE",
    "true-positive": "TRUE_POSITIVE",
    "true_positive": "TRUE_POSITIVE",
}


def _user(args: argparse.Namespace) -> str | None:
    if args.user:
        return str(args.user)
    try:
        return getpass.getuser()
    except Exception:
        return None


def _ask(question: str) -> bool:
    sys.stderr.write(question + " [y/N] ")
    sys.stderr.flush()
    answer = sys.stdin.readline().strip().lower()
    return answer in {"y", "yes"}


def run(args: argparse.Namespace) -> int:
    from sastls.analyzers.config import load_config
    from sastls.analyzers.findings.load import load_findings
    from sastls.graph.store import StoreError, VerdictStore
    from sastls.server.repo import wrong_repo

    repo = Path(args.repo)
    if not repo.is_dir():
        print(f"sastls judge: --repo {repo}: not a directory", file=sys.stderr)
        return EXIT_INPUT
    label = LABELS.get(str(args.verdict).lower())
    if label is None:
        print(f"sastls judge: --verdict {args.verdict!r}: expected fp or real", file=sys.stderr)
        return EXIT_INPUT
    config, config_errors = load_config(repo)
    for ce in config_errors:
        print(f"sastls judge: config: {ce}", file=sys.stderr)
    loaded = load_findings(list(args.files), repo)
    for le in loaded.errors:
        print(f"sastls judge: {le}", file=sys.stderr)
    if (problem := wrong_repo(loaded.findings, repo)) is not None:
        print(f"sastls judge: {problem}", file=sys.stderr)
        return EXIT_INPUT
    try:
        finding = select(loaded.findings, repo, fingerprint=args.finding, at=args.at)
    except SelectionError as exc:
        print(f"sastls judge: {exc}", file=sys.stderr)
        return EXIT_INPUT
    reason = args.reason or ""
    user = _user(args)
    try:
        store = VerdictStore(Path(args.store)) if args.store else VerdictStore.for_workspace(repo, config)
    except StoreError as exc:
        print(f"sastls judge: {exc}", file=sys.stderr)
        return EXIT_INPUT
    with store:
        verdict = store.judge(finding.fingerprint, label, reason, user)
    where = f"{finding.tool} {finding.rule_id} at {finding.path}:{finding.line}"
    print(f"{where}: {verdict.verdict} ({verdict.reason})")
    print(f"fingerprint: {finding.fingerprint}")
    if label == "FALSE_POSITIVE" and args.learn is not False:
        return _learn(finding, reason, repo, config.models, user, learn=args.learn)
    return EXIT_OK


def _learn(
    finding: object, reason: str, repo: Path, models: tuple[str, ...], user: str | None, *, learn: bool | None
) -> int:
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.learn import LearnError, propose, record
    from sastls.analyzers.findings.model import Finding
    from sastls.graph.verdict import now_iso

    assert isinstance(finding, Finding)
    proposal = propose(finding, reason, WorkspaceIndex(repo), model_paths=models)
    if proposal is None:
        return EXIT_OK
    question = f"Record {proposal.describe()} in {proposal.file}?"
    if learn is None:
        if not sys.stdin.isatty():
            print(
                f"sastls judge: the reason names {proposal.name}(): `--learn` records it as a "
                f"{proposal.role} model in {proposal.file}, so other findings through it are judged with it",
                file=sys.stderr,
            )
            return EXIT_OK
        if not _ask(question + " Other findings through it would be judged with it."):
            return EXIT_OK
    try:
        record(proposal, repo, user=user, when=now_iso()[:10])
    except LearnError as exc:
        print(f"sastls judge: {exc}", file=sys.stderr)
        return EXIT_INPUT
    print(f"recorded {proposal.describe()} in {proposal.file}")
    return EXIT_OK
