"""Which weakness family a finding belongs to: by CWE first, then by the rule id of known tools.

A family is the unit the analyst models (its sources, sanitizers, sinks and safe
variants live in one table per language). Families the analyst does not model map to
``None``: such findings end NEEDS_REVIEW, never FALSE_POSITIVE.
"""

from __future__ import annotations

import re
from typing import Final, Literal

from ...findings.model import Finding

Family = Literal[
    "sql",
    "command",
    "path",
    "xss",
    "code",
    "deserialization",
    "xxe",
    "ldap",
    "xpath",
    "redirect",
    "ssrf",
    "cookie",
    "weak_hash",
    "weak_random",
    "trust_boundary",
    "tls",
    "hardcoded_secret",
    "format_string",
    "buffer",
    "null_deref",
    "int_overflow",
    "request_timeout",
    "search_path",
    "tmpfile",
]

# Rules with nothing to disprove beyond what the scanner saw: kept as TRUE_POSITIVE.
# A temporary file named in advance (tempfile.mktemp, a fixed name under /tmp) can be created or linked
# by another user first: the code itself is the weakness.
SINKLESS_FAMILIES: Final[frozenset[str]] = frozenset({"hardcoded_secret", "tmpfile"})

CWE_FAMILY: Final[dict[int, Family]] = {
    89: "sql",
    564: "sql",
    943: "sql",
    77: "command",
    78: "command",
    88: "command",
    22: "path",
    23: "path",
    36: "path",
    73: "path",
    79: "xss",
    80: "xss",
    94: "code",
    95: "code",
    1336: "code",
    502: "deserialization",
    611: "xxe",
    776: "xxe",
    827: "xxe",
    90: "ldap",
    643: "xpath",
    601: "redirect",
    918: "ssrf",
    614: "cookie",
    1004: "cookie",
    315: "cookie",
    327: "weak_hash",
    328: "weak_hash",
    916: "weak_hash",
    330: "weak_random",
    338: "weak_random",
    501: "trust_boundary",
    295: "tls",
    259: "hardcoded_secret",
    798: "hardcoded_secret",
    134: "format_string",
    119: "buffer",
    120: "buffer",
    121: "buffer",
    122: "buffer",
    125: "buffer",
    126: "buffer",
    131: "buffer",
    170: "buffer",
    242: "buffer",
    676: "buffer",
    785: "buffer",
    787: "buffer",
    788: "buffer",
    476: "null_deref",
    690: "null_deref",
    190: "int_overflow",
    191: "int_overflow",
    680: "int_overflow",
    377: "tmpfile",
    378: "tmpfile",
    379: "tmpfile",
    426: "search_path",
    427: "search_path",
}

# Bandit test ids (https://bandit.readthedocs.io/en/latest/plugins/).
BANDIT_FAMILY: Final[dict[str, Family]] = {
    "B102": "code",
    "B307": "code",
    "B301": "deserialization",
    "B302": "deserialization",
    "B506": "deserialization",
    "B303": "weak_hash",
    "B324": "weak_hash",
    "B311": "weak_random",
    "B313": "xxe",
    "B314": "xxe",
    "B315": "xxe",
    "B316": "xxe",
    "B317": "xxe",
    "B318": "xxe",
    "B319": "xxe",
    "B320": "xxe",
    "B310": "ssrf",
    "B501": "tls",
    "B113": "request_timeout",
    "B108": "tmpfile",
    "B306": "tmpfile",
    "B105": "hardcoded_secret",
    "B106": "hardcoded_secret",
    "B107": "hardcoded_secret",
    "B602": "command",
    "B603": "command",
    "B604": "command",
    "B605": "command",
    "B606": "command",
    "B607": "search_path",
    "B609": "command",
    "B608": "sql",
    "B610": "sql",
    "B611": "sql",
    "B701": "xss",
    "B702": "xss",
    "B703": "xss",
    "B704": "xss",
}

# cppcheck error ids.
CPPCHECK_FAMILY: Final[dict[str, Family]] = {
    "nullPointer": "null_deref",
    "nullPointerRedundantCheck": "null_deref",
    "nullPointerDefaultArg": "null_deref",
    "nullPointerArithmetic": "null_deref",
    "ctunullpointer": "null_deref",
    "bufferAccessOutOfBounds": "buffer",
    "arrayIndexOutOfBounds": "buffer",
    "arrayIndexOutOfBoundsCond": "buffer",
    "outOfBounds": "buffer",
    "negativeIndex": "buffer",
    "ctuArrayIndex": "buffer",
    "bufferNotZeroTerminated": "buffer",
    "dangerousUseOfStrcpy": "buffer",
    "integerOverflow": "int_overflow",
    "integerOverflowCond": "int_overflow",
    "wrongPrintfScanfArgNum": "format_string",
}

# Words in rule ids of other tools (semgrep rule ids, flawfinder "category/function" names).
_KEYWORDS: Final[tuple[tuple[str, Family], ...]] = (
    (r"sqli|sql[-_.]?injection|sql", "sql"),
    (r"ldap", "ldap"),
    (r"xpath", "xpath"),
    (r"xxe|xml[-_.]?external|defusedxml|xml", "xxe"),
    (r"open[-_.]?redirect|redirect", "redirect"),
    (r"ssrf", "ssrf"),
    (r"path[-_.]?traversal|directory[-_.]?traversal|path[-_.]?injection", "path"),
    (r"xss|cross[-_.]?site[-_.]?scripting|autoescape|mark[-_.]?safe|raw[-_.]?html", "xss"),
    (r"deserializ|pickle|marshal|yaml[-_.]?load|unsafe[-_.]?load", "deserialization"),
    (r"code[-_.]?injection|\beval\b|eval[-_.]|exec[-_.]use|\bexec\b", "code"),
    (r"command|shell|subprocess|os[-_.]system|popen|^shell/", "command"),
    (r"cookie", "cookie"),
    (r"md5|sha1|weak[-_.]?hash|insecure[-_.]?hash", "weak_hash"),
    (r"random", "weak_random"),
    (r"trust[-_.]?boundary", "trust_boundary"),
    (r"verify|certificate|cert[-_.]?validation", "tls"),
    (r"format|printf", "format_string"),
    (r"buffer|strcpy|strcat|sprintf|memcpy|gets", "buffer"),
)

_CWE_IN_ID = re.compile(r"(?i)cwe[-_ ]?(\d{1,5})")


def family_of(finding: Finding) -> Family | None:
    """The family of ``finding``: its CWE first, else the rule id of a known tool, else None.

    Bandit is the exception: its CWE tags are coarse (every blacklisted call, ``eval`` included, is
    tagged CWE-78), so its own test id decides where it names one."""
    rule = finding.rule_id or ""
    tool = finding.tool.lower()
    code = rule.split(":", 1)[0].strip().upper()
    if tool == "bandit" and code[:4] in BANDIT_FAMILY:
        return BANDIT_FAMILY[code[:4]]
    for cwe in finding.cwe:
        fam = CWE_FAMILY.get(cwe)
        if fam is not None:
            return fam
    for m in _CWE_IN_ID.finditer(rule):
        fam = CWE_FAMILY.get(int(m.group(1)))
        if fam is not None:
            return fam
    if re.fullmatch(r"B\d{3}", code):  # a bandit id reported through another tool's output
        fam = BANDIT_FAMILY.get(code[:4])
        if fam is not None:
            return fam
    if tool == "cppcheck" or rule in CPPCHECK_FAMILY:
        fam = CPPCHECK_FAMILY.get(rule)
        if fam is not None:
            return fam
    text = " ".join(x for x in (rule, finding.rule_name or "") if x).lower()
    for pattern, fam in _KEYWORDS:
        if re.search(pattern, text):
            return fam
    return None
