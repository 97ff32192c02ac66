import random
import string

ALPHABET = string.ascii_letters + string.digits


def new_api_key(length=40):
    return "".join(random.choice(ALPHABET) for _ in range(length))


if __name__ == "__main__":
    print(new_api_key())
