import random
import time


class NonceFactory:
    def __init__(self):
        self.rng = random.Random(int(time.time()))

    def nonce(self):
        return self.rng.getrandbits(64)


if __name__ == "__main__":
    print(NonceFactory().nonce())
