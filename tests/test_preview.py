"""Previews (game/preview.py, Game.outcome): what an option would do, said before it
is chosen - what it costs, what it takes, what its Attack icons could then hit,
which hex side would face the dragon - as the rules do it, changing nothing and
naming no hidden card."""
from __future__ import annotations

import random

from game import new_game
from game.ai import make_ai
from game.state import VILLAGE
from game.view import unseen_cards
from rules_helpers import attack_turn, clear_hand, do, give, options, refresh, set_sites

CASES = [(3, 2), (4, 5), (5, 9)]


def turn_positions(n, seed, most=400):
    """Positions of a game of easy AI dragons where a dragon plays its attack turn."""
    g = new_game(n, seed=seed)
    ais = [make_ai("easy", seed * 10 + i) for i in range(n)]
    for _ in range(4000):
        if g.is_over or most <= 0:
            return
        d = g.decision
        if d.kind in ("attack_turn", "attack_assign"):
            most -= 1
            yield g
        g.apply(ais[d.player].choose(g, d.player))


def each_option(kind):
    for n, seed in CASES:
        for g in turn_positions(n, seed):
            for a in g.decision.options:
                if a.kind == kind:
                    yield g, a


def test_a_move_costs_a_livestock_and_shows_the_flight():
    """Rulebook, Attack Phase, "Move": "the player may move their Dragon piece to
    unoccupied, adjacent regions by eating 1 livestock for every region moved through
    or into. ... a dragon can move into a region with a dragon, but cannot stay in that
    region unless the player currently holds the Dragon Ward marker.\""""
    seen = passing = 0
    for g, a in each_option("move"):
        p = g.state.players[g.decision.player]
        o = g.outcome(a)
        assert o.spends == {"livestock": 1}
        assert o.path == (p.region, a.region)
        occupied = any(q.region == a.region for q in g.state.players if q.seat != p.seat) or any(
            r[1] == a.region for r in g.state.rogues)
        assert o.passing == (occupied and g.state.markers.get("dragon_ward") != p.seat)
        seen += 1
        passing += o.passing
    assert seen > 20 and passing


def test_a_card_shows_the_settlements_its_attack_icons_could_hit_and_their_cost():
    """Rulebook, "Dragons Lose Life by": "Destroying a village (1 Attack icon) -1 Life;
    Destroying half a town (i.e., 1 village) (1 Attack icon) -1 Life; Destroying a whole
    town (i.e., 2 villages) (2 Attack icons) -2 Life; Destroying a city (2 Attack icons)
    -3 Life", and "A player MAY NOT attack a settlement that would reduce their Dragon's
    Life to 0." The preview lists exactly what the icons could then be assigned to."""
    cost = {("village", 1): 1, ("town", 1): 1, ("town", 2): 2, ("city", 2): 3}
    seen = 0
    for g, a in each_option("play_card"):
        o = g.outcome(a)
        if not o.hits:
            continue
        seat = g.decision.player
        p = g.state.players[seat]
        assert all(h.region == p.region for h in o.hits)
        for h in o.hits:
            assert h.size == ("village", "town", "city")[g.regions[p.region].sites[h.site] - 1]
            assert h.life == cost[(h.size, h.icons)]       # a damage reduction is said once, not per hit
            assert p.life - max(0, h.life - o.reduction) >= 1, "never an attack that would leave the dragon at 0 Life"
        assert o.reduction == p.reduction + g.cards[a.card].damage_reduction
        copy = g.copy()
        copy.apply(a)
        offered = {(x.site, x.icons) for x in copy.decision.options if x.kind == "attack"}
        assert {(h.site, h.icons) for h in o.hits} == offered
        seen += 1
    assert seen > 5


def test_a_card_shows_what_it_takes_and_from_where():
    """Rulebook, "Take Gold Icon": "take 1 gold resource from the indicated region (if
    the icon's color corresponds to a region color) or from the stockpile (if the
    icon's color is purple)." - and likewise for the other resource icons."""
    seen = 0
    for g, a in each_option("play_card"):
        o = g.outcome(a)
        seat = g.decision.player
        region = g.state.players[seat].region
        copy = g.copy()
        before = dict(copy.state.players[seat].card.res)
        copy.apply(a)
        after = copy.state.players[seat].card.res
        assert o.gains() == {r: after[r] - before[r] for r in after if after[r] != before[r]}
        assert all(where in (region, None) for where, _ in o.taken)
        seen += bool(o.taken)
    assert seen > 5


def test_turning_the_hex_names_the_side_that_would_face_the_dragon():
    """Rulebook, "Spend Gold": "Discard a gold to the stockpile to turn the Action Hex
    right or left one space", and "A player can only use the action ... on the side of
    the Action Hex that faces the region the player's Dragon piece currently occupies.\""""
    seen = usable = 0
    for g, a in each_option("turn_hex"):
        o = g.outcome(a)
        p = g.state.players[g.decision.player]
        copy = g.copy()
        copy.apply(a)
        assert o.spends == {"gold": 1}
        assert o.facing == (p.region, copy.facing_icon(p.region))
        use = [x for x in copy.decision.options if x.kind == "use_hex"]
        if use:
            assert o.hex_use == copy.outcome(use[0])
            usable += 1
        else:
            assert isinstance(o.hex_use, str) and o.hex_use      # why the hex card could not be used there
        seen += 1
    assert seen > 5 and usable


def test_ending_the_turn_shows_what_goes_behind_the_lair_screen():
    """Rulebook, "Gained Loot": "All resources and settlements gained during the Attack
    Phase are placed on the player's Dragon Card until the end of the turn, at which
    point it is all placed behind the player's Lair Screen.\""""
    seen = 0
    for g, a in each_option("end_turn"):
        o = g.outcome(a)
        card = g.state.players[g.decision.player].card
        if o.then_kind == "level_up":
            assert o.returns is None and len(o.level_up) > 1
            continue
        assert o.returns["res"] == card.res
        assert o.returns["villages"] == card.villages and o.returns["cities"] == card.cities
        seen += 1
    assert seen > 10


def test_a_preview_changes_nothing_and_names_no_hidden_card():
    """Choosing in a copy leaves the game as it was (the same game goes on, with the
    same chance), and an outcome says how many cards would be drawn, never which."""
    for n, seed in CASES[:2]:
        g, twin = new_game(n, seed=seed), new_game(n, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and g.state.century <= 3:
            d = g.decision
            if d.kind in ("attack_turn", "attack_assign"):
                hidden = set(unseen_cards(g, d.player))
                for a in d.options:
                    text = repr(g.outcome(a))
                    assert not [c for c in hidden if f"'{c}'" in text]
            i = rng.randrange(len(d.options))
            g.apply(d.options[i])
            twin.apply(twin.decision.options[i])
        assert g.to_dict() == twin.to_dict()


def wrath_attack_to_discard_for():
    """Seat 0's dragon in Gallia, two villages there, 4 Life: Wrath Attack (Gallia) played,
    an Attack (Gallia) card in hand to discard for it."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "wrath_attack_gallia", "attack_gallia_1")
    set_sites(g, "Gallia", VILLAGE, VILLAGE)
    g.state.players[0].life = 4
    refresh(g)
    do(g, "play_card", card="wrath_attack_gallia")
    assert g.decision.kind == "discard"
    return g


def test_discarding_for_wrath_attack_previews_its_icons_and_its_damage_reduction_once():
    """Rulebook, Card Reading Examples: the Wrath Attack card "says, "Must discard 1 other card;
    reduce damage taken by 1." In addition to the 2 Attack icons, the player must discard 1 card,
    which reduces the damage their Dragon takes from resolving the Attack icons." Example Turn:
    "She could play her Wrath Attack card and take both villages; normally her Black Dragon would
    lose 2 Life—1 for each village—but the Wrath Attack card reduces that by 1 as she discards her
    Attack card, so she'd only lose 1 Life."

    The discard adds no Attack icon of its own: the preview says the 2 waiting (the Wrath
    Attack's) could hit each village for its full Life cost, the damage reduction of 1 once."""
    g = wrath_attack_to_discard_for()
    a = next(a for a in g.decision.options if a.card == "attack_gallia_1")
    o = g.outcome(a)
    assert (o.adds, o.waiting, o.reduction) == (0, 2, 1)
    assert sorted((h.site, h.icons, h.life) for h in o.hits) == [(0, 1, 1), (1, 1, 1)]
    # ... which is what the engine does: both villages cost 1 Life in all
    p = g.state.players[0]
    do(g, "discard", card="attack_gallia_1")
    do(g, "attack", site=0, icons=1)
    do(g, "attack", site=1, icons=1)
    assert p.life == 4 - (1 + 1 - o.reduction) == 3
    assert p.card.villages == {"Gallia": 2}


def test_a_card_that_adds_attack_icons_says_so():
    """Rulebook, "Attack Icon: This icon represents 1 attack by a Dragon. If an Action Card
    includes two Attack icons, it represents 2 attacks by a Dragon." A played card's Attack
    icons are its own (the tooltip's "Its Attack icons"); a discard adds none."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "attack_gallia_1")
    set_sites(g, "Gallia", VILLAGE, VILLAGE)
    o = g.outcome(options(g, "play_card", card="attack_gallia_1")[0])
    assert (o.adds, o.waiting, o.reduction) == (1, 1, 0) and len(o.hits) == 2
