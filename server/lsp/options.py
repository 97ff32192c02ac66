"""Settings from the editor, layered over the workspace's own configuration.

Editors send settings either flat (``{"analyst": "llm"}``) or under the server's
section (``{"sastls": {...}}``); both are accepted, spelled as VS Code does
(``findingGlobs``, ``fetch.maxLines``, its own ``server.*``) or as ``.sastls.toml``
does (``finding_globs``): :func:`sastls.analyzers.settings.from_editor` maps them.
Problems are returned, never raised: the caller shows them and the defaults stay in force.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sastls.analyzers.config import Config, ConfigError, load_config
from sastls.analyzers.settings import SECTION, from_editor


def section_of(raw: Any) -> Mapping[str, Any] | None:
    """The sastls settings inside what a client sent (None when it sent nothing for us)."""
    if raw is None or raw in ([], ""):
        return None  # nothing sent (Neovim encodes an empty table as [])
    if isinstance(raw, Mapping):
        inner = raw.get(SECTION)
        if isinstance(inner, Mapping):
            return inner
        if inner in ([], ""):
            return None
        if inner is not None:
            return {SECTION: inner}  # wrong type under our key: let the config report it
        return raw
    return {"<root>": raw}


def load(root: str | Path | None, settings: Mapping[str, Any] | None) -> tuple[Config, list[ConfigError]]:
    """Workspace config (pyproject / .sastls.toml / env) overlaid with the editor's settings."""
    if settings is not None and "<root>" in settings:
        config, errors = load_config(root)
        return config, [*errors, ConfigError("<root>", "settings must be an object", "settings")]
    return load_config(root, overrides=from_editor(settings) if settings else None)


def describe(errors: list[ConfigError]) -> str:
    shown = "; ".join(str(e) for e in errors[:5])
    more = f" (+{len(errors) - 5} more)" if len(errors) > 5 else ""
    return f"sastls: invalid settings, defaults used: {shown}{more}"
