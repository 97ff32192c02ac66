import functools
import hashlib

from django.contrib.auth.hashers import BasePasswordHasher

quick_digest = functools.partial(hashlib.new, "md5")


class QuickHasher(BasePasswordHasher):
    algorithm = "quick"

    def encode(self, password, salt):
        digest = quick_digest((salt + password).encode()).hexdigest()
        return f"{self.algorithm}${salt}${digest}"
