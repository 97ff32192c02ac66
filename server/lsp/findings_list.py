"""``sastls.findings``: every live finding of the workspace with its verdict, for findings views.

The VS Code extension builds its tree (by verdict, then file) from this; any client may. False
positives are listed whatever ``false_positive_display`` hides from the Problems panel: a view of
all findings is where they can be looked at again. Ranges are in the client's position encoding.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from sastls.graph.verdict import VERDICTS

from .diagnostics import client_range, short_reason

if TYPE_CHECKING:
    from .session import Session

CMD_FINDINGS = "sastls.findings"
UNDECIDED = "UNDECIDED"


def findings_payload(s: Session) -> dict[str, Any]:
    out: list[dict[str, Any]] = []
    counts: Counter[str] = Counter()
    for rel in sorted(s.files):
        doc = s.doc_for_rel(rel)
        lines = doc.lines if doc is not None else None
        uri = s.uri_of(rel)
        for tf in s.files[rel]:
            if not tf.alive:
                continue
            v = s.verdict_of(tf)
            label = v.verdict if v is not None else UNDECIDED
            counts[label] += 1
            p = tf.primary
            r = client_range(tf.span, lines, s.encoding, tf.line_texts)
            out.append(
                {
                    "uri": uri,
                    "path": rel,
                    "line": tf.span.start_line + 1,
                    "range": {
                        "start": {"line": r.start.line, "character": r.start.character},
                        "end": {"line": r.end.line, "character": r.end.character},
                    },
                    "fingerprint": tf.fingerprint,
                    "key": tf.key,
                    "rule_id": p.rule_id,
                    "rules": [f"{f.tool} {f.rule_id}" for f in tf.findings],
                    "tools": list(tf.tools),
                    "level": p.level,
                    "message": (p.message.strip() or p.rule_name or p.rule_id).split("\n", 1)[0],
                    "verdict": label,
                    "confidence": v.confidence if v is not None else None,
                    "reason": short_reason(v) if v is not None else "",
                    "human": bool(v and v.human),
                    "running": s.jobs.running(tf.key),
                }
            )
    return {
        "findings": out,
        "counts": {k: counts.get(k, 0) for k in (*VERDICTS, UNDECIDED)},
    }
