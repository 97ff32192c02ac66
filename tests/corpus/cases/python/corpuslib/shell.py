import subprocess


def run_shell(command, timeout=30):
    """Run a command line through the shell and return its output."""
    proc = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=timeout)
    return proc.stdout


def run_argv(argv, timeout=30):
    """Run a program with an argument vector, no shell involved."""
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    return proc.stdout
