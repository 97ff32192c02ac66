import random


class NonceFactory:
    def __init__(self):
        self.rng = random.SystemRandom()

    def nonce(self):
        return self.rng.getrandbits(64)


if __name__ == "__main__":
    print(NonceFactory().nonce())
