#!/usr/bin/env python3
"""Materialise the external Python corpus from PyPI, scan it, and (optionally) triage it.

    .venv/bin/python tests/external/materialise.py            # fetch + scan (cached)
    .venv/bin/python tests/external/materialise.py --triage   # ... then `sastls triage` every tree
    .venv/bin/sastls eval ~/.cache/sastls/external/triaged.sarif --external tests/external/manifest.toml

Every release the manifest names is downloaded as its sdist, checked against the pinned sha256 and
unpacked under the cache (``~/.cache/sastls/external`` or ``$SASTLS_EXTERNAL_CACHE``; see
registry.py). Then the scanners run on the files each advisory lists, in both trees:

- bandit from the project's venv (the one running this script, else ``.venv``);
- semgrep 1.182.0 from its own venv under the cache (created on first use with pip; never the
  project's venv, where it breaks litellm), always with ``--metrics=off --disable-version-check``
  and the local rules ``tests/external/semgrep-rules.yml``.

Outputs per tree, paths relative to the tree: ``findings/<tree>/bandit.json`` and
``findings/<tree>/semgrep.json``. A stamp (rules, tool versions, files) makes a warm run skip the
scan. ``--triage`` runs ``sastls triage`` (default analyst, a fresh verdict store) on each tree and
joins the results into one ``triaged.sarif`` whose paths start with the tree name, which
``sastls eval --external`` scores. Prints what it cost.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
MANIFEST = HERE / "manifest.toml"
RULES = HERE / "semgrep-rules.yml"
SEMGREP_VERSION = "1.182.0"
RULE_PREFIX = "external.python."

sys.path.insert(0, str(HERE))
from registry import Registry, RegistryError, default_cache  # noqa: E402


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def load_manifest(path: Path = MANIFEST) -> Any:
    """The parsed manifest (``sastls.server.evaluate_external.Manifest``); exits on errors."""
    from sastls.server.evaluate_external import parse_manifest

    manifest, errors = parse_manifest(path.read_text(encoding="utf-8"))
    if errors:
        raise SystemExit(f"{path}: " + "; ".join(errors[:10]))
    return manifest


# --------------------------------------------------------------------------- tools


def bandit_command() -> list[str]:
    for cand in (Path(sys.executable).parent / "bandit", REPO / ".venv" / "bin" / "bandit"):
        if cand.is_file():
            return [str(cand)]
    found = shutil.which("bandit")
    if found:
        return [found]
    raise SystemExit("bandit not found: run `make venv` (bandit[sarif] is a project dependency)")


def tool_version(cmd: list[str]) -> str:
    out = subprocess.run([*cmd, "--version"], capture_output=True, text=True, check=False)
    return (out.stdout or out.stderr).strip().splitlines()[0] if (out.stdout or out.stderr) else "?"


def ensure_semgrep(cache: Path) -> tuple[Path, int]:
    """semgrep SEMGREP_VERSION in its own venv under the cache ($SEMGREP overrides); raises RegistryError.

    Returns the executable and the bytes of the wheels pip fetched for it (0 when it was there)."""
    env = os.environ.get("SEMGREP")
    if env:
        return Path(env), 0
    venv = cache / f"semgrep-{SEMGREP_VERSION}"
    exe = venv / "bin" / "semgrep"
    done = venv / ".sastls-complete"
    if exe.is_file() and done.is_file():
        return exe, 0
    _log(f"installing semgrep {SEMGREP_VERSION} into {venv} (once)")
    shutil.rmtree(venv, ignore_errors=True)  # a venv is not relocatable: build it under its final name
    wheels = Path(tempfile.mkdtemp(prefix=".part-semgrep-wheels-", dir=cache))
    try:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip"]
        # download first (to count what it costs), then install from those files only
        got = subprocess.run(
            [*pip, "download", "-q", "-d", str(wheels), f"semgrep=={SEMGREP_VERSION}"],
            capture_output=True,
            text=True,
            check=False,
        )
        size = sum(f.stat().st_size for f in wheels.iterdir() if f.is_file())
        inst = got
        if got.returncode == 0:
            inst = subprocess.run(
                [
                    *pip,
                    "install",
                    "-q",
                    "--no-index",
                    "--find-links",
                    str(wheels),
                    f"semgrep=={SEMGREP_VERSION}",
                ],
                capture_output=True,
                text=True,
                check=False,
            )
    except (OSError, subprocess.CalledProcessError) as exc:
        shutil.rmtree(venv, ignore_errors=True)
        raise RegistryError(f"a venv for semgrep could not be made: {exc}") from exc
    finally:
        shutil.rmtree(wheels, ignore_errors=True)
    if inst.returncode != 0 or not exe.is_file():
        shutil.rmtree(venv, ignore_errors=True)
        tail = " ".join((inst.stderr or inst.stdout).strip().splitlines()[-2:])
        raise RegistryError(f"pip could not install semgrep=={SEMGREP_VERSION}: {tail}")
    done.write_text(SEMGREP_VERSION + "\n")
    return exe, size


# --------------------------------------------------------------------------- materialise and scan


@dataclass
class Report:
    trees: dict[str, Path] = field(default_factory=dict)
    findings: dict[str, list[Path]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    # files bandit could not parse because they are not Python 3 (a Python-2-only release): a fact of the
    # corpus, listed in the summary, not an error; checked with this interpreter's own parser
    not_python3: list[str] = field(default_factory=list)
    downloaded: int = 0
    downloaded_bytes: int = 0  # sdists, index pages and semgrep's wheels fetched in this run
    scanned_trees: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    slowest: list[tuple[str, float]] = field(default_factory=list)  # judge seconds per release

    def summary(self) -> str:
        parts = [f"{k} {v:.1f}s" for k, v in self.seconds.items()]
        text = (
            f"{len(self.trees)} trees ({self.downloaded} sdists downloaded, "
            f"{self.downloaded_bytes / 1e6:.1f} MB fetched), "
            f"{self.scanned_trees} scanned this run; " + ", ".join(parts)
        )
        if self.not_python3:
            text += f"; not Python 3 (bandit cannot parse): {', '.join(self.not_python3)}"
        return text

    def bandit_errors(self, name: str, errors: list[dict[str, Any]]) -> None:
        """Record bandit's per-file errors for tree ``name``: a file that is not Python 3 is a fact of
        the corpus (the same on a cold and a warm cache), anything else is an error."""
        for e in errors:
            rel = str(e.get("filename", ""))
            why = _not_python3(self.trees[name] / rel) if name in self.trees else None
            if why:
                self.not_python3.append(f"{name}/{rel} ({why})")
            else:
                self.errors.append(f"{name}: bandit could not scan {rel}: {e.get('reason', '')}")


def _not_python3(path: Path) -> str | None:
    """Why ``path`` is not Python 3 source (this interpreter's parser), or None when it parses."""
    try:
        ast.parse(path.read_bytes(), str(path))
    except SyntaxError as exc:
        return f"line {exc.lineno}: {exc.msg}"
    except (OSError, ValueError):
        return None
    return None


def materialise(manifest: Any, registry: Registry, jobs: int = 6) -> Report:
    report = Report()
    started = time.perf_counter()
    wanted = {name: (pkg, rel) for name, (pkg, rel, _) in manifest.trees().items()}
    got = registry.trees_for(((pkg, rel.version, rel.sha256) for pkg, rel in wanted.values()), jobs=jobs)
    for name, (pkg, rel) in wanted.items():
        result = got[(pkg, rel.version)]
        if isinstance(result, RegistryError):
            report.errors.append(f"{name}: {result}")
        else:
            report.trees[name] = result
    report.downloaded = len(registry.downloaded)
    report.downloaded_bytes = registry.downloaded_bytes
    report.seconds["materialise"] = time.perf_counter() - started
    return report


def _stamp(tree: Path, files: Sequence[str], versions: str) -> str:
    h = hashlib.sha256()
    h.update(RULES.read_bytes())
    h.update(versions.encode())
    h.update((tree / ".sastls-sha256").read_bytes() if (tree / ".sastls-sha256").is_file() else b"")
    h.update("\n".join(files).encode())
    return h.hexdigest()


def _norm_rel(path: str, tree: str) -> str | None:
    p = path.replace("\\", "/")
    p = p.removeprefix("./")
    prefix = f"{tree}/"
    return p[len(prefix) :] if p.startswith(prefix) else None


def scan(manifest: Any, report: Report, cache: Path, semgrep: Path, force: bool = False) -> None:
    """Run bandit and semgrep over every tree's files (one run of each for all trees needing it)."""
    started = time.perf_counter()
    bandit = bandit_command()
    versions = f"bandit {tool_version(bandit)}; semgrep {SEMGREP_VERSION}"
    out_root = cache / "findings"
    todo: dict[str, list[str]] = {}
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
        report.findings[name] = [out / "bandit.json", out / "semgrep.json"]
        if not force and (out / "stamp").is_file() and (out / "stamp").read_text() == stamp:
            try:
                cached = json.loads((out / "bandit.json").read_text())
            except (OSError, json.JSONDecodeError):
                cached = None
            if isinstance(cached, dict):
                report.bandit_errors(name, list(cached.get("errors") or []))
                continue
        todo[name] = present
    if todo:
        trees_dir = next(iter(report.trees.values())).parent
        targets = [f"{name}/{f}" for name, files in todo.items() for f in files]
        bandit_out = subprocess.run(
            [*bandit, "-q", "-f", "json", "--exit-zero", *targets],
            cwd=trees_dir,
            capture_output=True,
            text=True,
            check=False,
        )
        try:
            bdoc = json.loads(bandit_out.stdout)
        except json.JSONDecodeError:
            raise SystemExit(f"bandit failed: {bandit_out.stderr.strip()[-500:]}") from None
        sg = subprocess.run(
            [
                str(semgrep),
                "scan",
                "--metrics=off",
                "--disable-version-check",
                "--quiet",
                "--json",
                "--config",
                str(RULES),
                *targets,
            ],
            cwd=trees_dir,
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, "SEMGREP_SEND_METRICS": "off"},
        )
        try:
            sdoc = json.loads(sg.stdout)
        except json.JSONDecodeError:
            raise SystemExit(f"semgrep failed: {sg.stderr.strip()[-500:]}") from None
        for name, files in todo.items():
            out = out_root / name
            out.mkdir(parents=True, exist_ok=True)
            b_results = []
            for r in bdoc.get("results", []):
                rel = _norm_rel(r.get("filename", ""), name)
                if rel is not None:
                    b_results.append({**r, "filename": rel})
            b_errors = [
                {**e, "filename": _norm_rel(e.get("filename", ""), name)}
                for e in bdoc.get("errors", [])
                if _norm_rel(e.get("filename", ""), name) is not None
            ]
            report.bandit_errors(name, b_errors)
            s_results = []
            for r in sdoc.get("results", []):
                rel = _norm_rel(r.get("path", ""), name)
                if rel is None:
                    continue
                check = r.get("check_id", "")
                if RULE_PREFIX in check:
                    check = check[check.index(RULE_PREFIX) :]
                s_results.append({**r, "path": rel, "check_id": check})
            # each tree gets the scanners' own output format, reduced to its files (so an empty
            # result list is still recognisable as bandit / semgrep output)
            metrics = {
                rel: m
                for k, m in (bdoc.get("metrics") or {}).items()
                if (rel := _norm_rel(k, name)) is not None
            }
            (out / "bandit.json").write_text(
                json.dumps(
                    {
                        "generated_at": bdoc.get("generated_at", ""),
                        "metrics": metrics,
                        "errors": b_errors,
                        "results": b_results,
                    },
                    indent=1,
                )
                + "\n"
            )
            scanned = [
                rel for p in (sdoc.get("paths") or {}).get("scanned", []) if (rel := _norm_rel(p, name))
            ]
            (out / "semgrep.json").write_text(
                json.dumps(
                    {
                        "version": sdoc.get("version", SEMGREP_VERSION),
                        "errors": [],
                        "paths": {"scanned": scanned},
                        "results": s_results,
                        "skipped_rules": [],
                    },
                    indent=1,
                )
                + "\n"
            )
            (out / "stamp").write_text(_stamp(report.trees[name], files, versions))
        report.scanned_trees = len(todo)
    report.seconds["scan"] = time.perf_counter() - started


def fill(
    manifest: Any | None = None,
    cache: Path | None = None,
    jobs: int = 6,
    force: bool = False,
    log: Callable[[str], None] = _log,
) -> Report:
    """Materialise and scan everything the manifest names.

    Works offline when the cache is warm; raises RegistryError (saying why) when a release is not
    cached and the registry cannot provide it, or when semgrep cannot be installed."""
    manifest = manifest or load_manifest()
    registry = Registry(cache)
    registry.cache.mkdir(parents=True, exist_ok=True)
    report = materialise(manifest, registry, jobs)
    if report.errors:
        more = f" (and {len(report.errors) - 1} more)" if len(report.errors) > 1 else ""
        raise RegistryError(report.errors[0] + more)
    t0 = time.perf_counter()
    semgrep, wheel_bytes = ensure_semgrep(registry.cache)
    report.downloaded_bytes += wheel_bytes
    report.seconds["semgrep setup"] = time.perf_counter() - t0
    scan(manifest, report, registry.cache, semgrep, force=force)
    for e in report.errors:
        log(f"warning: {e}")
    log(f"external corpus: {report.summary()}")
    return report


# --------------------------------------------------------------------------- the offline analyst, in process


def _judge_tree(
    tree: str, root: str, files: list[str], keys: list[tuple[str, str, int, str, str]]
) -> tuple[dict[tuple[str, str, int, str, str], tuple[str, str]], int, float]:
    """Judge the labelled findings of one release (a worker process: one index per release)."""
    from sastls.analyzers.code.index import WorkspaceIndex
    from sastls.analyzers.code.judge import Judge
    from sastls.analyzers.config import Config
    from sastls.analyzers.findings.load import load_findings
    from sastls.server.evaluate_external import tool_of

    started = time.perf_counter()
    wanted = set(keys)
    loaded = load_findings(files, repo=root)
    judge = Judge(WorkspaceIndex(root, exclude_globs=Config().exclude_globs))
    out: dict[tuple[str, str, int, str, str], tuple[str, str]] = {}
    unlabelled = 0
    for finding in loaded.findings:
        key = (tree, finding.path, finding.line or 0, tool_of(finding.tool), finding.rule_id)
        if key not in wanted:
            unlabelled += 1
            continue
        judgement = judge.judge(finding)
        out[key] = (judgement.verdict, judgement.justification)
    return out, unlabelled, time.perf_counter() - started


def judge(manifest: Any, report: Report, jobs: int = 2) -> Any:
    """Score the default offline analyst on every labelled finding (``ExternalEvaluation``).

    The same judgement ``sastls triage`` makes with the default analyst and configuration, run in
    process (one worker per release, ``jobs`` at a time) so the corpus tests stay fast."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from sastls.server.evaluate_external import LabelKey, labels, score

    started = time.perf_counter()
    by_tree: dict[str, list[tuple[str, str, int, str, str]]] = {}
    for lb in labels(manifest)[0]:
        k = lb.key
        by_tree.setdefault(k.tree, []).append((k.tree, k.file, k.line, k.tool, k.rule))
    work = [
        (tree, str(report.trees[tree]), [str(p) for p in report.findings[tree] if p.is_file()], keys)
        for tree, keys in sorted(by_tree.items())
        if tree in report.trees and tree in report.findings
    ]
    verdicts: dict[Any, tuple[str | None, str]] = {}
    unlabelled = 0
    per_tree: dict[str, float] = {}
    context = multiprocessing.get_context("fork") if sys.platform != "win32" else None
    with ProcessPoolExecutor(max_workers=max(1, jobs), mp_context=context) as pool:
        futures = {pool.submit(_judge_tree, *w): w[0] for w in work}
        for future, tree in futures.items():
            got, n, seconds = future.result()
            verdicts.update({LabelKey(*k): v for k, v in got.items()})
            unlabelled += n
            per_tree[tree] = seconds
    report.seconds["judge"] = time.perf_counter() - started
    report.slowest = sorted(per_tree.items(), key=lambda kv: -kv[1])[:5]
    return score(manifest, verdicts, unlabelled)


# --------------------------------------------------------------------------- triage (sastls triage per tree)


def _sastls() -> list[str]:
    cand = Path(sys.executable).parent / "sastls"
    if cand.is_file():
        return [str(cand)]
    return [sys.executable, "-m", "sastls.server.cli"]


def _prefix_paths(doc: dict[str, Any], tree: str) -> dict[str, Any]:
    """Result locations become ``<tree>/<path>``, with no uriBaseId (the joined file spans trees)."""
    for run in doc.get("runs", []):
        run.pop("originalUriBaseIds", None)
        for result in run.get("results", []):
            for loc in result.get("locations", []):
                art = loc.get("physicalLocation", {}).get("artifactLocation")
                if isinstance(art, dict) and isinstance(art.get("uri"), str):
                    art["uri"] = f"{tree}/{art['uri']}"
                    art.pop("uriBaseId", None)
    return doc


def triage(report: Report, cache: Path, jobs: int = 2, out_name: str = "triaged.sarif") -> Path:
    """`sastls triage` each tree with a fresh store; join into ``<cache>/<out_name>``."""
    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="triage-", dir=cache))

    def one(name: str) -> tuple[str, Path | str]:
        files = [str(p) for p in report.findings[name] if p.is_file()]
        out = work / f"{name}.sarif"
        proc = subprocess.run(
            [
                *_sastls(),
                "triage",
                *files,
                "--repo",
                str(report.trees[name]),
                "--out",
                str(out),
                "--store",
                str(work / f"{name}.db"),
                "--no-progress",
                "--fail-on",
                "never",
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0 or not out.is_file():
            return name, f"sastls triage failed ({proc.returncode}): {proc.stderr.strip()[-300:]}"
        return name, out

    try:
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            results = list(pool.map(one, sorted(report.findings)))
        runs: list[Any] = []
        version = "2.1.0"
        for name, res in results:
            if isinstance(res, str):
                report.errors.append(f"{name}: {res}")
                continue
            doc = _prefix_paths(json.loads(res.read_text()), name)
            version = doc.get("version", version)
            runs.extend(doc.get("runs", []))
        joined = cache / out_name
        joined.write_text(
            json.dumps(
                {
                    "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
                    "version": version,
                    "runs": runs,
                }
            )
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report.seconds["triage"] = time.perf_counter() - started
    return joined


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--manifest", type=Path, default=MANIFEST)
    p.add_argument("--cache", type=Path, default=None, help=f"default: {default_cache()}")
    p.add_argument("--jobs", type=int, default=6, help="parallel downloads")
    p.add_argument("--force", action="store_true", help="scan again even when the stamps match")
    p.add_argument(
        "--judge", action="store_true", help="also print the offline analyst's figures (in process)"
    )
    p.add_argument("--triage", action="store_true", help="also run `sastls triage` on every tree")
    args = p.parse_args(argv)
    started = time.perf_counter()
    manifest = load_manifest(args.manifest)
    try:
        report = fill(manifest, args.cache, jobs=args.jobs, force=args.force)
    except RegistryError as exc:
        _log(f"external corpus: cannot be materialised: {exc}")
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
        print(f"recall {o.recall:.3f}  dropped {o.dropped:.3f}  needs review {o.review_share:.3f}")
        _log(f"judge {report.seconds['judge']:.1f}s")
    if args.triage:
        joined = triage(report, cache)
        for e in report.errors:
            _log(f"warning: {e}")
        _log(f"triaged: {joined} ({report.seconds['triage']:.1f}s)")
        _log(f"score it: sastls eval {joined} --external {args.manifest}")
    _log(f"total {time.perf_counter() - started:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
