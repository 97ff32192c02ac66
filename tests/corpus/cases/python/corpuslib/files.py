import os

UPLOAD_ROOT = "/srv/app/uploads"


def read_upload(relative_name):
    with open(os.path.join(UPLOAD_ROOT, relative_name), "rb") as fh:
        return fh.read()


def contained_path(base, name):
    """Resolve name under base; refuse anything that escapes base."""
    root = os.path.realpath(base)
    candidate = os.path.realpath(os.path.join(root, name))
    if os.path.commonpath([root, candidate]) != root:
        raise ValueError("path escapes the upload root")
    return candidate
