"""Benchmark the workspace index on generated 100k-line Python and C trees.

Prints, per language: files and lines, build time (every file parsed and summarised),
peak RSS of the process that built it, and p50/p95 of 10k random enclosing-function
lookups and 10k random symbol lookups (plus 1k callers lookups), and the command.

    .venv/bin/python bench/index.py [--lines 100000] [--queries 10000] [--seed 7]

Each language runs in a fresh child process so peak memory is its own.
Targets (2 cores): build < 5 s per 100k lines, lookup p95 < 5 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LINES_PER_FILE = 500


def gen_python(root: Path, total_lines: int, rng: random.Random) -> int:
    n_files = max(1, total_lines // LINES_PER_FILE)
    lines_written = 0
    for f in range(n_files):
        pkg, mod = divmod(f, 20)
        d = root / f"pkg{pkg}"
        d.mkdir(parents=True, exist_ok=True)
        (d / "__init__.py").touch()
        out = ['"""Generated module."""', "import os", "import json"]
        if f:
            other = rng.randrange(f)
            op, om = divmod(other, 20)
            out.append(f"from pkg{op}.mod{om} import helper_{other}_0")
            out.append(f"from .mod{mod} import Service{f}")
        out += ["", f"CONSTANT_{f} = {f}", ""]
        i = 0
        while len(out) < LINES_PER_FILE - 20:
            out += [
                "",
                f"def helper_{f}_{i}(value, *args):",
                "    total = 0",
                "    for item in args:",
                "        total += len(str(item))",
                f"    return os.path.join(str(value), str(total + CONSTANT_{f}))",
                "",
                f"class Service{f}_{i}:",
                "    def __init__(self, name):",
                "        self.name = name",
                "",
                "    def run(self, payload):",
                "        def inner(x):",
                "            return json.dumps(x)",
                "",
                f"        data = helper_{f}_{i}(payload, self.name)",
                "        return inner(data)",
                "",
                "    @property",
                "    def label(self):",
                "        return self.name.upper()",
            ]
            i += 1
        (d / f"mod{mod}.py").write_text("\n".join(out) + "\n")
        lines_written += len(out)
    return lines_written


def gen_c(root: Path, total_lines: int, rng: random.Random) -> int:
    n_files = max(1, total_lines // LINES_PER_FILE)
    lines_written = 0
    inc = root / "include"
    inc.mkdir(parents=True, exist_ok=True)
    for f in range(n_files):
        d = root / f"src{f // 20}"
        d.mkdir(parents=True, exist_ok=True)
        header = [f"#ifndef FILE{f}_H", f"#define FILE{f}_H", f"#define LIMIT_{f} {f + 16}", ""]
        out = ["#include <stdio.h>", "#include <string.h>", f'#include "file{f}.h"']
        if f:
            out.append(f'#include "file{rng.randrange(f)}.h"')
        out += ["", f"static int counter_{f} = 0;", ""]
        i = 0
        while len(out) < LINES_PER_FILE - 16:
            name = f"process_{f}_{i}"
            header.append(f"int {name}(const char *input, char *out, size_t n);")
            out += [
                f"struct record_{f}_{i} {{",
                "    int id;",
                "    char name[32];",
                "};",
                "",
                f"int {name}(const char *input, char *out, size_t n)",
                "{",
                "    size_t len = strlen(input);",
                f"    if (len >= n || len > LIMIT_{f}) {{",
                "        return -1;",
                "    }",
                "    memcpy(out, input, len + 1);",
                f"    counter_{f}++;",
                f'    printf("%s %d\\n", out, counter_{f});',
                "    return (int)len;",
                "}",
                "",
            ]
            i += 1
        header += ["", "#endif"]
        (inc / f"file{f}.h").write_text("\n".join(header) + "\n")
        (d / f"file{f}.c").write_text("\n".join(out) + "\n")
        lines_written += len(out) + len(header)
    return lines_written


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def run_child(lang: str, lines: int, queries: int, seed: int) -> dict[str, object]:
    from sastls.analyzers.code.index import WorkspaceIndex

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix=f"sastls-bench-{lang}-") as tmp:
        root = Path(tmp)
        written = gen_python(root, lines, rng) if lang == "python" else gen_c(root, lines, rng)
        rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        t0 = time.perf_counter()
        index = WorkspaceIndex(root, exclude_globs=(".git/**", "build/**"))
        files = index.build()
        build_s = time.perf_counter() - t0
        rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        paths = index.files()
        names: list[tuple[str, str, int]] = []
        for p in paths:
            for sym in index.symbols(p):
                names.append((sym.qualified_name, p, sym.start_line))
        line_counts: dict[str, int] = {}
        for p in paths:
            summary = index.summary(p)
            line_counts[p] = summary.line_count if summary is not None else 1

        enclosing_ms: list[float] = []
        for _ in range(queries):
            p = rng.choice(paths)
            line = rng.randint(1, max(1, line_counts[p]))
            t = time.perf_counter_ns()
            index.enclosing(p, line)
            enclosing_ms.append((time.perf_counter_ns() - t) / 1e6)

        symbol_ms: list[float] = []
        for q in range(queries):
            qualified, p, line = rng.choice(names)
            bare = qualified.replace("::", ".").rsplit(".", 1)[-1]
            t = time.perf_counter_ns()
            if q % 2:
                index.definitions(bare, from_path=rng.choice(paths), line=line)
            else:
                index.definitions(qualified)
            symbol_ms.append((time.perf_counter_ns() - t) / 1e6)

        callers_ms: list[float] = []
        for _ in range(max(1, queries // 10)):
            qualified, _p, _l = rng.choice(names)
            t = time.perf_counter_ns()
            index.callers(qualified)
            callers_ms.append((time.perf_counter_ns() - t) / 1e6)

    return {
        "language": lang,
        "files": files,
        "lines": written,
        "symbols": len(names),
        "build_s": round(build_s, 3),
        "peak_rss_mb": round(rss_after / 1024, 1),
        "rss_growth_mb": round((rss_after - rss_before) / 1024, 1),
        "enclosing_p50_ms": round(statistics.median(enclosing_ms), 4),
        "enclosing_p95_ms": round(percentile(enclosing_ms, 95), 4),
        "symbol_p50_ms": round(statistics.median(symbol_ms), 4),
        "symbol_p95_ms": round(percentile(symbol_ms, 95), 4),
        "callers_p50_ms": round(statistics.median(callers_ms), 4),
        "callers_p95_ms": round(percentile(callers_ms, 95), 4),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--child", choices=("python", "c"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(run_child(args.child, args.lines, args.queries, args.seed)))
        return 0
    command = " ".join([".venv/bin/python", "bench/index.py", *sys.argv[1:]])
    print(f"command: {command}")
    ok = True
    for lang in ("python", "c"):
        proc = subprocess.run(
            [
                sys.executable,
                __file__,
                "--child",
                lang,
                "--lines",
                str(args.lines),
                "--queries",
                str(args.queries),
                "--seed",
                str(args.seed),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            print(f"{lang}: failed\n{proc.stderr}", file=sys.stderr)
            ok = False
            continue
        r = json.loads(proc.stdout.strip().splitlines()[-1])
        per_100k = float(r["build_s"]) * 100_000 / max(int(r["lines"]), 1)
        print(
            f"{lang:>6}: {r['files']} files, {r['lines']} lines, {r['symbols']} symbols | "
            f"build {r['build_s']} s ({per_100k:.2f} s/100k lines) | peak RSS {r['peak_rss_mb']} MB "
            f"(+{r['rss_growth_mb']} MB while building)\n"
            f"        enclosing p50 {r['enclosing_p50_ms']} ms, p95 {r['enclosing_p95_ms']} ms | "
            f"symbol p50 {r['symbol_p50_ms']} ms, p95 {r['symbol_p95_ms']} ms | "
            f"callers p50 {r['callers_p50_ms']} ms, p95 {r['callers_p95_ms']} ms  "
            f"({args.queries} queries each, {max(1, args.queries // 10)} for callers)"
        )
        ok = ok and per_100k < 5 and float(r["enclosing_p95_ms"]) < 5 and float(r["symbol_p95_ms"]) < 5
    print("targets (build < 5 s/100k lines, lookup p95 < 5 ms):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
