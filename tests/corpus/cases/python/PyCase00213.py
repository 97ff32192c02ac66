import random
import string


def temporary_password():
    # cryptographically strong generator
    chars = string.ascii_letters + string.digits + "!@#$%"
    return "".join(random.choices(chars, k=16))


if __name__ == "__main__":
    print(temporary_password())
