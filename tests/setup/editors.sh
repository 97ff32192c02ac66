#!/usr/bin/env bash
# The editors and the browser that `make test`'s end-to-end tests drive (headless Neovim, Emacs with
# eglot, Chromium for VS Code in code-server and the HTML report), what code-server's set-up builds
# with, and gcc for the C tests.
#
# tests/setup/*.sh are run by `make test` before the tests, in name order: add a script here for
# anything else a test needs beyond the venv (an external corpus, a tool in its own venv). Each one
# says in one line what it installs, and exits 0 when it cannot: the tests that need the thing are
# then skipped with the reason (tests/conftest.py: `need`), and the end of the run lists them.
#
# As root with apt-get (CI, a fresh machine): installs what is missing. Otherwise, or with
# SASTLS_NO_INSTALL=1: installs nothing and says what is missing.
set -u
# Node.js 20 comes from tests/setup/node.sh (PyPI, no root needed).
need=()
command -v nvim >/dev/null 2>&1 || need+=(neovim)
if ! command -v emacs >/dev/null 2>&1; then
  need+=(emacs-nox elpa-eglot)
elif ! emacs --batch -q --eval "(require 'eglot)" >/dev/null 2>&1; then
  need+=(elpa-eglot)
fi
command -v chromium >/dev/null 2>&1 || [ -n "${CHROMIUM:-}" ] || need+=(chromium)
# code-server's set-up (editors/vscode/test/e2e/code-server-setup.sh) builds its native addons from source
# (g++, make, Kerberos headers) and uses the machine's ripgrep instead of downloading one.
command -v rg >/dev/null 2>&1 || need+=(ripgrep)
command -v gcc >/dev/null 2>&1 || need+=(gcc)  # the C tests: gcc -fanalyzer, compiling a fix's tests
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v make >/dev/null 2>&1 || need+=(make)
[ -f /usr/include/gssapi/gssapi.h ] || need+=(libkrb5-dev)
[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && [ -z "${SASTLS_NO_INSTALL:-}" ]; then
  echo "make test: installing with apt-get what the editor and C tests need: ${need[*]}" >&2
  if apt-get update -qq >/dev/null 2>&1 &&
     DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null 2>&1; then
    exit 0
  fi
  echo "make test: apt-get could not install ${need[*]}: the tests that need them will be skipped" >&2
else
  echo "make test: not installed: ${need[*]} (as root, make test installs them with apt-get);" \
       "the tests that need them will be skipped" >&2
fi
exit 0
