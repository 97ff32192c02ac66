"""clang, as PyPI's ``ziglang`` wheel ships it, installed once into the external cache.

Neither clang nor gcc 13 installs here from Debian's or PyPI's packages as a compiler of its own,
but ``ziglang`` (pinned below) carries a whole clang (``zig clang``: clang's own driver, with its
static analyzer and SARIF output). It is installed with pip into
``<cache>/ziglang-<version>`` (``pip install --target``, nothing else is touched) and called
directly, with the wheel's C headers first on the include path::

    from clang_zig import ensure_clang
    clang = ensure_clang()            # [zig, "clang", "-isystem", <headers>]; raises RegistryError
    subprocess.run([*clang, "--analyze", "-Xanalyzer", "-analyzer-output=sarif", "-o", "out.sarif", "x.c"])

Cost: a 101 MB wheel fetched once (413 MB unpacked in the cache), then nothing; the two tests
that use it take about 3 s warm.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from registry import RegistryError, default_cache

ZIGLANG_VERSION = "0.17.0"


def ensure_clang(cache: Path | None = None) -> tuple[list[str], int]:
    """The command prefix that runs clang, and the bytes pip fetched for it (0 when cached)."""
    cache = cache or default_cache()
    target = cache / f"ziglang-{ZIGLANG_VERSION}"
    zig = target / "ziglang" / "zig"
    headers = target / "ziglang" / "lib" / "include"
    done = target / ".sastls-complete"
    cmd = [str(zig), "clang", "-isystem", str(headers)]
    if zig.is_file() and done.is_file():
        return cmd, 0
    cache.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(target, ignore_errors=True)
    wheels = Path(tempfile.mkdtemp(prefix=".part-ziglang-", dir=cache))
    try:
        pip = [sys.executable, "-m", "pip"]
        got = subprocess.run(
            [*pip, "download", "-q", "--no-deps", "--only-binary=:all:", "-d", str(wheels),
             f"ziglang=={ZIGLANG_VERSION}"],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        size = sum(f.stat().st_size for f in wheels.iterdir() if f.is_file())
        inst = got
        if got.returncode == 0:
            inst = subprocess.run(
                [*pip, "install", "-q", "--no-deps", "--no-index", "--find-links", str(wheels),
                 "--target", str(target), f"ziglang=={ZIGLANG_VERSION}"],
                capture_output=True, text=True, check=False,
            )  # fmt: skip
    except OSError as exc:
        shutil.rmtree(target, ignore_errors=True)
        raise RegistryError(f"pip could not be run for ziglang: {exc}") from exc
    finally:
        shutil.rmtree(wheels, ignore_errors=True)
    if inst.returncode != 0 or not zig.is_file():
        shutil.rmtree(target, ignore_errors=True)
        tail = " ".join((inst.stderr or inst.stdout).strip().splitlines()[-2:])
        raise RegistryError(f"pip could not install ziglang=={ZIGLANG_VERSION}: {tail}")
    done.write_text(ZIGLANG_VERSION + "\n")
    return cmd, size


def clang_version(cmd: list[str]) -> str:
    out = subprocess.run([*cmd[:2], "--version"], capture_output=True, text=True, check=False)
    return (out.stdout or out.stderr).strip().splitlines()[0] if (out.stdout or out.stderr) else "?"
