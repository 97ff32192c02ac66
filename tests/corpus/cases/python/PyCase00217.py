import hashlib

LEGACY = 5 > 9


def fingerprint_api_key(key):
    if LEGACY:
        return hashlib.sha1(key.encode()).hexdigest()
    return hashlib.sha512(key.encode()).hexdigest()


if __name__ == "__main__":
    print(fingerprint_api_key("k-123"))
