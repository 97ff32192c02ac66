"""The offline analyst's judgement of one finding: pure, deterministic, no model.

``judge_finding(finding, index)`` maps the finding to a weakness family (CWE first,
then the rule id of known tools), finds the family's sink on the reported line, and
follows the data reaching it backwards through the code (constants, sanitizers,
guards, dead branches, helpers in the workspace, callers). FALSE_POSITIVE needs
positive evidence; a family or construct the analyst does not model ends
NEEDS_REVIEW, and a value it cannot prove safe keeps the finding TRUE_POSITIVE.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Literal

from ..findings.model import Finding
from ..models import Models, load_models
from .taint.budget import MAX_C_STEPS, AnalysisBudgetExceeded, steps_budget
from .taint.c_judge import judge_c
from .taint.families import Family, family_of
from .taint.outcome import POSITIVE_ROLES, Outcome
from .taint.python.defaults import settled_default
from .taint.python.engine import Engine
from .taint.python.judge import judge_python
from .taint.python.spec import python_spec
from .taint.values import Note

if TYPE_CHECKING:
    from .index import WorkspaceIndex

log = logging.getLogger(__name__)

JudgementLabel = Literal["TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"]


@dataclass(frozen=True)
class EvidenceItem:
    path: str
    start_line: int
    end_line: int
    why: str
    role: str  # source|sink|step|sanitizer|constant|dead_branch|safe_variant|guard|note


@dataclass(frozen=True)
class Judgement:
    verdict: JudgementLabel
    confidence: float
    justification: str
    reason: str
    evidence: tuple[EvidenceItem, ...]
    consulted: tuple[str, ...]


class Judge:
    """Judges findings against one index, sharing per-file analyses between findings.

    Reuse one Judge for a batch over unchanged files; :func:`judge_finding` makes a fresh one
    per call, so edits between calls are always seen."""

    def __init__(
        self, index: WorkspaceIndex, models: Models | None = None, *, model_paths: Sequence[str] = ()
    ) -> None:
        """``models``: the model files to judge with; by default the built-in ones, the workspace's
        ``.sastls/models/*.toml`` and ``model_paths`` (the configuration's ``models``)."""
        self.index = index
        self.models = models if models is not None else load_models("python", index.root, tuple(model_paths))
        self.engine = Engine(index, python_spec(self.models))
        self.engine.settle_default = partial(settled_default, self.engine)
        self.c_memo: dict[tuple[object, ...], object] = {}  # C facts about whole functions

    def judge(self, finding: Finding) -> Judgement:
        try:
            return self._judge(finding)
        except (RecursionError, AnalysisBudgetExceeded) as exc:
            log.warning("judgement of %s:%s gave up (%s)", finding.path, finding.line, exc or "recursion")
            return _review(
                "analysis too deep",
                "The code is too large or deeply nested for the offline analyst"
                + (f" ({exc})" if isinstance(exc, AnalysisBudgetExceeded) else "")
                + "; it needs a human look.",
            )
        except Exception:  # one finding's failure never stops the rest
            log.exception("judgement of %s:%s failed", finding.path, finding.line)
            return _review(
                "analysis failed", "The offline analyst failed on this finding; it needs a human look."
            )

    def _judge(self, finding: Finding) -> Judgement:
        family: Family | None = family_of(finding)
        if family is None:
            return _review(
                "rule not modelled",
                f"The offline analyst does not model rule {_shown_rule(finding)!r}"
                + (f" (CWE-{', CWE-'.join(str(c) for c in finding.cwe)})" if finding.cwe else "")
                + "; it needs a human look.",
            )
        parsed = self.index.file(finding.path)
        if parsed is None:
            return _review("file unavailable", f"{finding.path} cannot be read from the workspace.")
        self.engine.consulted = set()
        self.engine.steps = 0
        if parsed.language == "python":
            outcome = judge_python(finding, family, parsed, self.engine)
        elif parsed.language in {"c", "cpp"}:
            with steps_budget(MAX_C_STEPS):
                outcome = judge_c(finding, family, parsed, self.index, self.c_memo)
        else:
            return _review(
                "language not modelled", f"The offline analyst does not model {parsed.language} yet."
            )
        consulted = sorted(self.engine.consulted) if parsed.language == "python" else []
        line = finding.line
        own = f"{finding.path}:{max(line - 3, 1)}-{line + 3}"
        try:
            around = self.index.enclosing(finding.path, line)
        except Exception:
            around = None
        if around is not None:
            own = f"{finding.path}:{around.start_line}-{around.end_line}"
        if not any(c.startswith(finding.path + ":") for c in consulted):
            consulted.insert(0, own)
        return _judgement(outcome, tuple(consulted))


def _shown_rule(finding: Finding) -> str:
    """The rule as the scanner names it: csgrep's checkers (``COMPILER_WARNING``) keep it in the key
    event (``warning[-Wunused-parameter]``, ``style[constVariable]``)."""
    m = re.search(r"\[([^\]]+)\]", finding.rule_name or "")
    if finding.rule_id.endswith("_WARNING") and m:
        return f"{finding.rule_id} {m.group(1)}"
    return finding.rule_id


def judge_finding(finding: Finding, index: WorkspaceIndex, *, model_paths: Sequence[str] = ()) -> Judgement:
    """The offline verdict on ``finding`` (deterministic; FALSE_POSITIVE only with positive evidence)."""
    return Judge(index, model_paths=model_paths).judge(finding)


def _review(reason: str, justification: str) -> Judgement:
    return Judgement("NEEDS_REVIEW", 0.3, justification, reason, (), ())


def _judgement(outcome: Outcome, consulted: tuple[str, ...]) -> Judgement:
    verdict: JudgementLabel
    justification = outcome.justification
    reason = outcome.reason
    if outcome.verdict == "FALSE_POSITIVE" and not any(n.role in POSITIVE_ROLES for n in outcome.evidence):
        # never remove a finding without positive evidence (a constant, sanitizer, guard, dead code, safe
        # API);
        # the analyst's reason for "safe" is then not shown, and the justification must not claim it
        verdict = "NEEDS_REVIEW"
        justification = (
            "Nothing unsafe was found, but no positive evidence (a constant, a sanitizer, a check, dead "
            "code or a safe variant) shows the finding is false; it needs a human look."
        )
        reason = "no positive evidence"
    elif outcome.verdict in {"TRUE_POSITIVE", "FALSE_POSITIVE"}:
        verdict = "TRUE_POSITIVE" if outcome.verdict == "TRUE_POSITIVE" else "FALSE_POSITIVE"
    else:
        verdict = "NEEDS_REVIEW"
    return Judgement(
        verdict=verdict,
        confidence=round(outcome.confidence, 2),
        justification=justification,
        reason=reason,
        evidence=tuple(_item(n) for n in outcome.evidence),
        consulted=consulted,
    )


def _item(n: Note) -> EvidenceItem:
    return EvidenceItem(
        path=n.path, start_line=n.start_line, end_line=max(n.end_line, n.start_line), why=n.why, role=n.role
    )
