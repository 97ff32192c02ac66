"""Finding the sinks of a family in Python code, and the dangerous part of each (safe variants)."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from tree_sitter import Node

from .families import Family
from .pymodule import ModuleInfo, text
from .python_engine import Hit, Interp, bind_params, enclosing_function, line_of, nkey
from .python_spec import CONFIG_FAMILIES, FAMILIES, SAFE_YAML_LOADERS, SESSION_OBJECTS, WEAK_HASHES, Sink
from .values import CLEAN, Note, Origin, Val, join, join_all

if TYPE_CHECKING:
    from .python_engine import Engine

SiteKind = Literal["call", "return", "session", "safe_variant", "wrapper"]
_SHELLS = frozenset(
    {"sh", "bash", "zsh", "dash", "ksh", "csh", "tcsh", "fish", "cmd", "cmd.exe", "powershell", "pwsh"}
)
_EXEC_PROGRAM_AT = {
    "os.spawnl": 1,
    "os.spawnle": 1,
    "os.spawnlp": 1,
    "os.spawnlpe": 1,
    "os.spawnv": 1,
    "os.spawnve": 1,
    "os.spawnvp": 1,
    "os.spawnvpe": 1,
}


@dataclass
class SinkSite:
    node: Node
    name: str
    kind: SiteKind
    sink: Sink | None = None
    target: tuple[str, Node] | None = None  # wrapper: the workspace function whose body holds sinks


def _calls(scope: Node, lo: int | None, hi: int | None) -> list[Node]:
    out: list[Node] = []
    stack = [scope]
    while stack:
        n = stack.pop()
        if (
            n is not scope
            and n.type in {"function_definition", "class_definition", "decorated_definition"}
            and lo is None
        ):
            continue
        if lo is not None and hi is not None and (n.end_point[0] + 1 < lo or n.start_point[0] + 1 > hi):
            continue
        if n.type in {"call", "return_statement", "assignment"}:
            out.append(n)
        stack.extend(reversed(n.named_children))
    return out


def find_sinks(
    engine: Engine,
    info: ModuleInfo,
    scope: Node,
    family: Family,
    lines: tuple[int, int] | None,
    *,
    returns: bool = True,
) -> list[SinkSite]:
    """Sinks of ``family`` in ``scope`` (on ``lines`` when given, else anywhere outside nested defs)."""
    spec = FAMILIES.get(family)
    if spec is None:
        return []
    lo, hi = lines if lines is not None else (None, None)
    sites: list[SinkSite] = []
    for node in _calls(scope, lo, hi):
        if lo is not None and not (lo <= line_of(node) <= (hi or lo)):
            continue
        func = enclosing_function(node)
        interp = _qualifier(engine, info, family, func)
        if node.type == "call":
            fn = node.child_by_field_name("function")
            q, is_method = interp.qualify(fn)
            sink = next((s for s in spec.sinks if s.name == q), None)
            if sink is not None and is_method and q == ".open" and _receiver_is_module(interp, fn):
                sink = None
            if sink is not None:
                sites.append(SinkSite(node, q, "call", sink))
                continue
            if q in spec.safe_variants or q.startswith(spec.safe_prefixes):
                sites.append(SinkSite(node, q, "safe_variant"))
                continue
            if (
                family == "xpath"
                and fn is not None
                and fn.type == "identifier"
                and _compiled_xpath(interp, info, fn, func)
            ):
                sites.append(SinkSite(node, text(fn), "call", Sink("<compiled-xpath>", ((-1, ""),))))
                continue
            if fn is not None and (not is_method or text(fn).startswith(("self.", "cls."))):
                target = engine.resolve_def(info.path, text(fn), line_of(node))
                wraps = target is not None and target[1].type == "function_definition"
                if target is not None and wraps and engine.sink_sites(target[0], target[1], family):
                    sites.append(SinkSite(node, text(fn), "wrapper", target=target))
        elif node.type == "return_statement" and lines is not None and returns and family == "xss":
            if node.named_children:
                sites.append(SinkSite(node, "<return>", "return"))
        elif node.type == "assignment" and family == "trust_boundary":
            left = node.child_by_field_name("left")
            if left is not None and left.type == "subscript":
                base = left.child_by_field_name("value")
                q, is_method = interp.qualify(base)
                if base is not None and (
                    q in SESSION_OBJECTS or (base.type == "attribute" and text(base).endswith(".session"))
                ):
                    sites.append(SinkSite(node, "<session-write>", "session"))
    # a return on the line is the sink only when nothing more specific is there
    specific = [s for s in sites if s.kind != "return"]
    return specific if specific else sites


def _compiled_xpath(interp: Interp, info: ModuleInfo, fn: Node, func: Node | None) -> bool:
    """``name`` was assigned ``etree.XPath(...)`` (in this function or at module level)."""
    name = text(fn)
    scopes = [
        s
        for s in (func.child_by_field_name("body") if func is not None else None, info.root)
        if s is not None
    ]
    for scope in scopes:
        for stmt in scope.named_children:
            node = (
                stmt.named_children[0]
                if stmt.type == "expression_statement" and stmt.named_children
                else None
            )
            if node is None or node.type != "assignment" or text(node.child_by_field_name("left")) != name:
                continue
            right = node.child_by_field_name("right")
            if right is not None and right.type == "call":
                q, _ = interp.qualify(right.child_by_field_name("function"))
                if q in {"lxml.etree.XPath", "lxml.etree.ETXPath"}:
                    return True
    return False


def _receiver_is_module(interp: Interp, fn: Node | None) -> bool:
    if fn is None or fn.type != "attribute":
        return False
    obj = fn.child_by_field_name("object")
    return obj is not None and obj.type == "identifier" and interp.info.qualify_root(text(obj)) is not None


def _qualifier(engine: Engine, info: ModuleInfo, family: Family, func: Node | None) -> Interp:
    """An interpreter used only to qualify names in ``func`` (locals shadow imports); cached per function."""
    key = (info.path, func.start_byte if func is not None else -1, family)
    interp = engine.qualifiers.get(key)
    if interp is not None:
        return interp
    interp = Interp(engine, info, family, frozenset(), func)
    if func is not None:
        from .python_engine import _assigned_names, params_of

        body = func.child_by_field_name("body")
        interp.locals = (_assigned_names(body) if body is not None else set()) | {
            p.name for p in params_of(func)
        }
    engine.qualifiers[key] = interp
    return interp


def _arg(hit: Hit, pos: int, kw: str) -> Val | None:
    if kw and kw in hit.kwargs:
        return hit.kwargs[kw]
    if pos == -1:
        return hit.receiver
    if 0 <= pos < len(hit.args):
        return hit.args[pos]
    if "*" in hit.kwargs or "**" in hit.kwargs:
        return join(hit.kwargs.get("*", CLEAN), hit.kwargs.get("**", CLEAN))
    return None


def _kw_node(call: Node, name: str, pos: int | None = None) -> Node | None:
    args = call.child_by_field_name("arguments")
    if args is None:
        return None
    positional = [a for a in args.named_children if a.type not in {"keyword_argument", "comment"}]
    for a in args.named_children:
        if a.type == "keyword_argument" and text(a.child_by_field_name("name")) == name:
            return a.child_by_field_name("value")
    if pos is not None and pos < len(positional):
        return positional[pos]
    return None


def _note(path: str, node: Node, why: str, role: str) -> Note:
    return Note(path, node.start_point[0] + 1, node.end_point[0] + 1, why, role)  # type: ignore[arg-type]


def dangerous_value(engine: Engine, info: ModuleInfo, site: SinkSite, hit: Hit, family: Family) -> Val:
    """The part of a reached sink an attacker must control for the finding to be real."""
    path = info.path
    node = site.node
    if site.kind == "safe_variant":
        if site.name in {"flask.send_from_directory", "werkzeug.utils.send_from_directory"}:
            directory = _arg(hit, 0, "directory") or CLEAN
            return directory.with_note(
                _note(
                    path,
                    node,
                    "send_from_directory() joins the file name safely under the directory",
                    "safe_variant",
                )
            )
        return Val().with_note(_note(path, node, f"{site.name}() is the safe variant", "safe_variant"))
    if (
        site.kind == "return"
        and node.named_children
        and node.named_children[0].type in {"dictionary", "list"}
    ):
        # Flask and FastAPI serialise a returned dict/list as JSON, not HTML
        return Val().with_note(
            _note(path, node, "a dict/list is returned as JSON (application/json)", "safe_variant")
        )
    if site.kind in {"return", "session"}:
        return join_all(hit.args) if hit.args else CLEAN
    if family in CONFIG_FAMILIES and site.kind == "call":
        return _config_value(engine, path, site, hit, family)
    if site.kind == "wrapper" and site.target is not None:
        return _wrapper_value(engine, site, hit, family)
    sink = site.sink
    if sink is None:
        return CLEAN
    q = site.name
    interp = _qualifier(engine, info, family, enclosing_function(node))
    # ---- safe variants decided by the call's own arguments
    if q in {"yaml.load", "yaml.load_all"}:
        loader_val = hit.kwargs.get("Loader") or (hit.args[1] if len(hit.args) > 1 else None)
        if loader_val is not None and "safe_yaml_loader" in loader_val.flags:
            return Val().with_note(
                _note(path, node, "loaded with a safe YAML loader (no Python objects)", "safe_variant")
            )
        loader = _kw_node(node, "Loader", 1)
        if loader is not None:
            lq, _ = interp.qualify(loader)
            if lq in SAFE_YAML_LOADERS:
                return Val().with_note(
                    _note(
                        path,
                        loader,
                        f"loaded with {lq.rsplit('.', 1)[-1]} (no Python objects)",
                        "safe_variant",
                    )
                )
    if q == "torch.load":
        weights = hit.kwargs.get("weights_only")
        if weights is not None and weights.const is True:
            return Val().with_note(
                _note(path, node, "torch.load(weights_only=True) restores tensors only", "safe_variant")
            )
    if q == "numpy.load":
        allow = hit.kwargs.get("allow_pickle")
        if allow is None or allow.const is False:
            return Val().with_note(
                _note(path, node, "numpy.load() without allow_pickle=True loads no pickles", "safe_variant")
            )
    if family == "xxe":
        safe = _xml_safe(path, node, q, hit)
        if safe is not None:
            return safe
    if family == "command":
        return _command_value(path, node, q, hit)
    if family == "xss":
        safe = _xss_safe(path, node, q, hit)
        if safe is not None:
            return safe
    if not sink.args:
        return join_all([*hit.args, *hit.kwargs.values()])
    vals = [v for pos, kw in sink.args if (v := _arg(hit, pos, kw)) is not None]
    return join_all(vals) if vals else CLEAN


_STDLIB_XML = ("xml.etree.", "xml.dom.minidom.", "xml.sax.", "xml.dom.pulldom.")

# Response constructors whose media type is set by a keyword; (keyword names, default when unset)
_RESPONSE_TYPES: dict[str, tuple[tuple[str, ...], str]] = {
    "flask.Response": (("mimetype", "content_type"), "text/html"),
    "werkzeug.wrappers.Response": (("mimetype", "content_type"), "text/plain"),
    "django.http.HttpResponse": (("content_type",), "text/html"),
    "aiohttp.web.Response": (("content_type",), "text/plain"),
}


def _renders_as_markup(media_type: str) -> bool:
    """A media type a browser renders as a document that can run script (HTML, XHTML, SVG, XML)."""
    t = media_type.split(";", 1)[0].strip().lower()
    return not t or any(w in t for w in ("html", "xml", "svg"))


def _xss_safe(path: str, node: Node, q: str, hit: Hit) -> Val | None:
    """A response served with a constant media type that browsers never render as markup
    (``text/plain``, ``application/json``, ...): a safe variant. None when it may be HTML."""
    if q in _RESPONSE_TYPES:
        keywords, default = _RESPONSE_TYPES[q]
        given = [hit.kwargs[k] for k in keywords if k in hit.kwargs]
        if "headers" in hit.kwargs or "**" in hit.kwargs or len(hit.args) > 2:
            return None  # the media type may come with the headers
        if any(not isinstance(v.const, str) for v in given):
            return None  # a media type chosen at run time
        media = str(given[0].const) if given else default
        if not _renders_as_markup(media):
            return Val().with_note(
                _note(path, node, f"served as {media}: browsers do not render it as HTML", "safe_variant")
            )
        return None
    if q == ".write" and hit.args and hit.args[0].fields is not None and hit.args[0].exact:
        chunk = _kw_node(node, "chunk", 0)
        if chunk is not None and chunk.type == "dictionary":
            # Tornado's RequestHandler.write() serialises a dict as JSON (application/json)
            return Val().with_note(
                _note(path, node, "a dict is written as JSON (application/json)", "safe_variant")
            )
    return None


def _xml_safe(path: str, node: Node, q: str, hit: Hit) -> Val | None:
    """XML parsing that cannot resolve external entities (a safe variant), or None."""
    resolve = hit.kwargs.get("resolve_entities")
    if resolve is not None and resolve.const is False:
        return Val().with_note(
            _note(path, node, "resolve_entities=False: entities are not resolved", "safe_variant")
        )
    parser = hit.kwargs.get("parser") or (
        hit.args[1] if len(hit.args) > 1 and q.startswith("lxml.") else None
    )
    if parser is not None and "safe_xml_parser" in parser.flags:
        return Val().with_note(
            _note(path, node, "parsed with an XMLParser that does not resolve entities", "safe_variant")
        )
    receiver = hit.receiver
    if q in {".parse", ".feed", ".parseString"}:
        if (
            receiver is not None
            and "sax_parser" in receiver.flags
            and "!external_entities" not in receiver.flags
        ):
            return Val().with_note(
                _note(path, node, "SAX parser with external entities off (the default)", "safe_variant")
            )
        return None
    if q.startswith(_STDLIB_XML):
        if parser is not None and "!external_entities" in parser.flags:
            return None
        if q.startswith("xml.dom.pulldom.") and _lazy_features_enabled(node):
            return None  # pulldom parses lazily: features set on the stream's parser later apply
        return Val().with_note(
            _note(path, node, f"{q}() uses expat, which does not resolve external entities", "safe_variant")
        )
    return None


def _lazy_features_enabled(call: Node) -> bool:
    """``events = pulldom.parse(...)`` followed by ``events.parser.setFeature(<external>, <not False>)``."""
    parent = call.parent
    if parent is None or parent.type != "assignment":
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
            if (
                fn is not None
                and fn.type == "attribute"
                and text(fn.child_by_field_name("attribute")) == "setFeature"
            ):
                recv = text(fn.child_by_field_name("object"))
                args = n.child_by_field_name("arguments")
                vals = [text(a) for a in args.named_children] if args is not None else []
                if (
                    recv.startswith(var + ".")
                    and len(vals) >= 2
                    and "external" in vals[0]
                    and vals[1] not in {"False", "0"}
                ):
                    return True
        stack.extend(n.named_children)
    return False


def _weak(path: str, node: Node, why: str) -> Val:
    return Val(origins=frozenset({Origin("source", why, path, node.start_point[0] + 1)}))


def _unknown(path: str, node: Node, why: str) -> Val:
    return Val(origins=frozenset({Origin("unknown", why, path, node.start_point[0] + 1)}))


def _config_value(engine: Engine, path: str, site: SinkSite, hit: Hit, family: Family) -> Val:
    """Configuration families: the call itself is weak or not (its arguments, its receiver)."""
    node, q = site.node, site.name
    if family == "weak_random":
        if q.startswith(".") and hit.receiver is not None:
            if "csprng" in hit.receiver.flags:
                return Val().with_note(
                    _note(path, node, f"{q[1:]}() of a SystemRandom (OS CSPRNG)", "safe_variant")
                )
            if "!weak_rng" in hit.receiver.flags:
                return _weak(path, node, f"{q[1:]}() of random.Random (not a CSPRNG)")
            return _unknown(path, node, f"{q[1:]}() of a generator of unknown kind")
        return _weak(path, node, f"{q}() (the random module is not a CSPRNG)")
    if family == "weak_hash":
        if q in {"hashlib.new", "hashlib.pbkdf2_hmac", "hmac.new", "hmac.digest"}:
            pos = 2 if q.startswith("hmac.") else 0
            kw = {
                "hashlib.new": "name",
                "hashlib.pbkdf2_hmac": "hash_name",
                "hmac.new": "digestmod",
                "hmac.digest": "digest",
            }[q]
            algo_val = _arg(hit, pos, kw)
            if algo_val is None:
                return _unknown(path, node, f"{q}() without a digest")
            names = [f[5:] for f in algo_val.flags if f.startswith("hash:")]
            algo = algo_val.const if isinstance(algo_val.const, str) else (names[0] if names else None)
            if algo is None:
                return _unknown(path, node, f"the algorithm of {q}() is not a constant")
            if algo.lower().replace("_", "-") in WEAK_HASHES or algo.lower() in WEAK_HASHES:
                return _weak(path, node, f"{algo} is a weak hash")
            return Val().with_note(_note(path, node, f"{q}() uses {algo}, a strong hash", "safe_variant"))
        used = hit.kwargs.get("usedforsecurity")
        if used is not None and used.const is False:
            return Val().with_note(
                _note(path, node, "usedforsecurity=False: not a security use", "safe_variant")
            )
        return _weak(path, node, f"{q.rsplit('.', 1)[-1]} is a weak hash")
    if family == "cookie":
        cwes = engine.finding_cwes
        needed = ["secure", "httponly"]
        if 614 in cwes and 1004 not in cwes:
            needed = ["secure"]
        elif 1004 in cwes and 614 not in cwes:
            needed = ["httponly"]
        missing = [k for k in needed if k not in hit.kwargs or hit.kwargs[k].const is not True]
        value = _arg(hit, 1, "value")
        lifetime = [hit.kwargs[k] for k in ("expires", "max_age") if k in hit.kwargs]
        if missing and value is not None and value.const == "" and any(v.const == 0 for v in lifetime):
            # an empty value that expires at once: the cookie is being deleted, nothing is exposed
            return Val().with_note(
                _note(path, node, "the cookie is cleared (empty value, expired)", "safe_variant")
            )
        if not missing:
            return Val().with_note(
                _note(path, node, "cookie set with " + ", ".join(f"{k}=True" for k in needed), "safe_variant")
            )
        unsure = [k for k in missing if k in hit.kwargs and not hit.kwargs[k].is_const]
        if unsure and len(unsure) == len(missing):
            return _unknown(path, node, f"cookie flag {unsure[0]} is not a constant")
        return _weak(path, node, "cookie set without " + " and ".join(f"{k}=True" for k in missing))
    if family == "request_timeout":
        timeout = hit.kwargs.get("timeout")
        if timeout is None:
            return _weak(path, node, f"{q}() without a timeout can wait forever on a slow server")
        if timeout.is_const and timeout.const is None:
            return _weak(path, node, f"{q}() with timeout=None waits forever on a slow server")
        if timeout.is_const or timeout.fields is not None:
            return Val().with_note(_note(path, node, f"{q}() sets a timeout", "safe_variant"))
        return _unknown(path, node, "the timeout is not a constant")
    if family == "tls":
        if q == "ssl._create_unverified_context":
            return _weak(path, node, "an unverified SSL context")
        verify = hit.kwargs.get("verify")
        if verify is None or (verify.is_const and verify.const is not False):
            return Val().with_note(
                _note(path, node, "certificates are verified (the default)", "safe_variant")
            )
        if verify.const is False:
            return _weak(path, node, "verify=False disables certificate checks")
        return _unknown(path, node, "verify is not a constant")
    return CLEAN


def _wrapper_value(engine: Engine, site: SinkSite, hit: Hit, family: Family) -> Val:
    """Interpret the wrapped function with the arguments of this call (their shape matters:
    a list passed to ``subprocess.run`` without a shell is not a command line)."""
    assert site.target is not None
    tpath, tfunc = site.target
    fn = site.node.child_by_field_name("function")
    receiver = hit.receiver if text(fn).startswith(("self.", "cls.")) else None
    bound = bind_params(tfunc, hit.args, hit.kwargs, receiver)
    inner_sites = engine.sink_sites(tpath, tfunc, family)
    tinfo = engine.module(tpath)
    if tinfo is None or not inner_sites:
        return Val()  # no evidence either way: the judgement cannot remove the finding on this
    result = engine.analyse(tpath, tfunc, family, frozenset(nkey(s.node) for s in inner_sites), bound=bound)
    name = text(tfunc.child_by_field_name("name"))
    vals: list[Val] = []
    for inner in inner_sites:
        ihit = result.hits.get(nkey(inner.node))
        if ihit is None:
            continue
        v = dangerous_value(engine, tinfo, inner, ihit, family)
        note = _note(tpath, inner.node, f"reaches {inner.name.lstrip('.')}() in {name}()", "sink")
        vals.append(v.with_step(note) if v.tainted else v.with_note(note))
    if not vals:
        # the wrapped sinks are not reached with these arguments
        return Val().with_note(
            _note(tpath, tfunc, f"no sink inside {name}() is reached with these arguments", "dead_branch")
        )
    return join_all(vals)


def _command_value(path: str, node: Node, q: str, hit: Hit) -> Val:
    if q.startswith("subprocess.") or q in {"asyncio.create_subprocess_exec", "pty.spawn"}:
        if q in {"subprocess.getoutput", "subprocess.getstatusoutput"}:
            return _arg(hit, 0, "cmd") or CLEAN
        args = _arg(hit, 0, "args") or CLEAN
        shell = hit.kwargs.get("shell")
        if q == "asyncio.create_subprocess_exec":
            return _argv_value(path, node, hit.args, exec_style=True)
        if shell is not None and (shell.const is not False and shell.const is not None and shell.const != 0):
            return args  # the whole command line goes through a shell
        if args.fields is not None and args.exact:
            return _argv_value(path, node, [v for _, v in args.fields], exact=True)
        if args.fields is not None and not args.exact and args.fields:
            first = args.fields[0][1] if args.fields[0][0] == 0 else None
            if first is not None and not first.tainted:
                return _argv_value(path, node, [v for _, v in args.fields], exact=False, whole=args)
        return args
    if q.startswith(("os.exec", "os.spawn")):
        at = _EXEC_PROGRAM_AT.get(q, 0)
        rest: list[Val] = []
        for v in hit.args[at:]:
            if v.fields is not None and v.exact:
                rest.extend(fv for _, fv in v.fields)
            else:
                rest.append(v)
        return _argv_value(path, node, rest, exact=True, skip_argv0=True)
    return join_all([*(hit.args[:1]), *[v for k, v in hit.kwargs.items() if k in {"command", "cmd"}]])


def _argv_value(
    path: str,
    node: Node,
    argv: list[Val],
    *,
    exact: bool = True,
    whole: Val | None = None,
    exec_style: bool = False,
    skip_argv0: bool = False,
) -> Val:
    """An argument vector run without a shell: only the program can inject a command, unless the
    program is itself a shell given ``-c``."""
    if not argv:
        return CLEAN
    program = argv[0]
    rest = argv[2:] if skip_argv0 else argv[1:]
    prog_name = program.const if isinstance(program.const, str) else None
    if prog_name is not None and posixpath.basename(prog_name).lower() in _SHELLS:
        flags = {v.const for v in rest if isinstance(v.const, str)}
        if flags & {"-c", "/c", "/C", "-Command", "-command"} or not exact:
            return join_all(argv if whole is None else [*argv, whole])
    if not exact and whole is not None and program.tainted:
        return whole
    if program.tainted:
        return program
    return replace(program, origins=frozenset()).with_note(
        _note(
            path, node, "argument list run without a shell: arguments cannot inject commands", "safe_variant"
        )
    )
