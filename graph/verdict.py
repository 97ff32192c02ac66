"""What an investigation returns: a verdict with its justification and the code evidence."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

VerdictLabel = Literal["TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"]
VERDICTS: tuple[VerdictLabel, ...] = ("TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW")
AnalystName = Literal["heuristic", "llm", "human"]

EvidenceRole = Literal[
    "source", "sink", "step", "sanitizer", "constant", "dead_branch", "safe_variant", "guard", "note"
]


@dataclass(frozen=True, slots=True)
class Evidence:
    """A piece of code behind a verdict (shown as a related location in the editor)."""

    path: str
    start_line: int
    end_line: int
    why: str
    role: EvidenceRole = "note"
    snippet: str | None = None


@dataclass(frozen=True, slots=True)
class Usage:
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    seconds: float = 0.0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.model_calls + other.model_calls,
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
            self.cost_usd + other.cost_usd,
            self.seconds + other.seconds,
        )


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class Verdict:
    fingerprint: str
    verdict: VerdictLabel
    confidence: float
    justification: str
    analyst: AnalystName
    evidence: tuple[Evidence, ...] = ()
    model: str | None = None
    reason: str | None = (
        None  # short phrase for the diagnostic: "constant argument", "tainted by request.args"
    )
    stop_reason: str | None = None  # set when a breaker or an error ended the run
    path_taken: tuple[str, ...] = ()  # the graph nodes visited, in order
    usage: Usage = field(default_factory=Usage)
    decided_at: str = field(default_factory=now_iso)
    human: bool = False  # a person confirmed or overturned it
    content_hash: str | None = None  # hash of the file the verdict was reached on
    analyst_version: str | None = None  # the analyst's release and code digest (graph.provenance)
    models_digest: str | None = None  # the model files it was reached with (built-in and the user's)

    def to_dict(self) -> dict[str, Any]:
        """``dataclasses.asdict(self)``, written out (asdict's generic walk is slow)."""
        u = self.usage
        return {
            "fingerprint": self.fingerprint,
            "verdict": self.verdict,
            "confidence": self.confidence,
            "justification": self.justification,
            "analyst": self.analyst,
            "evidence": tuple(
                {
                    "path": e.path,
                    "start_line": e.start_line,
                    "end_line": e.end_line,
                    "why": e.why,
                    "role": e.role,
                    "snippet": e.snippet,
                }
                for e in self.evidence
            ),
            "model": self.model,
            "reason": self.reason,
            "stop_reason": self.stop_reason,
            "path_taken": tuple(self.path_taken),
            "usage": {
                "model_calls": u.model_calls,
                "prompt_tokens": u.prompt_tokens,
                "completion_tokens": u.completion_tokens,
                "cost_usd": u.cost_usd,
                "seconds": u.seconds,
            },
            "decided_at": self.decided_at,
            "human": self.human,
            "content_hash": self.content_hash,
            "analyst_version": self.analyst_version,
            "models_digest": self.models_digest,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Verdict:
        return Verdict(
            fingerprint=data["fingerprint"],
            verdict=data["verdict"],
            confidence=float(data.get("confidence", 0.0)),
            justification=data.get("justification", ""),
            analyst=data.get("analyst", "heuristic"),
            evidence=tuple(Evidence(**e) for e in data.get("evidence", ())),
            model=data.get("model"),
            reason=data.get("reason"),
            stop_reason=data.get("stop_reason"),
            path_taken=tuple(data.get("path_taken", ())),
            usage=Usage(**data.get("usage", {})),
            decided_at=data.get("decided_at") or now_iso(),
            human=bool(data.get("human", False)),
            content_hash=data.get("content_hash"),
            analyst_version=data.get("analyst_version"),
            models_digest=data.get("models_digest"),
        )
