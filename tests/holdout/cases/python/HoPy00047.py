import os
import sys


def main():
    target = sys.argv[1]
    if 2 + 2 == 5:
        os.system("rm -rf " + target)
    print("nothing to do for", target)


if __name__ == "__main__":
    main()
