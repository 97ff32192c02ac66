import tarfile
import tempfile

import requests

PLUGIN_INDEX = "https://plugins.example.org/"


def install_plugin(name: str, target: str) -> None:
    response = requests.get(PLUGIN_INDEX + name + ".tar.gz", timeout=30)
    with tempfile.NamedTemporaryFile(suffix=".tar.gz", delete=False) as tmp:
        tmp.write(response.content)
        archive = tmp.name
    with tarfile.open(archive, "r:gz") as bundle:
        bundle.extractall(target)
