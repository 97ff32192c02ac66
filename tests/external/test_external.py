"""The external Python corpus: manifest integrity (always) and the analyst's figures (registry permitting).

The manifest (manifest.toml) labels real scanner findings on public releases from the PyPA advisory
database; materialise.py fetches the sdists from PyPI (pinned sha256) into ~/.cache/sastls/external
and runs bandit and semgrep on them. When the registry cannot be reached the corpus tests skip with
the reason, and the status line `make test` prints at its end says so.

Figures (printed, and written to test-output/external-metrics.json): recall on real findings, share
of fixed-code findings dropped, NEEDS_REVIEW share, per weakness class. The analyst is measured, not
tuned, here: the assertions are floors at today's figures so they cannot regress; the issue's
targets (recall 1.0, >= 50 % dropped, NEEDS_REVIEW <= 15 %) are printed next to them.
"""

from __future__ import annotations

import importlib.util
import io
import json
import re
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
MANIFEST = HERE / "manifest.toml"
RULES = HERE / "semgrep-rules.yml"
METRICS_OUT = REPO / "test-output" / "external-metrics.json"
STATUS_OUT = REPO / "test-output" / "external-status.txt"

# Libraries of the corpus whose API appears in a rule as a generic sink, and why that is not tuning.
GENERIC_SINK_LIBRARIES = {
    "joblib": "joblib.load unpickles its input (a generic sink); joblib's advisory is eval in Parallel",
}

MIN_ADVISORIES = 60
MIN_CLASSES = 10

# The targets (reported) and today's floors (asserted: they may only rise).
TARGET_RECALL, TARGET_DROPPED, TARGET_REVIEW = 1.0, 0.50, 0.15
# Measured on 2026-11-25 (main at 09:50 UTC) after the second reading of the labels (61 advisories,
# 211 labelled findings; see docs/external-corpus-analysis.md): recall 1.000 (168/168), dropped 0.512
# (22/43), NEEDS_REVIEW 0.024 (5/211). The drop floor was 0.522 (23/44) when the analyst still
# dropped every argument list run without a shell (unsound: option injection); drops must be earned
# by evidence, so the floor follows the figure measured since. At 12:30 UTC (archive extraction judged
# by the archive: tarsafe, filter='data'; unpack_archive a sink): dropped 0.558 (24/43), NEEDS_REVIEW
# 0.019 (4/211). At 12:45 UTC (a parser's configuration flag passed on from a parameter left at its
# default by every caller: svglib): dropped 0.581 (25/43).
FLOOR_RECALL = 1.0
FLOOR_DROPPED = 0.580
CEILING_REVIEW = 0.019


def _module(name: str) -> ModuleType:
    """tests/external/<name>.py, imported once under its own name (materialise.py imports registry)."""
    if name in sys.modules and getattr(sys.modules[name], "__file__", "") == str(HERE / f"{name}.py"):
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _manifest() -> Any:
    return _module("corpus_files").read_manifest(MANIFEST)


def _status(line: str) -> None:
    _module("corpus_files").write_status(STATUS_OUT, line)


# ---------------------------------------------------------------- integrity (no network)


def test_manifest_is_complete() -> None:
    from sastls.server.evaluate_external import CLASSES, labels

    manifest = _manifest()
    advisories = manifest.advisories
    classes = {a.klass for a in advisories}
    assert len(advisories) >= MIN_ADVISORIES, len(advisories)
    assert len(classes) >= MIN_CLASSES and classes <= set(CLASSES), classes
    found, errors = labels(manifest)
    assert not errors, errors
    for adv in advisories:
        assert any(lb.real and lb.advisory == adv.id for lb in found), f"{adv.id}: no real finding"
        assert adv.aliases, f"{adv.id}: no CVE or GHSA alias"
        assert re.search(r"/commit/[0-9a-f]{40}$", adv.fix_commit), f"{adv.id}: fix commit not pinned"
        assert adv.vulnerable.version != adv.fixed.version
        for case in adv.cases:  # provenance: where in the fix commit the label comes from
            assert case.fix_hunk, f"{adv.id} {case.file}:{case.vulnerable_line}: no fix_hunk"


def test_manifest_holds_facts_not_code() -> None:
    raw = tomllib.loads(MANIFEST.read_text(encoding="utf-8"))
    allowed = {"schema"} | {"advisory"}
    assert set(raw) <= allowed, set(raw) - allowed
    for adv in raw["advisory"]:
        for case in adv["case"]:
            why = case["why"]
            assert "\n" not in why and 10 <= len(why) <= 220, f"{adv['id']}: why must be one short line"
            # a reason, not an excerpt: no statement shapes longer than a call name
            assert not re.search(r"\w+\([^)]*,[^)]*\)", why), f"{adv['id']}: why looks like code: {why}"
            assert not re.search(r"\w+\([^)]*['\"=]", why), f"{adv['id']}: why looks like code: {why}"


def test_each_release_is_pinned_once() -> None:
    manifest = _manifest()
    for name, (package, release, files) in manifest.trees().items():
        assert re.fullmatch(r"[0-9a-f]{64}", release.sha256), name
        assert files and all(f.endswith(".py") for f in files), (name, package)


def test_semgrep_rules_are_local_generic_sink_rules() -> None:
    doc = yaml.safe_load(RULES.read_text())
    text = RULES.read_text().lower()
    manifest = _manifest()
    for rule in doc["rules"]:
        assert rule["id"].startswith("external.python."), rule["id"]
        assert rule["languages"] == ["python"], rule["id"]
        cwe = rule["metadata"]["cwe"]
        assert cwe and all(c.startswith("CWE-") for c in cwe), rule["id"]
    # generic: no rule names a package of the corpus or a module path of one (a library whose own
    # API is a generic sink is listed with the reason it is not about that package's advisory)
    for adv in manifest.advisories:
        if adv.package in GENERIC_SINK_LIBRARIES:
            continue
        assert not re.search(rf"\b{re.escape(adv.package.lower())}\b", text), f"rules mention {adv.package}"
        for f in adv.files:
            dotted = f.removesuffix(".py").replace("/", ".").lower()
            assert dotted not in text, f"rules mention {dotted}"


def test_registry_parses_sdist_names() -> None:
    registry = _module("registry")
    assert registry._sdist_version("Jinja2-2.7.1.tar.gz", "jinja2") == "2.7.1"
    assert registry._sdist_version("python-docx-0.8.5.tar.gz", "python_docx") == "0.8.5"
    assert registry._sdist_version("pip-19.2.zip", "pip") == "19.2"
    assert registry._sdist_version("pip-19.2-py3-none-any.whl", "pip") is None
    assert registry._sdist_version("pipx-1.0.tar.gz", "pip") is None
    assert registry._same_version("1.0", "1.0.0") and not registry._same_version("1.0", "1.0.1")


def test_registry_unpacks_hostile_archives_safely(tmp_path: Path) -> None:
    registry = _module("registry")
    tar_path = tmp_path / "evil-1.0.tar.gz"
    with tarfile.open(tar_path, "w:gz") as tf:
        for name, data in (("evil-1.0/ok.py", b"x = 1\n"), ("../escape.py", b"y\n"), ("/abs.py", b"z\n")):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
        link = tarfile.TarInfo("evil-1.0/link")
        link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
        tf.addfile(link)
    out = tmp_path / "out"
    registry.unpack(tar_path, out)
    assert (out / "evil-1.0" / "ok.py").read_text() == "x = 1\n"
    assert not (tmp_path / "escape.py").exists() and not (out / "evil-1.0" / "link").exists()
    zip_path = tmp_path / "evil-1.0.zip"
    with zipfile.ZipFile(zip_path, "w") as zf:
        zf.writestr("evil-1.0/ok.py", "x = 2\n")
        zf.writestr("../../escape2.py", "y\n")
    out2 = tmp_path / "out2"
    registry.unpack(zip_path, out2)
    assert (out2 / "evil-1.0" / "ok.py").read_text() == "x = 2\n"
    assert not (tmp_path / "escape2.py").exists()


# ---------------------------------------------------------------- the corpus (needs the registry)


@pytest.fixture(scope="module")
def corpus() -> Any:
    materialise = _module("materialise")
    registry = _module("registry")
    started = time.perf_counter()
    try:
        report = materialise.fill(_manifest(), log=print)
    except registry.RegistryError as exc:
        reason = f"external corpus skipped: PyPI cannot be reached to fill the cache ({exc})"
        _status(reason)
        pytest.skip(reason)
    if report.errors and not report.trees:
        reason = f"external corpus skipped: nothing could be materialised ({report.errors[0]})"
        _status(reason)
        pytest.skip(reason)
    report.seconds["total fill"] = time.perf_counter() - started
    return report


def _reported(report: Any) -> dict[tuple[str, str, int, str, str], None]:
    seen: dict[tuple[str, str, int, str, str], None] = {}
    for tree, files in report.findings.items():
        bandit_json, semgrep_json = files
        for r in json.loads(bandit_json.read_text())["results"]:
            seen[(tree, r["filename"], r["line_number"], "bandit", r["test_id"])] = None
        for r in json.loads(semgrep_json.read_text())["results"]:
            seen[(tree, r["path"], r["start"]["line"], "semgrep", r["check_id"])] = None
    return seen


def test_every_labelled_finding_is_reported_by_its_scanner(corpus: Any) -> None:
    from sastls.server.evaluate_external import labels

    found, _ = labels(_manifest())
    reported = _reported(corpus)
    missing = [
        f"{lb.advisory} {k.tree}/{k.file}:{k.line} {k.tool}:{k.rule}"
        for lb in found
        if (k := lb.key) and (k.tree, k.file, k.line, k.tool, k.rule) not in reported
    ]
    assert not corpus.errors, corpus.errors
    assert not missing, "labelled findings the scanners no longer report:\n" + "\n".join(missing)


def _fmt(x: float | None) -> str:
    return "   -" if x is None else f"{x:.3f}"


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # escape sequences in third-party code
def test_offline_analyst_on_the_external_corpus(corpus: Any) -> None:
    ev = _module("materialise").judge(_manifest(), corpus, jobs=2)
    judged = sum(1 for j in ev.judged if j.verdict is not None)
    seconds = corpus.seconds["judge"]
    o = ev.overall
    print(
        f"\n{'class':<16}{'adv':>5}{'real':>6}{'lost':>6}{'recall':>8}{'fixed':>7}{'drop':>6}{'drop%':>8}{'NR%':>8}"
    )
    for name, s in [*sorted(ev.classes.items()), ("overall", o)]:
        print(
            f"{name:<16}{s.advisories:>5}{s.real:>6}{s.real_lost:>6}{_fmt(s.recall):>8}"
            f"{s.false:>7}{s.false_dropped:>6}{_fmt(s.dropped):>8}{_fmt(s.review_share):>8}"
        )
    for j in ev.lost:
        k = j.label.key
        print(f"LOST {j.label.advisory} {k.tree}/{k.file}:{k.line} {k.tool}:{k.rule}: {j.justification}")
    cost = ", ".join(f"{k} {v:.1f}s" for k, v in corpus.seconds.items())
    cost += f"; {corpus.downloaded} sdists, {corpus.downloaded_bytes / 1e6:.1f} MB fetched"
    line = (
        f"external corpus: {len(_manifest().advisories)} advisories, {judged} labelled findings judged; "
        f"recall {_fmt(o.recall)} (target {TARGET_RECALL}), fixed-code dropped {_fmt(o.dropped)} "
        f"(target {TARGET_DROPPED}), NEEDS_REVIEW {_fmt(o.review_share)} (target <= {TARGET_REVIEW}); "
        f"cost: {cost}"
    )
    print(line)
    _status(line)
    METRICS_OUT.parent.mkdir(parents=True, exist_ok=True)
    METRICS_OUT.write_text(
        json.dumps(
            {
                "targets": {
                    "recall": TARGET_RECALL,
                    "dropped": TARGET_DROPPED,
                    "needs_review": TARGET_REVIEW,
                },
                "floors": {"recall": FLOOR_RECALL, "dropped": FLOOR_DROPPED, "needs_review": CEILING_REVIEW},
                "judge_seconds": round(seconds, 2),
                "slowest_releases": dict(corpus.slowest),
                "cost_seconds": {k: round(v, 2) for k, v in corpus.seconds.items()},
                "fetched_bytes": corpus.downloaded_bytes,
                **ev.to_dict(),
            },
            indent=2,
        )
        + "\n"
    )
    assert not ev.missing, [j.to_dict() for j in ev.missing]
    assert o.recall is not None and o.recall >= FLOOR_RECALL, f"recall {o.recall} fell below {FLOOR_RECALL}"
    assert o.dropped is not None and o.dropped >= FLOOR_DROPPED, f"dropped {o.dropped} < {FLOOR_DROPPED}"
    assert o.review_share is not None and o.review_share <= CEILING_REVIEW, o.review_share
