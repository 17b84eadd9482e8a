"""What a client knows of its online game, built from the server's frames only.

``Mirror.take(frame)`` keeps, for every seat the connection holds (or None
for a spectator), the latest snapshot (a ``state`` frame gives it whole, an
``update`` patches it) and every log line received, in order of their place in
the game's log. ``snapshot(seat, since)`` answers as a local host does.
"""
from __future__ import annotations

from wire import protocol


class OutOfStep(Exception):
    """A frame does not follow the last one (a lost or doubled frame): ask for a resync."""


class Mirror:
    def __init__(self):
        self.game = None
        self.seats = []              # the server's public seat list (name, dragon, kind, connected, ...)
        self.here = []               # the seats this connection holds ([None] for a spectator)
        self.table = None
        self.settings = {}
        self.version = -1
        self.snaps = {}              # seat -> snapshot without its events
        self.events = {}             # seat -> [event], by seq

    def take(self, frame):
        """Fold a frame in; returns its type. OutOfStep when an update does not fit."""
        kind = frame.get("type")
        if kind == "welcome":
            self.game, self.seats, self.table = frame["game"], frame["seats"], frame["table"]
            self.here = frame["seats_here"] or [None]      # (a spectator's eyes are None)
            self.settings = frame["settings"]
            self.version = frame["version"]
        elif kind == "state":
            seat = frame["seat"]
            self.snaps[seat] = frame["snapshot"]
            start = frame.get("from", 0)             # the lines before it are the ones kept here
            self.events[seat] = [e for e in self.events.get(seat, []) if e["seq"] < start] + list(frame["events"])
            self.version = frame["version"]
        elif kind == "update":
            seat = frame["seat"]
            if seat not in self.snaps:
                raise OutOfStep("an update before the state")
            events = frame["events"]
            known = self.events[seat]
            if events and known and events[0]["seq"] <= known[-1]["seq"]:
                raise OutOfStep("log lines received twice")
            try:
                if frame["patch"] is not None:
                    self.snaps[seat] = protocol.patch(self.snaps[seat], frame["patch"])
            except (protocol.BadMessage, KeyError, IndexError, ValueError, TypeError) as exc:
                raise OutOfStep(f"the patch does not fit ({exc})") from None
            known.extend(events)
            self.version = frame["version"]
        elif kind == "presence":
            self.seats = frame["seats"]
        return kind

    def cursors(self):
        """{seat: the next log line} of every seat held ("public" for what everyone may see)."""
        return {("public" if s is None else str(s)): (ev[-1]["seq"] + 1 if ev else 0) for s, ev in self.events.items()}

    def snapshot(self, seat, since=0):
        snap = dict(self.snaps[seat])
        snap["decision"] = protocol.unpack_decision(snap["decision"])
        events = self.events.get(seat, [])
        if since is None:
            snap["events"] = []
            snap["events_from"] = snap["log_size"]
        else:
            snap["events"] = [e for e in events if e["seq"] >= since]
            snap["events_from"] = min(max(0, since), snap["log_size"])
        return snap

    def options(self, seat):
        snap = self.snaps.get(seat, {})
        d = snap.get("decision")
        current = snap.get("version") == self.version     # (a connection's seats are brought up to date in turn)
        return d.get("options") if current and d and d.get("mine") else None
