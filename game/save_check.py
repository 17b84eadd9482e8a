"""Validate a loaded save document, field by field, before anything uses it.

Every check raises ``Invalid`` with one line naming the field and the problem,
e.g. ``state.players[1].life: must be between 0 and 1000, got -3``. The
document comes from game.safe_yaml, so it holds only plain data; the checks
here make sure it has the right shape, sizes and vocabulary (cards, regions,
dragons, abilities, lair actions). Whether the state is the one its actions
lead to is checked afterwards by replaying them (``first_difference``).
"""
from __future__ import annotations

import re
from dataclasses import fields

from .data import RESOURCES, TAKEABLE
from .engine import HANDLERS, PHASES, VARIANTS
from .plaintext import MAX_NAME, kind_of, name_problem
from .session import SEAT_KINDS
from .state import GameState, PlayerState, RegionState

FORMAT = 1
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
    text, players, variant, century, phase, whether it is over)."""
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
    """Shape, ranges and vocabulary of ``GameState.to_dict()``."""

    def __init__(self, data, settings):
        self.data = data
        self.n = len(settings["seats"])
        self.settings = settings
        self.centuries = data.setup["centuries"]
        self.abilities = [a.id for a in data.abilities]
        self.lair_ids = [a.id for a in data.lair_actions]
        self.action_cards = set(data.action_cards)

    def seat(self, v, where, none_ok=False):
        if v is None and none_ok:
            return v
        return integer(v, where, 0, self.n - 1)

    def cards(self, v, where, action_only=False):
        for i, c in enumerate(sequence(v, where)):
            text(c, f"{where}[{i}]", choices=self.action_cards if action_only else self.data.cards, what="card")

    def regions(self, v, where):
        for i, r in enumerate(sequence(v, where)):
            text(r, f"{where}[{i}]", choices=self.data.ring, what="region")

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

    def check(self, st):
        names = [f.name for f in fields(GameState)]
        mapping(st, "state", required=names)
        w = "state"
        integer(st["num_players"], w + ".num_players", self.n, self.n)
        if st["variant"] != self.settings["variant"]:
            raise Invalid(f"state.variant: {short(st['variant'])} differs from settings.variant "
                          f"{short(self.settings['variant'])}")
        if st["seed"] != self.settings["seed"]:
            raise Invalid(f"state.seed: {short(st['seed'])} differs from settings.seed {short(self.settings['seed'])}")
        integer(st["rng"], w + ".rng", 0, (1 << 64) - 1)
        for i, p in enumerate(sequence(st["players"], w + ".players", length=self.n)):
            self.player(p, i, f"{w}.players[{i}]")
        for i, r in enumerate(sequence(st["regions"], w + ".regions", length=len(self.data.ring))):
            self.region(r, i, f"{w}.regions[{i}]")
        self.resources(st["stock"], w + ".stock", TAKEABLE)
        for i, n in enumerate(sequence(st["century_fields"], w + ".century_fields", length=self.centuries)):
            integer(n, f"{w}.century_fields[{i}]")
        integer(st["fields_out"], w + ".fields_out")
        for name in ("deck", "discard", "track", "draft"):
            self.cards(st[name], f"{w}.{name}", action_only=True)
        integer(st["hex_arrow"], w + ".hex_arrow", 0, len(self.data.ring) - 1)
        integer(st["century"], w + ".century", 1, self.centuries)
        text(st["phase"], w + ".phase", choices=PHASES, what="phase")
        for i, seat in enumerate(sequence(st["order"], w + ".order", limit=self.n)):
            self.seat(seat, f"{w}.order[{i}]")
        integer(st["cursor"], w + ".cursor", 0, self.n)
        mapping(st["markers"], w + ".markers")
        for k, seat in st["markers"].items():
            text(k, w + ".markers", choices=MARKERS, what="marker")
            self.seat(seat, f"{w}.markers.{k}", none_ok=True)
        mapping(st["lair_taken"], w + ".lair_taken")
        for k, seat in st["lair_taken"].items():
            text(k, w + ".lair_taken", choices=self.lair_ids, what="lair action")
            self.seat(seat, f"{w}.lair_taken.{k}")
        dragons = [d.name for d in self.data.dragons]
        for i, d in enumerate(sequence(st["rogue_dragons"], w + ".rogue_dragons", limit=len(dragons))):
            text(d, f"{w}.rogue_dragons[{i}]", choices=dragons, what="dragon")
        for i, r in enumerate(sequence(st["rogues"], w + ".rogues", limit=len(dragons))):
            sequence(r, f"{w}.rogues[{i}]", length=2)
            text(r[0], f"{w}.rogues[{i}][0]", choices=dragons, what="dragon")
            text(r[1], f"{w}.rogues[{i}][1]", choices=self.data.ring, what="region")
        for i, frame in enumerate(sequence(st["stack"], w + ".stack", limit=100)):
            where = f"{w}.stack[{i}]"
            mapping(frame, where)
            for k in ("k", "p"):
                if k not in frame:
                    raise Invalid(f"{where}: missing field '{k}'")
            text(frame["k"], where + ".k", choices=HANDLERS, what="decision")
            self.seat(frame["p"], where + ".p")
            for k, v in frame.items():
                if not (v is None or isinstance(v, (bool, str)) or isinstance(v, int) and abs(v) <= MAX_COUNT):
                    raise Invalid(f"{where}.{k}: unexpected value {short(v)}")
        for i, entry in enumerate(sequence(st["log"], w + ".log", limit=MAX_ACTIONS * 10)):
            where = f"{w}.log[{i}]"
            sequence(entry, where, length=3)
            self.seat(entry[0], where + "[0]", none_ok=True)
            text(entry[1], where + "[1]", limit=MAX_LOG_TEXT)
            self.seat(entry[2], where + "[2]", none_ok=True)
        boolean(st["over"], w + ".over")

    def player(self, p, i, where):
        mapping(p, where, required=[f.name for f in fields(PlayerState)])
        seat = self.settings["seats"][i]
        integer(p["seat"], where + ".seat", i, i)
        if p["dragon"] != seat["dragon"]:
            raise Invalid(f"{where}.dragon: {short(p['dragon'])} differs from settings.seats[{i}].dragon "
                          f"{short(seat['dragon'])}")
        text(p["name"], where + ".name")
        integer(p["life"], where + ".life")
        for j, a in enumerate(sequence(p["abilities"], where + ".abilities", limit=len(self.abilities))):
            text(a, f"{where}.abilities[{j}]", choices=self.abilities, what="ability")
        for name in ("hand", "aside", "played", "hex_out"):
            self.cards(p[name], f"{where}.{name}")
        self.holdings(p["lair"], where + ".lair")
        self.holdings(p["card"], where + ".card")
        self.resources(p["spent"], where + ".spent")
        if p["region"] is not None:
            text(p["region"], where + ".region", choices=self.data.ring, what="region")
        for name in ("divined", "passing"):
            boolean(p[name], f"{where}.{name}")
        for name in ("feat_villages", "feat_cities", "feat_resources", "pool", "pool_cards", "reduction"):
            integer(p[name], f"{where}.{name}")
        for name in ("wings_used", "intellect_used", "leveled"):
            integer(p[name], f"{where}.{name}", 0, self.centuries)
        self.regions(p["attacked_by_card"], where + ".attacked_by_card")
        self.regions(p["attacked_any"], where + ".attacked_any")
        mapping(p["gained_from"], where + ".gained_from")
        for region, got in p["gained_from"].items():
            text(region, where + ".gained_from", choices=self.data.ring, what="region")
            for j, res in enumerate(sequence(got, f"{where}.gained_from.{region}", limit=MAX_COUNT)):
                text(res, f"{where}.gained_from.{region}[{j}]", choices=RESOURCES, what="resource")

    def region(self, r, i, where):
        mapping(r, where, required=[f.name for f in fields(RegionState)])
        expected = self.data.ring[i]
        if r["name"] != expected:
            raise Invalid(f"{where}.name: expected {expected!r}, got {short(r['name'])}")
        for j, v in enumerate(sequence(r["sites"], where + ".sites", length=self.data.sites)):
            integer(v, f"{where}.sites[{j}]", 0, 3)
        self.resources(r["res"], where + ".res")
        integer(r["villages"], where + ".villages")
        integer(r["cities"], where + ".cities")


def check_state(st, data, settings):
    StateChecker(data, settings).check(st)


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
