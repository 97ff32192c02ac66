"""The Python analyst's view of the model files: rows compiled into lookup tables.

Names are fully qualified after import resolution (``from flask import request`` makes
``request.args`` the name ``flask.request.args``); a name starting with ``.`` is a method on any
object (``.execute`` matches ``cursor.execute``). Module aliases are applied first. Nothing here
names a library: every name comes from ``analyzers/models/python/*.toml`` or the user's models.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ....models import Models, load_models

ArgSpec = tuple[int, str]  # (position, keyword): position -1 is the receiver, -2 "keyword only"
SiteKind = Literal["call", "return", "item-write", "result-call"]
RECEIVER = -1
KEYWORD_ONLY = -2


def parse_arg(spec: str) -> ArgSpec | None:
    """``"0"``, ``"sql:"``, ``"0,sql:"``, ``"self"``; None for ``"*"`` (every argument)."""
    if spec == "*":
        return None
    if spec == "self":
        return (RECEIVER, "")
    if spec.endswith(":"):
        if "," in spec:
            pos, kw = spec[:-1].split(",", 1)
            return (int(pos), kw)
        return (KEYWORD_ONLY, spec[:-1])
    return (int(spec), "")


def parse_args(specs: Iterable[str]) -> tuple[ArgSpec, ...]:
    """The dangerous arguments; () means every argument."""
    out: list[ArgSpec] = []
    for s in specs:
        a = parse_arg(s)
        if a is None:
            return ()
        out.append(a)
    return tuple(out)


@dataclass(frozen=True)
class Rule:
    """A row's rule: when ``when`` holds (always without one), the verdict is ``verdict``."""

    verdict: str  # safe | unsafe | weak | unknown
    why: str = ""
    when: Mapping[str, Any] | None = None
    still_dangerous: tuple[ArgSpec, ...] = ()  # a safe rule's arguments that still matter


@dataclass(frozen=True)
class Vector:
    """How a program-running sink receives its argument vector."""

    source: str  # "argument" | "positional"
    argument: ArgSpec = (0, "")
    shell_keyword: str = ""
    start: int = 0
    flatten: bool = False
    skips_argv0: bool = False


@dataclass(frozen=True)
class Sink:
    name: str
    args: tuple[ArgSpec, ...] = ((0, ""),)  # () = every argument is dangerous
    site: SiteKind = "call"
    rules: tuple[Rule, ...] = ()
    subject: ArgSpec | None = None
    require_true: tuple[tuple[str, int | None], ...] = ()
    vector: Vector | None = None
    label: str = ""  # how justifications name it
    model: str = ""  # the model file that declared it
    config: bool = False  # judged by its rules on its own arguments (a parser's configuration), not data


@dataclass(frozen=True)
class SafeVariant:
    name: str
    why: str = ""
    still_dangerous: tuple[ArgSpec, ...] = ()
    model: str = ""


@dataclass(frozen=True)
class Validator:
    name: str
    validates: ArgSpec = (0, "")
    requires_flag: str = ""
    clean_argument: ArgSpec | None = None
    needs_dangerous_chars: bool = False
    why: str = ""
    model: str = ""
    on: str = "true"  # "true": safe where the call is true; "return": safe once the call returns
    user: bool = False  # declared by the user's models (their evidence names the file)


@dataclass(frozen=True)
class Sanitizer:
    name: str
    why: str = ""
    model: str = ""
    user: bool = False
    receiver_flag: str = ""  # sanitizes only when the receiver carries this fact


@dataclass(frozen=True)
class AttributeSanitizer:
    attributes: frozenset[str]
    of: str
    why: str


@dataclass(frozen=True)
class PyFamily:
    name: str
    description: str = ""
    dangerous_chars: str = ""
    casts_clean: bool = True
    config: bool = False  # the sink's own arguments decide (no attacker data flow)
    program_lookup: bool = False  # how the call finds its program (PATH), not what it runs
    # facts that together make a value safe (a path with no '..' that is not absolute), with why
    safe_with: tuple[tuple[frozenset[str], str], ...] = ()
    naming_calls: frozenset[str] = frozenset()  # a value passed there only names something (a file)
    shells: frozenset[str] = frozenset()
    shell_flags: frozenset[str] = frozenset()
    command_programs: frozenset[str] = frozenset()  # run their arguments as a command (env, ssh)
    option_programs: frozenset[str] = frozenset()  # options that run commands or write files (git)
    rules: tuple[Rule, ...] = ()
    sinks: Mapping[str, Sink] = field(default_factory=dict)  # call and result-call sinks by name
    site_sinks: tuple[Sink, ...] = ()  # return and item-write sinks
    sanitizers: Mapping[str, Sanitizer] = field(default_factory=dict)
    attribute_sanitizers: tuple[AttributeSanitizer, ...] = ()
    safe_variants: Mapping[str, SafeVariant] = field(default_factory=dict)
    safe_prefixes: tuple[str, ...] = ()
    validators: Mapping[str, Validator] = field(default_factory=dict)
    method_validators: Mapping[str, Validator] = field(default_factory=dict)  # by method name

    def call_sink(self, name: str) -> Sink | None:
        s = self.sinks.get(name)
        return s if s is not None and s.site == "call" else None

    def result_call_sinks(self) -> tuple[Sink, ...]:
        return tuple(s for s in self.sinks.values() if s.site == "result-call")

    def site(self, kind: SiteKind) -> tuple[Sink, ...]:
        return tuple(s for s in self.site_sinks if s.site == kind)


@dataclass(frozen=True)
class Source:
    name: str
    flags: frozenset[str] = frozenset()
    keeps_arguments: bool = False


@dataclass(frozen=True)
class FlagSummary:
    """A call whose result carries facts (``normalized``, ``csprng``, ``sax_parser``)."""

    name: str
    result: str = "arguments"  # arguments | none
    flags: frozenset[str] = frozenset()
    flags_if: tuple[tuple[Mapping[str, Any], str], ...] = ()
    first: bool = False


@dataclass(frozen=True)
class Concept:
    concept: str
    name: str
    host_attributes: frozenset[str] = frozenset()
    features: tuple[str, ...] = ()
    feature_text: tuple[str, ...] = ()
    flag: str = ""


@dataclass(frozen=True)
class PySpec:
    digest: str = ""
    aliases: Mapping[str, str] = field(default_factory=dict)
    source_objects: frozenset[str] = frozenset()
    sources: Mapping[str, Source] = field(default_factory=dict)  # calls and ".methods"
    request_types: frozenset[str] = frozenset()
    propagators: frozenset[str] = frozenset()  # calls: the result carries the arguments' taint
    propagating_methods: frozenset[str] = frozenset()  # ".methods": receiver and arguments
    flag_summaries: Mapping[str, FlagSummary] = field(default_factory=dict)
    stores: Mapping[str, ArgSpec] = field(default_factory=dict)  # calls that store their arguments in one
    neutrals: frozenset[str] = frozenset()
    casts: frozenset[str] = frozenset()
    values: Mapping[str, frozenset[str]] = field(default_factory=dict)
    terminators: frozenset[str] = frozenset()
    concepts: Mapping[str, Concept] = field(default_factory=dict)  # by name
    plain_decorators: frozenset[str] = frozenset()
    validated_parameters: tuple[tuple[str, frozenset[str]], ...] = ()  # (imported module prefix, types)
    field_decorators: frozenset[str] = frozenset()
    field_bases: frozenset[str] = frozenset()
    families: Mapping[str, PyFamily] = field(default_factory=dict)
    library_calls: frozenset[str] = frozenset()
    user_names: frozenset[str] = frozenset()  # names the user's models declare (they override code)
    user_bare: frozenset[str] = frozenset()  # those without a dot: a function of that name anywhere

    def user_name(self, q: str) -> str | None:
        """The name under which the user's models describe the callee ``q`` (which may be a function
        of the workspace: the user's word outranks the analyst's reading of its body), or None."""
        if not q or not self.user_names:
            return None
        if q in self.user_names:
            return q
        last = q.rsplit(".", 1)[-1]
        return last if last in self.user_bare else None

    def is_source_object(self, q: str) -> bool:
        return any(q == s or q.startswith(s + ".") for s in self.source_objects)

    def concept(self, name: str, kind: str) -> Concept | None:
        c = self.concepts.get(name)
        return c if c is not None and c.concept == kind else None

    def concept_names(self, kind: str) -> frozenset[str]:
        return frozenset(n for n, c in self.concepts.items() if c.concept == kind)

    @functools.cached_property
    def known_methods(self) -> frozenset[str]:
        """Every ``.method`` some model describes (what it returns, keeps, checks or is)."""
        names: set[str] = {
            *self.sources,
            *self.propagating_methods,
            *self.flag_summaries,
            *self.stores,
            *self.neutrals,
            *self.casts,
            *self.concepts,
        }
        for fam in self.families.values():
            names.update(fam.sinks)
            names.update(fam.sanitizers)
            names.update(fam.safe_variants)
            names.update(fam.validators)
            names.update("." + m for m in fam.method_validators)
        return frozenset(n for n in names if n.startswith("."))

    @functools.cached_property
    def host_attributes(self) -> frozenset[str]:
        """Attributes of a parsed URL that hold its host (``netloc``)."""
        return frozenset(
            a for c in self.concepts.values() if c.concept == "url-parse" for a in c.host_attributes
        )


class _Blank(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(template: str, **values: str) -> str:
    """A model's evidence sentence with its ``{placeholders}`` filled in (unknown ones kept as written)."""
    try:
        return template.format_map(_Blank(values))
    except (ValueError, IndexError, AttributeError):
        return template


# ------------------------------------------------------------------ compiling


def _fams(ref: Any, known: Iterable[str]) -> list[str]:
    if ref == "*":
        return list(known)
    return [ref] if isinstance(ref, str) else list(ref)


def _rules(rows: Iterable[Mapping[str, Any]]) -> tuple[Rule, ...]:
    return tuple(
        Rule(
            verdict=r["verdict"],
            why=r.get("why", ""),
            when=r.get("when"),
            still_dangerous=parse_args(r.get("still_dangerous", ())),
        )
        for r in rows
    )


def _vector(v: Mapping[str, Any] | None) -> Vector | None:
    if v is None:
        return None
    arg = parse_arg(v.get("argument", "0")) or (0, "")
    return Vector(
        source=v["from"],
        argument=arg,
        shell_keyword=v.get("shell_keyword", ""),
        start=int(v.get("start", 0)),
        flatten=bool(v.get("flatten", False)),
        skips_argv0=bool(v.get("skips_argv0", False)),
    )


@dataclass
class _Family:
    props: dict[str, Any] = field(default_factory=dict)
    sinks: dict[str, Sink] = field(default_factory=dict)
    site_sinks: list[Sink] = field(default_factory=list)
    sanitizers: dict[str, Sanitizer] = field(default_factory=dict)
    attribute_sanitizers: list[AttributeSanitizer] = field(default_factory=list)
    safe_variants: dict[str, SafeVariant] = field(default_factory=dict)
    safe_prefixes: list[str] = field(default_factory=list)
    validators: dict[str, Validator] = field(default_factory=dict)
    method_validators: dict[str, Validator] = field(default_factory=dict)


def compile_models(models: Models) -> PySpec:
    """Fold every file's rows into one PySpec; a later file (the user's) adds to or replaces earlier rows."""
    fams: dict[str, _Family] = {}
    for f in models.files:
        for name, props in (f.data.get("families") or {}).items():
            fams.setdefault(name, _Family()).props.update(props)
    known = list(fams)
    aliases: dict[str, str] = {}
    source_objects: set[str] = set()
    sources: dict[str, Source] = {}
    request_types: set[str] = set()
    propagators: set[str] = set()
    methods: set[str] = set()
    flag_summaries: dict[str, FlagSummary] = {}
    stores: dict[str, ArgSpec] = {}
    neutrals: set[str] = set()
    casts: set[str] = set()
    values: dict[str, frozenset[str]] = {}
    terminators: set[str] = set()
    concepts: dict[str, Concept] = {}
    plain: set[str] = set()
    validated: list[tuple[str, frozenset[str]]] = []
    field_decorators: set[str] = set()
    field_bases: set[str] = set()
    for f in models.files:
        d = f.data
        aliases.update(d.get("aliases") or {})
        for row in d.get("sources", ()):
            kind = row["kind"]
            for n in row["names"]:
                if kind == "object":
                    source_objects.add(n)
                elif kind == "request-type":
                    request_types.add(n)
                else:
                    sources[n] = Source(
                        n, frozenset(row.get("flags", ())), bool(row.get("keeps_arguments", False))
                    )
        for row in d.get("summaries", ()):
            flagged = row.get("flags") or row.get("flags_if") or row.get("result", "arguments") != "arguments"
            into = parse_arg(row["into"]) if "into" in row else None
            for n in row["names"]:
                if into is not None:
                    stores[n] = into
                if flagged or row.get("first"):
                    flag_summaries[n] = FlagSummary(
                        n,
                        result=row.get("result", "arguments"),
                        flags=frozenset(row.get("flags", ())),
                        flags_if=tuple((c["when"], c["flag"]) for c in row.get("flags_if", ())),
                        first=bool(row.get("first", False)),
                    )
                elif n.startswith("."):
                    methods.add(n)
                else:
                    propagators.add(n)
        for row in d.get("neutrals", ()):
            neutrals.update(row["names"])
        for row in d.get("casts", ()):
            casts.update(row["names"])
        for row in d.get("values", ()):
            for n in row["names"]:
                values[n] = values.get(n, frozenset()) | frozenset(row["flags"])
        for row in d.get("terminators", ()):
            terminators.update(row["names"])
        for row in d.get("concepts", ()):
            for n in row["names"]:
                concepts[n] = Concept(
                    row["concept"],
                    n,
                    host_attributes=frozenset(row.get("host_attributes", ())),
                    features=tuple(row.get("features", ())),
                    feature_text=tuple(row.get("feature_text", ())),
                    flag=row.get("flag", ""),
                )
        for row in d.get("decorators", ()):
            plain.update(row["names"])
        for row in d.get("parameters", ()):
            validated.append((row["when_imported"], frozenset(row["types"])))
        for row in d.get("classes", ()):
            field_decorators.update(row.get("decorators", ()))
            field_bases.update(row.get("bases", ()))
        for row in d.get("sanitizers", ()):
            for fam in _fams(row["family"], known):
                target = fams[fam]
                if "attributes" in row:
                    target.attribute_sanitizers.append(
                        AttributeSanitizer(frozenset(row["attributes"]), row["of"], row.get("why", ""))
                    )
                    continue
                for n in row["names"]:
                    target.sanitizers[n] = Sanitizer(
                        n, row.get("why", ""), f.name, f.origin != "builtin", row.get("receiver_flag", "")
                    )
        for row in d.get("validators", ()):
            for fam in _fams(row["family"], known):
                for n in row["names"]:
                    v = Validator(
                        n,
                        validates=parse_arg(row.get("validates", "0")) or (0, ""),
                        requires_flag=row.get("requires_flag", ""),
                        clean_argument=parse_arg(row["clean_argument"]) if "clean_argument" in row else None,
                        needs_dangerous_chars=bool(row.get("needs_dangerous_chars", False)),
                        why=row.get("why", ""),
                        model=f.name,
                        on=row.get("on", "true"),
                        user=f.origin != "builtin",
                    )
                    if n.startswith("."):
                        fams[fam].method_validators[n[1:]] = v
                    else:
                        fams[fam].validators[n] = v
        for row in d.get("sinks", ()):
            target = fams[row["family"]]
            site: SiteKind = row.get("site", "call")
            req = tuple((r["keyword"], r.get("cwe")) for r in row.get("require_true", ()))
            for n in row.get("names", ["<" + site + ">"]):
                sink = Sink(
                    name=n,
                    args=parse_args(row["args"]),
                    site=site,
                    rules=_rules(row.get("rules", ())),
                    subject=parse_arg(row["subject"]) if "subject" in row else None,
                    require_true=req,
                    vector=_vector(row.get("vector")),
                    label=row.get("label", ""),
                    model=f.name,
                    config=bool(row.get("config", False)),
                )
                if site in {"call", "result-call"}:
                    key = n if site == "call" else "()" + n
                    target.sinks[key] = sink
                else:
                    target.site_sinks.append(sink)
        for row in d.get("safe_variants", ()):
            for fam in _fams(row["family"], known):
                target = fams[fam]
                for p in row.get("prefixes", ()):
                    target.safe_prefixes.append(p)
                for n in row.get("names", ()):
                    target.safe_variants[n] = SafeVariant(
                        n, row.get("why", ""), parse_args(row.get("still_dangerous", ())), f.name
                    )
    user: set[str] = set()
    for f in models.user_files:
        for section in ("sources", "summaries", "neutrals", "casts", "sanitizers", "validators", "sinks"):
            for row in f.data.get(section, ()):
                user.update(row.get("names", ()))
        for row in f.data.get("safe_variants", ()):
            user.update(row.get("names", ()))
    for fb in fams.values():
        other = fams.get(fb.props.get("sinks_of", ""))
        if other is not None and other is not fb:
            # a claim about the same calls (a partial executable path): the same sinks
            fb.sinks = {**other.sinks, **fb.sinks}
            fb.site_sinks = [*other.site_sinks, *fb.site_sinks]
    families: dict[str, PyFamily] = {}
    for name, fb in fams.items():
        p = fb.props
        families[name] = PyFamily(
            name=name,
            description=p.get("description", ""),
            dangerous_chars=p.get("dangerous_chars", ""),
            casts_clean=bool(p.get("casts_clean", True)),
            config=bool(p.get("config", False)),
            program_lookup=bool(p.get("program_lookup", False)),
            naming_calls=frozenset(p.get("naming_calls", ())),
            safe_with=tuple((frozenset(r["flags"]), r.get("why", "")) for r in p.get("safe_with", ())),
            shells=frozenset(p.get("shells", ())),
            shell_flags=frozenset(p.get("shell_flags", ())),
            command_programs=frozenset(p.get("command_programs", ())),
            option_programs=frozenset(p.get("option_programs", ())),
            rules=_rules(p.get("rules", ())),
            sinks=dict(fb.sinks),
            site_sinks=tuple(fb.site_sinks),
            sanitizers=dict(fb.sanitizers),
            attribute_sanitizers=tuple(fb.attribute_sanitizers),
            safe_variants=dict(fb.safe_variants),
            safe_prefixes=tuple(dict.fromkeys(fb.safe_prefixes)),
            validators=dict(fb.validators),
            method_validators=dict(fb.method_validators),
        )
    library = frozenset(
        n
        for fam in families.values()
        for n in (
            *(s.name for s in fam.sinks.values() if s.site == "call"),
            *fam.sanitizers,
            *fam.safe_variants,
        )
        if not n.startswith((".", "<"))
    )
    return PySpec(
        digest=models.digest,
        aliases=aliases,
        source_objects=frozenset(source_objects),
        sources=sources,
        request_types=frozenset(request_types),
        propagators=frozenset(propagators),
        propagating_methods=frozenset(methods),
        flag_summaries=flag_summaries,
        stores=stores,
        neutrals=frozenset(neutrals),
        casts=frozenset(casts),
        values=values,
        terminators=frozenset(terminators),
        concepts=concepts,
        plain_decorators=frozenset(plain),
        validated_parameters=tuple(validated),
        field_decorators=frozenset(field_decorators),
        field_bases=frozenset(field_bases),
        families=families,
        library_calls=library,
        user_names=frozenset(user),
        user_bare=frozenset(n for n in user if "." not in n),
    )


@functools.lru_cache(maxsize=16)
def _compiled(models: Models) -> PySpec:
    return compile_models(models)


def python_spec(models: Models | None = None) -> PySpec:
    """The compiled spec of ``models`` (the built-in Python models when None); cached per Models."""
    return _compiled(models if models is not None else load_models("python"))
