"""The pure parts of the server: positions, settings, diagnostics, code actions, hover text."""

from __future__ import annotations

from dataclasses import replace

from lsprotocol import types as lsp
from sastls.analyzers.config import Config
from sastls.analyzers.findings.model import Finding, Location, Region, TraceStep
from sastls.graph.verdict import Evidence, Verdict
from sastls.server.lsp import options
from sastls.server.lsp.code_actions import FindingContext, actions_for, suppression_for
from sastls.server.lsp.diagnostics import diagnostic_for, help_href, severity_for
from sastls.server.lsp.documents import split_lines, track
from sastls.server.lsp.hover import finding_markdown
from sastls.server.lsp.positions import from_client, to_client

LINES = split_lines("def f(x):\n    os.system(x)  # ünïcode 😀\n")


def _finding(tool: str = "bandit", rule: str = "B605", level: str = "warning", **kw: object) -> Finding:
    base = Finding(tool, rule, "shell", Location("a.py", Region(2, 5, 2, 17)), fingerprint="fp-" + tool)
    return replace(base, level=level, **kw)  # type: ignore[arg-type]


def _verdict(label: str, human: bool = False) -> Verdict:
    return Verdict(
        fingerprint="fp-bandit",
        verdict=label,  # type: ignore[arg-type]
        confidence=0.9,
        justification="The argument is a constant. More text.",
        analyst="human" if human else "heuristic",
        reason="constant argument",
        human=human,
        evidence=(Evidence("a.py", 1, 1, "x is constant", "constant"),),
    )


def _uri(rel: str) -> str:
    return "file:///ws/" + rel


def test_utf16_columns_round_trip() -> None:
    line = "a😀b"
    assert to_client(line, 2, "utf-16") == 3
    assert from_client(line, 3, "utf-16") == 2
    assert to_client(line, 2, "utf-8") == 5
    assert to_client(line, 2, "utf-32") == 2


def test_settings_accept_a_section_or_a_flat_table() -> None:
    assert options.section_of({"sastls": {"analyst": "llm"}}) == {"analyst": "llm"}
    assert options.section_of({"analyst": "llm"}) == {"analyst": "llm"}
    assert options.section_of(None) is None
    config, errors = options.load(None, {"concurrency": "many"})
    assert config.concurrency == Config().concurrency and errors
    assert "concurrency" in options.describe(errors)


def test_diagnostic_carries_payload_help_and_trace() -> None:
    f = _finding(cwe=(78,), trace=(TraceStep(Location("b.py", Region(3)), "source"),))
    tf = track([f], LINES)
    d = diagnostic_for(tf, None, Config(), uri_of=_uri, encoding="utf-16", lines=LINES)
    assert d is not None
    assert d.code == "B605" and d.source == "bandit"
    assert d.code_description and d.code_description.href.endswith("/78.html")
    assert d.data["fingerprint"] == "fp-bandit"
    assert d.related_information and d.related_information[0].location.uri == "file:///ws/b.py"
    assert d.range.start == lsp.Position(line=1, character=4)


def test_help_href_is_http_only() -> None:
    assert help_href(_finding(help_uri="javascript:alert(1)")) is None
    assert help_href(_finding(help_uri="https://x.test/r")) == "https://x.test/r"


def test_false_positive_display_and_true_positive_raise() -> None:
    tf = track([_finding(level="note")], LINES)
    fp = _verdict("FALSE_POSITIVE")
    assert severity_for(tf, fp, Config(false_positive_display="hint")) == lsp.DiagnosticSeverity.Hint
    assert severity_for(tf, fp, Config(false_positive_display="hide")) is None
    assert severity_for(tf, fp, Config(false_positive_display="keep")) == lsp.DiagnosticSeverity.Information
    assert severity_for(tf, _verdict("TRUE_POSITIVE"), Config()) == lsp.DiagnosticSeverity.Warning
    d = diagnostic_for(tf, fp, Config(), uri_of=_uri, encoding="utf-16", lines=LINES)
    assert d is not None and d.message.endswith("[likely false positive: constant argument]")
    human = diagnostic_for(
        tf, _verdict("FALSE_POSITIVE", True), Config(), uri_of=_uri, encoding="utf-16", lines=LINES
    )
    assert human is not None and "[false positive (confirmed): constant argument]" in human.message


def test_stale_verdicts_do_not_apply_once_the_code_changed() -> None:
    tf = track([_finding()], LINES)
    assert tf.fingerprints == ("fp-bandit",)
    tf.fingerprint = "fp-new"
    assert tf.fingerprints == ("fp-new",)


def test_inline_suppressions_use_each_scanners_syntax() -> None:
    line = "    os.system(x)"
    assert suppression_for(_finding("bandit", "B605"), line) == ("eol", "  # nosec B605")
    assert suppression_for(_finding("bandit", "B605"), line + "  # nosec B602") == ("eol", ", B605")
    assert suppression_for(_finding("semgrep", "r.id"), line) == ("eol", "  # nosemgrep: r.id")
    c = replace(_finding("cppcheck", "nullPointer"), location=Location("m.c", Region(2)))
    assert suppression_for(c, line) == ("above", "// cppcheck-suppress nullPointer")
    assert suppression_for(_finding("flawfinder", "strcpy"), line) == ("eol", "  // flawfinder: ignore")
    assert suppression_for(_finding("codeql", "py/x"), line) is None


def _ctx(running: bool, disabled_support: bool = True) -> FindingContext:
    return FindingContext(
        uri="file:///ws/a.py",
        finding=track([_finding()], LINES),
        verdict=None,
        running=running,
        lines=LINES,
        encoding="utf-16",
        disabled_support=disabled_support,
    )


def test_investigate_is_disabled_while_running_and_kinds_filter() -> None:
    acts = actions_for([_ctx(True)], uri="file:///ws/a.py", file_count=1, only=["quickfix"])
    inv = next(a for a in acts if a.title.startswith("sastls: Investigate"))
    assert inv.disabled is not None and "running" in inv.disabled.reason
    assert all(a.kind == "quickfix.sastls" for a in acts)
    no_disabled = actions_for([_ctx(True, False)], uri="file:///ws/a.py", file_count=1, only=None)
    assert any(a.command and a.command.command == "sastls.cancel" for a in no_disabled)
    eol = next(a for a in acts if "Suppress" in a.title)
    (edit,) = eol.edit.changes["file:///ws/a.py"]  # type: ignore[union-attr]
    assert edit.range.start.character == len("    os.system(x)  # ünïcode ") + 2  # the emoji is two units


def test_hover_shows_tools_verdict_and_evidence() -> None:
    tf = track([_finding(cwe=(78,)), _finding("semgrep", "r.id")], LINES)
    text = finding_markdown(tf, _verdict("FALSE_POSITIVE"), uri_of=_uri, snippet_of=lambda p, s, e: "x = 1")
    assert "**bandit**" in text and "**semgrep**" in text and "CWE-78" in text
    assert "False positive" in text and "90%" in text and "heuristic" in text
    assert "[a.py:1](file:///ws/a.py#L1)" in text and "x = 1" in text


def test_code_action_context_tolerates_partial_diagnostics() -> None:
    from sastls.server.lsp.app import create_server

    conv = create_server().protocol._converter
    params = conv.structure(
        {
            "textDocument": {"uri": "file:///ws/a.py"},
            "range": {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 0}},
            "context": {"diagnostics": [{"data": {"fingerprint": "fp"}}], "only": ["quickfix"]},
        },
        lsp.CodeActionParams,
    )
    (d,) = params.context.diagnostics
    assert d.data == {"fingerprint": "fp"} and params.context.only == ["quickfix"]


def test_empty_settings_from_neovim_are_no_settings() -> None:
    assert options.section_of([]) is None
    assert options.section_of({"sastls": []}) is None
    assert options.section_of(["x"]) == {"<root>": ["x"]}
