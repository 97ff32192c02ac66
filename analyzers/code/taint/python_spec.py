"""Python API semantics for the offline analyst, as data: sources, propagators, sanitizers,
sinks and safe variants, one table per family.

Names are fully qualified after import resolution (``from flask import request`` makes
``request.args`` the name ``flask.request.args``). A name starting with ``.`` is a
method on any object (``.execute`` matches ``cursor.execute``). Aliases of the same
module are normalised by :data:`MODULE_ALIASES` first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .families import Family

MODULE_ALIASES: Final[dict[str, str]] = {
    "_pickle": "pickle",
    "cPickle": "pickle",
    "dill": "pickle",
    "cloudpickle": "pickle",
    "posixpath": "os.path",
    "ntpath": "os.path",
    "xml.etree.cElementTree": "xml.etree.ElementTree",
    "flask.helpers": "flask",
    "flask.wrappers": "flask",
    "quart": "flask",
    "bottle": "flask",
    "werkzeug.secure_filename": "werkzeug.utils.secure_filename",
    "jinja2.utils": "markupsafe",
    "flask.templating": "flask",
    "django.utils.html": "django.utils.html",
    "starlette.responses": "fastapi.responses",
    "subprocess32": "subprocess",
    "commands": "subprocess",
    "urllib2": "urllib.request",
    "ldap3.utils.conv": "ldap.filter",
    "ldap3.utils.dn": "ldap.dn",
}

# ---------------------------------------------------------------- sources (all families)

# Objects whose every attribute, item and method result is attacker-controlled.
SOURCE_OBJECTS: Final[frozenset[str]] = frozenset(
    {
        "flask.request",
        "flask.request.args",
        "werkzeug.utils.request",
        "sys.argv",
        "sys.stdin",
        "os.environ",
        "fastapi.Request",
        "cgi.FieldStorage",
    }
)
# Calls returning attacker-controlled data (user input, environment, files, sockets, processes, network).
SOURCE_CALLS: Final[frozenset[str]] = frozenset(
    {
        "input",
        "raw_input",
        "os.getenv",
        "os.getenvb",
        "os.environ.get",
        "os.read",
        "open",
        "io.open",
        "codecs.open",
        "os.fdopen",
        "socket.socket",
        "socket.create_connection",
        "urllib.request.urlopen",
        "requests.get",
        "requests.post",
        "requests.request",
        "httpx.get",
        "httpx.post",
        "subprocess.check_output",
        "subprocess.getoutput",
        "subprocess.getstatusoutput",
        "fileinput.input",
        "cgi.FieldStorage",
        "argparse.ArgumentParser.parse_args",
        "getpass.getpass",
    }
)
# Methods that read external data from whatever object they are called on.
SOURCE_METHODS: Final[frozenset[str]] = frozenset(
    {
        "read",
        "readline",
        "readlines",
        "read_text",
        "read_bytes",
        "recv",
        "recvfrom",
        "recv_into",
        "communicate",
        "parse_args",
        "parse_known_args",
        "get_json",
        "get_data",
        "makefile",
        "urlopen",
        # Tornado's RequestHandler: request arguments and cookies
        "get_argument",
        "get_arguments",
        "get_query_argument",
        "get_query_arguments",
        "get_body_argument",
        "get_body_arguments",
        "get_cookie",
        "get_secure_cookie",
        "get_signed_cookie",
        # aiohttp's Request
        "post",
        "text",
        "multipart",
    }
)
# Parameter annotations meaning "a framework fills this from the request" (FastAPI/Starlette/Django).
REQUEST_TYPES: Final[frozenset[str]] = frozenset({"Request", "HttpRequest", "WSGIRequest", "UploadFile"})

# ---------------------------------------------------------------- propagation

# Calls whose result carries the taint of their arguments (and of nothing else).
PROPAGATORS: Final[frozenset[str]] = frozenset(
    {
        "str",
        "repr",
        "format",
        "bytes",
        "bytearray",
        "list",
        "tuple",
        "set",
        "frozenset",
        "dict",
        "sorted",
        "reversed",
        "iter",
        "next",
        "enumerate",
        "zip",
        "map",
        "filter",
        "min",
        "max",
        "sum",
        "getattr",
        "os.path.join",
        "os.path.normpath",
        "os.path.expanduser",
        "os.path.expandvars",
        "os.path.dirname",
        "os.path.splitext",
        "os.path.split",
        "os.fspath",
        "os.fsencode",
        "os.fsdecode",
        "pathlib.Path",
        "pathlib.PurePath",
        "pathlib.PosixPath",
        "pathlib.PurePosixPath",
        "json.dumps",
        "json.loads",
        "pickle.dumps",
        "marshal.dumps",
        "yaml.dump",
        "yaml.safe_dump",
        "json.load",
        "urllib.parse.unquote",
        "urllib.parse.unquote_plus",
        "urllib.parse.urljoin",
        "urllib.parse.urlparse",
        "urllib.parse.urlsplit",
        "urllib.parse.urlunparse",
        "urllib.parse.urlencode",
        "urllib.parse.parse_qs",
        "urllib.parse.parse_qsl",
        "base64.b64decode",
        "base64.b64encode",
        "base64.urlsafe_b64decode",
        "base64.urlsafe_b64encode",
        "binascii.unhexlify",
        "codecs.decode",
        "codecs.encode",
        "copy.copy",
        "copy.deepcopy",
        "textwrap.dedent",
        "textwrap.indent",
        "textwrap.shorten",
        "textwrap.fill",
        "string.Template",
        "re.sub",
        "re.subn",
        "re.split",
        "re.findall",
        "re.match",
        "re.search",
        "re.fullmatch",
        "unicodedata.normalize",
        "io.StringIO",
        "io.BytesIO",
        "collections.OrderedDict",
        "collections.defaultdict",
        "functools.reduce",
        "shlex.split",
        "operator.itemgetter",
        "html.unescape",
        "xml.sax.saxutils.unescape",
    }
)
# Calls whose result is never attacker-controlled text (numbers, booleans, fresh ids, time, digests).
CLEAN_CALLS: Final[frozenset[str]] = frozenset(
    {
        "len",
        "hash",
        "id",
        "isinstance",
        "issubclass",
        "callable",
        "hasattr",
        "range",
        "abs",
        "round",
        "ord",
        "divmod",
        "uuid.uuid1",
        "uuid.uuid4",
        "time.time",
        "time.monotonic",
        "time.perf_counter",
        "datetime.datetime.now",
        "datetime.datetime.utcnow",
        "datetime.date.today",
        "os.getcwd",
        "os.getpid",
        "os.urandom",
        "os.cpu_count",
        "secrets.token_hex",
        "secrets.token_urlsafe",
        "secrets.token_bytes",
        "secrets.randbelow",
        "tempfile.mkdtemp",
        "tempfile.gettempdir",
        "tempfile.NamedTemporaryFile",
        "tempfile.TemporaryDirectory",
        "tempfile.mkstemp",
        "binascii.hexlify",
        "random.random",
        "random.randint",
        "random.randrange",
        "random.getrandbits",
        "random.uniform",
        "logging.getLogger",
        "sqlite3.connect",
        "flask.Flask",
        "flask.Blueprint",
        "flask.jsonify",
        "flask.url_for",
        "django.urls.reverse",
    }
)
CLEAN_METHODS: Final[frozenset[str]] = frozenset(
    {
        "hexdigest",
        "digest",
        "isdigit",
        "isdecimal",
        "isnumeric",
        "isalnum",
        "isalpha",
        "isidentifier",
        "isspace",
        "isupper",
        "islower",
        "startswith",
        "endswith",
        "count",
        "find",
        "rfind",
        "index",
        "rindex",
        "exists",
        "is_file",
        "is_dir",
        "isoformat",
        "timestamp",
        "total_seconds",
        "cursor",
        "fetchone",
        "fetchall",
        "fetchmany",
        "commit",
        "close",
    }
)
# Numeric/parsing casts: the result cannot carry injected syntax (any string family).
CASTS: Final[frozenset[str]] = frozenset(
    {
        "int",
        "float",
        "complex",
        "bool",
        "decimal.Decimal",
        "uuid.UUID",
        "ipaddress.ip_address",
        "ipaddress.ip_network",
        "ipaddress.IPv4Address",
        "ipaddress.IPv6Address",
        "datetime.date.fromisoformat",
        "datetime.datetime.fromisoformat",
        "datetime.datetime.strptime",
        "fractions.Fraction",
    }
)
# Calls that resolve a path (needed before a prefix/commonpath check means anything).
PATH_NORMALIZERS: Final[frozenset[str]] = frozenset(
    {"os.path.realpath", "os.path.abspath", "os.path.normpath", ".resolve", ".absolute"}
)
# str methods that keep the taint of their receiver (and arguments).
STR_PROPAGATING_METHODS: Final[frozenset[str]] = frozenset(
    {
        "strip",
        "lstrip",
        "rstrip",
        "lower",
        "upper",
        "title",
        "capitalize",
        "casefold",
        "swapcase",
        "replace",
        "split",
        "rsplit",
        "splitlines",
        "partition",
        "rpartition",
        "join",
        "format",
        "format_map",
        "encode",
        "decode",
        "ljust",
        "rjust",
        "center",
        "zfill",
        "removeprefix",
        "removesuffix",
        "expandtabs",
        "translate",
        "get",
        "getlist",
        "pop",
        "copy",
        "items",
        "values",
        "group",
        "groups",
        "groupdict",
        "substitute",
        "safe_substitute",
        "geturl",
        "as_posix",
        "joinpath",
        "with_name",
        "with_suffix",
    }
)

# ---------------------------------------------------------------- families


@dataclass(frozen=True)
class Sink:
    """A dangerous call: ``args`` are the dangerous (position, keyword) pairs; position -1 is the
    receiver (``Path(p).read_text()``); no args means every argument is dangerous."""

    name: str
    args: tuple[tuple[int, str], ...] = ((0, ""),)


@dataclass(frozen=True)
class PyFamily:
    sinks: tuple[Sink, ...]
    sanitizers: frozenset[str] = frozenset()
    safe_variants: frozenset[str] = frozenset()  # the safe API of the family (a finding on it is removed)
    safe_prefixes: tuple[str, ...] = ()  # whole safe packages (defusedxml)
    validators: frozenset[str] = frozenset()  # predicates whose truth makes their argument safe
    dangerous_chars: str = ""  # a value restricted (by a regex guard) to other characters is safe
    casts_clean: bool = True  # numeric casts make a value safe
    description: str = ""


_ALL = ()

FAMILIES: Final[dict[Family, PyFamily]] = {
    "sql": PyFamily(
        description="SQL injection",
        sinks=(
            Sink(".execute", ((0, "sql"), (0, "operation"), (0, "query"), (0, "statement"))),
            Sink(".executemany", ((0, "sql"), (0, "operation"))),
            Sink(".executescript", ((0, "sql_script"),)),
            Sink(".mogrify", ((0, "query"),)),
            Sink(".fetch", ((0, "query"),)),
            Sink(".fetchrow", ((0, "query"),)),
            Sink(".fetchval", ((0, "query"),)),
            Sink(".raw", ((0, "raw_query"),)),
            Sink(".extra", _ALL),
            Sink("django.db.models.expressions.RawSQL", ((0, "sql"),)),
            Sink("django.db.models.RawSQL", ((0, "sql"),)),
            Sink("sqlalchemy.text", ((0, "text"),)),
            Sink("pandas.read_sql", ((0, "sql"),)),
            Sink("pandas.read_sql_query", ((0, "sql"),)),
        ),
        sanitizers=frozenset(
            {
                "psycopg2.sql.Identifier",
                "psycopg2.sql.Literal",
                "psycopg.sql.Identifier",
                "psycopg.sql.Literal",
                "pymysql.converters.escape_string",
                "MySQLdb.escape_string",
                ".escape_string",
                ".literal",
                "sqlalchemy.bindparam",
            }
        ),
        # query builders of the ORMs: values are bound as parameters
        safe_variants=frozenset(
            {".filter", ".exclude", ".filter_by", ".order_by", ".get_or_create", ".update_or_create"}
        ),
        dangerous_chars="'\";\\-/*# ()=<>,%",
    ),
    "command": PyFamily(
        description="OS command injection",
        sinks=(
            Sink("os.system", ((0, "command"),)),
            Sink("os.popen", ((0, "cmd"),)),
            Sink("os.popen2"),
            Sink("os.popen3"),
            Sink("subprocess.run", ((0, "args"),)),
            Sink("subprocess.call", ((0, "args"),)),
            Sink("subprocess.check_call", ((0, "args"),)),
            Sink("subprocess.check_output", ((0, "args"),)),
            Sink("subprocess.Popen", ((0, "args"),)),
            Sink("subprocess.getoutput", ((0, "cmd"),)),
            Sink("subprocess.getstatusoutput", ((0, "cmd"),)),
            Sink("os.execl", _ALL),
            Sink("os.execle", _ALL),
            Sink("os.execlp", _ALL),
            Sink("os.execlpe", _ALL),
            Sink("os.execv", _ALL),
            Sink("os.execve", _ALL),
            Sink("os.execvp", _ALL),
            Sink("os.execvpe", _ALL),
            Sink("os.spawnl", _ALL),
            Sink("os.spawnle", _ALL),
            Sink("os.spawnlp", _ALL),
            Sink("os.spawnlpe", _ALL),
            Sink("os.spawnv", _ALL),
            Sink("os.spawnve", _ALL),
            Sink("os.spawnvp", _ALL),
            Sink("os.spawnvpe", _ALL),
            Sink("os.startfile", ((0, "filepath"),)),
            Sink("pty.spawn", ((0, "argv"),)),
            Sink("asyncio.create_subprocess_shell", ((0, "cmd"),)),
            Sink("asyncio.create_subprocess_exec", _ALL),
            Sink("popen2.popen2"),
        ),
        sanitizers=frozenset({"shlex.quote", "pipes.quote", "shlex.join"}),
        dangerous_chars=";|&$`<>()\n\r'\"\\ *?[]{}!#~",
    ),
    "path": PyFamily(
        description="path traversal",
        sinks=(
            Sink("open", ((0, "file"),)),
            Sink("io.open", ((0, "file"),)),
            Sink("codecs.open", ((0, "filename"),)),
            Sink("os.open", ((0, "path"),)),
            Sink("os.remove", ((0, "path"),)),
            Sink("os.unlink", ((0, "path"),)),
            Sink("os.rmdir", ((0, "path"),)),
            Sink("os.mkdir", ((0, "path"),)),
            Sink("os.makedirs", ((0, "name"),)),
            Sink("os.listdir", ((0, "path"),)),
            Sink("os.stat", ((0, "path"),)),
            Sink("os.chmod", ((0, "path"),)),
            Sink("os.rename", ((0, "src"), (1, "dst"))),
            Sink("os.replace", ((0, "src"), (1, "dst"))),
            Sink("shutil.copy", ((0, "src"), (1, "dst"))),
            Sink("shutil.copyfile", ((0, "src"), (1, "dst"))),
            Sink("shutil.copy2", ((0, "src"), (1, "dst"))),
            Sink("shutil.move", ((0, "src"), (1, "dst"))),
            Sink("shutil.rmtree", ((0, "path"),)),
            Sink("pathlib.Path", _ALL),
            Sink("flask.send_file", ((0, "path_or_file"),)),
            Sink("django.http.FileResponse", ((0, ""),)),
            Sink("fastapi.responses.FileResponse", ((0, "path"),)),
            Sink(".read_text", ((-1, ""),)),
            Sink(".read_bytes", ((-1, ""),)),
            Sink(".write_text", ((-1, ""),)),
            Sink(".write_bytes", ((-1, ""),)),
            Sink(".unlink", ((-1, ""),)),
            Sink(".open", ((-1, ""),)),
            Sink("tarfile.open", ((0, "name"),)),
            Sink(".save", ((0, "dst"),)),
            Sink(".extractall", ((-1, ""), (0, "members"))),
            Sink(".extract", ((-1, ""),)),
        ),
        sanitizers=frozenset(
            {
                "os.path.basename",
                "werkzeug.utils.secure_filename",
                "werkzeug.utils.safe_join",
                "flask.safe_join",
                "django.utils.text.get_valid_filename",
            }
        ),
        safe_variants=frozenset({"flask.send_from_directory", "werkzeug.utils.send_from_directory"}),
        dangerous_chars="/\\.",
    ),
    "xss": PyFamily(
        description="cross-site scripting",
        sinks=(
            Sink("flask.make_response", ((0, "rv"),)),
            Sink("flask.Response", ((0, "response"),)),
            Sink("werkzeug.wrappers.Response", ((0, "response"),)),
            Sink("django.http.HttpResponse", ((0, "content"),)),
            Sink("fastapi.responses.HTMLResponse", ((0, "content"),)),
            Sink("flask.render_template_string", ((0, "source"),)),
            Sink("jinja2.Template", ((0, "source"),)),
            Sink("markupsafe.Markup", ((0, "base"),)),
            Sink("flask.Markup", ((0, "base"),)),
            Sink("jinja2.Markup", ((0, "base"),)),
            Sink("django.utils.safestring.mark_safe", ((0, "s"),)),
            Sink("django.utils.safestring.SafeString", ((0, ""),)),
            Sink(".write", ((0, "chunk"),)),
            Sink("aiohttp.web.Response", ((-2, "text"), (-2, "body"))),
            Sink("<return>", ((0, ""),)),
        ),
        sanitizers=frozenset(
            {
                "html.escape",
                "cgi.escape",
                "markupsafe.escape",
                "flask.escape",
                "jinja2.escape",
                "django.utils.html.escape",
                "django.utils.html.conditional_escape",
                "django.utils.html.format_html",
                "django.utils.html.strip_tags",
                "bleach.clean",
                "xml.sax.saxutils.escape",
                "urllib.parse.quote",
                "urllib.parse.quote_plus",
                "markupsafe.Markup.escape",
                "flask.jsonify",
                "django.http.JsonResponse",
                "fastapi.responses.JSONResponse",
                "fastapi.responses.PlainTextResponse",
                "tornado.escape.xhtml_escape",
                "aiohttp.web.json_response",
            }
        ),
        safe_variants=frozenset(
            {"flask.render_template", "django.shortcuts.render", "django.template.loader.render_to_string"}
        ),
        dangerous_chars="<>\"'&",
    ),
    "code": PyFamily(
        description="code injection",
        sinks=(
            Sink("eval", ((0, "source"),)),
            Sink("exec", ((0, "source"),)),
            Sink("compile", ((0, "source"),)),
            Sink("builtins.eval", ((0, "source"),)),
            Sink("builtins.exec", ((0, "source"),)),
            Sink("importlib.import_module", ((0, "name"),)),
            Sink("__import__", ((0, "name"),)),
            Sink("runpy.run_path", ((0, "path_name"),)),
            Sink("runpy.run_module", ((0, "mod_name"),)),
            Sink("flask.render_template_string", ((0, "source"),)),
            Sink("jinja2.Template", ((0, "source"),)),
            Sink(".from_string", ((0, "source"),)),
        ),
        safe_variants=frozenset({"ast.literal_eval", "json.loads"}),
        dangerous_chars="()[]._'\"+-*/%<>=!&|^~,;:@ ",
    ),
    "deserialization": PyFamily(
        description="unsafe deserialization",
        sinks=(
            Sink("pickle.loads", ((0, "data"),)),
            Sink("pickle.load", ((0, "file"),)),
            Sink("pickle.Unpickler", ((0, "file"),)),
            Sink("marshal.loads", ((0, "bytes"),)),
            Sink("marshal.load", ((0, "file"),)),
            Sink("shelve.open", ((0, "filename"),)),
            Sink("jsonpickle.decode", ((0, "string"),)),
            Sink("yaml.load", ((0, "stream"),)),
            Sink("yaml.load_all", ((0, "stream"),)),
            Sink("yaml.unsafe_load", ((0, "stream"),)),
            Sink("yaml.full_load", ((0, "stream"),)),
            Sink("pandas.read_pickle", ((0, "filepath_or_buffer"),)),
            Sink("numpy.load", ((0, "file"),)),
            Sink("torch.load", ((0, "f"),)),
            Sink("joblib.load", ((0, "filename"),)),
        ),
        # bytes the program serialised itself: an attacker cannot choose what they rebuild
        sanitizers=frozenset({"pickle.dumps", "marshal.dumps", "jsonpickle.encode"}),
        safe_variants=frozenset({"yaml.safe_load", "yaml.safe_load_all", "json.loads", "json.load"}),
        casts_clean=False,
    ),
    "xxe": PyFamily(
        description="XML external entities",
        sinks=(
            Sink("xml.etree.ElementTree.parse", ((0, "source"),)),
            Sink("xml.etree.ElementTree.fromstring", ((0, "text"),)),
            Sink("xml.etree.ElementTree.XML", ((0, "text"),)),
            Sink("xml.etree.ElementTree.iterparse", ((0, "source"),)),
            Sink("xml.etree.ElementTree.fromstringlist", ((0, "sequence"),)),
            Sink("xml.etree.ElementTree.XMLParser", _ALL),
            Sink("xml.dom.minidom.parse", ((0, "file"),)),
            Sink("xml.dom.minidom.parseString", ((0, "string"),)),
            Sink("xml.dom.pulldom.parse", ((0, "stream_or_string"),)),
            Sink("xml.dom.pulldom.parseString", ((0, "string"),)),
            Sink("xml.sax.parse", ((0, "source"),)),
            Sink("xml.sax.parseString", ((0, "string"),)),
            Sink("xml.sax.make_parser", _ALL),
            Sink("lxml.etree.parse", ((0, "source"),)),
            Sink("lxml.etree.fromstring", ((0, "text"),)),
            Sink("lxml.etree.XML", ((0, "text"),)),
            Sink("lxml.etree.iterparse", ((0, "source"),)),
            Sink("lxml.etree.XMLParser", _ALL),
            Sink(".parse", ((0, "source"),)),
            Sink(".parseString", ((0, "string"),)),
            Sink(".feed", ((0, "data"),)),
        ),
        safe_prefixes=("defusedxml.",),
        casts_clean=False,
    ),
    "ldap": PyFamily(
        description="LDAP injection",
        sinks=(
            Sink(".search_s", _ALL),
            Sink(".search_st", _ALL),
            Sink(".search_ext", _ALL),
            Sink(".search_ext_s", _ALL),
            Sink(".search", ((0, "search_base"), (1, "search_filter"))),
        ),
        sanitizers=frozenset(
            {
                "ldap.filter.escape_filter_chars",
                "ldap.filter.filter_format",
                "ldap.dn.escape_dn_chars",
                "ldap.dn.escape_rdn",
            }
        ),
        dangerous_chars='*()\\\x00/=,+<>#;"',
    ),
    "xpath": PyFamily(
        description="XPath injection",
        sinks=(
            Sink(".xpath", ((0, "_path"),)),
            Sink("lxml.etree.XPath", ((0, "path"),)),
            Sink("lxml.etree.ETXPath", ((0, "path"),)),
            Sink(".find", ((0, "path"),)),
            Sink(".findall", ((0, "path"),)),
            Sink(".iterfind", ((0, "path"),)),
            Sink(".findtext", ((0, "path"),)),
            Sink(".evaluate", ((0, ""),)),
        ),
        dangerous_chars="'\"[]()/=@*|:<>!$ ",
    ),
    "redirect": PyFamily(
        description="open redirect",
        sinks=(
            Sink("flask.redirect", ((0, "location"),)),
            Sink("werkzeug.utils.redirect", ((0, "location"),)),
            Sink("django.shortcuts.redirect", ((0, "to"),)),
            Sink("django.http.HttpResponseRedirect", ((0, "redirect_to"),)),
            Sink("django.http.HttpResponsePermanentRedirect", ((0, "redirect_to"),)),
            Sink("fastapi.responses.RedirectResponse", ((0, "url"),)),
        ),
        sanitizers=frozenset({"flask.url_for", "django.urls.reverse", "django.shortcuts.resolve_url"}),
        validators=frozenset(
            {
                "django.utils.http.url_has_allowed_host_and_scheme",
                "django.utils.http.is_safe_url",
            }
        ),
        dangerous_chars=":/\\",
    ),
    "ssrf": PyFamily(
        description="server-side request forgery",
        sinks=(
            Sink("requests.get", ((0, "url"),)),
            Sink("requests.post", ((0, "url"),)),
            Sink("requests.put", ((0, "url"),)),
            Sink("requests.delete", ((0, "url"),)),
            Sink("requests.head", ((0, "url"),)),
            Sink("requests.patch", ((0, "url"),)),
            Sink("requests.request", ((1, "url"),)),
            Sink("urllib.request.urlopen", ((0, "url"),)),
            Sink("urllib.request.Request", ((0, "url"),)),
            Sink("urllib.request.urlretrieve", ((0, "url"),)),
            Sink("httpx.get", ((0, "url"),)),
            Sink("httpx.post", ((0, "url"),)),
            Sink("http.client.HTTPConnection", ((0, "host"),)),
            Sink("http.client.HTTPSConnection", ((0, "host"),)),
        ),
        dangerous_chars=":/@\\?#",
    ),
    "trust_boundary": PyFamily(
        description="trust boundary violation",
        sinks=(Sink("<session-write>", ((0, ""),)),),
        casts_clean=True,
    ),
    # ---- configuration families: the sink's own arguments/receiver decide (see python_sinks)
    "weak_random": PyFamily(
        description="weak randomness",
        sinks=(
            *(
                Sink(f"random.{f}", _ALL)
                for f in (
                    "random",
                    "randint",
                    "randrange",
                    "choice",
                    "choices",
                    "shuffle",
                    "sample",
                    "uniform",
                    "getrandbits",
                    "randbytes",
                    "triangular",
                    "gauss",
                    "betavariate",
                    "expovariate",
                    "normalvariate",
                    "lognormvariate",
                    "seed",
                )
            ),
            *(
                Sink(f".{m}", ((-1, ""),))
                for m in (
                    "random",
                    "randint",
                    "randrange",
                    "choice",
                    "choices",
                    "shuffle",
                    "sample",
                    "uniform",
                    "getrandbits",
                    "randbytes",
                )
            ),
            Sink("numpy.random.rand", _ALL),
            Sink("numpy.random.randint", _ALL),
            Sink("numpy.random.choice", _ALL),
        ),
        safe_variants=frozenset(
            {
                "random.SystemRandom",
                "secrets.SystemRandom",
                "os.urandom",
                "uuid.uuid4",
                "secrets.choice",
                "secrets.randbelow",
                "secrets.randbits",
                "secrets.token_hex",
                "secrets.token_bytes",
                "secrets.token_urlsafe",
            }
        ),
        safe_prefixes=("secrets.",),
    ),
    "weak_hash": PyFamily(
        description="weak hash",
        sinks=(
            Sink("hashlib.md5", _ALL),
            Sink("hashlib.sha1", _ALL),
            Sink("hashlib.md4", _ALL),
            Sink("hashlib.new", ((0, "name"),)),
            Sink("hashlib.pbkdf2_hmac", ((0, "hash_name"),)),
            Sink("hmac.new", ((2, "digestmod"),)),
            Sink("hmac.digest", ((2, "digest"),)),
            Sink("Crypto.Hash.MD5.new", _ALL),
            Sink("Crypto.Hash.SHA1.new", _ALL),
            Sink("Crypto.Hash.SHA.new", _ALL),
            Sink("Cryptodome.Hash.MD5.new", _ALL),
            Sink("Cryptodome.Hash.SHA1.new", _ALL),
            Sink("cryptography.hazmat.primitives.hashes.MD5", _ALL),
            Sink("cryptography.hazmat.primitives.hashes.SHA1", _ALL),
        ),
        safe_variants=frozenset(
            {
                "hashlib.sha224",
                "hashlib.sha256",
                "hashlib.sha384",
                "hashlib.sha512",
                "hashlib.sha3_224",
                "hashlib.sha3_256",
                "hashlib.sha3_384",
                "hashlib.sha3_512",
                "hashlib.blake2b",
                "hashlib.blake2s",
                "hashlib.scrypt",
                "bcrypt.hashpw",
                "cryptography.hazmat.primitives.hashes.SHA256",
                "cryptography.hazmat.primitives.hashes.SHA512",
                "Crypto.Hash.SHA256.new",
                "Cryptodome.Hash.SHA256.new",
            }
        ),
    ),
    "cookie": PyFamily(
        description="cookie without security flags",
        sinks=(Sink(".set_cookie", _ALL), Sink(".set_signed_cookie", _ALL)),
    ),
    "request_timeout": PyFamily(
        description="HTTP request without a timeout",
        sinks=tuple(
            Sink(f"requests.{m}", _ALL)
            for m in ("get", "post", "put", "delete", "head", "patch", "options", "request")
        ),
    ),
    "tls": PyFamily(
        description="certificate validation disabled",
        sinks=(
            *(
                Sink(f"requests.{m}", _ALL)
                for m in ("get", "post", "put", "delete", "head", "patch", "request")
            ),
            *(Sink(f"httpx.{m}", _ALL) for m in ("get", "post", "put", "delete", "Client", "AsyncClient")),
            *(Sink(f".{m}", _ALL) for m in ("get", "post", "put", "delete", "request")),
            Sink("ssl._create_unverified_context", _ALL),
        ),
    ),
}

# Families whose sinks are judged on their own arguments (no attacker data flow involved).
CONFIG_FAMILIES: Final[frozenset[str]] = frozenset(
    {"weak_random", "weak_hash", "cookie", "tls", "request_timeout"}
)
# Hash constructors by algorithm (a value that *is* a hash constructor carries "hash:<name>").
HASH_CONSTRUCTORS: Final[dict[str, str]] = {
    "hashlib.md5": "md5",
    "hashlib.sha1": "sha1",
    "hashlib.sha224": "sha224",
    "hashlib.sha256": "sha256",
    "hashlib.sha384": "sha384",
    "hashlib.sha512": "sha512",
    "hashlib.sha3_256": "sha3_256",
    "hashlib.sha3_512": "sha3_512",
    "hashlib.blake2b": "blake2b",
    "hashlib.blake2s": "blake2s",
    "Crypto.Hash.MD5": "md5",
    "Crypto.Hash.SHA1": "sha1",
    "Crypto.Hash.SHA256": "sha256",
}

# Session objects for the trust-boundary family (items written into them cross the boundary).
SESSION_OBJECTS: Final[frozenset[str]] = frozenset({"flask.session", ".session"})

# ---------------------------------------------------------------- configuration families

SAFE_YAML_LOADERS: Final[frozenset[str]] = frozenset(
    {"yaml.SafeLoader", "yaml.CSafeLoader", "yaml.BaseLoader", "yaml.CBaseLoader"}
)
WEAK_HASHES: Final[frozenset[str]] = frozenset({"md5", "sha1", "md4", "md2", "sha", "ripemd160", "sha-1"})
# Calls that end the current request/program (a guard's failure branch).
TERMINATORS: Final[frozenset[str]] = frozenset(
    {
        "flask.abort",
        "werkzeug.exceptions.abort",
        "sys.exit",
        "exit",
        "quit",
        "os._exit",
        "os.abort",
        "django.http.Http404",
        "fastapi.HTTPException",
    }
)

# Library calls named in any family's tables: outside their own family they pass their arguments on.
LIBRARY_CALLS: Final[frozenset[str]] = frozenset(
    name
    for fam in FAMILIES.values()
    for name in (*(s.name for s in fam.sinks), *fam.sanitizers, *fam.safe_variants)
    if not name.startswith((".", "<"))
)

# Calls whose result is an object of a kind some family cares about.
CALL_FLAGS: Final[dict[str, str]] = {
    "random.SystemRandom": "csprng",
    "secrets.SystemRandom": "csprng",
    "random.Random": "!weak_rng",
}
