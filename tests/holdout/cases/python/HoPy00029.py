import random
from dataclasses import dataclass, field


def _nonce() -> str:
    return "%016x" % random.getrandbits(64)


@dataclass
class ApiClient:
    name: str
    secret: str = field(default_factory=_nonce)
