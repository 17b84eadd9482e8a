"""The online game's words on the wire: JSON text frames, every one checked.

A client's first message says who it is (``hello`` with a seat token,
``create``, ``join`` with an invite code, ``watch`` a game), which rules it
plays (``rules``: game.fingerprint) and its ``session`` (a random word the
window chose when it opened; a message's ``id`` counts within it, so that a
message sent again is recognised and one of another window never is); after that it sends
commands (``apply``, ``fly``, ``undo``, ``hint``, each with an ``id`` and the
``version`` it saw), ``sync`` (everything after its cursor), ``takeover`` (an
absent seat to an AI) and ``reclaim`` (its own seat back), and ``record``
(the finished game, to save and replay) and ``standings`` (a seat's, now: the table
asks while its standings panel is open; updates carry them only once the game is over,
as working them out after every move was a fifth of a move's cost). The server answers each command once
per ``id`` and sends ``update`` frames: the events after the cursor and a patch
of the seat's snapshot (``diff``/``patch`` below), so that a seat gets a few
hundred bytes per action instead of the whole table.

``check`` turns a frame into a message or a one-line reason; nothing a client
sends reaches a game before it has passed.
"""
from __future__ import annotations

import json

try:                        # the server's extra (requirements-server.txt): frames encoded 4-5x faster, the same JSON
    import orjson
except ImportError:
    orjson = None

from app.session import SEAT_KINDS
from game.plaintext import name_problem

VERSION = 6                    # 2: refusals travel as {reason: [targets]}; 3: sessions, rules fingerprints;
#                                4: the board describes its variant (variant_table, team_result: was desolation);
#                                5: a seat's standings are asked for (``standings``) until the game is over;
#                                6: a preview's hits each say their whole Life cost, a damage reduction apart
#                                   (``reduction``, once in all; ``waiting`` and ``adds``: whose icons they are)
MAX_FRAME = 64 * 1024          # bytes in one client frame (the server refuses bigger ones)
MAX_TEXT = 64                  # characters in any string field a client sends
MAX_DEPTH = 4                  # nesting of a client's JSON
MAX_SEATS = 6
ID_LIMIT = 2 ** 53             # a message id or version: a JSON-safe integer

FIRST = ("hello", "create", "join", "watch")
LATER = ("apply", "fly", "undo", "hint", "sync", "takeover", "reclaim", "record", "ping", "standings")
COMMANDS = ("apply", "fly", "undo", "hint")
# The AI levels a seat of an online table can have ("random" only makes random moves).
AI_LEVELS = tuple(k for k in SEAT_KINDS if k not in ("human", "random"))


class BadMessage(ValueError):
    """A frame that is not a message this side accepts; str() says why in one line."""


def _depth(x, limit):
    if limit < 0:
        raise BadMessage("the message is nested too deeply")
    if isinstance(x, dict):
        for v in x.values():
            _depth(v, limit - 1)
    elif isinstance(x, list):
        for v in x:
            _depth(v, limit - 1)


def parse(frame):
    """A client's frame as a dict, or BadMessage."""
    if not isinstance(frame, str):
        raise BadMessage("frames are JSON text")
    if len(frame) > MAX_FRAME:
        raise BadMessage("the message is too long")
    try:
        msg = json.loads(frame, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise BadMessage(f"the message is not JSON ({str(exc)[:60]})") from None
    if not isinstance(msg, dict):
        raise BadMessage("a message is a JSON object")
    _depth(msg, MAX_DEPTH)
    return msg


def _no_constant(name):
    raise ValueError(f"{name} is not a number")


def text(msg, key, required=True, limit=MAX_TEXT):
    v = msg.get(key)
    if v is None and not required:
        return None
    if not isinstance(v, str) or not v or len(v) > limit:
        raise BadMessage(f"'{key}' must be text of 1 to {limit} characters")
    if any(not c.isprintable() for c in v):
        raise BadMessage(f"'{key}' has a character that cannot be shown")
    return v


def number(msg, key, low=0, high=ID_LIMIT, required=True):
    v = msg.get(key)
    if v is None and not required:
        return None
    if type(v) is not int or not low <= v <= high:
        raise BadMessage(f"'{key}' must be a whole number from {low} to {high}")
    return v


def player_name(msg, key="name"):
    v = msg.get(key)
    problem = name_problem(v) if isinstance(v, str) and len(v) <= MAX_TEXT else "a name must be short text"
    if problem:
        raise BadMessage(problem)
    return v.strip()


SESSION_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def session_of(msg):
    """The first message's ``session`` (16 to 64 letters, digits, - and _), or None if it has none."""
    v = msg.get("session")
    if v is None:
        return None
    if not isinstance(v, str) or not 16 <= len(v) <= MAX_TEXT or not set(v) <= SESSION_LETTERS:
        raise BadMessage("'session' is 16 to 64 letters, digits, - and _")
    return v


def rules_of(msg):
    """The first message's ``rules`` fingerprint (64 hex digits), or None if it has none."""
    v = msg.get("rules")
    if v is None:
        return None
    if not isinstance(v, str) or len(v) != 64 or not set(v) <= set("0123456789abcdef"):
        raise BadMessage("'rules' is a fingerprint of 64 hex digits")
    return v


def check(msg, first):
    """The message's type after checking its common fields; BadMessage otherwise.
    ``first``: is this the connection's first message?"""
    kind = msg.get("type")
    allowed = FIRST if first else LATER
    if kind not in allowed:
        shown = kind if isinstance(kind, str) and len(kind) <= MAX_TEXT and kind.isprintable() else "?"
        raise BadMessage(f"unexpected message type {shown!r} (expected {', '.join(allowed)})")
    if kind in COMMANDS:
        number(msg, "id")
        number(msg, "version")
    return kind


# ----- the snapshot as patches ------------------------------------------------------------------
# A patch is ["=", value] (replace), ["{", {key: patch}, [removed keys]] (a dict's changed
# and removed keys) or ["[", length, {index: patch}, [appended]] (a list's changed items, cut
# to length, then items appended). Equal parts send nothing.

def diff(old, new, seen=None):
    """The patch from ``old`` to ``new`` (plain JSON data), or None when they are equal.
    ``seen``: {(id(old), id(new)): (old, new, patch)} of the lists and dicts already compared
    in this round: snapshots of several seats share what they all may see, and it is compared
    once (the pair is kept with its patch, so no id is reused while the round lasts)."""
    if type(old) is type(new) and (old is new and type(new) is not float or old == new):
        return None
    return _changed(old, new, seen)


# A part that is the very object it was is equal without a look inside (a server's snapshots
# share what did not change since the last move: game.view.boards), but a float (NaN).

def _changed(old, new, seen):
    """The patch from ``old`` to ``new``, which are not equal."""
    if seen is not None and type(new) in (dict, list):
        key = (id(old), id(new))
        known = seen.get(key)
        if known is not None and known[0] is old and known[1] is new:
            return known[2]
        p = _diff(old, new, seen)
        seen[key] = (old, new, p)
        return p
    return _diff(old, new, seen)


def _diff(old, new, seen):
    if type(old) is dict and type(new) is dict:
        changed = {}
        for k, v in new.items():
            if k not in old:
                changed[k] = ["=", v]
            else:
                was = old[k]                # (diff's test written out: this loop is most of a patch's work)
                if type(was) is not type(v) or not (was is v and type(v) is not float or was == v):
                    changed[k] = _changed(was, v, seen)
        return ["{", changed, [k for k in old if k not in new]]
    if type(old) is list and type(new) is list and old and new:
        common = min(len(old), len(new))
        changed = {}
        for i in range(common):
            was, v = old[i], new[i]
            if type(was) is not type(v) or not (was is v and type(v) is not float or was == v):
                changed[str(i)] = _changed(was, v, seen)
        return ["[", common, changed, new[common:]]
    return ["=", new]


def patch(old, p):
    """``old`` with the patch applied (a new object; ``old`` is left as it was where it changes)."""
    if not isinstance(p, list) or not p:
        raise BadMessage("a patch is a list")
    if p[0] == "=" and len(p) == 2:
        return p[1]
    if p[0] == "{" and len(p) == 3 and isinstance(old, dict):
        out = dict(old)
        for k in p[2]:
            out.pop(k, None)
        for k, sub in p[1].items():
            out[k] = patch(old.get(k), sub) if k in old else patch(None, sub)
        return out
    if p[0] == "[" and len(p) == 4 and isinstance(old, list):
        out = list(old[:p[1]])
        for i, sub in p[2].items():
            out[int(i)] = patch(out[int(i)], sub)
        return out + list(p[3])
    raise BadMessage("a patch does not fit the snapshot")


# ----- options without their empty fields ---------------------------------------------------------
# Most of an option's fields are empty (a preview that takes nothing, a card that touches no
# site): they are left out on the wire and put back on arrival, which halves the decider's frames.
OPTION_EMPTY = {"spends": False, "spends_on_map": False, "useful": False, "button": None, "undoable": False}
TOUCH_EMPTY = {"cards": [], "regions": [], "sites": [], "hex": None, "lair_action": None, "spends": {},
               "gains": {}, "cards_drawn": 0, "cards_lost": 0, "life": 0, "uses": None}
PREVIEW_EMPTY = {"spends": {}, "taken": [], "pieces": [], "life": 0, "cards_drawn": 0, "cards_lost": 0, "hits": [],
                 "path": [], "passing": False, "facing": [], "hex_use": None, "aimless": False, "waiting": 0,
                 "adds": 0, "reduction": 0, "then": None,
                 "then_kind": None, "level_up": [], "returns": None}


def _strip(d, empty):
    return {k: v for k, v in d.items() if not (k in empty and type(v) is type(empty[k]) and v == empty[k])}


def _fill(d, empty):
    out = {k: (type(v)() if isinstance(v, (list, dict)) else v) for k, v in empty.items()}
    out.update(d)
    return out


def _preview(p, pack):
    p = (_strip if pack else _fill)(p, PREVIEW_EMPTY)
    if isinstance(p.get("hex_use"), dict):            # a Dragon Hex Card's own outcome, nested
        p["hex_use"] = _preview(p["hex_use"], pack)
    return p


def pack_option(o):
    out = _strip(o, OPTION_EMPTY)
    out["touch"] = _strip(o["touch"], TOUCH_EMPTY)
    out["preview"] = _preview(o["preview"], True)
    return out


def unpack_option(o):
    out = _fill(o, OPTION_EMPTY)
    out["touch"] = _fill(o["touch"], TOUCH_EMPTY)
    out["preview"] = _preview(o["preview"], False)
    return out


def pack_refused(refused):
    """{target: reason} as {reason: [targets]}: a few reasons say why for dozens of targets,
    and a reason that still holds for the same targets after a move costs nothing in a patch."""
    by = {}
    for key, reason in refused.items():
        by.setdefault(reason, []).append(key)
    return by


def unpack_refused(packed):
    return {key: reason for reason, keys in packed.items() for key in keys}


def pack_decision(d):
    """A decision as it travels (its options and refusals packed)."""
    if d and "options" in d:
        d = dict(d, options=[pack_option(o) for o in d["options"]], refused=pack_refused(d["refused"]))
    return d


def unpack_decision(d):
    if d and "options" in d:
        d = dict(d, options=[unpack_option(o) for o in d["options"]], refused=unpack_refused(d["refused"]))
    return d


def dumps(msg):
    """A frame as JSON text: compact, non-ASCII letters as they are (tests/test_frame_encoding.py)."""
    if orjson is not None:
        return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
