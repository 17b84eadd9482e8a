"""Load and validate data/*.yaml into frozen dataclasses.

Every problem is collected and reported at once, each naming the file, the
entry and the field, e.g.
``data/cards.yaml: cards[12] (wrath_attack_gallia).back: unknown region 'Galia'``.
Files are read like saves (``game.safe_yaml``: regular files only, no
aliases, no duplicate keys); every text must be printable; numbers must be
ones the game can be played with (e.g. enough cards to deal).
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import field
from functools import lru_cache

from . import safe_files, safe_yaml, start_cache
from .plaintext import escape, kind_of
from .records import frozen_record

_HERE = os.path.dirname(os.path.abspath(__file__))
# An installed game (pip, pipx, the standalone bundle) carries data/ inside the package as
# game/datafiles (pyproject.toml, tools/build.py); a clone reads the top-level data/.
DATA_DIR = next((d for d in (os.path.join(_HERE, "datafiles"), os.path.join(os.path.dirname(_HERE), "data"))
                 if os.path.isdir(d)), os.path.join(os.path.dirname(_HERE), "data"))
MAX_FILE_BYTES = 1024 * 1024      # the largest file, cards.yaml, has 11 KB
FILES = ("regions", "hex", "setup", "dragons", "lair_actions", "cards", "scoring", "desolation")

RESOURCES = ("livestock", "gold", "noble", "field")
# What stands on a settlement site, by the number a region's ``sites`` holds.
EMPTY, VILLAGE, TOWN, CITY = 0, 1, 2, 3
SITE_NAMES = ("empty", "village", "town", "city")
TAKEABLE = ("livestock", "gold", "noble")          # what gain_resource may choose
CONDITIONS = ("attacked_region", "gained_from_region")
LAIR_EFFECTS = ("take_marker", "draw", "discard", "gain", "scheme", "village_from_stockpile")
MARKERS = ("first_lair", "first_attack", "dragon_ward", "terrify")
ABILITY_EFFECTS = ("max_life", "awakening_life", "free_moves_per_century",
                   "free_hex_turns_per_century", "extra_hex_cards")


@frozen_record
class Icon:
    """A card icon, declared once: its key in the data files, its name in sentences,
    tooltips and the rules help, what it does (the rules help says "<word>: <does>"), the
    resource it takes and where it may take from (None: it takes nothing)."""
    key: str
    word: str
    does: str
    resource: str | None = None
    sources: tuple | None = None


_ANYWHERE = ("region", "stockpile")
ICON_TABLE = (
    Icon("attack", "Attack", "destroy a village (two icons: a town or a city)", sources=("region",)),
    Icon("scorch_field", "Scorch Field", "take a field", "field", ("region",)),
    Icon("capture_noble", "Capture Noble", "take a noble", "noble", _ANYWHERE),
    Icon("take_gold", "Take Gold", "take a gold", "gold", _ANYWHERE),
    Icon("steal_livestock", "Steal Livestock", "take a livestock", "livestock", _ANYWHERE),
    Icon("raze_village", "Raze Village", "take a village piece without losing Life", sources=_ANYWHERE),
    Icon("gain_resource", "Gain Gold, Livestock or Noble", "one of them, your choice", sources=_ANYWHERE),
    Icon("lose_life", "Lose Life", "the number says how much"),
    Icon("gain_life", "Gain Life", "the number says how much, never above your maximum"),
    Icon("draw", "Draw Cards", "the number says how many"),
    Icon("discard", "Discard Cards", "the number says how many"),
)
ICONS = tuple(i.key for i in ICON_TABLE)
ICON_WORDS = {i.key: i.word for i in ICON_TABLE}            # "scorch_field" -> "Scorch Field"
ICON_RESOURCE = {i.key: i.resource for i in ICON_TABLE if i.resource}
ICON_SOURCES = {i.key: i.sources for i in ICON_TABLE}


class DataError(Exception):
    """Bad data files; ``problems`` lists every problem found."""

    def __init__(self, problems):
        self.problems = [escape(p) for p in problems]
        super().__init__("invalid game data:\n  " + "\n  ".join(self.problems))


@frozen_record
class Region:
    """A region of the map, in ring order."""
    name: str
    index: int
    letter: str
    colour: str
    land: str
    neighbours: tuple


@frozen_record
class Effect:
    """One icon of a card's line: what it takes, from where, how many."""
    icon: str
    source: str | None      # "region", "stockpile" or None
    amount: int


@frozen_record
class Card:
    """An Action Card or a Dragon Hex Card."""
    id: str
    name: str
    type: str
    region: str | None      # None: Any Region (and Dragon Hex Cards)
    back: str | None        # None for Dragon Hex Cards
    text: str
    alternatives: tuple     # of tuples of Effect
    condition: tuple | None  # (kind, value)
    discard_other: int = 0
    damage_reduction: int = 0
    hex_dragon: str | None = None   # set for Dragon Hex Cards
    is_hex: bool = False

    @property
    def title(self):
        return self.name if self.region is None else f"{self.name} ({self.region})"


@frozen_record
class Ability:
    """A dragon ability of level 2, 3 or 4."""
    id: str
    name: str
    level: int
    text: str
    effect: tuple           # ((key, value), ...)


@frozen_record
class LairAction:
    """A Lair Action and the century it comes in."""
    id: str
    name: str
    century: int
    text: str
    effect: dict


@frozen_record
class Dragon:
    """A dragon: its name, letter and colour."""
    name: str
    letter: str
    colour: str


@frozen_record
class GameData:
    """The rule data (data/*.yaml), checked."""
    regions: tuple                      # Region, in ring order
    sites: int
    village_stock: int
    city_stock: int
    hex_sides: tuple
    side_icons: dict
    setup: dict
    dragons: tuple
    abilities: tuple
    feats: dict
    lair_actions: tuple
    cards: dict                         # id -> Card (action and hex cards)
    action_cards: tuple                 # ids of the 84 Action Cards, in file order
    hex_cards: dict                     # dragon name -> tuple of hex card ids
    scoring: dict
    desolation: dict
    region_index: dict = field(default_factory=dict)
    digest: str = ""                    # of the files as parsed (game.fingerprint): which rules these are

    @property
    def ring(self):
        return tuple(r.name for r in self.regions)

    def ability(self, ability_id):
        return next(a for a in self.abilities if a.id == ability_id)

    def lair_action(self, action_id):
        return next(a for a in self.lair_actions if a.id == action_id)


class _Checker:
    """Collects problems with a file/entry/field prefix."""

    def __init__(self):
        self.problems = []

    def add(self, where, msg):
        self.problems.append(f"{where}: {msg}")

    def get(self, d, key, types, where, required=True, default=None):
        if not isinstance(d, dict):
            self.add(where, f"expected a mapping, got {type(d).__name__}")
            return default
        if key not in d:
            if required:
                self.add(_join(where, key), "missing")
            return default
        value = d[key]
        if isinstance(value, bool) and bool not in _as_tuple(types):
            self.add(_join(where, key), f"expected {_type_names(types)}, got {value!r}")
            return default
        if not isinstance(value, types):
            self.add(_join(where, key), f"expected {_type_names(types)}, got {type(value).__name__} {value!r}")
            return default
        if isinstance(value, str) and not value.isprintable():
            self.add(_join(where, key), f"unprintable text {value!r}")
            return default
        return value

    def texts(self, d, key, where, default=()):
        """A list of printable texts (e.g. names)."""
        out = []
        for i, value in enumerate(self.get(d, key, list, where, default=default)):
            if not isinstance(value, str):
                self.add(f"{_join(where, key)}[{i}]", f"expected text, got {kind_of(value)} {value!r}")
            elif not value.isprintable():
                self.add(f"{_join(where, key)}[{i}]", f"unprintable text {value!r}")
            else:
                out.append(value)
        return out

    def count(self, d, key, where, required=True, default=0, low=0, high=1000):
        value = self.get(d, key, int, where, required, None)
        if value is None:
            return default
        if not low <= value <= high:
            self.add(_join(where, key), f"must be between {low} and {high}, got {value}")
            return default
        return value


def _join(where, key):
    """'data/x.yaml' + 'k' -> 'data/x.yaml: k'; 'data/x.yaml: a[1]' + 'k' -> '...a[1].k'."""
    return f"{where}: {key}" if where.endswith(".yaml") else f"{where}.{key}"


def _as_tuple(types):
    return types if isinstance(types, tuple) else (types,)


def _type_names(types):
    names = {int: "a whole number", str: "text", list: "a list", dict: "a mapping", bool: "true/false"}
    return " or ".join(names.get(t, t.__name__) for t in _as_tuple(types))


def read_yaml(path, problems):
    """Read and parse a file; problems get a line naming the file."""
    return read_yaml_files({os.path.basename(path): path}, problems, cache=None)[os.path.basename(path)]


def read_yaml_files(paths, problems, cache):
    """{name: doc} of the files ``paths`` ({name: path}), None for a file that has
    problems (each a line naming the file, in the order of ``paths``). With a
    ``cache`` name, files whose bytes were parsed before are not parsed again
    (game.start_cache): the docs are the same, and the caller checks them as ever."""
    raw = {}
    for name, path in paths.items():
        try:
            raw[name] = safe_files.read_bytes(path, MAX_FILE_BYTES)
        except safe_files.FileProblem as exc:
            raw[name] = exc
    whole = all(isinstance(data, bytes) and len(data) <= MAX_FILE_BYTES for data in raw.values())
    docs = start_cache.read(cache, raw) if cache and whole else None
    if isinstance(docs, dict) and list(docs) == list(paths) and all(isinstance(d, dict) for d in docs.values()):
        return docs
    before = len(problems)
    docs = {name: _parse(os.path.basename(path), raw[name], problems) for name, path in paths.items()}
    if cache and whole and len(problems) == before:
        start_cache.write(cache, raw, docs)
    return docs


def _parse(filename, raw, problems):
    rel = os.path.join("data", filename)
    if isinstance(raw, safe_files.FileProblem):
        problems.append(f"{rel}: {'file is missing' if str(raw) == 'no such file' else raw}")
        return None
    if len(raw) > MAX_FILE_BYTES:
        problems.append(f"{rel}: larger than {MAX_FILE_BYTES // 1024} KB")
        return None
    try:
        doc = safe_yaml.load(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        problems.append(f"{rel}: not a text file (bad UTF-8 at byte {exc.start})")
        return None
    except safe_yaml.YamlProblem as exc:
        problems.append(f"{rel}: {exc}")
        return None
    if doc is None:
        problems.append(f"{rel}: the file is empty")
        return None
    if not isinstance(doc, dict):
        problems.append(f"{rel}: expected a mapping at the top, got {type(doc).__name__}")
        return None
    return doc


def load_data(data_dir=None):
    """Load and validate all data files; raise DataError listing every problem."""
    data_dir = data_dir or DATA_DIR
    problems = []
    docs = read_yaml_files({name: os.path.join(data_dir, name + ".yaml") for name in FILES}, problems, "rules")
    if problems:
        raise DataError(problems)
    ck = _Checker()
    regions, sites, vstock, cstock = _regions(ck, docs["regions"])
    names = {r.name for r in regions}
    hex_sides, side_icons = _hex(ck, docs["hex"])
    setup = _setup(ck, docs["setup"])
    dragons, abilities, feats = _dragons(ck, docs["dragons"])
    lair_actions = _lair_actions(ck, docs["lair_actions"], setup.get("centuries", 6))
    cards, action_ids, hex_cards = _cards(ck, docs["cards"], names, {d.name for d in dragons})
    scoring = _scoring(ck, docs["scoring"])
    desolation = _desolation(ck, docs["desolation"])
    _room_for_the_largest_game(ck, setup, sites, vstock, len(action_ids))
    if ck.problems:
        raise DataError(ck.problems)
    return GameData(regions=regions, sites=sites, village_stock=vstock, city_stock=cstock,
                    hex_sides=hex_sides, side_icons=side_icons, setup=setup, dragons=dragons,
                    abilities=abilities, feats=feats, lair_actions=lair_actions, cards=cards,
                    action_cards=action_ids, hex_cards=hex_cards, scoring=scoring,
                    desolation=desolation,
                    region_index={r.name: r.index for r in regions}, digest=_digest(docs))


def _digest(docs):
    """SHA-256 of the files' contents as parsed (not their bytes: comments, spacing and line
    endings, which differ between checkouts, change no rule)."""
    text = json.dumps(docs, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@lru_cache(maxsize=None)
def default_data():
    return load_data()


def _regions(ck, doc):
    f = "data/regions.yaml"
    # (at most 6: the map has room for six sites around each region's name, sprites/art/geometry.py)
    sites = ck.count(doc, "sites_per_region", f, low=1, high=6, default=6)
    stock = ck.get(doc, "stockpile", dict, f, default={})
    vstock = ck.count(stock, "villages", f + ": stockpile", default=10)
    cstock = ck.count(stock, "cities", f + ": stockpile", default=4)
    raw = ck.get(doc, "regions", list, f, default=[])
    regions = []
    for i, entry in enumerate(raw):
        where = f"{f}: regions[{i}]"
        name = ck.get(entry, "name", str, where, default=f"?{i}")
        where = f"{where} ({name})"
        nbrs = ck.texts(entry, "neighbours", where)
        regions.append(Region(name=name, index=i,
                              letter=ck.get(entry, "letter", str, where, default="?"),
                              colour=_colour(ck, entry, "colour", where),
                              land=_colour(ck, entry, "land", where),
                              neighbours=tuple(nbrs)))
    if len(regions) != 6:
        ck.add(f + ": regions", f"expected 6 regions, found {len(regions)}")
    by_name = {r.name: r for r in regions}
    if len(by_name) != len(regions):
        ck.add(f + ": regions", "region names must be unique")
    for r in regions:
        for n in r.neighbours:
            if n not in by_name:
                ck.add(f"{f}: regions[{r.index}] ({r.name}).neighbours", f"unknown region {n!r}")
            elif r.name not in by_name[n].neighbours:
                ck.add(f"{f}: regions[{r.index}] ({r.name}).neighbours",
                       f"adjacency is not symmetric: {n} does not list {r.name}")
    if len(regions) == 6 and not ck.problems:
        # Movement and hex facing use ring distance, so the map must be the ring.
        for r in regions:
            ring_nbrs = {regions[(r.index - 1) % 6].name, regions[(r.index + 1) % 6].name}
            if set(r.neighbours) != ring_nbrs:
                ck.add(f"{f}: regions[{r.index}] ({r.name}).neighbours",
                       f"must be its ring neighbours {sorted(ring_nbrs)}")
    return tuple(regions), sites, vstock, cstock


def _colour(ck, entry, key, where):
    value = ck.get(entry, key, str, where, default="#888888")
    if not (len(value) == 7 and value.startswith("#") and
            all(c in "0123456789abcdefABCDEF" for c in value[1:])):
        ck.add(f"{where}.{key}", f"expected a colour like '#a0b1c2', got {value!r}")
        return "#888888"
    return value


def _hex(ck, doc):
    f = "data/hex.yaml"
    sides = ck.texts(doc, "sides", f)
    icons = ck.get(doc, "side_icons", dict, f, default={})
    if len(sides) != 6:
        ck.add(f + ": sides", f"expected 6 sides, found {len(sides)}")
    for k, side in enumerate(sides):
        if side not in icons:
            ck.add(f"{f}: sides[{k}]", f"side {side!r} has no entry in side_icons")
    for side, icon in icons.items():
        if not isinstance(icon, str) or icon not in ICONS or ICON_SOURCES[icon] is None:
            ck.add(f"{f}: side_icons.{side}", f"unknown or unusable icon {icon!r}")
    return tuple(sides), dict(icons)


def _setup(ck, doc):
    f = "data/setup.yaml"
    out = dict(doc)
    players = ck.get(doc, "players", dict, f, default={})
    lo = ck.count(players, "min", f + ": players", low=2, high=6, default=2)
    hi = ck.count(players, "max", f + ": players", low=2, high=6, default=6)
    if lo > hi:
        ck.add(f + ": players", f"min ({lo}) is more than max ({hi})")
    out["players"] = {"min": lo, "max": hi}
    out["centuries"] = ck.count(doc, "centuries", f, low=1, high=12, default=6)
    for key in ("pieces", "per_region"):
        d = ck.get(doc, key, dict, f, default={})
        out[key] = {r: ck.count(d, r, f"{f}: {key}", default=0) for r in RESOURCES}
    for key in ("century_space_fields", "deal", "setup_discard", "hex_cards_in_hand", "track_extra"):
        out[key] = ck.count(doc, key, f, default=0, high=50)
    out["start_life"] = ck.count(doc, "start_life", f, default=1, low=1, high=50)    # Life 0 is out of the game
    aw = ck.get(doc, "awakening", dict, f, default={})
    # Hands that grow by more than 3 cards a century could take in most of the deck by the last
    # centuries, and the Rogue Dragons' placement draws until it finds a free region.
    out["awakening"] = {k: ck.count(aw, k, f + ": awakening", default=0, high=high)
                        for k, high in (("life", 10), ("draw", 3), ("discard", 3))}
    sizes = ck.get(doc, "growth_sizes", list, f, default=[])
    if len(sizes) != out["centuries"] or not all(isinstance(s, int) and 0 <= s <= 2 for s in sizes):
        ck.add(f + ": growth_sizes", f"expected {out['centuries']} sizes of 0, 1 or 2, got {sizes!r}")
        sizes = [0] + [1] * (out["centuries"] - 1)
    out["growth_sizes"] = tuple(sizes)
    rogues = ck.get(doc, "rogue_dragons", dict, f, default={})
    out["rogue_dragons"] = {}
    for k, v in rogues.items():
        if not isinstance(k, int) or not isinstance(v, int) or v < 0 or k + v > 6:
            ck.add(f"{f}: rogue_dragons.{k}", f"expected players: rogues with at most 6 dragons, got {v!r}")
        else:
            out["rogue_dragons"][k] = v
    out["attack_costs"] = _attack_costs(ck, doc, f)
    for key, names in (("heal", ("consume_noble", "lick_wounds")), ("divination", ("draw", "discard"))):
        d = ck.get(doc, key, dict, f, default={})
        out[key] = {k: ck.count(d, k, f"{f}: {key}", default=0, high=3) for k in names}   # as Awakening
    for r in RESOURCES:
        need = 6 * out["per_region"][r] + (out["centuries"] * out["century_space_fields"] if r == "field" else 1)
        if out["pieces"][r] < need:
            ck.add(f"{f}: pieces.{r}", f"{out['pieces'][r]} pieces cannot cover setup, which needs {need}")
    return out


def _attack_costs(ck, doc, f):
    """{settlement size: ((Attack icons, Life lost), ...)}: the ways to hit it."""
    raw = ck.get(doc, "attack_costs", dict, f, default={})
    out = {}
    for size in ("village", "town", "city"):
        where = f"{f}: attack_costs.{size}"
        ways = []
        for k, w in enumerate(ck.get(raw, size, list, f + ": attack_costs", default=[])):
            if not (isinstance(w, list) and len(w) == 2 and all(type(x) is int for x in w) and w[0] >= 1
                    and 0 <= w[1] <= 10):
                ck.add(f"{where}[{k}]", f"expected [Attack icons (1 or more), Life lost (0-10)], got {w!r}")
            else:
                ways.append(tuple(w))
        if not ways and size in raw:
            ck.add(where, "expected at least one [Attack icons, Life lost]")
        out[size] = tuple(ways)
    return out


def _room_for_the_largest_game(ck, setup, sites, villages, cards):
    """Setup of the largest game: a village per player on the sites of every
    region (from its stockpile), then the deal and the Card Selection Track
    from a full deck, before anything is discarded."""
    n = setup["players"]["max"]
    if sites < n:
        ck.add("data/regions.yaml: sites_per_region", f"{sites} sites cannot hold the {n} villages that a "
                                                     f"{n}-player game sets up in every region")
    if villages < n:
        ck.add("data/regions.yaml: stockpile.villages", f"{villages} village pieces per region cannot cover the "
                                                       f"{n} villages that a {n}-player game sets up in every region")
    track = n + setup["track_extra"]
    need = n * setup["deal"] + track
    if need > cards:
        ck.add("data/setup.yaml: deal", f"{setup['deal']} cards for each of {n} players and a track of {track} "
                                        f"need {need} Action Cards; there are {cards}")


def _dragons(ck, doc):
    f = "data/dragons.yaml"
    dragons = []
    for i, entry in enumerate(ck.get(doc, "dragons", list, f, default=[])):
        where = f"{f}: dragons[{i}]"
        dragons.append(Dragon(name=ck.get(entry, "name", str, where, default=f"?{i}"),
                              letter=ck.get(entry, "letter", str, where, default="?"),
                              colour=_colour(ck, entry, "colour", where)))
    if len(dragons) != 6 or len({d.name for d in dragons}) != 6:
        ck.add(f + ": dragons", "expected 6 dragons with distinct names")
    abilities = []
    for i, entry in enumerate(ck.get(doc, "abilities", list, f, default=[])):
        where = f"{f}: abilities[{i}]"
        aid = ck.get(entry, "id", str, where, default=f"?{i}")
        where = f"{where} ({aid})"
        eff = ck.get(entry, "effect", dict, where, default={})
        for key, value in eff.items():
            if key not in ABILITY_EFFECTS:
                ck.add(f"{where}.effect", f"unknown effect {key!r} (known: {', '.join(ABILITY_EFFECTS)})")
            elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
                ck.add(f"{where}.effect.{key}", f"expected a whole number, got {value!r}")
        abilities.append(Ability(id=aid, name=ck.get(entry, "name", str, where, default=aid),
                                 level=ck.count(entry, "level", where, low=2, high=4, default=2),
                                 text=ck.get(entry, "text", str, where, default=""),
                                 effect=tuple(sorted(eff.items()))))
    for level in (2, 3, 4):
        if not any(a.level == level for a in abilities):
            ck.add(f + ": abilities", f"no ability for level {level}")
    feats_doc = ck.get(doc, "feats", dict, f, default={})
    feats = {k: ck.count(feats_doc, k, f + ": feats", low=1, default=99) for k in ("cities", "villages", "resources")}
    return tuple(dragons), tuple(abilities), feats


def _lair_actions(ck, doc, centuries):
    f = "data/lair_actions.yaml"
    out = []
    for i, entry in enumerate(ck.get(doc, "lair_actions", list, f, default=[])):
        where = f"{f}: lair_actions[{i}]"
        aid = ck.get(entry, "id", str, where, default=f"?{i}")
        where = f"{where} ({aid})"
        eff = ck.get(entry, "effect", dict, where, default={})
        for key, value in eff.items():
            if key not in LAIR_EFFECTS:
                ck.add(f"{where}.effect", f"unknown effect {key!r} (known: {', '.join(LAIR_EFFECTS)})")
            elif key == "take_marker" and value not in MARKERS:
                ck.add(f"{where}.effect.take_marker", f"unknown marker {value!r}")
            elif key == "gain":
                if not isinstance(value, dict) or any(r not in TAKEABLE or not isinstance(n, int) or n < 0
                                                      for r, n in value.items()):
                    ck.add(f"{where}.effect.gain", f"expected livestock/gold/noble counts, got {value!r}")
            elif key != "take_marker" and (not isinstance(value, int) or value < 0):
                ck.add(f"{where}.effect.{key}", f"expected a whole number, got {value!r}")
        out.append(LairAction(id=aid, name=ck.get(entry, "name", str, where, default=aid),
                              century=ck.count(entry, "century", where, low=1, high=centuries, default=1),
                              text=ck.get(entry, "text", str, where, default=""), effect=dict(eff)))
    if len({a.id for a in out}) != len(out):
        ck.add(f + ": lair_actions", "ids must be unique")
    return tuple(out)


def _effect(ck, raw, where):
    if not isinstance(raw, dict):
        ck.add(where, f"expected an effect like {{icon: attack}}, got {raw!r}")
        return None
    icon = ck.get(raw, "icon", str, where, default=None)
    if icon is None:
        return None
    if icon not in ICONS:
        ck.add(f"{where}.icon", f"unknown icon {icon!r}")
        return None
    allowed = ICON_SOURCES[icon]
    source = raw.get("from", "region" if allowed else None)
    if allowed is None and "from" in raw:
        ck.add(f"{where}.from", f"icon {icon!r} takes nothing, so it has no 'from'")
    elif allowed is not None and source not in allowed:
        ck.add(f"{where}.from", f"icon {icon!r} takes from {' or '.join(allowed)}, not {source!r}")
    amount = ck.count(raw, "amount", where, required=False, default=1, low=1, high=10)
    if icon not in ("lose_life", "gain_life", "draw", "discard") and amount != 1:
        ck.add(f"{where}.amount", f"icon {icon!r} has no amount")
    unknown = set(raw) - {"icon", "from", "amount"}
    if unknown:
        ck.add(where, f"unknown keys {sorted(unknown)}")
    return Effect(icon=icon, source=source, amount=amount)


def _card_type(ck, tid, t, where):
    alts = []
    for a, alt in enumerate(ck.get(t, "alternatives", list, where, default=[])):
        aw = f"{where}.alternatives[{a}]"
        if not isinstance(alt, list) or not alt:
            ck.add(aw, "expected a non-empty list of effects")
            continue
        effects = tuple(e for e in (_effect(ck, raw, f"{aw}[{k}]") for k, raw in enumerate(alt)) if e)
        alts.append(effects)
    if not alts:
        ck.add(f"{where}.alternatives", "a card needs at least one alternative")
    cond = None
    raw_cond = ck.get(t, "condition", dict, where, required=False, default=None)
    if raw_cond is not None:
        if len(raw_cond) != 1 or next(iter(raw_cond)) not in CONDITIONS:
            ck.add(f"{where}.condition", f"expected one of {', '.join(CONDITIONS)}, got {raw_cond!r}")
        else:
            kind, value = next(iter(raw_cond.items()))
            if kind == "attacked_region" and value not in ("card", "any"):
                ck.add(f"{where}.condition.attacked_region", f"expected 'card' or 'any', got {value!r}")
            if kind == "gained_from_region":
                if not isinstance(value, list) or any(v not in TAKEABLE for v in value):
                    ck.add(f"{where}.condition.gained_from_region", f"expected a list of {TAKEABLE}, got {value!r}")
                value = tuple(value) if isinstance(value, list) else ()
            cond = (kind, value)
    return {"name": ck.get(t, "name", str, where, default=tid), "text": ck.get(t, "text", str, where, default=""),
            "alternatives": tuple(alts), "condition": cond,
            "discard_other": ck.count(t, "discard_other", where, required=False, high=5),
            "damage_reduction": ck.count(t, "damage_reduction", where, required=False, high=5)}


def _cards(ck, doc, region_names, dragon_names):
    f = "data/cards.yaml"
    types = {}
    for tid, t in ck.get(doc, "card_types", dict, f, default={}).items():
        types[tid] = _card_type(ck, tid, t, f"{f}: card_types.{tid}")
    cards, action_ids = {}, []
    backs = {r: 0 for r in region_names}
    for i, entry in enumerate(ck.get(doc, "cards", list, f, default=[])):
        where = f"{f}: cards[{i}]"
        cid = ck.get(entry, "id", str, where, default=f"?{i}")
        where = f"{where} ({cid})"
        tid = ck.get(entry, "type", str, where, default=None)
        region = ck.get(entry, "region", str, where, default="any")
        back = ck.get(entry, "back", str, where, default=None)
        if tid is not None and tid not in types:
            ck.add(f"{where}.type", f"unknown card type {tid!r}")
        if region != "any" and region not in region_names:
            ck.add(f"{where}.region", f"unknown region {region!r}")
        if back is not None:
            if back not in region_names:
                ck.add(f"{where}.back", f"unknown region {back!r}")
            else:
                backs[back] += 1
        if cid in cards:
            ck.add(f"{where}.id", f"duplicate card id {cid!r}")
        if tid in types and back in region_names and (region == "any" or region in region_names):
            t = types[tid]
            text = t["text"].replace("{region}", "the region" if region == "any" else region)
            cards[cid] = Card(id=cid, name=t["name"], type=tid, region=None if region == "any" else region,
                              back=back, text=text, alternatives=t["alternatives"], condition=t["condition"],
                              discard_other=t["discard_other"], damage_reduction=t["damage_reduction"])
            action_ids.append(cid)
    n_cards = len(ck.get(doc, "cards", list, f, default=[]))
    if n_cards != 84:
        ck.add(f + ": cards", f"expected 84 Action Cards, found {n_cards}")
    for r, n in backs.items():
        if n != 14 and n_cards == 84:
            ck.add(f + ": cards", f"expected 14 cards with {r} on the back, found {n}")
    hex_cards = {d: [] for d in dragon_names}
    for i, entry in enumerate(ck.get(doc, "hex_cards", list, f, default=[])):
        where = f"{f}: hex_cards[{i}]"
        cid = ck.get(entry, "id", str, where, default=f"?hex{i}")
        where = f"{where} ({cid})"
        dragon = ck.get(entry, "dragon", str, where, default=None)
        if dragon not in dragon_names:
            ck.add(f"{where}.dragon", f"unknown dragon {dragon!r}")
            continue
        if cid in cards:
            ck.add(f"{where}.id", f"duplicate card id {cid!r}")
        cards[cid] = Card(id=cid, name="Dragon Hex Card", type="hex", region=None, back=None,
                          text="Use the Action Hex action facing your region.", alternatives=(),
                          condition=None, hex_dragon=dragon, is_hex=True)
        hex_cards[dragon].append(cid)
    for d, ids in hex_cards.items():
        if len(ids) != 2:
            ck.add(f + ": hex_cards", f"expected 2 Dragon Hex Cards for {d}, found {len(ids)}")
    return cards, tuple(action_ids), {d: tuple(v) for d, v in hex_cards.items()}


def _scoring(ck, doc):
    f = "data/scoring.yaml"
    out = {}
    for key, fields in (("independent", ("per_region", "every_region", "terrify", "per_city")),
                        ("resources", ("first", "second")), ("regions", ("first", "second")),
                        ("region_value", ("village", "city"))):
        d = ck.get(doc, key, dict, f, default={})
        out[key] = {k: ck.count(d, k, f"{f}: {key}", default=0) for k in fields}
    return out


def _desolation(ck, doc):
    f = "data/desolation.yaml"
    sp = ck.get(doc, "survival_points", dict, f, default={})
    points = {k: ck.count(sp, k, f + ": survival_points", default=0)
              for k in ("city", "village", "noble", "field", "gold", "livestock")}
    levels = []
    raw = ck.get(doc, "levels", list, f, default=[])
    for i, entry in enumerate(raw):
        where = f"{f}: levels[{i}]"
        name = ck.get(entry, "name", str, where, default="?")
        last = i == len(raw) - 1
        top = ck.count(entry, "max", where, required=not last, default=None, high=10**6) if not last or \
            (isinstance(entry, dict) and "max" in entry) else None
        levels.append((top, name))
    if not levels or levels[-1][0] is not None:
        ck.add(f + ": levels", "the last level must have no max (it takes every higher total)")
    return {"survival_points": points, "levels": tuple(levels)}
