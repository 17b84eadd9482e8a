"""``python tests/kill_server.py POINT N serve-arguments...``: the real server, which kills itself
(as kill -9 would: no clean stop) at POINT of the Nth move a person sends
(tests/test_online_durability.py):

- ``before-commit``: the move is applied in memory, and its records are about to be stored;
- ``after-commit``: its records are committed, and its answer is not sent yet;
- ``after-answer``: its answer has been written to the player's connection.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from websockets.asyncio.connection import Connection as WebSocket  # noqa: E402

from wrath_of_dragons import main  # noqa: E402
from server.room import Room  # noqa: E402
from server.store import SQLiteStore  # noqa: E402


def die():
    sys.stdout.flush()
    os._exit(9)


def arm(point, nth):
    moves = {"n": 0, "armed": False}
    command, append, send = Room.command, SQLiteStore.append, WebSocket.send

    def counted_command(room, seat, msg, session):
        moves["n"] += 1
        moves["armed"] = moves["n"] == nth
        return command(room, seat, msg, session)

    def store_append(store, game_id, first_seq, records):
        if moves["armed"] and point == "before-commit":
            die()
        out = append(store, game_id, first_seq, records)
        if moves["armed"] and point == "after-commit":
            die()
        return out

    async def ws_send(ws, message, *args, **kw):
        await send(ws, message, *args, **kw)
        if moves["armed"] and point == "after-answer" and '"type":"answer"' in message:
            die()
    Room.command, SQLiteStore.append, WebSocket.send = counted_command, store_append, ws_send


if __name__ == "__main__":
    arm(sys.argv[1], int(sys.argv[2]))
    sys.exit(main(sys.argv[3:]))
