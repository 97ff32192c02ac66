"""What a language's offline analysis concludes, before it becomes a Judgement (shared by every language)."""

from __future__ import annotations

from dataclasses import dataclass

from .values import Note

# Evidence that can remove a finding (a note of one of these roles is required for FALSE_POSITIVE).
POSITIVE_ROLES = frozenset({"constant", "sanitizer", "guard", "dead_branch", "safe_variant"})


@dataclass
class Outcome:
    """What the analysis concluded, before it becomes a Judgement."""

    verdict: str  # TRUE_POSITIVE | FALSE_POSITIVE | NEEDS_REVIEW
    confidence: float
    reason: str
    justification: str
    evidence: list[Note]
