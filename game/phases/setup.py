"""Getting Started: Setup of the players and the game board."""
from __future__ import annotations

from ..data import RESOURCES
from ..plaintext import name_problem
from ..rng import MAX_SEED
from ..state import VILLAGE, GameState, PlayerState, RegionState
from ..variants import Variant
from .common import push_face_down_discard, reveal_face_down
from .scoring import record_scores


def initial_state(data, num_players, seed, variant, dragons, names):
    """The box opened: players, regions with their first villages, the
    stockpiles. Raises ValueError for settings the rules do not allow."""
    lo, hi = data.setup["players"]["min"], data.setup["players"]["max"]
    if not isinstance(num_players, int) or not lo <= num_players <= hi:
        raise ValueError(f"Wrath of Dragons is played by {lo} to {hi} players, not {num_players!r}.")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED - 1}, not {seed!r}")
    Variant.parse(variant)
    all_dragons = [d.name for d in data.dragons]
    dragons = list(dragons) if dragons else all_dragons[:num_players]
    if len(dragons) != num_players or len(set(dragons)) != num_players or not set(dragons) <= set(all_dragons):
        raise ValueError(f"choose {num_players} different dragons from {', '.join(all_dragons)}")
    names = list(names) if names else [f"{d} Dragon" for d in dragons]
    if len(names) != num_players:
        raise ValueError("one name per player")
    for i, name in enumerate(names):
        if problem := name_problem(name):
            raise ValueError(f"player {i + 1}: {problem}")

    setup = data.setup
    players = [PlayerState(seat=i, dragon=dragons[i], name=names[i], life=setup["start_life"])
               for i in range(num_players)]
    regions = [RegionState(name=r.name, sites=[0] * data.sites,
                           res={res: setup["per_region"][res] for res in RESOURCES},
                           villages=data.village_stock, cities=data.city_stock)
               for r in data.regions]
    # Each region begins with as many villages as there are players.
    for r in regions:
        for i in range(num_players):
            r.sites[i] = VILLAGE
        r.villages -= num_players
    stock = {res: setup["pieces"][res] - 6 * setup["per_region"][res] for res in ("livestock", "gold", "noble")}
    spaces = setup["century_space_fields"]
    # Fields beyond those the board uses stay in the box (none with the printed numbers).
    return GameState(num_players=num_players, variant=variant, seed=seed, rng=seed, players=players,
                     regions=regions, stock=stock, century_fields=[spaces] * setup["centuries"],
                     fields_out=setup["pieces"]["field"] - 6 * setup["per_region"]["field"]
                     - spaces * setup["centuries"])


def enter(g):
    """The deck, the hands, the track, the hex, the markers and the Rogue Dragons."""
    s, data, setup = g.state, g.data, g.data.setup
    s.deck = list(data.action_cards)
    g.rng.shuffle(s.deck)
    g.event("new_game", players=s.num_players, variant=s.variant)
    for p in s.players:
        hexes = list(data.hex_cards[p.dragon])
        keep = setup["hex_cards_in_hand"]
        p.hand, p.aside = hexes[:keep], hexes[keep:]
    for p in s.players:
        g.draw(p.seat, setup["deal"], dealt=True)
    # Then the board: the track, and the hex pointing at the back of the top
    # card as the deck now lies, so the arrow agrees with the visible deck.
    s.track = [g.deal() for _ in range(s.num_players + setup["track_extra"])]
    orient_hex(g, s.century)

    first = g.rng.below(s.num_players)
    others = [i for i in range(s.num_players) if i != first]
    s.markers = {"first_lair": first, "first_attack": g.rng.choice(others), "dragon_ward": None, "terrify": None}
    g.event("first_markers", first_lair=first, first_attack=s.markers["first_attack"])
    dragons = [p.dragon for p in s.players]
    unused = [d.name for d in data.dragons if d.name not in dragons]
    for _ in range(g.variant.rogue_dragons(data, s.num_players)):
        s.rogue_dragons.append(unused.pop(g.rng.below(len(unused))))
    if s.rogue_dragons:
        g.event("rogue_dragons", dragons=list(s.rogue_dragons))


def orient_hex(g, century):
    """Point the arrow at the top card's back region, then add one resource of
    each hex icon to the region it faces (the field comes from the century space)."""
    s = g.state
    back = g.top_back()
    if back is not None:
        s.hex_arrow = g.ring_index[back]
        g.event("hex_points", region=back)
    added = []
    for k, res in enumerate(g.data.hex_sides):
        if res not in RESOURCES:               # (an Attack side adds nothing)
            continue
        region = g.regions[g.ring[(s.hex_arrow + k) % 6]]
        if res == "field":
            if s.century_fields[century - 1] > 0:
                s.century_fields[century - 1] -= 1
                region.res["field"] += 1
                added.append(["field", region.name])
        elif s.stock[res] > 0:
            s.stock[res] -= 1
            region.res[res] += 1
            added.append([res, region.name])
    if added:
        g.event("hex_adds", placed=added)


def turn(g, seat):
    """"Each player then chooses 1 card and discards it": all choose, each
    unseen by the others, before the discards are shown (``leave``)."""
    push_face_down_discard(g, seat, g.data.setup["setup_discard"], why="setup")


def leave(g):
    """All have chosen: the discards are shown; the scores at the start are recorded."""
    reveal_face_down(g)
    record_scores(g)
