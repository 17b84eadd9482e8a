"""Getting Started: Setup of the players and the game board."""
from __future__ import annotations

from ..data import RESOURCES, default_data
from ..engine import VARIANTS, Game
from ..plaintext import name_problem
from ..rng import Rng
from ..state import VILLAGE, GameState, PlayerState, RegionState
from .common import Phase, push_discard


MAX_SEED = 1 << 63


def new_game(num_players=4, seed=0, variant="standard", dragons=None, names=None, data=None):
    """A new game, set up as the rulebook says, waiting for the first decision."""
    data = data or default_data()
    lo, hi = data.setup["players"]["min"], data.setup["players"]["max"]
    if not isinstance(num_players, int) or not lo <= num_players <= hi:
        raise ValueError(f"Wrath of Dragons is played by {lo} to {hi} players, not {num_players!r}.")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED - 1}, not {seed!r}")
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r} (known: {', '.join(VARIANTS)})")
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
    rng = Rng(seed)
    players = [PlayerState(seat=i, dragon=dragons[i], name=names[i], life=setup["start_life"])
               for i in range(num_players)]
    regions = [RegionState(name=r.name, sites=[0] * data.sites,
                           res={res: setup["per_region"][res] for res in RESOURCES},
                           villages=data.village_stock, cities=data.city_stock)
               for r in data.regions]
    stock = {res: setup["pieces"][res] - 6 * setup["per_region"][res] for res in ("livestock", "gold", "noble")}
    spaces = setup["century_space_fields"]
    state = GameState(num_players=num_players, variant=variant, seed=seed, rng=0, players=players,
                      regions=regions, stock=stock, century_fields=[spaces] * setup["centuries"],
                      fields_out=setup["pieces"]["field"] - 6 * setup["per_region"]["field"]
                      - spaces * setup["centuries"])
    # Fields beyond those the board uses stay in the box (none with the printed numbers).
    g = Game(state, data)
    g.rng = rng
    s = state

    # Each region begins with as many villages as there are players.
    for r in s.regions:
        for i in range(num_players):
            r.sites[i] = VILLAGE
        r.villages -= num_players

    s.deck = list(data.action_cards)
    g.rng.shuffle(s.deck)
    g.log(f"A new game for {num_players} players ({variant}).")
    for p in players:
        hexes = list(data.hex_cards[p.dragon])
        keep = setup["hex_cards_in_hand"]
        p.hand, p.aside = hexes[:keep], hexes[keep:]
    for p in players:
        g.draw(p.seat, setup["deal"], why="is dealt")
    # Then the board: the track, and the hex pointing at the back of the top
    # card as the deck now lies, so the arrow agrees with the visible deck.
    s.track = [g.deal() for _ in range(num_players + setup["track_extra"])]
    orient_hex(g, s.century)

    first = g.rng.below(num_players)
    others = [i for i in range(num_players) if i != first]
    s.markers = {"first_lair": first, "first_attack": g.rng.choice(others), "dragon_ward": None, "terrify": None}
    g.log(f"{g.name(first)} draws the First Lair Action marker; "
          f"{g.name(s.markers['first_attack'])} draws the First Attack Action marker.")
    unused = [d for d in all_dragons if d not in dragons]
    for _ in range(setup["rogue_dragons"].get(num_players, 0)):
        s.rogue_dragons.append(unused.pop(g.rng.below(len(unused))))
    if s.rogue_dragons:
        g.log(f"Rogue Dragons this game: {', '.join(s.rogue_dragons)}.")

    s.phase = "setup"
    s.order = g.seats_from(s.markers["first_lair"])
    g._advance()
    return g


def orient_hex(g, century):
    """Point the arrow at the top card's back region, then add one resource of
    each hex icon to the region it faces (the field comes from the century space)."""
    s = g.state
    back = g.top_back()
    if back is not None:
        s.hex_arrow = g.ring_index[back]
        g.log(f"The Action Hex arrow points at {back}.")
    added = []
    for k, side in enumerate(g.data.hex_sides):
        res = {"field": "field", "noble": "noble", "gold": "gold", "livestock": "livestock"}.get(side)
        if res is None:
            continue
        region = g.regions[g.ring[(s.hex_arrow + k) % 6]]
        if res == "field":
            if s.century_fields[century - 1] > 0:
                s.century_fields[century - 1] -= 1
                region.res["field"] += 1
                added.append(f"a field to {region.name}")
        elif s.stock[res] > 0:
            s.stock[res] -= 1
            region.res[res] += 1
            added.append(f"a {res} to {region.name}")
    if added:
        g.log("The hex adds " + ", ".join(added) + ".")


def _setup_turn(g, seat):
    push_discard(g, seat, g.data.setup["setup_discard"], hex_ok=False, why="setup")


Phase("setup", turn=_setup_turn, exit=lambda g: "lair")
