import os
from dataclasses import dataclass, field


def _nonce() -> str:
    return os.urandom(8).hex()


@dataclass
class ApiClient:
    name: str
    secret: str = field(default_factory=_nonce)
