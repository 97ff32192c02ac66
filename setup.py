"""Maps the top-level folders into the one import package ``sastls``.

pyproject.toml holds the metadata; this file only computes ``packages`` and
``package_dir`` so that a new subpackage under analyzers/, graph/, prompts/ or
server/ is picked up without editing a list.
"""

from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).parent
TOP = ("analyzers", "graph", "prompts", "server")

packages: list[str] = []
package_dir: dict[str, str] = {}
for top in TOP:
    for init in sorted((ROOT / top).rglob("__init__.py")):
        rel = init.parent.relative_to(ROOT)
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        name = "sastls." + ".".join(rel.parts)
        packages.append(name)
    package_dir["sastls." + top] = top

setup(packages=packages, package_dir=package_dir)
