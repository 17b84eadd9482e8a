"""Nothing answered before it is stored, nothing stored lost: the server killed around a move.

Issue "The server at the hardware's speed": "Commit durability stays as
promised: nothing is answered before it is committed (a test kills the server
between commit and answer and after)." Issue "Online play a group can trust":
"the server must never answer 'ok' to something it did not do". The server is
the real process (tests/kill_server.py), killed as kill -9 would, just before
a move's records are committed, between the commit and the answer, and just
after the answer; it comes back on the same folder, and the player's window
(the same session) sends its unanswered move again.
"""
from __future__ import annotations

import asyncio
import json
import random
import secrets
import subprocess
import sys

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from wire import protocol
from client.mirror import Mirror
from server.store import SQLiteStore
from online_helpers import ROOT, ServerProcess, create_game

NTH = 3                      # the move of the person's around which the server dies


class Player:
    """One window on seat 0: moves at random, one at a time, each answered before the next."""

    def __init__(self, token):
        self.token, self.session = token, secrets.token_urlsafe(18)
        self.mirror, self.rng, self.next_id = Mirror(), random.Random(7), 1
        self.sent = {}            # id -> the move
        self.answers = {}         # id -> its answer
        self.unanswered = None
        self.seen = 0             # the version the last answer named: the table is looked at once there

    async def play(self, uri, moves, again=None):
        """Play until ``moves`` have been answered, or the connection goes; ``again``: a move
        sent before, to send again first (its answer was lost with the server)."""
        async with connect(uri, max_size=None, compression=None) as ws:
            await ws.send(protocol.dumps({"type": "hello", "tokens": [self.token], "session": self.session}))
            if again is not None:
                await ws.send(protocol.dumps(again))
            try:
                while len(self.answers) < moves:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    if frame.get("type") == "answer":
                        self.answers[frame["id"]] = frame
                        self.unanswered = None
                        self.seen = frame.get("version", self.seen)
                    elif frame.get("type") in ("welcome", "state", "update", "presence"):
                        self.mirror.take(frame)
                    if self.unanswered is None and self.mirror.version >= self.seen and self.mirror.options(0) \
                            and again is None:
                        msg = {"type": "apply", "id": self.next_id, "seat": 0, "version": self.mirror.version,
                               "option": self.rng.randrange(len(self.mirror.options(0)))}
                        self.sent[msg["id"]] = dict(msg, action=self.mirror.options(0)[msg["option"]]["action"])
                        self.unanswered = msg
                        self.next_id += 1
                        await ws.send(protocol.dumps(msg))
                    again = None if again is not None and again["id"] in self.answers else again
            except ConnectionClosed:
                pass


def killed_server(data, point):
    proc = subprocess.Popen([sys.executable, "tests/kill_server.py", point, str(NTH), "serve", "--port", "0",
                             "--data", str(data), "--rate", "100000"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert "ws://" in line, (line, proc.stderr.read()[:500])
    return proc, line.split()[line.split().index("on") + 1]


@pytest.mark.parametrize("point", ["before-commit", "after-commit", "after-answer"])
def test_a_server_killed_around_a_move_answers_ok_only_for_what_it_stored_and_makes_it_once(tmp_path, point):
    data = tmp_path / "server"
    proc, uri = killed_server(data, point)
    try:
        created = create_game(uri, [{"kind": "here", "name": "Ann"}, {"kind": "easy"}])
        player = Player(created["tokens"]["0"])
        asyncio.run(player.play(uri, moves=NTH + 5))
        assert proc.wait(30) == 9, "the server should have died at the kill point"
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        proc.stderr.close()
    last = player.sent[max(player.sent)]
    assert last["id"] == NTH, "the server died at the person's third move"
    answered_before = last["id"] in player.answers
    assert not answered_before or point == "after-answer", "an answer went out before the move was stored"
    stored = stored_records(data, created["game"])
    assert len(stored) == last["version"] + (0 if point == "before-commit" else 1)

    server = ServerProcess(data)                 # back on the same folder; the same window reconnects
    try:
        again = None if answered_before else {k: v for k, v in last.items() if k != "action"}
        asyncio.run(player.play(server.uri, moves=NTH, again=again))
    finally:
        server.stop()
    stored = stored_records(data, created["game"])
    for n, msg in player.sent.items():
        answer = player.answers[n]
        assert answer.get("ok"), answer
        # Every "ok" is the record after the version the move was sent at: that move, stored once.
        assert answer["version"] == msg["version"] + 1 and stored[msg["version"]].get("action") == msg["action"], \
            (n, msg, answer, stored[msg["version"]:msg["version"] + 2])
    # The records each move made carry its window's key (docs/online.md): the move around which the
    # server died made its records once, as many as its answer says.
    made = [r for r in stored if r.get("by") == [player.session, last["id"], 0]]
    assert len(made) == player.answers[last["id"]]["version"] - last["version"] >= 1, made


def stored_records(data, game_id):
    store = SQLiteStore(data / "games.sqlite")
    try:
        return store.load(game_id)["records"]
    finally:
        store.close()
