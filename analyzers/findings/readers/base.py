"""What every reader shares: the error record, the reading context, path mapping, typed getters.

A reader turns one parsed document into ``(Finding, where)`` pairs, where ``where`` is the
JSON path (``$.runs[0].results[3]``) or ``line 12`` of the record. It never raises for bad
input: it records a :class:`LoadError` in the context and goes on with the next record.

Readers get this by construction when they use what is here: :func:`records` walks an array
of records, skips those the JSON repair cut out, and turns any exception a record raises into
an error for that record; the ``get_*`` getters check required fields and the ``opt_*`` ones
optional fields (a wrong type is reported and the field ignored); :func:`text` bounds strings;
:func:`region` and :func:`int_of` bound numbers; :class:`PathMapper` bounds paths.
"""

from __future__ import annotations

import logging
import posixpath
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import unquote, urlsplit

from ..model import Finding, Level, Location, Region

Severity = Literal["error", "warning"]
Read = tuple[Finding, str]

log = logging.getLogger(__name__)

MAX_PATH_CHARS = 4096  # PATH_MAX: longer paths cannot name a file here
MAX_NAME_CHARS = 1024  # rule ids, tool names, levels, checkers
MAX_TEXT_CHARS = 65536  # messages, snippets, help texts
MAX_LINE = 2**31 - 1  # LSP positions and SQLite integers stay in range


@dataclass(frozen=True)
class LoadError:
    """A problem with one findings file: ``where`` is a JSON path (``$.runs[0].results[3]``) or ``line 12``.

    ``severity`` "warning" means the record was still loaded (e.g. its file is missing from the
    workspace); "error" means the record (or the whole file, ``where == "$"``) was not loaded.
    """

    file: str
    where: str
    message: str
    severity: Severity = "error"

    def __str__(self) -> str:
        return f"{self.file}: {self.where}: {self.severity}: {self.message}"


_DRIVE = re.compile(r"^[A-Za-z]:[/\\]")


@dataclass
class PathMapper:
    """Maps the paths scanners write to workspace-relative POSIX paths.

    Absolute paths and ``file://`` URIs inside the workspace become relative. A path that is
    not found as written is looked up by its trailing components (``/builddir/pkg-1.0/src/a.c``
    -> ``src/a.c``), as csgrep and CI scanners often report build-tree paths. ``..`` escaping
    the root, or absolute paths with no match in the workspace, are refused.
    """

    root: Path
    _resolved: Path = field(init=False)
    _cache: dict[str, tuple[str | None, str | None]] = field(default_factory=dict, init=False)
    _exists: dict[str, bool] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self._resolved = self.root.resolve()

    def exists(self, rel: str) -> bool:
        if rel not in self._exists:
            try:
                self._exists[rel] = (self.root / rel).is_file()
            except (OSError, ValueError):  # name too long, NUL byte, ...
                self._exists[rel] = False
        return self._exists[rel]

    def map(self, raw: str) -> tuple[str | None, str | None]:
        """``(relative_path, None)``, or ``(None, why_refused)``. Cached per raw path."""
        hit = self._cache.get(raw)
        if hit is None:
            if len(raw) > MAX_PATH_CHARS:
                return None, f"path of {len(raw)} characters (more than {MAX_PATH_CHARS})"
            try:
                hit = self._map(raw)
            except (OSError, ValueError) as exc:
                hit = None, f"path {raw[:200]!r} cannot be used ({exc})"
            self._cache[raw] = hit
        return hit

    def _inside(self, candidate: Path) -> bool:
        try:
            candidate.resolve().relative_to(self._resolved)
        except (ValueError, OSError, RuntimeError):  # RuntimeError: a symlink loop
            return False
        return True

    def _by_suffix(self, parts: list[str]) -> str | None:
        for i in range(1, len(parts)):
            rel = "/".join(parts[i:])
            if self.exists(rel):
                return rel
        return None

    def _map(self, raw: str) -> tuple[str | None, str | None]:
        path = raw.strip().replace("\\", "/")
        if not path:
            return None, "empty path"
        if "\x00" in path:
            return None, "path contains a NUL byte"
        absolute = path.startswith("/") or bool(_DRIVE.match(path))
        if absolute:
            p = Path(path)
            try:
                rel = p.resolve(strict=False).relative_to(self._resolved).as_posix()
            except (ValueError, OSError, RuntimeError):
                try:
                    rel = Path(posixpath.normpath(path)).relative_to(self.root.absolute()).as_posix()
                except ValueError:
                    rel = ""
            if rel and rel != ".":
                return self._check(rel, raw)
            parts = [x for x in posixpath.normpath(path.lstrip("/")).split("/") if x]
            if _DRIVE.match(path):
                parts = parts[1:]
            found = self._by_suffix(["", *parts]) if parts else None
            if found is not None:
                return found, None
            return None, f"absolute path {raw!r} is outside the workspace {self.root}"
        norm = posixpath.normpath(path)
        if norm == ".." or norm.startswith("../"):
            return None, f"path {raw!r} escapes the workspace (..)"
        if norm == ".":
            return None, f"path {raw!r} names the workspace itself, not a file"
        return self._check(norm, raw)

    def _check(self, rel: str, raw: str) -> tuple[str | None, str | None]:
        if self.exists(rel):
            if not self._inside(self.root / rel):
                return None, f"path {raw!r} resolves outside the workspace (symlink)"
            return rel, None
        found = self._by_suffix(rel.split("/"))
        if found is not None and self._inside(self.root / found):
            return found, None
        return rel, None  # missing: loaded anyway, reported once by load_findings


def uri_to_path(uri: str) -> str:
    """A SARIF ``artifactLocation.uri`` as a file-system path (file:// URIs, %-escapes)."""
    if uri.startswith("file:"):
        parts = urlsplit(uri)
        path = unquote(parts.path)
        if parts.netloc and parts.netloc != "localhost":
            path = f"//{parts.netloc}{path}"
        if re.match(r"^/[A-Za-z]:/", path):
            path = path[1:]
        return path
    return unquote(uri)


@dataclass
class ReadContext:
    """Per-file state of a read: display name, path mapping, the errors found so far."""

    file: str
    paths: PathMapper
    errors: list[LoadError] = field(default_factory=list)
    incomplete: frozenset[str] = frozenset()  # JSON paths cut off by a truncation
    dropped: Mapping[str, str] = field(default_factory=dict)  # records the JSON repair cut out -> why

    def error(self, where: str, message: str) -> None:
        self.errors.append(LoadError(self.file, where, message, "error"))

    def warn(self, where: str, message: str) -> None:
        self.errors.append(LoadError(self.file, where, message, "warning"))

    def cut_off(self, where: str) -> bool:
        """True (and reported) when the record at ``where`` was cut off by a truncated file or
        cut out by the JSON repair."""
        why = self.dropped.get(where)
        if why is not None:
            self.error(where, why)
            return True
        if where in self.incomplete:
            self.error(where, "record cut off where the file is truncated: not loaded")
            return True
        return False

    def location(
        self, raw_path: str, region: Region, where: str, snippet: str | None = None
    ) -> Location | None:
        rel, why = self.paths.map(raw_path)
        if rel is None:
            self.error(where, f"{why}: not loaded")
            return None
        return Location(path=rel, region=region, snippet=snippet)


def as_dict(value: Any) -> dict[str, Any]:
    """``value`` if it is an object, else an empty one (for optional parts)."""
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list[Any]:
    """``value`` if it is an array, else an empty one (for optional parts)."""
    return value if isinstance(value, list) else []


# ---- typed getters: report wrong types with the JSON path, return None -----------------


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    return {
        bool: "boolean",
        int: "integer",
        float: "number",
        str: "string",
        list: "array",
        dict: "object",
    }.get(type(value), type(value).__name__)


def get_obj(
    ctx: ReadContext, d: Mapping[str, Any], key: str, where: str, *, required: bool = False
) -> dict[str, Any] | None:
    value = d.get(key)
    if value is None:
        if required:
            ctx.error(f"{where}.{key}", "missing required field")
        return None
    if not isinstance(value, dict):
        ctx.error(f"{where}.{key}", f"expected an object, got {type_name(value)}")
        return None
    return value


def get_list(
    ctx: ReadContext, d: Mapping[str, Any], key: str, where: str, *, required: bool = False
) -> list[Any]:
    value = d.get(key)
    if value is None:
        if required:
            ctx.error(f"{where}.{key}", "missing required field")
        return []
    if not isinstance(value, list):
        ctx.error(f"{where}.{key}", f"expected an array, got {type_name(value)}")
        return []
    return value


def get_str(
    ctx: ReadContext, d: Mapping[str, Any], key: str, where: str, *, required: bool = False
) -> str | None:
    value = d.get(key)
    if value is None:
        if required:
            ctx.error(f"{where}.{key}", "missing required field")
        return None
    if not isinstance(value, str):
        ctx.error(f"{where}.{key}", f"expected a string, got {type_name(value)}")
        return None
    return value


def get_int(
    ctx: ReadContext,
    d: Mapping[str, Any],
    key: str,
    where: str,
    *,
    required: bool = False,
    minimum: int = 0,
) -> int | None:
    value = d.get(key)
    if value is None:
        if required:
            ctx.error(f"{where}.{key}", "missing required field")
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        parsed = int_of(value) if isinstance(value, str) else None
        if parsed is not None:
            ctx.warn(f"{where}.{key}", f"expected an integer, got the string {value!r}: used as a number")
            value = parsed
        else:
            ctx.error(f"{where}.{key}", f"expected an integer, got {type_name(value)}")
            return None
    if value < minimum:
        ctx.error(f"{where}.{key}", f"must be >= {minimum}, got {value}")
        return None
    return value


def opt_obj(ctx: ReadContext, d: Mapping[str, Any], key: str, where: str) -> dict[str, Any]:
    """An optional object: ``{}`` when absent; a wrong type is reported and ignored."""
    value = d.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        ctx.warn(f"{where}.{key}", f"expected an object, got {type_name(value)}: ignored")
        return {}
    return value


def opt_list(ctx: ReadContext, d: Mapping[str, Any], key: str, where: str) -> list[Any]:
    """An optional array: ``[]`` when absent; a wrong type is reported and ignored."""
    value = d.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        ctx.warn(f"{where}.{key}", f"expected an array, got {type_name(value)}: ignored")
        return []
    return value


def opt_str(
    ctx: ReadContext, d: Mapping[str, Any], key: str, where: str, *, limit: int = MAX_TEXT_CHARS
) -> str | None:
    """An optional string (bounded to ``limit`` characters); a wrong type is reported and ignored."""
    value = d.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        ctx.warn(f"{where}.{key}", f"expected a string, got {type_name(value)}: ignored")
        return None
    return text(ctx, value, f"{where}.{key}", limit=limit)


def text(ctx: ReadContext, value: str, where: str, *, limit: int = MAX_TEXT_CHARS) -> str:
    """``value`` cut to ``limit`` characters (reported when it is cut)."""
    if len(value) <= limit:
        return value
    ctx.warn(where, f"string of {len(value)} characters cut to {limit}")
    return value[:limit] + "\u2026"


def int_of(value: Any) -> int | None:
    """An integer from a JSON number or a string of ASCII digits (at most 18), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        s = value.strip()
        sign = -1 if s.startswith("-") else 1
        s = s.lstrip("-")
        if 0 < len(s) <= 18 and s.isascii() and s.isdigit():
            return sign * int(s)
    return None


def items(ctx: ReadContext, seq: list[Any], where: str, what: str = "object") -> Iterator[tuple[int, Any]]:
    """Enumerate the objects of an array, reporting (and skipping) elements of the wrong type
    and the elements the JSON repair cut out."""
    for i, item in enumerate(seq):
        if f"{where}[{i}]" in ctx.dropped:
            ctx.cut_off(f"{where}[{i}]")
            continue
        if not isinstance(item, dict):
            ctx.error(f"{where}[{i}]", f"expected an {what}, got {type_name(item)}")
            continue
        yield i, item


def records(
    ctx: ReadContext,
    seq: list[Any],
    where: str,
    read_one: Callable[[dict[str, Any], str, int], Finding | None],
) -> Iterator[Read]:
    """The findings of an array of records: ``read_one(record, where, index)`` for each object.

    Records cut off by a truncation or cut out by the JSON repair are reported; a record whose
    reading raises is reported as an error of that record (the others are still read)."""
    for i, item in enumerate(seq):
        rwhere = f"{where}[{i}]"
        if ctx.cut_off(rwhere):
            continue
        if not isinstance(item, dict):
            ctx.error(rwhere, f"expected an object, got {type_name(item)}")
            continue
        try:
            finding = read_one(item, rwhere, i)
        except Exception as exc:  # one record never stops the rest (RecursionError, MemoryError too)
            log.debug("reading %s %s failed", ctx.file, rwhere, exc_info=True)
            ctx.error(
                rwhere, f"record could not be read ({type(exc).__name__}: {str(exc)[:200]}): not loaded"
            )
            continue
        if finding is not None:
            yield finding, rwhere


def region(
    ctx: ReadContext,
    start_line: Any,
    where: str,
    *,
    start_column: Any = None,
    end_line: Any = None,
    end_column: Any = None,
) -> Region | None:
    """A region from raw values; ``where`` points at the record. Bad optional parts are dropped."""

    def num(v: Any, name: str, required: bool) -> int | None:
        def bad(why: str) -> None:
            if required:
                ctx.error(where, f"{name} {why}: not loaded")
            else:
                ctx.warn(where, f"{name} {why}: ignored")

        if v is None:
            if required:
                ctx.error(where, f"missing {name}: not loaded")
            return None
        n: int | None = None if isinstance(v, bool) else v if isinstance(v, int) else None
        if n is None:
            n = int_of(v) if isinstance(v, str) else None
            if n is None:
                bad(f"must be an integer, got {type_name(v)}")
                return None
        if n < 1:
            bad(f"must be >= 1, got {n}")
            return None
        if n > MAX_LINE:
            bad(f"{n} is out of range")
            return None
        return n

    sl = num(start_line, "start line", True)
    if sl is None:
        return None
    el = num(end_line, "end line", False)
    if el is not None and el < sl:
        ctx.warn(where, f"end line {el} is before start line {sl}: ignored")
        el = None
    return Region(sl, num(start_column, "start column", False), el, num(end_column, "end column", False))


def level_of(word: str | None, table: Mapping[str, Level], default: Level = "warning") -> Level:
    if word is None:
        return default
    return table.get(word.strip().lower(), default)


_CWE = re.compile(r"(?i)(?:^|[^a-z])cwe[-_/: ]?(\d{1,5})\b")


def cwe_ids(value: Any) -> tuple[int, ...]:
    """CWE numbers from the ways tools write them: 89, "89", "CWE-89", "CWE-89: SQL...",
    "external/cwe/cwe-89", lists of those, {"id": 89}."""
    out: list[int] = []

    def add(v: Any, bare_ok: bool) -> None:
        if isinstance(v, bool):
            return
        if isinstance(v, int):
            if 0 < v < 1_000_000:
                out.append(v)
        elif isinstance(v, str):
            s = v.strip()
            if bare_ok and s.isdigit():
                out.append(int(s))
                return
            m = _CWE.search(s)
            if m:
                out.append(int(m.group(1)))
        elif isinstance(v, list | tuple):
            for x in v:
                add(x, bare_ok)
        elif isinstance(v, dict):
            add(v.get("id"), True)

    add(value, True)
    return tuple(dict.fromkeys(out))
