"""The language server: LSP features wired to a :class:`~.session.Session`.

Handlers are thin and contained: an exception is logged and reported, the server
keeps serving. Nothing heavy is imported here (langgraph and litellm are loaded on
the graph thread after ``initialized``).
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import sys
from collections.abc import Awaitable, Callable
from typing import Any, BinaryIO, ParamSpec, TypeVar

from lsprotocol import types as lsp
from pygls.exceptions import FeatureNotificationError, JsonRpcMethodNotFound
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from . import commands as cmds
from . import fixes
from .code_actions import (
    CMD_CANCEL,
    CMD_FIX,
    CMD_INVESTIGATE,
    CMD_INVESTIGATE_FILE,
    CMD_INVESTIGATE_WORKSPACE,
    CMD_JUDGE,
    CMD_SHOW_REPORT,
    QUICKFIX,
    SOURCE,
    FindingContext,
    actions_for,
)
from .diagnostics import client_range
from .findings_list import CMD_FINDINGS, findings_payload
from .hover import at_position, finding_markdown
from .options import section_of
from .positions import from_client
from .session import Session
from .sources import read_lines
from .transport import serve

log = logging.getLogger(__name__)

NAME = "sastls"
VERSION = "0.1.0"

P = ParamSpec("P")
R = TypeVar("R")


class SastlsProtocol(LanguageServerProtocol):
    """Adds what pygls does not pass to handlers: ``$/cancelRequest`` of a running command and
    the ``workDoneToken`` of ``workspace/executeCommand``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.on_cancel_request: Callable[[str | int], object] | None = None
        self.work_done_tokens: dict[str | int, lsp.ProgressToken] = {}
        self._notes = itertools.count(1)

    def _handle_notification(self, method_name: str, params: Any) -> None:
        """pygls' own, with a counter for the internal id (uuid4 reads /dev/urandom every time,
        a system call that gives the GIL away once per keystroke)."""
        if method_name == lsp.CANCEL_REQUEST:
            self._handle_cancel_notification(params.id)
            return
        try:
            handler = self._get_handler(method_name)
        except JsonRpcMethodNotFound:
            log.debug("ignoring notification %s", method_name)
            return
        try:
            self._execute_handler(
                msg_id=f"n{next(self._notes)}",
                handler=handler,
                args=(params,),
                callback=self._check_handler_result,
            )
        except Exception as error:
            log.exception("notification %s failed", method_name)
            self._server._report_server_error(error, FeatureNotificationError)

    def _handle_cancel_notification(self, msg_id: Any) -> None:
        super()._handle_cancel_notification(msg_id)
        if self.on_cancel_request is not None:
            self.on_cancel_request(msg_id)

    def _handle_request(self, msg_id: Any, method_name: str, params: Any) -> None:
        if (
            method_name == lsp.WORKSPACE_EXECUTE_COMMAND
            and getattr(params, "work_done_token", None) is not None
        ):
            self.work_done_tokens[msg_id] = params.work_done_token
        super()._handle_request(msg_id, method_name, params)

    # The session keeps its own copy of open documents: pygls' copy would double the memory of
    # every buffer and re-splice the whole text on every keystroke. Plain (not generator)
    # handlers also keep pygls from leaving one finished future behind per notification.
    def _user(self, method: str, params: Any) -> None:
        handler = self.fm.features.get(method)
        if handler is not None:
            handler(params)

    @lsp_method(lsp.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: lsp.DidOpenTextDocumentParams) -> None:
        self._user(lsp.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: lsp.DidChangeTextDocumentParams) -> None:
        self._user(lsp.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: lsp.DidCloseTextDocumentParams) -> None:
        self._user(lsp.TEXT_DOCUMENT_DID_CLOSE, params)


class SastlsServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(NAME, VERSION, protocol_cls=SastlsProtocol, max_workers=4)
        self.session = Session(self)

    def report_server_error(self, error: Exception, source: Any) -> None:
        log.error("handler error: %s", error)
        super().report_server_error(error, source)

    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
        """Serve on stdio with :mod:`.transport` (pygls' own loop can leave requests unanswered)."""
        try:
            asyncio.run(serve(self.protocol, stdin or sys.stdin.buffer, stdout or sys.stdout.buffer))
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()  # type: ignore[no-untyped-call]


def _contained_async(
    default: Any = None,
) -> Callable[[Callable[P, Awaitable[R]]], Callable[P, Awaitable[R]]]:
    def wrap(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
        @functools.wraps(fn)
        async def inner(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return await fn(*args, **kwargs)
            except Exception:
                log.exception("%s failed", fn.__name__)
                return default  # type: ignore[no-any-return]

        return inner

    return wrap


def _contained(default: Any = None) -> Callable[[Callable[P, R]], Callable[P, R]]:
    def wrap(fn: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(fn)
        def inner(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return fn(*args, **kwargs)
            except Exception:
                log.exception("%s failed", fn.__name__)
                return default  # type: ignore[no-any-return]

        return inner

    return wrap


def _tolerate_partial_diagnostics(server: SastlsServer) -> None:
    """Some clients (Neovim 0.7 plugins passing ``user_data.lsp``) send code-action context diagnostics
    without ``range`` or ``message``; pygls would reject the whole request. Keep what can be read (the
    ``data`` payload is what the actions need) instead of failing."""
    conv = server.protocol._converter

    def diagnostic(obj: Any) -> lsp.Diagnostic:
        try:
            d: lsp.Diagnostic = conv.structure(obj, lsp.Diagnostic)
            return d
        except Exception:
            data = obj.get("data") if isinstance(obj, dict) else None
            zero = lsp.Position(line=0, character=0)
            return lsp.Diagnostic(range=lsp.Range(start=zero, end=zero), message="", data=data)

    def context(obj: Any, _type: Any) -> lsp.CodeActionContext:
        raw = obj.get("diagnostics") if isinstance(obj, dict) else None
        only = obj.get("only") if isinstance(obj, dict) else None
        trigger = obj.get("triggerKind") if isinstance(obj, dict) else None
        return lsp.CodeActionContext(
            diagnostics=[diagnostic(d) for d in raw or [] if isinstance(d, dict)],
            only=[str(k) for k in only] if isinstance(only, list) else None,
            trigger_kind=lsp.CodeActionTriggerKind(trigger) if trigger in (1, 2) else None,
        )

    conv.register_structure_hook(lsp.CodeActionContext, context)


def create_server() -> SastlsServer:
    """A new, unstarted server (``start_io()`` / ``start_tcp()``)."""
    server = SastlsServer()
    _tolerate_partial_diagnostics(server)
    s = server.session
    protocol = server.protocol
    assert isinstance(protocol, SastlsProtocol)
    protocol.on_cancel_request = s.jobs.cancel_ident

    @server.feature(lsp.INITIALIZE)
    @_contained()
    def initialize(params: lsp.InitializeParams) -> None:
        s.initialize(params)

    @server.feature(lsp.INITIALIZED)
    @_contained()
    def initialized(_params: lsp.InitializedParams) -> None:
        s.spawn(s.initialized(), "start-up")

    @server.feature(lsp.SHUTDOWN)
    @_contained()
    def shutdown(_params: None) -> None:
        s.shutdown()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    @_contained()
    def did_open(params: lsp.DidOpenTextDocumentParams) -> None:  # synchronous: applied in message order
        s.did_open(params)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    @_contained()
    def did_change(params: lsp.DidChangeTextDocumentParams) -> None:
        s.did_change(params)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE, lsp.SaveOptions(include_text=False))
    @_contained()
    def did_save(params: lsp.DidSaveTextDocumentParams) -> None:  # synchronous: applied in message order
        s.did_save(params)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    @_contained()
    def did_close(params: lsp.DidCloseTextDocumentParams) -> None:  # synchronous: applied in message order
        s.did_close(params)

    @server.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
    @_contained_async()
    async def did_change_configuration(params: lsp.DidChangeConfigurationParams) -> None:
        settings = section_of(params.settings)
        caps = server.client_capabilities.workspace
        if not settings and caps and caps.configuration:
            try:
                got = await server.workspace_configuration_async(
                    lsp.ConfigurationParams(items=[lsp.ConfigurationItem(section="sastls")])
                )
                settings = section_of(got[0]) if got else None
            except Exception as exc:
                log.warning("workspace/configuration failed: %s", exc)
        await s.configure(settings)

    @server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    @_contained_async()
    async def did_change_watched_files(params: lsp.DidChangeWatchedFilesParams) -> None:
        await s.watched_files_changed(params)

    @server.feature(lsp.WINDOW_WORK_DONE_PROGRESS_CANCEL)
    @_contained()
    def progress_cancel(params: lsp.WorkDoneProgressCancelParams) -> None:
        s.jobs.cancel_ident(params.token)

    @server.feature(
        lsp.TEXT_DOCUMENT_CODE_ACTION,
        lsp.CodeActionOptions(code_action_kinds=[QUICKFIX, SOURCE], resolve_provider=False),
    )
    @_contained()
    def code_action(params: lsp.CodeActionParams) -> list[lsp.CodeAction] | None:
        return code_actions(s, params)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    @_contained()
    def hover(params: lsp.HoverParams) -> lsp.Hover | None:
        return hover_at(s, params)

    @server.feature(
        lsp.TEXT_DOCUMENT_DIAGNOSTIC,
        lsp.DiagnosticOptions(identifier="sastls", inter_file_dependencies=False, workspace_diagnostics=True),
    )
    @_contained()
    def document_diagnostic(params: lsp.DocumentDiagnosticParams) -> lsp.DocumentDiagnosticReport:
        rel = s.rel_of(params.text_document.uri)
        items = s.file_diagnostics(rel) if rel is not None else []
        return lsp.RelatedFullDocumentDiagnosticReport(items=items)

    @server.feature(lsp.WORKSPACE_DIAGNOSTIC)
    @_contained()
    def workspace_diagnostic(_params: lsp.WorkspaceDiagnosticParams) -> lsp.WorkspaceDiagnosticReport:
        reports: list[lsp.WorkspaceDocumentDiagnosticReport] = []
        for rel in sorted(s.files):
            doc = s.doc_for_rel(rel)
            reports.append(
                lsp.WorkspaceFullDocumentDiagnosticReport(
                    uri=s.uri_of(rel), items=s.file_diagnostics(rel), version=doc.version if doc else None
                )
            )
        return lsp.WorkspaceDiagnosticReport(items=reports)

    def _command(name: str) -> Callable[[Callable[..., Awaitable[Any]]], Any]:
        def register(fn: Callable[..., Awaitable[Any]]) -> Any:
            @server.command(name)
            async def run(*args: Any) -> Any:  # no functools.wraps: pygls reads this signature
                request_id = protocol.msg_id
                token = protocol.work_done_tokens.pop(request_id, None) if request_id is not None else None
                try:
                    return await fn(list(args), request_id, token)
                except cmds.CommandError as exc:
                    s.show(f"sastls: {exc}", lsp.MessageType.Warning)
                    return {"status": "error", "message": str(exc)}
                except Exception as exc:
                    log.exception("command %s failed", name)
                    s.show(f"sastls: {name} failed: {exc}", lsp.MessageType.Error)
                    return {"status": "error", "message": str(exc)}

            return run

        return register

    @_command(CMD_INVESTIGATE)
    async def investigate(args: list[Any], request_id: Any, token: Any) -> Any:
        await s.loaded.wait()
        return await cmds.investigate(s, args, request_id=request_id, token=token)

    @_command(CMD_INVESTIGATE_FILE)
    async def investigate_file(args: list[Any], request_id: Any, token: Any) -> Any:
        await s.loaded.wait()
        return await cmds.investigate_many(
            s,
            cmds.file_findings(s, args),
            "sastls: investigating this file",
            request_id=request_id,
            token=token,
        )

    @_command(CMD_INVESTIGATE_WORKSPACE)
    async def investigate_workspace(_args: list[Any], request_id: Any, token: Any) -> Any:
        await s.loaded.wait()
        return await cmds.investigate_many(
            s,
            cmds.workspace_findings(s),
            "sastls: investigating the workspace",
            request_id=request_id,
            token=token,
        )

    @_command(CMD_SHOW_REPORT)
    async def show_report(args: list[Any], _request_id: Any, _token: Any) -> Any:
        return await cmds.report(s, args)

    @_command(CMD_JUDGE)
    async def judge(args: list[Any], _request_id: Any, _token: Any) -> Any:
        return await cmds.judge(s, args)

    @_command(CMD_FIX)
    async def fix(args: list[Any], request_id: Any, token: Any) -> Any:
        await s.loaded.wait()
        return await fixes.fix(s, args, request_id=request_id, token=token)

    @_command(CMD_CANCEL)
    async def cancel(args: list[Any], _request_id: Any, _token: Any) -> Any:
        return cmds.cancel(s, args)

    @_command(CMD_FINDINGS)
    async def findings(_args: list[Any], _request_id: Any, _token: Any) -> Any:
        await s.loaded.wait()
        return findings_payload(s)

    return server


def _lines_for(s: Session, uri: str, rel: str) -> list[str]:
    doc = s.docs.get(uri)
    if doc is not None:
        return doc.lines
    return (read_lines(s.root, rel) if s.root else None) or []


def code_actions(s: Session, params: lsp.CodeActionParams) -> list[lsp.CodeAction] | None:
    uri = params.text_document.uri
    rel = s.rel_of(uri)
    if rel is None:
        return None
    tracked = [tf for tf in s.files.get(rel, ()) if tf.alive]
    chosen = []
    for d in params.context.diagnostics:
        if isinstance(d.data, dict):
            tf = s.keys.get(str(d.data.get("key", ""))) or s.keys.get(str(d.data.get("fingerprint", "")))
            if tf is not None and tf.alive and tf not in chosen:
                chosen.append(tf)
    if not chosen:
        lo, hi = params.range.start.line, params.range.end.line
        chosen = [tf for tf in tracked if tf.span.start_line <= hi and tf.span.end_line >= lo]
    lines = _lines_for(s, uri, rel)
    caps = s.ls.client_capabilities.text_document
    disabled = bool(caps and caps.code_action and caps.code_action.disabled_support)
    contexts = [
        FindingContext(
            uri=uri,
            finding=tf,
            verdict=s.verdict_of(tf),
            running=s.jobs.running(tf.key),
            fixing=s.jobs.running(fixes.job_key(tf)),
            lines=lines,
            encoding=s.encoding,
            disabled_support=disabled,
        )
        for tf in chosen
    ]
    only = params.context.only
    return actions_for(
        contexts, uri=uri, file_count=len(tracked), only=[str(k) for k in only] if only else None
    )


def hover_at(s: Session, params: lsp.HoverParams) -> lsp.Hover | None:
    uri = params.text_document.uri
    rel = s.rel_of(uri)
    if rel is None:
        return None
    lines = _lines_for(s, uri, rel)
    line = params.position.line
    col = from_client(lines[line], params.position.character, s.encoding) if line < len(lines) else 0
    found = at_position(s.files.get(rel, ()), line, col)
    if not found:
        return None

    def snippet(path: str, start: int, end: int) -> str | None:
        text = _lines_for(s, s.uri_of(path), path) if s.root else []
        if not text or start < 1:
            return None
        end = min(max(end, start), start + 15, len(text))
        return "\n".join(f"{n:>5}  {text[n - 1]}" for n in range(start, end + 1))

    parts = [
        finding_markdown(
            tf, s.verdict_of(tf), uri_of=s.uri_of, snippet_of=snippet, running=s.jobs.running(tf.key)
        )
        for tf in found
    ]
    first = found[0]
    return lsp.Hover(
        contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value="\n\n---\n\n".join(parts)),
        range=client_range(first.span, lines or None, s.encoding, first.line_texts),
    )
