"""The one reader of ``prompts/*.md``, and the fence that marks code as untrusted data.

A prompt file holds two sections, ``<!-- system -->`` and ``<!-- user -->``, and
``$name`` placeholders (``string.Template``) filled by the caller. Code under analysis
never goes into a prompt unfenced: ``fence`` wraps it in an ``<untrusted-code>`` block
that the code itself cannot close.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from string import Template

_SECTION = re.compile(r"^<!--\s*(system|user|[a-z_]+)\s*-->\s*$", re.MULTILINE)
_CLOSE_TAG = re.compile(r"</\s*untrusted-code\s*>", re.IGNORECASE)
_OPEN_TAG = re.compile(r"<\s*untrusted-code", re.IGNORECASE)


class PromptError(RuntimeError):
    """A prompt file is missing, lacks a section, or names an unknown placeholder."""


@dataclass(frozen=True)
class Prompt:
    name: str
    sections: dict[str, str]

    def render(self, section: str, **values: str) -> str:
        try:
            text = self.sections[section]
        except KeyError:
            raise PromptError(f"prompts/{self.name}.md has no '{section}' section") from None
        try:
            return Template(text).substitute(values).strip() + "\n"
        except (KeyError, ValueError) as exc:
            raise PromptError(f"prompts/{self.name}.md, section {section}: bad placeholder {exc}") from None


@cache
def load(name: str) -> Prompt:
    """``prompts/<name>.md`` split into its sections (cached: prompts are package data)."""
    try:
        text = resources.files("sastls.prompts").joinpath(f"{name}.md").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError) as exc:
        raise PromptError(f"prompts/{name}.md cannot be read: {exc}") from None
    parts = _SECTION.split(text)
    sections = {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}
    if not sections:
        raise PromptError(f"prompts/{name}.md has no <!-- system --> / <!-- user --> sections")
    return Prompt(name, sections)


def defuse(text: str) -> str:
    """``text`` unable to open or close an ``<untrusted-code>`` block."""
    return _OPEN_TAG.sub("<untrusted_code", _CLOSE_TAG.sub("</untrusted_code>", text))


def fence(text: str, *, path: str, start_line: int | None = None, end_line: int | None = None) -> str:
    """Code as labelled, inert data. Tags inside the code are defused so it cannot end the block.
    ``lines`` labels the file lines shown; data that is not lines of a file (a diff, a tool's output)
    goes without it."""
    body = defuse(text)
    ticks = "`" * max(3, _longest_run(body, "`") + 1)
    safe_path = path.replace('"', "'")
    lines = f' lines="{start_line}-{end_line}"' if start_line is not None and end_line is not None else ""
    return f'<untrusted-code path="{safe_path}"{lines}>\n{ticks}\n{body.rstrip()}\n{ticks}\n</untrusted-code>'


def _longest_run(text: str, char: str) -> int:
    best = run = 0
    for c in text:
        run = run + 1 if c == char else 0
        best = max(best, run)
    return best
