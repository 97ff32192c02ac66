"""The offline analyst on C programs written by outsiders (tests/outsider_c/README.md): ``sastls
triage`` on each set's cppcheck, flawfinder and gcc -fanalyzer findings, then recall on the findings
that claim the labelled weakness on its lines, and the share of false findings dropped (in safe files;
and on the other lines of vulnerable files). Figures go to ``test-output/outsider-c-metrics.json``;
the floors are the figures measured when they were set."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from sastls.analyzers.code.taint.families import CWE_FAMILY

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
METRICS_OUT = REPO / "test-output" / "outsider-c-metrics.json"
FINDINGS = ("cppcheck.xml", "flawfinder.sarif", "gcc-fanalyzer.jsonl")
# safe-file findings dropped, measured 2026-11-30 at the end of the ninth session, which added dev6
# and held19 (dev 0.736, held 0.703, dev2 0.779, dev3 0.688, held2 0.739, held3 0.676, dev4 0.618,
# held4 0.612, held5 0.655, dev5 0.625, held7 0.519, held8 0.668, held9 0.726, held10 0.627, held11
# 0.531, held12 0.720, held13 0.594, held14 0.592, held15 0.613, held16 0.696, held17 0.663, held18
# 0.521, dev6 0.474, held19 0.618); a regression fails
FLOORS = {
    "dev": 0.73,
    "held": 0.70,
    "dev2": 0.77,
    "dev3": 0.68,
    "held2": 0.73,
    "held3": 0.67,
    "dev4": 0.61,
    "held4": 0.61,
    "held5": 0.65,
    "dev5": 0.62,
    "held7": 0.51,
    "held8": 0.66,
    "held9": 0.72,
    "held10": 0.62,
    "held11": 0.53,
    "held12": 0.71,
    "held13": 0.59,
    "held14": 0.59,
    "held15": 0.61,
    "held16": 0.69,
    "held17": 0.66,
    "held18": 0.52,
    "dev6": 0.47,
    "held19": 0.61,
}
MAX_NEEDS_REVIEW = 0.14  # held10: 0.135
# findings on a labelled line whose claim is another weakness than the labelled one, read one by one
# (the line is labelled as the allocation of the buffer the weakness over-reads; the finding is about
# another object on it): scored as other findings on that line, not as the weakness
NOT_THE_CLAIM = {
    ("held7", "p06_b.c", 74, "FF1022"): "strlen() of the base64 text `b64` (a terminated string from "
    "sscanf %8191s) on the line that allocates the blob the labelled memcpy over-reads",
}
# a weakness that corrupts memory through a size also shows as a buffer claim on its lines
_SIZE_WEAKNESSES = {190, 191, 193, 680}


def _families(cwes: list[int]) -> set[str]:
    return {f for f in (CWE_FAMILY.get(c) for c in cwes) if f is not None}


def score(triaged: Path, folder: Path) -> dict[str, object]:
    labels = {r["file"]: r for r in csv.DictReader((folder / "labels.csv").open())}
    style = {
        e.get("id")
        for e in ET.parse(folder / "findings" / "cppcheck.xml").getroot().iter("error")
        if e.get("severity") in {"style", "performance", "information"}
    }
    real = kept = safe = safe_dropped = other = other_dropped = review = total = 0
    lost: list[str] = []
    for run in json.loads(triaged.read_text())["runs"]:
        tool = run["tool"]["driver"]["name"]
        rule_cwes = {
            r["id"]: [int(x) for x in re.findall(r"(?i)cwe[-/]?(\d+)", json.dumps(r))]
            for r in run["tool"]["driver"].get("rules", [])
        }
        for r in run["results"]:
            if tool == "cppcheck" and r.get("ruleId") in style:
                continue
            loc = r["locations"][0]["physicalLocation"]
            name = loc["artifactLocation"]["uri"].rsplit("/", 1)[-1]
            line = loc["region"]["startLine"]
            verdict = r["properties"]["sastls"]["verdict"]
            label = labels.get(name)
            if label is None:
                continue
            total += 1
            review += verdict == "NEEDS_REVIEW"
            cwes = [int(x) for x in re.findall(r"CWE-(\d+)", r["message"]["text"])] or rule_cwes.get(
                r.get("ruleId"), []
            )
            weakness = int(re.sub(r"\D", "", label["cwe"]) or 0)
            wanted = _families([weakness]) | ({"buffer"} if weakness in _SIZE_WEAKNESSES else set())
            lines = {int(x) for x in label["vuln_lines"].split(";") if x.strip()}
            if label["label"] == "vulnerable" and line in lines:
                if (
                    _families(cwes) & wanted
                    and (folder.name, name, line, r.get("ruleId")) not in NOT_THE_CLAIM
                ):
                    real += 1
                    kept += verdict != "FALSE_POSITIVE"
                    if verdict == "FALSE_POSITIVE":
                        lost.append(f"{name}:{line} {r.get('ruleId')}")
            elif label["label"] == "safe":
                safe += 1
                safe_dropped += verdict == "FALSE_POSITIVE"
            else:
                other += 1
                other_dropped += verdict == "FALSE_POSITIVE"
    return {
        "real": real,
        "recall": round(kept / real, 4) if real else None,
        "lost": lost,
        "safe_file_findings": safe,
        "safe_file_dropped": round(safe_dropped / safe, 4) if safe else None,
        "other_line_findings": other,
        "other_line_dropped": round(other_dropped / other, 4) if other else None,
        "needs_review_share": round(review / total, 4) if total else None,
        "scored": total,
    }


@pytest.mark.slow
@pytest.mark.parametrize("part", sorted(FLOORS))
def test_the_analyst_on_c_written_by_outsiders(part: str, tmp_path: Path) -> None:
    folder = HERE / part
    triaged = tmp_path / "triaged.sarif"
    argv = [
        str(Path(sys.executable).parent / "sastls"),
        "triage",
        *(str(folder / "findings" / f) for f in FINDINGS),
        "--repo",
        str(folder),
        "--store",
        str(tmp_path / "verdicts.db"),
        "--out",
        str(triaged),
        "--fail-on",
        "never",
        "--no-progress",
    ]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    got = score(triaged, folder)
    METRICS_OUT.parent.mkdir(parents=True, exist_ok=True)
    saved = json.loads(METRICS_OUT.read_text()) if METRICS_OUT.is_file() else {}
    saved[part] = got
    METRICS_OUT.write_text(json.dumps(saved, indent=2) + "\n")
    print(
        f"\noutsider C ({part}): recall {got['recall']} of {got['real']} real; safe-file findings dropped "
        f"{got['safe_file_dropped']} of {got['safe_file_findings']}; other lines of vulnerable files dropped "
        f"{got['other_line_dropped']} of {got['other_line_findings']}; "
        f"NEEDS_REVIEW {got['needs_review_share']}"
    )
    assert got["recall"] == 1.0, got["lost"]
    assert got["safe_file_dropped"] is not None and got["safe_file_dropped"] >= FLOORS[part], got
    assert got["needs_review_share"] is not None and got["needs_review_share"] <= MAX_NEEDS_REVIEW, got
