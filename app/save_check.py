"""Validate a loaded save document, field by field, before anything uses it.

Every check raises ``Invalid`` with one line naming the field and the problem,
e.g. ``state.players[1].life: must be between 0 and 1000, got -3``. The
document comes from game.safe_yaml, so it holds only plain data; the checks
here make sure it has the right shape, sizes and vocabulary (cards, regions,
dragons, abilities, lair actions). Whether the state is the one its actions
lead to is checked afterwards by replaying them (``first_difference``).
"""
from __future__ import annotations

import functools
import re

from game.data import RESOURCES, TAKEABLE
from game.ai_levels import SEAT_KINDS
from game.plaintext import MAX_NAME, kind_of, name_problem
from game.variants import VARIANTS

# The state's checks read the engine's declarations (game.state, game.frames, game.events,
# game.flow), imported where they are used: a header is checked without the engine (the
# title's Recent games, before the engine is imported after its first frame).

# 3: the discards of Setup and the Awakening are chosen face down, the Awakening's after every dragon drew;
# 2: the log holds events; 1: it held sentences ([seat, text, private])
FORMAT = 3
READABLE = (1, 2, 3)
FACE_DOWN = 3              # the first format with face-down discards
SEED_RANGE = (-(1 << 63), (1 << 64) - 1)
MAX_COUNT = 1000           # any count of pieces, Life, icons, ...
MAX_ACTIONS = 100_000
MAX_TEXT = 1000            # names and choices
MAX_LOG_TEXT = 50_000
MAX_LIST = 10_000
ACTION_FIELDS = ("kind", "card", "alt", "region", "site", "icons", "choice")
MARKERS = ("first_lair", "first_attack", "dragon_ward", "terrify")
IDENT = re.compile(r"^[a-z][a-z_]{0,39}$")


class Invalid(Exception):
    """One problem with a save document (the message names the field)."""


def short(value, limit=60):
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


# ----- generic checks ------------------------------------------------------
def mapping(v, where, required=None, optional=()):
    if not isinstance(v, dict):
        raise Invalid(f"{where}: expected a mapping, got {kind_of(v)}")
    for k in v:
        if not isinstance(k, str):
            raise Invalid(f"{where}: field names must be text, got {short(k)}")
    if required is not None:
        for k in required:
            if k not in v:
                raise Invalid(f"{where}: missing field '{k}'")
        unknown = [k for k in v if k not in required and k not in optional]
        if unknown:
            raise Invalid(f"{where}: unknown field '{unknown[0]}'")
    return v


def integer(v, where, lo=0, hi=MAX_COUNT):
    if isinstance(v, bool) or not isinstance(v, int):
        raise Invalid(f"{where}: expected a whole number, got {kind_of(v)} {short(v)}")
    if not lo <= v <= hi:
        raise Invalid(f"{where}: must be between {lo} and {hi}, got {short(v, 40)}")
    return v


def text(v, where, limit=MAX_TEXT, choices=None, what="value"):
    if not isinstance(v, str):
        raise Invalid(f"{where}: expected text, got {kind_of(v)} {short(v)}")
    if len(v) > limit:
        raise Invalid(f"{where}: text longer than {limit} characters")
    if choices is not None and v not in choices:
        raise Invalid(f"{where}: unknown {what} {short(v)}")
    return v


def boolean(v, where):
    if not isinstance(v, bool):
        raise Invalid(f"{where}: expected true or false, got {kind_of(v)} {short(v)}")
    return v


def sequence(v, where, limit=MAX_LIST, length=None):
    if not isinstance(v, list):
        raise Invalid(f"{where}: expected a list, got {kind_of(v)}")
    if length is not None and len(v) != length:
        raise Invalid(f"{where}: expected {length} entries, found {len(v)}")
    if len(v) > limit:
        raise Invalid(f"{where}: more than {limit} entries")
    return v


def label(v, where, limit, what):
    """Text that the title screen or a terminal shows: printable, bounded."""
    problem = name_problem(v, limit, what)
    if problem:
        raise Invalid(f"{where}: {problem}")
    return v


# ----- header, settings and actions --------------------------------------------
def check_header(doc):
    """The fields a list of saves shows: name, date and the summary (its
    text, players, their seat kinds, variant, century, phase, whether it is over)."""
    for key in ("name", "saved"):
        if doc.get(key) is not None:
            label(doc[key], key, 100, f"a {'name' if key == 'name' else 'date'}")
    summary = doc.get("summary")
    if summary is None:
        return
    mapping(summary, "summary")
    for key in ("text", "variant", "phase"):
        if key in summary:
            label(summary[key], f"summary.{key}", 200, "a summary")
    if "players" in summary:
        for i, name in enumerate(sequence(summary["players"], "summary.players", limit=6)):
            label(name, f"summary.players[{i}]", MAX_NAME, "a name")
    if "kinds" in summary:                  # (saves before version 1.0 have no kinds)
        players = len(summary["players"]) if "players" in summary else None
        for i, kind in enumerate(sequence(summary["kinds"], "summary.kinds", limit=6, length=players)):
            text(kind, f"summary.kinds[{i}]", choices=SEAT_KINDS, what="seat kind")
    for key in ("century", "actions"):
        if key in summary:
            integer(summary[key], f"summary.{key}", 0, MAX_ACTIONS)
    if "over" in summary:
        boolean(summary["over"], "summary.over")


def check_settings(s, data):
    mapping(s, "settings", required=("seats", "seed", "variant"))
    lo, hi = data.setup["players"]["min"], data.setup["players"]["max"]
    seats = sequence(s["seats"], "settings.seats")
    if not lo <= len(seats) <= hi:
        raise Invalid(f"settings.seats: {len(seats)} seats, the game needs {lo} to {hi}")
    dragons = [d.name for d in data.dragons]
    seen = set()
    for i, seat in enumerate(seats):
        where = f"settings.seats[{i}]"
        mapping(seat, where, required=("name", "dragon", "kind"))
        label(seat["name"], where + ".name", MAX_NAME, "a name")
        text(seat["dragon"], where + ".dragon", choices=dragons, what="dragon")
        text(seat["kind"], where + ".kind", choices=SEAT_KINDS, what="seat kind")
        if seat["dragon"] in seen:
            raise Invalid(f"{where}.dragon: {seat['dragon']} is already taken by another seat")
        seen.add(seat["dragon"])
    integer(s["seed"], "settings.seed", *SEED_RANGE)
    text(s["variant"], "settings.variant", choices=VARIANTS, what="variant")


def check_action(a, where, data, sites):
    mapping(a, where, required=("kind",), optional=ACTION_FIELDS)
    kind = text(a["kind"], where + ".kind")
    if not IDENT.match(kind):
        raise Invalid(f"{where}.kind: unknown action {short(kind)}")
    if "card" in a:
        text(a["card"], where + ".card", choices=data.cards, what="card")
    if "region" in a:
        text(a["region"], where + ".region", choices=data.ring, what="region")
    if "alt" in a:
        integer(a["alt"], where + ".alt", 0, 9)
    if "site" in a:
        integer(a["site"], where + ".site", 0, sites - 1)
    if "icons" in a:
        integer(a["icons"], where + ".icons", 1, 9)
    if "choice" in a:
        text(a["choice"], where + ".choice", limit=40)


def check_actions(actions, data):
    sequence(actions, "actions", limit=MAX_ACTIONS)
    for i, a in enumerate(actions):
        check_action(a, f"actions[{i}]", data, data.sites)


# ----- the state -----------------------------------------------------------
class StateChecker:
    """Shape, ranges and vocabulary of ``GameState.to_dict()``. What to check
    is read from the declarations: the state's fields (``state.declared``),
    the frames' dataclasses (``frames.schema``) and the events
    (``events.EVENTS``); each declared type has its one check in ``value``."""

    def __init__(self, data, settings, fmt=FORMAT):
        from game.flow import FLOW
        self.data = data
        self.fmt = fmt
        self.n = len(settings["seats"])
        self.settings = settings
        self.centuries = data.setup["centuries"]
        self.abilities = [a.id for a in data.abilities]
        self.lair_ids = [a.id for a in data.lair_actions]
        self.dragons = [d.name for d in data.dragons]
        self.action_cards = set(data.action_cards)
        ring = data.ring
        # Declared types that are a word of a vocabulary, a number in a range, a list of words.
        self.words = {"region": ring, "card": data.cards, "resource": RESOURCES, "dragon": self.dragons,
                      "lair_action": self.lair_ids, "ability": self.abilities, "marker": MARKERS, "phase": FLOW}
        self.ranges = {"count": (0, MAX_COUNT), "century": (0, self.centuries),
                       "century_number": (1, self.centuries), "ring_index": (0, len(ring) - 1),
                       "rng": (0, (1 << 64) - 1), "cursor": (0, self.n), "num_players": (self.n, self.n)}
        self.lists = {"cards": (data.cards, "card", MAX_LIST), "action_cards": (self.action_cards, "card", MAX_LIST),
                      "regions": (ring, "region", MAX_LIST), "dragons": (self.dragons, "dragon", len(self.dragons)),
                      "abilities": (self.abilities, "ability", len(self.abilities))}

    def seat(self, v, where, none_ok=False):
        if v is None and none_ok:
            return v
        return integer(v, where, 0, self.n - 1)

    def cards(self, v, where, action_only=False):
        for i, c in enumerate(sequence(v, where)):
            text(c, f"{where}[{i}]", choices=self.action_cards if action_only else self.data.cards, what="card")

    def names(self, v, where, choices, what, limit=MAX_LIST):
        for i, x in enumerate(sequence(v, where, limit=limit)):
            text(x, f"{where}[{i}]", choices=choices, what=what)

    def resources(self, v, where, names=RESOURCES):
        mapping(v, where, required=names)
        for k in names:
            integer(v[k], f"{where}.{k}")

    def pieces(self, v, where):
        mapping(v, where)
        for region, n in v.items():
            text(region, where, choices=self.data.ring, what="region")
            integer(n, f"{where}.{region}")

    def holdings(self, v, where):
        mapping(v, where, required=("res", "villages", "cities"))
        self.resources(v["res"], where + ".res")
        self.pieces(v["villages"], where + ".villages")
        self.pieces(v["cities"], where + ".cities")

    def fields(self, d, cls, where):
        """Every declared field of a state class, in declaration order (a field
        newer than the format, ``since``, may be missing from older saves)."""
        from game.state import declarations
        declared = declarations(cls)
        mapping(d, where, required=[name for name, meta in declared if not meta["since"]],
                optional=[name for name, meta in declared if meta["since"]])
        for name, meta in declared:
            if name in d or not meta["since"]:
                if meta["hidden"]:
                    self.hidden(d[name], meta["type"], f"{where}.{name}")
                else:
                    self.value(d[name], meta["type"], f"{where}.{name}")

    def hidden(self, v, typ, where):
        """A value some players may not see: a problem with it never names the cards in it."""
        try:
            self.value(v, typ, where)
        except Invalid as exc:
            raise Invalid(without_cards(str(exc), self.data)) from None

    def check(self, st):
        from game.state import GameState
        self.fields(st, GameState, "state")

    def player(self, p, i, where):
        from game.state import PlayerState
        mapping(p, where)
        label(p.get("name"), where + ".name", MAX_NAME, "a name")     # (it may differ from the settings': loaded)
        seat = self.settings["seats"][i]
        integer(p.get("seat"), where + ".seat", i, i)
        if p.get("dragon") != seat["dragon"]:
            raise Invalid(f"{where}.dragon: {short(p.get('dragon'))} differs from settings.seats[{i}].dragon "
                          f"{short(seat['dragon'])}")
        self.fields(p, PlayerState, where)

    def region(self, r, i, where):
        from game.state import RegionState
        mapping(r, where)
        expected = self.data.ring[i]
        if r.get("name") != expected:
            raise Invalid(f"{where}.name: expected {expected!r}, got {short(r.get('name'))}")
        self.fields(r, RegionState, where)

    def frame(self, f, where):
        """A frame of the stack, against its dataclass (``frames.schema``)."""
        from game.flow import FRAMES
        from game.frames import schema
        mapping(f, where)
        kind = text(f.get("k"), where + ".k", choices=FRAMES, what="decision")
        fields_ = schema(FRAMES[kind])
        mapping(f, where, required=("k", *(key for key, _ in fields_)))
        for key, typ in fields_:
            self.value(f[key], FRAME_TYPES[typ], f"{where}.{key}")

    def event(self, e, where):
        from game.events import EVENTS
        mapping(e, where)
        kind = text(e.get("kind"), where + ".kind", choices=EVENTS, what="event")
        declared = EVENTS[kind]
        mapping(e, where, required=("kind", "seat", *declared), optional=("private",))
        self.seat(e["seat"], where + ".seat", none_ok=True)
        if "private" in e:
            self.seat(e["private"], where + ".private")
        for name, typ in declared.items():
            self.value(e[name], typ, f"{where}.{name}")

    def log_entry(self, entry, where):
        try:
            if self.fmt == 1:           # [seat, sentence, private seat]
                sequence(entry, where, length=3)
                self.seat(entry[0], where + "[0]", none_ok=True)
                text(entry[1], where + "[1]", limit=MAX_LOG_TEXT)
                self.seat(entry[2], where + "[2]", none_ok=True)
            else:
                self.event(entry, where)
        except Invalid as exc:
            raise Invalid(without_cards(str(exc), self.data) if private_entry(entry) else str(exc)) from None

    def value(self, v, typ, where):
        """One value of a declared type; a type ending in '?' also allows nothing."""
        if typ.endswith("?"):
            if v is None:
                return
            typ = typ[:-1]
        ring = self.data.ring
        if typ in self.words:
            text(v, where, choices=self.words[typ], what=typ.replace("_", " "))
        elif typ in self.ranges:
            integer(v, where, *self.ranges[typ])
        elif typ in self.lists:
            self.names(v, where, *self.lists[typ])
        elif typ == "seat":
            self.seat(v, where)
        elif typ == "seats":
            for i, x in enumerate(sequence(v, where, limit=self.n)):
                self.seat(x, f"{where}[{i}]")
        elif typ == "flag":
            boolean(v, where)
        elif typ in ("text", "region_name"):        # a region's name is checked against the ring by region()
            text(v, where)
        elif typ in ("variant", "seed"):
            if v != self.settings[typ]:
                raise Invalid(f"{where}: {short(v)} differs from settings.{typ} {short(self.settings[typ])}")
        elif typ == "sites":
            for j, x in enumerate(sequence(v, where, length=self.data.sites)):
                integer(x, f"{where}[{j}]", 0, 3)
        elif typ == "century_fields":
            for j, x in enumerate(sequence(v, where, length=self.centuries)):
                integer(x, f"{where}[{j}]")
        elif typ in ("resources", "res"):
            self.resources(v, where)
        elif typ == "stock":
            self.resources(v, where, TAKEABLE)
        elif typ == "pieces":
            self.pieces(v, where)
        elif typ == "holdings":
            self.holdings(v, where)
        elif typ == "gained":
            mapping(v, where)
            for region, got in v.items():
                text(region, where, choices=ring, what="region")
                self.names(got, f"{where}.{region}", RESOURCES, "resource", limit=MAX_COUNT)
        elif typ == "markers":
            mapping(v, where)
            for k, seat in v.items():
                text(k, where, choices=MARKERS, what="marker")
                self.seat(seat, f"{where}.{k}", none_ok=True)
        elif typ == "lair_taken":
            mapping(v, where)
            for k, seat in v.items():
                text(k, where, choices=self.lair_ids, what="lair action")
                self.seat(seat, f"{where}.{k}")
        elif typ == "century_scores":
            for i, snap in enumerate(sequence(v, where, limit=self.centuries + 1)):
                at = f"{where}[{i}]"
                mapping(snap, at, required=("century", "vp", "survival_points"))
                integer(snap["century"], at + ".century", 0, self.centuries)
                for j, vp in enumerate(sequence(snap["vp"], at + ".vp", limit=self.n)):
                    integer(vp, f"{at}.vp[{j}]")
                if snap["survival_points"] is not None:
                    integer(snap["survival_points"], at + ".survival_points")
        elif typ == "rogues":
            for i, r in enumerate(sequence(v, where, limit=len(self.dragons))):
                sequence(r, f"{where}[{i}]", length=2)
                text(r[0], f"{where}[{i}][0]", choices=self.dragons, what="dragon")
                text(r[1], f"{where}[{i}][1]", choices=ring, what="region")
        elif typ == "players":
            for i, p in enumerate(sequence(v, where, length=self.n)):
                self.player(p, i, f"{where}[{i}]")
        elif typ == "region_states":
            for i, r in enumerate(sequence(v, where, length=len(ring))):
                self.region(r, i, f"{where}[{i}]")
        elif typ == "stack":
            for i, frame in enumerate(sequence(v, where, limit=100)):
                self.frame(frame, f"{where}[{i}]")
        elif typ == "log":
            for i, entry in enumerate(sequence(v, where, limit=MAX_ACTIONS * 10)):
                self.log_entry(entry, f"{where}[{i}]")
        elif typ in ("sizes", "placed"):       # events: [before, after] site sizes; [resource, region]
            for i, pair in enumerate(sequence(v, where)):
                sequence(pair, f"{where}[{i}]", length=2)
                if typ == "sizes":
                    integer(pair[0], f"{where}[{i}][0]", 0, 3)
                    integer(pair[1], f"{where}[{i}][1]", 0, 3)
                else:
                    self.value(pair[0], "resource", f"{where}[{i}][0]")
                    self.value(pair[1], "region", f"{where}[{i}][1]")
        else:
            raise AssertionError(f"{where}: declared of a type the save check does not know: {typ!r}")


# Frames declare their fields with Python types (frames.py): the matching checks.
FRAME_TYPES = {"Seat": "seat", "CardId": "card", "int": "count", "bool": "flag", "str": "text"}


def check_state(st, data, settings, fmt=FORMAT):
    StateChecker(data, settings, fmt).check(st)


def newer_fields(st):
    """The game's fields newer than the save format (``since``) that this stored state lacks."""
    from game.state import GameState, declarations
    return [name for name, meta in declarations(GameState) if meta["since"] and name not in st]


def drop_newer_fields(stored, replayed):
    """Take out of the replayed state the fields newer than the stored one
    (``since``) that it lacks: a save from before them (its replay makes them)."""
    from game.state import PlayerState, declarations
    for name in newer_fields(stored):
        del replayed[name]
    newer = [name for name, meta in declarations(PlayerState) if meta["since"]]
    for mine, theirs in zip(stored["players"], replayed["players"]):
        for name in newer:
            if name not in mine:
                del theirs[name]


DISCARD_PHASES = ("setup", "awakening")


def before_face_down(stored, replayed):
    """(stored, replayed) without what the order of the discards changed in a
    save older than format 3, which let each dragon of the Awakening draw and
    discard before the next one drew, and showed each discard of Setup and the
    Awakening at once: the log's order and, if it stopped in one of these
    phases, the hands, the deck and its shuffles, the discard pile and the
    waiting decision."""
    out = []
    for st in (stored, replayed):
        st = {k: v for k, v in st.items() if k != "log"}
        if stored["phase"] in DISCARD_PHASES:
            for name in ("deck", "rng", "discard", "stack"):
                del st[name]
            st["players"] = [{k: v for k, v in p.items() if k not in ("hand", "face_down")} for p in st["players"]]
        out.append(st)
    return out


# ----- stored state against replayed state ----------------------------------
def first_difference(stored, replayed, where="state"):
    """The path and values of the first place two plain-data trees differ, or None."""
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for k in replayed:
            if k not in stored:
                return f"{where}.{k}", "nothing", short(replayed[k])
            found = first_difference(stored[k], replayed[k], f"{where}.{k}")
            if found:
                return found
        for k in stored:
            if k not in replayed:
                return f"{where}.{k}", short(stored[k]), "nothing"
        return None
    if isinstance(stored, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(stored, replayed)):
            found = first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        if len(stored) != len(replayed):
            return f"{where}", f"{len(stored)} entries", f"{len(replayed)} entries"
        return None
    if type(stored) is not type(replayed) or stored != replayed:
        return where, short(stored), short(replayed)
    return None


# ----- what a message may say ------------------------------------------------
# The fields of the state some players may not see (``state.declared(hidden=...)``): a hand, a lair,
# the deck, the Scheme draft, the scores of each century (they add up lairs).
@functools.cache
def _secret():
    from game.state import GameState, PlayerState, declarations
    return re.compile(r"^state\.(?:players\[\d+\]\.(?:" + "|".join(
        name for name, meta in declarations(PlayerState) if meta["hidden"]) + r")|" + "|".join(
        name for name, meta in declarations(GameState) if meta["hidden"]) + r")(?:$|[.\[])")


_LOG_ENTRY = re.compile(r"^state\.log\[(\d+)\]")
HIDDEN_WORDS = "hidden from the players: not shown"


def private_entry(entry):
    """True for a log entry only one seat may read (an event's "private"; format 1's third item)."""
    if isinstance(entry, dict):
        return entry.get("private") is not None
    return isinstance(entry, list) and len(entry) == 3 and entry[2] is not None


def secret_place(where, stored, replayed):
    """True if the place ``where`` (e.g. state.players[2].hand[0]) of a state holds
    something a player may not see: a hidden field, or a private log entry."""
    if _secret().match(where):
        return True
    entry = _LOG_ENTRY.match(where)
    if entry is None:
        return False
    i = int(entry.group(1))
    return any(isinstance(st, dict) and isinstance(st.get("log"), list) and i < len(st["log"])
               and private_entry(st["log"][i]) for st in (stored, replayed))


def without_cards(message, data, cards=None):
    """message with every card id of ``cards`` (default: all cards), and the
    title of those cards ("Raid (Britannia)"), replaced by words that name no card."""
    cards = data.cards if cards is None else cards

    def quoted(found):
        word = found.group(1)
        cut = word.endswith("...") and any(c.startswith(word[:-3]) for c in cards)
        return "a card (not shown)" if word in cards or cut else found.group(0)
    message = re.sub(r"'([^'\\]*)'", quoted, message)
    for cid in sorted(cards, key=len, reverse=True):
        if cid in message:
            message = re.sub(rf"\b{re.escape(cid)}\b", "(hidden)", message)
    for title in sorted({data.cards[c].title for c in cards if c in data.cards}, key=len, reverse=True):
        message = message.replace(title, "a hidden card")
    return message
