"""The game state: plain dataclasses of lists, dicts and numbers.

Nothing here knows the rules; ``engine.Game`` mutates these in place (no
copies per action). ``to_dict``/``from_dict`` give plain data for saves.

Every field is declared once, with ``declared(type, ...)``; what else must be
known about it is in the declaration and read from there:

- ``type``: its kind of value (``seat``, ``count``, ``cards``, ``holdings``,
  ...): the save check validates it by this type and the fast copy
  (``copy_state``) copies it by this type;
- ``turn=True``: reset to its default when a dragon's attack turn starts;
- ``hidden``: who may not see it (``view.sees``): "owner" (only its owner
  sees it), "owner_unless_open_lairs" (also everyone in The Strategist, and
  once the game is over),
  "chooser" (only the seat choosing among it), "nobody" (its order),
  "open_lairs" (everyone in The Strategist and once the game is over);
- ``since``: the field is newer than the save format, so older saves
  of that format may lack it (their replay makes it);
- ``sig``: how it enters the AI's signature of a position inside a turn
  (``planner.signature``), or None with ``why_not`` saying why it may stay out.
"""
from __future__ import annotations

import copy
from dataclasses import MISSING, dataclass, field, fields

from .data import CITY, EMPTY, SITE_NAMES, TOWN, VILLAGE  # noqa: F401  (the state's sites hold these)


def no_resources():
    return {"livestock": 0, "gold": 0, "noble": 0, "field": 0}


def declared(type, default=MISSING, *, factory=MISSING, turn=False, hidden=None, sig=None, why_not=None, since=False):
    """A state field and what the rest of the code must know about it (see above)."""
    meta = {"type": type, "turn": turn, "hidden": hidden, "sig": sig, "why_not": why_not, "since": since}
    return field(default=default, default_factory=factory, metadata=meta)


def declarations(cls):
    """[(name, metadata)] of a state class, in field order."""
    return [(f.name, f.metadata) for f in fields(cls)]


@dataclass
class Holdings:
    """Resources and settlement pieces (per region name) held in one place."""
    res: dict = field(default_factory=no_resources)
    villages: dict = field(default_factory=dict)
    cities: dict = field(default_factory=dict)

    def add_piece(self, kind, region, n=1):
        pieces = self.villages if kind == "village" else self.cities
        pieces[region] = pieces.get(region, 0) + n

    def pour_into(self, other):
        for r, n in self.res.items():
            other.res[r] += n
            self.res[r] = 0
        for region, n in self.villages.items():
            other.add_piece("village", region, n)
        for region, n in self.cities.items():
            other.add_piece("city", region, n)
        self.villages.clear()
        self.cities.clear()

    def is_empty(self):
        return not any(self.res.values()) and not any(self.villages.values()) and not any(self.cities.values())


@dataclass
class RegionState:
    """A region's settlement sites, resources and stockpile."""
    name: str = declared("region_name", why_not="constant")
    sites: list = declared("sites", sig="seq")              # EMPTY / VILLAGE / TOWN / CITY per site
    res: dict = declared("resources", sig="values")         # livestock, gold, noble, field on the board
    villages: int = declared("count", sig="value")          # this region's stockpile of village pieces
    cities: int = declared("count", why_not="changes only in Settlement Growth")   # and of city pieces

    def has_settlement(self):
        return any(self.sites)

    def village_pieces(self):
        return sum(1 for s in self.sites if s == VILLAGE) + 2 * sum(1 for s in self.sites if s == TOWN)

    def city_pieces(self):
        return sum(1 for s in self.sites if s == CITY)


THIS_TURN = "reset as a turn starts"
SAME_IN_TURN = "does not change inside a turn"


@dataclass
class PlayerState:
    """A player's dragon, Life, cards, resources and markers."""
    seat: int = declared("seat", why_not="constant")
    dragon: str = declared("dragon", why_not="constant")
    name: str = declared("text", why_not="constant")
    life: int = declared("count", sig="value")
    abilities: list = declared("abilities", factory=list, sig="seq")
    hand: list = declared("cards", factory=list, hidden="owner", sig="sorted")
    # Chosen to discard in Setup or the Awakening, face down until every dragon has chosen.
    face_down: list = declared("cards", factory=list, hidden="owner", why_not="empty outside Setup and the Awakening",
                               since=True)
    aside: list = declared("cards", factory=list, why_not="changes only as a level is gained, which ends the turn")
    #   (the Dragon Hex Cards not yet in play)
    lair: Holdings = declared("holdings", factory=Holdings, hidden="owner_unless_open_lairs",
                              why_not="changes inside a turn only by spending, which spent and card record")
    card: Holdings = declared("holdings", factory=Holdings, sig="holdings")   # the Dragon Card: loot of this turn
    spent: dict = declared("resources", factory=no_resources, sig="values")  # moved off the Dragon Card this turn
    played: list = declared("cards", factory=list, sig="sorted")     # Action Cards played this turn
    hex_out: list = declared("cards", factory=list, sig="seq")       # Dragon Hex Cards used or discarded this turn
    region: str | None = declared("region?", None, sig="value")      # where the dragon piece is
    # This turn (reset when the turn starts):
    divined: bool = declared("flag", False, turn=True, sig="value")
    passing: bool = declared("flag", False, turn=True, sig="value")  # flew into another dragon's region; may not stay
    feat_villages: int = declared("count", 0, turn=True, sig="value")
    feat_cities: int = declared("count", 0, turn=True, sig="value")
    feat_resources: int = declared("count", 0, turn=True, sig="value")
    attacked_by_card: list = declared("regions", factory=list, turn=True, sig="sorted")  # hit by a card's Attack icon
    attacked_any: list = declared("regions", factory=list, turn=True, sig="sorted")
    gained_from: dict = declared("gained", factory=dict, turn=True, sig="gained")  # region -> resources gained there
    pool: int = declared("count", 0, turn=True, sig="value")         # Attack icons played and not yet assigned
    pool_cards: int = declared("count", 0, turn=True, sig="value")   # of which from Action Cards
    reduction: int = declared("count", 0, turn=True, sig="value")    # damage reduction left for the pool
    # Once per century:
    wings_used: int = declared("century", 0, sig="value")       # century in which Mighty Wings was last used
    intellect_used: int = declared("century", 0, sig="value")   # century in which Cunning Intellect was last used
    leveled: int = declared("century", 0, why_not="changes only as a level is gained, which ends the turn")

    @property
    def level(self):
        return 1 + len(self.abilities)


def reset_turn(p):
    """The start of a dragon's turn: every ``turn`` field back to its default."""
    d = p.__dict__
    for name, default, factory in _TURN_FIELDS:
        d[name] = default if factory is MISSING else factory()


_TURN_FIELDS = [(f.name, f.default, f.default_factory) for f in fields(PlayerState) if f.metadata["turn"]]


@dataclass
class GameState:
    """The whole state of a game (every field declared: how saves, views and signatures treat it)."""
    num_players: int = declared("num_players", why_not=SAME_IN_TURN)
    variant: str = declared("variant", why_not=SAME_IN_TURN)
    seed: int = declared("seed", why_not=SAME_IN_TURN)
    rng: int = declared("rng", why_not="the planner searches a copy whose draws are resampled")
    players: list = declared("players", why_not="the deciding seat's own fields are in; the others do not move")
    regions: list = declared("region_states", sig="each")           # RegionState in ring order
    stock: dict = declared("stock", sig="values")                    # general stockpile: livestock, gold, noble
    century_fields: list = declared("century_fields", why_not=SAME_IN_TURN)  # fields on century spaces 1..6
    fields_out: int = declared("count", 0, why_not="follows from spent")      # fields removed from the game
    deck: list = declared("action_cards", factory=list, hidden="nobody",
                          why_not="its size follows from the hand")           # the top of the deck is the last item
    discard: list = declared("action_cards", factory=list, why_not="follows from played and the hand")
    track: list = declared("action_cards", factory=list, why_not=SAME_IN_TURN)    # Card Selection Track
    draft: list = declared("action_cards", factory=list, hidden="chooser", why_not=SAME_IN_TURN)  # Scheme cards
    hex_arrow: int = declared("ring_index", 0, sig="value")          # ring index the arrow points at
    century: int = declared("century_number", 1, why_not=SAME_IN_TURN)
    phase: str = declared("phase", "setup", why_not=SAME_IN_TURN)
    order: list = declared("seats", factory=list, why_not=SAME_IN_TURN)   # seats in the order of the phase
    cursor: int = declared("cursor", 0, why_not=SAME_IN_TURN)
    markers: dict = declared("markers", factory=dict, why_not=SAME_IN_TURN)   # first_lair, ... -> seat
    lair_taken: dict = declared("lair_taken", factory=dict, why_not=SAME_IN_TURN)  # lair action id -> seat
    rogue_dragons: list = declared("dragons", factory=list, why_not=SAME_IN_TURN)  # dragon names playing rogue
    rogues: list = declared("rogues", factory=list, why_not=SAME_IN_TURN)     # [dragon, region] on the board
    stack: list = declared("stack", factory=list, why_not="its top is in the signature")  # frames, the top last
    log: list = declared("log", factory=list, why_not="what happened, not where the game stands")  # events
    over: bool = declared("flag", False, why_not=SAME_IN_TURN)
    # {century, vp: per seat, survival_points} at the start (century 0) and each century's end
    scores_by_century: list = declared("century_scores", factory=list, hidden="open_lairs", why_not=SAME_IN_TURN,
                                       since=True)

    def to_dict(self):
        return {name: [f.to_dict() for f in self.stack] if name == "stack" else plain(getattr(self, name))
                for name in _STATE_FIELDS}

    @classmethod
    def from_dict(cls, d, frame_from_dict):
        """The state of plain data ``d``; ``frame_from_dict`` rebuilds each frame of the stack."""
        d = copy.deepcopy(d)        # the game mutates its state: never share the caller's lists
        d["stack"] = [frame_from_dict(f) for f in d["stack"]]
        d["players"] = [_player_from_dict(p) for p in d["players"]]
        d["regions"] = [RegionState(**r) for r in d["regions"]]
        names = {f.name for f in fields(cls)}
        unknown = set(d) - names
        if unknown:
            raise ValueError(f"unknown state fields {sorted(unknown)}")
        return cls(**d)


def _player_from_dict(p):
    p = dict(p)
    p["lair"] = Holdings(**p["lair"])
    p["card"] = Holdings(**p["card"])
    return PlayerState(**p)


# ----- copies ---------------------------------------------------------------
_STATE_FIELDS = [f.name for f in fields(GameState)]


def plain(x):
    """A deep copy of state data as plain dicts, lists and scalars (what
    ``dataclasses.asdict`` gives, several times faster: saves and the
    autosave copy the whole log at every action)."""
    t = type(x)
    if t is dict:
        return {k: v if type(v) in _SCALARS else plain(v) for k, v in x.items()}
    if t is list:
        return [v if type(v) in _SCALARS else plain(v) for v in x]
    if t in _SCALARS:
        return x
    names = _FIELD_NAMES.get(t)
    if names is None:                     # (dataclasses.fields at every call was 2 % of the server's work)
        names = _FIELD_NAMES[t] = tuple(f.name for f in fields(t))
    return {name: plain(getattr(x, name)) for name in names}      # a dataclass: Holdings, a player, ...


_SCALARS = frozenset((int, str, bool, float, type(None)))
_FIELD_NAMES = {}                         # dataclass -> its fields' names, in order


# How each declared field type (state.declared) is copied by copy_state.
_SCALAR_TYPES = ("seat", "dragon", "text", "count", "region?", "flag", "century", "region_name", "num_players",
                 "variant", "seed", "rng", "ring_index", "century_number", "phase", "cursor")
_LISTS = ("abilities", "cards", "regions", "sites", "action_cards", "seats", "dragons", "century_fields",
          "century_scores")      # (snapshots are never changed once recorded)
_DICTS = ("resources", "stock", "markers", "lair_taken")


def _holdings(h):
    obj = object.__new__(Holdings)
    obj.__dict__ = {"res": h.res.copy(), "villages": h.villages.copy(), "cities": h.cities.copy()}
    return obj


def _copier(type_):
    if type_ in _SCALAR_TYPES:
        return None
    if type_ in _LISTS:
        return list.copy
    if type_ in _DICTS:
        return dict.copy
    return {"holdings": _holdings,
            "gained": lambda d: {k: v[:] for k, v in d.items()},
            "players": lambda ps: [_copy(p, _PLAYER) for p in ps],
            "region_states": lambda rs: [_copy(r, _REGION) for r in rs],
            "rogues": lambda rs: [r[:] for r in rs],
            "stack": lambda fs: [f.copy() for f in fs],
            "log": lambda log: []}[type_]


def _plan(cls):
    """(class, [(field, copier)] for the fields that are not scalars)."""
    return cls, [(name, cp) for name, meta in declarations(cls) if (cp := _copier(meta["type"]))]


def _copy(x, plan):
    cls, copiers = plan
    d = x.__dict__.copy()
    for name, cp in copiers:
        d[name] = cp(d[name])
    obj = object.__new__(cls)
    obj.__dict__ = d
    return obj


_PLAYER, _REGION, _STATE = _plan(PlayerState), _plan(RegionState), _plan(GameState)


def copy_state(s):
    """A deep copy of a GameState without its log, fast (the AI's search copies
    positions all the time): by the fields' declared types, scalars shared,
    lists and dicts of scalars copied flat, the rest by their own copier."""
    return _copy(s, _STATE)
