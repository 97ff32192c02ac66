"""Configuration, parsed once into a fully defaulted typed tree.

Sources, lowest to highest: built-in defaults < environment (fills defaults only)
< ``[tool.sastls]`` in pyproject.toml < ``.sastls.toml`` < explicit overrides (LSP
initializationOptions / didChangeConfiguration, CLI flags). An invalid value is
reported with its dotted key and the default (or lower layer) is kept.
"""

from __future__ import annotations

import math
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints

Analyst = Literal["heuristic", "llm"]
FalsePositiveDisplay = Literal["hint", "hide", "keep"]
AutoTriage = Literal["offline", "off"]


@dataclass(frozen=True)
class FetchConfig:
    max_lines: int = 200
    max_chars: int = 20_000
    max_file_bytes: int = 2_000_000


@dataclass(frozen=True)
class FixConfig:
    test_command: str | None = None
    test_timeout: float = 300.0
    allow_wide_changes: bool = False
    max_retries: int = 3


@dataclass(frozen=True)
class ModelCapabilities:
    """What the model accepts, when litellm does not know it (a local or renamed model); unset keys
    are asked of litellm (``supports_function_calling`` and its siblings)."""

    function_calling: bool | None = None
    tool_choice: bool | None = None  # tool_choice="required" (Anthropic: "any")
    parallel_function_calling: bool | None = None  # parallel_tool_calls=false is accepted
    response_schema: bool | None = None  # response_format with a JSON schema (Ollama: format)


@dataclass(frozen=True)
class Config:
    analyst: Analyst = "heuristic"
    auto_triage: AutoTriage = "offline"  # the editor judges the findings of opened files offline
    model: str | None = None
    api_base: str | None = None
    api_key_env: str | None = None  # name of the env var holding the key; never the key itself
    max_iterations: int = 15
    max_error_recovery: int = 3
    max_reasks: int = 1  # an invalid answer is asked again once, with the exact validation error
    request_timeout: float = 60.0  # seconds one model call may take
    deadline: float = 300.0  # seconds one investigation may take (then NEEDS_REVIEW, stop reason deadline)
    max_retries: int = 2  # retries of a model call after a rate limit, 5xx, timeout or connection error
    history_messages: int = 10  # transcript messages sent to the model besides the finding and the code
    budget_usd_per_finding: float | None = None
    concurrency: int = 4
    cascade: bool = True  # llm mode: accept conclusive heuristic verdicts without a model call
    scanners: tuple[str, ...] = ("bandit", "gcc")  # run by the server on open/save (each on its files)
    semgrep_rules: str | None = None
    semgrep_bin: str | None = None
    finding_globs: tuple[str, ...] = ("**/*.sarif", ".sastls/findings/*")
    exclude_globs: tuple[str, ...] = (
        ".git/**",
        ".venv/**",
        "venv/**",
        "node_modules/**",
        "build/**",
        "dist/**",
        ".tox/**",
        "**/__pycache__/**",
    )
    privacy_globs: tuple[str, ...] = ()  # files never sent to a model
    models: tuple[str, ...] = ()  # model files or folders of the offline analyst (besides .sastls/models/)
    store_path: str = ".sastls/verdicts.db"
    false_positive_display: FalsePositiveDisplay = "hint"
    fetch: FetchConfig = field(default_factory=FetchConfig)
    fix: FixConfig = field(default_factory=FixConfig)
    model_capabilities: ModelCapabilities = field(default_factory=ModelCapabilities)


@dataclass(frozen=True)
class ConfigError:
    key: str
    message: str
    source: str

    def __str__(self) -> str:
        return f"{self.source}: {self.key}: {self.message}"


# Settings that make no sense below a bound (zero workers, zero iterations, empty outputs).
MINIMUM: dict[str, float] = {
    "max_iterations": 1,
    "concurrency": 1,
    "request_timeout": 1e-3,
    "deadline": 1e-3,
    "fetch.max_lines": 1,
    "fetch.max_chars": 1,
    "fetch.max_file_bytes": 1,
    "fix.test_timeout": 1e-3,
}

ENV_DEFAULTS: dict[str, str] = {
    "SASTLS_ANALYST": "analyst",
    "SASTLS_MODEL": "model",
    "SASTLS_API_BASE": "api_base",
    "SASTLS_CONCURRENCY": "concurrency",
}


def _coerce(value: Any, tp: Any, key: str) -> Any:
    """Check ``value`` against the annotation ``tp``; raise ValueError with a readable message."""
    origin = get_origin(tp)
    args = get_args(tp)
    if origin is Literal:
        if value not in args:
            raise ValueError(f"must be one of {', '.join(map(repr, args))}, got {value!r}")
        return value
    if origin is tuple:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise ValueError(f"must be a list of strings, got {value!r}")
        return tuple(value)
    if args and type(None) in args:  # Optional[X]
        if value is None:
            return None
        inner = next(a for a in args if a is not type(None))
        return _coerce(value, inner, key)
    if tp is bool:
        if not isinstance(value, bool):
            raise ValueError(f"must be true or false, got {value!r}")
        return value
    if tp is int:
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            value = int(value)  # from the environment
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"must be an integer, got {value!r}")
        return _bounded(value, key)
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise ValueError(f"must be a number, got {value!r}")
        try:
            out = float(value)
        except ValueError:
            raise ValueError(f"must be a number, got {value!r}") from None
        if not math.isfinite(out):
            raise ValueError(f"must be a finite number, got {value!r}")
        return _bounded(out, key)
    if tp is str:
        if not isinstance(value, str):
            raise ValueError(f"must be a string, got {value!r}")
        return value
    raise ValueError(f"unsupported type for {key}")


def _bounded(value: int | float, key: str) -> int | float:
    low = MINIMUM.get(key, 0)
    if value < low:
        raise ValueError(
            f"must not be negative, got {value}" if low == 0 else f"must be positive, got {value}"
        )
    return value


def _merge(obj: Any, data: Mapping[str, Any], source: str, prefix: str, errors: list[ConfigError]) -> Any:
    hints = get_type_hints(type(obj))
    known = {f.name for f in fields(obj)}
    changes: dict[str, Any] = {}
    for raw_key, value in data.items():
        key = raw_key.replace("-", "_")
        dotted = f"{prefix}{key}"
        if key not in known:
            errors.append(ConfigError(dotted, "unknown setting (ignored)", source))
            continue
        current = getattr(obj, key)
        if hasattr(current, "__dataclass_fields__"):
            if not isinstance(value, Mapping):
                errors.append(ConfigError(dotted, f"must be a table, got {value!r}", source))
                continue
            changes[key] = _merge(current, value, source, dotted + ".", errors)
            continue
        try:
            changes[key] = _coerce(value, hints[key], dotted)
        except ValueError as exc:
            errors.append(ConfigError(dotted, f"{exc}; using {current!r}", source))
    return replace(obj, **changes) if changes else obj


def apply(config: Config, data: Mapping[str, Any], source: str) -> tuple[Config, list[ConfigError]]:
    """Layer ``data`` over ``config``; invalid keys are reported and skipped."""
    errors: list[ConfigError] = []
    if not isinstance(data, Mapping):
        return config, [ConfigError("<root>", f"must be a table, got {type(data).__name__}", source)]
    return _merge(config, data, source, "", errors), errors


def _read_toml(path: Path, errors: list[ConfigError]) -> dict[str, Any] | None:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        return None
    except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError) as exc:
        errors.append(ConfigError("<file>", f"cannot be read: {exc}", str(path)))
        return None


def load_config(
    workspace: str | Path | None = None,
    overrides: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
) -> tuple[Config, list[ConfigError]]:
    """The configuration for ``workspace`` and the problems found while reading it."""
    env = os.environ if environ is None else environ
    errors: list[ConfigError] = []
    config = Config()
    env_data = {key: env[var] for var, key in ENV_DEFAULTS.items() if env.get(var)}
    config, errs = apply(config, env_data, "environment")
    errors += errs
    if workspace is not None:
        root = Path(workspace)
        pyproject = _read_toml(root / "pyproject.toml", errors)
        if pyproject is not None:
            tool = pyproject.get("tool")
            section = tool.get("sastls") if isinstance(tool, dict) else None
            if section is not None:
                config, errs = apply(config, section, str(root / "pyproject.toml"))
                errors += errs
        own = _read_toml(root / ".sastls.toml", errors)
        if own is not None:
            config, errs = apply(config, own.get("sastls", own), str(root / ".sastls.toml"))
            errors += errs
    if overrides:
        config, errs = apply(config, overrides, "settings")
        errors += errs
    errors += model_errors(workspace, config.models)
    return config, errors


def model_errors(workspace: str | Path | None, configured: tuple[str, ...]) -> list[ConfigError]:
    """The problems of the user's model files (each bad file is left out; the built-in models stay)."""
    if workspace is None and not configured:
        return []
    from .models import load_models  # the schema check imports jsonschema: only when there are models

    out: list[ConfigError] = []
    for language in ("python",):
        for e in load_models(language, workspace, configured).errors:
            where = e.key or "<file>"
            suffix = f" (at {e.json_path})" if e.key else ""
            out.append(ConfigError(where, f"{e.message}{suffix}; the file is ignored", e.file))
    return out
