"""``conclude`` (analyze_issue + comprehensive_evaluation in one validated answer) and the replies
that are read as one: a conclusion in JSON or plain text, never one made up by a fault."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from sastls.graph.run import ainvestigate

SINK = [
    {"path": "app.py", "start_line": 6, "end_line": 6, "why": "shell=True with the argument", "role": "sink"}
]


def conclusion(
    verdict: str = "TRUE_POSITIVE", evidence: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    return {
        "verdict": verdict,
        "justification": "request.args reaches subprocess.call(shell=True) through normalize()",
        "evidence": SINK if evidence is None else evidence,
        "confidence": 0.85,
    }


async def test_one_call_concludes_through_both_nodes(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(R.tool_call("conclude", conclusion()))
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE" and v.stop_reason is None
    assert v.usage.model_calls == 1
    assert v.path_taken == ("agent", "analyze_issue", "comprehensive_evaluation")
    assert [(e.path, e.role) for e in v.evidence] == [("app.py", "sink")]


async def test_invalid_conclusions_get_the_exact_problem(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    bad = {"verdict": "MAYBE", "justification": "x"}
    scripted_model.add(R.tool_call("conclude", bad), R.tool_call("conclude", conclusion()))
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE" and v.usage.model_calls == 2
    err = json.loads(
        next(m for m in scripted_model.requests[1]["messages"] if m["role"] == "tool")["content"]
    )
    assert err["error"] == "bad_arguments"
    assert (
        "verdict: 'MAYBE' is not one of" in err["message"] and "'confidence' is a required" in err["message"]
    )


async def test_a_json_verdict_in_prose_is_a_conclusion(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    text = (
        "After reading the code:\n```json\n"
        + json.dumps({**conclusion(), "verdict": "true positive"})
        + "\n```"
    )
    scripted_model.add(R.text(text))
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE" and v.usage.model_calls == 1


async def test_a_plain_text_verdict_is_recovered_when_unambiguous(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(R.text("This is a TRUE_POSITIVE: request.args reaches the shell at app.py:6."))
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE" and v.usage.model_calls == 1
    assert v.reason == "verdict stated in plain text"


async def test_an_ambiguous_plain_text_answer_is_not_a_verdict(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(
        R.text("It is not a false positive, unless normalize() escapes it."),
        R.text("It could be a true positive or a false positive."),
        R.tool_call("conclude", conclusion()),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE" and v.usage.model_calls == 3  # both texts were nudged, not read


async def test_a_false_positive_reads_the_code_it_cites_first(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    (project / "helpers.py").write_text("import shlex\n\n\ndef clean(v):\n    return shlex.quote(v)\n")
    cited = [{"path": "helpers.py", "start_line": 4, "end_line": 5, "why": "quotes", "role": "sanitizer"}]
    scripted_model.add(
        R.tool_call("conclude", conclusion("FALSE_POSITIVE", cited)),
        R.fetch("range", path="helpers.py", start_line=4, end_line=5),
        R.tool_call("conclude", conclusion("FALSE_POSITIVE", cited)),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "FALSE_POSITIVE" and v.usage.model_calls == 3
    feedback = json.dumps(scripted_model.requests[1]["messages"][-3:])
    assert "has not read (helpers.py:4-5)" in feedback


async def test_a_false_positive_on_unread_code_twice_needs_review(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    cited = [{"path": "elsewhere.py", "start_line": 1, "end_line": 2, "why": "escapes", "role": "sanitizer"}]
    again = {**conclusion("FALSE_POSITIVE", cited), "justification": "it is escaped, I am sure"}
    scripted_model.add(
        R.tool_call("conclude", conclusion("FALSE_POSITIVE", cited)),
        R.tool_call("conclude", again),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "NEEDS_REVIEW" and v.reason == "unsupported false positive"
    assert v.usage.model_calls == 2


async def test_an_invalid_evaluation_is_not_reported_as_incomplete(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    scripted_model.add(
        R.tool_call("analyze_issue"),
        R.analysis(),
        R.text("not json"),
        R.text("still not json"),
        R.tool_call("conclude", conclusion()),
    )
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE"
    feedback = scripted_model.requests[4]["messages"][-1]["content"]
    assert "could not be used" in feedback and "incomplete" not in feedback


async def test_calls_of_the_functions_api_are_read(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    message = {
        "role": "assistant",
        "content": None,
        "function_call": {"name": "conclude", "arguments": json.dumps(conclusion())},
    }
    scripted_model.add(R.Reply(body=R.completion(message, "function_call")))
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE" and v.usage.model_calls == 1


async def test_an_answer_without_choices_is_retried(
    project: Path, scripted_model: Any, R: SimpleNamespace
) -> None:
    empty = {"id": "x", "object": "chat.completion", "created": 0, "model": "m", "choices": []}
    scripted_model.add(R.Reply(body=empty), R.tool_call("conclude", conclusion()))
    v = await ainvestigate(R.finding(), project, R.config(scripted_model))
    assert v.verdict == "TRUE_POSITIVE" and v.stop_reason is None and v.usage.model_calls == 2
