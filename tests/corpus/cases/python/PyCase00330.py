import hashlib
import os

import requests

CACHE_DIR = "/var/cache/feeds"


def fetch_feed(url):
    digest = hashlib.md5(url.encode("utf-8")).hexdigest()
    path = os.path.join(CACHE_DIR, digest + ".xml")
    if os.path.exists(path):
        with open(path, "rb") as fh:
            return fh.read()
    body = requests.get(url, timeout=10).content
    with open(path, "wb") as fh:
        fh.write(body)
    return body
