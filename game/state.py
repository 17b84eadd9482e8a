"""The game state: plain dataclasses of lists, dicts and numbers.

Nothing here knows the rules; ``engine.Game`` mutates these in place (no
copies per action). ``to_dict``/``from_dict`` give plain data for saves.
"""
from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields

EMPTY, VILLAGE, TOWN, CITY = 0, 1, 2, 3
SITE_NAMES = ("empty", "village", "town", "city")


def no_resources():
    return {"livestock": 0, "gold": 0, "noble": 0, "field": 0}


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
    name: str
    sites: list                 # EMPTY / VILLAGE / TOWN / CITY per site
    res: dict                   # livestock, gold, noble, field on the board
    villages: int               # this region's stockpile of village pieces
    cities: int                 # and of city pieces

    def has_settlement(self):
        return any(self.sites)

    def village_pieces(self):
        return sum(1 for s in self.sites if s == VILLAGE) + 2 * sum(1 for s in self.sites if s == TOWN)

    def city_pieces(self):
        return sum(1 for s in self.sites if s == CITY)


@dataclass
class PlayerState:
    seat: int
    dragon: str
    name: str
    life: int
    abilities: list = field(default_factory=list)
    hand: list = field(default_factory=list)
    aside: list = field(default_factory=list)      # Dragon Hex Cards not yet in play
    lair: Holdings = field(default_factory=Holdings)
    card: Holdings = field(default_factory=Holdings)   # the Dragon Card: loot of this turn
    spent: dict = field(default_factory=no_resources)  # moved off the Dragon Card this turn
    played: list = field(default_factory=list)     # Action Cards played this turn
    hex_out: list = field(default_factory=list)    # Dragon Hex Cards used or discarded this turn
    region: str | None = None                       # where the dragon piece is
    # This turn (reset when the turn starts):
    divined: bool = False
    passing: bool = False       # flew into another dragon's region this turn; may not stay
    feat_villages: int = 0
    feat_cities: int = 0
    feat_resources: int = 0
    attacked_by_card: list = field(default_factory=list)   # regions hit by a card's Attack icon
    attacked_any: list = field(default_factory=list)
    gained_from: dict = field(default_factory=dict)        # region -> resources gained there
    pool: int = 0               # Attack icons played and not yet assigned
    pool_cards: int = 0         # of which from Action Cards
    reduction: int = 0          # damage reduction left for the pool
    # Once per century:
    wings_used: int = 0         # century in which Mighty Wings was last used
    intellect_used: int = 0     # century in which Cunning Intellect was last used
    leveled: int = 0            # century of the last level-up

    @property
    def level(self):
        return 1 + len(self.abilities)


@dataclass
class GameState:
    num_players: int
    variant: str
    seed: int
    rng: int
    players: list
    regions: list               # RegionState in ring order
    stock: dict                 # general stockpile: livestock, gold, noble
    century_fields: list        # fields waiting on the century spaces 1..6
    fields_out: int = 0         # fields removed from the game
    deck: list = field(default_factory=list)        # top of the deck is the last item
    discard: list = field(default_factory=list)
    track: list = field(default_factory=list)       # Card Selection Track
    draft: list = field(default_factory=list)       # Scheme cards being passed
    hex_arrow: int = 0          # ring index the arrow points at
    century: int = 1
    phase: str = "setup"
    order: list = field(default_factory=list)       # seats in the order of the current phase
    cursor: int = 0
    markers: dict = field(default_factory=dict)     # first_lair, first_attack, dragon_ward, terrify -> seat
    lair_taken: dict = field(default_factory=dict)  # lair action id -> seat, this century
    rogue_dragons: list = field(default_factory=list)   # dragon names playing rogue
    rogues: list = field(default_factory=list)      # [dragon, region] on the board
    stack: list = field(default_factory=list)       # pending frames (frames.Frame), the top last
    log: list = field(default_factory=list)         # events (see events.py), oldest first
    over: bool = False

    def to_dict(self):
        d = asdict(self)
        d["stack"] = [f.to_dict() for f in self.stack]
        return d

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
