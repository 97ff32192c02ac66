"""The eval arithmetic, pinned on a small example computed by hand."""

from __future__ import annotations

from typing import Any

import pytest
from sastls.server.evaluate import (
    Case,
    Confusion,
    Observation,
    case_of,
    cwes_in,
    evaluate,
    observations,
    owasp_score,
    parse_expected,
)

CSV = """# test name, category, real vulnerability, cwe
A1,sqli,true,89
A2,sqli,true,89
A3,sqli,false,89
A4,sqli,false,89
A5,sqli,true,89
B1,xss,true,79
B2,xss,false,79
B3,xss,false,79
"""


def obs(path: str, cwe: int, verdict: str | None) -> Observation:
    return Observation(path=path, cwes=(cwe,), rule_id="r", verdict=verdict, where=f"$ {path}")


RESULTS = [
    obs("cases/A1.py", 89, "TRUE_POSITIVE"),
    obs("cases/A2.py", 89, "FALSE_POSITIVE"),  # triage loses a real one
    obs("cases/A3.py", 89, "FALSE_POSITIVE"),
    obs("cases/A3.py", 89, "NEEDS_REVIEW"),  # not every result FP: the case stays flagged
    obs("cases/A4.py", 89, "FALSE_POSITIVE"),  # removed
    obs("cases/A5.py", 78, "TRUE_POSITIVE"),  # wrong CWE: not a detection of A5
    obs("cases/B1/helper.py", 79, None),  # case named by a directory; untriaged counts as kept
    obs("cases/B2.py", 79, "FALSE_POSITIVE"),
    obs("cases/B2.py", 79, "FALSE_POSITIVE"),
    obs("other/NotACase.py", 79, "TRUE_POSITIVE"),
]


@pytest.fixture
def ev() -> Any:
    cases, errors = parse_expected(CSV)
    assert errors == []
    return evaluate(cases, RESULTS)


def test_confusion_counts_by_hand(ev: Any) -> None:
    # sqli before: A1 A2 flagged real -> TP 2; A5 missed -> FN 1; A3 A4 flagged false -> FP 2
    assert ev.categories["sqli"].before == Confusion(tp=2, fp=2, fn=1, tn=0)
    # sqli after: A2 dropped (FN), A4 removed (TN), A3 kept (one NEEDS_REVIEW)
    assert ev.categories["sqli"].after == Confusion(tp=1, fp=1, fn=2, tn=1)
    assert ev.categories["xss"].before == Confusion(tp=1, fp=1, fn=0, tn=1)
    assert ev.categories["xss"].after == Confusion(tp=1, fp=0, fn=0, tn=2)
    assert ev.overall.before == Confusion(tp=3, fp=3, fn=1, tn=1)
    assert ev.overall.after == Confusion(tp=2, fp=1, fn=2, tn=3)


def test_rates_by_hand(ev: Any) -> None:
    sqli = ev.categories["sqli"]
    assert sqli.before.precision == pytest.approx(0.5)  # 2 / 4
    assert sqli.before.recall == pytest.approx(2 / 3)
    assert sqli.before.fpr == pytest.approx(1.0)  # 2 / 2
    assert sqli.before.f1 == pytest.approx(4 / 7)  # 2*0.5*(2/3) / (0.5 + 2/3)
    assert sqli.after.precision == pytest.approx(0.5)
    assert sqli.after.recall == pytest.approx(1 / 3)
    assert sqli.after.f1 == pytest.approx(0.4)
    assert sqli.score_before == pytest.approx(2 / 3 - 1)
    assert sqli.score_after == pytest.approx(1 / 3 - 1 / 2)
    xss = ev.categories["xss"]
    assert xss.before.f1 == pytest.approx(2 / 3)
    assert (xss.after.precision, xss.after.recall, xss.after.f1) == (1.0, 1.0, 1.0)
    assert xss.score_before == pytest.approx(0.5)
    assert xss.score_after == pytest.approx(1.0)


def test_overall_and_owasp_score_by_hand(ev: Any) -> None:
    o = ev.overall
    assert o.before.precision == pytest.approx(0.5)
    assert o.before.recall == pytest.approx(0.75)
    assert o.before.f1 == pytest.approx(0.6)
    assert o.after.precision == pytest.approx(2 / 3)
    assert o.after.recall == pytest.approx(0.5)
    assert o.after.f1 == pytest.approx(4 / 7)
    # mean TPR (2/3, 1) = 5/6 minus mean FPR (1, 1/2) = 3/4
    assert o.score_before == pytest.approx(1 / 12)
    # mean TPR (1/3, 1) = 2/3 minus mean FPR (1/2, 0) = 1/4
    assert o.score_after == pytest.approx(5 / 12)


def test_fp_removed_and_tps_lost_by_hand(ev: Any) -> None:
    assert (ev.overall.fp_removed, ev.overall.tp_lost) == (2, 1)
    assert ev.overall.fp_removed_pct == pytest.approx(2 / 3)
    assert (ev.categories["sqli"].fp_removed, ev.categories["sqli"].fp_removed_pct) == (1, 0.5)
    assert (ev.categories["xss"].fp_removed, ev.categories["xss"].fp_removed_pct) == (1, 1.0)
    assert ev.categories["sqli"].tp_lost == 1 and ev.categories["xss"].tp_lost == 0
    assert ev.lost == ("A2",)
    assert ev.missed == ("A5",)
    assert ev.kept_false == ("A3",)


def test_mapping_report(ev: Any) -> None:
    assert (ev.results, ev.matched_results, ev.unmatched_results) == (10, 9, 1)
    assert [(m.case, m.expected_cwe, m.found_cwes) for m in ev.mismatches] == [("A5", 89, (78,))]
    data = ev.to_dict()
    assert data["overall"]["before"]["tp"] == 3 and data["overall"]["after"]["score"] == pytest.approx(5 / 12)
    assert list(data["categories"]) == ["sqli", "xss"]
    assert data["cwe_mismatches"][0]["case"] == "A5"


def test_undefined_rates_are_none_not_zero() -> None:
    empty = Confusion()
    assert (empty.precision, empty.recall, empty.fpr, empty.f1) == (None, None, None, None)
    only_false = Confusion(tn=2)
    assert only_false.fpr == 0.0 and only_false.recall is None
    assert owasp_score([]) is None
    # a category with no real cases adds only to the mean FPR
    assert owasp_score([Confusion(tp=1), Confusion(fp=1, tn=1)]) == pytest.approx(1.0 - 0.5)


def test_parse_expected_reports_bad_rows_and_keeps_good_ones() -> None:
    text = (
        "# test name, category, real vulnerability, cwe\n"
        "Ok1, sqli , TRUE, 89\n"
        "\n"
        "Short,sqli,true\n"
        "Bad2,sqli,maybe,89\n"
        "Bad3,sqli,true,eighty\n"
        "Ok1,sqli,false,89\n"
        "Ok2,xss,false,CWE-079\n"
    )
    cases, errors = parse_expected(text)
    assert cases == [Case("Ok1", "sqli", True, 89), Case("Ok2", "xss", False, 79)]
    assert [e.split(":")[0] for e in errors] == ["line 4", "line 5", "line 6", "line 7"]
    assert "duplicate" in errors[3]


def test_case_of_prefers_the_file_stem_then_the_deepest_directory() -> None:
    names = {n: Case(n, "c", True, 1) for n in ("Case1", "Case10", "Outer")}
    assert case_of("src/Case10.java", names).name == "Case10"  # type: ignore[union-attr]
    assert case_of("Outer/Case1/util.py", names).name == "Case1"  # type: ignore[union-attr]
    assert case_of("Outer/x.py", names).name == "Outer"  # type: ignore[union-attr]
    assert case_of("src/Case100.py", names) is None  # no prefix matching
    assert case_of("src\\Case1.py", names).name == "Case1"  # type: ignore[union-attr]


def test_cwes_in_every_spelling() -> None:
    assert cwes_in(["security", "external/cwe/cwe-089", "CWE-79: XSS"]) == {89, 79}
    assert cwes_in("cwe_22") == {22}
    assert cwes_in(89) == {89} and cwes_in("89") == {89}
    assert cwes_in(True) == set() and cwes_in({"x": 1}) == set()


def test_observations_from_sarif() -> None:
    doc = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "t",
                        "rules": [
                            {"id": "R1", "properties": {"tags": ["external/cwe/cwe-089"]}},
                            {
                                "id": "R2",
                                "relationships": [{"target": {"id": "78", "toolComponent": {"name": "CWE"}}}],
                            },
                        ],
                    }
                },
                "results": [
                    {
                        "ruleId": "R1",
                        "ruleIndex": 0,
                        "message": {"text": "m"},
                        "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a%20b/Case1.py"}}}],
                        "properties": {"sastls": {"verdict": "FALSE_POSITIVE"}},
                    },
                    {
                        "ruleId": "R2",
                        "message": {"text": "m"},
                        "locations": [
                            {"physicalLocation": {"artifactLocation": {"uri": "file:///w/Case2.py"}}}
                        ],
                        "properties": {"cwe": "CWE-77"},
                        "taxa": [{"id": "CWE-88"}],
                    },
                    {"ruleId": "R1", "message": {"text": "no location"}},
                    {
                        "ruleId": "R1",
                        "kind": "pass",
                        "message": {"text": "checked, fine"},
                        "locations": [{"physicalLocation": {"artifactLocation": {"uri": "Case3.py"}}}],
                    },
                    {
                        "ruleId": "R1",
                        "baselineState": "absent",
                        "message": {"text": "gone"},
                        "locations": [{"physicalLocation": {"artifactLocation": {"uri": "Case4.py"}}}],
                    },
                ],
            }
        ],
    }
    found, errors = observations(doc)
    assert [(o.path, o.cwes, o.rule_id, o.verdict) for o in found] == [
        ("a b/Case1.py", (89,), "R1", "FALSE_POSITIVE"),
        ("/w/Case2.py", (77, 78, 88), "R2", None),
    ]
    assert errors == ["$.runs[0].results[2]: no location with a file"]
