"""The verdict store: history, human feedback, resume, fixes, migrations, threads, processes, crashes."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding, Location, Region
from sastls.graph.store import SCHEMA_VERSION, StoreError, VerdictStore, connect, migrate
from sastls.graph.verdict import Evidence, Usage, Verdict


def verdict(fp: str, label: str = "TRUE_POSITIVE", **kw: object) -> Verdict:
    data: dict[str, object] = {
        "fingerprint": fp,
        "verdict": label,
        "confidence": 0.8,
        "justification": f"because {fp}",
        "analyst": "heuristic",
    }
    data.update(kw)
    return Verdict(**data)  # type: ignore[arg-type]


def finding(fp: str) -> Finding:
    return Finding(
        tool="bandit",
        rule_id="B608",
        message="sql",
        location=Location("app.py", Region(3, 1, 3, 20)),
        cwe=(89,),
        fingerprint=fp,
    )


@pytest.fixture
def store(tmp_path: Path) -> VerdictStore:
    s = VerdictStore(tmp_path / "deep" / "dir" / "verdicts.db")
    yield s  # type: ignore[misc]
    s.close()


def test_creates_directories_wal_and_latest_schema(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "v.db"
    with VerdictStore(path) as s:
        assert s.schema_version == SCHEMA_VERSION
    assert path.exists()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    versions = [v for (v,) in conn.execute("SELECT version FROM schema_version ORDER BY version")]
    assert versions == list(range(1, SCHEMA_VERSION + 1))


def test_put_get_round_trip_keeps_every_field(store: VerdictStore) -> None:
    v = verdict(
        "fp1",
        "FALSE_POSITIVE",
        evidence=(Evidence("app.py", 3, 4, "constant query", "constant", "q = 'x'"),),
        model="openai/x",
        reason="constant argument",
        usage=Usage(2, 100, 20, 0.01, 1.5),
        content_hash="abc",
        path_taken=("agent", "fetch_code"),
    )
    store.put(v, finding("fp1"))
    assert store.get("fp1") == v
    assert store.get("missing") is None
    got = store.finding("fp1")
    assert got is not None and got.rule_id == "B608" and got.cwe == (89,)


def test_latest_analyst_verdict_wins_and_history_keeps_all(store: VerdictStore) -> None:
    store.put(verdict("fp", "TRUE_POSITIVE", decided_at="2026-01-01T00:00:00+00:00"))
    store.put(verdict("fp", "FALSE_POSITIVE", decided_at="2026-01-02T00:00:00+00:00"))
    assert store.get("fp").verdict == "FALSE_POSITIVE"  # type: ignore[union-attr]
    assert [v.verdict for v in store.history("fp")] == ["TRUE_POSITIVE", "FALSE_POSITIVE"]


def test_human_judgement_wins_over_later_analyst_verdicts(store: VerdictStore) -> None:
    store.put(verdict("fp", "FALSE_POSITIVE", content_hash="h1", evidence=(Evidence("a.py", 1, 2, "why"),)))
    judged = store.judge("fp", "TRUE_POSITIVE", reason="input reaches it via the admin API", user="ana")
    assert judged.human and judged.analyst == "human" and judged.verdict == "TRUE_POSITIVE"
    assert judged.justification == "input reaches it via the admin API"
    assert judged.evidence == (Evidence("a.py", 1, 2, "why"),)  # the analyst's evidence stays visible
    assert judged.content_hash == "h1"
    store.put(verdict("fp", "FALSE_POSITIVE", content_hash="h1"))  # a later analyst run does not undo it
    eff = store.get("fp")
    assert eff is not None and eff.human and eff.verdict == "TRUE_POSITIVE"
    assert store.get_many(["fp"])["fp"] == eff
    assert store.feedback("fp")[0]["action"] == "overturn"
    assert store.feedback("fp")[0]["user"] == "ana"
    # a newer human judgement replaces the older one
    store.judge("fp", "FALSE_POSITIVE", reason="only reachable from tests", user="bo")
    assert store.get("fp").verdict == "FALSE_POSITIVE"  # type: ignore[union-attr]
    assert [f["action"] for f in store.feedback("fp")] == ["overturn", "confirm"]
    assert len(store.history("fp")) == 4


def test_confirm_keeps_the_analyst_justification(store: VerdictStore) -> None:
    store.put(verdict("fp", "FALSE_POSITIVE", justification="constant"))
    judged = store.judge("fp", "FALSE_POSITIVE")
    assert judged.justification == "constant"
    assert judged.reason == "confirmed by a user"


def test_judge_without_analyst_verdict_and_bad_label(store: VerdictStore) -> None:
    judged = store.judge("new", "FALSE_POSITIVE", reason="test fixture", user="u")
    assert store.get("new") == judged
    with pytest.raises(ValueError, match="TRUE_POSITIVE or FALSE_POSITIVE"):
        store.judge("new", "NEEDS_REVIEW")  # type: ignore[arg-type]


def test_get_many_picks_the_effective_verdict_of_each(store: VerdictStore) -> None:
    for n in range(1200):  # more than one IN (...) chunk
        store.put(verdict(f"fp{n}", "TRUE_POSITIVE"))
    store.put(verdict("fp7", "FALSE_POSITIVE"))
    got = store.get_many([f"fp{n}" for n in range(1200)] + ["nope", "fp7"])
    assert len(got) == 1200
    assert got["fp7"].verdict == "FALSE_POSITIVE"
    assert got["fp1199"].verdict == "TRUE_POSITIVE"


def test_decided_is_for_resume_on_the_same_code(store: VerdictStore) -> None:
    assert store.decided("fp", "h1") is None
    store.put(verdict("fp", content_hash="h1"))
    assert store.decided("fp", "h1") is not None
    assert store.decided("fp", "h2") is None  # the code changed: decide again
    store.judge("fp", "FALSE_POSITIVE", user="u")
    assert store.decided("fp", "h2") is not None  # a person's judgement holds for the fingerprint


def test_known_fixes_rank_by_times_verified(store: VerdictStore) -> None:
    store.record_fix("B608", "", "use placeholders")
    for _ in range(3):
        store.record_fix("B608", "tests failed", "use parameters tuple")
    store.record_fix("B608", "", "use placeholders")
    store.record_fix("B602", "", "shell=False")
    store.record_fix("B608", "", "orm")
    top = store.known_fixes("B608", limit=2)
    assert [(f["change"], f["times_verified"]) for f in top] == [
        ("use parameters tuple", 3),
        ("use placeholders", 2),
    ]
    assert top[0]["error"] == "tests failed"
    assert len(store.known_fixes("B608", limit=10)) == 3
    assert store.known_fixes("nothing") == []


def test_known_fixes_are_trusted_fixes_only(store: VerdictStore, tmp_path: Path) -> None:
    store.record_fix("B602", "", "argv", trust="tested")
    store.record_fix("B602", "", "argv", trust="applied")
    store.record_fix("B324", "semantics: x", "kdf", trust="applied")
    assert store.known_fixes("B602")[0]["trust"] == "tested+applied"
    assert store.known_fixes("B324")[0]["trust"] == "applied"
    with pytest.raises(ValueError, match="tested or applied"):
        store.record_fix("B1", "", "c", trust="scanner-clean")  # type: ignore[arg-type]
    # rows that an older version kept on a scanner going quiet alone are dropped by the upgrade
    path = tmp_path / "v3.db"
    conn = connect(path)
    assert migrate(conn, upto=3) == 3
    conn.execute(
        "INSERT INTO known_fixes (rule_id, error, change, first_verified, last_verified)"
        " VALUES ('B602', '', 'out = None  # removed', 'x', 'x')"
    )
    conn.close()
    with VerdictStore(path) as s:
        assert s.known_fixes("B602") == []


def test_put_needs_a_fingerprint(store: VerdictStore) -> None:
    with pytest.raises(ValueError, match="fingerprint"):
        store.put(verdict(""))


def test_for_workspace_uses_config_store_path(tmp_path: Path) -> None:
    with VerdictStore.for_workspace(tmp_path, Config()) as s:
        assert s.path == tmp_path / ".sastls" / "verdicts.db"
    with VerdictStore.for_workspace(tmp_path, Config(store_path="x/y.db")) as s:
        assert s.path == tmp_path / "x" / "y.db"
    absolute = tmp_path / "elsewhere" / "z.db"
    with VerdictStore.for_workspace(tmp_path / "ws", Config(store_path=str(absolute))) as s:
        assert s.path == absolute
    assert absolute.exists()


def test_upgrade_from_v1_keeps_old_verdicts(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = connect(path)
    assert migrate(conn, upto=1) == 1
    old = verdict("legacy", "FALSE_POSITIVE", usage=Usage(1, 300, 40, 0.02, 2.0), content_hash="h")
    conn.execute(
        """INSERT INTO verdicts (fingerprint, verdict, confidence, analyst, model, decided_at, human,
               content_hash, data) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)""",
        ("legacy", "FALSE_POSITIVE", 0.8, "heuristic", None, old.decided_at, "h", json.dumps(old.to_dict())),
    )
    conn.close()
    with VerdictStore(path) as s:
        assert s.schema_version == SCHEMA_VERSION
        assert s.get("legacy") == old
        assert s.decided("legacy", "h") == old
        s.record_fix("B1", "", "c")  # a table added by a later migration
        assert s.known_fixes("B1")[0]["times_verified"] == 1
        s.judge("legacy", "TRUE_POSITIVE", user="u")  # columns added by v2
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT prompt_tokens, cost_usd FROM verdicts WHERE human = 0").fetchone() == (
        300,
        0.02,
    )


def test_newer_schema_and_garbage_files_are_clear_errors(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    VerdictStore(path).close()
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO schema_version VALUES (99, 'x')")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="newer"):
        VerdictStore(path)
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(StoreError, match=r"junk\.db"):
        VerdictStore(junk)


def test_closed_store_says_so(tmp_path: Path) -> None:
    s = VerdictStore(tmp_path / "v.db")
    s.close()
    s.close()  # twice is fine
    with pytest.raises(StoreError, match="closed"):
        s.get("x")


def test_threads_share_one_store(store: VerdictStore) -> None:
    errors: list[BaseException] = []

    def work(t: int) -> None:
        try:
            for n in range(100):
                store.put(verdict(f"t{t}-{n}"))
                store.get(f"t{t}-{n}")
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert len(store.fingerprints()) == 400


WRITER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from sastls.graph.store import VerdictStore
    from sastls.graph.verdict import Verdict
    path, tag, count, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
    store = VerdictStore(path)
    while not go.exists():
        time.sleep(0.005)
    for n in range(count):
        store.put(Verdict(fingerprint=f"{tag}-{n}", verdict="TRUE_POSITIVE", confidence=0.5,
                          justification="x" * 200, analyst="heuristic"))
        if n % 7 == 0:
            store.record_fix("R", "", f"{tag}")
        print(n, flush=True)
    store.close()
    """
)


def _writer(tmp_path: Path, db: Path, tag: str, count: int, go: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(db), tag, str(count), str(go)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )


def test_two_processes_write_at_once(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    go = tmp_path / "go"
    procs = [_writer(tmp_path, db, tag, 300, go) for tag in ("lsp", "cli")]
    time.sleep(0.3)  # both have opened (and raced to migrate) the store
    go.touch()
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        assert out.split()[-1] == "299"
    with VerdictStore(db) as s:
        fps = set(s.fingerprints())
        assert fps == {f"{tag}-{n}" for tag in ("lsp", "cli") for n in range(300)}
        counts = {f["change"]: f["times_verified"] for f in s.known_fixes("R", limit=5)}
        assert counts == {"lsp": 43, "cli": 43}
        assert s.schema_version == SCHEMA_VERSION
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT COUNT(*) FROM schema_version").fetchone()[0] == SCHEMA_VERSION


def test_sigkill_mid_loop_loses_nothing_committed(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    go = tmp_path / "go"
    go.touch()
    proc = _writer(tmp_path, db, "k", 100_000, go)
    assert proc.stdout is not None
    committed = -1
    for line in proc.stdout:
        committed = int(line)
        if committed >= 250:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    with VerdictStore(db) as s:
        fps = set(s.fingerprints())
        assert {f"k-{n}" for n in range(committed + 1)} <= fps
        assert len(fps) < 100_000
        s.put(verdict("after-crash"))  # still writable
        assert s.get("after-crash") is not None
