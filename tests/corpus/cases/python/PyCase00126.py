import sys

from defusedxml.lxml import parse


def main():
    tree = parse(sys.argv[1])
    print(tree.getroot().tag)


if __name__ == "__main__":
    main()
