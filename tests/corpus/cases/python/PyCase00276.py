import hashlib
import os


def hash_password(password):
    salt = os.urandom(16)
    key = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1)
    return salt.hex() + ":" + key.hex()


if __name__ == "__main__":
    print(hash_password(input("password: ")))
