"""Reading model files: TOML, validated by ``schema.json``, built-in ones first, then the user's.

Built-in models ship as package data (``python/*.toml``); users add theirs in ``.sastls/models/*.toml``
of the workspace and through ``models = [...]`` in the configuration (files or directories). A file
that cannot be read, does not follow the schema, or names a family nobody defines is reported (file,
dotted key and JSON path) and left out as a whole: the other files, and every built-in model, stay.
The digest names exactly which models a verdict was reached with.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal

log = logging.getLogger(__name__)

Origin = Literal["builtin", "config", "workspace"]
WORKSPACE_DIR = ".sastls/models"
LEARNED_FILE = "learned.toml"
MAX_FILE_BYTES = 2_000_000
MAX_ERRORS_PER_FILE = 20


@dataclass(frozen=True)
class ModelError:
    """A problem in one model file: ``key`` is dotted (``sinks[2].args``), ``json_path`` is JSONPath."""

    file: str
    key: str
    json_path: str
    message: str

    def __str__(self) -> str:
        where = self.key if self.key else "<file>"
        return f"{self.file}: {where}: {self.message}"


@dataclass(frozen=True)
class ModelFile:
    """One valid model file: where it came from and what it says (plain TOML data)."""

    name: str  # shown in evidence and errors: "python/flask.toml" for built-ins, the path for the user's
    origin: Origin
    data: Mapping[str, Any] = field(compare=False, hash=False)
    digest: str = ""

    @property
    def language(self) -> str:
        return str(self.data.get("language", ""))

    @property
    def library(self) -> str:
        return str(self.data.get("library", ""))


@dataclass(frozen=True)
class Models:
    """Every model file of one language, in precedence order (built-in first, the user's last)."""

    language: str
    files: tuple[ModelFile, ...]
    errors: tuple[ModelError, ...]
    digest: str

    @property
    def user_files(self) -> tuple[ModelFile, ...]:
        return tuple(f for f in self.files if f.origin != "builtin")


# ------------------------------------------------------------------ schema


@functools.cache
def schema() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@functools.cache
def _validator() -> Any:
    import jsonschema  # lazy: the language server starts without it

    cls = jsonschema.validators.validator_for(schema())
    cls.check_schema(schema())
    return cls(schema())


def _key(path: Sequence[Any]) -> tuple[str, str]:
    dotted = ""
    for part in path:
        dotted += f"[{part}]" if isinstance(part, int) else (f".{part}" if dotted else str(part))
    json_path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
    return dotted, json_path


@functools.cache
def _fast_validator() -> Any:
    """The schema compiled by jsonschema-rs (formats not asserted, as by ``_validator``)."""
    import jsonschema_rs

    return jsonschema_rs.validator_for(schema(), validate_formats=False)


def _valid(data: Any) -> bool:
    """True when ``data`` surely follows the schema (compiled check: most files are valid, and
    every process that judges reads every built-in file); False means: ask ``_validator``, which
    also says why (TOML dates, which the compiled check does not take, go that way too)."""
    try:
        return bool(_fast_validator().is_valid(data))
    except Exception:  # any refusal of the compiled check: the full one answers
        return False


def _schema_errors(name: str, data: Any) -> list[ModelError]:
    if _valid(data):
        return []
    from jsonschema.exceptions import best_match

    out: list[ModelError] = []
    for top in sorted(_validator().iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        err = best_match(top.context) if top.context else top
        path = list(err.absolute_path)
        message = err.message
        if err.validator == "additionalProperties" and isinstance(err.instance, Mapping):
            allowed = set((err.schema or {}).get("properties", {}))
            extra = sorted(k for k in err.instance if k not in allowed)
            if extra:
                path.append(extra[0])
                message = f"unknown key {extra[0]!r} (allowed: {', '.join(sorted(allowed))})"
        dotted, json_path = _key(path)
        out.append(ModelError(name, dotted, json_path, message))
        if len(out) >= MAX_ERRORS_PER_FILE:
            break
    return out


def _family_refs(data: Mapping[str, Any]) -> Iterable[tuple[list[Any], str]]:
    for section in ("sanitizers", "validators", "sinks", "safe_variants"):
        for i, row in enumerate(data.get(section, ()) or ()):
            fam = row.get("family") if isinstance(row, Mapping) else None
            names = [fam] if isinstance(fam, str) else list(fam) if isinstance(fam, list) else []
            for j, f in enumerate(names):
                if f != "*":
                    yield ([section, i, "family"] + ([j] if isinstance(fam, list) else []), f)


# ------------------------------------------------------------------ reading


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def parse_model(
    name: str, text: str, origin: Origin = "workspace"
) -> tuple[ModelFile | None, list[ModelError]]:
    """Parse and validate one model file's text (families are checked later, against every file)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [ModelError(name, "", "$", f"not valid TOML: {exc}")]
    errors = _schema_errors(name, data)
    if errors:
        return None, errors
    return ModelFile(name=name, origin=origin, data=data, digest=_digest(data)), []


def read_model(path: Path, name: str, origin: Origin) -> tuple[ModelFile | None, list[ModelError]]:
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return None, [ModelError(name, "", "$", f"larger than {MAX_FILE_BYTES} bytes")]
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, [ModelError(name, "", "$", f"cannot be read: {exc}")]
    return parse_model(name, text, origin)


@functools.cache
def builtin_models(language: str) -> tuple[ModelFile, ...]:
    """The models shipped with sastls for ``language`` (a bad built-in file is a bug: it raises)."""
    root = resources.files(__package__).joinpath(language)
    files: list[ModelFile] = []
    if not root.is_dir():
        return ()
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        model, errors = parse_model(f"{language}/{entry.name}", entry.read_text(encoding="utf-8"), "builtin")
        if model is None:
            raise ValueError("built-in model is invalid: " + "; ".join(map(str, errors)))
        if model.language != language:
            raise ValueError(f"built-in model {model.name} declares language {model.language!r}")
        files.append(model)
    bad = _check_families(files, files)
    if bad:
        raise ValueError("built-in model is invalid: " + "; ".join(map(str, bad)))
    return tuple(files)


def _check_families(files: Sequence[ModelFile], known_from: Sequence[ModelFile]) -> list[ModelError]:
    known: set[str] = set()
    for f in known_from:
        known |= set(f.data.get("families", {}) or {})
    errors: list[ModelError] = []
    for f in files:
        for path, fam in _family_refs(f.data):
            if fam not in known:
                dotted, json_path = _key(path)
                errors.append(
                    ModelError(
                        f.name,
                        dotted,
                        json_path,
                        f"unknown family {fam!r} (known: {', '.join(sorted(known))})",
                    )
                )
    return errors


def user_model_paths(workspace: str | Path | None, configured: Sequence[str] = ()) -> list[Path]:
    """Model files named by the configuration (files, or directories of ``*.toml``), then the workspace's."""
    root = Path(workspace) if workspace is not None else None
    out: list[Path] = []
    for entry in configured:
        p = Path(entry).expanduser()
        if not p.is_absolute() and root is not None:
            p = root / p
        if p.is_dir():
            out.extend(sorted(p.glob("*.toml")))
        else:
            out.append(p)
    if root is not None:
        out.extend(sorted((root / WORKSPACE_DIR).glob("*.toml")))
    seen: set[Path] = set()
    unique: list[Path] = []
    for p in out:
        key = p.resolve() if p.exists() else p
        if key not in seen:
            seen.add(key)
            unique.append(p)
    return unique


def _display(path: Path, workspace: str | Path | None) -> str:
    if workspace is not None:
        try:
            return str(path.resolve().relative_to(Path(workspace).resolve()))
        except (ValueError, OSError):
            pass
    return str(path)


def _stamp(paths: Sequence[Path]) -> tuple[tuple[str, int, int], ...]:
    out: list[tuple[str, int, int]] = []
    for p in paths:
        try:
            st = p.stat()
            out.append((str(p), st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((str(p), -1, -1))
    return tuple(out)


def load_models(language: str, workspace: str | Path | None = None, configured: Sequence[str] = ()) -> Models:
    """Built-in models of ``language`` plus the user's (configured files, then ``.sastls/models/``).

    Cached on the files' names, sizes and modification times: an edited model file is read again."""
    paths = user_model_paths(workspace, configured)
    ws = str(Path(workspace).resolve()) if workspace is not None else None
    return _load(language, ws, _stamp(paths), tuple(configured))


@functools.lru_cache(maxsize=32)
def _load(
    language: str,
    workspace: str | None,
    stamp: tuple[tuple[str, int, int], ...],
    configured: tuple[str, ...],
) -> Models:
    builtin = builtin_models(language)
    user: list[ModelFile] = []
    errors: list[ModelError] = []
    config_paths = {str(p) for p in user_model_paths(workspace, configured)} - {
        str(p) for p in user_model_paths(workspace, ())
    }
    for path_str, mtime, _size in stamp:
        path = Path(path_str)
        name = _display(path, workspace)
        if mtime < 0:
            errors.append(ModelError(name, "", "$", "no such model file"))
            continue
        origin: Origin = "config" if path_str in config_paths else "workspace"
        model, errs = read_model(path, name, origin)
        errors.extend(errs)
        if model is None:
            continue
        if model.language != language:
            continue  # a model for another language's analyst
        user.append(model)
    fam_errors = _check_families(user, [*builtin, *user])
    bad = {e.file for e in fam_errors}
    errors.extend(fam_errors)
    user = [f for f in user if f.name not in bad]
    for e in errors:  # the configuration reports them too (analyzers.config.model_errors)
        log.info("model file %s (the file is ignored; built-in models stay)", e)
    files = (*builtin, *user)
    digest = hashlib.sha256("\n".join(f"{f.name}:{f.digest}" for f in files).encode()).hexdigest()[:16]
    return Models(language=language, files=files, errors=tuple(errors), digest=digest)


def builtin_digest(language: str) -> str:
    return load_models(language).digest
