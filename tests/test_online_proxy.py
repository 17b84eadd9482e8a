"""Who a connection is from, behind a reverse proxy, and connections that say nothing.

Issue "Online play a group can trust", defect 6: "It counts
`ws.remote_address`, so behind the proxy docs/online.md recommends every
player shares one address and the whole server gets 16 connections. Add
`--trusted-proxy ADDR` (repeatable): only from those addresses is
`X-Forwarded-For`/`Forwarded` believed; default trusts none. Also: a silent
upgraded connection must be closed after a short handshake timeout, not held."
"""
from __future__ import annotations

import asyncio
import base64
import os
import time

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.datastructures import Headers

from server import transport
from server.addresses import client_address, trusted_networks
from online_helpers import serving


async def held(uri, **headers):
    """A connection made with these headers: True if the server keeps it, False if it refuses it."""
    ws = await connect(uri, additional_headers=headers, open_timeout=10)
    try:
        await asyncio.wait_for(ws.recv(), 0.5)
    except asyncio.TimeoutError:
        return ws                                  # open, waiting for its first message
    except ConnectionClosed:
        assert ws.close_code == 1008
        return None
    raise AssertionError("the server sent something first")


def test_behind_a_trusted_proxy_each_player_is_counted_by_the_address_the_proxy_says(tmp_path):
    async def scenario():
        async with serving(tmp_path, per_address=2, trusted_proxies=["127.0.0.1"]) as (server, uri):
            ann = [await held(uri, **{"X-Forwarded-For": "198.51.100.7"}) for _ in range(2)]
            assert all(ann) and server.transport.addresses == {"198.51.100.7": 2}
            assert await held(uri, **{"X-Forwarded-For": "198.51.100.7"}) is None       # Ann's cap
            bo = await held(uri, **{"Forwarded": 'for="[2001:db8::17]:4711";proto=https'})
            cy = await held(uri, **{"X-Forwarded-For": "203.0.113.9, 127.0.0.1"})      # two proxies of ours
            counted = server.transport.addresses
            assert bo and cy and counted["2001:db8::17"] == 1 and counted["203.0.113.9"] == 1
            # A client that writes the header itself is not believed: the address our proxy added is.
            assert await held(uri, **{"X-Forwarded-For": "192.0.2.1, 198.51.100.7"}) is None
            for ws in ann + [bo, cy]:
                await ws.close()
    asyncio.run(scenario())


def test_without_a_trusted_proxy_the_header_is_never_believed(tmp_path):
    async def scenario():
        async with serving(tmp_path, per_address=2) as (server, uri):
            first = [await held(uri, **{"X-Forwarded-For": f"198.51.100.{i}"}) for i in (1, 2)]
            assert all(first) and server.transport.addresses == {"127.0.0.1": 2}
            assert await held(uri, **{"X-Forwarded-For": "198.51.100.3"}) is None
            for ws in first:
                await ws.close()
    asyncio.run(scenario())


def test_the_address_a_proxy_chain_says_is_read_from_the_right():
    proxies = trusted_networks(["10.0.0.0/8", "127.0.0.1"])
    h = Headers()
    h["X-Forwarded-For"] = "6.6.6.6, 203.0.113.5, 10.1.2.3"
    assert client_address("127.0.0.1", h, proxies) == "203.0.113.5"
    assert client_address("192.0.2.50", h, proxies) == "192.0.2.50"        # not from a proxy of ours
    assert client_address("127.0.0.1", Headers(), proxies) == "127.0.0.1"  # a proxy that said nothing
    bad = Headers()
    bad["X-Forwarded-For"] = "unknown"
    assert client_address("127.0.0.1", bad, proxies) == "127.0.0.1"
    with pytest.raises(ValueError, match="not an address"):
        trusted_networks(["my proxy"])


def test_a_silent_upgraded_connection_is_closed_after_a_short_timeout_and_frees_its_slot(tmp_path, monkeypatch):
    """A client that completes the WebSocket handshake, then neither speaks nor answers the close."""
    monkeypatch.setattr(transport, "FIRST_MESSAGE_SECONDS", 0.5)
    monkeypatch.setattr(transport, "CLOSE_SECONDS", 0.5)

    async def scenario():
        async with serving(tmp_path) as (server, uri):
            host, port = uri.removeprefix("ws://").split(":")
            reader, writer = await asyncio.open_connection(host, int(port))
            key = base64.b64encode(os.urandom(16)).decode()
            writer.write(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
            await writer.drain()
            assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 101")
            start = time.monotonic()
            while await asyncio.wait_for(reader.read(1024), 30):      # it never answers the close frame
                pass
            closed_after = time.monotonic() - start
            writer.close()
            for _ in range(50):
                if not server.transport.addresses:
                    break
                await asyncio.sleep(0.05)
            return closed_after, dict(server.transport.addresses)
    closed_after, addresses = asyncio.run(scenario())
    assert closed_after < 5, f"held {closed_after:.1f} s"
    assert addresses == {}
