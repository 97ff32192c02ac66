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

import subprocess
from pathlib import Path

from registry import default_cache, install_wheel

ZIGLANG_VERSION = "0.17.0"


def ensure_clang(cache: Path | None = None) -> tuple[list[str], int]:
    """The command prefix that runs clang, and the bytes pip fetched for it (0 when cached)."""
    zig, size = install_wheel(
        cache or default_cache(), f"ziglang-{ZIGLANG_VERSION}", f"ziglang=={ZIGLANG_VERSION}", "ziglang/zig"
    )
    headers = zig.parent / "lib" / "include"
    return [str(zig), "clang", "-isystem", str(headers)], size


def clang_version(cmd: list[str]) -> str:
    out = subprocess.run([*cmd[:2], "--version"], capture_output=True, text=True, check=False)
    return (out.stdout or out.stderr).strip().splitlines()[0] if (out.stdout or out.stderr) else "?"
