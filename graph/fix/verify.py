"""Verification of a proposed patch, in a shadow copy of the workspace (never the user's files).

Checks, cheapest first; the first failure ends the verification:

1. ``apply``  — the edits fit the files they name.
2. ``scope``  — every edit stays inside the finding's enclosing function (±3 lines when there is
   none) or touches only import lines, unless ``config.fix.allow_wide_changes``.
3. ``parse``  — each patched file parses with tree-sitter without more ERROR/MISSING nodes than before.
4. ``names``  — no new undefined or unused names (pyflakes), no new compiler errors or implicit
   declarations (C/C++: ``cc -fsyntax-only``, where a compiler is present): ``graph.fix.names``.
5. ``semantics`` — the sink's call is still there in a safe form with the same inputs, the function's
   signature and return paths are unchanged, no ``shell=False`` on a string command, password hashes
   become salted KDFs; data-format changes are labelled as needing a migration: ``graph.fix.semantic``.
6. ``rescan`` — the scanner that produced the finding, re-run on the patched files: the finding is
   gone (fewer findings of its rule where it was) and no rule gained a finding of equal or higher
   severity. The finding must first be reproduced on the unpatched files, or absence proves nothing.
7. ``tests``  — the user's test command (``config.fix.test_command``, ``config.fix.test_timeout``),
   run in a full shadow copy, passes whenever it passed on the unpatched copy. The tests are run once
   more with the fixed function made to fail first thing (Python: it raises; C/C++: it traps); if they
   still pass, none of them runs it (a test command that does not build or import the patched code).

A patch that passes 1-6 is verified at level ``scanner-clean``; at level ``tested`` when the test
command also ran at least one test and passed, before and after the patch, and the tests run the fixed
function. Nothing else is verified.
Failure contexts are numbered by the ORIGINAL file (the proposer writes edits of the original).

Shadow copies live in a temporary directory that is removed whatever happens.
"""

from __future__ import annotations

import contextlib
import difflib
import logging
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from .patch import Edit, PatchError, apply_all, by_file, replaced_span

if TYPE_CHECKING:
    from sastls.analyzers.config import Config
    from sastls.analyzers.findings.model import Finding

log = logging.getLogger(__name__)

SHADOW_PREFIX = "sastls-fix-"
ALWAYS_SKIPPED = (".git", ".hg", ".svn", ".sastls", ".venv", "node_modules", "__pycache__", ".tox")
TEST_TAIL = 2000
_RANK = {"high": 3, "critical": 3, "error": 3, "medium": 2, "warning": 2, "low": 1, "note": 1}
_RANK.update({"style": 1, "performance": 1, "portability": 1, "information": 0, "none": 0})
_NO_TESTS = re.compile(
    r"collected 0 items|no tests ran|\bran 0 tests\b|\b0 tests? (?:ran|run|passed|collected|executed)\b"
    r"|no tests? (?:found|collected|to run|were found)",
    re.I,
)
PYTEST_NO_TESTS = 5  # pytest's exit status when it collected no test
Level = Literal["tested", "scanner-clean", ""]
TESTED: Level = "tested"
SCANNER_CLEAN: Level = "scanner-clean"
_IMPORT_LINE = re.compile(r"^\s*(?:import\s+\S|from\s+\S+\s+import\s|#\s*include\s*[<\"]|$|#(?!\s*include))")


@dataclass(frozen=True)
class Check:
    name: str  # apply | scope | parse | names | semantics | rescan | tests
    ok: bool
    detail: str
    seconds: float = 0.0
    command: str = ""


@dataclass(frozen=True)
class FailureContext:
    """What the proposer is shown after a failed attempt (numbered by the ORIGINAL file)."""

    path: str
    line: int  # in the original file
    code: str  # numbered lines of the original file, ±10 around ``line``
    start_line: int = 0  # the numbered range of ``code``
    end_line: int = 0
    patched_line: int = 0  # where the failure is in the patched file
    scanner_output: str = ""  # the findings that made the rescan fail (lines of the original)
    test_tail: str = ""


@dataclass(frozen=True)
class VerificationRecord:
    verified: bool
    checks: tuple[Check, ...]
    seconds: float
    error: str = ""  # "<check>: <detail>" of the failing check
    context: FailureContext | None = None
    level: Level = ""  # tested | scanner-clean when verified
    migration: str = ""  # non-empty: the fix changes a stored data format (not a drop-in fix)
    tests_ran: bool = False  # the user's tests ran (and passed) with the patch

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["checks"] = [asdict(c) for c in self.checks]
        return out

    @property
    def signature(self) -> str:
        """The error without numbers that change from attempt to attempt (stuck detection)."""
        return re.sub(r"\d+(\.\d+)?", "N", self.error)


def severity_rank(finding: Finding) -> int:
    for word in (finding.severity, finding.level):
        if word and word.lower() in _RANK:
            return _RANK[word.lower()]
    return 1


def numbered(text: str, line: int, radius: int = 10) -> str:
    return numbered_range(text, line, radius)[0]


def numbered_range(text: str, line: int, radius: int = 10) -> tuple[str, int, int]:
    """Lines ``line - radius .. line + radius`` of ``text``, numbered, and the range shown."""
    lines = text.splitlines()
    lo, hi = max(1, line - radius), min(len(lines), line + radius)
    return "\n".join(f"{n} | {lines[n - 1]}" for n in range(lo, hi + 1)), lo, hi


def line_map(before: str, after: str) -> tuple[dict[int, int], dict[int, int]]:
    """Line numbers between ``before`` and ``after`` (1-based): (forward, back). A changed line maps
    to the first line of its changed block on the other side."""
    fwd: dict[int, int] = {}
    back: dict[int, int] = {}
    a, b = before.splitlines(), after.splitlines()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        for k in range(i2 - i1):
            fwd[i1 + k + 1] = j1 + 1 + (k if tag == "equal" else 0)
        for k in range(j2 - j1):
            back[j1 + k + 1] = i1 + 1 + (k if tag == "equal" else 0)
    return fwd, back


def ran_no_tests(returncode: int | None, output: str) -> bool:
    """The test command selected no test (pytest's exit 5, unittest's "Ran 0 tests", ...)."""
    return returncode == PYTEST_NO_TESTS or bool(_NO_TESTS.search(output))


# ------------------------------------------------------------------ shadow copies


def _ignore_for(root: Path, exclude_globs: Sequence[str]) -> Any:
    from sastls.analyzers.code.globs import matches

    def ignore(directory: str, names: list[str]) -> set[str]:
        rel_dir = Path(directory).relative_to(root).as_posix()
        out = set()
        for name in names:
            rel = name if rel_dir == "." else f"{rel_dir}/{name}"
            if name in ALWAYS_SKIPPED or matches(rel, exclude_globs):
                out.add(name)
        return out

    return ignore


@contextlib.contextmanager
def shadow_copy(
    workspace: str | Path,
    files: Mapping[str, str] | None = None,
    *,
    full: bool = False,
    only: Sequence[str] = (),
    exclude_globs: Sequence[str] = (),
) -> Iterator[Path]:
    """A temporary copy of ``workspace`` (all of it with ``full``, else only the files in ``only``),
    with ``files`` (path -> text) written over it. The directory is removed on exit, always."""
    root = Path(workspace).resolve()
    tmp = Path(tempfile.mkdtemp(prefix=SHADOW_PREFIX))
    try:
        shadow = tmp / "ws"
        if full:
            shutil.copytree(root, shadow, symlinks=True, ignore=_ignore_for(root, exclude_globs))
        else:
            shadow.mkdir()
            for rel in only:
                src = root / rel
                if src.is_file() and not src.is_symlink():
                    (shadow / rel).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(src, shadow / rel)
        for rel, text in (files or {}).items():
            target = shadow / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(FileNotFoundError):
                target.unlink()  # a symlink in a full copy must not lead the write out of the shadow
            target.write_text(text, encoding="utf-8")
        yield shadow
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ------------------------------------------------------------------ individual checks


def error_nodes(path: str, text: str) -> list[int] | None:
    """Lines (1-based) of ERROR/MISSING nodes in ``text``, or None when the language is unknown."""
    from sastls.analyzers.code.languages import language_for, parse

    data = text.encode("utf-8", "surrogateescape")
    lang = language_for(path, data)
    if lang is None:
        return None
    tree = parse(data, lang)
    if not tree.root_node.has_error:
        return []
    out: list[int] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            out.append(node.start_point[0] + 1)
            continue
        if node.has_error:
            stack.extend(node.children)
    return sorted(out)


def import_lines(path: str, text: str) -> set[int]:
    """Lines of top-level import statements (Python imports, C/C++ #include)."""
    out: set[int] = set()
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip() and _IMPORT_LINE.match(line) and not line.startswith((" ", "\t")):
            out.add(n)
    del path
    return out


def scope_problem(finding: Finding, text: str, edits: Sequence[Edit]) -> tuple[str, int] | None:
    """Why ``edits`` reach beyond the enclosing function and the imports (and where), or None."""
    from sastls.analyzers.code.enclosing import enclosing_span

    span = enclosing_span(finding.path, text, finding.line)
    if span is None:
        span = (max(1, finding.line - 3), finding.location.region.last_line + 3)
    lines = text.splitlines() or [""]
    imports = import_lines(finding.path, text)
    header_end = max(imports, default=0) + 1
    for e in edits:
        if e.path != finding.path:
            return f"edits {e.path}, not the finding's file {finding.path}", 1
        lo, hi = replaced_span(e)
        if hi >= lo and span[0] <= lo and hi <= span[1]:
            continue
        if hi < lo and span[0] < lo <= span[1]:  # an insertion inside the function
            continue
        if hi < lo and lo == span[1] + 1 and _indented_deeper(e.text, lines[span[0] - 1]):
            continue  # appended to the function's body (indented like it)
        replaced_are_imports = all(n in imports for n in range(lo, hi + 1))
        new_are_imports = all(_IMPORT_LINE.match(line) for line in e.text.splitlines())
        if replaced_are_imports and new_are_imports and lo <= header_end:
            continue
        return (
            f"edit at lines {lo}-{max(lo, hi)} is outside the enclosing code (lines {span[0]}-{span[1]}) "
            "and the imports (set fix.allow_wide_changes to allow it)",
            lo,
        )
    return None


def _indented_deeper(new: str, def_line: str) -> bool:
    base = len(def_line) - len(def_line.lstrip())
    body = [ln for ln in new.splitlines() if ln.strip()]
    return bool(body) and all(len(ln) - len(ln.lstrip()) > base for ln in body)


def run_command(command: str, cwd: Path, timeout: float) -> tuple[bool, str, float]:
    """Run a shell command (the user's own test command) in ``cwd``: (passed, output tail, seconds)."""
    t0 = time.monotonic()
    try:
        proc = subprocess.Popen(  # noqa: S602 - the user's own test command, run as they wrote it
            command,
            shell=True,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    except OSError as exc:
        return False, f"cannot start the test command: {exc}", time.monotonic() - t0
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        tail = out.decode("utf-8", "replace")[-TEST_TAIL:]
        return False, f"timed out after {timeout:g} s\n{tail}", time.monotonic() - t0
    tail = out.decode("utf-8", "replace")[-TEST_TAIL:]
    return proc.returncode == 0, f"exit status {proc.returncode}\n{tail}", time.monotonic() - t0


# ------------------------------------------------------------------ the verifier


@dataclass
class _Baseline:
    findings: list[Finding]
    seconds: float
    command: str


@dataclass
class Verifier:
    """Verifies patches for one finding; the unpatched scan and test run are done once and kept."""

    finding: Finding
    workspace: Path
    config: Config
    scan_timeout: float = 120.0
    _texts: dict[str, str] = field(default_factory=dict, init=False)
    _scans: dict[tuple[str, ...], _Baseline | str] = field(default_factory=dict, init=False)
    _tests_before: TestRun | None = field(default=None, init=False)

    def text_of(self, rel: str) -> str:
        if rel not in self._texts:
            from sastls.analyzers.code.index import FileProblem, sandbox_path

            checked = sandbox_path(self.workspace.resolve(), rel)
            if isinstance(checked, FileProblem):
                raise PatchError(f"{rel}: {checked.message}")
            self._texts[rel] = (self.workspace / rel).read_text(encoding="utf-8", errors="surrogateescape")
        return self._texts[rel]

    def originals(self, paths: Sequence[str]) -> dict[str, str]:
        return {p: self.text_of(p) for p in paths}

    # -- the unpatched state
    def _scan(self, root: Path, paths: Sequence[str]) -> tuple[list[Finding], str, float, str]:
        from sastls.analyzers.scanners import SCANNERS, run_scanner

        if self.finding.tool not in SCANNERS:
            return [], f"the finding's scanner {self.finding.tool!r} cannot be re-run", 0.0, ""
        result = run_scanner(self.finding.tool, list(paths), root, self.config, timeout=self.scan_timeout)
        command = " ".join(result.command)
        if not result.ok:
            return result.findings, "; ".join(result.errors), result.seconds, command
        return result.findings, "", result.seconds, command

    def baseline(self, paths: Sequence[str]) -> _Baseline | str:
        key = tuple(sorted(paths))
        if key not in self._scans:
            with shadow_copy(self.workspace, only=key) as root:
                found, err, secs, cmd = self._scan(root, key)
            if err:
                self._scans[key] = f"the scanner cannot run on the unpatched files: {err}"
            elif not self._region_count(found, self.finding.line, self.finding.location.region.last_line):
                self._scans[key] = (
                    f"{self.finding.tool} does not report {self.finding.rule_id} at "
                    f"{self.finding.path}:{self.finding.line} on the current files (stale report?), "
                    "so its absence after a patch would prove nothing"
                )
            else:
                self._scans[key] = _Baseline(found, secs, cmd)
        return self._scans[key]

    def _region_count(self, found: Sequence[Finding], lo: int, hi: int) -> int:
        """Findings of the finding's rule in its file within lines ``lo..hi`` (or with its fingerprint)."""
        f = self.finding
        return sum(
            1
            for g in found
            if g.path == f.path
            and g.rule_id == f.rule_id
            and (g.fingerprint == f.fingerprint or lo <= g.line <= hi)
            and severity_rank(g) >= severity_rank(f)
        )

    def tests_before(self) -> TestRun | None:
        command = self.config.fix.test_command
        if not command:
            return None
        if self._tests_before is None:
            with shadow_copy(self.workspace, full=True, exclude_globs=self.config.exclude_globs) as root:
                self._tests_before = run_tests(command, root, self.config.fix.test_timeout)
        return self._tests_before

    # -- after a fix is applied
    def recheck(self, texts: Mapping[str, str]) -> tuple[bool | None, str]:
        """Is the finding still reported with ``texts`` (path -> current text, e.g. an editor buffer)?
        (True/False, what was run); None when the scanner cannot run."""
        f = self.finding
        original = self.text_of(f.path)
        current = texts.get(f.path, original)
        paths = sorted({*texts, f.path})
        with shadow_copy(self.workspace, dict(texts), only=paths) as root:
            found, err, _secs, cmd = self._scan(root, paths)
        if err:
            return None, err
        from sastls.analyzers.code.enclosing import enclosing_span

        mapped = line_map(original, current)[0].get(f.line, f.line)
        height = f.location.region.last_line - f.line
        span = enclosing_span(f.path, current, mapped) or (mapped, mapped + height)
        return self._region_count(found, *span) > 0, cmd

    # -- one patch
    def verify(self, edits: Sequence[Edit]) -> VerificationRecord:
        t0 = time.monotonic()
        checks: list[Check] = []
        f = self.finding

        def fail(name: str, detail: str, ctx: FailureContext | None, **kw: Any) -> VerificationRecord:
            checks.append(Check(name, False, detail, **kw))
            return VerificationRecord(False, tuple(checks), time.monotonic() - t0, f"{name}: {detail}", ctx)

        if not edits:
            return fail("apply", "the patch has no edits", None)
        paths = sorted(by_file(edits))
        try:
            originals = self.originals(paths)
            patched = apply_all(originals, edits)
        except (PatchError, OSError, ValueError) as exc:
            return fail("apply", str(exc), None)
        if all(patched[p] == originals[p] for p in paths):
            return fail("apply", "the patch changes nothing", None)
        checks.append(Check("apply", True, f"{len(edits)} edit(s) in {', '.join(paths)}"))
        maps = {p: line_map(originals[p], patched[p]) for p in paths}

        def orig(path: str, patched_line: int) -> int:
            return maps[path][1].get(patched_line, patched_line) if path in maps else patched_line

        mapped = maps[f.path][0].get(f.line, f.line) if f.path in maps else f.line

        def ctx(path: str, patched_line: int, **kw: str) -> FailureContext:
            """The failure's place, shown in the ORIGINAL file (the proposer edits the original)."""
            line = orig(path, patched_line)
            text = originals.get(path) or self.text_of(path)
            code, lo, hi = numbered_range(text, line)
            return FailureContext(path, line, code, lo, hi, patched_line, **kw)

        def where(path: str, patched_line: int) -> str:
            line = orig(path, patched_line)
            return f"{path}:{line}" + (
                f" (line {patched_line} after the patch)" if line != patched_line else ""
            )

        # scope
        if self.config.fix.allow_wide_changes:
            checks.append(Check("scope", True, "wide changes allowed by fix.allow_wide_changes"))
        else:
            problem = scope_problem(f, self.text_of(f.path), edits)
            if problem is not None:
                line = problem[1]
                code, lo, hi = numbered_range(self.text_of(f.path), line)
                return fail("scope", problem[0], FailureContext(f.path, line, code, lo, hi, line))
            checks.append(Check("scope", True, "inside the enclosing function and the imports"))

        # parse
        t1 = time.monotonic()
        notes = []
        for p in paths:
            before, after = error_nodes(p, originals[p]), error_nodes(p, patched[p])
            if before is None or after is None:
                notes.append(f"{p}: no grammar, not parsed")
                continue
            if len(after) > len(before):
                new = [ln for ln in after if ln not in before] or after
                return fail(
                    "parse",
                    f"{p} no longer parses: {len(after) - len(before)} new syntax error(s), "
                    f"first at {where(p, new[0])}",
                    ctx(p, new[0]),
                    seconds=time.monotonic() - t1,
                )
        checks.append(Check("parse", True, "; ".join(notes) or "no new syntax errors", time.monotonic() - t1))

        # names
        from sastls.analyzers.code.languages import language_for

        from .names import check_names
        from .semantic import check_semantics

        t1 = time.monotonic()
        notes = []
        for p in paths:
            lang = language_for(p, originals[p].encode("utf-8", "surrogateescape"))
            result = check_names(p, lang, originals[p], patched[p], self.workspace)
            if result.problems:
                bad = result.problems[0]
                return fail(
                    "names",
                    f"{bad.detail} at {where(p, bad.line)}"
                    + (f" (+{len(result.problems) - 1} more)" if len(result.problems) > 1 else ""),
                    ctx(p, bad.line),
                    seconds=time.monotonic() - t1,
                )
            notes.append(result.note)
        checks.append(Check("names", True, "; ".join(dict.fromkeys(notes)), time.monotonic() - t1))

        # semantics
        t1 = time.monotonic()
        lang = language_for(f.path, self.text_of(f.path).encode("utf-8", "surrogateescape"))
        region = (f.line, f.location.region.last_line)
        sem = check_semantics(
            lang, self.text_of(f.path), patched.get(f.path, self.text_of(f.path)), lines=region, mapped=mapped
        )
        if sem.problem is not None:
            line = sem.problem.line or mapped
            return fail(
                "semantics",
                f"{sem.problem.check}: {sem.problem.detail}",
                ctx(f.path, line),
                seconds=time.monotonic() - t1,
            )
        detail = "; ".join(sem.notes)
        if sem.migration:
            detail += f"; NEEDS A MIGRATION: {sem.migration}"
        checks.append(Check("semantics", True, detail, time.monotonic() - t1))

        # rescan
        scan_paths = sorted({*paths, f.path})
        base = self.baseline(scan_paths)
        if isinstance(base, str):
            return fail("rescan", base, None)
        with shadow_copy(self.workspace, patched, only=scan_paths) as root:
            after_findings, err, secs, cmd = self._scan(root, scan_paths)
        if err:
            return fail(
                "rescan", f"the scanner failed on the patched files: {err}", None, seconds=secs, command=cmd
            )
        from sastls.analyzers.code.enclosing import enclosing_span

        old_span = enclosing_span(f.path, originals.get(f.path, self.text_of(f.path)), f.line)
        new_span = enclosing_span(f.path, patched.get(f.path, self.text_of(f.path)), mapped)
        lo_b, hi_b = old_span or (f.line, f.location.region.last_line)
        lo_a, hi_a = new_span or (mapped, mapped + (hi_b - lo_b))
        before_n = self._region_count(base.findings, lo_b, hi_b)
        left = [
            g
            for g in after_findings
            if g.path == f.path
            and g.rule_id == f.rule_id
            and (g.fingerprint == f.fingerprint or lo_a <= g.line <= hi_a)
            and severity_rank(g) >= severity_rank(f)
        ]
        if len(left) >= before_n:
            g = min(left, key=lambda g: abs(g.line - mapped))
            return fail(
                "rescan",
                f"{f.tool} still reports {f.rule_id} at {where(g.path, g.line)}: {g.message}",
                ctx(g.path, g.line, scanner_output=_describe(left, orig)),
                seconds=secs,
                command=cmd,
            )
        rank = severity_rank(f)
        before_rules = Counter(g.rule_id for g in base.findings)
        after_rules = Counter(g.rule_id for g in after_findings)
        grown = {r for r, n in after_rules.items() if n > before_rules.get(r, 0)}
        from .semantic import knowledge

        expected = knowledge().expected_after(f.tool, f.rule_id) & grown
        grown -= expected
        added = [g for g in after_findings if g.rule_id in grown and severity_rank(g) >= rank]
        if added:
            g = added[0]
            return fail(
                "rescan",
                f"the patch adds {g.tool} {g.rule_id} ({g.severity or g.level}) "
                f"at {where(g.path, g.line)}: {g.message}",
                ctx(g.path, g.line, scanner_output=_describe(added, orig)),
                seconds=secs,
                command=cmd,
            )
        lower = [g for g in after_findings if g.rule_id in grown]
        detail = f"{f.rule_id} gone; no new finding of equal or higher severity"
        if lower:
            rules = ", ".join(sorted({g.rule_id for g in lower}))
            detail += f" ({len(lower)} lower-severity finding(s) added: {rules})"
        if expected:
            detail += f" ({', '.join(sorted(expected))}: what {f.tool} reports on the safe form)"
        checks.append(Check("rescan", True, detail, secs, cmd))

        # tests
        before_tests = self.tests_before()
        command = self.config.fix.test_command or ""
        level: Level = SCANNER_CLEAN
        if before_tests is None:
            checks.append(Check("tests", True, "not tested: no test command configured (fix.test_command)"))
        elif not before_tests.ran:
            checks.append(
                Check(
                    "tests",
                    True,
                    f"not tested: the test command ran no test ({before_tests.summary})",
                    command=command,
                )
            )
        elif not before_tests.passed:
            checks.append(
                Check(
                    "tests",
                    True,
                    "not tested: the tests already failed before the patch "
                    f"({before_tests.summary}), so they cannot judge it",
                    command=command,
                )
            )
        else:
            with shadow_copy(
                self.workspace, patched, full=True, exclude_globs=self.config.exclude_globs
            ) as root:
                run = run_tests(command, root, self.config.fix.test_timeout)
            if not run.passed or not run.ran:
                why = "fail after it" if not run.passed else "run no test after it"
                return fail(
                    "tests",
                    f"the tests passed before the patch and {why} ({run.summary})",
                    ctx(f.path, mapped, test_tail=run.tail),
                    seconds=run.seconds,
                    command=command,
                )
            level, detail, seconds = self._probe(patched, mapped, run, command)
            checks.append(Check("tests", True, detail, seconds, command))
        return VerificationRecord(
            True,
            tuple(checks),
            time.monotonic() - t0,
            level=level,
            migration=sem.migration,
            tests_ran=level == TESTED,
        )

    def _probe(
        self, patched: dict[str, str], mapped: int, run: TestRun, command: str
    ) -> tuple[Level, str, float]:
        """``tested`` only if the tests run the fixed function: with it made to raise, they must fail."""
        from sastls.analyzers.code.languages import language_for

        from .semantic import probe

        f = self.finding
        text = patched.get(f.path, self.text_of(f.path))
        made = probe(language_for(f.path, text.encode("utf-8", "surrogateescape")), text, mapped)
        if made is None:
            return (
                TESTED,
                f"the tests pass ({run.summary}; whether they run the fixed code was not checked)",
                run.seconds,
            )
        mutant, name = made
        with shadow_copy(
            self.workspace, {**patched, f.path: mutant}, full=True, exclude_globs=self.config.exclude_globs
        ) as root:
            probed = run_tests(command, root, self.config.fix.test_timeout)
        seconds = run.seconds + probed.seconds
        if probed.passed:
            return (
                SCANNER_CLEAN,
                f"not tested: the tests pass ({run.summary}) but none of them runs {name} "
                "(they still pass when it raises)",
                seconds,
            )
        return TESTED, f"the tests pass ({run.summary}) and run {name} (they fail when it raises)", seconds


@dataclass(frozen=True)
class TestRun:
    passed: bool  # exit status 0
    ran: bool  # it selected at least one test
    summary: str  # "exit status 0", "timed out after 5 s", ...
    tail: str
    seconds: float


def run_tests(command: str, cwd: Path, timeout: float) -> TestRun:
    passed, tail, seconds = run_command(command, cwd, timeout)
    first, _, rest = tail.partition("\n")
    code = int(first.split()[-1]) if first.startswith("exit status ") else None
    return TestRun(passed, not ran_no_tests(code, rest), first, tail, seconds)


def _describe(found: Sequence[Finding], orig: Any) -> str:
    """The scanner's findings, at their lines in the ORIGINAL file."""
    return "\n".join(
        f"{g.tool} {g.rule_id} ({g.severity or g.level}) {g.path}:{orig(g.path, g.line)}: {g.message}"
        for g in found[:10]
    )
