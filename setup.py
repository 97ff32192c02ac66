"""Maps the top-level folders into the one import package ``sastls``.

pyproject.toml holds the metadata; this file only computes ``packages``, ``package_dir`` and
``package_data`` so that a new subpackage, or a new folder of data files (tree-sitter queries,
prompts, library models), under analyzers/, graph/, prompts/ or server/ is picked up without
editing a list. A folder of data without ``__init__.py`` is listed as a package too: setuptools
ships only the data of listed packages (and warns about the others).
"""

from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).parent
TOP = ("analyzers", "graph", "prompts", "server")
DATA = (".scm", ".md", ".json", ".toml", ".yml", ".yaml", ".csv")

packages: list[str] = []
package_dir: dict[str, str] = {}
package_data: dict[str, list[str]] = {}
for top in TOP:
    package_dir["sastls." + top] = top
    for folder in sorted(p for p in [ROOT / top, *(ROOT / top).rglob("*")] if p.is_dir()):
        rel = folder.relative_to(ROOT)
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        suffixes = sorted({f.suffix for f in folder.iterdir() if f.is_file() and f.suffix in DATA})
        if not (folder / "__init__.py").exists() and not suffixes:
            continue
        name = "sastls." + ".".join(rel.parts)
        packages.append(name)
        if suffixes:
            package_data[name] = [f"*{s}" for s in suffixes]

setup(packages=packages, package_dir=package_dir, package_data=package_data)
