"""Gives findings their ``sastls/v1`` fingerprint, from the code they sit in.

The enclosing function comes from tree-sitter (``analyzers.code.enclosing``); with
no enclosing function (module level, unknown language, missing file) the context
is the +-3 lines around the region. Identical hashes within one file get an
occurrence suffix so two findings never share a fingerprint.

A finding's base (its fingerprint before the suffix) is a function of its file's bytes and of the
finding's tool, rule, path and lines only: :func:`cache_key` names that input, so a base computed
once can be reused for the same bytes without parsing them again (``scheme`` says what computed it).
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from .code.enclosing import enclosing_span
from .code.symbols import FUNCTION_KINDS, FileSummary
from .findings import fingerprint as fp
from .findings.model import Finding

Source = Callable[[str], "tuple[bytes, FileSummary | None] | None"]
"""A file's bytes and, when known, their tree-sitter summary (a workspace index that has parsed
the file already); None: read the file here."""


def content_hash(data: bytes) -> str:
    """The hash of a file's bytes that verdicts and fingerprint bases are tied to (the workspace
    index's: blake2b, 16 bytes)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


_SCHEME_FILES = (
    "fingerprints.py",
    "findings/fingerprint.py",
    "code/enclosing.py",
    "code/languages.py",
    "code/symbols.py",
)
_GRAMMARS = ("tree-sitter", "tree-sitter-python", "tree-sitter-c", "tree-sitter-cpp", "tree-sitter-go",
             "tree-sitter-java", "tree-sitter-javascript", "tree-sitter-typescript")  # fmt: skip


@functools.cache
def scheme() -> str:
    """What computes a base: this code (the modules that find the enclosing function and hash it,
    and the tree-sitter queries) and the tree-sitter grammars' versions. A cached base is reused
    only under the same scheme."""
    here = Path(__file__).resolve().parent
    h = hashlib.sha256()
    queries = sorted((here / "code" / "queries").rglob("*.scm"))
    for f in [*(here / rel for rel in _SCHEME_FILES), *queries]:
        h.update(str(f.relative_to(here)).encode())
        try:
            h.update(f.read_bytes())
        except OSError:
            h.update(b"?")
    for name in _GRAMMARS:
        try:
            version = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            version = "-"
        h.update(f"{name}={version};".encode())
    return h.hexdigest()[:16]


def cache_key(finding: Finding, digest: str) -> str:
    """Everything a finding's base depends on, hashed: the scheme, its file's content hash and the
    finding's tool, rule, path and lines (``_fingerprint`` reads nothing else when the file exists)."""
    region = finding.location.region
    h = hashlib.blake2b(digest_size=16)
    for part in (scheme(), digest, finding.tool.lower(), finding.rule_id, finding.path,
                 str(region.start_line), str(region.last_line)):  # fmt: skip
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()


def strip_suffix(fingerprint: str) -> str:
    """The base of a fingerprint (``with_suffixes`` appends ``-N`` to repeated bases)."""
    return fingerprint.split("-", 1)[0]


class _File:
    """One workspace file, read and parsed once however many findings it has."""

    __slots__ = ("contexts", "digest", "lines", "path", "spans", "summary", "text")

    def __init__(
        self,
        path: str,
        lines: list[str] | None,
        summary: FileSummary | None = None,
        digest: str | None = None,
    ) -> None:
        self.path = path
        self.digest = digest  # content hash of the bytes read; None when the file could not be read
        self.lines = lines
        self.text = "\n".join(lines) if lines is not None else ""
        self.spans: dict[int, tuple[int, int] | None] = {}
        self.contexts: dict[tuple[int, int], str] = {}
        self.summary = summary  # the summary of exactly ``text``, when one was given

    def span(self, line: int) -> tuple[int, int] | None:
        if line not in self.spans:
            if self.summary is not None:
                sym = self.summary.enclosing(line, FUNCTION_KINDS)
                self.spans[line] = (sym.start_line, sym.end_line) if sym is not None else None
            else:
                self.spans[line] = enclosing_span(self.path, self.text, line)
        return self.spans[line]

    def normalized(self, lo: int, hi: int) -> str:
        key = (lo, hi)
        if key not in self.contexts:
            assert self.lines is not None
            self.contexts[key] = fp.normalize_code("\n".join(self.lines[lo - 1 : hi]))
        return self.contexts[key]


def _read(root: Path, rel: str, cache: dict[str, _File], source: Source | None = None) -> _File:
    if rel not in cache:
        got = source(rel) if source is not None else None
        summary: FileSummary | None = None
        lines: list[str] | None
        digest: str | None = None
        if got is not None:
            data, summary = got
            digest = content_hash(data)
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                text = data.decode("utf-8", "replace")
                summary = None  # the text below is not these bytes: summarised from the text instead
            if "\r\n" in text:
                summary = None
            lines = text.replace("\r\n", "\n").split("\n")
        else:
            try:
                data = (root / rel).read_bytes()
                lines = data.decode("utf-8", "replace").replace("\r\n", "\n").split("\n")
                digest = content_hash(data)
            except OSError:
                lines = None
        cache[rel] = _File(rel, lines, summary, digest)
    return cache[rel]


def _fingerprint(finding: Finding, file: _File) -> str:
    region = finding.location.region
    if file.lines is None:
        context = fp.normalize_code(finding.location.snippet or "")
        anchor = f"{region.start_line}"  # no code to anchor to: the line number is all we have
    else:
        span = file.span(region.start_line)
        if span is not None:
            context = file.normalized(span[0], span[1])
        else:
            lo = max(1, region.start_line - fp.CONTEXT_LINES)
            hi = min(len(file.lines), max(region.start_line, region.last_line) + fp.CONTEXT_LINES)
            context = file.normalized(lo, hi)
        anchor = fp.normalize_code("\n".join(file.lines[region.start_line - 1 : region.last_line]))
    return fp.compute_normalized(finding.tool, finding.rule_id, finding.path, context, anchor)


def fingerprint_of(finding: Finding, lines: list[str] | None) -> str:
    return _fingerprint(finding, _File(finding.path, lines))


def fingerprint_bases(
    findings: Sequence[Finding],
    workspace: str | Path,
    *,
    source: Source | None = None,
    digests: dict[str, str] | None = None,
) -> list[str]:
    """The fingerprint of each finding before occurrence suffixes (same order). Each file is read
    and parsed once (``source``: where files and their summaries come from when not from disk).
    A finding's base depends only on its own file, so any split of the findings by file (e.g. over
    worker processes) gives the same bases. ``digests`` (when given) receives the content hash of
    each file the bases were computed from (files that could not be read are left out)."""
    root = Path(workspace)
    cache: dict[str, _File] = {}
    items = list(findings)
    bases: list[str] = [""] * len(items)
    # grouped by file so each file's parse is used for all its findings, then in input order
    for i in sorted(range(len(items)), key=lambda k: items[k].path):
        file = _read(root, items[i].path, cache, source)
        bases[i] = _fingerprint(items[i], file)
        if digests is not None and file.digest is not None:
            digests[file.path] = file.digest
    return bases


BasesFn = Callable[[Sequence[Finding], Path], list[str]]


def with_suffixes(bases: Sequence[str]) -> list[str]:
    """Fingerprints from bases (in input order): a repeated base gets ``-1``, ``-2``... Bases of
    different files never repeat (the path is hashed in), so a file's findings can be given their
    fingerprints on their own, in their input order."""
    seen: Counter[str] = Counter()
    out: list[str] = []
    for base in bases:
        n = seen[base]
        seen[base] += 1
        out.append(base if n == 0 else f"{base}-{n}")
    return out


def assign_fingerprints(
    findings: Iterable[Finding], workspace: str | Path, *, bases: BasesFn | None = None
) -> list[Finding]:
    """Fingerprints for ``findings`` (same order). ``bases`` computes the bases (default:
    :func:`fingerprint_bases` here); identical bases within the input get occurrence suffixes."""
    items = list(findings)
    got = (bases or fingerprint_bases)(items, Path(workspace))
    return [f.with_fingerprint(fp) for f, fp in zip(items, with_suffixes(got), strict=True)]
