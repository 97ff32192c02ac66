"""The one list of settings: every configuration key, how editors spell it, and what it means.

:class:`~sastls.analyzers.config.Config` holds the types and defaults; this list adds the
description and the editor's spelling of each key, plus the settings only an editor client reads
(where to find the server). The VS Code extension's ``package.json``, ``docs/settings.md`` and the
language server's reading of editor settings all come from it, and ``tests/unit/test_settings.py``
checks each against it.

To add a setting: a field on ``Config`` (or a sub-table), a :class:`Setting` here, then
``make settings`` rewrites ``editors/vscode/package.json`` and ``docs/settings.md``.

Editors send camelCase (VS Code: ``sastls.findingGlobs``, ``sastls.fetch.maxLines``, and the
client's own ``sastls.server.*``); ``.sastls.toml`` uses snake_case. :func:`from_editor` maps the
first onto the second and drops what only the client reads; anything else is left for the config
to report as unknown.
"""

from __future__ import annotations

import json
import re
import sys
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from .config import MINIMUM, Config

SECTION = "sastls"


@dataclass(frozen=True)
class ClientOnly:
    """A setting the editor client reads itself: its JSON type and default."""

    type: str
    default: Any
    enum: tuple[str, ...] = ()


@dataclass(frozen=True)
class Setting:
    key: str  # dotted, as in .sastls.toml: "finding_globs", "fetch.max_lines"; client-only: "server.path"
    description: str
    client: ClientOnly | None = None  # read by the editor client only; the server ignores it
    items: tuple[str, ...] = ()  # allowed values of a list's items
    scope: str | None = None  # VS Code's scope ("machine-overridable": a path on this machine)
    runs_program: bool = False  # names a program to run: not taken from an untrusted workspace

    @property
    def editor_key(self) -> str:
        """How editors spell it, below the ``sastls`` section: ``fetch.maxLines``."""
        return ".".join(camel(part) for part in self.key.split("."))


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).replace("-", "_").lower()


_PROGRAM = "Runs a program: not applied from the settings of a workspace you have not trusted."

SETTINGS: tuple[Setting, ...] = (
    # --- the editor client (the server ignores these) ---
    Setting(
        "server.path",
        "Path to the `sastls` executable. Empty: the workspace's .venv/bin/sastls, then `sastls` on PATH.",
        client=ClientOnly("string", ""),
        scope="machine-overridable",
        runs_program=True,
    ),
    Setting(
        "server.python_path",
        "Python interpreter with sastls installed (runs `python -m sastls.server.cli serve`). "
        "Used when `sastls.server.path` is empty.",
        client=ClientOnly("string", ""),
        scope="machine-overridable",
        runs_program=True,
    ),
    Setting(
        "trace.server",
        "Trace the LSP traffic in the sastls output channel.",
        client=ClientOnly("string", "off", ("off", "messages", "verbose")),
    ),
    # --- who judges ---
    Setting("analyst", "Who judges findings: the offline heuristic analyst, or a model through litellm."),
    Setting(
        "auto_triage",
        "Judge the findings of every file you open with the offline analyst, in the background "
        "(milliseconds a finding; the model is used only when you ask). `off`: only on request.",
    ),
    Setting(
        "model",
        "litellm model string for the llm analyst, e.g. `openai/gpt-4o-mini`, "
        "`anthropic/claude-sonnet-4-5`, `ollama/llama3.1`.",
    ),
    Setting("api_base", "OpenAI-compatible endpoint for the model (vLLM, llama.cpp server, Ollama)."),
    Setting(
        "api_key_env",
        "Name of the environment variable that holds the model's API key (never the key itself). "
        "VS Code: *sastls: Set model API key* keeps the key in its secret storage instead.",
    ),
    Setting("max_iterations", "Tool calls an investigation may make before its breaker stops it."),
    Setting("max_error_recovery", "Errors an investigation may recover from before it stops (NEEDS_REVIEW)."),
    Setting("max_reasks", "Times an invalid answer of the model is asked again (with the exact problem)."),
    Setting("request_timeout", "Seconds to wait for one answer of the model."),
    Setting(
        "deadline",
        "Seconds one model investigation may take; then it ends NEEDS_REVIEW (stop reason `deadline`).",
    ),
    Setting("max_retries", "Retries of a model call after a rate limit, a server error or a timeout."),
    Setting("history_messages", "Transcript messages sent to the model with the finding and the code."),
    Setting("budget_usd_per_finding", "Stop a model investigation once it has cost this much (US dollars)."),
    Setting("concurrency", "Investigations running at once (batch triage of a file or the workspace)."),
    Setting(
        "cascade",
        "llm analyst: accept a conclusive offline verdict without a model call; off sends every "
        "finding to the model.",
    ),
    # --- findings ---
    Setting(
        "scanners",
        "Scanners the server runs on open and save, each on the files it reads: bandit on Python, "
        "gcc -fanalyzer on C (with the include paths and macros of a compile_commands.json at the "
        "workspace root or in build/). A scanner that is not installed is skipped, and said once in the log.",
        items=("bandit", "semgrep", "cppcheck", "flawfinder", "gcc"),
    ),
    Setting(
        "semgrep_rules",
        "Local semgrep rules file for the semgrep scanner (registry rulesets are never fetched).",
    ),
    Setting(
        "semgrep_bin",
        "The semgrep executable (semgrep lives best in its own venv). Empty: `semgrep` on PATH.",
        scope="machine-overridable",
        runs_program=True,
    ),
    Setting(
        "finding_globs",
        "Findings files loaded from the workspace (SARIF, Semgrep, Bandit, csgrep, cppcheck, gcc JSON).",
    ),
    Setting("exclude_globs", "Workspace paths never read (neither findings nor code)."),
    Setting("privacy_globs", "Files whose code is never sent to a model."),
    Setting(
        "models",
        "Model files (or folders of them) that teach the offline analyst your project's sources, "
        "sanitizers and validators, besides `.sastls/models/*.toml` (see docs/models.md).",
    ),
    Setting("store_path", "Where verdicts are kept (SQLite), relative to the workspace."),
    Setting(
        "false_positive_display",
        "How findings judged false positive are shown: `hint` (faded, out of the Problems panel), "
        "`hide`, or `keep` (at the scanner's severity).",
    ),
    # --- code fetched for the investigation ---
    Setting("fetch.max_lines", "Lines of code one fetch may return to the investigation."),
    Setting("fetch.max_chars", "Characters of code one fetch may return to the investigation."),
    Setting("fetch.max_file_bytes", "Files larger than this are not read."),
    # --- fixes ---
    Setting(
        "fix.test_command",
        "Your project's tests, run before and after a fix is applied to verify it (e.g. `pytest -q`).",
        runs_program=True,
    ),
    Setting("fix.test_timeout", "Seconds the test command may run."),
    Setting("fix.allow_wide_changes", "Allow fixes that change code outside the flagged function."),
    Setting("fix.max_retries", "Attempts at a fix before giving up."),
    Setting(
        "model_capabilities.function_calling",
        "The model takes tool definitions. Unset: asked of litellm (unknown models are offered tools).",
    ),
    Setting(
        "model_capabilities.tool_choice",
        "The model accepts tool_choice=required (every reply a tool call). Unset: asked of litellm.",
    ),
    Setting(
        "model_capabilities.parallel_function_calling",
        "The model accepts parallel_tool_calls=false (one call per reply). Unset: asked of litellm.",
    ),
    Setting(
        "model_capabilities.response_schema",
        "The model accepts a JSON schema as response_format (Ollama: format). Unset: asked of litellm.",
    ),
)

BY_KEY: dict[str, Setting] = {s.key: s for s in SETTINGS}


# --- types and defaults, read from Config ---------------------------------------------------------


def config_fields(obj: Any = None, prefix: str = "") -> dict[str, tuple[Any, Any]]:
    """Every leaf key of Config: dotted key -> (annotation, default)."""
    obj = Config() if obj is None else obj
    hints = get_type_hints(type(obj))
    out: dict[str, tuple[Any, Any]] = {}
    for f in fields(obj):
        value = getattr(obj, f.name)
        if is_dataclass(value):
            out.update(config_fields(value, f"{prefix}{f.name}."))
        else:
            out[f"{prefix}{f.name}"] = (hints[f.name], value)
    return out


def _json_default(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _schema_of(tp: Any) -> dict[str, Any]:
    origin, args = get_origin(tp), get_args(tp)
    if origin is Literal:
        return {"type": "string", "enum": list(args)}
    if origin is tuple:
        return {"type": "array", "items": {"type": "string"}}
    if origin in (Union, types.UnionType) and type(None) in args:
        inner = _schema_of(next(a for a in args if a is not type(None)))
        return {**inner, "type": [inner["type"], "null"]}
    simple = {bool: "boolean", int: "integer", float: "number", str: "string"}
    if tp in simple:
        return {"type": simple[tp]}
    raise TypeError(f"no JSON type for {tp!r}")


def schema(setting: Setting) -> dict[str, Any]:
    """The JSON schema of a setting (VS Code's ``contributes.configuration`` property)."""
    if setting.client is not None:
        out: dict[str, Any] = {"type": setting.client.type, "default": setting.client.default}
        if setting.client.enum:
            out["enum"] = list(setting.client.enum)
    else:
        tp, default = config_fields()[setting.key]
        out = {**_schema_of(tp), "default": _json_default(default)}
        if setting.items:
            out["items"] = {"type": "string", "enum": list(setting.items)}
        if setting.key in MINIMUM and out["type"] in ("integer", ["integer", "null"]):
            out["minimum"] = int(MINIMUM[setting.key])
        elif setting.key in MINIMUM:
            out["exclusiveMinimum"] = 0
        elif out["type"] in ("integer", "number", ["number", "null"], ["integer", "null"]):
            out["minimum"] = 0
    if setting.scope:
        out["scope"] = setting.scope
    out["markdownDescription"] = setting.description + (f" {_PROGRAM}" if setting.runs_program else "")
    return out


def vscode_properties() -> dict[str, Any]:
    return {f"{SECTION}.{s.editor_key}": schema(s) for s in SETTINGS}


def restricted() -> list[str]:
    """Settings VS Code must not take from an untrusted workspace (they name programs to run)."""
    return [f"{SECTION}.{s.editor_key}" for s in SETTINGS if s.runs_program]


# --- editor settings -> config keys ---------------------------------------------------------------

_TABLES = {k.split(".")[0] for k in BY_KEY if "." in k}


def from_editor(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Settings as an editor sends them -> config keys. camelCase, kebab-case and snake_case are
    all accepted; client-only settings (``server.*``, ``trace.*``) are dropped; unknown keys are
    kept as sent, so the config reports them by the name the user wrote."""
    out: dict[str, Any] = {}
    for raw, value in data.items():
        if not isinstance(raw, str):
            out[raw] = value
            continue
        name = snake(raw)
        dotted = prefix + name
        setting = BY_KEY.get(dotted)
        if setting is not None:
            if setting.client is None:
                out[name] = value
            continue
        if dotted in _TABLES and isinstance(value, Mapping):
            inner = from_editor(value, dotted + ".")
            client_table = all(s.client is not None for k, s in BY_KEY.items() if k.startswith(dotted + "."))
            if not client_table or inner:
                out[name] = inner
            continue
        out[raw] = value
    return out


# --- docs -----------------------------------------------------------------------------------------


def _toml(value: Any) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(json.dumps(v) for v in value) + "]"
    return str(value)


def markdown() -> str:
    """``docs/settings.md``."""
    lines = [
        "# Settings",
        "",
        "<!-- Generated from sastls/analyzers/settings.py by `make settings`; do not edit by hand. -->",
        "",
        "Every setting can go in `.sastls.toml` at the root of the workspace (or `[tool.sastls]` in",
        "`pyproject.toml`), with sub-tables `[fetch]` and `[fix]`. Editors send the same settings:",
        "VS Code as `sastls.<name>` in camelCase (the Settings UI lists them), Neovim, Emacs and Helix",
        "as a table or plist with either spelling. Precedence, lowest first: defaults < environment",
        "(`SASTLS_ANALYST`, `SASTLS_MODEL`, `SASTLS_API_BASE`, `SASTLS_CONCURRENCY`) < `[tool.sastls]`",
        "< `.sastls.toml` < the editor's settings (VS Code sends only the settings you changed) < CLI flags.",
        "An invalid value is reported with its key and the lower layer's value is kept; changed editor",
        "settings apply at once, without a restart.",
        "",
        "| `.sastls.toml` | VS Code | default | what it does |",
        "|---|---|---|---|",
    ]
    fields_ = config_fields()
    for s in SETTINGS:
        if s.client is not None:
            toml, default = "(editor only)", _toml(s.client.default)
        else:
            toml, default = f"`{s.key}`", _toml(fields_[s.key][1])
        allowed = schema(s).get("enum") or list(s.items)
        text = s.description + (f" One of: {', '.join(f'`{a}`' for a in allowed)}." if allowed else "")
        if s.runs_program:
            text += f" {_PROGRAM}"
        lines.append(f"| {toml} | `{SECTION}.{s.editor_key}` | `{default}` | {text} |")
    return "\n".join(lines) + "\n"


# --- keeping the generated files in step: `python -m sastls.analyzers.settings [--check] ROOT` --------


UNTRUSTED = {
    "supported": "limited",
    "description": "Settings that name a program to run are taken only from trusted workspaces.",
}


def package_json_text(text: str) -> str:
    """``package.json`` with its settings (and the untrusted-workspace list) from :data:`SETTINGS`;
    the rest of the file is kept as written. One property per line."""
    props = ",\n".join(
        f"        {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
        for k, v in vscode_properties().items()
    )
    block = f'"properties": {{\n{props}\n      }}'
    start = text.index('"properties": {')
    depth, i = 0, start + len('"properties": ')
    while True:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
        if depth == 0:
            break
    text = text[:start] + block + text[i:]
    caps = json.dumps({"untrustedWorkspaces": {**UNTRUSTED, "restrictedConfigurations": restricted()}})
    line = f'  "capabilities": {caps},\n'
    found = re.search(r'^  "capabilities": .*\n', text, flags=re.M)
    if found:
        return text[: found.start()] + line + text[found.end() :]
    at = text.index('  "contributes": {')
    return text[:at] + line + text[at:]


def generated(root: Path) -> dict[Path, str]:
    package = root / "editors" / "vscode" / "package.json"
    return {
        package: package_json_text(package.read_text(encoding="utf-8")),
        root / "docs" / "settings.md": markdown(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    rest = [a for a in args if a != "--check"]
    root = Path(rest[0] if rest else ".")
    stale = []
    for path, text in generated(root).items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        stale.append(str(path))
        if not check:
            path.write_text(text, encoding="utf-8")
    if check and stale:
        print("out of date (run `make settings`): " + ", ".join(stale), file=sys.stderr)
        return 1
    for p in stale:
        print(f"wrote {p}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
