"""Fuzzed inputs through the real command line (issue 16): ``sastls findings`` and ``sastls triage``.

A deterministic sample of the malformed inputs of test_fuzz_readers.py, run as a user runs them:
no traceback, exit code 0/1/2 only, 2 whenever a record was rejected (after writing everything
else), every problem on stderr as ``FILE: WHERE: error|warning: message``, and a triaged SARIF
that validates against the SARIF 2.1.0 schema.
"""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sastls.server.reports.sarif import validate_sarif

sys.path.insert(0, str(Path(__file__).parent))
import fuzz_corpus as C

PROBLEM = re.compile(r"^(?P<file>.+?): (?P<where>\$\S*|line \d+|/results\S*): (?P<sev>error|warning): .+$")


def sastls(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sastls.server.cli", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def inputs(dest: Path) -> list[Path]:
    """Malformed files of every format, deterministic."""
    rng = random.Random(16)
    files: list[Path] = []

    def put(name: str, data: bytes) -> None:
        p = dest / name
        p.write_bytes(data)
        files.append(p)

    for fmt, make in C.JSON_DOCS.items():
        tag = fmt.replace("-", "_")
        text = json.dumps(make(), indent=1)
        put(f"{tag}_truncated.json", text[: len(text) * 2 // 3].encode())
        doc = make()
        paths = [p for p in C.paths(doc) if p[: len(C.RECORDS[fmt]) + 1] == (*C.RECORDS[fmt], 1)]
        for n in range(3):
            mutated = C.set_path(
                copy.deepcopy(doc), rng.choice(paths[1:]), rng.choice([None, 7, "x", [], {}])
            )
            put(f"{tag}_wrong{n}.json", json.dumps(mutated).encode())
        flipped = bytearray(text.encode())
        flipped[rng.randrange(len(flipped) // 3, len(flipped))] = rng.choice(b'{}[]",:\\')
        put(f"{tag}_flip.json", bytes(flipped))
        put(f"{tag}_utf16.json", text.encode("utf-16-le"))
        put(f"{tag}_deep.json", text.replace('"m1"', "[" * 3000 + "]" * 3000, 1).encode())
    xml = C.cppcheck_xml()
    put("cppcheck_truncated.xml", xml[: len(xml) // 2].encode())
    put(
        "cppcheck_bad.xml", xml.replace('line="3"', 'line="x"').replace("<symbol>", "<symbol attr=>").encode()
    )
    err = C.csgrep_err()
    put("csgrep_truncated.err", err[: len(err) // 2].encode("utf-16"))
    put("csgrep_bytes.err", err.encode()[:40] + bytes(range(256)) + err.encode()[40:])
    return files


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    root = tmp_path_factory.mktemp("fuzz-cli")
    ws = C.workspace(root / "ws")
    dest = root / "in"
    dest.mkdir()
    return ws, inputs(dest)


def _problems(stderr: str) -> list[re.Match[str]]:
    lines = [line for line in stderr.splitlines() if line.strip()]
    return [m for line in lines if (m := PROBLEM.match(line))]


def test_findings_on_every_malformed_file(corpus: tuple[Path, list[Path]]) -> None:
    ws, files = corpus
    assert len(files) >= 35
    for chunk in (files[: len(files) // 2], files[len(files) // 2 :]):
        proc = sastls("findings", *chunk, "--repo", ws, "--json")
        assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
        assert proc.returncode == 2  # every chunk has rejected records
        for line in proc.stdout.splitlines():
            json.loads(line)
        problems = _problems(proc.stderr)
        assert problems and all(m.group("file") in {str(f) for f in chunk} for m in problems)
        assert any(m.group("sev") == "error" for m in problems)


@pytest.mark.parametrize(
    "which", ["sarif_wrong0", "sarif_flip", "sarif_deep", "semgrep_truncated", "gcc_json_utf16"]
)
def test_triage_writes_a_valid_sarif_and_exits_by_the_rules(
    corpus: tuple[Path, list[Path]], which: str
) -> None:
    ws, files = corpus
    (path,) = [f for f in files if f.stem == which]
    out = path.with_suffix(".triaged.sarif")
    proc = sastls(
        "triage", path, "--repo", ws, "--out", out, "--store", path.with_suffix(".db"),
        "--fail-on", "never", "--no-progress",
    )  # fmt: skip
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    assert proc.returncode in (0, 1, 2)
    rejected = [m for m in _problems(proc.stderr) if m.group("sev") == "error"]
    assert proc.returncode == (2 if rejected else 0), proc.stderr[-2000:]
    assert validate_sarif(json.loads(out.read_text())) == []
