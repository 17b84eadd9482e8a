"""A stored snapshot of a game's whole server-side state: loading a long game without replaying it all.

The server stores one every ``SNAPSHOT_EVERY`` records and when a game leaves
its memory, tagged with the record number it was taken at (``seq``) and
``FORMAT``. Loading takes the newest snapshot of this format and replays only
the records after it. The records stay the truth: a snapshot that cannot be
used (another format, not this game's seed, a state the engine refuses) is
ignored and the game is replayed from its seed.

A snapshot holds the seed, the generator's state and every hand: it stays in
the database and never reaches a client. It also holds the action list, so
that undo (which rebuilds the turn by replaying from the seed, app.session)
works the same on a game loaded from one.

Raise FORMAT whenever the game state's shape or what an action does to it
changes: older snapshots are then ignored (the games replay from their seeds).
"""
from __future__ import annotations

from game.actions import Action
from app.session import Seat, Session
from game.engine import Game

FORMAT = 1
SNAPSHOT_EVERY = 100         # records between two snapshots (a replay of 100 records costs a few ms)


class Unusable(Exception):
    """This snapshot cannot be used; the game is replayed from its seed instead."""


def make(session, last_undo, retry_keys=None):
    """The snapshot of a session as it is now (plain data: JSON as it is). ``retry_keys``: {record
    number: (session, id, seat)} of the last records (server.room), kept so that a message
    sent again is still recognised after the game is loaded from this snapshot."""
    return {"format": FORMAT, "seq": session.changes, "seed": session.seed, "variant": session.variant,
            "game": session.game.to_dict(), "actions": session.action_dicts(),
            "undoable": session.undoable, "undo_block": session.undo_block, "last_undo": last_undo,
            "retry_keys": [[seq, *key] for seq, key in sorted((retry_keys or {}).items())]}


def retry_keys(snap):
    """The snapshot's retry keys as make() took them (an older snapshot has none)."""
    keys = snap.get("retry_keys") if isinstance(snap, dict) else None
    return {k[0]: tuple(k[1:]) for k in keys if isinstance(k, list) and len(k) == 4} if isinstance(keys, list) else {}


def session_from(snap, seq, settings, seats):
    """(Session, last_undo) of a stored snapshot taken at record ``seq``, with the store's seats
    (names and stand-ins as they are now); raises Unusable."""
    if not isinstance(snap, dict) or snap.get("format") != FORMAT:
        raise Unusable(f"a snapshot of format {snap.get('format') if isinstance(snap, dict) else '?'}, "
                       f"not {FORMAT}")
    if snap.get("seq") != seq or snap.get("seed") != settings["seed"] or snap.get("variant") != settings["variant"]:
        raise Unusable("a snapshot that is not of this game at this record")
    try:
        game = Game.from_dict(snap["game"])
        actions = [Action.from_dict(d) for d in snap["actions"]]
        undoable, undo_block, last_undo = int(snap["undoable"]), str(snap["undo_block"]), int(snap["last_undo"])
    except Exception as exc:                    # anything the engine refuses: the records are the truth
        raise Unusable(f"the engine refuses the snapshot ({type(exc).__name__}: {exc})") from None
    if game.state.num_players != len(seats) or game.state.seed != settings["seed"]:
        raise Unusable("a snapshot of another table")
    session = Session(seats=[Seat(s["name"], s["dragon"], s["stand_in"] or s["kind"]) for s in seats],
                      seed=settings["seed"], variant=settings["variant"], actions=actions, game=game,
                      undoable=undoable, undo_block=undo_block, changes=seq)
    for s in seats:                             # a seat claimed after the snapshot: its name as stored now
        game.state.players[s["seat"]].name = s["name"]
    return session, last_undo
