import shutil
import urllib.request
from pathlib import Path

CACHE = Path.home() / ".cache" / "datasets"
MIRROR = "https://mirror.example.net/datasets/mnist.tar.gz"


def unpack_dataset() -> Path:
    archive = CACHE / "mnist.tar.gz"
    urllib.request.urlretrieve(MIRROR, archive)
    target = CACHE / "mnist"
    shutil.unpack_archive(str(archive), str(target))
    return target
