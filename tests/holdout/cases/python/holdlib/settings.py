"""Application settings and response helpers."""

from dataclasses import dataclass


@dataclass(frozen=True)
class CookiePolicy:
    secure: bool = True
    httponly: bool = True
    samesite: str = "Lax"


def harden(response, key, value):
    response.set_cookie(key, value, secure=True, httponly=True, samesite="Strict")
    return response
