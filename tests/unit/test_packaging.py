"""The one import package ``sastls`` is mapped from the top-level folders, in an editable install too."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_import_from_outside_the_repo(tmp_path: Path) -> None:
    code = (
        "import sastls.analyzers, sastls.graph, sastls.server, sastls.prompts, sastls.server.cli;"
        "import importlib.resources as r;"
        "print(sorted(p.name for p in r.files('sastls.prompts').iterdir() if p.name.endswith('.md')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert "agent.md" in out.stdout


def test_every_subpackage_has_an_init() -> None:
    """setup.py maps folders that hold an __init__.py: a folder of .py files without one would not ship."""
    missing = []
    for top in ("analyzers", "graph", "prompts", "server"):
        for folder in [ROOT / top, *(p for p in (ROOT / top).rglob("*") if p.is_dir())]:
            if "__pycache__" in folder.parts or "queries" in folder.relative_to(ROOT).parts:
                continue
            if any(folder.glob("*.py")) and not (folder / "__init__.py").exists():
                missing.append(str(folder.relative_to(ROOT)))
    assert missing == []


def test_console_script_usage_error_exits_2() -> None:
    exe = Path(sys.executable).with_name("sastls")
    proc = subprocess.run([str(exe), "no-such-command"], capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "invalid choice" in proc.stderr


def test_the_wheel_builds_without_warnings_and_ships_its_data(tmp_path: Path) -> None:
    """`make venv` / `make demo` print no setuptools deprecation or package-data warnings."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for top in ("analyzers", "graph", "prompts", "server"):
        shutil.copytree(ROOT / top, src / top, ignore=shutil.ignore_patterns("__pycache__"))
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(tmp_path / "dist"), str(src)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    warnings = [
        line for line in (proc.stdout + proc.stderr).splitlines()
        if "Warning" in line and "Location 'file://" not in line
    ]  # fmt: skip
    assert warnings == [], "\n".join(warnings)
    (wheel,) = (tmp_path / "dist").glob("sastls-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "sastls/analyzers/code/queries/python/calls.scm" in names
    assert "sastls/prompts/agent.md" in names
    # the model files of the offline analyst and their schema
    assert "sastls/analyzers/models/schema.json" in names
    models = sorted(p.name for p in (ROOT / "analyzers" / "models" / "python").glob("*.toml"))
    assert models and all(f"sastls/analyzers/models/python/{m}" in names for m in models)
