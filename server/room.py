"""One game on the server: its session, who holds each seat, and what each
connection has been sent.

The room runs the game with a ``LocalHost`` (the same checks as the window's:
the seat must decide now, the option is one the engine offers, the version is
the current one; AI seats and the hint think in threads). Every change the
session makes is queued as a record (``pending``); the server commits the
records to the store, then calls ``broadcast``, so nobody hears of a move the
store does not have.

Each connection gets its own seat's snapshot only: a patch against the last
one it was sent, and the log lines after its cursor. A spectator (seat None)
gets what everyone may see.

A command's records carry its retry key (``by``: the window's session, the
message's id, the seat), stored with them: a message sent again is answered
"ok" with what it did only when the record after the version it saw is its
own, so a lost answer, a reconnection or a restarted server never applies a
move twice, and a window that starts its ids again (a new session) never gets
another window's answer.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import time

from game.actions import Action
from game.ai import make_ai
from app.host import LocalHost
from app.save_format import document_text, session_document
from app.version import VERSION as RELEASE
from app.session import Seat, Session
from game.fingerprint import FIRST_FINGERPRINT
from server import game_snapshot
from wire import protocol
from game.snapshot import events
from game.standings import for_seats

RETRY_KEYS = 512             # the last records whose retry key is kept in memory (an older message sent again
                             # is checked against the version: "the game has moved on")
INVITE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"     # no 0/O, 1/I/L: read aloud or typed from a chat


def digest(secret):
    return hashlib.sha256(secret.encode()).hexdigest()


def same_digest(a, b):
    return a is not None and b is not None and hmac.compare_digest(a, b)


def new_token():
    return secrets.token_urlsafe(32)


def new_invite():
    code = "".join(secrets.choice(INVITE_LETTERS) for _ in range(10))
    return f"{code[:5]}-{code[5:]}"


def normal_invite(code):
    """A typed invite code as it was given (case and spaces do not matter)."""
    return "".join(c for c in code.upper() if c.isalnum())


def new_game_id():
    """A game's id, which is also its watch code: read aloud or typed from a chat like an invite."""
    code = "".join(secrets.choice(INVITE_LETTERS) for _ in range(12))
    return f"{code[:4]}-{code[4:8]}-{code[8:]}"


def normal_game_code(code):
    """A typed watch code as the game's id (case, spaces and dashes do not matter), or None if it
    cannot be one of new_game_id's (games made before have ids of any case: typed exactly)."""
    letters = normal_invite(code)
    if len(letters) != 12 or not set(letters) <= set(INVITE_LETTERS):
        return None
    return f"{letters[:4]}-{letters[4:8]}-{letters[8:]}"


class Room:
    def __init__(self, game_id, session, seats, settings, wake):
        self.id = game_id
        self.session = session
        self.seats = seats                 # the store's seat dicts: name, kind, token_hash, invite_hash, stand_in
        self.settings = settings           # seed, variant, absent_limit, turn_limit (seconds or None)
        self.wake = wake                   # called from threads: an AI move or a hint is ready
        self.host = LocalHost(session, threaded=True, notify=wake)
        self.connections = set()
        self.pending = []
        self.by = {}                       # record number -> (session, id, seat) of the message that made it
        now = time.monotonic()
        self.away_since = {s["seat"]: now for s in seats}
        self.elsewhere = {}                # seat -> connected to another server process (the store says)
        self.decision_since = now
        self.idle_since = now
        self._actions = len(session.actions)
        self.last_undo = 0                 # the version of the last undo (log lines before it may differ)
        self.snapshot_seq = 0              # the record of the newest snapshot stored (server.game_snapshot)
        self.stored = (0, (), 0)           # (version, actions, last_undo) the store has (mark_stored)
        self.renamed = False               # a seat renamed since the last broadcast: log lines sent say the old name
        self.renamed_at = -1               # the version of the last rename (log lines sent before it may differ)
        session.listeners.append(self._record)

    # ----- building -------------------------------------------------------------------------
    @classmethod
    def create(cls, game_id, settings, seats, wake):
        session = Session.new([Seat(s["name"], s["dragon"], s["stand_in"] or s["kind"]) for s in seats],
                              settings["seed"], settings["variant"])
        return cls(game_id, session, seats, settings, wake)

    @classmethod
    def rebuild(cls, game_id, stored, wake):
        """The room as the store has it: its snapshot (if the store gave one) or its seed, and the
        records after it replayed (exactly the game that was). A snapshot that cannot be used
        raises game_snapshot.Unusable: the caller loads the game again without one."""
        snap = stored.get("snapshot")
        if snap is None:
            room = cls.create(game_id, stored["settings"], stored["seats"], wake)
        else:
            session, last_undo = game_snapshot.session_from(snap["state"], snap["seq"], stored["settings"],
                                                            stored["seats"])
            room = cls(game_id, session, stored["seats"], stored["settings"], wake)
            room.last_undo = last_undo
            room.by = game_snapshot.retry_keys(snap["state"])
        room.snapshot_seq = room.version
        try:
            room.extend(stored["records"])
            # A seat renamed before this process loaded the game is not known here: a window
            # coming back from a version before now may hold lines with the old name, so it
            # is sent every line again (as after an undo).
            room.renamed_at = room.version
        except Exception as exc:
            if snap is None:
                raise
            room.host.close()
            raise game_snapshot.Unusable(f"the records after it do not replay on it ({exc})") from None
        return room

    def mark_stored(self):
        """The room as it is now is what the store has (``restored`` goes back to it)."""
        self.stored = (self.version, tuple(self.session.actions), self.last_undo)

    @classmethod
    def restored(cls, room, wake):
        """A new room of ``room``'s game as it was when last marked stored: its changes since are
        dropped (the store could not take them). Replayed from the seed, from memory."""
        version, actions, last_undo = room.stored
        fresh = cls.create(room.id, room.settings, room.seats, wake)
        fresh.extend([{"action": a.to_dict()} for a in actions])
        fresh.session.changes, fresh.last_undo, fresh.snapshot_seq = version, last_undo, room.snapshot_seq
        fresh.renamed_at = room.renamed_at
        fresh.by = {seq: key for seq, key in room.by.items() if seq <= version}
        fresh.mark_stored()
        return fresh

    def extend(self, records):
        """Replay records stored after this room's version (by this process or another one); the
        notices stored with them (a move made for a seat), for this process's connections."""
        session = self.session
        notices = []
        session.listeners.remove(self._record)
        try:
            for rec in records:
                if "undo" in rec:
                    session.undo()
                    self.last_undo = session.changes
                else:
                    session.apply(Action.from_dict(rec["action"]))
                by = rec.get("by")
                if isinstance(by, list) and len(by) == 3:
                    self._keep_key(session.changes, by)
                if rec.get("notice"):
                    notices.append(rec["notice"])
        finally:
            session.listeners.append(self._record)
        self._actions = len(session.actions)
        if records:
            self.decision_since = time.monotonic()
        self.mark_stored()
        return notices

    def _record(self, session):
        if len(session.actions) > self._actions:
            self.pending.append({"action": session.actions[-1].to_dict()})
        else:
            self.pending.append({"undo": True})
            self.last_undo = session.changes
        self._actions = len(session.actions)
        self.decision_since = time.monotonic()

    @staticmethod
    def rules_of(settings):
        """The rules fingerprint a stored game was played with (game.fingerprint)."""
        return settings.get("rules") or FIRST_FINGERPRINT

    @property
    def rules(self):
        return self.rules_of(self.settings)

    @property
    def version(self):
        return self.session.changes

    def _keep_key(self, seq, key):
        if key:
            self.by[seq] = tuple(key)
            self.by.pop(seq - RETRY_KEYS, None)

    def done_by(self, key, version):
        """The version after the records the message ``key`` made from ``version`` on, if it made the
        next one (it was applied, and this is it sent again), else None."""
        seq = version + 1
        if self.by.get(seq) != key:
            return None
        while self.by.get(seq + 1) == key:
            seq += 1
        return seq

    def take_pending(self):
        """(first record's number, records) not yet in the store."""
        records, self.pending = self.pending, []
        first = self.version - len(records) + 1
        for i, rec in enumerate(records):
            self._keep_key(first + i, rec.get("by"))
        return first, records

    # ----- seats ----------------------------------------------------------------------------
    def seat_of_token(self, token_hash, seat):
        return seat is not None and same_digest(self.seats[seat]["token_hash"], token_hash)

    def connected(self, seat):
        return self.connected_here(seat) or self.elsewhere.get(seat, False)

    def connected_here(self, seat):
        return any(seat in c.seats for c in self.connections)

    def take_presence(self, shared):
        """Who is connected as the store says ({seat: (connected to another process, seconds since
        last seen anywhere)}, server.pgstore): True if what the seats show changed."""
        now = time.monotonic()
        changed = False
        for seat in range(len(self.seats)):
            elsewhere, ago = shared.get(seat, (False, None))
            was = self.connected(seat)
            self.elsewhere[seat] = elsewhere
            if ago is not None and not self.connected(seat):
                since = now - max(0.0, ago)
                changed |= abs(since - self.away_since[seat]) >= 1
                self.away_since[seat] = since
            changed |= was != self.connected(seat)
        return changed

    def public_seats(self):
        now = time.monotonic()
        out = []
        for s in self.seats:
            i = s["seat"]
            here = self.connected(i)
            out.append({"seat": i, "name": s["name"], "dragon": s["dragon"], "kind": s["kind"],
                        "claimed": s["kind"] != "human" or s["token_hash"] is not None,
                        "stand_in": s["stand_in"], "connected": here,
                        "away": None if here or s["kind"] != "human" else round(now - self.away_since[i])})
        return out

    def claim(self, seat, name, token=None):
        """An invite taken: the seat gets a name and a token (returned once, stored hashed)."""
        token = token or new_token()
        self.seats[seat].update(token_hash=digest(token), invite_hash=None)
        self.rename(seat, name)
        return token

    def rename(self, seat, name):
        self.seats[seat]["name"] = name
        self.session.seats[seat].name = name
        self.session.game.rename(seat, name)
        self.renamed, self.renamed_at = True, self.version

    def take_seats(self, stored):
        """The seats as the store has them now (another process took an invite or a seat):
        True if anything changed."""
        changed = False
        for s in stored:
            mine = self.seats[s["seat"]]
            if s == mine:
                continue
            changed = True
            if s["name"] != mine["name"]:
                self.rename(s["seat"], s["name"])
            mine.update(s)
            self.stand_in(s["seat"], s["stand_in"])
        return changed

    def stand_in(self, seat, level):
        """An absent player's seat is played by an AI level (None: the player has it back)."""
        self.seats[seat]["stand_in"] = level
        self.session.seats[seat].kind = level or self.seats[seat]["kind"]

    def may_take_over(self, by_seats, seat, level):
        """None if a connection holding ``by_seats`` may hand ``seat`` to ``level``, else why not."""
        limit = self.settings.get("absent_limit")
        s = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if not by_seats:
            return "Only a player of this game can do that."
        if s is None or s["kind"] != "human":
            return "That seat is not a person's."
        if s["stand_in"]:
            return "An AI dragon plays that seat already."
        if self.connected(seat):
            return f"{s['name']} is connected."
        if limit is None:
            return "This table was made without a limit for absent players: it waits for them."
        away = time.monotonic() - self.away_since[seat]
        if away < limit:
            return f"{s['name']} has been away {int(away)} s; the table's limit is {int(limit)} s."
        if level not in protocol.AI_LEVELS:
            return f"Choose an AI level: {', '.join(protocol.AI_LEVELS)}."
        return None

    # ----- what a connection is sent --------------------------------------------------------
    def welcome(self, conn):
        frames = [{"type": "welcome", "game": self.id, "seats_here": sorted(conn.seats),
                   "seats": self.public_seats(), "table": self.host.table, "version": self.version,
                   "settings": self.public_settings(), "rules": self.rules, "release": RELEASE}]
        for seat in conn.watched():
            frames.append(self.full_state(conn, seat, conn.since.get(seat, 0)))
        return frames

    def public_settings(self):
        return {"variant": self.settings["variant"], "absent_limit": self.settings.get("absent_limit"),
                "turn_limit": self.settings.get("turn_limit")}

    def _snapshots(self, seats):
        """{seat: its snapshot as it travels, without log lines}, worked out at once for all. The
        standings only once the game is over (the score sheet's): before, a table asks for them
        (``standings``) while its panel is open, which spares them at every move."""
        snaps = self.host.snapshots(seats, since=None, standings=self.session.game.is_over)  # JSON, its own copy
        for snap in snaps.values():
            del snap["events_from"], snap["events"]        # the client's own cursor says where they start
            snap["decision"] = protocol.pack_decision(snap["decision"])
        return snaps

    def standings(self, seat):
        """``seat``'s standings now, as it may know them (game.standings)."""
        return for_seats(self.session.game, [seat])[seat]

    def _events(self, seat, since):
        return events(self.session.game, seat, since)

    def full_state(self, conn, seat, since=0, snap=None):
        """The seat's whole snapshot, with its log lines from ``since`` on (a client that
        has the lines before it keeps them: ``from`` says where these start)."""
        since = min(since, len(self.session.game.state.log))
        snap = snap or self._snapshots([seat])[seat]
        conn.last[seat], conn.cursor[seat] = snap, snap["log_size"]
        return self._clocked({"type": "state", "seat": seat, "version": self.version, "snapshot": snap,
                              "events": self._events(seat, since), "from": since})

    def update(self, conn, seat, snap=None, patches=None):
        """The frame that brings ``conn``'s view of ``seat`` up to date, or None. ``snap``: the
        seat's snapshot now, if worked out already; ``patches``: the patches worked out in this
        round (connections that were sent the same snapshot get the same patch)."""
        cursor = conn.cursor.get(seat)
        if cursor is None or seat not in conn.last or len(self.session.game.state.log) < cursor:
            return self.full_state(conn, seat, snap=snap)  # an undo took log lines back: start again
        snap = snap or self._snapshots([seat])[seat]
        events = self._events(seat, cursor)
        change = protocol.diff(conn.last[seat], snap, patches)
        if change is None and not events:
            return None
        conn.last[seat], conn.cursor[seat] = snap, snap["log_size"]
        return self._clocked({"type": "update", "seat": seat, "version": self.version, "patch": change,
                              "events": events})

    def _clocked(self, frame):
        """With a turn limit, the frame says how long the person deciding has left (public)."""
        limit = self.settings.get("turn_limit")
        seat = self.host.decider
        if limit is not None and seat is not None and self.session.seats[seat].is_human:
            frame["clock"] = {"seat": seat, "left": round(max(0.0, limit - (time.monotonic() - self.decision_since)), 1)}
        return frame

    def broadcast(self):
        """Every connection's update: each seat's snapshot is worked out once (and what the seats
        all may see once for all of them), each patch once, each distinct frame encoded once.
        After a seat was renamed, each is sent whole, with its log from the start: the lines it
        has name the seat as it was, and a patch brings only the lines after them."""
        watching = [(conn, seat) for conn in list(self.connections) for seat in conn.watched()]
        snaps = self._snapshots(sorted({seat for _, seat in watching}, key=lambda s: (s is None, s)))
        if self.renamed:
            self.renamed = False
            for conn, seat in watching:
                conn.send(self.full_state(conn, seat, snap=snaps[seat]))
            return
        patches, texts = {}, {}
        for conn, seat in watching:
            key = (seat, id(conn.last.get(seat)), conn.cursor.get(seat))
            if key not in texts:
                frame = self.update(conn, seat, snaps[seat], patches)
                texts[key] = (None if frame is None else protocol.dumps(frame), snaps[seat])
            text, snap = texts[key]
            if text is not None:
                conn.last[seat], conn.cursor[seat] = snap, snap["log_size"]
                conn.send_text(text)

    def tell_presence(self):
        frame = {"type": "presence", "seats": self.public_seats()}
        for conn in list(self.connections):
            conn.send(frame)

    # ----- commands -------------------------------------------------------------------------
    def command(self, seat, msg, session):
        """Apply a checked command of ``seat``, sent in the window's ``session``: the answer. The same
        message sent again after it was applied is answered as it was, and nothing is applied."""
        key = (session, msg["id"], seat)
        done = self.done_by(key, msg["version"])
        if done is not None:
            return {"type": "answer", "id": msg["id"], "seat": seat, "ok": True, "version": done}
        command = {"type": msg["type"], "version": msg["version"]}
        if msg["type"] == "apply":
            command["option"] = protocol.number(msg, "option", high=10_000)
        elif msg["type"] == "fly":
            command["region"] = protocol.text(msg, "region")
        made = len(self.pending)
        answer = self.host.send(seat, command)
        for record in self.pending[made:]:
            record["by"] = list(key)
        answer = {"type": "answer", "id": msg["id"], "seat": seat, **{k: v for k, v in answer.items() if k != "hint"}}
        answer["version"] = self.version
        return answer

    def news(self):
        """Hints and notices ready now, each with the connections it is for."""
        out = []
        for item in self.host.poll():
            if item["type"] == "hint":
                frame = {"type": "hint", "seat": item["seat"], "version": item["version"],
                         "option": item["option"], "text": item["text"], "plan": item["plan"]}
                out.append((frame, [c for c in self.connections if item["seat"] in c.seats]))
            elif item["type"] == "notice":
                out.append(({"type": "notice", "text": item["text"]}, list(self.connections)))
        return out

    def record(self):
        """The whole game as a save (only once it is over: it holds the seed and every hand)."""
        if not self.session.game.is_over:
            return None
        return document_text(session_document(self.session, name=f"Online game {self.id}"))

    def timed_out_seat(self):
        """The person's seat whose turn has lasted past the table's turn limit, or None."""
        limit = self.settings.get("turn_limit")
        seat = self.host.decider
        if limit is None or seat is None or not self.session.seats[seat].is_human:
            return None
        return seat if time.monotonic() - self.decision_since >= limit else None

    def play_for(self, seat):
        """A move for a person out of time: the easy AI's, applied as theirs; the notice that says
        so (stored with the move, so that every process tells its connections)."""
        g = self.session.game
        action = make_ai("easy", self.settings["seed"] + self.version).choose(g.copy(keep_log=True), seat)
        if action not in g.decision.options:
            action = g.decision.options[0]
        self.session.apply(action)
        text = f"{self.seats[seat]['name']}'s time ran out: an easy AI dragon made the move."
        self.note(text)
        return text

    def note(self, text):
        """Store a notice with the last record not yet stored (a move the server made for a seat)."""
        if self.pending:
            last = self.pending[-1]
            last["notice"] = f"{last['notice']} {text}" if last.get("notice") else text
