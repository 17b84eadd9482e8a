"""Rulebook: Example Turn - Ryana's Black Dragon in the 5th Century, and her three options."""
from game import Game
from game.state import CITY, TOWN
from rules_helpers import attack_turn, do, give, clear_hand, options, set_sites, refresh
from game.phases.scoring import score_lairs

HAND = ["any_livestock_1", "valiant_knight_gallia", "wrath_attack_gallia", "attack_gallia_1"]


def ryana():
    # Black (seat 0, Ryana) in Gothia; White (seat 1) sits in Slavia; Red and Orange are done.
    g = attack_turn(4, seat=0, region="Gothia", century=5, dragons=["Black", "White", "Red", "Orange"],
                    others={1: "Slavia"})
    s = g.state
    p = s.players[0]
    p.abilities = ["great_fortitude", "mighty_wings", "dragon_wrath"]
    p.hand.extend(p.aside)          # Dragon Wrath unlocked her second Dragon Hex Card
    p.aside = []
    p.life = 5
    p.lair.res.update(field=1, noble=2, gold=2)
    p.lair.villages.update(Slavia=2, Gallia=1)
    p.lair.cities.update(Britannia=1, Gallia=1)
    clear_hand(g, 0)
    give(g, 0, *HAND)
    g.regions["Gothia"].res["livestock"] = 2
    s.hex_arrow = g.ring_index["Germania"]     # side 4 (livestock) then faces Gothia
    set_sites(g, "Gallia", CITY, TOWN)          # a city and two villages (a town)
    for region in ("Germania", "Slavia"):
        set_sites(g, region)                    # nothing there worth staying for
    refresh(g)
    return g


def fly_to_gallia():
    g = ryana()
    assert g.facing_icon("Gothia") == "steal_livestock"
    do(g, "play_card", card="any_livestock_1")
    do(g, "use_hex")
    p = g.state.players[0]
    assert p.card.res["livestock"] == 2
    # Mighty Wings into Slavia, occupied by White: she may only fly on.
    do(g, "fly", region="Slavia")
    assert {a.kind for a in g.decision.options} == {"move"}
    assert not options(g, "end_turn")
    do(g, "move", region="Germania")
    do(g, "move", region="Gallia")
    assert p.spent["livestock"] == 2 and p.card.res["livestock"] == 0
    # She discards her other Dragon Hex Card to gain 1 Life (Lick Wounds).
    hexcard = next(c for c in p.hand if g.cards[c].is_hex)
    do(g, "lick_wounds", card=hexcard)
    assert p.life == 6
    return g


def branch(g):
    return Game.from_dict(g.to_dict())


def test_option_1_wrath_on_both_villages_then_valiant_knight():
    g = branch(fly_to_gallia())
    p = g.state.players[0]
    do(g, "play_card", card="wrath_attack_gallia")
    do(g, "discard", card="attack_gallia_1")
    site = g.regions["Gallia"].sites.index(TOWN)
    do(g, "attack", site=site, icons=2)
    assert p.life == 5                               # 2 villages - 1 for Wrath Attack
    do(g, "play_card", card="valiant_knight_gallia")
    if g.decision.kind == "choose_resource":
        do(g, "choose_resource", choice="noble")
    assert p.life == 4                               # a total of 2 Life lost
    assert p.card.villages["Gallia"] == 3            # both villages + the Valiant Knight's


def test_option_2_wrath_on_the_city_then_valiant_knight():
    g = branch(fly_to_gallia())
    p = g.state.players[0]
    do(g, "play_card", card="wrath_attack_gallia")
    do(g, "discard", card="attack_gallia_1")
    do(g, "attack", site=g.regions["Gallia"].sites.index(CITY), icons=2)
    assert p.life == 4                               # 3 for the city - 1
    do(g, "play_card", card="valiant_knight_gallia")
    if g.decision.kind == "choose_resource":
        do(g, "choose_resource", choice="gold")
    assert p.life == 3                               # 3 Life lost in all


def test_option_3_wrath_on_the_city_discarding_the_knight_then_attack():
    g = branch(fly_to_gallia())
    p = g.state.players[0]
    s = g.state
    do(g, "play_card", card="wrath_attack_gallia")
    do(g, "discard", card="valiant_knight_gallia")
    do(g, "attack", site=g.regions["Gallia"].sites.index(CITY), icons=2)
    do(g, "play_card", card="attack_gallia_1")
    do(g, "attack", site=g.regions["Gallia"].sites.index(TOWN), icons=1)
    assert p.life == 3                               # 3 (city) + 1 (village) - 1 = 3 lost
    # The city is a Feat, but she has leveled up three times already: no level-up.
    stock_livestock = s.stock["livestock"]
    do(g, "end_turn")
    assert p.abilities == ["great_fortitude", "mighty_wings", "dragon_wrath"]
    # End of turn: both Dragon Hex Cards back in hand, played cards discarded,
    # the eaten livestock back in the stockpile, the loot behind the screen.
    assert sorted(c for c in p.hand if g.cards[c].is_hex) == ["hex_black_1", "hex_black_2"]
    assert {"any_livestock_1", "wrath_attack_gallia", "attack_gallia_1", "valiant_knight_gallia"} <= set(s.discard)
    assert s.stock["livestock"] >= stock_livestock + 2 - 1   # +2 returned (growth may have taken 1)
    assert p.lair.villages["Gallia"] == 2 and p.lair.cities["Gallia"] == 2
    # "As of this moment, she knows she has 6 VP [3 regions + 3 cities]."
    row = score_lairs(g, [p.lair])[0]
    assert row["regions"] + row["cities"] == 6


def test_without_the_ward_she_could_not_stay_in_slavia():
    g = ryana()
    do(g, "play_card", card="any_livestock_1")
    do(g, "use_hex")
    do(g, "fly", region="Slavia")
    reason = g.why_illegal(options_end_turn())
    assert "another dragon" in reason


def options_end_turn():
    from game import Action
    return Action("end_turn")
