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
    "sign_conversion",
    "request_timeout",
    "uninit",
    "double_free",
    "use_after_free",
    "leak",
    "stack_alloc",
    "pointer_size",
    "search_path",
    "tmpfile",
    "assertion",
    "swallowed_exception",
    "quality",
    "file_open",
    "file_race",
]

# Rules with nothing to disprove beyond what the scanner saw: kept as TRUE_POSITIVE.
# A temporary file named in advance (tempfile.mktemp, a fixed name under /tmp) can be created or linked
# by another user first: the code itself is the weakness.
# An exception silently dropped (try/except/pass, try/except/continue) is the code itself, too.
SINKLESS_FAMILIES: Final[frozenset[str]] = frozenset({"hardcoded_secret", "tmpfile", "swallowed_exception"})

# Families that are no weakness but a kind of claim (code quality: unused names, const, shadowing):
# two tools' claims of such a family on one line are different claims, never one finding.
CLAIM_FAMILIES: Final[frozenset[str]] = frozenset({"quality"})

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
    123: "buffer",
    124: "buffer",
    125: "buffer",
    126: "buffer",
    127: "buffer",
    129: "buffer",
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
    195: "sign_conversion",
    196: "sign_conversion",
    457: "uninit",
    908: "uninit",
    909: "uninit",
    824: "uninit",
    415: "double_free",
    416: "use_after_free",
    825: "use_after_free",
    467: "pointer_size",
    401: "leak",
    772: "leak",
    775: "leak",
    377: "tmpfile",
    378: "tmpfile",
    379: "tmpfile",
    426: "search_path",
    427: "search_path",
}

# Bandit test ids (https://bandit.readthedocs.io/en/latest/plugins/).
BANDIT_FAMILY: Final[dict[str, Family]] = {
    "B101": "assertion",
    "B110": "swallowed_exception",
    "B112": "swallowed_exception",
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
    # imports of XML modules (CWE-20 in bandit's blacklist): judged by the module's uses in the file
    "B405": "xxe",
    "B406": "xxe",
    "B407": "xxe",
    "B408": "xxe",
    "B409": "xxe",
    "B410": "xxe",
    "B411": "xxe",
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
    "signConversion": "sign_conversion",
    "signConversionCond": "sign_conversion",
    "wrongPrintfScanfArgNum": "format_string",
    "uninitvar": "uninit",
    "uninitdata": "uninit",
    "legacyUninitvar": "uninit",
    "uninitStructMember": "uninit",
    "doubleFree": "double_free",
    "deallocuse": "use_after_free",
    "deallocret": "use_after_free",
    "memleak": "leak",
    "memleakOnRealloc": "leak",
    "resourceLeak": "leak",
    "leakReturnValNotUsed": "leak",
    "leakNoVarFunctionCall": "leak",
    "allocaCalled": "stack_alloc",
    "unusedLabel": "quality",
    "unusedVariable": "quality",
    "unusedStructMember": "quality",
    "constParameter": "quality",
    "constParameterPointer": "quality",
    "constParameterCallback": "quality",
    "constVariable": "quality",
    "constVariablePointer": "quality",
    "shadowVariable": "quality",
    "shadowArgument": "quality",
    "shadowFunction": "quality",
    "unusedFunction": "quality",
    "staticFunction": "quality",
    "variableScope": "quality",
    "unreadVariable": "quality",
    "knownConditionTrueFalse": "quality",
    "missingReturn": "quality",
    "duplicateBreak": "quality",
    # notices about cppcheck's own configuration (headers it was not given), checked against the tree
    "missingInclude": "quality",
    "missingIncludeSystem": "quality",
    "pointerSize": "pointer_size",
    "sizeofwithsilentarraypointer": "pointer_size",
}

# flawfinder rule ids whose CWE names no family the analyst models.
FLAWFINDER_FAMILY: Final[dict[str, Family]] = {
    # recv, recvfrom, recvmsg, fread, readv: "accepts input from outside program" (CWE-20). The call's
    # own risk is its write into the buffer; what the input reaches is judged at those findings.
    "FF1070": "buffer",
}

# flawfinder categories (the part of its rule name before "/": "random/srand") whose CWE is misleading:
# flawfinder tags its random functions CWE-327 (a broken algorithm); they are weak randomness (CWE-338).
FLAWFINDER_CATEGORY: Final[dict[str, Family]] = {"random": "weak_random"}
# flawfinder rules by name (category/function) where the category alone says too little
FLAWFINDER_RULE: Final[dict[str, Family]] = {
    "misc/fopen": "file_open",
    "misc/open": "file_open",
    "race/access": "file_race",
}

# clang static analyzer checkers (csgrep: CLANG_WARNING, key event "warning[core.NullDereference]"),
# by checker name or its prefix; unix.Malloc says which memory error in its message.
CLANG_CHECKER_FAMILY: Final[dict[str, Family]] = {
    "core.NullDereference": "null_deref",
    "core.NonNullParamChecker": "null_deref",
    "core.uninitialized": "uninit",
    "core.UndefinedBinaryOperatorResult": "uninit",
    "alpha.security.ArrayBound": "buffer",
    "alpha.security.ArrayBoundV2": "buffer",
    "alpha.unix.cstring.OutOfBounds": "buffer",
    "alpha.unix.cstring.BufferOverlap": "buffer",
    "unix.cstring.BadSizeArg": "buffer",
    "security.insecureAPI.strcpy": "buffer",
    "security.insecureAPI.gets": "buffer",
    "core.BitwiseShift": "int_overflow",
    "unix.MismatchedDeallocator": "double_free",
}
_CLANG_MALLOC: Final[tuple[tuple[str, Family], ...]] = (
    (r"after it is freed|after it was freed|released memory.*use|use of .*released", "use_after_free"),
    (r"free released memory|release already released|released twice|double free", "double_free"),
    (r"leak", "leak"),
)
_CLANG_CHECKER = re.compile(
    r"\[((?:alpha\.|core\.|unix\.|security\.|cplusplus\.|deadcode\.|optin\.)[\w.]+)\]"
)
# clang's own SARIF (``-analyzer-output=sarif``) names the checker bare, as the result's ruleId.
_CLANG_RULE_ID = re.compile(r"(?:alpha|core|unix|security|cplusplus|deadcode|optin)\.[\w.]+")


def clang_family(finding: Finding) -> Family | None:
    """The family of a clang analyzer finding: its checker (``[unix.Malloc]`` in csgrep's key
    event or the message), and for unix.Malloc the memory error its message names."""
    for where in (finding.rule_name or "", finding.message, finding.rule_id):
        m = _CLANG_CHECKER.search(where or "")
        bare = _CLANG_RULE_ID.fullmatch(where or "") if where is finding.rule_id else None
        if m is None and bare is None:
            continue
        checker = m.group(1) if m is not None else where
        if checker in {"unix.Malloc", "cplusplus.NewDelete"}:
            for pattern, fam in _CLANG_MALLOC:
                if re.search(pattern, finding.message, re.IGNORECASE):
                    return fam
            return None
        parts = checker.split(".")
        for i in range(len(parts), 0, -1):
            found = CLANG_CHECKER_FAMILY.get(".".join(parts[:i]))
            if found is not None:
                return found
        return None
    return None


# gcc warning options (gcc's JSON and SARIF rule ids; csgrep keeps them in the key event or message).
GCC_OPTION_FAMILY: Final[dict[str, Family]] = {
    "-Wanalyzer-double-free": "double_free",
    "-Wanalyzer-use-after-free": "use_after_free",
    "-Wuse-after-free": "use_after_free",
    "-Wanalyzer-malloc-leak": "leak",
    "-Wanalyzer-file-leak": "leak",
    "-Wanalyzer-fd-leak": "leak",
    "-Wanalyzer-use-of-uninitialized-value": "uninit",
    "-Wuninitialized": "uninit",
    "-Wmaybe-uninitialized": "uninit",
    "-Wanalyzer-null-dereference": "null_deref",
    "-Wanalyzer-possible-null-dereference": "null_deref",
    "-Wanalyzer-null-argument": "null_deref",
    "-Wanalyzer-possible-null-argument": "null_deref",
    "-Wnull-dereference": "null_deref",
    "-Wanalyzer-out-of-bounds": "buffer",
    "-Wstringop-overflow=": "buffer",
    "-Wstringop-overflow": "buffer",
    "-Wstringop-overread": "buffer",
    "-Wformat-overflow": "buffer",
    "-Wformat-overflow=": "buffer",
    "-Warray-bounds": "buffer",
    "-Warray-bounds=": "buffer",
    "-Wformat-security": "format_string",
    "-Wformat-nonliteral": "format_string",
    # code-quality claims the analyst can check against the code (not weaknesses)
    "-Wunused-parameter": "quality",
    "-Wunused-variable": "quality",
    "-Wunused-label": "quality",
    "-Wunused-function": "quality",
    "-Wunused-but-set-variable": "quality",
    "-Wunused-but-set-parameter": "quality",
    "-Wimplicit-fallthrough": "quality",
    "-Wimplicit-fallthrough=": "quality",
    "-Wmissing-field-initializers": "quality",
    "-Wcast-function-type": "quality",
    "-Wsign-compare": "quality",
    "-Wsizeof-pointer-memaccess": "pointer_size",
    "-Wsizeof-pointer-div": "pointer_size",
    "-Wsizeof-array-argument": "pointer_size",
}
_GCC_OPTION = re.compile(r"-W[a-z][a-z0-9-]*=?")


def gcc_option(finding: Finding) -> str | None:
    """The gcc warning option of a gcc finding: its rule id (gcc JSON, SARIF) or, from csgrep,
    the key event (``warning[-Wanalyzer-double-free]``) or the message's ``[-W...]`` suffix."""
    for text in (finding.rule_id, finding.rule_name or "", finding.message):
        for m in _GCC_OPTION.finditer(text or ""):
            if m.group(0) in GCC_OPTION_FAMILY or m.group(0).startswith("-Wanalyzer-"):
                return m.group(0)
    return None


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
    (r"(?<![a-z])format|printf", "format_string"),  # not "information[...]" of cppcheck
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
    option = gcc_option(finding) if tool.startswith("gcc") or rule.startswith(("-W", "GCC_")) else None
    if option is not None and option in GCC_OPTION_FAMILY:
        return GCC_OPTION_FAMILY[option]  # more precise than its CWE, as bandit's test id
    if tool == "flawfinder":
        named = (finding.rule_name or "").strip().lower()
        if named in FLAWFINDER_RULE:
            return FLAWFINDER_RULE[named]
        category = named.split("/", 1)[0].strip()
        if category in FLAWFINDER_CATEGORY:
            return FLAWFINDER_CATEGORY[category]
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
        bracket = re.search(r"\[([^\]]+)\]", finding.rule_name or "")  # csgrep: "error[nullPointer]"
        fam = CPPCHECK_FAMILY.get(rule) or (CPPCHECK_FAMILY.get(bracket.group(1)) if bracket else None)
        if fam is not None:
            return fam
    if tool == "clang" or rule == "CLANG_WARNING":
        fam = clang_family(finding)
        if fam is not None:
            return fam
    if tool == "flawfinder" and rule in FLAWFINDER_FAMILY:
        return FLAWFINDER_FAMILY[rule]
    text = " ".join(x for x in (rule, finding.rule_name or "") if x).lower()
    for pattern, fam in _KEYWORDS:
        if re.search(pattern, text):
            return fam
    return None
