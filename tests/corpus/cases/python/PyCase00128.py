import sys

from lxml import etree


def main():
    doc = etree.parse("inventory.xml")
    sku = sys.argv[1]
    for price in doc.xpath(f"/inventory/item[sku='{sku}']/price"):
        print(price.text)


if __name__ == "__main__":
    main()
