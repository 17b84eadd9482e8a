"""The window's host for an online game (client.remote.RemoteHost), driven as
the table drives a host: it reads snapshots, sends the option chosen with the
version it saw, and lets the other seats' moves through one at a time.

Issue "Play online with friends": "a dropped connection reconnects by itself
with backoff; the table says 'Reconnecting...' and, back, catches up by
events since its cursor with nothing lost or doubled"; "a server that is down
or unreachable is one clear line in the window, never a frozen screen".
"""
from __future__ import annotations

import random
import socket
import time

import pytest

from client.remote import RemoteHost
from online_helpers import ServerThread, create_game, join_game, wait_until


def table_step(host, seat, rng):
    """What a table does in one frame: show a move made elsewhere, or make its own."""
    if host.ready():
        host.advance()
        return
    snap = host.snapshot(seat, 0)
    d = snap["decision"]
    if d and d["mine"] and d.get("options") and host.send(seat, {"type": "apply", "version": host.version,
                                                            "option": rng.randrange(len(d["options"]))}).get("pending"):
        wait_until(lambda: host.version != snap["version"] or host.poll(), 20)


def log_seqs(host, seat):
    return [e["seq"] for e in host.snapshot(seat, 0)["events"]]


@pytest.mark.slow
def test_two_windows_play_a_game_through_the_server_and_survive_a_dropped_connection(tmp_path, monkeypatch):
    from server import transport
    states = []
    real_send = transport.Connection.send

    def send(conn, frame):
        if frame.get("type") == "state":
            states.append(("watcher" if conn.spectator else sorted(conn.seats), frame["from"], len(frame["events"]), conn))
        real_send(conn, frame)
    monkeypatch.setattr(transport.Connection, "send", send)
    server = ServerThread(tmp_path)
    try:
        created = create_game(server.uri, [{"kind": "here", "name": "Ann"}, {"kind": "invite"}, {"kind": "easy"}])
        joined = join_game(server.uri, created["invites"]["1"], "Bo")
        ann = RemoteHost(server.uri, [created["tokens"]["0"]])
        bo = RemoteHost(server.uri, [joined["token"]])
        cy = RemoteHost(server.uri, [], watch=created["game"])          # a spectator
        assert wait_until(lambda: ann.connected and bo.connected and cy.connected and ann.version == bo.version >= 0)
        assert cy.here == [] and cy.read_only
        assert ann.here == [0] and bo.here == [1]
        assert [s["name"] for s in ann.seats] == ["Ann", "Bo", "Green AI"]
        rng = random.Random(5)
        dropped = False
        end = time.monotonic() + 180
        while not (ann.over and bo.over) and time.monotonic() < end:
            table_step(ann, 0, rng)
            table_step(bo, 1, rng)
            table_step(cy, None, rng)
            if not dropped and ann.version > 40:
                # The server drops Bo's connection: his window says so, comes back, and catches up.
                before = log_seqs(bo, 1)
                sent_before = len(states)
                room = server.call(lambda: next(iter(server.server.games.rooms.values())))
                shown = bo.mirror.version            # (what Bo's window says it has when it comes back)
                gone = server.call(lambda: [c for r in server.server.games.rooms.values() for c in r.connections
                                            if 1 in c.seats])
                server.call(lambda: [c.close() for c in gone])
                assert wait_until(lambda: bo.unsaved() is not None, 10)
                assert "Reconnecting" in bo.unsaved()["line"]
                assert wait_until(lambda: bo.connected, 30)
                after = log_seqs(bo, 1)
                assert after[:len(before)] == before and len(after) == len(set(after)), "log lines lost or doubled"
                # (the new connection's: a "sync" the window sent on the dropped one - after a move the
                # AI's had made stale - is answered there with every line, as a sync should be)
                again = [st for st in states[sent_before:] if st[0] == [1] and st[3] not in gone]
                # (unless a move was undone after the version Bo's window showed: then the lines it has may
                # differ from the game's, and the server sends them all again - server.messages._since)
                undone = server.call(lambda: room.last_undo) > shown
                assert again and (undone or again[0][1] >= before[-1] + 1), "the server sent lines Bo had already"
                # The same for the spectator.
                cy.catch_up()
                before = log_seqs(cy, None)
                sent_before = len(states)
                gone = server.call(lambda: [c for r in server.server.games.rooms.values() for c in r.connections
                                            if c.spectator])
                server.call(lambda: [c.close() for c in gone])
                assert wait_until(lambda: cy.unsaved() is not None, 10)
                assert wait_until(lambda: cy.connected, 30)
                after = log_seqs(cy, None)
                assert after[:len(before)] == before and len(after) == len(set(after)), "log lines lost or doubled"
                again = [st for st in states[sent_before:] if st[0] == "watcher" and st[3] not in gone]
                assert again and again[0][1] >= before[-1] + 1, "the server sent lines the spectator had already"
                dropped = True
        assert dropped and ann.over and bo.over
        assert ann.snapshot(0)["final_scores"] == bo.snapshot(1)["final_scores"]
        assert wait_until(lambda: (cy.catch_up() or cy.over) and cy.snapshot(None)["final_scores"] is not None, 20)
        assert cy.snapshot(None)["final_scores"] == ann.snapshot(0)["final_scores"]
        room = next(iter(server.server.games.rooms.values()))
        assert len(log_seqs(bo, 1)) == len(set(log_seqs(bo, 1)))
        assert room.session.game.is_over
        # Once over, each window may keep the game: a save that replays to the same end.
        assert wait_until(lambda: ann.record() is not None, 20)
        replay = ann.replay()
        replay.to_end()
        assert replay.game.final_scores() == room.session.game.final_scores()
        ann.close()
        bo.close()
        cy.close()
    finally:
        server.stop()


def test_a_server_that_is_not_there_is_one_line_and_the_window_never_waits(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]            # a port nobody listens on
    host = RemoteHost(f"ws://127.0.0.1:{port}", ["x" * 43])
    try:
        assert wait_until(lambda: host.unsaved() is not None and host.problem, 10)
        line = host.unsaved()["line"]
        # In plain words, with where and why: never the system's "Connect call failed ('127.0.0.1', ...)".
        assert line == f"Reconnecting to the server: cannot reach the server at 127.0.0.1:{port} (nothing answers " \
                       f"there: is it running?)", line
        answer = host.send(0, {"type": "apply", "version": 0, "option": 0})   # at once, not after a timeout
        assert "error" in answer and "reconnecting" in answer["error"]
    finally:
        host.close()
    # Closed, it stops trying at once and never wakes the window again (which may be gone).
    host.link.thread.join(5)
    assert not host.link.thread.is_alive()
