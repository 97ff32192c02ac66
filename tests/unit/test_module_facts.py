"""A Python file's import bindings read from its summary are the ones a walk of its tree finds
(``module_info`` takes the summary's records when the tree has no syntax error)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.languages import parse
from sastls.analyzers.code.symbols import summarize
from sastls.analyzers.code.taint.python.module import module_info

ROOT = Path(__file__).resolve().parents[2]

SOURCE = b"""from __future__ import annotations
import os, os.path as osp, xml . etree
import a.b.c
from . import sibling
from .. pkg import thing as other
from .mod import (one, two as deux,
    three)
from pkg.sub import *
from x import y; import z as zz

def f():
    import json as j
    from urllib import parse
    return j

try:
    import yaml
except ImportError:
    yaml = None
from flask import request as request
"""


def _both(source: bytes) -> tuple[dict[str, str], dict[str, str]]:
    tree = parse(source, "python")
    summary = summarize("m.py", "python", source, tree, "h")
    walked = module_info("m.py", tree.root_node, {}).imports
    read = module_info("m.py", tree.root_node, {}, summary.imports).imports
    return walked, read


def test_summary_imports_bind_what_the_tree_walk_binds() -> None:
    walked, read = _both(SOURCE)
    assert read == walked
    assert list(read) == list(walked)  # the same order of first binding
    assert walked["other"] == "..pkg.thing" or walked["other"] == ".. pkg.thing"
    assert walked["deux"] == ".mod.two" and walked["j"] == "json" and "annotations" not in walked


@pytest.mark.parametrize("folder", ["tests/corpus/cases", "tests/fixtures/projects"])
def test_the_same_on_every_python_file_here(folder: str) -> None:
    files = sorted((ROOT / folder).rglob("*.py"))
    assert files
    for path in files:
        walked, read = _both(path.read_bytes())
        assert read == walked, path
