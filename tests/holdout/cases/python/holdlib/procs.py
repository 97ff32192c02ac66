"""Process helpers: one through the shell, one without it."""

import shlex
import subprocess


def sh(command):
    done = subprocess.run(command, shell=True, capture_output=True, text=True)
    return done.stdout


def argv_run(args):
    done = subprocess.run(list(args), capture_output=True, text=True)
    return done.stdout


def quoted(value):
    return shlex.quote(value)
