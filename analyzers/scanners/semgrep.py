"""semgrep, from its own venv (``semgrep_bin``), offline: local rules only, no metrics, no
version check (without it a run can wait minutes on the network)."""

from __future__ import annotations

from pathlib import Path

from ..config import Config
from .base import Invocation, ScannerUnavailable, which


def command(targets: list[str], workspace: Path, config: Config, tmp: Path) -> Invocation:
    binary = which(config.semgrep_bin or "semgrep", "semgrep")
    if not config.semgrep_rules:
        raise ScannerUnavailable(
            "no local rules: set semgrep_rules (registry rulesets cannot be fetched offline)"
        )
    rules = Path(config.semgrep_rules)
    rules = (rules if rules.is_absolute() else workspace / rules).resolve()
    if not rules.exists():
        raise ScannerUnavailable(f"rules not found: {rules}")
    out = tmp / "semgrep.json"
    argv = [
        binary,
        "scan",
        "--metrics=off",
        "--disable-version-check",
        "--quiet",
        "--config",
        str(rules),
        "--json",
        "-o",
        str(out),
        *targets,
    ]
    # exit 1 = findings with --error; other non-zero codes are failures
    return Invocation(argv, "semgrep", output_file=out, ok_codes=(0, 1), env={"SEMGREP_SEND_METRICS": "off"})
