"""cppcheck XML (version 2) reader on real cppcheck 2.10 output of the cproj fixture."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

from sastls.analyzers.findings.load import load_findings

CPROJ = Path(__file__).resolve().parents[1] / "fixtures" / "projects" / "cproj"


def test_cppcheck_xml() -> None:
    path = CPROJ / "findings" / "cppcheck.xml"
    raw = ElementTree.parse(path).getroot().findall("errors/error")
    res = load_findings([path], CPROJ)
    assert res.errors == []
    assert res.formats[str(path)] == "cppcheck-xml"
    assert len(res.findings) == len([e for e in raw if e.find("location") is not None]) >= 6
    by_id = {f.rule_id: f for f in res.findings}
    oob = by_id["arrayIndexOutOfBounds"]
    assert (oob.tool, oob.path, oob.line, oob.cwe, oob.level) == (
        "cppcheck",
        "src/store.c",
        45,
        (788,),
        "error",
    )
    assert oob.tool_version == "2.10"
    # the first <location> is the error, the rest its error path
    assert [(s.location.path, s.location.region.start_line) for s in oob.trace] == [("src/store.c", 44)]
    assert "Assuming that condition" in oob.trace[0].message
    assert by_id["memleak"].properties["symbols"] == ["scratch"]
    assert by_id["variableScope"].level == "note"  # style
    assert by_id["variableScope"].rule_help is not None  # the verbose text differs from msg


def test_cppcheck_errors_without_location_are_skipped(tmp_path: Path) -> None:
    (tmp_path / "a.c").write_text("int main(void) { return 0; }\n")
    (tmp_path / "c.xml").write_text(
        '<?xml version="1.0"?>\n<results version="2"><cppcheck version="2.10"/><errors>'
        '<error id="missingIncludeSystem" severity="information" msg="Include file not found"/>'
        '<error id="syntaxError" severity="error" msg="no location"/>'
        '<error id="x" severity="style" msg="ok"><location file="a.c" line="1" column="5"/></error>'
        "</errors></results>"
    )
    res = load_findings([tmp_path / "c.xml"], tmp_path)
    assert [f.rule_id for f in res.findings] == ["x"]
    assert [(e.where, e.severity) for e in res.errors] == [("/results/errors/error[2]", "warning")]
