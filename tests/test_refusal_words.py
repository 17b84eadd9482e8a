"""A refusal says what must be done first, naming the player once (playtest:
"Not possible now: Ash must choose: Ash: discard 1 card (to play Wrath Attack).")."""
from __future__ import annotations

import random

from game import Action, new_game


def test_a_refusal_names_the_chooser_once():
    g = new_game(3, seed=2)
    rng = random.Random(2)
    checked = 0
    for _ in range(300):
        d = g.decision
        if d is None:
            break
        name = g.name(d.player)
        stray = Action("no_such_kind")
        words = g.why_illegal(stray)
        assert words.count(name) <= 1, words
        if words.startswith("Not possible now") and d.prompt.startswith(name):
            assert words == "Not possible now: first " + d.prompt[len(name):].lstrip(" :"), words
            checked += 1
        g.apply(rng.choice(d.options))
    assert checked


# ----- one reason, the one that applies (issue 25, point 7) ---------------------------------
from game.state import CITY, VILLAGE  # noqa: E402
from rules_helpers import attack_turn, clear_hand, give, refresh, set_sites  # noqa: E402


def hex_facing(g, region, side_icon):
    k = [g.data.side_icons[s] for s in g.data.hex_sides].index(side_icon)
    g.state.hex_arrow = (g.ring_index[region] - k) % 6
    refresh(g)


def refusal(g, card):
    return g.why_illegal(Action("play_card", card=card, alt=0))


def test_a_lone_attack_against_a_city_says_it_needs_a_second_icon_and_why_none_is_there():
    """Attack Icon: "2 Attack icons (either two different cards with one Attack icon each, or one
    card with two Attack icons) allows for the destruction ... of a town ... or a city". The
    refusal says that, and why no second icon is at hand (the hex side facing the region is not
    Attack), and nothing about Life, which is not the reason."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "attack_gallia_1")
    set_sites(g, "Gallia", CITY)
    hex_facing(g, "Gallia", "scorch_field")
    words = refusal(g, "attack_gallia_1")
    assert "A city needs 2 Attack icons and this gives 1" in words
    assert "the hex side facing Gallia is Scorch Field, not Attack" in words
    assert "Life" not in words and " or " not in words


def test_an_attack_that_would_kill_the_dragon_says_so_and_nothing_about_icons():
    """Dragon Life: "a player may never take an action that would reduce her Dragon's health to
    less than 1 Life"; a village costs 1 Life (Attacking and Scoring Settlements)."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "attack_gallia_1")
    set_sites(g, "Gallia", VILLAGE)
    g.state.players[0].life = 1
    refresh(g)
    words = refusal(g, "attack_gallia_1")
    assert words.startswith("Attack (Gallia): That would leave your dragon at 0 Life")
    assert "costs 1 Life and your dragon has 1" in words and "Attack icon" not in words


def test_the_hex_refusal_names_its_side_and_what_is_missing():
    """Use Action Hex: "A player can only use the action ... on the side of the Action Hex that
    faces the region the player's Dragon piece currently occupies"; with no gold left in the
    region, Take Gold takes nothing."""
    g = attack_turn(region="Gallia")
    hex_facing(g, "Gallia", "take_gold")
    g.regions["Gallia"].res["gold"] = 0
    refresh(g)
    hexcard = next(c for c in g.state.players[0].hand if g.cards[c].is_hex)
    words = g.why_illegal(Action("use_hex", card=hexcard))
    assert words == "The hex side facing Gallia is Take Gold, and Gallia has no gold left: turn the hex or move."
