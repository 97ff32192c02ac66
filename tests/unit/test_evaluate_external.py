"""Scoring a triage against an external corpus manifest: the arithmetic by hand, the CLI, bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sastls.server.cli import main
from sastls.server.evaluate_external import (
    LabelKey,
    labels,
    parse_manifest,
    score,
    split_tree_path,
    tree_name,
)

SHA_A = "a" * 64
SHA_B = "b" * 64
SHA_C = "c" * 64

MANIFEST = f"""
schema = 1

[[advisory]]
id = "PYSEC-2020-1"
aliases = ["CVE-2020-0001"]
package = "Demo_Pkg"
class = "command"
cwe = 78
fix_commit = "https://github.com/o/r/commit/{"1" * 40}"
vulnerable = {{ version = "1.0", sha256 = "{SHA_A}" }}
fixed = {{ version = "1.1", sha256 = "{SHA_B}" }}
files = ["demo/run.py"]

[[advisory.case]]
file = "demo/run.py"
vulnerable_line = 10
vulnerable_rules = ["bandit:B602", "semgrep:external.python.command.shell"]
fixed_line = 12
fixed_rules = ["bandit:B603"]
why = "the fix runs the program as an argument list"
fix_hunk = "demo/run.py @@ -8,7 +8,7 @@"

[[advisory.case]]
file = "demo/run.py"
vulnerable_line = 20
vulnerable_rules = ["bandit:B605"]
why = "the fix removed the shell call"

[[advisory]]
id = "GHSA-2345-6789-cfgh"
aliases = ["CVE-2021-0002"]
package = "other"
class = "path"
cwe = 22
fix_commit = "https://github.com/o/other/commit/{"2" * 40}"
vulnerable = {{ version = "2.0", sha256 = "{SHA_C}" }}
fixed = {{ version = "2.1", sha256 = "{SHA_A.replace("a", "d")}" }}
files = ["other/io.py"]

[[advisory.case]]
file = "other/io.py"
vulnerable_line = 5
vulnerable_rules = ["semgrep:external.python.path.nonliteral-path"]
fixed_line = 7
fixed_rules = ["semgrep:external.python.path.nonliteral-path"]
why = "the fix checks the name against the upload root"
"""


def manifest() -> Any:
    m, errors = parse_manifest(MANIFEST)
    assert errors == []
    return m


def test_tree_names_are_normalised_package_and_pinned_version() -> None:
    assert tree_name("Demo_Pkg", "1.0") == "demo-pkg-1.0"
    assert split_tree_path("demo-pkg-1.0/demo/run.py", ["demo-pkg-1.0"]) == ("demo-pkg-1.0", "demo/run.py")
    assert split_tree_path("/abs/cache/demo-pkg-1.0/demo/run.py", ["demo-pkg-1.0"])[1] == "demo/run.py"  # type: ignore[index]
    assert split_tree_path("elsewhere/run.py", ["demo-pkg-1.0"]) is None


def test_labels_expand_rules_per_tree() -> None:
    found, errors = labels(manifest())
    assert errors == []
    real = sorted((lb.key.tree, lb.key.line, lb.key.rule) for lb in found if lb.real)
    false = sorted((lb.key.tree, lb.key.line, lb.key.rule) for lb in found if not lb.real)
    assert real == [
        ("demo-pkg-1.0", 10, "B602"),
        ("demo-pkg-1.0", 10, "external.python.command.shell"),
        ("demo-pkg-1.0", 20, "B605"),
        ("other-2.0", 5, "external.python.path.nonliteral-path"),
    ]
    assert false == [("demo-pkg-1.1", 12, "B603"), ("other-2.1", 7, "external.python.path.nonliteral-path")]


def test_score_by_hand() -> None:
    m = manifest()
    v = {
        LabelKey("demo-pkg-1.0", "demo/run.py", 10, "bandit", "B602"): ("TRUE_POSITIVE", ""),
        LabelKey("demo-pkg-1.0", "demo/run.py", 10, "semgrep", "external.python.command.shell"): (
            "FALSE_POSITIVE",
            "wrong",
        ),
        LabelKey("demo-pkg-1.0", "demo/run.py", 20, "bandit", "B605"): ("NEEDS_REVIEW", ""),
        LabelKey("demo-pkg-1.1", "demo/run.py", 12, "bandit", "B603"): ("FALSE_POSITIVE", ""),
        LabelKey("other-2.0", "other/io.py", 5, "semgrep", "external.python.path.nonliteral-path"): (
            "TRUE_POSITIVE",
            "",
        ),
        # other-2.1 line 7 is missing from the results
    }
    ev = score(m, v, unlabelled_results=3)
    o = ev.overall
    assert (o.real, o.real_lost, o.real_review, o.false, o.false_dropped, o.missing) == (4, 1, 1, 2, 1, 1)
    assert o.recall == pytest.approx(3 / 4)
    assert o.dropped == pytest.approx(1 / 1)  # the missing false finding is not counted
    assert o.review_share == pytest.approx(1 / 5)
    assert ev.classes["command"].recall == pytest.approx(2 / 3)
    assert ev.classes["path"].dropped is None
    assert [j.label.key.line for j in ev.lost] == [10]
    assert [j.label.key.line for j in ev.missing] == [7]
    assert ev.unlabelled_results == 3


def test_bad_manifests_name_the_advisory_and_key() -> None:
    bad = MANIFEST.replace('class = "path"', 'class = "nonsense"').replace(
        f'sha256 = "{SHA_C}"', 'sha256 = "xyz"'
    )
    m, errors = parse_manifest(bad)
    assert [a.id for a in m.advisories] == ["PYSEC-2020-1"]  # the broken one is left out, the rest count
    assert any("GHSA-2345-6789-cfgh" in e and ".class" in e for e in errors), errors
    assert any(".sha256" in e for e in errors), errors
    _, errors = parse_manifest("not = [toml")
    assert errors and errors[0].startswith("not valid TOML")
    both = MANIFEST.replace("fixed_line = 7", "fixed_line = 5").replace('version = "2.1"', 'version = "2.0"')
    _, errors = parse_manifest(both)
    assert any("same" in e for e in errors), errors


def test_fix_hunk_is_kept_and_checked() -> None:
    m, errors = parse_manifest(MANIFEST)
    assert not errors and m.advisories[0].cases[0].fix_hunk == "demo/run.py @@ -8,7 +8,7 @@"
    assert m.advisories[0].cases[1].fix_hunk == ""  # optional for the parser (the corpus test requires it)
    m, errors = parse_manifest(MANIFEST.replace("@@ -8,7 +8,7 @@", "line 8"))
    assert any("PYSEC-2020-1" in e and ".fix_hunk" in e for e in errors), errors
    assert [a.id for a in m.advisories] == ["GHSA-2345-6789-cfgh"]


def _result(tool_rule: str, uri: str, line: int, verdict: str | None) -> dict[str, Any]:
    r: dict[str, Any] = {
        "ruleId": tool_rule,
        "message": {"text": "m"},
        "locations": [
            {"physicalLocation": {"artifactLocation": {"uri": uri}, "region": {"startLine": line}}}
        ],
    }
    if verdict:
        r["properties"] = {"sastls": {"verdict": verdict, "justification": "because"}}
    return r


def _sarif() -> dict[str, Any]:
    return {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "Bandit"}},
                "results": [
                    _result("B602", "demo-pkg-1.0/demo/run.py", 10, "TRUE_POSITIVE"),
                    _result("B605", "demo-pkg-1.0/demo/run.py", 20, "FALSE_POSITIVE"),
                    _result("B603", "demo-pkg-1.1/demo/run.py", 12, "FALSE_POSITIVE"),
                    _result("B101", "demo-pkg-1.1/demo/run.py", 3, "TRUE_POSITIVE"),  # unlabelled
                ],
            },
            {
                "tool": {"driver": {"name": "Semgrep OSS"}},
                "results": [
                    _result("external.python.command.shell", "demo-pkg-1.0/demo/run.py", 10, "NEEDS_REVIEW"),
                    _result("external.python.path.nonliteral-path", "other-2.0/other/io.py", 5, None),
                    _result(
                        "external.python.path.nonliteral-path", "other-2.1/other/io.py", 7, "TRUE_POSITIVE"
                    ),
                ],
            },
        ],
    }


def test_cli_eval_external_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "m.toml").write_text(MANIFEST)
    (tmp_path / "t.sarif").write_text(json.dumps(_sarif()))
    code = main(["eval", str(tmp_path / "t.sarif"), "--external", str(tmp_path / "m.toml"), "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    o = data["overall"]
    assert (o["real"], o["real_lost"], o["false"], o["false_dropped"], o["missing"]) == (4, 1, 2, 1, 0)
    assert o["recall"] == pytest.approx(0.75) and o["false_dropped_share"] == pytest.approx(0.5)
    assert data["unlabelled_results"] == 1
    assert [x["line"] for x in data["lost_real"]] == [20]
    assert data["lost_real"][0]["justification"] == "because"


def test_cli_eval_external_table_and_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "m.toml").write_text(MANIFEST)
    (tmp_path / "t.sarif").write_text(json.dumps(_sarif()))
    assert main(["eval", str(tmp_path / "t.sarif"), "--external", str(tmp_path / "m.toml")]) == 0
    out = capsys.readouterr().out
    assert "external corpus" in out and "overall" in out and "Real findings lost" in out
    (tmp_path / "bad.toml").write_text("[[advisory]]\nid = 3\n")
    assert main(["eval", str(tmp_path / "t.sarif"), "--external", str(tmp_path / "bad.toml")]) == 2
    err = capsys.readouterr().err
    assert "no usable advisory" in err and "advisory[0]" in err
    assert main(["eval", str(tmp_path / "t.sarif"), "--external", str(tmp_path / "missing.toml")]) == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # --expected and --external together is a usage error
        main(["eval", "x.sarif", "--expected", "a.csv", "--external", "m.toml"])


def test_c_scanners_and_classes_are_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The external C corpus (tests/external/c_manifest.toml) uses the same schema: rules of
    flawfinder, cppcheck and gcc (gcc's ids start with '-W'), classes of the C families; a triaged
    SARIF of flawfinder's findings (driver "Flawfinder") is scored by tool and rule."""
    c = (
        MANIFEST.replace('class = "command"', 'class = "buffer"')
        .replace('"bandit:B602", "semgrep:external.python.command.shell"', '"flawfinder:FF1004"')
        .replace('fixed_rules = ["bandit:B603"]', 'fixed_rules = ["flawfinder:FF1004"]')
        .replace('vulnerable_rules = ["bandit:B605"]', 'vulnerable_rules = ["gcc:-Wanalyzer-double-free"]')
    )
    m, errors = parse_manifest(c)
    assert errors == [] and m.advisories[0].klass == "buffer"
    keys = {(lb.key.tool, lb.key.rule, lb.real) for lb in labels(m)[0]}
    assert ("flawfinder", "FF1004", True) in keys and ("gcc", "-Wanalyzer-double-free", True) in keys
    _, errors = parse_manifest(c.replace("flawfinder:FF1004", "splint:x", 1))
    assert any("TOOL:ID" in e and "splint:x" in e for e in errors), errors
    sarif = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "Flawfinder"}},
                "results": [
                    _result("FF1004", "demo-pkg-1.0/demo/run.py", 10, "TRUE_POSITIVE"),
                    _result("FF1004", "demo-pkg-1.1/demo/run.py", 12, "FALSE_POSITIVE"),
                ],
            }
        ],
    }
    (tmp_path / "m.toml").write_text(c)
    (tmp_path / "t.sarif").write_text(json.dumps(sarif))
    assert main(["eval", str(tmp_path / "t.sarif"), "--external", str(tmp_path / "m.toml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    buf = data["classes"]["buffer"]
    assert (buf["real"], buf["real_lost"], buf["false"], buf["false_dropped"]) == (2, 0, 1, 1)
