"""The verdict store: SQLite (stdlib) in WAL mode, keyed by ``sastls/v1`` fingerprint.

It keeps every verdict ever reached for a finding (analyst, model, time, tokens,
cost, the hash of the code it was reached on, the analyst's version and the digest of
the model files it used: ``graph.provenance`` decides from them whether a stored verdict
still stands), human feedback (confirm / overturn
with a reason and a user), the findings themselves, and fixes that held (the fix
loop learns from them). The *effective* verdict of a finding is the latest human
judgement, else the latest analyst verdict.

Concurrency: one connection per store guarded by a lock (safe across threads);
WAL plus a busy timeout and ``BEGIN IMMEDIATE`` write transactions make two
processes (the language server and a CLI run) safe to write at the same time.
Durability: every write is one transaction; with ``synchronous=NORMAL`` in WAL
mode a committed transaction survives the process being killed (a power cut may
roll back the last few commits, never corrupt the file).

The schema is versioned (table ``schema_version``); ``MIGRATIONS[n]`` brings a
database from version n to n + 1 inside one transaction, so a store opened by two
processes at once migrates exactly once.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding
from sastls.analyzers.workdir import ensure_dir

from .verdict import Verdict, now_iso

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 30_000
_CHUNK = 500
FINGERPRINT_BASES_KEPT = 500_000
"""Rows of the fingerprint-base cache kept; the oldest are dropped beyond (a dropped row only costs
a parse on the next run)."""


class StoreError(Exception):
    """The store cannot be opened or used (not a database, newer schema, unwritable path)."""


# --------------------------------------------------------------------------- migrations


def _v1(conn: sqlite3.Connection) -> None:
    conn.execute(
        """CREATE TABLE verdicts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            fingerprint TEXT NOT NULL,
            verdict TEXT NOT NULL,
            confidence REAL NOT NULL,
            analyst TEXT NOT NULL,
            model TEXT,
            decided_at TEXT NOT NULL,
            human INTEGER NOT NULL DEFAULT 0,
            content_hash TEXT,
            data TEXT NOT NULL
        )"""
    )
    conn.execute("CREATE INDEX verdicts_fingerprint ON verdicts (fingerprint, id)")


def _v2(conn: sqlite3.Connection) -> None:
    """Usage accounting and human feedback on verdict rows; findings kept beside their verdicts."""
    for column in (
        "prompt_tokens INTEGER NOT NULL DEFAULT 0",
        "completion_tokens INTEGER NOT NULL DEFAULT 0",
        "cost_usd REAL NOT NULL DEFAULT 0",
        "user TEXT",
        "action TEXT",  # confirm | overturn for human judgements
        "reason TEXT",
    ):
        conn.execute(f"ALTER TABLE verdicts ADD COLUMN {column}")
    rows = conn.execute("SELECT id, data FROM verdicts").fetchall()
    for row_id, data in rows:
        usage = json.loads(data).get("usage") or {}
        conn.execute(
            "UPDATE verdicts SET prompt_tokens = ?, completion_tokens = ?, cost_usd = ? WHERE id = ?",
            (
                int(usage.get("prompt_tokens", 0)),
                int(usage.get("completion_tokens", 0)),
                float(usage.get("cost_usd", 0.0)),
                row_id,
            ),
        )
    conn.execute(
        """CREATE TABLE findings (
            fingerprint TEXT PRIMARY KEY,
            rule_id TEXT NOT NULL,
            path TEXT NOT NULL,
            data TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )"""
    )


def _v3(conn: sqlite3.Connection) -> None:
    """Fixes that passed verification, by rule: the fix loop shows the best ones to the model."""
    conn.execute(
        """CREATE TABLE known_fixes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            rule_id TEXT NOT NULL,
            error TEXT NOT NULL,
            change TEXT NOT NULL,
            times_verified INTEGER NOT NULL DEFAULT 1,
            first_verified TEXT NOT NULL,
            last_verified TEXT NOT NULL,
            UNIQUE (rule_id, error, change)
        )"""
    )
    conn.execute("CREATE INDEX known_fixes_rule ON known_fixes (rule_id, times_verified DESC)")


def _v4(conn: sqlite3.Connection) -> None:
    """Known fixes are trusted fixes only: ``trust`` says why (``tested``: the user's tests ran and
    passed with it; ``applied``: a person applied it and kept it). Rows written before this version
    were kept on a weaker check (a scanner going quiet) and are dropped."""
    conn.execute("DELETE FROM known_fixes")
    conn.execute("ALTER TABLE known_fixes ADD COLUMN trust TEXT NOT NULL DEFAULT 'tested'")


def _v5(conn: sqlite3.Connection) -> None:
    """What each verdict was reached with (issue 12 §3b): the analyst's version and the models' digest.

    Existing rows get NULL: their analyst verdicts no longer match any analyst and are decided again
    when next needed (``graph.provenance.stale_reason``); human verdicts are untouched and always stand."""
    conn.execute("ALTER TABLE verdicts ADD COLUMN analyst_version TEXT")
    conn.execute("ALTER TABLE verdicts ADD COLUMN models_digest TEXT")


def _v6(conn: sqlite3.Connection) -> None:
    """Fingerprint bases by what they are computed from (``analyzers.fingerprints.cache_key``: the
    file's content hash, the finding's tool, rule, path and lines): a rerun on unchanged files finds
    its findings' fingerprints, and so their verdicts, without parsing the files again."""
    conn.execute("CREATE TABLE fingerprint_bases (key TEXT PRIMARY KEY, base TEXT NOT NULL)")


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2, _v3, _v4, _v5, _v6)
SCHEMA_VERSION = len(MIGRATIONS)


def _current_version(conn: sqlite3.Connection) -> int:
    exists = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ).fetchone()
    if not exists:
        return 0
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


def migrate(conn: sqlite3.Connection, upto: int = SCHEMA_VERSION) -> int:
    """Bring the database to version ``upto`` (one transaction per step); the version reached."""
    while True:
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version"
                " (version INTEGER NOT NULL, applied_at TEXT NOT NULL)"
            )
            version = _current_version(conn)
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"schema version {version} is newer than this sastls understands ({SCHEMA_VERSION})"
                )
            if version >= upto:
                conn.execute("COMMIT")
                return version
            MIGRATIONS[version](conn)
            conn.execute("INSERT INTO schema_version VALUES (?, ?)", (version + 1, now_iso()))
            conn.execute("COMMIT")
            log.debug("verdict store migrated to schema %d", version + 1)
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _switch_to_wal(conn: sqlite3.Connection) -> Any:
    """``PRAGMA journal_mode = WAL``, retried: on a new file, two processes opening it at once can
    find it locked by the other's switch (SQLite does not wait on the busy handler there)."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    delay = 0.01
    while True:
        try:
            return conn.execute("PRAGMA journal_mode = WAL").fetchone()
        except sqlite3.OperationalError as exc:
            if ("locked" not in str(exc) and "busy" not in str(exc)) or time.monotonic() > deadline:
                raise
        time.sleep(delay)
        delay = min(delay * 2, 0.2)


def connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), WAL, busy timeout."""
    conn = sqlite3.connect(
        str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    mode = _switch_to_wal(conn)
    if mode is None or str(mode[0]).lower() != "wal":
        log.warning("%s: could not switch to WAL (journal_mode=%s)", path, mode[0] if mode else None)
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


# --------------------------------------------------------------------------- the store


def store_path(workspace: str | Path, config: Config) -> Path:
    """Where the workspace's store is: ``config.store_path``, relative to the workspace unless absolute."""
    path = Path(config.store_path).expanduser()
    return path if path.is_absolute() else Path(workspace) / path


class VerdictStore:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        try:
            ensure_dir(self.path.parent)
            self._conn = connect(self.path)
            migrate(self._conn)
        except (sqlite3.Error, OSError, StoreError) as exc:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            if isinstance(exc, StoreError):
                raise StoreError(f"{self.path}: {exc}") from exc
            raise StoreError(f"{self.path}: cannot open the verdict store: {exc}") from exc

    @classmethod
    def for_workspace(cls, workspace: str | Path, config: Config) -> VerdictStore:
        """The store at ``config.store_path``, relative to the workspace unless absolute."""
        return cls(store_path(workspace, config))

    # ---------------------------------------------------------------- plumbing

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(f"{self.path}: the verdict store is closed")
        return self._conn

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def _read(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        with self._lock:
            return self._connection().execute(sql, tuple(params)).fetchall()

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> VerdictStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        with self._lock:
            return _current_version(self._connection())

    # ---------------------------------------------------------------- verdicts

    def put(self, verdict: Verdict, finding: Finding | None = None) -> None:
        """Record a verdict (history keeps every one) and, when given, the finding it is about."""
        self.put_many([(verdict, finding)])

    def put_many(self, items: Iterable[tuple[Verdict, Finding | None]]) -> None:
        """``put`` of each (verdict, finding), in one transaction."""
        rows = list(items)
        for verdict, _ in rows:
            if not verdict.fingerprint:
                raise ValueError("a verdict without a fingerprint cannot be stored")
        with self._write() as conn:
            for verdict, finding in rows:
                self._insert(conn, verdict, finding)

    def _insert(self, conn: sqlite3.Connection, verdict: Verdict, finding: Finding | None) -> None:
        data = json.dumps(verdict.to_dict(), sort_keys=True)
        conn.execute(
            """INSERT INTO verdicts (fingerprint, verdict, confidence, analyst, model, decided_at, human,
                   content_hash, data, prompt_tokens, completion_tokens, cost_usd, reason,
                   analyst_version, models_digest)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                verdict.fingerprint,
                verdict.verdict,
                verdict.confidence,
                verdict.analyst,
                verdict.model,
                verdict.decided_at,
                int(verdict.human),
                verdict.content_hash,
                data,
                verdict.usage.prompt_tokens,
                verdict.usage.completion_tokens,
                verdict.usage.cost_usd,
                verdict.reason,
                verdict.analyst_version,
                verdict.models_digest,
            ),
        )
        if finding is not None:
            self._put_finding(conn, finding, verdict.fingerprint)

    @staticmethod
    def _put_finding(conn: sqlite3.Connection, finding: Finding, fingerprint: str) -> None:
        conn.execute(
            """INSERT INTO findings (fingerprint, rule_id, path, data, updated_at) VALUES (?, ?, ?, ?, ?)
               ON CONFLICT (fingerprint) DO UPDATE SET
                   rule_id = excluded.rule_id, path = excluded.path, data = excluded.data,
                   updated_at = excluded.updated_at""",
            (
                fingerprint,
                finding.rule_id,
                finding.path,
                json.dumps(finding.to_dict(), sort_keys=True, default=str),
                now_iso(),
            ),
        )

    def finding(self, fingerprint: str) -> Finding | None:
        rows = self._read("SELECT data FROM findings WHERE fingerprint = ?", (fingerprint,))
        return Finding.from_dict(json.loads(rows[0][0])) if rows else None

    def get(self, fingerprint: str) -> Verdict | None:
        """The effective verdict: the latest human judgement, else the latest analyst verdict."""
        rows = self._read(
            "SELECT data FROM verdicts WHERE fingerprint = ? ORDER BY human DESC, id DESC LIMIT 1",
            (fingerprint,),
        )
        return Verdict.from_dict(json.loads(rows[0][0])) if rows else None

    def get_many(self, fingerprints: Iterable[str]) -> dict[str, Verdict]:
        wanted = list(dict.fromkeys(fingerprints))
        best: dict[str, tuple[int, int, str]] = {}
        for start in range(0, len(wanted), _CHUNK):
            chunk = wanted[start : start + _CHUNK]
            marks = ",".join("?" * len(chunk))
            for fp, human, row_id, data in self._read(
                f"SELECT fingerprint, human, id, data FROM verdicts WHERE fingerprint IN ({marks})",
                chunk,
            ):
                rank = (int(human), int(row_id), str(data))
                if fp not in best or rank[:2] > best[fp][:2]:
                    best[fp] = rank
        return {fp: Verdict.from_dict(json.loads(rank[2])) for fp, rank in best.items()}

    def history(self, fingerprint: str) -> list[Verdict]:
        """Every verdict of a finding, oldest first (analysts and people)."""
        rows = self._read("SELECT data FROM verdicts WHERE fingerprint = ? ORDER BY id", (fingerprint,))
        return [Verdict.from_dict(json.loads(data)) for (data,) in rows]

    def judge(
        self,
        fingerprint: str,
        verdict: Literal["TRUE_POSITIVE", "FALSE_POSITIVE"],
        reason: str = "",
        user: str | None = None,
    ) -> Verdict:
        """Record a person's judgement: a confirm when it agrees with the analysts, else an overturn."""
        if verdict not in ("TRUE_POSITIVE", "FALSE_POSITIVE"):
            raise ValueError(f"a human judgement is TRUE_POSITIVE or FALSE_POSITIVE, not {verdict!r}")
        with self._write() as conn:
            rows = conn.execute(
                "SELECT data FROM verdicts WHERE fingerprint = ? AND human = 0 ORDER BY id DESC LIMIT 1",
                (fingerprint,),
            ).fetchall()
            analyst = Verdict.from_dict(json.loads(rows[0][0])) if rows else None
            action = "confirm" if analyst is not None and analyst.verdict == verdict else "overturn"
            who = user or "a user"
            summary = f"{'confirmed' if action == 'confirm' else 'overturned'} by {who}"
            justification = reason or (
                analyst.justification if action == "confirm" and analyst is not None else summary
            )
            base = analyst or Verdict(
                fingerprint=fingerprint, verdict=verdict, confidence=1.0, justification="", analyst="human"
            )
            judged = replace(
                base,
                verdict=verdict,
                confidence=1.0,
                justification=justification,
                analyst="human",
                model=None,
                reason=f"{summary}: {reason}" if reason else summary,
                stop_reason=None,
                decided_at=now_iso(),
                human=True,
                analyst_version=None,
                models_digest=None,
            )
            conn.execute(
                """INSERT INTO verdicts (fingerprint, verdict, confidence, analyst, model, decided_at, human,
                       content_hash, data, user, action, reason)
                   VALUES (?, ?, ?, 'human', NULL, ?, 1, ?, ?, ?, ?, ?)""",
                (
                    fingerprint,
                    verdict,
                    judged.confidence,
                    judged.decided_at,
                    judged.content_hash,
                    json.dumps(judged.to_dict(), sort_keys=True),
                    user,
                    action,
                    reason,
                ),
            )
        return judged

    def feedback(self, fingerprint: str) -> list[dict[str, Any]]:
        """Human judgements of a finding, oldest first: verdict, action, reason, user, decided_at."""
        rows = self._read(
            """SELECT verdict, action, reason, user, decided_at FROM verdicts
               WHERE fingerprint = ? AND human = 1 ORDER BY id""",
            (fingerprint,),
        )
        return [
            {"verdict": v, "action": a, "reason": r or "", "user": u, "decided_at": d}
            for v, a, r, u, d in rows
        ]

    def decided(self, fingerprint: str, content_hash: str) -> Verdict | None:
        """The effective verdict if it still holds: a human one always, an analyst one on the same code."""
        current = self.get(fingerprint)
        if current is None:
            return None
        if current.human or current.content_hash == content_hash:
            return current
        return None

    def fingerprints(self) -> list[str]:
        return [fp for (fp,) in self._read("SELECT DISTINCT fingerprint FROM verdicts ORDER BY fingerprint")]

    # ---------------------------------------------------------------- fingerprint bases

    def fingerprint_bases(self, keys: Iterable[str]) -> dict[str, str]:
        """The cached fingerprint bases of ``keys`` (``analyzers.fingerprints.cache_key``) that are known."""
        wanted = list(dict.fromkeys(keys))
        out: dict[str, str] = {}
        for start in range(0, len(wanted), _CHUNK):
            chunk = wanted[start : start + _CHUNK]
            marks = ",".join("?" * len(chunk))
            out.update(self._read(f"SELECT key, base FROM fingerprint_bases WHERE key IN ({marks})", chunk))
        return out

    def put_fingerprint_bases(self, bases: dict[str, str]) -> None:
        """Remember fingerprint bases by their cache key (one transaction); the cache is bounded."""
        if not bases:
            return
        with self._write() as conn:
            conn.executemany(
                "INSERT OR REPLACE INTO fingerprint_bases (key, base) VALUES (?, ?)", list(bases.items())
            )
            conn.execute(
                "DELETE FROM fingerprint_bases WHERE rowid <= (SELECT MAX(rowid) FROM fingerprint_bases) - ?",
                (FINGERPRINT_BASES_KEPT,),
            )

    # ---------------------------------------------------------------- fixes that held

    def record_fix(
        self, rule_id: str, error: str, change: str, trust: Literal["tested", "applied"] = "tested"
    ) -> None:
        """Count a trusted fix for ``rule_id``: ``tested`` (the user's tests passed with it) or
        ``applied`` (a person applied and kept it); ``error``: what a failed attempt got wrong, or ""."""
        if trust not in ("tested", "applied"):
            raise ValueError(f"a known fix is tested or applied by a person, not {trust!r}")
        stamp = now_iso()
        with self._write() as conn:
            conn.execute(
                """INSERT INTO known_fixes
                       (rule_id, error, change, times_verified, first_verified, last_verified, trust)
                   VALUES (?, ?, ?, 1, ?, ?, ?)
                   ON CONFLICT (rule_id, error, change) DO UPDATE SET
                       times_verified = times_verified + 1, last_verified = excluded.last_verified,
                       trust = CASE WHEN trust = excluded.trust THEN trust ELSE 'tested+applied' END""",
                (rule_id, error, change, stamp, stamp, trust),
            )

    def known_fixes(self, rule_id: str, limit: int = 3) -> list[dict[str, Any]]:
        """The trusted fixes seen most often for ``rule_id`` (ties: the most recent first)."""
        rows = self._read(
            """SELECT rule_id, error, change, times_verified, last_verified, trust FROM known_fixes
               WHERE rule_id = ? ORDER BY times_verified DESC, last_verified DESC, id DESC LIMIT ?""",
            (rule_id, max(limit, 0)),
        )
        return [
            {"rule_id": r, "error": e, "change": c, "times_verified": n, "last_verified": t, "trust": tr}
            for r, e, c, n, t, tr in rows
        ]
