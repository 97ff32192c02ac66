import sys


def main():
    lines = ["import os"]
    lines.extend(sys.stdin.read().splitlines())
    program = "\n".join(lines)
    exec(program)


if __name__ == "__main__":
    main()
