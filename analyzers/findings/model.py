"""The one typed domain model in the middle: a finding from any scanner.

Immutable dataclasses, convertible to and from plain JSON-able dicts (graph state
and the verdict store keep only plain data). Lines and columns are 1-based as in
SARIF; columns count characters of the line (SARIF's default utf16CodeUnits is
handled at the LSP boundary).
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, is_dataclass, replace
from typing import Any, Literal

Level = Literal["error", "warning", "note", "none"]
LEVELS: tuple[Level, ...] = ("error", "warning", "note", "none")


@dataclass(frozen=True, slots=True)
class Region:
    start_line: int
    start_column: int | None = None
    end_line: int | None = None
    end_column: int | None = None

    @property
    def last_line(self) -> int:
        return self.end_line if self.end_line is not None else self.start_line


@dataclass(frozen=True, slots=True)
class Location:
    """A place in the workspace: ``path`` is workspace-relative, POSIX separators."""

    path: str
    region: Region
    snippet: str | None = None


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One step of a trace: a SARIF threadFlow location, a related location, or a csgrep event."""

    location: Location
    message: str = ""
    kind: Literal["flow", "related", "event"] = "flow"


def plain(value: Any) -> Any:
    """A copy of JSON-like data as ``dataclasses.asdict`` copies a field: containers copied
    (same types), everything else deep-copied (JSON scalars are returned as they are)."""
    if isinstance(value, dict):
        return type(value)((plain(k), plain(v)) for k, v in value.items())
    if isinstance(value, list | tuple) and not hasattr(value, "_fields"):
        return type(value)(plain(v) for v in value)
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    return copy.deepcopy(value)


def _location(loc: Location) -> dict[str, Any]:
    r = loc.region
    region = {
        "start_line": r.start_line,
        "start_column": r.start_column,
        "end_line": r.end_line,
        "end_column": r.end_column,
    }
    return {"path": loc.path, "region": region, "snippet": loc.snippet}


@dataclass(frozen=True, slots=True)
class Finding:
    tool: str
    rule_id: str
    message: str
    location: Location
    level: Level = "warning"
    tool_version: str | None = None
    rule_name: str | None = None
    rule_help: str | None = None
    help_uri: str | None = None
    cwe: tuple[int, ...] = ()
    severity: str | None = None  # the tool's own word (bandit HIGH, semgrep ERROR, cppcheck style...)
    confidence: str | None = None  # the tool's own confidence, when it has one
    trace: tuple[TraceStep, ...] = ()
    tool_fingerprints: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    source_file: str | None = None
    run_index: int | None = None
    result_index: int | None = None
    properties: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    fingerprint: str = ""  # sastls/v1, filled by analyzers.fingerprints.assign_fingerprints

    @property
    def path(self) -> str:
        return self.location.path

    @property
    def line(self) -> int:
        return self.location.region.start_line

    def with_fingerprint(self, fingerprint: str) -> Finding:
        return replace(self, fingerprint=fingerprint)

    def to_dict(self) -> dict[str, Any]:
        """``dataclasses.asdict(self)``, written out (asdict's generic walk is the dearest part of
        storing a verdict)."""
        return {
            "tool": self.tool,
            "rule_id": self.rule_id,
            "message": self.message,
            "location": _location(self.location),
            "level": self.level,
            "tool_version": self.tool_version,
            "rule_name": self.rule_name,
            "rule_help": self.rule_help,
            "help_uri": self.help_uri,
            "cwe": tuple(self.cwe),
            "severity": self.severity,
            "confidence": self.confidence,
            "trace": tuple(
                {"location": _location(s.location), "message": s.message, "kind": s.kind} for s in self.trace
            ),
            "tool_fingerprints": plain(self.tool_fingerprints),
            "source_file": self.source_file,
            "run_index": self.run_index,
            "result_index": self.result_index,
            "properties": plain(self.properties),
            "fingerprint": self.fingerprint,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Finding:
        def loc(d: dict[str, Any]) -> Location:
            return Location(path=d["path"], region=Region(**d["region"]), snippet=d.get("snippet"))

        return Finding(
            tool=data["tool"],
            rule_id=data["rule_id"],
            message=data["message"],
            location=loc(data["location"]),
            level=data.get("level", "warning"),
            tool_version=data.get("tool_version"),
            rule_name=data.get("rule_name"),
            rule_help=data.get("rule_help"),
            help_uri=data.get("help_uri"),
            cwe=tuple(data.get("cwe", ())),
            severity=data.get("severity"),
            confidence=data.get("confidence"),
            trace=tuple(
                TraceStep(
                    location=loc(s["location"]), message=s.get("message", ""), kind=s.get("kind", "flow")
                )
                for s in data.get("trace", ())
            ),
            tool_fingerprints=dict(data.get("tool_fingerprints", {})),
            source_file=data.get("source_file"),
            run_index=data.get("run_index"),
            result_index=data.get("result_index"),
            properties=dict(data.get("properties", {})),
            fingerprint=data.get("fingerprint", ""),
        )
