"""One module per CLI subcommand, each with ``run(args: argparse.Namespace) -> int``."""
