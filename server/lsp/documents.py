"""Where each finding is in the live buffer: ranges follow edits, re-anchor on save.

A :class:`TrackedFinding` is a group of findings on one place (duplicates across
tools merged), with its span in code-point columns (0-based, end exclusive) and the
normalized text of the flagged lines (its *anchor*). Content changes shift spans;
a change that removes the flagged code kills the finding; on save every finding is
re-anchored by its text and its fingerprint recomputed from the enclosing function,
so a verdict follows its code and not a line number.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sastls.analyzers.findings.fingerprint import normalize_code
from sastls.analyzers.findings.model import Finding, Region

_serials = itertools.count(1)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Lines without their terminators (LSP counts ``\\r\\n``, ``\\r`` and ``\\n``)."""
    return _LINE_BREAK.split(text)


@dataclass(frozen=True, slots=True)
class Span:
    """0-based lines, code-point columns, end exclusive."""

    start_line: int
    start_col: int
    end_line: int
    end_col: int

    def contains_line(self, line: int) -> bool:
        return self.start_line <= line <= self.end_line

    def to_region(self) -> Region:
        return Region(self.start_line + 1, self.start_col + 1, self.end_line + 1, self.end_col + 1)


def _first_text_col(line: str) -> int:
    return len(line) - len(line.lstrip())


def _last_text_col(line: str) -> int:
    return len(line.rstrip())


def span_for(region: Region, lines: Sequence[str]) -> Span:
    """The span of a 1-based SARIF ``region`` in ``lines`` (clamped; whole line when columns are absent)."""
    last = max(len(lines) - 1, 0)
    sl = min(max(region.start_line - 1, 0), last)
    el = min(max(region.last_line - 1, sl), last)
    sline = lines[sl] if lines else ""
    eline = lines[el] if lines else ""
    if region.start_column is not None and region.start_column >= 1:
        sc = min(region.start_column - 1, len(sline))
    else:
        sc = _first_text_col(sline)
    if region.end_column is not None and region.end_column >= 1:
        ec = min(region.end_column - 1, len(eline))
    else:
        ec = _last_text_col(eline)
    if (el, ec) <= (sl, sc):  # empty or inverted: flag the rest of the line
        el, ec = sl, max(_last_text_col(sline), sc)
    return Span(sl, sc, el, ec)


def anchor_of(span: Span, lines: Sequence[str]) -> str:
    return normalize_code("\n".join(lines[span.start_line : span.end_line + 1]))


@dataclass(eq=False, slots=True)
class TrackedFinding:
    key: str  # stable within the session: the primary finding's fingerprint when loaded
    findings: tuple[Finding, ...]  # the primary first, then the other tools' duplicates
    span: Span
    anchor: str
    fingerprint: str  # current sastls/v1 fingerprint (recomputed on save)
    line_texts: tuple[str, str] = ("", "")  # start/end line text, for columns when the file is closed
    alive: bool = True
    serial: int = field(default_factory=lambda: next(_serials))  # new for every (re)built finding
    shown: Any = field(default=None, repr=False)  # the session's last diagnostic of it (and its inputs)

    @property
    def primary(self) -> Finding:
        return self.findings[0]

    @property
    def tools(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f.tool for f in self.findings))

    @property
    def fingerprints(self) -> tuple[str, ...]:
        """Fingerprints whose verdict applies (the loaded ones only while the code is unchanged)."""
        if self.fingerprint != self.primary.fingerprint:
            return (self.fingerprint,)  # the enclosing code changed: older verdicts are stale
        return tuple(fp for fp in dict.fromkeys(f.fingerprint for f in self.findings) if fp)

    def current_finding(self) -> Finding:
        """The primary finding at its current place, with its current fingerprint."""
        p = self.primary
        return replace(
            p, location=replace(p.location, region=self.span.to_region()), fingerprint=self.fingerprint
        )

    def remember_lines(self, lines: Sequence[str]) -> None:
        if lines:
            last = len(lines) - 1
            self.line_texts = (lines[min(self.span.start_line, last)], lines[min(self.span.end_line, last)])


def track(findings: Sequence[Finding], lines: Sequence[str]) -> TrackedFinding:
    span = span_for(findings[0].location.region, lines)
    tf = TrackedFinding(
        key=findings[0].fingerprint or f"{findings[0].tool}:{findings[0].rule_id}:{findings[0].line}",
        findings=tuple(findings),
        span=span,
        anchor=anchor_of(span, lines),
        fingerprint=findings[0].fingerprint,
    )
    tf.remember_lines(lines)
    return tf


# ---------------------------------------------------------------------------- edits


def _shift(
    pos: tuple[int, int], start: tuple[int, int], end: tuple[int, int], text_lines: list[str]
) -> tuple[int, int]:
    """Where ``pos`` goes when [start, end) is replaced by text (split in lines).

    Positions inside the replaced range go to the end of the new text."""
    if pos < start:
        return pos
    n = len(text_lines) - 1
    new_end = (start[0] + n, (start[1] if n == 0 else 0) + len(text_lines[-1]))
    if pos < end:
        return new_end
    if pos[0] == end[0]:
        return new_end[0], new_end[1] + (pos[1] - end[1])
    return pos[0] + n - (end[0] - start[0]), pos[1]


def _find_anchor(
    anchor: str, lines: Sequence[str], height: int, near: int, *, lo: int = 0, hi: int | None = None
) -> int | None:
    """The start line nearest ``near`` where ``height`` lines normalize to ``anchor``."""
    if not anchor:
        return None
    hi = len(lines) if hi is None else min(hi, len(lines))
    lo = max(lo, 0)
    best: int | None = None
    first = anchor.split("\n", 1)[0]
    for i in range(lo, max(hi - height + 1, lo)):
        if first not in " ".join(lines[i].split()):
            continue
        if normalize_code("\n".join(lines[i : i + height])) == anchor and (
            best is None or abs(i - near) < abs(best - near)
        ):
            best = i
    return best


def _move(tf: TrackedFinding, line: int, lines: Sequence[str]) -> None:
    height = tf.span.end_line - tf.span.start_line
    el = min(line + height, len(lines) - 1)
    tf.span = Span(line, min(tf.span.start_col, len(lines[line])), el, min(tf.span.end_col, len(lines[el])))


@dataclass
class TrackedDocument:
    """An open buffer: its text as lines and the findings in it."""

    uri: str
    rel: str
    lines: list[str]
    version: int | None = None
    dirty: bool = False
    findings: list[TrackedFinding] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def apply_change(self, start: tuple[int, int] | None, end: tuple[int, int] | None, text: str) -> None:
        """One content change, positions already in code points; ``start is None`` replaces everything."""
        self.dirty = True
        if start is None or end is None:
            self._replace_all(split_lines(text))
            return
        last = len(self.lines) - 1
        start = (min(start[0], last), min(start[1], len(self.lines[min(start[0], last)])))
        end = max(start, (min(end[0], last), min(end[1], len(self.lines[min(end[0], last)]))))
        new = split_lines(text)
        # Findings on lines the change does not touch only move by whole lines: handled here in
        # O(1) each, so a keystroke costs nothing per finding elsewhere in the file.
        delta = len(new) - 1 - (end[0] - start[0])
        near: list[TrackedFinding] = []
        for tf in self.findings:
            if not tf.alive:
                continue
            sp = tf.span
            if sp.end_line < start[0]:
                continue
            if sp.start_line > end[0]:
                if delta:
                    tf.span = Span(sp.start_line + delta, sp.start_col, sp.end_line + delta, sp.end_col)
                continue
            near.append(tf)
        covered: dict[int, bool] = {}
        for i, tf in enumerate(near):
            sl, el = tf.span.start_line, min(tf.span.end_line, last)
            if tf.alive and sl <= last:
                content_start = (sl, max(tf.span.start_col, _first_text_col(self.lines[sl])))
                content_end = (el, min(tf.span.end_col, _last_text_col(self.lines[el])))
                covered[i] = start <= content_start and content_end <= end and start != end
        head = self.lines[start[0]][: start[1]]
        tail = self.lines[end[0]][end[1] :]
        replacement = list(new)
        replacement[0] = head + replacement[0]
        replacement[-1] = replacement[-1] + tail
        self.lines[start[0] : end[0] + 1] = replacement
        for i, tf in enumerate(near):
            if not tf.alive:
                continue
            s = (tf.span.start_line, tf.span.start_col)
            e = (tf.span.end_line, tf.span.end_col)
            ns, ne = _shift(s, start, end, new), _shift(e, start, end, new)
            ne = max(ne, ns)
            tf.span = Span(ns[0], ns[1], ne[0], ne[1])
            if not (s < end and start < e) and not covered.get(i, False):
                continue  # the change is elsewhere: a plain shift
            height = e[0] - s[0] + 1
            found = _find_anchor(
                tf.anchor, self.lines, height, ns[0], lo=start[0] - height, hi=start[0] + len(new) + height
            )
            if found is not None:
                _move(tf, found, self.lines)
            elif covered.get(i, False) or not "".join(self.lines[ns[0] : ne[0] + 1]).strip():
                tf.alive = False
                continue
            if (tf.span.end_line, tf.span.end_col) <= (tf.span.start_line, tf.span.start_col):
                line = self.lines[tf.span.start_line]
                tf.span = Span(
                    tf.span.start_line, _first_text_col(line), tf.span.start_line, _last_text_col(line)
                )
            tf.remember_lines(self.lines)

    def _replace_all(self, new_lines: list[str]) -> None:
        old = self.lines
        mapping: dict[int, int] = {}
        for tag, i1, i2, j1, _j2 in difflib.SequenceMatcher(
            None, old, new_lines, autojunk=False
        ).get_opcodes():
            if tag == "equal":
                for k in range(i2 - i1):
                    mapping[i1 + k] = j1 + k
        self.lines = new_lines
        for tf in self.findings:
            if not tf.alive:
                continue
            height = tf.span.end_line - tf.span.start_line + 1
            if tf.span.start_line in mapping and tf.span.end_line in mapping:
                delta = mapping[tf.span.start_line] - tf.span.start_line
                tf.span = replace(
                    tf.span, start_line=tf.span.start_line + delta, end_line=tf.span.end_line + delta
                )
            else:
                found = _find_anchor(tf.anchor, new_lines, height, tf.span.start_line)
                if found is None:
                    tf.alive = False
                    continue
                _move(tf, found, new_lines)
            tf.remember_lines(new_lines)

    def revive(self, lines: Sequence[str]) -> None:
        """Findings killed by edits come back where their code is in ``lines`` (edits discarded)."""
        for tf in self.findings:
            if tf.alive:
                continue
            height = tf.span.end_line - tf.span.start_line + 1
            found = _find_anchor(tf.anchor, lines, height, tf.span.start_line)
            if found is not None:
                tf.alive = True
                _move(tf, found, lines)
                tf.remember_lines(lines)

    def reanchor(self, lines: Sequence[str]) -> list[TrackedFinding]:
        """After a save (``lines`` = the saved text): put each live finding on its code again.

        Returns the findings whose place changed or that died; fingerprints are recomputed by the caller.
        """
        touched: list[TrackedFinding] = []
        self.lines = list(lines)
        self.dirty = False
        for tf in self.findings:
            if not tf.alive:
                continue
            height = tf.span.end_line - tf.span.start_line + 1
            if tf.span.end_line < len(self.lines) and anchor_of(tf.span, self.lines) == tf.anchor:
                continue
            found = _find_anchor(tf.anchor, self.lines, height, tf.span.start_line)
            if found is not None:
                _move(tf, found, self.lines)
            elif (
                tf.span.start_line >= len(self.lines)
                or not "".join(self.lines[tf.span.start_line : tf.span.end_line + 1]).strip()
            ):
                tf.alive = False
            else:  # the flagged code was edited, not removed: the finding stays and takes the new text
                tf.anchor = anchor_of(tf.span, self.lines)
            tf.remember_lines(self.lines)
            touched.append(tf)
        return touched
