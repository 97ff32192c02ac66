"""Seeded, deterministic fuzzing of every findings reader (issue 16).

Thousands of malformed inputs, generated from one valid file per format (``corpus.py``): a
value of the wrong type in every field, truncation at every structural position, byte flips,
every encoding, deep nesting, huge sizes, hostile paths; and Hypothesis (derandomized, no
database) for arbitrary values and bytes. For each input: no exception, no internal error
(the readers' last-resort guards must never fire), every problem reported as
``FILE: WHERE: error|warning: message``, and no valid record lost: every record the mutation
did not touch (or touched only in a field it can do without) is loaded.
"""

from __future__ import annotations

import copy
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sastls.analyzers.findings.load import read_findings_bytes

sys.path.insert(0, str(Path(__file__).parent))
import fuzz_corpus as C

SEED = 16
WRONG: list[Any] = [None, True, 7, -1, 1.5, "x", "", [], {}, [1, "a"], {"k": [1]}, 2**70]
INTERNAL = ("internal error", "could not be read (")
WHERE = re.compile(r"^(\$.*|line \d+|/results.*)$")
COUNT: Counter[str] = Counter()

FUZZ_SETTINGS = settings(
    derandomize=True, database=None, deadline=None, max_examples=150,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)  # fmt: skip


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return C.workspace(tmp_path_factory.mktemp("fuzz-ws"))


def read(ws: Path, fmt: str, data: bytes, family: str) -> set[str]:
    """The rule ids loaded from ``data``, after checking that reading behaved."""
    COUNT[family] += 1
    name = C.NAMES[fmt]
    findings, errors, _fmt = read_findings_bytes(data, name, ws)
    for e in errors:
        assert not any(m in e.message for m in INTERNAL), f"{family}: unforeseen failure: {e}"
        assert e.severity in ("error", "warning") and e.file == name
        assert WHERE.match(e.where), f"{family}: where {e.where!r}"
        assert str(e).startswith(f"{name}: {e.where}: {e.severity}: ")
    for f in findings:
        json.dumps(f.to_dict(), ensure_ascii=False).encode("utf-8")  # printable and serializable
        assert 1 <= f.line < 2**31 and len(f.path) <= 4096
    return {f.rule_id for f in findings}


def all_rules(fmt: str) -> set[str]:
    return {C.rule(fmt, i) for i in range(C.N)}


def dump(doc: Any, pretty: bool) -> bytes:
    return json.dumps(doc, indent=2 if pretty else None).encode()


def test_the_seeds_load_whole(ws: Path) -> None:
    for fmt, make in C.JSON_DOCS.items():
        for pretty in (False, True):
            assert read(ws, fmt, dump(make(), pretty), "seed") == all_rules(fmt), fmt
    for fmt, text in C.TEXT_DOCS.items():
        assert read(ws, fmt, text().encode(), "seed") == all_rules(fmt), fmt


# ---- wrong type for every field ----------------------------------------------------------------


@pytest.mark.parametrize("fmt", list(C.JSON_DOCS))
def test_a_wrong_type_in_every_field(ws: Path, fmt: str) -> None:
    seed = C.JSON_DOCS[fmt]()
    records = C.RECORDS[fmt]
    target = (*records, 2)
    ancestors = {records[:k] for k in range(len(records) + 1)}
    for path in list(C.paths(seed)):
        inside = path[: len(records)] == records and len(path) > len(records)
        if inside and path[: len(target)] != target:
            continue  # one record stands for all: record 2
        for value in WRONG:
            doc = C.set_path(copy.deepcopy(seed), path, copy.deepcopy(value))
            got = read(ws, fmt, dump(doc, pretty=False), "wrong type")
            if path in ancestors:
                continue  # the records' own container is gone: nothing to keep
            want = all_rules(fmt)
            if inside and (path == target or path[len(target) :] in C.ESSENTIAL[fmt]):
                want.discard(C.rule(fmt, 2))
            assert want <= got, (fmt, path, value, sorted(want - got))


@pytest.mark.parametrize("fmt", ["cppcheck-xml"])
def test_bad_attribute_values(ws: Path, fmt: str) -> None:
    text = C.cppcheck_xml()
    attrs = list(re.finditer(r'(\w+)="([^"]*)"', text))
    for m in attrs:
        for bad in ("", "x", "-5", "1.5", "9" * 30, "&amp;&lt;", "²", "\u202e"):
            value = bad.replace('"', "")
            data = (text[: m.start(2)] + value + text[m.end(2) :]).encode()
            got = read(ws, fmt, data, "wrong type")
            in_error = text.rfind("<error ", 0, m.start())
            which = int(re.search(r'id="R(\d)"', text[in_error:]).group(1)) if in_error >= 0 else None
            want = all_rules(fmt) - ({f"R{which}"} if which is not None else set())
            if m.group(1) == "version" or in_error < 0:
                want = set() if m.group(1) != "version" else want
            assert want <= got, (m.group(0), bad)


# ---- truncation at every structural position -----------------------------------------------------


@pytest.mark.parametrize("fmt", list(C.JSON_DOCS))
@pytest.mark.parametrize("pretty", [False, True])
def test_truncation_at_every_structural_position(ws: Path, fmt: str, pretty: bool) -> None:
    text = dump(C.JSON_DOCS[fmt](), pretty).decode()
    spans = C.spans(text, fmt)
    cuts = [i + 1 for i, ch in enumerate(text) if ch in "{}[],:"] + [
        i for i, ch in enumerate(text) if ch == '"'
    ]
    if pretty:
        cuts = cuts[::3]
    for cut in sorted(set(cuts)):
        got = read(ws, fmt, text[:cut].encode(), "truncation")
        complete = {C.rule(fmt, i) for i, (_s, e) in enumerate(spans) if e <= cut}
        if fmt == "gcc-json" and len(complete) < C.N:
            complete -= {C.rule(fmt, C.N - 1)}
        assert complete <= got, (fmt, pretty, cut, text[max(0, cut - 30) : cut], sorted(complete - got))


@pytest.mark.parametrize("fmt", list(C.TEXT_DOCS))
def test_truncation_of_text_formats(ws: Path, fmt: str) -> None:
    text = C.TEXT_DOCS[fmt]()
    ends = [m.end() for m in re.finditer(r"</error>\n" if fmt == "cppcheck-xml" else r"\n\n", text)]
    cuts = [i for i, ch in enumerate(text) if ch in '<>\n" ']
    for cut in cuts:
        got = read(ws, fmt, text[:cut].encode(), "truncation")
        complete = {f"R{i}" for i, end in enumerate(ends) if end <= cut}
        assert complete <= got, (fmt, cut, sorted(complete - got))


# ---- byte flips ------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", [*C.JSON_DOCS, *C.TEXT_DOCS])
def test_byte_flips(ws: Path, fmt: str) -> None:
    rng = random.Random(f"{SEED}-{fmt}")
    pretty = fmt != "gcc-json"
    text = dump(C.JSON_DOCS[fmt](), pretty).decode() if fmt in C.JSON_DOCS else C.TEXT_DOCS[fmt]()
    data = text.encode()
    spans = C.spans(text, fmt) if fmt in C.JSON_DOCS else None
    for n in range(120):
        buf = bytearray(data)
        if spans is not None and n % 2 == 0:
            k = rng.randrange(C.N)
            start, end = spans[k]
            pos = rng.randrange(start + 1, end - 1)
        else:
            k, pos = None, rng.randrange(len(buf))
        buf[pos] = rng.choice(
            [0, 0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0xFF, 0xC3, rng.randrange(256)]
        )
        got = read(ws, fmt, bytes(buf), "byte flip")
        if k is not None and fmt != "gcc-json":
            want = all_rules(fmt) - {C.rule(fmt, k)}
            assert want <= got, (fmt, k, pos, bytes(buf[max(0, pos - 20) : pos + 20]), sorted(want - got))


# ---- encodings, depth, size, hostile paths ----------------------------------------------------------


@pytest.mark.parametrize("fmt", [*C.JSON_DOCS, *C.TEXT_DOCS])
@pytest.mark.parametrize(
    "encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"]
)
def test_encodings(ws: Path, fmt: str, encoding: str) -> None:
    text = dump(C.JSON_DOCS[fmt](), True).decode() if fmt in C.JSON_DOCS else C.TEXT_DOCS[fmt]()
    if fmt == "cppcheck-xml":
        text = text.replace('encoding="UTF-8"', f'encoding="{encoding.upper()}"')
    assert read(ws, fmt, text.encode(encoding), "encoding") == all_rules(fmt), encoding


def _record_field(fmt: str) -> tuple[Any, ...]:
    return {
        "sarif": (*C.RECORDS["sarif"], 3, "properties", "blob"),
        "semgrep": ("results", 3, "extra", "metadata", "blob"),
        "bandit": ("results", 3, "blob"),
        "csgrep-json": ("defects", 3, "blob"),
        "gcc-json": (3, "blob"),
    }[fmt]


@pytest.mark.parametrize("fmt", list(C.JSON_DOCS))
@pytest.mark.parametrize("depth", [10, 63, 64, 65, 200, 999, 5000, 100_000])
def test_depth(ws: Path, fmt: str, depth: int) -> None:
    doc = C.JSON_DOCS[fmt]()
    text = json.dumps(C.set_path(doc, _record_field(fmt), "@@"))
    deep = "[" * depth + "]" * depth if depth % 2 else '{"a":' * depth + "1" + "}" * depth
    assert read(ws, fmt, text.replace('"@@"', deep).encode(), "depth") == all_rules(fmt)


@pytest.mark.parametrize("fmt", list(C.JSON_DOCS))
def test_size(ws: Path, fmt: str) -> None:
    for size in (70_000, 2_000_000):
        doc = C.set_path(C.JSON_DOCS[fmt](), _record_field(fmt), "y" * size)
        assert read(ws, fmt, json.dumps(doc).encode(), "size") == all_rules(fmt)
    doc = C.JSON_DOCS[fmt]()
    message = {
        "sarif": (*C.RECORDS["sarif"], 3, "message", "text"),
        "semgrep": ("results", 3, "extra", "message"),
        "bandit": ("results", 3, "issue_text"),
        "csgrep-json": ("defects", 3, "events", 0, "message"),
        "gcc-json": (3, "message"),
    }[fmt]
    C.set_path(doc, message, "m" * 1_000_000)
    assert read(ws, fmt, json.dumps(doc).encode(), "size") == all_rules(fmt)


HOSTILE_PATHS = [
    "../../../etc/passwd", "/etc/passwd", "file:///etc/passwd", "C:\\Windows\\win.ini",
    "\\\\server\\share\\a.py", "app/\x00a.py", "a" * 10_000, "%00%2e%2e/%2e%2e", "file://[x/a.py",
    "~/a.py", "app/../../x.py", "app/./a.py", "", " ", "\u202eyp.a/ppa", "app/a.py" * 600,
    "file://host/app/a.py", "/" * 5000, "app/a.py\n",
]  # fmt: skip


@pytest.mark.parametrize("fmt", list(C.JSON_DOCS))
def test_hostile_paths(ws: Path, fmt: str) -> None:
    where = {
        "sarif": (*C.RECORDS["sarif"], 3, "locations", 0, "physicalLocation", "artifactLocation", "uri"),
        "semgrep": ("results", 3, "path"),
        "bandit": ("results", 3, "filename"),
        "csgrep-json": ("defects", 3, "events", 0, "file_name"),
        "gcc-json": (3, "locations", 0, "caret", "file"),
    }[fmt]
    for bad in HOSTILE_PATHS:
        doc = C.set_path(C.JSON_DOCS[fmt](), where, bad)
        got = read(ws, fmt, json.dumps(doc).encode(), "hostile path")
        assert all_rules(fmt) - {C.rule(fmt, 3)} <= got, bad


# ---- Hypothesis: arbitrary values and bytes ----------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@pytest.mark.parametrize("fmt", list(C.JSON_DOCS))
@FUZZ_SETTINGS
@given(data=st.data())
def test_any_value_anywhere_in_one_record(ws: Path, fmt: str, data: st.DataObject) -> None:
    seed = C.JSON_DOCS[fmt]()
    target = (*C.RECORDS[fmt], 2)
    paths = [p for p in C.paths(seed) if p[: len(target)] == target and len(p) > len(target)]
    path = data.draw(st.sampled_from(paths))
    value = data.draw(JSON_VALUES)
    got = read(ws, fmt, json.dumps(C.set_path(seed, path, value)).encode(), "hypothesis value")
    assert all_rules(fmt) - {C.rule(fmt, 2)} <= got


@pytest.mark.parametrize("fmt", [*C.JSON_DOCS, *C.TEXT_DOCS])
@FUZZ_SETTINGS
@given(blob=st.binary(max_size=300), at=st.floats(min_value=0, max_value=1))
def test_arbitrary_bytes_spliced_in(ws: Path, fmt: str, blob: bytes, at: float) -> None:
    text = dump(C.JSON_DOCS[fmt](), False) if fmt in C.JSON_DOCS else C.TEXT_DOCS[fmt]().encode()
    pos = int(at * len(text))
    read(ws, fmt, text[:pos] + blob + text[pos:], "hypothesis bytes")


def test_zz_the_suite_generated_more_than_a_thousand_inputs() -> None:
    """Runs last in this module (pytest keeps file order): the count of inputs read above."""
    total = sum(COUNT.values())
    print(f"\nfuzz inputs read: {total} ({', '.join(f'{k} {v}' for k, v in sorted(COUNT.items()))})")
    assert total >= 1000 or total == 0  # 0: run alone (-k), nothing to count
