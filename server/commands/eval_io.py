"""What every ``sastls eval`` mode shares: reading the triaged SARIF and the labels, reporting bad
input on stderr, and printing an evaluation (warnings on stderr, then ``--json`` or a table).

The modes differ only in how labels are parsed and scored (``eval`` for OWASP-style expected
results, ``eval_regions`` for labelled code regions, ``eval_external`` for the external corpus
manifest); each is one ``score`` function given to :func:`evaluate`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from sastls.server.cli import EXIT_OK, EXIT_USAGE

SHOW = 10  # warnings shown before "... N more"


class Evaluated(Protocol):
    @property
    def errors(self) -> Sequence[str]: ...

    def to_dict(self) -> dict[str, Any]: ...


def err(message: str) -> None:
    print(f"sastls eval: error: {message}", file=sys.stderr)


def warn(message: str) -> None:
    print(f"sastls eval: warning: {message}", file=sys.stderr)


def read_text(path: Path, what: str) -> str | None:
    """The file's text (UTF-8, a BOM allowed), or None after saying on stderr why it cannot be read."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        err(f"{what} {path}: no such file")
    except UnicodeDecodeError as exc:
        err(f"{what} {path}: not UTF-8 text ({exc.reason} at byte {exc.start})")
    except OSError as exc:
        err(f"{what} {path}: cannot be read: {exc.strerror or exc}")
    return None


def parse_sarif(text: str, path: Path) -> dict[str, Any] | None:
    """The SARIF document, or None after saying on stderr why the text is not one."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        err(f"triaged SARIF {path}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}")
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("runs"), list):
        err(f"triaged SARIF {path}: not a SARIF document ($.runs is missing or not an array)")
        return None
    return doc


@dataclass(frozen=True)
class Inputs:
    doc: dict[str, Any]  # the triaged SARIF
    labels: str  # the labels' text
    triaged_path: Path
    labels_path: Path


def read_inputs(triaged: Path, labels: Path, what: str) -> Inputs | None:
    """Both inputs (each unreadable one is reported), or None when either cannot be used."""
    sarif_text = read_text(triaged, "triaged SARIF")
    labels_text = read_text(labels, what)
    if sarif_text is None or labels_text is None:
        return None
    doc = parse_sarif(sarif_text, triaged)
    return None if doc is None else Inputs(doc, labels_text, triaged, labels)


def evaluate(
    args: argparse.Namespace,
    labels_arg: str,
    what: str,
    score: Callable[[Inputs], Evaluated | None],
    render: Callable[[Any, str], None],
) -> int:
    """Read the triaged SARIF and the labels named by ``args.<labels_arg>``, score them, and print the
    evaluation. ``score`` reports its own unusable-label errors and returns None for them (exit 2)."""
    labels = str(getattr(args, labels_arg))
    inputs = read_inputs(Path(args.triaged), Path(labels), what)
    if inputs is None:
        return EXIT_USAGE
    ev = score(inputs)
    if ev is None:
        return EXIT_USAGE
    for e in ev.errors[:SHOW]:
        warn(e)
    if len(ev.errors) > SHOW:
        warn(f"... {len(ev.errors) - SHOW} more problems (--json lists all)")
    if args.json:
        print(json.dumps({"triaged": args.triaged, labels_arg: labels, **ev.to_dict()}, indent=2))
    else:
        render(ev, str(args.triaged))
    return EXIT_OK


def print_table(
    title: str, headers: Sequence[str], sections: Sequence[Sequence[list[str]]], overall: list[str]
) -> Any:
    """Print a table (the first column left-aligned, a section each, the overall row in bold) and
    return the console for the lines that follow it."""
    from rich.console import Console
    from rich.table import Table

    console = Console(width=None if sys.stdout.isatty() else 160, soft_wrap=False)
    table = Table(title=title, title_justify="left")
    for i, h in enumerate(headers):
        table.add_column(h, justify="left" if i == 0 else "right", no_wrap=True)
    for rows in sections:
        for r in rows:
            table.add_row(*r)
        table.add_section()
    table.add_row(*overall, style="bold")
    console.print(table)
    return console
