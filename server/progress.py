"""Progress of a batch triage on stderr.

On a terminal: a rich progress bar (done/total, rate, ETA, counts by verdict,
tokens and cost so far). Elsewhere (CI logs): one plain line every few seconds
and one at the end. stdout is never touched.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Protocol, TextIO

from sastls.graph.verdict import Verdict


class Progress(Protocol):
    def start(self, total: int) -> None: ...
    def advance(self, verdict: Verdict | None, *, reused: bool = False) -> None: ...
    def close(self) -> None: ...


class Tally:
    """Running totals shared by the displays."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.total = 0
        self.done = 0
        self.reused = 0
        self.labels: Counter[str] = Counter()
        self.tokens = 0
        self.cost = 0.0
        self.started = clock()

    def start(self, total: int) -> None:
        self.total = total
        self.started = self.clock()

    def add(self, verdict: Verdict | None, reused: bool) -> None:
        self.done += 1
        if reused:
            self.reused += 1
        self.labels[verdict.verdict if verdict is not None else "SKIPPED"] += 1
        if verdict is not None and not reused:
            self.tokens += verdict.usage.prompt_tokens + verdict.usage.completion_tokens
            self.cost += verdict.usage.cost_usd

    def rate(self) -> float:
        elapsed = self.clock() - self.started
        return self.done / elapsed if elapsed > 0 else 0.0

    def eta(self) -> float | None:
        rate = self.rate()
        if rate <= 0:
            return None
        return max(0.0, (self.total - self.done) / rate)

    def counts_text(self) -> str:
        """The same words as the summary: findings per verdict label, then the reused verdicts."""
        order = {k: i for i, k in enumerate(("TRUE_POSITIVE", "NEEDS_REVIEW", "FALSE_POSITIVE", "SKIPPED"))}
        items = sorted(self.labels.items(), key=lambda kv: (order.get(kv[0], 9), kv[0]))
        parts = [f"{k} {n}" for k, n in items]
        if self.reused:
            parts.append(f"verdicts reused {self.reused}")
        return ", ".join(parts) or "-"

    def money_text(self) -> str:
        return f"{self.tokens:,} tokens, ${self.cost:.4f}"


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    s = int(seconds + 0.5)
    if s >= 3600:
        return f"{s // 3600}h{s % 3600 // 60:02d}m"
    if s >= 60:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s}s"


class PlainProgress:
    """Periodic one-line reports, for logs."""

    def __init__(
        self,
        stream: TextIO,
        every: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.every = every
        self.tally = Tally(clock)
        self._last = clock()

    def line(self) -> str:
        t = self.tally
        pct = 100.0 * t.done / t.total if t.total else 100.0
        return (
            f"sastls triage: {t.done}/{t.total} findings ({pct:.0f}%) {t.rate():.1f}/s "
            f"ETA {_duration(t.eta())} | {t.counts_text()} | {t.money_text()}"
        )

    def start(self, total: int) -> None:
        self.tally.start(total)
        self._last = self.tally.clock()
        print(f"sastls triage: {total} findings to judge", file=self.stream, flush=True)

    def advance(self, verdict: Verdict | None, *, reused: bool = False) -> None:
        self.tally.add(verdict, reused)
        now = self.tally.clock()
        if now - self._last >= self.every:
            self._last = now
            print(self.line(), file=self.stream, flush=True)

    def close(self) -> None:
        print(self.line(), file=self.stream, flush=True)


class RichProgress:
    """A live progress bar for terminals."""

    def __init__(self, stream: TextIO) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as RichBar

        self.tally = Tally()
        self._bar = RichBar(
            TextColumn("[bold]triage"),
            BarColumn(bar_width=24),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TextColumn("ETA"),
            TimeRemainingColumn(compact=True),
            TextColumn("{task.fields[counts]}"),
            TextColumn("[dim]{task.fields[money]}"),
            console=Console(file=stream),
            transient=False,
        )
        self._task = self._bar.add_task("triage", total=0, rate="", counts="", money="")

    def start(self, total: int) -> None:
        self.tally.start(total)
        self._bar.update(self._task, total=total)
        self._bar.start()

    def advance(self, verdict: Verdict | None, *, reused: bool = False) -> None:
        self.tally.add(verdict, reused)
        t = self.tally
        self._bar.update(
            self._task,
            completed=t.done,
            rate=f"{t.rate():.1f}/s",
            counts=t.counts_text(),
            money=t.money_text() if t.tokens else "",
        )

    def close(self) -> None:
        self._bar.stop()


class NullProgress:
    def start(self, total: int) -> None:
        pass

    def advance(self, verdict: Verdict | None, *, reused: bool = False) -> None:
        pass

    def close(self) -> None:
        pass


def make_progress(enabled: bool = True, stream: TextIO | None = None, every: float = 10.0) -> Progress:
    """The right display for ``stream`` (stderr by default)."""
    out = stream if stream is not None else sys.stderr
    if not enabled:
        return NullProgress()
    if out.isatty():
        return RichProgress(out)
    return PlainProgress(out, every=every)
