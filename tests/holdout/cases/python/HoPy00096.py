import click


@click.command()
@click.option("--expr", required=True, help="arithmetic to evaluate")
def calc(expr):
    click.echo(eval(expr, {"__builtins__": {}}))


if __name__ == "__main__":
    calc()
