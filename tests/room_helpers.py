"""A server's room (server.room) played without the network: one connection per seat
that keeps what it is sent, and a whole game of random moves, each followed by the
broadcast the server makes after its commit (as tests/bench/bench_room.py times it)."""
from __future__ import annotations

import json
import random

from game.data import default_data
from server.room import Room

SESSION = "test-session-0001"


class SeatConnection:
    """What a room needs of a connection of one seat; keeps every frame it is sent."""

    def __init__(self, seat):
        self.seats, self.spectator, self.last, self.cursor, self.since = {seat}, False, {}, {}, {}
        self.frames = []

    def watched(self):
        return sorted(self.seats)

    def send(self, frame):
        self.frames.append(frame)

    def send_text(self, text):
        self.frames.append(json.loads(text))


def seated_room(seed, names):
    """A new room of human seats with these names, each with its connection welcomed: (room, connections)."""
    dragons = [d.name for d in default_data().dragons]
    seats = [{"seat": i, "name": name, "dragon": dragons[i], "kind": "human", "stand_in": None,
              "token_hash": None, "invite_hash": None} for i, name in enumerate(names)]
    room = Room.create(f"g{seed}", {"seed": seed, "variant": "standard"}, seats, lambda: None)
    conns = [SeatConnection(i) for i in range(len(names))]
    for conn in conns:
        room.connections.add(conn)
        conn.frames += room.welcome(conn)
    return room, conns


def play_out(room, seed, after_move=lambda n, seat: None):
    """Random moves to the game's end, each broadcast; ``after_move(n, seat)`` after the n-th
    (by ``seat``). Returns the answers, in order."""
    rng, answers = random.Random(seed), []
    while not room.session.game.is_over:
        d = room.session.game.decision
        answers.append(room.command(d.player, {"type": "apply", "id": len(answers) + 1, "version": room.version,
                                               "option": rng.randrange(len(d.options))}, SESSION))
        room.take_pending()
        room.mark_stored()
        room.broadcast()
        after_move(len(answers), d.player)
    return answers
