import hashlib

ALGORITHMS = {"legacy": "md5", "modern": "sha512"}


def fingerprint(api_key: str) -> str:
    return hashlib.new(ALGORITHMS["legacy"], api_key.encode()).hexdigest()
