"""The model proposer: asks a litellm model (through ``sastls.graph.llm``) for a patch.

The prompt is ``prompts/fix.md``; the answer must be one JSON object that validates against
``EDITS_SCHEMA`` (a description and line-range edits of the original file). An invalid answer is
not re-asked here: it comes back as a failed proposal, and the loop's retry (with the problem as
the failure) spends one attempt of its budget on it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .patch import Edit, PatchError, line_edit
from .proposer import Proposal, ProposalRequest

if TYPE_CHECKING:
    from sastls.analyzers.config import Config

    from ..llm import ModelSettings

log = logging.getLogger(__name__)

MAX_FILE_LINES = 400  # larger files: the enclosing function with a margin, and the imports
EDITS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["description", "edits"],
    "properties": {
        "description": {"type": "string", "minLength": 1},
        "edits": {
            "type": "array",
            "minItems": 1,
            "maxItems": 20,
            "items": {
                "type": "object",
                "required": ["path", "start_line", "end_line", "replacement"],
                "properties": {
                    "path": {"type": "string", "minLength": 1},
                    "start_line": {"type": "integer", "minimum": 1},
                    "end_line": {"type": "integer", "minimum": 0},
                    "replacement": {"type": "string"},
                },
            },
        },
    },
}


def check_edits(raw: str | None, texts: Mapping[str, str]) -> tuple[str, tuple[Edit, ...], list[str]]:
    """Parse and validate a model answer: (description, edits, problems)."""
    from jsonschema import Draft202012Validator

    from ..schemas import parse_json_object

    value, error = parse_json_object(raw)
    if value is None:
        return "", (), [error or "no JSON object"]
    problems = [
        f"{'/'.join(str(p) for p in e.absolute_path) or '<root>'}: {e.message}"
        for e in Draft202012Validator(EDITS_SCHEMA).iter_errors(value)
    ]
    if problems:
        return "", (), problems
    edits: list[Edit] = []
    for i, e in enumerate(value["edits"]):
        path = str(e["path"]).removeprefix("./")
        if path not in texts:
            problems.append(f"edits/{i}/path: {path!r} is not a file shown to you ({', '.join(texts)})")
            continue
        try:
            edits.append(line_edit(path, texts[path], e["start_line"], e["end_line"], e["replacement"]))
        except PatchError as exc:
            problems.append(f"edits/{i}: {exc}")
    return str(value["description"]), tuple(edits), problems


@dataclass
class LlmProposer:
    settings: ModelSettings
    privacy_globs: Sequence[str] = ()
    name: str = "llm"

    @staticmethod
    def from_config(config: Config) -> LlmProposer:
        from ..llm import ModelSettings, api_key_from_env

        if not config.model:
            raise ValueError("the llm proposer needs a model (--model, or `model` in .sastls.toml)")
        return LlmProposer(
            ModelSettings(
                model=config.model,
                api_base=config.api_base,
                api_key=api_key_from_env(config.api_key_env, config.api_base),
                timeout=config.request_timeout,
            ),
            config.privacy_globs,
        )

    def messages(self, request: ProposalRequest) -> list[dict[str, Any]]:
        from .. import prompts
        from ..analysts.llm import finding_json

        p = prompts.load("fix")
        f = request.finding
        text = request.texts[f.path]
        code = prompts.fence(
            _numbered_view(text, request.span), path=f.path, start_line=1, end_line=len(text.splitlines())
        )
        known = ""
        if request.known_fixes:
            fixes = "\n\n".join(
                p.render(
                    "known_fix",
                    trust=_TRUST.get(str(k.get("trust", "tested")), "trusted"),
                    times=str(k.get("times_verified", 1)),
                    change=prompts.fence(str(k.get("change", "")), path="known fix (diff)"),
                    avoid=p.render("known_error", error=str(k["error"])) if k.get("error") else "",
                )
                for k in request.known_fixes
            )
            known = p.render("known", fixes=fixes)
        attempts = "\n".join(
            p.render(
                "attempt",
                number=str(a["number"]),
                description=str(a.get("description") or "no description"),
                error=str(a.get("error", "")),
                details=_details(a, f.path),
            )
            for a in request.failures
        )
        user = p.render(
            "user",
            finding=finding_json(f.to_dict()),
            code=code,
            known_fixes=known,
            attempts=attempts,
            instruction=p.render(request.instruction),
        )
        return [{"role": "system", "content": p.render("system")}, {"role": "user", "content": user}]

    async def propose(self, request: ProposalRequest) -> Proposal:
        from sastls.analyzers.code.globs import matches

        from ..llm import ModelError, acomplete

        if self.privacy_globs and matches(request.finding.path, self.privacy_globs):
            return Proposal(
                (),
                "",
                self.name,
                error=f"{request.finding.path} matches privacy_globs: never sent to a model",
                exhausted=True,
            )
        try:
            done = await acomplete(self.settings, self.messages(request))
        except ModelError as exc:
            # the model cannot be had (after the client's own retries): the loop ends, the calls count
            failed = f"model call failed: {exc}"
            return Proposal((), "", self.name, error=failed, exhausted=True, usage=exc.usage)
        description, edits, problems = check_edits(done.content, request.texts)
        if problems:
            return Proposal(
                (),
                description,
                self.name,
                error="invalid patch from the model: " + "; ".join(problems[:5]),
                usage=done.usage,
            )
        return Proposal(edits, description, self.name, usage=done.usage)


_TRUST = {
    "tested": "passed the project's tests",
    "applied": "applied and kept by a person",
    "tested+applied": "passed the project's tests and was applied by a person",
}


def _numbered_view(text: str, span: tuple[int, int]) -> str:
    lines = text.splitlines()
    if len(lines) <= MAX_FILE_LINES:
        keep = set(range(1, len(lines) + 1))
    else:
        keep = set(range(1, min(len(lines), 40) + 1)) | set(
            range(max(1, span[0] - 20), min(len(lines), span[1] + 20) + 1)
        )
    out, last = [], 0
    for n in sorted(keep):
        if n != last + 1:
            out.append(f"… [lines {last + 1}-{n - 1} omitted]")
        out.append(f"{n} | {lines[n - 1]}")
        last = n
    return "\n".join(out)


def _details(attempt: Mapping[str, Any], path: str) -> str:
    from .. import prompts

    parts = []
    if attempt.get("diff"):
        diff = prompts.fence(attempt["diff"], path=f"{path} (the failed patch, a diff)")
        parts.append("The patch that failed:\n" + diff)
    ctx = attempt.get("context") or {}
    if ctx.get("code"):
        line, patched = int(ctx.get("line") or 1), int(ctx.get("patched_line") or 0)
        where = f"line {line} of the original {ctx.get('path')}"
        if patched and patched != line:
            where += f" (line {patched} of your patched file)"
        parts.append(
            f"Where it failed: {where}. The ORIGINAL code around it, with the line numbers your edits use:\n"
            + prompts.fence(
                ctx["code"],
                path=str(ctx.get("path")),
                start_line=int(ctx.get("start_line") or line),
                end_line=int(ctx.get("end_line") or line),
            )
        )
    if ctx.get("scanner_output"):
        parts.append(
            "The scanner now reports (as data; lines of the original file):\n"
            + prompts.fence(ctx["scanner_output"], path="scanner output")
        )
    if ctx.get("test_tail"):
        parts.append(
            "The end of the test output (as data):\n" + prompts.fence(ctx["test_tail"], path="test output")
        )
    return "\n".join(parts) + ("\n" if parts else "")


__all__ = ["EDITS_SCHEMA", "LlmProposer", "check_edits", "json"]
