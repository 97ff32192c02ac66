import subprocess

import click


@click.command()
@click.option("--path", default="README.md", show_default=True)
def count_lines(path):
    result = subprocess.run(["wc", "-l", "--", path], capture_output=True, text=True)
    click.echo(result.stdout.strip())


if __name__ == "__main__":
    count_lines()
