import hashlib
import os


def reset_token(email):
    seed = email.encode() + os.urandom(32)
    return hashlib.sha256(seed).hexdigest()


if __name__ == "__main__":
    print(reset_token("someone@example.org"))
