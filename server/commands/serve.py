"""``sastls serve``: the language server on stdio (or TCP for debugging)."""

from __future__ import annotations

import argparse
import logging
import os
import sys

EXIT_OK = 0
EXIT_USAGE = 2


def _host_port(value: str) -> tuple[str, int] | None:
    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit():
        return None
    return host or "127.0.0.1", int(port)


def run(args: argparse.Namespace) -> int:
    tcp = getattr(args, "tcp", None)
    address = _host_port(tcp) if tcp else None
    if tcp and address is None:
        print(f"sastls serve: --tcp expects HOST:PORT, got {tcp!r}", file=sys.stderr)
        return EXIT_USAGE
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    # investigations run on a worker thread: hand the GIL back to the protocol loop sooner
    sys.setswitchinterval(0.001)
    logging.getLogger("sastls").setLevel(min(logging.getLogger().getEffectiveLevel(), logging.INFO))
    from sastls.server.lsp.app import create_server

    server = create_server()
    if address is not None:
        server.start_tcp(*address)
        return EXIT_OK
    # stdout carries the protocol only: anything printed by a library goes to stderr instead, and
    # stderr never blocks the server (a client that does not read it must not freeze it)
    from sastls.server.lsp.logs import nonblocking_stderr

    protocol_out = sys.stdout.buffer
    sys.stdout = nonblocking_stderr()
    server.start_io(sys.stdin.buffer, protocol_out)
    return EXIT_OK
