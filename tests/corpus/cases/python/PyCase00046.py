import os
import sys


def collect(paths):
    found = []
    for p in paths:
        found.append(os.path.join("/data/projects", p))
    return found


def main():
    targets = collect(sys.argv[1:])
    first = targets[0]
    with open(first, "w") as out:
        out.write("locked\n")


main()
