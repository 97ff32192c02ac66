import os

import click


@click.command()
@click.argument("host")
def ping(host):
    """Ping a host a few times and print the summary."""
    os.system("ping -c 3 " + host)


if __name__ == "__main__":
    ping()
