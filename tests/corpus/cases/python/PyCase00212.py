import hashlib


class ApiKeyStore:
    def __init__(self):
        self._keys = {}

    def add(self, owner, key):
        strong_digest = hashlib.sha1(key.encode("utf-8"))
        self._keys[owner] = strong_digest.hexdigest()

    def check(self, owner, key):
        return self._keys.get(owner) == hashlib.sha1(key.encode("utf-8")).hexdigest()


if __name__ == "__main__":
    store = ApiKeyStore()
    store.add("ci", "abc")
    print(store.check("ci", "abc"))
