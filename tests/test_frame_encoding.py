"""The server's frames are encoded by orjson where it is installed (the server's extra,
requirements-server.txt) and by json elsewhere: a window must read the same text either
way. Every frame of whole games (welcomes, updates with patches, answers) is encoded both
ways and compared character for character, and frames with what a game can put in them
(names in any script, large numbers, numeric keys) read back the same."""
from __future__ import annotations

import json
import random

import pytest

from game.data import default_data
from server.room import Room
from wire import protocol

orjson = pytest.importorskip("orjson")    # CI installs requirements-dev.txt, which has it


def by_json(msg):
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


class Recorder:
    """A connection of one seat that keeps the frames it is sent."""

    def __init__(self, seat):
        self.seats, self.spectator, self.last, self.cursor, self.since = {seat}, False, {}, {}, {}
        self.frames = []

    def watched(self):
        return sorted(self.seats)

    def send(self, frame):
        self.frames.append(frame)

    def send_text(self, text):
        self.frames.append(json.loads(text))


def whole_game_frames(seed, players):
    dragons = [d.name for d in default_data().dragons]
    seats = [{"seat": i, "name": ["Zoë", "Ørjan", "李", "Ana"][i % 4], "dragon": dragons[i], "kind": "human",
              "stand_in": None, "token_hash": None, "invite_hash": None} for i in range(players)]
    room = Room.create(f"g{seed}", {"seed": seed, "variant": "standard"}, seats, lambda: None)
    conns = [Recorder(i) for i in range(players)]
    for conn in conns:
        room.connections.add(conn)
        conn.frames += room.welcome(conn)
    rng, n = random.Random(seed), 0
    while not room.session.game.is_over:
        d = room.session.game.decision
        n += 1
        conns[0].frames.append(room.command(d.player, {"type": "apply", "id": n, "version": room.version,
                                                       "option": rng.randrange(len(d.options))}, "test-session-0001"))
        room.take_pending()
        room.mark_stored()
        room.broadcast()
    room.host.close()
    return [f for c in conns for f in c.frames]


@pytest.mark.parametrize("seed,players", [(1, 4), (2, 3)])
def test_every_frame_of_a_whole_game_reads_the_same_from_either_encoder(seed, players):
    frames = whole_game_frames(seed, players)
    assert len(frames) > 300
    assert protocol.orjson is orjson              # the server's encoder here is orjson
    for frame in frames:
        assert protocol.dumps(frame) == by_json(frame)


@pytest.mark.parametrize("frame", [
    {"type": "notice", "text": "Zoë's dragon — 火龍 — flew ✈ \"far\"\n\ttab \\ and \u2028"},
    {"type": "answer", "id": 2 ** 53, "version": 0, "ok": True, "neg": -7, "half": 0.5, "big": 1e21, "small": 1e-7},
    {"type": "update", "patch": ["[", 3, {"0": ["=", None]}, [[], {}, [1, [2, {"x": False}]]]], "keys": {1: "one", 2: True}},
])
def test_frames_with_what_a_game_can_hold_read_the_same(frame):
    # (numbers with exponents are written 1e21 by one and 1e+21 by the other: the same number)
    assert json.loads(protocol.dumps(frame)) == json.loads(by_json(frame)) == json.loads(json.dumps(frame))
