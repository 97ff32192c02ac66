import sys

from corpuslib.shell import run_argv


def disk_usage(path):
    return run_argv(["du", "-sh", "--", path])


if __name__ == "__main__":
    print(disk_usage(sys.argv[1]))
