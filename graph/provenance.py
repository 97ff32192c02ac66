"""What a verdict was reached with, and whether a stored verdict still stands.

Each analyst verdict records the analyst's version (the sastls release plus a digest of what
decides its verdicts: the offline analyst's code and model files' schema for ``heuristic``, the
prompts for ``llm``), the digest of the model files it used (built-in and the user's) and, for
``llm``, the model. A stored verdict for the same code is reused only when all of them match what
would decide it now; a person's verdict always stands. :func:`stale_reason` says why one does not.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
from collections.abc import Sequence
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from .verdict import Verdict

if TYPE_CHECKING:
    from sastls.analyzers.config import Config

StaleReason = Literal["analyst upgraded", "models changed", "model changed", "another analyst"]


@functools.cache
def _release() -> str:
    try:
        return importlib.metadata.version("sastls")
    except importlib.metadata.PackageNotFoundError:
        return "0"


def _tree_digest(package: str, suffixes: tuple[str, ...]) -> str:
    h = hashlib.sha256()
    stack = [resources.files(package)]
    files = []
    while stack:
        node = stack.pop()
        for child in node.iterdir():
            if child.is_dir():
                if child.name != "__pycache__":
                    stack.append(child)
            elif child.name.endswith(suffixes):
                files.append(child)
    for f in sorted(files, key=str):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:10]


@functools.cache
def analyst_version(analyst: str) -> str:
    """``<release>+<digest>``: what decides the analyst's verdicts, so that an upgrade re-decides them.

    The model files are not part of it (their digest is recorded on its own)."""
    if analyst == "heuristic":
        digest = _tree_digest("sastls.analyzers.code", (".py", ".scm"))
    elif analyst == "llm":
        digest = _tree_digest("sastls.prompts", (".md",))
    else:
        return _release()
    return f"{_release()}+{digest}"


def models_digest(workspace: str | Path | None, model_paths: Sequence[str] = ()) -> str:
    """The digest of every model file the offline analyst reads for ``workspace`` (built-in and user)."""
    from sastls.analyzers.models import load_models

    return load_models("python", workspace, tuple(model_paths)).digest


def stamp(verdict: Verdict, workspace: str | Path | None, config: Config) -> Verdict:
    """``verdict`` with the version of its analyst and the digest of the models it used."""
    if verdict.human:
        return verdict
    try:
        digest: str | None = models_digest(workspace, config.models)
    except Exception:  # a verdict is never lost because the model files cannot be read
        digest = None
    model = verdict.model if verdict.model is not None or verdict.analyst != "llm" else config.model
    version = analyst_version(verdict.analyst)
    return replace(verdict, analyst_version=version, models_digest=digest, model=model)


def stale_reason(
    stored: Verdict, config: Config, workspace: str | Path | None, *, digest: str | None = None
) -> StaleReason | None:
    """None when ``stored`` (a verdict on the same code) stands for ``config``; else why it does not.

    A person's verdict always stands. A heuristic verdict stands for the llm analyst with the cascade
    on when it is conclusive (a model would not be asked anyway). ``digest``: the models' digest when
    the caller has it (it is the same for every finding of a workspace)."""
    if stored.human:
        return None
    analyst = config.analyst
    if stored.analyst != analyst and not (
        analyst == "llm"
        and config.cascade
        and stored.analyst == "heuristic"
        and stored.verdict != "NEEDS_REVIEW"
    ):
        return "another analyst"
    if stored.analyst_version != analyst_version(stored.analyst):
        return "analyst upgraded"
    current = digest if digest is not None else models_digest(workspace, config.models)
    if stored.models_digest != current:
        return "models changed"
    if stored.analyst == "llm" and stored.model != config.model:
        return "model changed"
    return None
