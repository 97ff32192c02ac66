import argparse
import os

CACHE = "/var/cache/thumbs"


def main():
    parser = argparse.ArgumentParser(description="drop a cached thumbnail")
    parser.add_argument("key")
    args = parser.parse_args()
    victim = os.path.join(CACHE, args.key + ".png")
    os.remove(victim)


if __name__ == "__main__":
    main()
