"""``sastls investigate``: selection, output, exit codes (llm analyst against the scripted model)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sastls.server.cli import main


def _sarif(tmp_path: Path, results: list[tuple[str, int]]) -> Path:
    doc = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "bandit", "rules": [{"id": "B602"}]}},
                "results": [
                    {
                        "ruleId": "B602",
                        "message": {"text": "subprocess call with shell=True identified"},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": path},
                                    "region": {"startLine": line},
                                }
                            }
                        ],
                    }
                    for path, line in results
                ],
            }
        ],
    }
    out = tmp_path / "findings.sarif"
    out.write_text(json.dumps(doc))
    return out


def test_investigate_at_path_line_json(
    tmp_path: Path, project: Path, scripted_model: Any, R: SimpleNamespace, capsys: pytest.CaptureFixture[str]
) -> None:
    sarif = _sarif(tmp_path, [("app.py", 6), ("app.py", 12)])
    (project / ".sastls.toml").write_text("cascade = false\n")  # every finding goes to the model
    scripted_model.add(
        R.fetch("symbol", symbol="normalize"), R.tool_call("analyze_issue"), R.analysis(), R.evaluation()
    )
    argv = ["investigate", str(sarif), "--repo", str(project), "--at", "app.py:6", "--analyst", "llm"]
    argv += ["--model", "openai/scripted", "--api-base", scripted_model.api_base, "--json"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    lines = out.strip().splitlines()
    assert len(lines) == 1  # stdout holds the verdict and nothing else (no litellm banner)
    verdict = json.loads(lines[0])
    assert verdict["verdict"] == "TRUE_POSITIVE" and verdict["analyst"] == "llm"
    assert "fetching code: normalize()" in err
    assert (project / ".sastls" / "verdicts.db").exists()


def test_investigate_by_fingerprint_prefix_text(
    tmp_path: Path, project: Path, scripted_model: Any, R: SimpleNamespace, capsys: pytest.CaptureFixture[str]
) -> None:
    from sastls.analyzers.findings.load import load_findings

    sarif = _sarif(tmp_path, [("app.py", 6), ("app.py", 12)])
    target = next(f for f in load_findings([sarif], project).findings if f.line == 12)
    (project / ".sastls.toml").write_text("cascade = false\n")
    read = [{"path": "app.py", "start_line": 10, "end_line": 12, "why": "request.args reaches run"}]
    scripted_model.add(R.tool_call("analyze_issue"), R.analysis(evidence=read), R.evaluation("TRUE_POSITIVE"))
    argv = ["investigate", str(sarif), "--repo", str(project), "--finding", target.fingerprint[:12]]
    argv += ["--analyst", "llm", "--model", "openai/scripted", "--api-base", scripted_model.api_base]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "verdict:       TRUE_POSITIVE" in out
    assert "path taken:    agent -> analyze_issue -> comprehensive_evaluation" in out
    assert "evidence:\n  - app.py:10-12" in out  # code the investigation read (the pre-fetched handler)
    assert "usage:         3 model calls" in out


def test_selection_errors_exit_2(tmp_path: Path, project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sarif = _sarif(tmp_path, [("app.py", 6), ("app.py", 6)])
    base = ["investigate", str(sarif), "--repo", str(project)]
    assert main([*base, "--at", "app.py:99"]) == 2
    assert "no finding at location app.py:99" in capsys.readouterr().err
    assert main([*base, "--at", "app.py"]) == 2
    assert "expected PATH:LINE" in capsys.readouterr().err
    assert main([*base, "--finding", "zzzz"]) == 2
    assert main([*base, "--at", "app.py:6", "--analyst", "llm"]) == 2
    assert "needs --model" in capsys.readouterr().err
    assert main(["investigate", str(sarif), "--repo", str(tmp_path / "nope"), "--at", "app.py:6"]) == 2


def test_heuristic_by_default_on_the_example_project(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    from sastls.analyzers.findings.load import load_findings

    repo = tmp_path / "pyapp"
    shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures" / "projects" / "pyapp", repo)
    sarif = repo / "findings" / "bandit.sarif"
    findings = load_findings([sarif], repo).findings
    target = findings[0]
    argv = ["investigate", str(sarif), "--repo", str(repo), "--finding", target.fingerprint, "--json"]
    assert main(argv) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["analyst"] == "heuristic" and verdict["usage"]["model_calls"] == 0
    assert verdict["fingerprint"] == target.fingerprint
    assert verdict["path_taken"][-1] == "comprehensive_evaluation"


def test_ambiguous_location_lists_candidates(
    tmp_path: Path, project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sarif = _sarif(tmp_path, [("app.py", 6)])
    doc = json.loads(sarif.read_text())
    other = json.loads(json.dumps(doc["runs"][0]["results"][0]))
    other["ruleId"] = "B604"
    other["message"]["text"] = "another rule on the same line"
    doc["runs"][0]["results"].append(other)
    doc["runs"][0]["tool"]["driver"]["rules"].append({"id": "B604"})
    sarif.write_text(json.dumps(doc))
    assert main(["investigate", str(sarif), "--repo", str(project), "--at", "app.py:6"]) == 2
    err = capsys.readouterr().err
    assert "2 findings match location app.py:6" in err and "B604" in err


def test_duplicates_from_two_tools_at_one_place_are_investigated_once(
    tmp_path: Path, project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sarif = _sarif(tmp_path, [("app.py", 6)])
    doc = json.loads(sarif.read_text())
    run = json.loads(json.dumps(doc["runs"][0]))
    run["tool"]["driver"] = {
        "name": "semgrep",
        "rules": [{"id": "python.lang.security.subprocess-shell-true"}],
    }
    run["results"][0]["ruleId"] = "python.lang.security.subprocess-shell-true"
    doc["runs"][0]["tool"]["driver"]["rules"][0]["properties"] = {"tags": ["CWE-78"]}
    run["tool"]["driver"]["rules"][0]["properties"] = {"tags": ["CWE-78"]}
    doc["runs"].append(run)
    sarif.write_text(json.dumps(doc))
    assert main(["investigate", str(sarif), "--repo", str(project), "--at", "app.py:6", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["analyst"] == "heuristic"
    assert "duplicates:" in err


def test_time_limits_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from sastls.server.cli import build_parser
    from sastls.server.commands.investigate import _overrides

    for command in ("investigate", "triage"):
        base = [command, "f.sarif"] + (["--at", "a.py:1"] if command == "investigate" else [])
        args = build_parser().parse_args([*base, "--deadline", "30", "--request-timeout", "7.5"])
        assert (args.deadline, args.request_timeout) == (30.0, 7.5)
    assert _overrides(args) == {"deadline": 30.0, "request_timeout": 7.5}
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["triage", "f.sarif", "--deadline", "0"])
    assert exit_.value.code == 2
    assert "must be a positive number of seconds" in capsys.readouterr().err
