"""The enclosing function of a line, for fingerprints and the pre-fetch.

``enclosing_span`` answers from the same tree-sitter summaries as the workspace
index (:mod:`.symbols`), for text that is not (or not yet) in an index. Summaries
are cached by content hash, so many findings in one file parse it once.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict

from .languages import language_for, parse
from .symbols import FUNCTION_KINDS, FileSummary, summarize

_CACHE_SIZE = 128
_cache: OrderedDict[tuple[str, str], FileSummary] = OrderedDict()
_lock = threading.Lock()


def summary_of(path: str, data: bytes) -> FileSummary | None:
    """The (cached) summary of ``data`` as the file ``path``; None for unsupported languages."""
    lang = language_for(path, data)
    if lang is None:
        return None
    key = (lang, hashlib.blake2b(data, digest_size=16).hexdigest())
    with _lock:
        hit = _cache.get(key)
        if hit is not None:
            _cache.move_to_end(key)
            return hit
    summary = summarize(path, lang, data, parse(data, lang), key[1])
    with _lock:
        _cache[key] = summary
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return summary


def enclosing_span(path: str, text: str, line: int) -> tuple[int, int] | None:
    """1-based inclusive line span of the innermost function or method around ``line``, or None."""
    summary = summary_of(path, text.encode("utf-8", "surrogateescape"))
    if summary is None:
        return None
    sym = summary.enclosing(line, FUNCTION_KINDS)
    return (sym.start_line, sym.end_line) if sym is not None else None
