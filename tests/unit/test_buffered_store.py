"""A triage worker's store (``batch_workers.BufferedStore``) commits offline verdicts together, and
answers as the store would have had each been committed at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.graph.store import VerdictStore
from sastls.graph.verdict import Verdict
from sastls.server import batch_workers
from sastls.server.batch_workers import BufferedStore


def _v(fp: str, label: str = "TRUE_POSITIVE", content_hash: str = "h") -> Verdict:
    return Verdict(
        fingerprint=fp, verdict=label, confidence=0.5, justification="j", analyst="heuristic",
        content_hash=content_hash,
    )  # fmt: skip


def test_verdicts_wait_for_one_transaction_and_are_seen_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch_workers, "COMMIT_EVERY", 3600.0)
    with VerdictStore(tmp_path / "v.db") as store, VerdictStore(tmp_path / "v.db") as other:
        buffered = BufferedStore(store)
        buffered.put(_v("a"))
        buffered.put(_v("b", "FALSE_POSITIVE"))
        assert other.get("a") is None  # not committed yet
        got = buffered.decided("b", "h")  # the worker sees its own verdicts: committed first
        assert got is not None and got.verdict == "FALSE_POSITIVE"
        assert other.get("a") is not None and other.get("b") is not None
        buffered.put(_v("c"))
        assert buffered.get("c") is not None and buffered.decided("c", "other hash") is None
        buffered.put(_v("d"))
        buffered.flush()
        assert [other.get(fp) is not None for fp in "abcd"] == [True] * 4
        assert len(other.history("a")) == 1  # each verdict stored once


def test_verdicts_are_committed_after_commit_every(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_workers, "COMMIT_EVERY", 0.0)
    with VerdictStore(tmp_path / "v.db") as store, VerdictStore(tmp_path / "v.db") as other:
        buffered = BufferedStore(store)
        buffered.put(_v("a"))
        assert other.get("a") is not None
        assert buffered.pending == []


def test_put_many_is_put_of_each(tmp_path: Path) -> None:
    with VerdictStore(tmp_path / "v.db") as store:
        store.put_many([(_v("a"), None), (_v("a", "FALSE_POSITIVE"), None), (_v("b"), None)])
        assert [v.verdict for v in store.history("a")] == ["TRUE_POSITIVE", "FALSE_POSITIVE"]
        got = store.get("b")
        assert got is not None and got.verdict == "TRUE_POSITIVE"
