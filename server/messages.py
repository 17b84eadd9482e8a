"""What the server does with each client message: one handler per message type.

    FIRST[kind](games, conn, msg) -> (room, seats, spectator)   a connection's first message
    LATER[kind](games, conn, msg)                               every message after it

The frame was parsed (wire.protocol.parse) and its type is one the protocol
declares (wire.protocol.FIRST, LATER); a handler checks the rest of the
message and raises BadMessage with the words the player reads. The handlers
call the layer below (server.games: the rooms and the store), never the
transport (server.transport: connections, limits, frames out), which calls
them. A new message is its type and fields in wire/protocol.py, its handler
here, and its sender in client/ (docs/architecture.md).
"""
from __future__ import annotations

import asyncio
import logging
import secrets

from app.version import VERSION as RELEASE
from game.data import default_data
from game.fingerprint import rules_fingerprint, short
from game.variants import VARIANTS
from server.room import Room, digest, new_game_id, new_invite, new_token, normal_game_code, normal_invite
from wire import protocol
from wire.protocol import BadMessage

log = logging.getLogger("wrath.server")


# ----- first messages -----------------------------------------------------------------------------
async def first(games, conn, msg):
    """The first message: the protocol's and the rules' versions, the window's session, then its handler."""
    kind = protocol.check(msg, first=True)
    v = msg.get("v", protocol.VERSION)
    if v != protocol.VERSION:
        raise BadMessage(f"this server speaks protocol {protocol.VERSION}: "
                         + ("update the game to play" if type(v) is int and v < protocol.VERSION else
                            "it needs the game's newer version"))
    theirs = protocol.rules_of(msg)
    if theirs is not None and theirs != rules_fingerprint():
        release = msg.get("release")
        release = release if isinstance(release, str) and len(release) <= 20 and release.isprintable() else "?"
        raise BadMessage(f"This server runs version {RELEASE} (rules {short(rules_fingerprint())}), you have "
                         f"{release} (rules {short(theirs)}): update to play.")
    conn.session = protocol.session_of(msg) or secrets.token_urlsafe(18)
    return await FIRST[kind](games, conn, msg)


async def hello(games, conn, msg):
    """A returning window: its seats' tokens (of one game)."""
    tokens = msg.get("tokens")
    if not isinstance(tokens, list) or not 1 <= len(tokens) <= protocol.MAX_SEATS:
        raise BadMessage("'tokens' must be a list of 1 to 6 seat tokens")
    room, seats = None, set()
    for token in tokens:
        if not isinstance(token, str) or not 20 <= len(token) <= protocol.MAX_TEXT:
            raise BadMessage("that is not a seat token")
        found = await games.db(games.store.find, "token_hash", digest(token))
        here = found and (await games.room(found[0]))
        if not here or not here.seat_of_token(digest(token), found[1]):
            raise BadMessage("no seat has that token (the game may have been removed)")
        if room is not None and here is not room:
            raise BadMessage("the tokens are of different games")
        room = here
        seats.add(found[1])
    _since(conn, msg, room, seats)
    return room, seats, False


def _since(conn, msg, room, seats):
    """The log lines a returning client has already (hello's or watch's "since"), to be
    sent only the lines after them; "public" is what everyone may see."""
    since = msg.get("since") or {}
    if not isinstance(since, dict) or len(since) > protocol.MAX_SEATS + 1:
        raise BadMessage("'since' maps seats to the log lines the client has")
    for key, cursor in since.items():
        seat = None if key == "public" else int(key) if key.isdigit() else -1
        if (seat is not None and seat not in seats) or type(cursor) is not int or not 0 <= cursor < protocol.ID_LIMIT:
            raise BadMessage("'since' maps this connection's seats to whole numbers")
        conn.since[seat] = cursor
    version = msg.get("version")
    if type(version) is not int or version < room.last_undo or version <= room.renamed_at:
        conn.since.clear()               # an undo or a seat renamed since: the lines it has may differ, send them all


async def create(games, conn, msg):
    """A new table: its seats (this window's, invited friends', AI levels), variant and limits."""
    variant = msg.get("variant", "standard")
    if variant not in VARIANTS:
        raise BadMessage(f"unknown variant (known: {', '.join(VARIANTS)})")
    wanted = msg.get("seats")
    if not isinstance(wanted, list) or not 2 <= len(wanted) <= protocol.MAX_SEATS:
        raise BadMessage("'seats' must list 2 to 6 seats")
    limits = {k: protocol.number(msg, k, low=1, high=30 * 24 * 3600, required=False)
              for k in ("absent_limit", "turn_limit")}
    dragons = [d.name for d in default_data().dragons]
    seats, tokens, invites = [], {}, {}
    for i, want in enumerate(wanted):
        if not isinstance(want, dict):
            raise BadMessage("each seat is an object with a 'kind'")
        kind = want.get("kind")
        seat = {"seat": i, "dragon": dragons[i], "token_hash": None, "invite_hash": None, "stand_in": None}
        if kind == "here":
            token = new_token()
            tokens[i] = token
            seat.update(kind="human", name=protocol.player_name(want), token_hash=digest(token))
        elif kind == "invite":
            code = new_invite()
            invites[i] = code
            name = protocol.player_name(want) if want.get("name") is not None else f"Seat {i + 1}"
            seat.update(kind="human", name=name, invite_hash=digest(normal_invite(code)))
        elif kind in protocol.AI_LEVELS:
            seat.update(kind=kind, name=f"{dragons[i]} AI")
        else:
            raise BadMessage(f"a seat's kind is here, invite or an AI level ({', '.join(protocol.AI_LEVELS)})")
        seats.append(seat)
    if not tokens:
        raise BadMessage("at least one seat must be played here ('here')")
    game_id = new_game_id()
    settings = {"seed": secrets.randbits(63), "variant": variant, "rules": rules_fingerprint(), **limits}
    await games.db(games.store.create_game, game_id, settings, seats)
    log.info("game %s created: %s, %d seats (%s)", game_id, variant, len(seats),
             ", ".join(f"{n} {kind}" for kind, n in _counts(w.get("kind") for w in wanted)))
    room = games.rooms[game_id] = Room.create(game_id, settings, seats, games._waker(game_id))
    room.lock = asyncio.Lock()
    conn.send({"type": "created", "game": game_id, "watch": game_id,
               "tokens": {str(i): t for i, t in tokens.items()},
               "invites": {str(i): c for i, c in invites.items()}})
    return room, set(tokens), False


async def join(games, conn, msg):
    """A friend takes the seat an invite code names; every table names them at once."""
    code = normal_invite(protocol.text(msg, "code", limit=20))
    name = protocol.player_name(msg)
    found = await games.db(games.store.find, "invite_hash", digest(code))
    room = found and await games.room(found[0])
    if not room or room.seats[found[1]]["invite_hash"] != digest(code):
        raise BadMessage("no open seat has that invite code (it may have been used already)")
    seat = found[1]
    async with room.lock:
        token = new_token()
        if not await games.db(games.store.claim_seat, room.id, seat, digest(code), name, digest(token)):
            raise BadMessage("no open seat has that invite code (it may have been used already)")
        room.claim(seat, name, token)
        room.broadcast()                  # everyone's table names the friend at once
    conn.send({"type": "joined", "game": room.id, "seat": seat, "token": token})
    return room, {seat}, False


async def watch(games, conn, msg):
    """A spectator: what everyone may see of a game (its watch code typed in any case, with spaces)."""
    code = protocol.text(msg, "game")
    room = await games.room(code)
    if room is None and normal_game_code(code) not in (None, code):
        room = await games.room(normal_game_code(code))
    if room is None:
        raise BadMessage("no game has that code")
    _since(conn, msg, room, set())
    return room, set(), True


def _counts(kinds):
    counts = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return counts.items()


# ----- later messages -----------------------------------------------------------------------------
async def ping(games, conn, msg):
    conn.send({"type": "pong"})


async def sync(games, conn, msg):
    """Every seat's whole snapshot again (a client out of step)."""
    for seat in conn.watched():
        conn.send(conn.room.full_state(conn, seat))


async def record(games, conn, msg):
    """The finished game as a save file (never before it is over: it holds every hand and the seed)."""
    text = conn.room.record()
    conn.send({"type": "record", "save": text} if text is not None else
              {"type": "error", "text": "The whole game is sent once it is over."})


async def standings(games, conn, msg):
    """A seat's standings now, as that seat may know them (its own lair exactly): asked by a
    table whose standings panel is open, of a seat this connection holds."""
    if conn.spectator:
        raise BadMessage("a spectator is shown the standings once the game is over")
    seat, room = _seat(conn, msg), conn.room
    async with room.lock:                       # (never a move's that is not stored yet)
        conn.send({"type": "standings", "seat": seat, "version": room.version, "standings": room.standings(seat)})


async def command(games, conn, msg):
    """apply, fly, undo, hint: the room answers; the answer goes out once its records are stored."""
    seat, room = _seat(conn, msg), conn.room
    async with room.lock:
        answer = room.command(seat, msg, conn.session)
        if await games.commit(room, (conn, answer)):
            await games._drive(room)


async def takeover(games, conn, msg):
    """An absent player's seat to an AI level, past the table's limit."""
    _seat(conn, msg)
    room = conn.room
    async with room.lock:
        target = protocol.number(msg, "target", high=protocol.MAX_SEATS - 1)
        level = msg.get("level")
        await games.refresh_presence([room])          # connected to another process, or away since when
        why = room.may_take_over(conn.seats, target, level) if target < len(room.seats) else "No such seat."
        if why:
            conn.send({"type": "error", "text": why})
            return
        await games.db(games.store.update_seat, room.id, target, stand_in=level)
        room.stand_in(target, level)
        room.tell_presence()
        room.broadcast()
        await games._drive(room)


async def reclaim(games, conn, msg):
    """A player back takes their seat from the AI that stood in."""
    seat, room = _seat(conn, msg), conn.room
    async with room.lock:
        if not room.seats[seat]["stand_in"]:
            conn.send({"type": "error", "text": "Your seat is yours already."})
            return
        await games.db(games.store.update_seat, room.id, seat, stand_in=None)
        room.stand_in(seat, None)
        room.host.forget_hint()
        room.tell_presence()
        room.broadcast()


def _seat(conn, msg):
    """The seat a message acts for: one this connection holds."""
    if conn.spectator:
        raise BadMessage("a spectator cannot play")
    seat = msg.get("seat")
    if seat is None and len(conn.seats) == 1:
        return next(iter(conn.seats))
    if seat not in conn.seats:
        raise BadMessage("this connection does not hold that seat")
    return seat


async def later(games, conn, msg):
    """A message after the first: its handler."""
    await LATER[protocol.check(msg, first=False)](games, conn, msg)


FIRST = {"hello": hello, "create": create, "join": join, "watch": watch}
LATER = {"ping": ping, "sync": sync, "record": record, "takeover": takeover, "reclaim": reclaim, "standings": standings,
         **{kind: command for kind in protocol.COMMANDS}}
