from lxml import etree


def expired_items(path):
    doc = etree.parse(path)
    cutoff = "2020-01-01"
    return doc.xpath("//item[expires < '%s']" % cutoff)


if __name__ == "__main__":
    print(len(expired_items("inventory.xml")))
