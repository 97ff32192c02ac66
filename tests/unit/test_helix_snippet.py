"""The Helix snippet is valid TOML that starts `sastls serve` beside each language's usual server."""

from __future__ import annotations

import tomllib
from pathlib import Path

SNIPPET = Path(__file__).resolve().parents[2] / "editors" / "helix" / "languages.toml"


def test_helix_snippet_registers_sastls_for_its_languages() -> None:
    data = tomllib.loads(SNIPPET.read_text())
    server = data["language-server"]["sastls"]
    assert server["command"] == "sastls" and server["args"] == ["serve"]
    assert server["config"]["analyst"] in {"heuristic", "llm"}
    languages = {lang["name"]: lang["language-servers"] for lang in data["language"]}
    assert {"python", "c", "cpp"} <= set(languages)
    for servers in languages.values():
        assert "sastls" in servers and len(servers) >= 2  # beside the usual server, not instead of it
