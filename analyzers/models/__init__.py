"""What the offline analyst knows about libraries, as data (CodeQL's models-as-data is the anchor).

One TOML file per library or framework (``python/*.toml``), validated by ``schema.json``; users add
theirs in ``.sastls/models/*.toml`` and through ``models = [...]`` in the configuration. The format
is described in docs/models.md. This package only reads and checks the files; each language's
analyst interprets the rows (``analyzers/code/taint/python/spec.py`` for Python).
"""

from .load import (
    LEARNED_FILE,
    WORKSPACE_DIR,
    ModelError,
    ModelFile,
    Models,
    builtin_models,
    load_models,
    parse_model,
    schema,
    user_model_paths,
)

__all__ = [
    "LEARNED_FILE",
    "WORKSPACE_DIR",
    "ModelError",
    "ModelFile",
    "Models",
    "builtin_models",
    "load_models",
    "parse_model",
    "schema",
    "user_model_paths",
]
