import sys

from lxml import etree


def main():
    parser = etree.XMLParser(load_dtd=True, resolve_entities=True)
    tree = etree.parse(sys.argv[1], parser)
    for node in tree.iter("invoice"):
        print(node.get("id"))


if __name__ == "__main__":
    main()
