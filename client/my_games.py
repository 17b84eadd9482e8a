"""This computer's online games: ``online.yaml`` in the save folder.

    mine = MyGames.load(save_dir)      # never raises: a bad file is one line in ``mine.problem``
    mine.add(server, game, tokens, names); mine.save()

It keeps the last server address and name that worked, the seats and settings
of the last table created here (the next one starts from them), for every online game
joined or created here its server, its id, the seat tokens held here and the
invite codes of the seats its creator here has not seen taken yet (the
server keeps only their hashes: this file is the one place they are shown
again from), and
for each wss:// server whose certificate the player chose to trust, that trust
(a fingerprint or a CA file: wire.tls).
Tokens and invite codes are secrets (whoever has one plays that seat): the file is written
atomically, readable by this user only. A damaged file is never overwritten:
it stays as it is, named in the problem, and the games of this session are
kept in memory only.
"""
from __future__ import annotations

import datetime
import os
import urllib.parse

import yaml

from game import safe_yaml
from app.save_format import write_atomic
from game.plaintext import escape, name_problem
from wire.protocol import AI_LEVELS

FILE = "online.yaml"
MAX_BYTES = 256 * 1024
MAX_GAMES = 200
DEFAULT_SERVER = "ws://127.0.0.1:8765"
TABLE_SEATS = ("here", "invite") + AI_LEVELS       # a new table's seat: you, a friend's invite code, an AI level


class MyGames:
    def __init__(self, path, server=DEFAULT_SERVER, name="", games=None, certificates=None, table=None,
                 problem=None):
        self.path = path
        self.server = server
        self.name = name
        self.table = table                 # the last table created here: {"seats", "variant", "absent", "turn"}
        self.games = games or []           # [{"server", "game", "tokens", "names", "created"[, "invites"]}]
        self.certificates = certificates or {}     # wss:// address -> how its certificate is trusted
        self.problem = problem             # why the file could not be read (then it is never written)

    @classmethod
    def load(cls, save_dir):
        path = os.path.join(save_dir, FILE)
        if not os.path.lexists(path):
            return cls(path)
        try:
            doc = safe_yaml.load(safe_yaml.read_bytes(path, MAX_BYTES).decode("utf-8"))
            return cls(path, **checked(doc))
        except (safe_yaml.FileProblem, safe_yaml.YamlProblem, UnicodeDecodeError, ValueError) as exc:
            return cls(path, problem=f"{escape(path)}: {escape(str(exc))} (the file is left as it is)")

    def add(self, server, game, tokens, names, invites=None):
        """``invites``: {seat: code} of a table created here (its friends' seats)."""
        for g in self.games:
            if g["server"] == server and g["game"] == game:
                g["tokens"] = sorted(set(g["tokens"]) | set(tokens))
                return g
        entry = {"server": server, "game": game, "tokens": list(tokens), "names": list(names),
                 "created": datetime.datetime.now().replace(microsecond=0).isoformat()}
        if invites:
            entry["invites"] = {int(seat): code for seat, code in invites.items()}
        self.games.insert(0, entry)
        del self.games[MAX_GAMES:]
        return entry

    def forget_taken(self, entry, seats):
        """Drop the codes of the seats the server says are taken (``seats``: its seat list);
        True if any was dropped (then the file is worth saving)."""
        kept = {s: c for s, c in entry.get("invites", {}).items() if s < len(seats) and not seats[s]["claimed"]}
        if kept == entry.get("invites", {}):
            return False
        if kept:
            entry["invites"] = kept
        else:
            entry.pop("invites")
        return True

    def remove(self, entry):
        self.games = [g for g in self.games if g is not entry]

    def trust(self, server):
        """How the certificate of ``server`` is trusted here ("": by the usual authorities)."""
        return self.certificates.get(server, "")

    def set_trust(self, server, trust):
        if trust:
            self.certificates[server] = trust
            for old in list(self.certificates)[:-MAX_GAMES]:        # (the oldest first)
                del self.certificates[old]
        else:
            self.certificates.pop(server, None)

    def save(self):
        """Write the file; the problem in one line, or None."""
        if self.problem:
            return self.problem
        doc = {"server": self.server, "name": self.name, "games": self.games}
        if self.certificates:
            doc["certificates"] = self.certificates
        if self.table:
            doc["table"] = self.table
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            write_atomic(self.path, yaml.safe_dump(doc, sort_keys=False, allow_unicode=True).encode("utf-8"))
            os.chmod(self.path, 0o600)
        except OSError as exc:
            return f"{escape(self.path)}: cannot write ({exc.strerror or exc})"
        return None


def checked(doc):
    """The file's fields, each checked; ValueError names the entry and the problem."""
    if not isinstance(doc, dict):
        raise ValueError("expected a mapping with server, name and games")
    server = doc.get("server", DEFAULT_SERVER)
    if address_problem(server):
        raise ValueError(f"server: {address_problem(server)}")
    name = doc.get("name", "") or ""
    if name and name_problem(name):
        raise ValueError(f"name: {name_problem(name)}")
    games = doc.get("games", []) or []
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        raise ValueError(f"games: expected a list of at most {MAX_GAMES} games")
    out = []
    for i, g in enumerate(games):
        where = f"games[{i}]"
        if not isinstance(g, dict):
            raise ValueError(f"{where}: expected a mapping")
        if address_problem(g.get("server")):
            raise ValueError(f"{where}.server: {address_problem(g.get('server'))}")
        if not _short_text(g.get("game")):
            raise ValueError(f"{where}.game: expected the game's code")
        tokens, names = g.get("tokens"), g.get("names", [])
        if not isinstance(tokens, list) or not 1 <= len(tokens) <= 6 or not all(map(_short_text, tokens)):
            raise ValueError(f"{where}.tokens: expected 1 to 6 seat tokens")
        if not isinstance(names, list) or any(name_problem(n) for n in names):
            raise ValueError(f"{where}.names: expected the players' names")
        invites = g.get("invites", {}) or {}
        if not isinstance(invites, dict) or len(invites) > 5 or \
                not all(type(s) is int and 0 <= s < 6 and _short_text(c) for s, c in invites.items()):
            raise ValueError(f"{where}.invites: expected the invite codes of at most 5 seats")
        out.append({"server": g["server"], "game": g["game"], "tokens": tokens, "names": names,
                    "created": str(g.get("created", ""))[:32]} | ({"invites": dict(invites)} if invites else {}))
    certificates = doc.get("certificates", {}) or {}
    if not isinstance(certificates, dict) or len(certificates) > MAX_GAMES:
        raise ValueError(f"certificates: expected a mapping of at most {MAX_GAMES} wss:// addresses")
    for where, trust in certificates.items():
        if address_problem(where) or not where.startswith("wss://"):
            raise ValueError(f"certificates: {escape(str(where))[:80]} is not a wss:// address")
        if not isinstance(trust, str) or not 0 < len(trust) <= 400 or not trust.isprintable():
            raise ValueError(f"certificates[{where}]: expected a fingerprint or a CA file's path")
    return {"server": server, "name": name, "games": out, "certificates": dict(certificates),
            "table": checked_table(doc.get("table"))}


def checked_table(table):
    """The last table's setup (None if the file has none); ValueError names the field and the problem.
    Its variant and waits are checked by the screen that offers them (one it does not offer: its first)."""
    if table is None:
        return None
    if not isinstance(table, dict) or set(table) != {"seats", "variant", "absent", "turn"}:
        raise ValueError("table: expected a mapping of seats, variant, absent and turn")
    seats = table["seats"]
    if not isinstance(seats, list) or not 2 <= len(seats) <= 6 or any(k not in TABLE_SEATS for k in seats):
        raise ValueError(f"table.seats: expected 2 to 6 of {', '.join(TABLE_SEATS)}")
    if not _short_text(table["variant"]):
        raise ValueError("table.variant: expected a variant's name")
    for key in ("absent", "turn"):
        if table[key] is not None and (type(table[key]) is not int or not 0 < table[key] <= 7 * 86400):
            raise ValueError(f"table.{key}: expected a number of seconds, or nothing")
    return dict(table, seats=list(seats))


def _short_text(v):
    return isinstance(v, str) and 0 < len(v) <= 64 and v.isprintable() and " " not in v


def address_problem(text):
    """None if ``text`` can be a server address (ws://host:port or wss://...), else why not."""
    if not isinstance(text, str) or not text.strip():
        return "type the server's address, e.g. ws://192.168.1.20:8765"
    text = text.strip()
    if len(text) > 200 or not text.isprintable() or " " in text:
        return "a server address is one word of at most 200 characters"
    if not text.startswith(("ws://", "wss://")):
        scheme = text.split("://", 1)[0] + "://" if "://" in text else "no scheme"
        return (f"{scheme} is not for a server: its address starts with ws:// (wss:// for a server with TLS; "
                f"http:// and https:// are taken as ws:// and wss://)")
    rest = text.split("://", 1)[1]
    if rest.startswith(("ws:", "wss:", "http:", "https:")):
        return "a server address has one ws:// in front, e.g. ws://192.168.1.20:8765"
    parts = urllib.parse.urlsplit(text)
    host = parts.hostname
    if not host:
        return "the address names no computer: ws://HOST:PORT, e.g. ws://192.168.1.20:8765"
    try:
        port = parts.port
    except ValueError:
        return "the port is a number from 1 to 65535, e.g. ws://192.168.1.20:8765"
    if port == 0 or parts.netloc.endswith(":"):
        return "the port is a number from 1 to 65535, e.g. ws://192.168.1.20:8765"
    if len(host) > 253 or any(not 0 < len(label) <= 63 for label in host.rstrip(".").split(".")):
        return "that computer's name is too long to be one"
    return None


def address(text):
    """The address as typed, made whole: a bare host:port gets ws:// in front, and a web address
    the WebSocket scheme of the same security (http:// is ws://, https:// is wss://); any other
    scheme stays as typed (address_problem says which ones work)."""
    scheme, typed, rest = text.strip().partition("://")
    if not typed:
        return f"ws://{scheme}"
    return f'{ {"http": "ws", "https": "wss"}.get(scheme.lower(), scheme.lower())}://{rest}'
