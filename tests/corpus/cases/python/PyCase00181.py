import random
import string

ALPHABET = string.ascii_letters + string.digits
_rng = random.SystemRandom()


def new_api_key(length=40):
    return "".join(_rng.choice(ALPHABET) for _ in range(length))


if __name__ == "__main__":
    print(new_api_key())
