"""Offline rewrites of C and C++ findings (flawfinder, cppcheck): bounded copies sized with
``sizeof``, literal formats; ``system``/``popen`` are not auto-fixable."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .offline_src import NotFixable, Result, Rewrite, _Src

if TYPE_CHECKING:
    from sastls.analyzers.findings.model import Finding
    from tree_sitter import Node


_C_FUNCS = (
    "strcpy",
    "strcat",
    "sprintf",
    "vsprintf",
    "gets",
    "printf",
    "fprintf",
    "syslog",
    "snprintf",
    "system",
    "popen",
)
_FORMAT_POS = {"printf": 0, "fprintf": 1, "syslog": 1, "snprintf": 2}


def _c_array(src: _Src, call: Node, name: str) -> bool:
    if not re.fullmatch(r"[A-Za-z_]\w*", name):
        return False
    fn = call
    while fn.parent is not None and fn.type != "function_definition":
        fn = fn.parent
    scope = src.t(fn) if fn.type == "function_definition" else src.text
    return bool(
        re.search(rf"\b{name}\s*\[[^\]]*\]\s*(=|;|,)", scope)
        or re.search(rf"^\s*\w[\w\s\*]*\b{name}\s*\[", src.text, re.M)
    )


def _c_rule(src: _Src, finding: Finding) -> Result:
    words = f"{finding.rule_name or ''} {finding.rule_id} {finding.message}"
    for call in src.calls_at(finding.line):
        fn_node = call.child_by_field_name("function")
        args_node = call.child_by_field_name("arguments")
        if fn_node is None or args_node is None:
            continue
        name = src.t(fn_node)
        if name not in _C_FUNCS or not re.search(rf"\b{name}\b", words):
            continue
        args = [a for a in args_node.named_children if a.type != "comment"]
        texts = [src.t(a) for a in args]
        if name in ("system", "popen"):
            return NotFixable(
                f"{name}() runs a shell: with input from outside, replace it by fork/execv with an "
                "argument vector (and an allow-list) by hand; not auto-fixable"
            )
        if name in _FORMAT_POS:
            i = _FORMAT_POS[name]
            if len(args) == i + 1 and args[i].type not in ("string_literal", "concatenated_string"):
                new = [*texts[:i], '"%s"', texts[i]]
                return [
                    Rewrite(
                        f'{name}(x) -> {name}("%s", x): the data is never a format',
                        (src.replace(call, f"{name}({', '.join(new)})"),),
                    )
                ]
            if i < len(args) and args[i].type in ("string_literal", "concatenated_string"):
                return NotFixable(f"the format of this {name} is a string literal: nothing to fix here")
            if name != "snprintf":
                return NotFixable(
                    f"{name} with a non-literal format and arguments: choose a literal format by hand"
                )
            continue
        dst = texts[0] if texts else ""
        if not _c_array(src, call, dst):
            return NotFixable(
                f"the destination {dst!r} is not an array of known size here: bound the copy by hand"
            )
        stmt = call.parent if call.parent is not None and call.parent.type == "expression_statement" else None
        if name == "strcpy" and len(texts) == 2:
            out = [
                Rewrite(
                    "strcpy -> snprintf bounded by sizeof (always terminated)",
                    (src.replace(call, f'snprintf({dst}, sizeof({dst}), "%s", {texts[1]})'),),
                )
            ]
            if stmt is not None:
                out.append(
                    Rewrite(
                        "strcpy -> strncpy bounded by sizeof, terminated",
                        (
                            src.replace(
                                stmt,
                                f"strncpy({dst}, {texts[1]}, sizeof({dst}) - 1);\n"
                                f"{src.indent(stmt)}{dst}[sizeof({dst}) - 1] = '\\0';",
                            ),
                        ),
                    )
                )
            return out
        if name == "strcat" and len(texts) == 2:
            return [
                Rewrite(
                    "strcat -> strncat bounded by the space left",
                    (src.replace(call, f"strncat({dst}, {texts[1]}, sizeof({dst}) - strlen({dst}) - 1)"),),
                )
            ]
        if name in ("sprintf", "vsprintf") and len(texts) >= 2:
            bounded = "snprintf" if name == "sprintf" else "vsnprintf"
            return [
                Rewrite(
                    f"{name} -> {bounded} bounded by sizeof",
                    (src.replace(call, f"{bounded}({dst}, sizeof({dst}), {', '.join(texts[1:])})"),),
                )
            ]
        if name == "gets" and len(texts) == 1:
            if stmt is not None:
                ind = src.indent(stmt)
                block = (
                    f"if (fgets({dst}, sizeof({dst}), stdin) == NULL) {{\n{ind}    {dst}[0] = '\\0';\n"
                    f"{ind}}} else {{\n{ind}    {dst}[strcspn({dst}, \"\\n\")] = '\\0';\n{ind}}}"
                )
                edits = [src.replace(stmt, block)]
                imp = src.add_import("#include <string.h>")
                if imp and "<string.h>" not in src.text:
                    edits.append(imp)
                return [
                    Rewrite("gets -> fgets bounded by sizeof (newline removed as gets did)", tuple(edits))
                ]
            return [
                Rewrite(
                    "gets -> fgets bounded by sizeof",
                    (src.replace(call, f"fgets({dst}, sizeof({dst}), stdin)"),),
                )
            ]
    return NotFixable("no call this rule is about at the finding's line")
