from lxml import etree


def parse_document(data):
    """Parse an XML document the way the import tools expect (entities expanded, DTD loaded)."""
    parser = etree.XMLParser(load_dtd=True, resolve_entities=True, no_network=False)
    return etree.fromstring(data, parser)


def parse_untrusted(data):
    parser = etree.XMLParser(load_dtd=False, resolve_entities=False, no_network=True)
    return etree.fromstring(data, parser)
