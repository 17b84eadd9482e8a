"""Why a server could not be reached or used, in the player's words: the one place that turns a
connection's exception (the operating system's, TLS's, websockets') into a line for the window.
The specific reason stays where it helps (the address, the HTTP status); a certificate not
trusted is wire.tls's to say. The system's own text (errno numbers, "_ssl.c:1006") never shows.
"""
from __future__ import annotations

import errno
import socket
import ssl
import urllib.parse

REFUSED = (errno.ECONNREFUSED,)
NO_ROUTE = (errno.EHOSTUNREACH, errno.ENETUNREACH, errno.EADDRNOTAVAIL, errno.ETIMEDOUT)
DROPPED = (errno.ECONNRESET, errno.ECONNABORTED, errno.EPIPE)


def where(uri):
    """HOST:PORT of a server address (its port by default for the scheme)."""
    try:
        parts = urllib.parse.urlsplit(uri)
        port = parts.port or (443 if parts.scheme == "wss" else 80)
    except ValueError:
        return uri
    host = parts.hostname or "?"
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def words(exc, uri, seconds=10):
    """One line saying why ``uri`` could not be reached or used."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidMessage, InvalidStatus, InvalidURI
    at = where(uri)
    if isinstance(exc, socket.gaierror):
        host = urllib.parse.urlsplit(uri).hostname or uri
        return f"cannot reach the server: no computer has that name ({host})"
    if no_tls(exc, uri):
        return f"the server at {at} does not speak TLS: try ws:// instead of wss://"
    if isinstance(exc, ssl.SSLError):
        return f"the secure connection to {at} failed ({(exc.reason or 'TLS').replace('_', ' ').lower()})"
    if isinstance(exc, TimeoutError):
        return f"the server at {at} did not answer in {seconds} s"
    if isinstance(exc, OSError):
        if exc.errno in REFUSED or _all_refused(exc):
            return f"cannot reach the server at {at} (nothing answers there: is it running?)"
        if exc.errno in NO_ROUTE:
            return f"cannot reach the computer at {at} (is it on, and on this network?)"
        if exc.errno in DROPPED:
            return f"the server at {at} dropped the connection"
        return f"cannot reach the server at {at} ({exc.strerror or 'the network refused'})"
    if isinstance(exc, InvalidStatus):
        return (f"the program at {at} answered as a web server (HTTP {exc.response.status_code}), "
                f"not as a Wrath of Dragons server: check the address")
    if isinstance(exc, ConnectionClosed):
        return f"the server at {at} closed the connection"
    if isinstance(exc, InvalidURI):
        return f"{uri} is not a server address"
    if isinstance(exc, InvalidMessage) and uri.startswith("ws://"):     # not HTTP at all: TLS, most likely
        return f"the program at {at} does not answer as a Wrath of Dragons server (one with TLS? then type wss://)"
    if isinstance(exc, InvalidHandshake):
        return f"the program at {at} does not answer as a Wrath of Dragons server: check the address"
    return f"the server at {at} cannot be used ({type(exc).__name__})"


def closed(uri, code, reason):
    """Why an open connection ended, from its closing frame (``reason``: the server's words)."""
    at = where(uri)
    if reason:
        return f"the server at {at} closed the connection ({reason})"
    if code == 1001:
        return f"the server at {at} stopped"
    if code in (None, 1006):
        return f"the connection to the server at {at} was lost"
    return f"the server at {at} closed the connection"


def no_tls(exc, uri):
    """A wss:// address whose server does not speak TLS: its TLS handshake cut short (the
    sync client's SSL error; asyncio's bare ConnectionResetError, which has no errno)."""
    if not uri.startswith("wss://"):
        return False
    if isinstance(exc, ssl.SSLError):
        return exc.reason in ("UNEXPECTED_EOF_WHILE_READING", "WRONG_VERSION_NUMBER", "RECORD_LAYER_FAILURE",
                              "PACKET_LENGTH_TOO_LONG", None)
    return isinstance(exc, ConnectionResetError) and exc.errno is None


def _all_refused(exc):
    """asyncio's error for a name of several addresses (localhost: ::1 and 127.0.0.1), all refused."""
    text = str(exc)
    return text.startswith("Multiple exceptions:") and text.count("Connect call failed") == \
        text.count(f"[Errno {errno.ECONNREFUSED}]") > 0
