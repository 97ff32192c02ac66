"""The behaviour tests of tests/fixtures/fix/python, as that code's own project would have them.

bench/fix.py copies the fixtures and this file into a temporary project and runs the fix loop with
``python -m pytest`` as the test command, so a fix reaches the ``tested`` level only if these still
pass with it. They test what callers rely on (results, outputs, files written), never how it is
done; each imports its module inside the test, so one broken module fails only its own test.
Nothing here reaches the network (requests is replaced by a fake).
"""

from __future__ import annotations

import importlib
import io
import os
import sqlite3
import stat
import sys
import tarfile
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))


def load(name: str) -> Any:
    sys.modules.pop(name, None)
    return importlib.import_module(name)


def test_eval_literal() -> None:
    m = load("eval_literal")
    assert m.parse_value("[1, 2]") == [1, 2]
    assert m.parse_value("{'a': 'b'}") == {"a": "b"}


def test_mktemp(tmp_path: Path) -> None:
    path = load("mktemp").scratch()
    try:
        assert Path(path).read_text() == "x"
    finally:
        os.unlink(path)


def _fake_ping(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    log = tmp_path / "ping.log"
    exe = tmp_path / "bin" / "ping"
    exe.parent.mkdir()
    exe.write_text(f'#!/bin/sh\necho "$@" >> {log}\n')
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{exe.parent}{os.pathsep}{os.environ['PATH']}")
    return log


def test_os_system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = _fake_ping(tmp_path, monkeypatch)
    assert load("os_system").ping("example.org") == 0
    assert log.read_text().split() == ["-c", "1", "example.org"]


class _Response:
    content = b"payload"
    text = "payload"


def _fake_get(calls: list[dict[str, Any]]) -> Any:
    def get(url: str, **kwargs: Any) -> _Response:
        calls.append({"url": url, **kwargs})
        return _Response()

    return get


def test_requests_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    import requests

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(requests, "get", _fake_get(calls))
    assert load("requests_timeout").download("https://example.org/x") == b"payload"
    assert calls[0]["url"] == "https://example.org/x"


def test_tls_verify(monkeypatch: pytest.MonkeyPatch) -> None:
    import requests

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(requests, "get", _fake_get(calls))
    assert load("tls_verify").fetch("https://example.org/") == "payload"


def test_shell_concat(capfd: pytest.CaptureFixture[str]) -> None:
    assert load("shell_concat").greet("bob") == 0
    assert capfd.readouterr().out.strip() == "hello bob"


def test_shell_var(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.txt").write_text("a")
    monkeypatch.chdir(tmp_path)
    load("shell_var").archive("notes")
    with tarfile.open(tmp_path / "backup.tgz") as tar:
        assert "notes/a.txt" in tar.getnames()


def test_sql_concat() -> None:
    conn = sqlite3.connect(":memory:")
    conn.executescript(
        "CREATE TABLE users (id INTEGER, name TEXT); INSERT INTO users VALUES (1, 'alice'), (2, 'bob');"
    )
    assert load("sql_concat").find_user(conn, "bob") == [(2,)]


class _Cursor:
    """A DB-API cursor with the pyformat (%s) parameter style, over sqlite."""

    def __init__(self) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.executescript(
            "CREATE TABLE orders (id INTEGER, state TEXT);"
            "INSERT INTO orders VALUES (5, 'open'), (6, 'closed');"
        )
        self.rows: list[Any] = []

    def execute(self, sql: str, params: tuple[Any, ...] | None = None) -> None:
        if params is not None:
            sql = sql.replace("%s", "?")
        self.rows = self.db.execute(sql, params or ()).fetchall()

    def fetchone(self) -> Any:
        return self.rows[0] if self.rows else None


def test_sql_percent() -> None:
    m = load("sql_percent")
    assert m.find_order(_Cursor(), 5) == (5, "open")
    assert m.find_order(_Cursor(), 6) is None


def test_weak_hash() -> None:
    """What a login check relies on: the same password gives the same stored value."""
    m = load("weak_hash")
    assert m.password_digest("s3cret") == m.password_digest("s3cret")
    assert m.password_digest("s3cret") != m.password_digest("other")


def test_weak_hash_cache() -> None:
    m = load("weak_hash_cache")
    key = m.cache_key("https://example.org/a")
    assert key == m.cache_key("https://example.org/a") and len(key) == 40


def test_weak_random() -> None:
    token = load("weak_random").reset_token()
    assert len(token) == 32 and token.isalpha()


def test_xml_parse() -> None:
    assert load("xml_parse").parse_feed("<feed><i>a</i><i>b</i></feed>") == ["a", "b"]


def test_yaml_load() -> None:
    assert load("yaml_load").read_settings(io.StringIO("a: 1\nb: [x]\n")) == {"a": 1, "b": ["x"]}
