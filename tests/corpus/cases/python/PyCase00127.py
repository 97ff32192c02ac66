import sys

import yaml


def read_inventory(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.SafeLoader)


if __name__ == "__main__":
    hosts = read_inventory(sys.argv[1])
    print(len(hosts or {}))
