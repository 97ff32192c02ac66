import hashlib
import time


def reset_token(email):
    seed = f"{email}:{time.time()}"
    return hashlib.sha1(seed.encode()).hexdigest()


if __name__ == "__main__":
    print(reset_token("someone@example.org"))
