import os

import click


@click.command()
@click.argument("name")
def show(name):
    path = os.path.join("/etc/app/templates", os.path.basename(name))
    with open(path) as fh:
        click.echo(fh.read())


if __name__ == "__main__":
    show()
