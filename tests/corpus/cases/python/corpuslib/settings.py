import os

REPORT_DIR = "/srv/reports"
DEFAULT_SORT = "created_at"
ADMIN_GROUP = "ops-admins"


def default_sort_column():
    return DEFAULT_SORT


def from_env(name, default=""):
    return os.environ.get(name, default)
