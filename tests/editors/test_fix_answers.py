"""Every answer to "Fix (verified)" that is not a verified fix is told to the user in Neovim and Emacs,
and none of them asks to apply or edits anything: a fix already running, a cancelled one, an error, one
that did not verify, no answer at all. (A run where nobody was asked used to end silently for
"running" and "cancelled".) The real clients' code, loaded headless; no server needed (about 1 s each)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.editor

ANSWERS: list[dict[str, object] | None] = [
    {"status": "running", "fingerprint": "f"},
    {"status": "cancelled", "fingerprint": "f"},
    {"status": "error", "fingerprint": "f", "message": "the worker process stopped"},
    {"status": "done", "verified": False, "stop_reason": "no offline rewrite verified", "edit": None},
    None,
]
EXPECTED = [
    "already running",
    "cancelled",
    "the worker process stopped",
    "no offline rewrite verified",
    "no answer",
]

NVIM = """
vim.opt.runtimepath:prepend(os.getenv("SASTLS_PLUGIN"))
local fix = require("sastls.fix")
local out = {}
fix.ask = function() out.asked = true return true end
vim.lsp.util.apply_workspace_edit = function() out.edited = true end
for i, answer in ipairs(vim.fn.json_decode(os.getenv("ANSWERS"))) do
  local told = {}
  vim.notify = function(msg) table.insert(told, msg) end
  local applied = fix.present(answer, nil)
  out[tostring(i)] = { told = told, applied = applied }
end
local f = io.open(os.getenv("OUT"), "w")
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd("qa!")
"""

EMACS = """
(require 'json)
(load (expand-file-name "sastls-fix.el" (getenv "SASTLS_EMACS")) nil t)
(defvar out nil)
(defvar told nil)
(advice-add 'message :before (lambda (fmt &rest args) (when fmt (push (apply #'format fmt args) told))))
(fset 'y-or-n-p (lambda (&rest _) (push (cons 'asked t) out) t))
(fset 'eglot--apply-workspace-edit (lambda (&rest _) (push (cons 'edited t) out)))
(let ((i 0))
  (dolist (answer (append (let ((json-object-type 'plist) (json-false :json-false) (json-null nil))
                            (json-read-from-string (getenv "ANSWERS")))
                          nil))
    (setq told nil i (1+ i))
    (let ((applied (sastls-fix-present answer)))
      (push (cons (intern (number-to-string i)) (list (cons 'told (vconcat told)) (cons 'applied applied)))
            out))))
(with-temp-file (getenv "OUT") (insert (json-encode out)))
(kill-emacs 0)
"""


def _check(seen: dict[str, object]) -> None:
    assert "asked" not in seen and "edited" not in seen, seen
    for i, want in enumerate(EXPECTED, 1):
        got = seen[str(i)]
        assert isinstance(got, dict) and not got["applied"], (want, got)
        assert any(want in str(t) for t in got["told"]), (want, got)


def _env(tmp_path: Path) -> dict[str, str]:
    import os

    return {
        **os.environ,
        "HOME": str(tmp_path),
        "ANSWERS": json.dumps(ANSWERS),
        "OUT": str(tmp_path / "out.json"),
        "SASTLS_PLUGIN": str(ROOT / "editors" / "neovim"),
        "SASTLS_EMACS": str(ROOT / "editors" / "emacs"),
    }


def test_neovim_tells_every_answer_that_is_not_a_verified_fix(
    tmp_path: Path, need: Callable[[str], str]
) -> None:
    nvim = need("nvim")
    script = tmp_path / "answers.lua"
    script.write_text(NVIM)
    proc = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-c", f"luafile {script}"],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (tmp_path / "out.json").exists(), proc.stderr[-2000:]
    _check(json.loads((tmp_path / "out.json").read_text()))


def test_emacs_tells_every_answer_that_is_not_a_verified_fix(
    tmp_path: Path, need: Callable[[str], str]
) -> None:
    emacs = need("emacs")
    script = tmp_path / "answers.el"
    script.write_text(EMACS)
    proc = subprocess.run(
        [emacs, "--batch", "-l", str(script)],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (tmp_path / "out.json").exists(), proc.stderr[-2000:]
    _check(json.loads((tmp_path / "out.json").read_text()))
