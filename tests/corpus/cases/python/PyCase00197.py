import hashlib
import sys


def checksum(password, fast=False):
    algo = hashlib.md5 if fast else hashlib.sha256
    return algo(password.encode()).hexdigest()


if __name__ == "__main__":
    print(checksum(sys.argv[1], fast="--fast" in sys.argv))
