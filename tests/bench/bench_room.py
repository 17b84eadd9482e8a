"""What the online server does for one move, without the network or the store.

    python tests/bench/bench_room.py                 # 6 random 4-player games: CPU per move
    python tests/bench/bench_room.py --profile       # and where it goes (cProfile, cumulative)

Each game is a room (server.room) with one connection per seat; every
move is a person's command followed by the broadcast the server makes after
its commit: each seat's snapshot, the patch against the last one it was sent,
the frame encoded. It prints the CPU per move and the bytes each seat gets.
For a figure that holds on a busy machine, count instructions instead:
``valgrind --tool=callgrind python tests/bench/bench_room.py --games 1``
minus the same with ``--games 0`` (docs/performance.md, The online server).
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from game.data import default_data  # noqa: E402
from wire import protocol# noqa: E402
from server.room import Room  # noqa: E402


class Connection:
    """What the room needs of a connection; counts what it is sent."""

    def __init__(self, seat):
        self.seats, self.spectator, self.last, self.cursor, self.since = {seat}, False, {}, {}, {}
        self.bytes = 0

    def watched(self):
        return sorted(self.seats)

    def send(self, frame):
        self.send_text(protocol.dumps(frame))

    def send_text(self, text):
        self.bytes += len(text)


def play(games, players, profile=None):
    dragons = [d.name for d in default_data().dragons]
    moves, cpu, sent = 0, 0.0, 0
    for n in range(games):
        seats = [{"seat": i, "name": f"P{i}", "dragon": dragons[i], "kind": "human", "stand_in": None,
                  "token_hash": None, "invite_hash": None} for i in range(players)]
        room = Room.create(f"g{n}", {"seed": n, "variant": "standard"}, seats, lambda: None)
        connections = [Connection(i) for i in range(players)]
        for conn in connections:
            room.connections.add(conn)
            for frame in room.welcome(conn):
                conn.send(frame)
        rng = random.Random(n)
        start = time.process_time()
        if profile:
            profile.enable()
        while not room.session.game.is_over:
            d = room.session.game.decision
            moves += 1
            room.command(d.player, {"type": "apply", "id": moves, "version": room.version,
                                    "option": rng.randrange(len(d.options))}, "bench-session")
            room.take_pending()
            room.mark_stored()
            room.broadcast()
        if profile:
            profile.disable()
        cpu += time.process_time() - start
        sent += sum(c.bytes for c in connections)
        room.host.close()
    return moves, cpu, sent


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    profile = cProfile.Profile() if args.profile else None
    moves, cpu, sent = play(args.games, args.players, profile)
    load = os.getloadavg()
    print(f"{moves} moves in {args.games} games of {args.players}: {cpu / max(moves, 1) * 1000:.3f} ms CPU per move, "
          f"{sent / max(moves, 1) / args.players:.0f} bytes to each seat per move "
          f"(load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f})")
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
