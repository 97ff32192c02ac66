"""The models' conditions (``when = {...}``), evaluated on the arguments a call received.

A condition tests one value: the argument it names (``arg``; keyword first, then position, and
only what the call passes explicitly), the receiver (``receiver = true``), or else the rule's
``subject``. Several tests in one table must all hold; ``all``, ``any`` and ``not`` combine
conditions. See docs/models.md for the list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from tree_sitter import Node

from ..values import Val
from .spec import KEYWORD_ONLY, RECEIVER, ArgSpec, Concept, PySpec, parse_arg
from .syntax import enclosing_function, text

_MISSING = object()


@dataclass
class Required:
    """Keywords that must be passed as True (cookie flags), as the finding's CWEs select them."""

    needed: list[str]
    missing: list[str]
    unsure: list[str]


@dataclass
class Args:
    """What a rule can look at: the call's values, its node, and what the rule filled in."""

    pos: list[Val]
    kws: dict[str, Val]
    receiver: Val | None = None
    call: Node | None = None
    spec: PySpec | None = None
    subject: ArgSpec | None = None
    required: Required | None = None
    filled: dict[str, str] = field(default_factory=dict)  # placeholders for the rule's sentence
    qualify: Callable[[Node], str] | None = None  # the qualified name of a callee or name node
    # a configuration value passed on from a parameter: the parameter's settled default
    settle: Callable[[Val], Val] | None = None

    def explicit(self, a: ArgSpec) -> Val | None:
        pos, kw = a
        if pos == RECEIVER:
            return self.receiver
        if kw and kw in self.kws:
            return self.kws[kw]
        if pos != KEYWORD_ONLY and 0 <= pos < len(self.pos):
            return self.pos[pos]
        return None

    def node(self, a: ArgSpec) -> Node | None:
        """The syntax node passed for ``a`` (a return statement's value counts as argument 0)."""
        call = self.call
        if call is None:
            return None
        if call.type == "return_statement":
            return call.named_children[0] if call.named_children and a[0] == 0 else None
        args = call.child_by_field_name("arguments")
        if args is None:
            return None
        pos, kw = a
        if kw:
            for n in args.named_children:
                if n.type == "keyword_argument" and text(n.child_by_field_name("name")) == kw:
                    return n.child_by_field_name("value")
        positional = [n for n in args.named_children if n.type not in {"keyword_argument", "comment"}]
        return positional[pos] if 0 <= pos < len(positional) else None


def denoted_name(v: Val, name_flag: str) -> str | None:
    """What a value names: its constant string, or the suffix of a ``name_flag`` fact (``hash:md5``)."""
    if isinstance(v.const, str):
        return v.const
    if name_flag:
        names = [f[len(name_flag) :] for f in v.flags if f.startswith(name_flag)]
        if names:
            return sorted(names)[0]
    return None


def _const_is(v: Val, expected: Any) -> bool:
    if not v.is_const:
        return False
    if isinstance(expected, bool):
        return v.const is expected
    if isinstance(expected, int | float):
        return isinstance(v.const, int | float) and not isinstance(v.const, bool) and v.const == expected
    return type(v.const) is type(expected) and bool(v.const == expected)


def renders_as_markup(media_type: str) -> bool:
    """A media type a browser renders as a document that can run script (HTML, XHTML, SVG, XML)."""
    t = media_type.split(";", 1)[0].strip().lower()
    return not t or any(w in t for w in ("html", "xml", "svg"))


def _media_type(spec: Mapping[str, Any], args: Args) -> str | None:
    """The constant media type of a response, or None when it may be chosen at run time."""
    for blocker in spec.get("unless", ()):
        a = parse_arg(blocker)
        if a is not None and args.explicit(a) is not None:
            return None  # the media type may come with the headers
    if "**" in args.kws:
        return None
    given = [args.kws[k] for k in spec["keywords"] if k in args.kws]
    if any(not isinstance(v.const, str) for v in given):
        return None  # a media type chosen at run time
    return str(given[0].const) if given else str(spec["default"])


FeatureState = Literal["on", "off", "maybe", "other"]


def feature_state(
    switch: Concept,
    feature: Node | None,
    value: Node | None,
    *,
    qualify: Callable[[Node], str] | None = None,
    feature_val: Val | None = None,
    value_val: Val | None = None,
) -> FeatureState:
    """What ``parser.setFeature(feature, value)`` does to the switch's dangerous feature: turns it
    ``on`` or ``off``, ``maybe`` turns it on (a feature or value chosen at run time), or touches
    an ``other`` feature."""
    kind = "unknown"
    if feature is not None and feature.type in {"identifier", "attribute"} and qualify is not None:
        q = qualify(feature)
        if switch.features and q.endswith(switch.features):
            kind = "dangerous"
        elif "." in q and not q.startswith("."):
            kind = "other"  # a library's named constant for another feature
    if kind == "unknown" and feature is not None and feature.type == "string":
        kind = "dangerous" if any(w in text(feature) for w in switch.feature_text) else "other"
    if kind == "unknown" and feature_val is not None:
        possible = feature_val.possible()
        if possible:
            texts = [str(c) for c in possible]
            dangerous = any(any(w in t for w in switch.feature_text) for t in texts)
            kind = "dangerous" if dangerous else "other"
    truth: bool | None = None
    if value_val is not None and value_val.is_const:
        truth = bool(value_val.const) if isinstance(value_val.const, bool | int | str | type(None)) else None
    elif value is not None and text(value) in {"True", "1", "False", "0", "None"}:
        truth = text(value) in {"True", "1"}
    if kind == "other" or (kind == "unknown" and truth is False):
        return "other"
    if truth is None or kind == "unknown":
        return "maybe"
    return "on" if truth else "off"


def _switched_on_later(args: Args) -> bool:
    """``parser = make_parser()`` followed by ``parser.setFeature(<dangerous feature>, <not False>)``
    (or ``events.<...>.setFeature(...)``); a feature or value chosen at run time may be the dangerous one."""
    call, spec = args.call, args.spec
    if call is None or spec is None:
        return False
    switches = [c for c in spec.concepts.values() if c.concept == "feature-switch" and c.name.startswith(".")]
    parent = call.parent
    if not switches or parent is None or parent.type != "assignment":
        return False
    var = text(parent.child_by_field_name("left"))
    scope = enclosing_function(call) or call
    while scope.parent is not None and enclosing_function(call) is None:
        scope = scope.parent
    stack = [scope]
    while stack:
        n = stack.pop()
        if n.type == "call" and n.start_byte > call.start_byte:
            fn = n.child_by_field_name("function")
            method = (
                text(fn.child_by_field_name("attribute")) if fn is not None and fn.type == "attribute" else ""
            )
            switch = next((c for c in switches if c.name == "." + method), None) if method else None
            if switch is not None and fn is not None:
                recv = text(fn.child_by_field_name("object"))
                arglist = n.child_by_field_name("arguments")
                nodes = (
                    [a for a in arglist.named_children if a.type != "comment"] if arglist is not None else []
                )
                if (
                    (recv == var or recv.startswith(var + "."))
                    and len(nodes) >= 2
                    and feature_state(switch, nodes[0], nodes[1], qualify=args.qualify) in {"on", "maybe"}
                ):
                    return True
        stack.extend(n.named_children)
    return False


def _switches_on(args: Args) -> FeatureState | None:
    """The state a feature-switch call (the finding's own call) puts its dangerous feature in."""
    call, spec = args.call, args.spec
    if call is None or spec is None or call.type != "call" or args.qualify is None:
        return None
    fn = call.child_by_field_name("function")
    if fn is None:
        return None
    switch = spec.concept(args.qualify(fn), "feature-switch")
    arglist = call.child_by_field_name("arguments")
    nodes = [a for a in arglist.named_children if a.type != "comment"] if arglist is not None else []
    if switch is None or len(nodes) < 2:
        return None
    return feature_state(
        switch,
        nodes[0],
        nodes[1],
        qualify=args.qualify,
        feature_val=args.pos[0] if args.pos else None,
        value_val=args.pos[1] if len(args.pos) > 1 else None,
    )


def holds(when: Mapping[str, Any] | None, args: Args) -> bool:
    """Whether condition ``when`` holds for the call (no condition always holds)."""
    if when is None:
        return True
    if "all" in when and not all(holds(c, args) for c in when["all"]):
        return False
    if "any" in when and not any(holds(c, args) for c in when["any"]):
        return False
    if "not" in when and holds(when["not"], args):
        return False
    if "switched_on_later" in when and not _switched_on_later(args):
        return False
    if "kwargs_spread" in when and "**" not in args.kws:
        return False
    if "switches" in when and _switches_on(args) not in set(when["switches"]):
        return False
    req = args.required
    if "required_missing" in when and (req is None or bool(req.missing) != when["required_missing"]):
        return False
    if "required_unsure" in when and (req is None or not req.unsure or len(req.unsure) != len(req.missing)):
        return False
    if "media_type" in when:
        media = _media_type(when["media_type"], args)
        if media is None or renders_as_markup(media):
            return False
        args.filled["media"] = media
    value_tests = set(when) - {
        "all",
        "any",
        "not",
        "switched_on_later",
        "kwargs_spread",
        "switches",
        "required_missing",
        "required_unsure",
    }
    value_tests -= {"media_type", "arg", "receiver", "name_flag"}
    if not value_tests:
        return True
    spec: ArgSpec | None
    if when.get("receiver"):
        spec = (RECEIVER, "")
    elif "arg" in when:
        spec = parse_arg(when["arg"])
    else:
        spec = args.subject
    v = args.explicit(spec) if spec is not None else None
    if v is not None and args.settle is not None:
        v = args.settle(v)
    if "missing" in when and (v is None) != when["missing"]:
        return False
    if v is None:
        return "missing" in when and when["missing"] and value_tests == {"missing"}
    if "const" in when and not _const_is(v, when["const"]):
        return False
    if when.get("none") and not (v.is_const and v.const is None):
        return False
    if "constant" in when and v.is_const != when["constant"]:
        return False
    if when.get("container") and v.fields is None:
        return False
    if when.get("exact") and not (v.fields is not None and v.exact):
        return False
    if "literal" in when:
        node = args.node(spec) if spec is not None else None
        kinds = {"dict": "dictionary", "list": "list"}
        if node is None or node.type not in {kinds[k] for k in when["literal"]}:
            return False
    if "flag" in when and when["flag"] not in v.flags:
        return False
    if "ends_with" in when:
        possible = v.possible()
        suffixes = tuple(when["ends_with"])
        if not possible or not all(isinstance(c, str) and c.lower().endswith(suffixes) for c in possible):
            return False
    if "no_flag" in when and when["no_flag"] in v.flags:
        return False
    if "named" in when or "one_of" in when:
        name = denoted_name(v, when.get("name_flag", ""))
        if "named" in when and (name is not None) != when["named"]:
            return False
        if "one_of" in when:
            allowed = set(when["one_of"])
            if name is None or not (name.lower().replace("_", "-") in allowed or name.lower() in allowed):
                return False
    return True
