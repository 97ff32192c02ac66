import sys

from corpuslib.shell import run_shell


def disk_usage(path):
    return run_shell("du -sh " + path)


if __name__ == "__main__":
    print(disk_usage(sys.argv[1]))
