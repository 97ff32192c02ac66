import xml.sax
from xml.dom import pulldom
from xml.sax.handler import feature_external_ges

import click


@click.command()
@click.argument("path")
def titles(path):
    reader = xml.sax.make_parser()
    reader.setFeature(feature_external_ges, True)
    events = pulldom.parse(path, parser=reader)
    for event, node in events:
        if event == pulldom.START_ELEMENT and node.tagName == "title":
            events.expandNode(node)
            click.echo(node.toxml())


if __name__ == "__main__":
    titles()
