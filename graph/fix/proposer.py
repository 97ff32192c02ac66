"""What the fix loop asks of a proposer, and the offline proposer (principled rewrites).

A proposer gets a ``ProposalRequest`` (the finding, the original file texts, the phase and the
instruction, the failed attempts to show with their context, every patch tried so far, known fixes
for the rule) and returns a ``Proposal``: edits of the ORIGINAL files, or an error (an invalid answer:
counted as a failed attempt), or ``exhausted`` (it has nothing more to offer: its phase ends). A
proposal carries the model usage it cost (the loop counts it against the budget).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from .patch import Edit, patch_hash

if TYPE_CHECKING:
    from sastls.analyzers.findings.model import Finding

    from ..verdict import Usage

Phase = Literal["local", "propose", "regenerate"]
Instruction = Literal["first", "retry", "regenerate"]


@dataclass(frozen=True)
class ProposalRequest:
    finding: Finding
    texts: Mapping[str, str]  # path -> original text (the finding's file at least)
    span: tuple[int, int]  # the enclosing function (or a window) of the finding, 1-based inclusive
    phase: Phase
    attempt: int  # 1-based, over the whole loop
    failures: Sequence[Mapping[str, Any]] = ()  # failed attempts to show (dicts of FixAttempt + context)
    tried: Sequence[str] = ()  # content hashes of every patch tried so far
    known_fixes: Sequence[Mapping[str, Any]] = ()
    instruction: Instruction = "first"  # first proposal, retry of a failure, or a different approach


@dataclass(frozen=True)
class Proposal:
    edits: tuple[Edit, ...]
    description: str
    proposer: str
    error: str = ""
    exhausted: bool = False
    usage: Usage | None = field(default=None, compare=False)


class Proposer(Protocol):
    name: str

    async def propose(self, request: ProposalRequest) -> Proposal: ...


class OfflineProposer:
    """Offers the offline rewrites for the finding's rule, each once, best first."""

    name = "offline"

    async def propose(self, request: ProposalRequest) -> Proposal:
        from .offline import NotFixable, candidates

        found = candidates(request.finding, request.texts[request.finding.path])
        if isinstance(found, NotFixable):
            return Proposal((), "", self.name, error=f"not auto-fixable: {found.reason}", exhausted=True)
        for rewrite in found:
            if patch_hash(rewrite.edits) not in request.tried:
                return Proposal(rewrite.edits, rewrite.description, self.name)
        return Proposal(
            (), "", self.name, error=f"no other offline rewrite for {request.finding.rule_id}", exhausted=True
        )
