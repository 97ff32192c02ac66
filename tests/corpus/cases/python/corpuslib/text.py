import html
import re


def tidy(value):
    """Trim whitespace and collapse inner runs of spaces."""
    return re.sub(r"\s+", " ", value.strip())


def to_html(value):
    return html.escape(value, quote=True)


def shout(value):
    return value.upper() + "!"
