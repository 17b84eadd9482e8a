"""The window's host for an online game: the same calls as ``LocalHost``, the game
held by a server (server.server).

The network runs in a thread of its own (an asyncio loop with the
``websockets`` client): frames received go into a queue, which the window
thread drains when it asks the host anything, and ``notify`` wakes the window.
The window sends with a thread-safe call. The connection comes back by itself
with backoff; each time, the server sends the seats' whole snapshots again
(``Mirror``), so nothing is lost or doubled.

Moves of other seats are let through one at a time (``ready`` / ``advance``,
as the table lets an AI move through), so that they are shown at a readable
pace; the answer to this window's own move is folded in at once.

Each host is a session of its own (a random word in its first message): the
ids of its moves count within it, so a window opened again never collides
with the one before. A move whose answer was lost with the connection is sent
again, with its id, as soon as the connection is back: the server answers it
as it was if it made it, or makes it now if the game still waits for it.
The server's welcome names its rules (game.fingerprint): a window with other
rules says "update to play" and draws nothing. A wss:// server is trusted as
the player said (wire.tls); a certificate that is not the one trusted
ends the connection before the first message, and is never tried again.
"""
from __future__ import annotations

import asyncio
import json
import queue
import random
import secrets
import socket
import ssl
import threading
import time
from collections.abc import Callable
from typing import Any

from app.ports import (Answer, Command, HostDefaults, News, ReplayControls, SeatInfo, SeatSnapshot, Summary,
                       TurnClock, Unsaved)
from app.version import VERSION as RELEASE
from game.data import default_data
from game.fingerprint import rules_fingerprint, short
from wire import protocol, tls
from client import reaching
from client.mirror import Mirror, OutOfStep

BACKOFF = (0.5, 1, 2, 4, 8, 15)        # seconds between tries to reconnect (then 15 s each)
ANSWER_SECONDS = 10                    # a command without an answer by then is said to have failed


class Link:
    """One server connection in a thread, reopened with backoff until ``close``."""

    def __init__(self, uri, first, on_frame, on_state, trust=""):
        self.uri = uri
        self.first = first                  # the message sent first on every connection (or a function making it)
        self.on_frame = on_frame
        self.on_state = on_state            # ("connecting" | "open" | "down" | "failed", words, fingerprint offered)
        self.trust = trust                  # how a wss:// server's certificate is trusted (wire.tls)
        self.loop = asyncio.new_event_loop()
        self.ws = None
        self.closed = False
        self.tries = 0
        self.opened = False                 # has a connection ever been open? (else an address that cannot work is said)
        self._sleeper = None
        self.thread = threading.Thread(target=self._run, name="online", daemon=True)
        self.thread.start()

    def _run(self):
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._connect_forever())
        finally:
            self.loop.close()

    async def _connect_forever(self):
        from websockets.asyncio.client import connect
        while not self.closed:
            self.on_state("connecting", None)
            problem = None
            try:
                context = tls.client_context(self.uri, self.trust)
                async with connect(self.uri, max_size=16 * 1024 * 1024, compression=None, open_timeout=10,
                                   close_timeout=2, **({"ssl": context} if context else {})) as ws:
                    tls.check_peer(ws.transport.get_extra_info("ssl_object"), self.trust)
                    self.ws = ws
                    await ws.send(protocol.dumps(self.first() if callable(self.first) else self.first))
                    self.tries = 0
                    self.opened = True
                    self.on_state("open", None)
                    async for text in ws:
                        self.on_frame(json.loads(text))
                    problem = reaching.closed(self.uri, ws.close_code, ws.close_reason)
            except (tls.NotTrusted, ssl.SSLCertVerificationError) as exc:      # trying again cannot help
                if isinstance(exc, ssl.SSLCertVerificationError):
                    seen = await asyncio.get_running_loop().run_in_executor(None, tls.presented, self.uri)
                    exc = tls.not_trusted(exc, self.uri, self.trust, seen)
                self.on_state("failed", str(exc), exc.seen if exc.offer else None)
                return
            except Exception as exc:            # unreachable, a refused handshake, a timeout, a dropped connection
                problem = reaching.words(exc, self.uri)
                if not self.opened and _never_works(exc, self.uri):
                    self.on_state("failed", f"{problem}: check the address")
                    return
            finally:
                self.ws = None
            if self.closed:
                return
            wait = BACKOFF[min(self.tries, len(BACKOFF) - 1)] * random.uniform(0.8, 1.2)
            self.tries += 1
            self.on_state("down", problem)
            self._sleeper = asyncio.get_running_loop().create_future()
            try:
                await asyncio.wait_for(self._sleeper, wait)          # (close() ends the wait at once)
            except asyncio.TimeoutError:
                pass

    def _wake_sleeper(self):
        if self._sleeper is not None and not self._sleeper.done():
            self._sleeper.set_result(None)

    def send(self, msg):
        """Send from any thread; False if there is no connection now."""
        ws = self.ws
        if ws is None or self.closed:
            return False
        asyncio.run_coroutine_threadsafe(self._send(ws, protocol.dumps(msg)), self.loop)
        return True

    async def _send(self, ws, text):
        try:
            await ws.send(text)
        except Exception:
            pass                                # the reader sees the connection go, and reconnects

    def close(self):
        self.closed = True
        self.on_frame = self.on_state = lambda *args: None     # nothing reaches the window any more
        try:
            self.loop.call_soon_threadsafe(self._wake_sleeper)
        except RuntimeError:                    # the loop has ended already
            pass
        ws = self.ws
        if ws is not None and not self.loop.is_closed():
            try:
                asyncio.run_coroutine_threadsafe(ws.close(), self.loop)
            except RuntimeError:
                pass


def _never_works(exc, uri):
    """An address that trying again cannot help: not one at all, a name nobody knows, or wss://
    to a server without TLS."""
    from websockets.exceptions import InvalidURI
    if isinstance(exc, socket.gaierror):
        return exc.errno in (socket.EAI_NONAME, getattr(socket, "EAI_NODATA", socket.EAI_NONAME))
    return isinstance(exc, (InvalidURI, ValueError)) or reaching.no_tls(exc, uri)


class RemoteHost(HostDefaults):
    def __init__(self, uri, tokens, notify=None, link=Link, save_dir=None, watch=None, trust="", invites=None):
        """``tokens``: this computer's seats of the game; or ``watch``: a game's code, to
        watch it as a spectator (what everyone may see; nothing can be played). ``trust``: how
        a wss:// server's certificate is trusted (wire.tls). ``invites``: {seat: code} of the
        friends' seats of a table made here (kept to be shown here; never sent)."""
        self.save_dir = save_dir
        self.uri = uri
        self.tokens = list(tokens)
        self.invites = dict(invites or {}) if watch is None else {}
        self.watching = watch
        self.read_only = watch is not None
        self.notify = notify or (lambda: None)
        self.incoming = queue.Queue()
        self.mirror = Mirror()               # what the table is shown
        self.waiting = []                    # game frames received, not yet shown
        self.news = []
        self.state, self.problem = "connecting", None
        self.fatal = None
        self.offer = None                    # the fingerprint of a certificate the player may choose to trust
        self._said = None                    # the server's words on a connection it closes before its welcome
        self.saved_record = None
        self._record_asked = False
        self.session = secrets.token_urlsafe(18)      # this window's: its message ids count within it
        self._next_id = 1
        self._own = None                     # [message, sent at] of this window's command waiting for its answer
        self._catch_up = None                # fold every frame up to this version at once
        self._states_due = set()             # seats whose whole snapshot the welcome announced
        self._presence_at = time.monotonic()   # when the seat list (who is connected, how long away) came
        self._clock = (None, -1, 0.0)          # the last frame's turn clock, its version, when it came
        self._standings = {}                 # seat -> (version, its standings) last received
        self._standings_asked = {}           # seat -> the version they were asked for
        self.link = link(uri, self._hello, self._received, self._link_state, trust)

    def _hello(self):
        """The first message of each connection: the seat tokens, and the log lines kept here
        (called in the network thread: it reads what the window thread last folded)."""
        known = {"v": protocol.VERSION, "version": self.mirror.version, "since": self.mirror.cursors(),
                 "session": self.session, "rules": rules_fingerprint(), "release": RELEASE}
        if self.watching is not None:
            return {"type": "watch", "game": self.watching, **known}
        return {"type": "hello", "tokens": self.tokens, **known}

    # ----- the network thread's side -------------------------------------------------------------
    def _received(self, frame):
        self.incoming.put(frame)
        self.notify()

    def _link_state(self, state, problem, offer=None):
        self.incoming.put({"type": "_link", "state": state, "problem": problem, "offer": offer})
        self.notify()

    # ----- the window thread's side ----------------------------------------------------------------
    def _drain(self):
        while True:
            try:
                frame = self.incoming.get_nowait()
            except queue.Empty:
                break
            self._take(frame)
        if self._own is not None and self.state == "open" and time.monotonic() - self._own[1] > ANSWER_SECONDS:
            self._own = None
            self.news.append({"type": "notice", "text": "The server did not answer that move: look again."})

    def _take(self, frame):
        kind = frame.get("type")
        if kind == "_link":
            self.state, self.problem = frame["state"], self._said or frame["problem"]
            self._said = None
            if frame["state"] == "open":
                self.waiting.clear()             # the welcome and whole states follow
                self._standings_asked.clear()    # (a question lost with the connection is asked again)
                self._catch_up = float("inf")
                self._states_due = {"welcome"}
                if self._own is not None:        # its answer was lost with the connection: ask again
                    self._own[1] = time.monotonic()
                    self.link.send(self._own[0])
            elif frame["state"] == "failed":
                self.fatal, self.offer = frame["problem"], frame.get("offer")
                self.link.close()
        elif kind == "welcome":
            if frame.get("rules") != rules_fingerprint():
                self.fatal = (f"This server runs version {frame.get('release', '?')} (rules "
                              f"{short(frame.get('rules') or '?')}), you have {RELEASE} (rules "
                              f"{short(rules_fingerprint())}): update to play.")
                self.link.close()
                return
            self.mirror.take(frame)
            self._presence_at = time.monotonic()
            self._catch_up = float("inf")
            here = frame["seats_here"]
            self._states_due = set(here + [None] if len(here) > 1 else here or [None])
        elif kind == "state":                    # a whole snapshot (a welcome, a resync): shown at once
            self._clock = (frame.get("clock"), frame["version"], time.monotonic())
            self.waiting.append(frame)
            self._fold_upto(frame["version"])
            self._states_due.discard(frame["seat"])
            if not self._states_due and self._catch_up == float("inf"):
                self._catch_up = frame["version"]   # (the other seats' frames of this version follow)
        elif kind == "update":
            self._clock = (frame.get("clock"), frame["version"], time.monotonic())
            self.waiting.append(frame)
            if self._catch_up is not None and frame["version"] > self._catch_up:
                self._catch_up = None            # a move made elsewhere: the table lets it through
            if self._catch_up is not None:
                self._fold_upto(frame["version"])
        elif kind == "answer":
            if self._own is not None and frame["id"] == self._own[0]["id"]:
                self._own = None
                if "error" in frame:
                    self.news.append({"type": "notice", "text": frame["error"]})
                    if frame.get("stale"):
                        self.link.send({"type": "sync"})
                else:
                    self._catch_up = frame["version"]
                    self._fold_upto(frame["version"])
        elif kind == "presence":
            self.mirror.take(frame)
            self._presence_at = time.monotonic()
            self.news.append({"type": "presence"})
        elif kind == "hint":
            self.news.append(frame)
        elif kind == "standings":
            self._standings[frame["seat"]] = (frame["version"], frame["standings"])
            self.news.append({"type": "standings"})
        elif kind == "notice":
            self.news.append({"type": "notice", "text": frame["text"]})
        elif kind == "record":
            self.saved_record = frame["save"]
            self._keep_record()
        elif kind == "error":
            if frame.get("fatal"):
                self.fatal = frame["text"]
                self.link.close()
            elif self._states_due == {"welcome"}:
                self._said = frame["text"]       # said before the welcome: why the connection closes
            self.news.append({"type": "notice", "text": frame["text"]})

    def _fold_upto(self, version):
        """Show every waiting frame up to ``version``."""
        while self.waiting and self.waiting[0]["version"] <= version:
            self._fold(self.waiting.pop(0))

    def _fold(self, frame):
        again = frame["type"] == "state" and frame["seat"] in self.mirror.snaps
        try:
            self.mirror.take(frame)
        except OutOfStep:
            self.link.send({"type": "sync"})
            return
        if again:           # a seat renamed (or a reconnection): lines shown may be worded anew, at the same version
            self.news.append({"type": "resent"})
        snap = self.mirror.snaps.get(frame["seat"])
        if snap and snap["board"]["over"] and not self._record_asked:
            self._record_asked = self.link.send({"type": "record"})   # the whole game, to keep and replay here

    # ----- what the table reads ----------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        """Connected, with every seat's snapshot here (the table can be drawn)."""
        self._drain()
        m = self.mirror
        return self.state == "open" and m.game is not None and not self._states_due \
            and all(s in m.snaps for s in m.here)

    @property
    def version(self) -> int:
        self._drain()
        return self.mirror.version

    @property
    def awaiting_answer(self):
        """This window's move was sent and the server has not answered it yet."""
        self._drain()
        return self._own is not None

    @property
    def here(self) -> list[int]:
        self._drain()
        return [s for s in self.mirror.here if s is not None]

    @property
    def seats(self) -> list[SeatInfo]:
        self._drain()
        return [{"name": s["name"], "dragon": s["dragon"], "kind": s["stand_in"] or s["kind"],
                 "connected": s["connected"], "away": s["away"], "claimed": s["claimed"],
                 "stand_in": s["stand_in"]} for s in self.mirror.seats]

    @property
    def absent_limit(self) -> float | None:
        """Seconds an absent player is waited for before an AI may stand in (None: the table waits)."""
        return (self.mirror.settings or {}).get("absent_limit")

    def away_for(self, seat: int) -> float | None:
        """Seconds the person of ``seat`` has been gone now (None: connected, or not a person's seat)."""
        self._drain()
        away = self.mirror.seats[seat]["away"] if 0 <= seat < len(self.mirror.seats) else None
        return None if away is None else away + (time.monotonic() - self._presence_at)

    @property
    def table(self) -> dict[str, Any]:
        self._drain()
        return self.mirror.table

    @property
    def data(self) -> Any:
        return default_data()

    def _any(self):
        snaps = self.mirror.snaps
        return snaps[min(snaps, key=lambda s: -1 if s is None else s)] if snaps else None

    @property
    def over(self) -> bool:
        self._drain()
        snap = self._any()
        return bool(snap and snap["board"]["over"])

    @property
    def decider(self) -> int | None:
        self._drain()
        snap = self._any()
        d = snap and snap["decision"]
        return d["player"] if d else None

    @property
    def thinking(self) -> bool:
        """Another seat is deciding and nothing has come yet (the table waits for the server)."""
        self._drain()
        return not self.waiting and self.decider is not None and self.decider not in self.here

    def snapshot(self, seat: int | None, since: int | None = 0, standings: bool = True) -> SeatSnapshot:
        """``seat`` None: what everyone may see (the server sends it to a window holding
        several seats, for the table between two of its players, and to a spectator,
        who is shown it whichever seat the table follows). ``standings``: the server's
        updates carry them once the game is over; before, they are asked for at each
        version shown and are None until they come (news "standings" says they came)."""
        self._drain()
        snap = self.mirror.snapshot(None if self.watching is not None else seat, since)
        if standings and snap["standings"] is None and snap["seat"] is not None:
            snap["standings"] = self._asked_standings(snap["seat"])
        d = snap["decision"]
        if d and d.get("mine") and self.mirror.seats[d["player"]]["stand_in"]:
            # an AI plays the seat for now: nothing to choose here until its player takes it back
            snap["decision"] = {k: v for k, v in d.items() if k not in ("options", "refused", "flights")} | {"mine": False}
        return snap

    def _asked_standings(self, seat):
        version = self.mirror.version
        if self._standings.get(seat, (None,))[0] != version and self._standings_asked.get(seat) != version \
                and self.state == "open":
            self._standings_asked[seat] = version
            self.link.send({"type": "standings", "seat": seat})
        known = self._standings.get(seat)
        return known[1] if known is not None and known[0] == version else None

    def ready(self) -> bool:
        self._drain()
        return bool(self.waiting)

    def advance(self) -> bool:
        """Show the next move made elsewhere (all its frames); True if there was one."""
        self._drain()
        if not self.waiting:
            return False
        self._fold_upto(self.waiting[0]["version"])
        return True

    def catch_up(self) -> None:
        """Show every move received (no table shows them one by one now)."""
        self._drain()
        if self.waiting:
            self._fold_upto(self.waiting[-1]["version"])

    # ----- commands ---------------------------------------------------------------------------------
    def send(self, seat: int, command: Command) -> Answer:
        self._drain()
        if self.fatal:
            return {"error": self.fatal}
        if self.watching is not None:
            return {"error": "You are watching this game: nothing can be played from here."}
        if self.state != "open":
            return {"error": "Not connected to the server: reconnecting..."}
        if self._own is not None:
            return {"error": "Wait: the server has not answered your last move yet."}
        kind = command.get("type")
        if kind not in protocol.COMMANDS:
            return {"error": f"Unknown command {kind!r}."}
        if command.get("version") != self.mirror.version:
            return {"error": "The game has moved on since: look again.", "stale": True}
        msg = dict(command, id=self._next_id, seat=seat)
        self._next_id += 1
        if kind != "hint":
            self._own = [msg, time.monotonic()]
        self.link.send(msg)
        return {"pending": True}

    def take_over(self, seat: int, level: str) -> bool:
        """Hand an absent player's seat to an AI level (the server checks the table's limit);
        False if there is no connection now."""
        return self.link.send({"type": "takeover", "target": seat, "level": level})

    def turn_clock(self) -> TurnClock | None:
        """With a turn limit: {"seat", "left"}: the seconds the person deciding has left before an
        easy AI moves for them (None: no limit, or nobody on the clock)."""
        self._drain()
        clock, version, at = self._clock
        if clock is None or version != self.mirror.version:
            return None
        return {"seat": clock["seat"], "left": max(0.0, clock["left"] - (time.monotonic() - at))}

    def reclaim(self, seat: int) -> bool:
        """Take this computer's ``seat`` back from the AI that played it while its player was gone."""
        return self.link.send({"type": "reclaim", "seat": seat})

    def poll(self) -> list[News]:
        self._drain()
        news, self.news = self.news, []
        return news

    def forget_hint(self) -> None:
        self.news = [n for n in self.news if n.get("type") != "hint"]

    # ----- what a local host does that the server does here ------------------------------------------
    kept = None                                # where the finished game was saved on this computer

    def start_autosave(self, save_dir: str, fname: str | None = None,
                       notify: Callable[[], None] | None = None) -> object:
        """The server keeps the game; once it is over, its record is saved in ``save_dir``
        (so that it is among Recent games here, to replay or keep)."""
        self.save_dir = save_dir
        self._keep_record()
        return None

    def _keep_record(self):
        import os
        import re
        from app.save_format import write_atomic
        if self.save_dir is None or self.saved_record is None or self.kept is not None:
            return
        game = self.mirror.game if re.fullmatch(r"[A-Za-z0-9_-]{1,32}", str(self.mirror.game)) else "game"
        path = os.path.join(self.save_dir, f"online-{game}.yaml")
        try:
            os.makedirs(self.save_dir, exist_ok=True)
            write_atomic(path, self.saved_record.encode("utf-8"))
        except OSError as exc:
            self.news.append({"type": "notice", "text": f"The finished game could not be saved here "
                                                        f"({exc.strerror or exc}); Menu > Save as keeps it."})
            return
        self.kept = path
        self.news.append({"type": "notice", "text": "The finished game is saved on this computer (Recent games)."})

    def unsaved(self) -> Unsaved | None:
        """While the connection is down: what to say of it (the table's banner), else None."""
        self._drain()
        if self.fatal:
            return {"line": f"Online: {self.fatal}", "short": "not connected", "leaving": None}
        if self.state == "open":
            return None
        why = f": {self.problem}" if self.problem else "..."
        return {"line": f"Reconnecting to the server{why}", "short": "reconnecting",
                "leaving": "The server keeps the game: open it again from Play online."}

    def close(self) -> str | None:
        """Done with the game: the connection closes and the window is never woken again."""
        self.notify = lambda: None
        self.link.close()
        return None

    def summary(self) -> Summary:
        """The game in the facts a save's header holds (``actions``: the server's version, which
        counts undos too: the moves themselves are the server's)."""
        from app.save_format import summary_of
        self._drain()
        board = (self._any() or {}).get("board", {})
        seats = self.seats
        decider = self.decider
        return summary_of([s["name"] for s in seats], [s["kind"] for s in seats],
                          (self.mirror.settings or {}).get("variant", "standard"), board.get("century", 1),
                          board.get("phase", "setup"), self.over, max(0, self.version),
                          None if decider is None else seats[decider]["name"])

    def save_elsewhere(self, path: str) -> str:
        """The server keeps an online game: there is no autosave here to move elsewhere."""
        raise ValueError("the server keeps an online game: open it again from Play online")

    def record(self):
        """The finished game as a save text (None until the server has sent it)."""
        self._drain()
        return self.saved_record

    def save_as(self, save_dir: str, name: str) -> str:
        from app.save_folder import save_as
        session = self._session()
        if session is None:
            raise ValueError("an online game can be saved here once it is over (the server keeps it until then)")
        return save_as(session, save_dir, name)

    def _session(self):
        from app.save_format import parse_yaml, session_from_document
        text = self.record()
        return session_from_document(parse_yaml(text)) if text else None

    def replay(self) -> ReplayControls | None:
        from app.replay_host import ReplayHost
        session = self._session()
        return ReplayHost(session) if session is not None else None

