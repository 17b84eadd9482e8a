"""Helpers for rules tests: build a position, find and apply options."""
from __future__ import annotations

from game import Action, new_game
from game.state import Holdings


def refresh(g):
    """Forget the cached decision after a test edits the state directly."""
    g._decision = None


def options(g, kind=None, **fields):
    """The current options of one kind whose fields match."""
    return [a for a in g.decision.options
            if (kind is None or a.kind == kind) and all(getattr(a, k) == v for k, v in fields.items())]


def do(g, kind, **fields):
    """Apply the single option of this kind with these fields."""
    found = options(g, kind, **fields)
    assert found, f"no option {kind} {fields} among {[str(a) for a in g.decision.options]}"
    g.apply(found[0])
    return found[0]


def play_until(g, kind, choose=None):
    """Apply options (the first, or choose(g)) until the decision is of this kind."""
    while not g.is_over and g.decision.kind != kind:
        g.apply(choose(g) if choose else g.decision.options[0])
    return g


def passive(g):
    """A chooser that ends turns at once and otherwise takes the first option."""
    ends = [a for a in g.decision.options if a.kind == "end_turn"]
    return ends[0] if ends else g.decision.options[0]


def take_card(g, cid):
    """Remove a card from wherever it is (deck, discard, track, hands)."""
    s = g.state
    for pile in [s.deck, s.discard, s.track, s.draft] + [p.hand for p in s.players] + [p.aside for p in s.players]:
        if cid in pile:
            pile.remove(cid)
            return cid
    raise AssertionError(f"card {cid} not found")


def give(g, seat, *cards):
    for cid in cards:
        g.state.players[seat].hand.append(take_card(g, cid))
    refresh(g)


def clear_hand(g, seat):
    """Put a seat's Action Cards on the discard pile (Dragon Hex Cards stay)."""
    p = g.state.players[seat]
    for cid in [c for c in p.hand if not g.cards[c].is_hex]:
        p.hand.remove(cid)
        g.state.discard.append(cid)
    refresh(g)


def card_with_back(g, region, exclude=()):
    return next(c for c in g.state.deck if g.cards[c].back == region and c not in exclude)


def set_sites(g, region, *sites):
    """Set a region's settlements, returning pieces to / taking them from its stockpile."""
    r = g.regions[region]
    r.villages += r.village_pieces()
    r.cities += r.city_pieces()
    r.sites = list(sites) + [0] * (len(r.sites) - len(sites))
    r.villages -= r.village_pieces()
    r.cities -= r.city_pieces()
    refresh(g)


def attack_turn(num_players=4, seat=0, region="Gallia", century=1, dragons=None, seed=1,
                variant="standard", others=None):
    """A game at the start of ``seat``'s attack turn in ``region``.

    Other dragons are off the board unless ``others`` maps seat -> region.
    The rest of the century's turns are gone, so ending this turn ends the century.
    """
    g = new_game(num_players, seed=seed, variant=variant, dragons=dragons)
    play_until(g, "place_dragon")
    s = g.state
    s.stack = []
    s.century = century
    for p in s.players:
        p.region = (others or {}).get(p.seat)
    s.rogues = []
    p = s.players[seat]
    p.region = region
    s.phase, s.order, s.cursor = "attack", [seat], 0
    refresh(g)
    g._advance()
    assert g.decision.kind == "attack_turn" and g.decision.player == seat
    return g


def lair(res=None, villages=None, cities=None):
    h = Holdings()
    h.res.update(res or {})
    h.villages.update(villages or {})
    h.cities.update(cities or {})
    return h


__all__ = ["Action", "refresh", "options", "do", "play_until", "passive", "take_card", "give", "clear_hand",
           "card_with_back", "set_sites", "attack_turn", "lair"]
