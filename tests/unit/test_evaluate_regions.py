"""Scoring against labelled code regions (bad / good functions), pure and through `sastls eval`."""

from __future__ import annotations

import json
from pathlib import Path

from sastls.server.cli import main
from sastls.server.evaluate import Observation
from sastls.server.evaluate_regions import (
    evaluate_regions,
    looks_like_region_labels,
    parse_region_labels,
    related,
)

LABELS = """case,file,cwe,function,start_line,end_line,label
c1,a.c,CWE-121,f_bad,1,10,bad
c1,a.c,CWE-121,f_good,12,20,good
c2,b.c,CWE-415,g_bad,1,5,bad
c2,b.c,CWE-415,g_good,7,9,good
"""


def obs(path: str, line: int, cwes: tuple[int, ...], verdict: str | None, tool: str = "t") -> Observation:
    return Observation(path, cwes, "r", verdict, "$", line, tool)


def test_related_cwes_are_families() -> None:
    assert related(121, [120]) and related(121, [787]) and not related(121, [78])
    assert related(680, [120]) and related(680, [190])
    assert related(415, [415]) and not related(415, [401])


def test_scores() -> None:
    regions, errors = parse_region_labels(LABELS)
    assert len(regions) == 4 and errors == []
    ev = evaluate_regions(
        regions,
        [
            obs("a.c", 3, (120,), "TRUE_POSITIVE"),  # real, kept
            obs("a.c", 4, (120,), "FALSE_POSITIVE"),  # real, lost
            obs("a.c", 5, (401,), "FALSE_POSITIVE"),  # other weakness in a bad region: not scored
            obs("a.c", 14, (120,), "FALSE_POSITIVE"),  # false of the weakness, dropped
            obs("a.c", 15, (401,), "NEEDS_REVIEW"),  # false of another weakness, kept
            obs("b.c", 2, (415,), "NEEDS_REVIEW"),  # real, kept
            obs("b.c", 30, (415,), "TRUE_POSITIVE"),  # outside every region
        ],
    )
    o = ev.overall.to_dict()
    assert (o["real"], o["real_kept"], o["false"], o["false_dropped"]) == (3, 2, 2, 1)
    assert (o["family_false"], o["family_false_dropped"], o["needs_review"]) == (1, 1, 2)
    assert ev.unscored == 2 and ev.overall.lost == ["a.c:4 r"]
    assert set(ev.by_cwe) == {"CWE-121", "CWE-415"}


def test_bad_rows_are_reported() -> None:
    regions, errors = parse_region_labels(LABELS + "c3,c.c,CWE-78,h,1,x,bad\nc3,c.c,CWE-78,h,1,2,maybe\n")
    assert len(regions) == 4 and len(errors) == 2


def test_sastls_eval_reads_region_labels(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "labels.csv").write_text(LABELS)
    assert looks_like_region_labels(LABELS)
    sarif = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {"name": "gcc", "rules": [{"id": "r", "properties": {"tags": ["CWE-120"]}}]}
                },
                "results": [
                    {
                        "ruleId": "r",
                        "message": {"text": "m"},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": "a.c"},
                                    "region": {"startLine": line},
                                }
                            }
                        ],
                        "properties": {"sastls": {"verdict": verdict}},
                    }
                    for line, verdict in ((3, "TRUE_POSITIVE"), (14, "FALSE_POSITIVE"))
                ],
            }
        ],
    }
    (tmp_path / "t.sarif").write_text(json.dumps(sarif))
    code = main(["eval", str(tmp_path / "t.sarif"), "--expected", str(tmp_path / "labels.csv"), "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["overall"]["recall"] == 1.0 and out["overall"]["false_dropped_share"] == 1.0
    assert out["by_tool"]["gcc"]["real"] == 1
