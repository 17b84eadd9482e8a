"""Short calls to a server before a table opens (run in a worker thread by the window):
create a game, join one with an invite code, look at one (whose turn it is).

Each opens a connection, sends one first message, reads what it needs and
closes. A server that cannot be reached, refuses or does not answer in time
raises ``LobbyError`` with one line for the player. ``trust``: how a wss://
server's certificate is trusted (wire.tls); one that is not trusted is
refused before the first message leaves.
"""
from __future__ import annotations

import json
import ssl

from app.version import VERSION as RELEASE
from game.fingerprint import rules_fingerprint
from client import reaching
from wire import protocol, tls

SECONDS = 10


class LobbyError(Exception):
    """One line for the player; ``refused``: the server answered, and said no (else it was not reached);
    ``offer``: the fingerprint of a certificate the player may choose to trust (tls.NotTrusted)."""

    def __init__(self, text, refused=False, offer=None):
        super().__init__(text)
        self.refused = refused
        self.offer = offer


def _exchange(uri, first, until, trust=""):
    """Send ``first``; read frames until ``until(frame, seen)`` returns a result."""
    from websockets.sync.client import connect
    try:
        context = tls.client_context(uri, trust)
        with connect(uri, open_timeout=SECONDS, close_timeout=2, max_size=16 * 1024 * 1024,
                     compression=None, **({"ssl": context} if context else {})) as ws:
            tls.check_peer(ws.socket if context else None, trust)
            ws.send(protocol.dumps(dict(first, v=protocol.VERSION, rules=rules_fingerprint(), release=RELEASE)))
            seen = {}
            while True:
                frame = json.loads(ws.recv(timeout=SECONDS))
                if frame.get("type") == "error":
                    raise LobbyError(frame["text"][:300], refused=True)
                result = until(frame, seen)
                if result is not None:
                    return result
    except LobbyError:
        raise
    except tls.NotTrusted as exc:
        raise LobbyError(str(exc), refused=True, offer=exc.seen if exc.offer else None) from None
    except ssl.SSLCertVerificationError as exc:
        said = tls.not_trusted(exc, uri, trust, tls.presented(uri))
        raise LobbyError(str(said), refused=True, offer=said.seen if said.offer else None) from None
    except Exception as exc:             # unreachable, no TLS, a refused handshake, a closed connection, a timeout
        raise LobbyError(reaching.words(exc, uri, SECONDS)) from None


def create(uri, seats, variant="standard", absent_limit=None, turn_limit=None, trust=""):
    """The server's "created" frame: {"game", "tokens" {seat: token}, "invites" {seat: code}}."""
    msg = {"type": "create", "seats": seats, "variant": variant}
    if absent_limit:
        msg["absent_limit"] = absent_limit
    if turn_limit:
        msg["turn_limit"] = turn_limit
    return _exchange(uri, msg, lambda f, seen: f if f.get("type") == "created" else None, trust)


def join(uri, code, name, trust=""):
    """The server's "joined" frame: {"game", "seat", "token"}."""
    return _exchange(uri, {"type": "join", "code": code, "name": name},
                     lambda f, seen: f if f.get("type") == "joined" else None, trust)


def look(uri, tokens, trust=""):
    """{"seats", "here", "decider", "over", "variant"} of a game this computer holds seats of."""
    def until(frame, seen):
        if frame.get("type") == "welcome":
            seen["welcome"] = frame
        elif frame.get("type") == "state" and "welcome" in seen:
            d, board = frame["snapshot"]["decision"], frame["snapshot"]["board"]
            w = seen["welcome"]
            return {"seats": w["seats"], "here": w["seats_here"], "decider": d["player"] if d else None,
                    "over": board["over"], "variant": w["settings"]["variant"], "century": board.get("century")}
        return None
    return _exchange(uri, {"type": "hello", "tokens": list(tokens)}, until, trust)
