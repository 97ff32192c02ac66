"""A C developer's first minutes, through each real client with default settings (the shipped Neovim plugin
in headless Neovim, sastls.el with eglot in Emacs batch, the packaged extension in VS Code = code-server +
Chromium): open src/cache.c of the cproj fixture, and gcc -fanalyzer, run by the server because gcc is on
PATH, reports a use after free (judged TRUE_POSITIVE) and an uninitialised read under a static flag that
nothing ever sets (judged FALSE_POSITIVE, shown as the client shows those: a hint). Hover shows each verdict
with its justification; moving `free(old)` below the use and saving makes gcc run again, and the use after
free goes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import ROOT, E2ERunner

pytestmark = pytest.mark.editor

FILE = "src/cache.c"
TP, FP = 18, 28  # 1-based: gcc's use after free; its uninitialised read of `cost`
MOVE = "17:19"  # `free(old);` moved below the use (line 19), then saved
UAF = "-Wanalyzer-use-after-free"
UNINIT = "-Wanalyzer-use-of-uninitialized-value"


@pytest.fixture()
def cproj(tmp_path: Path, need: Callable[[str], str]) -> Path:
    """A private copy of the C example project as a developer has it: its code, no scanner reports (and gcc
    on PATH: the server runs it)."""
    need("gcc")
    dest = tmp_path / "cproj"
    shutil.copytree(
        ROOT / "tests" / "fixtures" / "projects" / "cproj", dest, ignore=shutil.ignore_patterns("findings")
    )
    return dest


def _drive(argv: list[str], cproj: Path, server_command: list[str], tmp_path: Path) -> dict[str, object]:
    """Run a client's driver script (tests/editors/*_c.*) on the project; what it saw."""
    result = tmp_path / "result.json"
    env = {
        **os.environ,
        # the clients find `sastls` on PATH, as the README sets them up
        "PATH": f"{Path(server_command[0]).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "SASTLS_PLUGIN": str(ROOT / "editors" / "neovim"),
        "SASTLS_EL": str(ROOT / "editors" / "emacs" / "sastls.el"),
        "SASTLS_FILE": str(cproj / FILE),
        "SASTLS_ROOT": str(cproj),
        "SASTLS_TP_LINE": str(TP),
        "SASTLS_FP_LINE": str(FP),
        "SASTLS_MOVE": MOVE,
        "SASTLS_OUT": str(result),
        "HOME": str(tmp_path),  # no user configuration
    }
    proc = subprocess.run(argv, cwd=cproj, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert result.exists(), (proc.stdout[-2000:], proc.stderr[-2000:])
    seen: dict[str, object] = json.loads(result.read_text())
    assert "error" not in seen, (seen, proc.stderr[-2000:])
    return seen


def _check_hovers(seen: dict[str, object]) -> None:
    """The verdict and its justification (Markdown in Neovim and Emacs, rendered in VS Code)."""
    hover_tp, hover_fp = (str(seen[k]).replace("`", "") for k in ("hover_tp", "hover_fp"))
    assert "True positive · confidence" in hover_tp and "Decided by heuristic" in hover_tp, hover_tp
    assert "old is already released when line 18 runs" in hover_tp, hover_tp
    assert "False positive · confidence" in hover_fp and "cost is assigned on every path" in hover_fp, (
        hover_fp
    )


def _check_rescan(seen: dict[str, object], uaf: str, cproj: Path) -> None:
    """After the edit and the save: gcc ran again, the use after free is gone (the false positive stays)."""
    assert uaf in str(seen["before_save"]), seen  # the edit alone does not drop the finding: the scan does
    assert seen["rescanned"] is True, seen
    assert uaf not in str(seen["after_save"]), seen
    assert "    free(old);\n    return 0;" in (cproj / FILE).read_text()  # what was saved
    if "fp_after" in seen:  # Neovim, Emacs: the false positive's diagnostic as it was
        assert seen["fp_after"] == seen["fp"] and f"{FP} {UNINIT}" in str(seen["after_save"]), seen
    else:  # VS Code: a hint is not in the Problems panel; its hover is the check
        assert "False positive · confidence" in str(seen["hover_fp_after"]), seen


def test_c_file_in_neovim_with_default_settings(
    cproj: Path, server_command: list[str], tmp_path: Path, need: Callable[[str], str]
) -> None:
    nvim = need("nvim")
    script = Path(__file__).with_name("nvim_c.lua")
    seen = _drive(
        [nvim, "--headless", "-u", "NONE", "-c", f"luafile {script}"], cproj, server_command, tmp_path
    )
    assert seen["filetype"] == "c" and seen["attached"] is True and seen["judged"] is True, seen
    tp, fp = seen["tp"], seen["fp"]
    assert isinstance(tp, list) and isinstance(fp, list)
    assert any(
        d["code"] == UAF and "[likely true positive" in d["message"] and d["severity"] == 2 for d in tp
    ), tp
    (uninit,) = fp
    assert uninit["code"] == UNINIT and "[likely false positive" in uninit["message"], fp
    assert uninit["severity"] == 4, "a false positive is a hint (vim.diagnostic.severity.HINT)"
    _check_hovers(seen)
    _check_rescan(seen, UAF, cproj)


def test_c_file_in_emacs_with_default_settings(
    cproj: Path, server_command: list[str], tmp_path: Path, need: Callable[[str], str]
) -> None:
    emacs = need("emacs")
    script = Path(__file__).with_name("emacs_c.el")
    seen = _drive([emacs, "--batch", "-l", str(script)], cproj, server_command, tmp_path)
    assert seen["mode"] == "c-mode" and seen["connected"] is True and seen["judged"] is True, seen
    tp, fp = str(seen["tp"]), str(seen["fp"])
    assert UAF in tp and "[likely true positive" in tp and "eglot-warning" in tp, tp
    assert UNINIT in fp and "[likely false positive" in fp, fp
    assert "eglot-note" in fp, "a false positive is a hint: eglot shows it as a note, not a warning"
    _check_hovers(seen)
    _check_rescan(seen, UAF, cproj)


def test_c_file_in_vscode_with_default_settings(run_e2e: E2ERunner, cproj: Path, output_dir: Path) -> None:
    """The extension's only setting here is where the server is: everything else is its default."""
    out = output_dir / "vscode-c"
    scenario = ("--scenario", "c", "--tp", str(TP), "--fp", str(FP), "--move", MOVE)
    run_e2e("code-server.mjs", cproj, out, "--open", FILE, *scenario)
    seen = json.loads((out / "result.json").read_text())
    problems = seen["problems"]
    assert "use after 'free' of 'old'" in problems and "[likely true positive" in problems, problems
    assert "uninitialized value 'cost'" not in problems, (
        "a false positive (a hint) is not in the Problems panel"
    )
    _check_hovers(seen)
    _check_rescan(seen, "use after 'free' of 'old'", cproj)
