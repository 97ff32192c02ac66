import os
import pickle
import sys

CACHE_DIR = os.path.expanduser("~/.cache/reportgen")


def load_cached(name):
    with open(os.path.join(CACHE_DIR, name), "rb") as fh:
        return pickle.load(fh)


if __name__ == "__main__":
    print(load_cached(sys.argv[1]))
