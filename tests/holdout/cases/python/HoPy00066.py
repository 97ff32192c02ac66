import click
import yaml


@click.command()
@click.argument("config", type=click.File("r"))
def load(config):
    settings = yaml.load(config, Loader=yaml.Loader)
    click.echo(", ".join(sorted(settings)))


if __name__ == "__main__":
    load()
