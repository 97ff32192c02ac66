"""Scoring a triage against an external corpus manifest: labels on (tree, file, line, tool, rule).

An external corpus (tests/external/manifest.toml) lists advisories of public packages; each names
the last vulnerable and the first fixed release (two *trees*, the unpacked sdists, called
``<package>-<version>``) and *cases*: a statement the fix changed or neutralised. A scanner finding
on a case's statement in the vulnerable tree is **real** (label true); a finding that is still
reported on the same statement in the fixed tree, which the fix made safe, is **false**. Every other
finding is unlabelled and not scored.

Pure functions, no I/O: ``parse_manifest`` reads the TOML text, ``labels`` flattens it,
``score`` does the arithmetic over ``{LabelKey: verdict}``. Figures, overall and per weakness
class: recall on real findings (a real finding is *lost* only when judged FALSE_POSITIVE), the
share of false findings dropped (judged FALSE_POSITIVE), and the NEEDS_REVIEW share of all
labelled findings; plus the lists of lost real findings, kept false ones, NEEDS_REVIEW ones and
labelled findings absent from the results.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .evaluate import Observation

#: Weakness classes an advisory may name (the analyst's family names, plus tmpfile).
CLASSES = (
    "path",
    "command",
    "code",
    "sql",
    "xss",
    "xxe",
    "deserialization",
    "ssrf",
    "redirect",
    "weak_hash",
    "weak_random",
    "tls",
    "tmpfile",
    # C (the external C corpus, tests/external/c_manifest.toml): the analyst's C families
    "buffer",
    "int_overflow",
    "null_deref",
    "use_after_free",
    "double_free",
    "uninit",
    "leak",
    "format_string",
)
TOOLS = ("bandit", "semgrep", "cppcheck", "flawfinder", "gcc", "clang")
_ADVISORY_ID = re.compile(r"^(PYSEC-\d{4}-\d+|GHSA(-[23456789cfghjmpqrvwx]{4}){3})$")
_ALIAS = re.compile(r"^(CVE-\d{4}-\d{4,}|GHSA(-[23456789cfghjmpqrvwx]{4}){3}|PYSEC-\d{4}-\d+|OSV-\d{4}-\d+)$")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_RULE = re.compile(r"^(bandit|semgrep|cppcheck|flawfinder|gcc|clang):[\w.\-]+$")
_HUNK = re.compile(r"^\S+ @@ -\d+(,\d+)? \+\d+(,\d+)? @@$")
_NORMALIZE = re.compile(r"[-_.]+")


def tree_name(package: str, version: str) -> str:
    """The folder a release is unpacked to: PEP 503 normalised name, '-', the version as pinned."""
    return f"{_NORMALIZE.sub('-', package).lower()}-{version}"


@dataclass(frozen=True)
class Release:
    version: str
    sha256: str


@dataclass(frozen=True)
class CaseEntry:
    file: str
    vulnerable_line: int
    vulnerable_rules: tuple[str, ...]
    why: str
    fixed_file: str
    fixed_line: int | None
    fixed_rules: tuple[str, ...]
    fix_hunk: str = ""  # "<path in the fix commit> @@ -a,b +c,d @@": the hunk that changed or neutralised it


@dataclass(frozen=True)
class Advisory:
    id: str
    aliases: tuple[str, ...]
    package: str
    klass: str
    cwe: int
    fix_commit: str
    vulnerable: Release
    fixed: Release
    files: tuple[str, ...]
    cases: tuple[CaseEntry, ...]

    @property
    def vulnerable_tree(self) -> str:
        return tree_name(self.package, self.vulnerable.version)

    @property
    def fixed_tree(self) -> str:
        return tree_name(self.package, self.fixed.version)

    @property
    def cve(self) -> str | None:
        return next((a for a in self.aliases if a.startswith("CVE-")), None)


@dataclass(frozen=True)
class Manifest:
    advisories: tuple[Advisory, ...]

    def trees(self) -> dict[str, tuple[str, Release, tuple[str, ...]]]:
        """tree name -> (package, release, files to scan) over every advisory."""
        out: dict[str, tuple[str, Release, tuple[str, ...]]] = {}
        for adv in self.advisories:
            for name, rel, files in (
                (adv.vulnerable_tree, adv.vulnerable, adv.files),
                (adv.fixed_tree, adv.fixed, adv.files + tuple(c.fixed_file for c in adv.cases)),
            ):
                _, _, known = out.get(name, (adv.package, rel, ()))
                out[name] = (adv.package, rel, tuple(dict.fromkeys(known + files)))
        return out


@dataclass(frozen=True)
class LabelKey:
    tree: str
    file: str
    line: int
    tool: str  # bandit | semgrep
    rule: str


@dataclass(frozen=True)
class Label:
    key: LabelKey
    real: bool
    advisory: str
    klass: str
    why: str


# --------------------------------------------------------------------------- the manifest


def _str(d: Mapping[str, Any], key: str, where: str, errors: list[str]) -> str:
    v = d.get(key)
    if not isinstance(v, str) or not v.strip():
        errors.append(f"{where}: '{key}' must be a non-empty string")
        return ""
    return v.strip()


def _positive(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 1 else None


def _rules(v: Any, where: str, errors: list[str]) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        errors.append(f"{where}: must be a list of 'tool:rule' strings")
        return ()
    bad = [x for x in v if not _RULE.match(x)]
    if bad:
        errors.append(f"{where}: not 'TOOL:ID' with TOOL one of {', '.join(TOOLS)}: {bad}")
    return tuple(x for x in v if _RULE.match(x))


def _release(d: Any, where: str, errors: list[str]) -> Release:
    if not isinstance(d, dict):
        errors.append(f"{where}: must be a table with version and sha256")
        return Release("", "")
    version = _str(d, "version", where, errors)
    sha = _str(d, "sha256", where, errors).lower()
    if sha and not _SHA256.match(sha):
        errors.append(f"{where}.sha256: not a sha256 hex digest")
    return Release(version, sha)


def _case(d: Any, where: str, errors: list[str]) -> CaseEntry | None:
    if not isinstance(d, dict):
        errors.append(f"{where}: must be a table")
        return None
    n = len(errors)
    file = _str(d, "file", where, errors)
    line = _positive(d.get("vulnerable_line"))
    if line is None:
        errors.append(f"{where}.vulnerable_line: must be a positive integer")
    rules = _rules(d.get("vulnerable_rules"), f"{where}.vulnerable_rules", errors)
    if not rules:
        errors.append(f"{where}.vulnerable_rules: at least one rule")
    why = _str(d, "why", where, errors)
    fixed_line = d.get("fixed_line")
    fixed_rules: tuple[str, ...] = ()
    if fixed_line is not None:
        if not isinstance(fixed_line, int) or isinstance(fixed_line, bool) or fixed_line < 1:
            errors.append(f"{where}.fixed_line: must be a positive integer")
        fixed_rules = _rules(d.get("fixed_rules"), f"{where}.fixed_rules", errors)
        if not fixed_rules:
            errors.append(f"{where}.fixed_rules: at least one rule when fixed_line is given")
    elif d.get("fixed_rules"):
        errors.append(f"{where}.fixed_rules: given without fixed_line")
    hunk = d.get("fix_hunk", "")
    if not isinstance(hunk, str) or (hunk and not _HUNK.match(hunk)):
        errors.append(f"{where}.fix_hunk: must be '<path> @@ -a,b +c,d @@' (the fix commit's hunk)")
        hunk = ""
    fixed_file = d.get("fixed_file", file)
    if not isinstance(fixed_file, str) or not fixed_file:
        errors.append(f"{where}.fixed_file: must be a non-empty string")
        fixed_file = file
    for p in (file, fixed_file):
        if p.startswith("/") or ".." in p.split("/"):
            errors.append(f"{where}: path {p!r} must be relative to the release's top folder")
    if len(errors) > n or line is None:
        return None
    return CaseEntry(file, line, rules, why, fixed_file, fixed_line, fixed_rules, hunk)


def _advisory(d: Any, where: str, errors: list[str]) -> Advisory | None:
    if not isinstance(d, dict):
        errors.append(f"{where}: must be a table")
        return None
    n = len(errors)
    ident = _str(d, "id", where, errors)
    if ident and not _ADVISORY_ID.match(ident):
        errors.append(f"{where}.id: {ident!r} is not a PYSEC or GHSA id")
    where = f"{where} ({ident})" if ident else where
    aliases = d.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and _ALIAS.match(a) for a in aliases):
        errors.append(f"{where}.aliases: must be a list of CVE/GHSA/PYSEC ids")
        aliases = []
    package = _str(d, "package", where, errors)
    klass = _str(d, "class", where, errors)
    if klass and klass not in CLASSES:
        errors.append(f"{where}.class: {klass!r} is not one of {', '.join(CLASSES)}")
    cwe = _positive(d.get("cwe"))
    if cwe is None:
        errors.append(f"{where}.cwe: must be a positive integer")
    commit = _str(d, "fix_commit", where, errors)
    if commit and not re.match(r"^https://[\w.\-]+/.+/commit/[0-9a-f]{7,40}$", commit):
        errors.append(f"{where}.fix_commit: {commit!r} is not a commit URL")
    vulnerable = _release(d.get("vulnerable"), f"{where}.vulnerable", errors)
    fixed = _release(d.get("fixed"), f"{where}.fixed", errors)
    if vulnerable.version and vulnerable.version == fixed.version:
        errors.append(f"{where}: the vulnerable and fixed versions are the same")
    files = d.get("files")
    if not isinstance(files, list) or not files or not all(isinstance(f, str) and f for f in files):
        errors.append(f"{where}.files: must be a non-empty list of paths")
        files = []
    raw_cases = d.get("case")
    if not isinstance(raw_cases, list) or not raw_cases:
        errors.append(f"{where}: needs at least one [[advisory.case]]")
        raw_cases = []
    cases = [_case(c, f"{where}.case[{i}]", errors) for i, c in enumerate(raw_cases)]
    for c in cases:
        if c is not None and c.file not in files:
            errors.append(f"{where}: case file {c.file!r} is not in files")
    if len(errors) > n or cwe is None:
        return None
    return Advisory(
        ident,
        tuple(aliases),
        package,
        klass,
        cwe,
        commit,
        vulnerable,
        fixed,
        tuple(files),
        tuple(c for c in cases if c is not None),
    )


def parse_manifest(text: str) -> tuple[Manifest, list[str]]:
    """The manifest from its TOML text; problems as messages naming the advisory and key.

    An advisory with a problem is left out (the rest still count)."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return Manifest(()), [f"not valid TOML: {exc}"]
    errors: list[str] = []
    raw = doc.get("advisory")
    if not isinstance(raw, list) or not raw:
        return Manifest(()), ["no [[advisory]] tables"]
    advisories: list[Advisory] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        adv = _advisory(item, f"advisory[{i}]", errors)
        if adv is None:
            continue
        if adv.id in seen:
            errors.append(f"advisory[{i}] ({adv.id}): duplicate id (first one kept)")
            continue
        seen.add(adv.id)
        advisories.append(adv)
    # one release, one sha256, whichever advisory names it
    pins: dict[str, str] = {}
    for adv in advisories:
        for name, rel in ((adv.vulnerable_tree, adv.vulnerable), (adv.fixed_tree, adv.fixed)):
            if pins.setdefault(name, rel.sha256) != rel.sha256:
                errors.append(f"{adv.id}: {name} is pinned to two different sha256 digests")
    return Manifest(tuple(advisories)), errors


def labels(manifest: Manifest) -> tuple[list[Label], list[str]]:
    """Every labelled finding; a key labelled both ways is an error and left out."""
    out: dict[LabelKey, Label] = {}
    errors: list[str] = []
    for adv in manifest.advisories:
        for case in adv.cases:
            sides = [(adv.vulnerable_tree, case.file, case.vulnerable_line, case.vulnerable_rules, True)]
            if case.fixed_line is not None:
                sides.append((adv.fixed_tree, case.fixed_file, case.fixed_line, case.fixed_rules, False))
            for tree, file, line, rules, real in sides:
                for rule in rules:
                    tool, rule_id = rule.split(":", 1)
                    key = LabelKey(tree, file, line, tool, rule_id)
                    prior = out.get(key)
                    if prior is not None and prior.real != real:
                        errors.append(f"{adv.id}: {tree}/{file}:{line} {rule} is labelled both ways")
                        del out[key]
                        continue
                    out.setdefault(key, Label(key, real, adv.id, adv.klass, case.why))
    return list(out.values()), errors


# --------------------------------------------------------------------------- the arithmetic


def tool_of(name: str) -> str:
    """'bandit', 'semgrep', 'flawfinder', … for a SARIF driver / reader tool name (else the name
    lower-cased)."""
    low = name.lower()
    return next((t for t in TOOLS if t in low), low)


@dataclass(frozen=True)
class ClassScore:
    advisories: int
    real: int
    real_lost: int  # judged FALSE_POSITIVE
    real_review: int
    false: int
    false_dropped: int  # judged FALSE_POSITIVE
    false_review: int
    missing: int  # labelled findings absent from the results

    @property
    def recall(self) -> float | None:
        seen = self.real - self._missing_real
        return (seen - self.real_lost) / seen if seen else None

    @property
    def dropped(self) -> float | None:
        seen = self.false - self._missing_false
        return self.false_dropped / seen if seen else None

    @property
    def review_share(self) -> float | None:
        seen = self.real + self.false - self.missing
        return (self.real_review + self.false_review) / seen if seen else None

    # split of ``missing`` (kept out of the public fields: the totals above are what users read)
    _missing_real: int = field(default=0, repr=False)
    _missing_false: int = field(default=0, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "advisories": self.advisories,
            "real": self.real,
            "real_lost": self.real_lost,
            "real_needs_review": self.real_review,
            "false": self.false,
            "false_dropped": self.false_dropped,
            "false_needs_review": self.false_review,
            "missing": self.missing,
            "recall": self.recall,
            "false_dropped_share": self.dropped,
            "needs_review_share": self.review_share,
        }


@dataclass(frozen=True)
class Judged:
    label: Label
    verdict: str | None  # None: no result for it (missing)
    justification: str = ""

    def to_dict(self) -> dict[str, Any]:
        k = self.label.key
        return {
            "advisory": self.label.advisory,
            "class": self.label.klass,
            "tree": k.tree,
            "file": k.file,
            "line": k.line,
            "rule": f"{k.tool}:{k.rule}",
            "real": self.label.real,
            "verdict": self.verdict,
            "justification": self.justification,
            "why_labelled": self.label.why,
        }


@dataclass(frozen=True)
class ExternalEvaluation:
    classes: dict[str, ClassScore]
    overall: ClassScore
    judged: tuple[Judged, ...]
    unlabelled_results: int
    errors: tuple[str, ...] = ()

    def _where(self, pred: Any) -> tuple[Judged, ...]:
        return tuple(j for j in self.judged if pred(j))

    @property
    def lost(self) -> tuple[Judged, ...]:
        return self._where(lambda j: j.label.real and j.verdict == "FALSE_POSITIVE")

    @property
    def kept_false(self) -> tuple[Judged, ...]:
        return self._where(lambda j: not j.label.real and j.verdict not in (None, "FALSE_POSITIVE"))

    @property
    def needs_review(self) -> tuple[Judged, ...]:
        return self._where(lambda j: j.verdict == "NEEDS_REVIEW")

    @property
    def missing(self) -> tuple[Judged, ...]:
        return self._where(lambda j: j.verdict is None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "overall": self.overall.to_dict(),
            "classes": {k: v.to_dict() for k, v in sorted(self.classes.items())},
            "unlabelled_results": self.unlabelled_results,
            "lost_real": [j.to_dict() for j in self.lost],
            "kept_false": [j.to_dict() for j in self.kept_false],
            "needs_review": [j.to_dict() for j in self.needs_review],
            "missing": [j.to_dict() for j in self.missing],
            "findings": [j.to_dict() for j in self.judged],
            "errors": list(self.errors),
        }


def _class_score(judged: Iterable[Judged], advisories: int) -> ClassScore:
    items = list(judged)
    real = [j for j in items if j.label.real]
    false = [j for j in items if not j.label.real]
    return ClassScore(
        advisories=advisories,
        real=len(real),
        real_lost=sum(j.verdict == "FALSE_POSITIVE" for j in real),
        real_review=sum(j.verdict == "NEEDS_REVIEW" for j in real),
        false=len(false),
        false_dropped=sum(j.verdict == "FALSE_POSITIVE" for j in false),
        false_review=sum(j.verdict == "NEEDS_REVIEW" for j in false),
        missing=sum(j.verdict is None for j in items),
        _missing_real=sum(j.verdict is None for j in real),
        _missing_false=sum(j.verdict is None for j in false),
    )


def score(
    manifest: Manifest,
    verdicts: Mapping[LabelKey, tuple[str | None, str]],
    unlabelled_results: int = 0,
    errors: Iterable[str] = (),
) -> ExternalEvaluation:
    """Figures for ``verdicts``: {label key: (verdict or None when untriaged, justification)}.

    A labelled finding with no entry in ``verdicts`` is *missing* (the scanners did not report it);
    an untriaged one (verdict None) counts as kept, like NEEDS_REVIEW without the review."""
    found, label_errors = labels(manifest)
    judged = []
    for label in sorted(found, key=lambda lb: (lb.klass, lb.advisory, lb.key.tree, lb.key.file, lb.key.line)):
        entry = verdicts.get(label.key)
        if entry is None:
            judged.append(Judged(label, None))
        else:
            judged.append(Judged(label, entry[0] or "UNTRIAGED", entry[1]))
    per_class: dict[str, list[Judged]] = {}
    for j in judged:
        per_class.setdefault(j.label.klass, []).append(j)
    adv_count: dict[str, int] = {}
    for adv in manifest.advisories:
        adv_count[adv.klass] = adv_count.get(adv.klass, 0) + 1
    classes = {k: _class_score(v, adv_count.get(k, 0)) for k, v in per_class.items()}
    overall = _class_score(judged, len(manifest.advisories))
    return ExternalEvaluation(classes, overall, tuple(judged), unlabelled_results, (*label_errors, *errors))


def split_tree_path(path: str, trees: Iterable[str]) -> tuple[str, str] | None:
    """``("pkg-1.0", "pkg/x.py")`` for a result path ``[...]/pkg-1.0/pkg/x.py`` naming a known tree."""
    known = set(trees)
    parts = path.replace("\\", "/").strip("/").split("/")
    for i in range(len(parts) - 1, -1, -1):
        if parts[i] in known and i + 1 < len(parts):
            return parts[i], "/".join(parts[i + 1 :])
    return None


def verdicts_of(
    manifest: Manifest, results: Iterable[Observation]
) -> tuple[dict[LabelKey, tuple[str | None, str]], int, list[str]]:
    """Map triaged SARIF results (paths ``<tree>/<file>``) onto label keys.

    Returns the verdicts of labelled findings, the number of results no label names, and problems
    (results outside every tree of the manifest, or one labelled finding reported twice with
    different verdicts: the one that keeps the finding wins, recall first)."""
    trees = manifest.trees()
    out: dict[LabelKey, tuple[str | None, str]] = {}
    unlabelled = 0
    errors: list[str] = []
    keys = {lb.key for lb in labels(manifest)[0]}
    outside = 0
    for obs in results:
        place = split_tree_path(obs.path, trees)
        if place is None or not obs.line:
            outside += 1
            continue
        key = LabelKey(place[0], place[1], obs.line, tool_of(obs.tool), obs.rule_id)
        if key not in keys:
            unlabelled += 1
            continue
        prior = out.get(key)
        if prior is not None and prior[0] != obs.verdict and prior[0] != "FALSE_POSITIVE":
            continue  # keep the verdict that keeps the finding
        out[key] = (obs.verdict, obs.justification)
    if outside:
        errors.append(
            f"{outside} results name no tree of the manifest (paths must start with <package>-<version>/)"
        )
    return out, unlabelled, errors
