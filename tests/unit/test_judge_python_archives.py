"""Archive extraction (CWE-22, "zip slip"): what decides is the archive's member names, not the
arguments of the call. A safe form is the library's own guarantee (``filter='data'``, tarsafe,
zipfile's name cleaning); an archive opened from a constant file name is still an archive whose
content the analyst cannot see. Each safe form is beside the form that is not.

Programs mark their line with ``# <-`` (the judge never reads comments); written for these tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP = "TRUE_POSITIVE", "FALSE_POSITIVE"

CASES: list[tuple[str, str, str]] = [
    (
        "tarfile-from-a-constant-name-after-a-download",
        TP,
        """
import tarfile, requests
def fetch(url):
    with open("/tmp/bundle.tgz", "wb") as f:
        f.write(requests.get(url).content)
    tar = tarfile.open("/tmp/bundle.tgz")
    tar.extractall("/srv/out")  # <-
""",
    ),
    (
        "tarfile-constant-name-and-destination",
        TP,
        """
import tarfile
def unpack():
    tarfile.open("data/bundle.tgz").extractall("out")  # <-
""",
    ),
    (
        "tarfile-filter-data",
        FP,
        """
import tarfile
from flask import request
def upload():
    with tarfile.open(fileobj=request.files["f"].stream) as tar:
        tar.extractall("/srv/out", filter="data")  # <-
""",
    ),
    (
        "tarfile-filter-tar-is-not-enough",
        TP,
        """
import tarfile
from flask import request
def upload():
    with tarfile.open(fileobj=request.files["f"].stream) as tar:
        tar.extractall("/srv/out", filter="tar")  # <-
""",
    ),
    (
        "tarfile-filter-from-the-request",
        TP,
        """
import tarfile
from flask import request
def upload():
    with tarfile.open(fileobj=request.files["f"].stream) as tar:
        tar.extractall("/srv/out", filter=request.args["filter"])  # <-
""",
    ),
    (
        "tarsafe-open",
        FP,
        """
import tarsafe, requests
def fetch(url, dest):
    with open("/tmp/p.tgz", "wb") as f:
        f.write(requests.get(url).content)
    tarsafe.open("/tmp/p.tgz").extractall(dest)  # <-
""",
    ),
    (
        "tarsafe-through-a-with",
        FP,
        """
from tarsafe import TarSafe
from flask import request
def upload():
    with TarSafe.open(fileobj=request.files["f"].stream) as t:
        t.extract("member.txt", "/srv/out")  # <-
""",
    ),
    (
        "tarfile-extract-one-member",
        TP,
        """
import tarfile
from flask import request
def upload():
    with tarfile.open(fileobj=request.files["f"].stream) as t:
        t.extract("member.txt", "/srv/out")  # <-
""",
    ),
    (
        "zipfile-extractall-of-an-upload",
        FP,
        """
import io, zipfile
from flask import request
def upload():
    zipfile.ZipFile(io.BytesIO(request.data)).extractall("/srv/out")  # <-
""",
    ),
    (
        "unpack-archive-of-a-download",
        TP,
        """
import shutil, requests
def fetch(url, dest):
    with open("/tmp/p.tgz", "wb") as f:
        f.write(requests.get(url).content)
    shutil.unpack_archive("/tmp/p.tgz", dest)  # <-
""",
    ),
    (
        "unpack-archive-constant-names",
        TP,
        """
import shutil
def unpack():
    shutil.unpack_archive("/tmp/p.tgz", "/srv/out")  # <-
""",
    ),
    (
        "unpack-archive-filter-data",
        FP,
        """
import shutil, requests
def fetch(url):
    with open("/tmp/p.tgz", "wb") as f:
        f.write(requests.get(url).content)
    shutil.unpack_archive("/tmp/p.tgz", "/srv/out", filter="data")  # <-
""",
    ),
    (
        "unpack-archive-filter-data-of-a-file-the-request-names",
        TP,
        """
import shutil
from flask import request
def upload():
    shutil.unpack_archive(request.args["f"], "/srv/out", filter="data")  # <-
""",
    ),
]


@pytest.mark.parametrize(("name", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_archives(tmp_path: Path, name: str, expected: str, code: str) -> None:
    (tmp_path / "app.py").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "# <-" in ln)
    finding = Finding(
        tool="semgrep",
        rule_id="archive-extract",
        message="m",
        location=Location("app.py", Region(line)),
        cwe=(22,),
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert j.verdict == expected, f"{name}: {j.verdict} ({j.reason}): {j.justification}"
    if j.verdict == FP:
        assert any(e.role == "safe_variant" for e in j.evidence), j.justification
