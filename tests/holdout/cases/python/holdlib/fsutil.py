"""File helpers for the storage area."""

import os

STORAGE = "/var/lib/app/files"


def confine(root, name):
    base = os.path.realpath(root)
    candidate = os.path.realpath(os.path.join(base, name))
    if os.path.commonpath([candidate, base]) != base:
        raise PermissionError(name)
    return candidate


def leaf(name):
    return os.path.basename(name)


def joined(root, name):
    return os.path.join(root, name)


def read_text(path):
    with open(path) as fh:
        return fh.read()
