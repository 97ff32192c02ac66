import hashlib

import click


@click.command()
@click.argument("payload", type=click.File("rb"))
def sign(payload):
    body = payload.read()
    signature = hashlib.new("SHA1", b"release-key:" + body).hexdigest()
    click.echo(signature)


if __name__ == "__main__":
    sign()
