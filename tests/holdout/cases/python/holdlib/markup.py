"""Text helpers for HTML fragments."""

import html


def escape_text(value):
    return html.escape(value, quote=True)


def tidy(value):
    return " ".join(value.split())


def as_number(value):
    return int(value)
