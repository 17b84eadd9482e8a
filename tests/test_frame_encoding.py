"""The server's frames are encoded by orjson where it is installed (the server's extra,
requirements-server.txt) and by json elsewhere: a window must read the same text either
way. Every frame of whole games (welcomes, updates with patches, answers) is encoded both
ways and compared character for character, and frames with what a game can put in them
(names in any script, large numbers, numeric keys) read back the same."""
from __future__ import annotations

import json

import pytest

from room_helpers import play_out, seated_room
from wire import protocol

orjson = pytest.importorskip("orjson")    # CI installs requirements-dev.txt, which has it


def by_json(msg):
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


def whole_game_frames(seed, players):
    room, conns = seated_room(seed, ["Zoë", "Ørjan", "李", "Ana"][:players])
    answers = play_out(room, seed)
    room.host.close()
    return answers + [f for c in conns for f in c.frames]


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
