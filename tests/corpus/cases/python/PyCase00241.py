import os
import sys


def main():
    args = sys.argv[1:]
    label = " ".join(args[:2])
    os.system("notify-send 'build finished' " + label)


if __name__ == "__main__":
    main()
