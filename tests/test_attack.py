"""Rulebook: Phase 4: Attack - placement, Rogue Dragons, Playing Action Cards,
Attacking Settlements, Using Resources, Use Action Hex, Dragon Life,
End of a Player's Turn (and house rules section 6)."""
import pytest

from game import Action, IllegalAction, new_game
from game.state import CITY, TOWN, VILLAGE
from rules_helpers import (attack_turn, clear_hand, do, give, options, passive, play_until, refresh,
                           set_sites)


def hex_facing(g, region, side_icon):
    """Turn the hex so that the side with this icon faces the region."""
    k = [g.data.side_icons[s] for s in g.data.hex_sides].index(side_icon)
    g.state.hex_arrow = (g.ring_index[region] - k) % 6
    refresh(g)


# ----- placement ------------------------------------------------------------
def test_placement_in_first_attack_order_into_unoccupied_regions():
    g = new_game(4, seed=2)
    play_until(g, "place_dragon", lambda g: [a for a in g.decision.options if a.choice != "first_attack"][0])
    s = g.state
    order = g.seats_from(s.markers["first_attack"])
    taken = []
    for seat in order:
        assert g.decision.player == seat
        assert {a.region for a in g.decision.options} == set(g.ring) - set(taken)
        region = g.decision.options[0].region
        g.apply(g.decision.options[0])
        taken.append(region)
    assert g.decision.kind == "attack_turn" and g.decision.player == order[0]


def test_dragon_ward_may_place_in_an_occupied_region():
    g = new_game(4, seed=2)
    play_until(g, "place_dragon", lambda g: [a for a in g.decision.options if a.choice != "first_attack"][0])
    s = g.state
    first = g.decision.player
    s.markers["dragon_ward"] = g.seats_from(first)[1]
    do(g, "place", region="Gallia")
    assert options(g, "place", region="Gallia")       # the ward holder may join
    other = g.seats_from(first)[2]
    s.markers["dragon_ward"] = other
    refresh(g)
    assert not options(g, "place", region="Gallia")
    with pytest.raises(IllegalAction, match="occupied"):
        g.apply(Action("place", region="Gallia"))


def test_rogue_dragons_act_after_placement_then_leave():
    g = new_game(3, seed=9)
    play_until(g, "attack_turn")
    play_until(g, "place_dragon", passive)
    s = g.state
    assert s.century == 2 and len(s.rogues) == 1
    rogue_region = s.rogues[0][1]
    assert rogue_region not in {a.region for a in g.decision.options}   # occupied
    icon = g.facing_icon(rogue_region)
    r = g.regions[rogue_region]
    before = (r.village_pieces(), dict(r.res), s.fields_out, dict(s.stock))
    for _ in range(3):
        g.apply(g.decision.options[0])
    assert s.rogues == []
    if icon == "attack":
        assert r.village_pieces() == max(0, before[0] - 1)
    elif icon == "scorch_field":
        assert r.res["field"] == max(0, before[1]["field"] - 1)
        assert s.fields_out == before[2] + (1 if before[1]["field"] else 0)
    else:
        res = {"capture_noble": "noble", "take_gold": "gold", "steal_livestock": "livestock"}[icon]
        if before[1][res]:
            assert r.res[res] == before[1][res] - 1 and s.stock[res] == before[3][res] + 1


# ----- playing Action Cards --------------------------------------------------
def test_cards_play_only_in_their_region_any_region_where_the_dragon_is():
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "raid_gallia", "raid_britannia", "any_gold_1")
    played = {a.card for a in options(g, "play_card")}
    assert played == {"raid_gallia", "any_gold_1"}
    with pytest.raises(IllegalAction, match="Britannia"):
        g.apply(Action("play_card", card="raid_britannia", alt=0))


def test_line_means_one_alternative_or_the_other():
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "raid_gallia")
    assert {a.alt for a in options(g, "play_card")} == {0, 1}
    do(g, "play_card", card="raid_gallia", alt=1)
    p = g.state.players[0]
    assert p.card.res["gold"] == 1 and p.card.res["livestock"] == 0


def test_region_colour_takes_from_region_purple_from_stockpile():
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "ransom_gallia")
    s = g.state
    gallia, stock = dict(g.regions["Gallia"].res), dict(s.stock)
    do(g, "play_card", card="ransom_gallia")
    assert g.regions["Gallia"].res["noble"] == gallia["noble"] - 1
    assert s.stock["gold"] == stock["gold"] - 1
    assert s.players[0].card.res == {"livestock": 0, "gold": 1, "noble": 1, "field": 0}


def test_no_resources_in_region_none_taken_card_not_offered():
    """Action Cards: "If no resources of the indicated type are in the indicated region, no
    resources can be taken." A card none of whose icons would do anything is not offered."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "capture_noble_gallia")
    g.regions["Gallia"].res["noble"] = 0
    refresh(g)
    assert not options(g, "play_card")


def test_no_settlements_no_attack_icon():
    """Attacking Settlements: "You cannot play an Attack icon (either from an Action Card or the
    Action Hex) if there are no settlements in the indicated region to attack."
    """
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "attack_gallia_1", "breath_attack_gallia_1")
    set_sites(g, "Gallia")
    assert {(a.card, a.alt) for a in options(g, "play_card")} == {("breath_attack_gallia_1", 1)}
    with pytest.raises(IllegalAction, match="no settlement"):
        g.apply(Action("play_card", card="attack_gallia_1", alt=0))


# ----- attacking settlements -------------------------------------------------
def test_village_one_icon_one_life():
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "attack_gallia_1")
    set_sites(g, "Gallia", VILLAGE)
    p = g.state.players[0]
    do(g, "play_card", card="attack_gallia_1")
    assert g.decision.kind == "attack_assign"
    do(g, "attack", site=0, icons=1)
    assert p.life == 3 and p.card.villages == {"Gallia": 1} and g.regions["Gallia"].sites[0] == 0


def test_town_half_with_one_icon_or_whole_with_two():
    """Attack Icon: "2 Attack icons (either two different cards with one Attack icon each, or one
    card with two Attack icons) allows for the destruction ... of a town (2 combined village
    pieces) or a city"; "A player may choose to (a) strike at a town with one Attack icon"."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "attack_gallia_1", "attack_gallia_2")
    set_sites(g, "Gallia", TOWN)
    p = g.state.players[0]
    do(g, "play_card", card="attack_gallia_1")
    assert options(g, "attack", site=0, icons=1) and not options(g, "attack", icons=2)
    do(g, "play_card", card="attack_gallia_2")          # two cards with one icon each
    do(g, "attack", site=0, icons=2)
    assert p.life == 2 and p.card.villages == {"Gallia": 2} and g.regions["Gallia"].sites[0] == 0


def test_city_needs_two_icons_and_costs_three():
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "attack_gallia_1")
    set_sites(g, "Gallia", CITY)
    p = g.state.players[0]
    hex_facing(g, "Gallia", "attack")
    do(g, "play_card", card="attack_gallia_1")
    assert not options(g, "attack")                      # one icon cannot take a city
    do(g, "use_hex")                                     # the hex Attack icon joins it
    do(g, "attack", site=0, icons=2)
    assert p.life == 1 and p.card.cities == {"Gallia": 1}


def test_never_to_zero_life_heal_first():
    """Dragon Life: "a player may never take an action that would reduce her Dragon's health to less
    than 1 Life"; Action Cards: "In that instance, the player must heal a Life first to then have
    enough Life to attack the city."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "wrath_attack_gallia", "heal_1", "attack_gallia_1")
    set_sites(g, "Gallia", CITY)
    p = g.state.players[0]
    p.life = 3
    refresh(g)
    do(g, "play_card", card="wrath_attack_gallia")
    do(g, "discard", card="attack_gallia_1")
    assert p.life == 3 and options(g, "attack", site=0, icons=2)   # 3 - 1 = 2 damage: ok
    g2 = attack_turn(region="Gallia")
    clear_hand(g2, 0)
    give(g2, 0, "attack_gallia_1", "attack_gallia_2", "heal_1")
    set_sites(g2, "Gallia", CITY)
    p2 = g2.state.players[0]
    p2.life = 3
    g2.regions["Gallia"].res["noble"] = 0
    refresh(g2)
    assert not options(g2, "play_card", card="attack_gallia_1")    # the city would cost 3 of 3 Life
    with pytest.raises(IllegalAction, match="0 Life"):
        g2.apply(Action("play_card", card="attack_gallia_1", alt=0))
    p2.life = 2
    refresh(g2)
    do(g2, "play_card", card="heal_1")                               # heal first ...
    do(g2, "play_card", card="attack_gallia_1")                      # ... then attack
    assert not options(g2, "attack")                                 # one icon cannot take a city
    do(g2, "play_card", card="attack_gallia_2")
    do(g2, "attack", site=0, icons=2)
    assert p2.life == 1


def test_no_healing_in_the_middle_of_an_attack():
    """Action Cards: "Unless a card says otherwise, you cannot heal a Dragon during another action;
    i.e. the full damage from an action must be applied first." Attack icons wait in a pool; while
    they wait only attack steps are offered, and stopping loses them."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "attack_gallia_1", "heal_1")
    set_sites(g, "Gallia", CITY, VILLAGE)
    p = g.state.players[0]
    p.life = 2
    g.state.markers["dragon_ward"] = None
    refresh(g)
    do(g, "play_card", card="attack_gallia_1")
    assert not options(g, "play_card", card="heal_1")
    with pytest.raises(IllegalAction, match="Finish the attack"):
        g.apply(Action("play_card", card="heal_1", alt=0))
    do(g, "stop_attack")
    assert g.decision.kind == "attack_turn" and options(g, "play_card", card="heal_1")


def test_lone_attack_icon_against_a_city_only_with_a_second_source():
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "attack_gallia_1")
    set_sites(g, "Gallia", CITY)
    g.state.hex_arrow = (g.ring_index["Gallia"] - 1) % 6        # the field side faces Gallia
    refresh(g)
    assert not options(g, "play_card")                           # nothing to pair it with
    give(g, 0, "attack_gallia_2")
    assert options(g, "play_card", card="attack_gallia_1")


def test_wrath_attack_must_discard_another_card():
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    p = g.state.players[0]
    for c in [c for c in p.hand]:
        p.hand.remove(c)
        p.hex_out.append(c)                              # nothing else in hand
    give(g, 0, "wrath_attack_gallia")
    assert not options(g, "play_card")
    give(g, 0, "heal_1")
    assert options(g, "play_card", card="wrath_attack_gallia")


def test_wrath_attack_may_discard_the_dragon_hex_card():
    """Use Action Hex: "Players may discard their Dragon Hex Card as if it were any other card (to
    gain Life or as a requirement for playing another card)"."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "wrath_attack_gallia")
    do(g, "play_card", card="wrath_attack_gallia")
    assert g.decision.kind == "discard"
    hexcard = g.decision.options[0].card
    assert g.cards[hexcard].is_hex
    do(g, "discard", card=hexcard)
    assert g.decision.kind == "attack_assign" and g.state.players[0].pool == 2


def test_valiant_knight_only_after_a_card_attack_on_its_region():
    """Card Reading Examples: "through the use of an Action Card, the player must play an Attack
    icon on the Britannia region first, then this card may be played."
    """
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "valiant_knight_gallia", "attack_gallia_1")
    set_sites(g, "Gallia", VILLAGE, VILLAGE)
    assert not options(g, "play_card", card="valiant_knight_gallia")
    with pytest.raises(IllegalAction, match="after you attacked"):
        g.apply(Action("play_card", card="valiant_knight_gallia", alt=0))
    do(g, "play_card", card="attack_gallia_1")
    do(g, "attack", site=0, icons=1)
    p = g.state.players[0]
    do(g, "play_card", card="valiant_knight_gallia")
    assert g.decision.kind == "choose_resource"
    do(g, "choose_resource", choice="gold")
    assert p.life == 2 and p.card.villages == {"Gallia": 2} and p.card.res["gold"] == 1


def test_valiant_knight_not_at_one_life():
    """Dragon Life: "a player may never take an action that would reduce her Dragon's health to
    less than 1 Life" - a card with a Lose Life icon included."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "valiant_knight_gallia")
    p = g.state.players[0]
    p.attacked_by_card = ["Gallia"]
    p.life = 1
    refresh(g)
    assert not options(g, "play_card")


def test_bards_tale_after_gaining_gold_livestock_or_noble_there():
    """Card Reading Examples: "if the player gains a gold, livestock, or noble from the Gothia
    region, the player may play this card to gain a village piece from the Gothia stockpile."
    """
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "bards_tale_gallia", "any_gold_1")
    assert not options(g, "play_card", card="bards_tale_gallia")
    do(g, "play_card", card="any_gold_1")
    do(g, "play_card", card="bards_tale_gallia")
    assert g.state.players[0].card.villages == {"Gallia": 1}


def test_raze_village_no_life_lost_choose_village_or_town():
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "any_raze")
    set_sites(g, "Gallia", VILLAGE, TOWN, CITY)
    do(g, "play_card", card="any_raze")
    assert g.decision.kind == "raze" and {a.site for a in g.decision.options} == {0, 1}
    do(g, "raze", site=1)
    p = g.state.players[0]
    assert p.life == 4 and g.regions["Gallia"].sites[:3] == [VILLAGE, VILLAGE, CITY]


def test_scorched_earth_then_draw_and_foresight_draw_two_discard_one():
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "scorched_earth_gallia", "foresight_1")
    p = g.state.players[0]
    do(g, "play_card", card="scorched_earth_gallia")
    assert p.card.res["field"] == 1 and len(p.hand) == 3        # hex + foresight + 1 drawn
    do(g, "play_card", card="foresight_1")
    assert g.decision.kind == "discard" and len(p.hand) == 4
    g.apply(next(a for a in g.decision.options if not g.cards[a.card].is_hex))
    assert len(p.hand) == 3


@pytest.mark.parametrize("how", ["divination", "foresight"])
def test_divination_and_foresight_may_discard_the_dragon_hex_card(how):
    """Use Action Hex: "Other Uses of the Dragon Hex Card: Players may discard their Dragon Hex Card
    as if it were any other card (to gain Life or as a requirement for playing another card); it is
    always returned to their hand at the end of their turn." Using Resources, Divination: "to draw
    2 cards into his hand from the draw pile. Then he discards 1 card from his hand." Foresight's
    card: "Draw 2 cards, then discard 1." No sentence forbids the Dragon Hex Card there (Setup, the
    Awakening and Plot each forbid it in their own words, and only for themselves): it may be the
    discard, and it comes back at the end of the turn. See docs/rules-notes.md."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    p = g.state.players[0]
    hexcard = next(c for c in p.hand if g.cards[c].is_hex)
    if how == "divination":
        p.lair.res["field"] = 1
        refresh(g)
        do(g, "divination")
    else:
        give(g, 0, "foresight_1")
        do(g, "play_card", card="foresight_1")
    assert g.decision.kind == "discard"
    assert hexcard in {a.card for a in g.decision.options}
    assert "not a Dragon Hex Card" not in g.decision.prompt
    do(g, "discard", card=hexcard)
    assert hexcard not in p.hand and hexcard not in g.state.discard, "it waits for the end of the turn"
    assert not options(g, "use_hex"), "discarded, its hex action is given up this turn"
    do(g, "end_turn")
    assert hexcard in p.hand, "it is always returned to the hand at the end of the turn"


# ----- using resources ---------------------------------------------------------
def test_move_eats_a_livestock_per_region():
    g = attack_turn(region="Gallia")
    p = g.state.players[0]
    assert not options(g, "move")
    p.lair.res["livestock"] = 1
    p.card.res["livestock"] = 1
    refresh(g)
    assert {a.region for a in options(g, "move")} == {"Germania", "Britannia"}
    do(g, "move", region="Britannia")
    assert p.card.res["livestock"] == 0 and p.lair.res["livestock"] == 1   # the Dragon Card first
    do(g, "move", region="Scandia")
    assert p.spent["livestock"] == 2 and p.region == "Scandia"


def test_pass_through_an_occupied_region_but_not_stay():
    """Using Resources, Move: "a dragon can move into a region with a dragon, but cannot stay in
    that region unless the player currently holds the Dragon Ward marker." It may enter only if it
    can still fly on to a free region."""
    g = attack_turn(region="Gallia", others={1: "Britannia"})
    p = g.state.players[0]
    p.lair.res["livestock"] = 1
    refresh(g)
    assert not options(g, "move", region="Britannia")     # could not fly on from there
    p.lair.res["livestock"] = 2
    refresh(g)
    do(g, "move", region="Britannia")
    assert {a.kind for a in g.decision.options} == {"move"} and not options(g, "end_turn")
    do(g, "move", region="Scandia")
    assert options(g, "end_turn")


def test_dragon_ward_lets_the_dragon_stay():
    g = attack_turn(region="Gallia", others={1: "Britannia"})
    g.state.markers["dragon_ward"] = 0
    p = g.state.players[0]
    p.lair.res["livestock"] = 1
    refresh(g)
    do(g, "move", region="Britannia")
    assert options(g, "end_turn")


def test_divination_once_per_turn():
    g = attack_turn(region="Gallia")
    p = g.state.players[0]
    p.lair.res["field"] = 2
    refresh(g)
    n = len(p.hand)
    do(g, "divination")
    assert len(p.hand) == n + 2 and g.decision.kind == "discard"
    g.apply(g.decision.options[0])
    assert not options(g, "divination")
    assert p.spent["field"] == 1
    fields_out = g.state.fields_out
    do(g, "end_turn")
    assert g.state.fields_out >= fields_out + 1               # spent fields leave the game


def test_spend_gold_to_turn_the_hex():
    g = attack_turn(region="Gallia")
    s = g.state
    p = s.players[0]
    p.card.res["gold"] = 2
    refresh(g)
    arrow = s.hex_arrow
    do(g, "turn_hex", choice="right")
    do(g, "turn_hex", choice="right")
    assert s.hex_arrow == (arrow + 2) % 6 and p.spent["gold"] == 2
    assert not options(g, "turn_hex")


def test_consume_noble_and_lick_wounds_never_above_max():
    """Using Resources: Consume Noble "regain 2 Life"; Lick Wounds: "For each card discarded in this
    way (including Dragon Hex Cards), the player regains 1 Life." Never beyond max Life."""
    g = attack_turn(region="Gallia")
    p = g.state.players[0]
    p.lair.res["noble"] = 1
    refresh(g)
    assert not options(g, "consume_noble") and not options(g, "lick_wounds")   # at full Life
    p.life = 3
    refresh(g)
    do(g, "consume_noble")
    assert p.life == 4
    p.life = 2
    refresh(g)
    hexcard = next(c for c in p.hand if g.cards[c].is_hex)
    do(g, "lick_wounds", card=hexcard)                       # a Dragon Hex Card counts too
    assert p.life == 3 and hexcard in p.hex_out


def test_heal_card_gains_three_up_to_max():
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "heal_1")
    p = g.state.players[0]
    p.life = 2
    refresh(g)
    do(g, "play_card", card="heal_1")
    assert p.life == 4


# ----- the Action Hex -------------------------------------------------------------
def test_hex_card_uses_the_side_facing_the_dragon_once():
    g = attack_turn(region="Gallia")
    hex_facing(g, "Gallia", "take_gold")
    p = g.state.players[0]
    do(g, "use_hex")
    assert p.card.res["gold"] == 1 and not options(g, "use_hex")
    do(g, "end_turn")
    assert sorted(c for c in p.hand if g.cards[c].is_hex) == [g.data.hex_cards[p.dragon][0]]


def test_hex_action_that_cannot_be_done_is_not_offered():
    g = attack_turn(region="Gallia")
    hex_facing(g, "Gallia", "capture_noble")
    g.regions["Gallia"].res["noble"] = 0
    refresh(g)
    assert not options(g, "use_hex")


# ----- feats, leveling up, end of turn ------------------------------------------------
def level_up_game(century, region="Gallia"):
    g = attack_turn(region=region, century=century, dragons=["Red", "Blue", "Green", "Orange"])
    clear_hand(g, 0)
    return g


def test_leveling_up_example_ash_red_dragon():
    """Leveling Up example: 4 resources in the 2nd Century, 3 villages in the 3rd, a city in the 4th:
    "Finally, in the 4th Century, the Red Dragon destroys a city, which earns Ash the final
    ability, Dragon Wrath." It is the only level 4 ability, so it is taken without a question,
    and "Dragon Wrath: Gain a second Dragon Hex Card": the one set aside at setup joins the hand."""
    g = level_up_game(2)
    s = g.state
    p = s.players[0]
    give(g, 0, "any_livestock_1", "any_livestock_2", "any_field", "any_noble_1")
    g.regions["Gallia"].res.update(livestock=2, field=1, noble=1)
    refresh(g)
    for c in ["any_livestock_1", "any_livestock_2", "any_field", "any_noble_1"]:
        do(g, "play_card", card=c)
    do(g, "end_turn")
    assert g.decision.kind == "level_up"
    assert {a.choice for a in g.decision.options} == {"great_fortitude", "regeneration"}
    do(g, "level_up", choice="great_fortitude")
    assert p.abilities == ["great_fortitude"] and g.max_life(p) == 6

    g3 = level_up_game(3)
    p3 = g3.state.players[0]
    p3.abilities = ["great_fortitude"]
    give(g3, 0, "any_raze", "attack_gallia_1", "attack_gallia_2")
    set_sites(g3, "Gallia", VILLAGE, VILLAGE, VILLAGE)
    do(g3, "play_card", card="any_raze")
    for c in ["attack_gallia_1", "attack_gallia_2"]:
        do(g3, "play_card", card=c)
        do(g3, "attack", site=g3.regions["Gallia"].sites.index(VILLAGE), icons=1)
    do(g3, "end_turn")
    assert {a.choice for a in g3.decision.options} == {"mighty_wings", "cunning_intellect"}
    do(g3, "level_up", choice="cunning_intellect")

    g4 = level_up_game(4)
    p4 = g4.state.players[0]
    p4.abilities = ["great_fortitude", "cunning_intellect"]
    p4.life = 6
    give(g4, 0, "wrath_attack_gallia", "heal_1")
    set_sites(g4, "Gallia", CITY)
    do(g4, "play_card", card="wrath_attack_gallia")
    do(g4, "discard", card="heal_1")
    do(g4, "attack", site=0, icons=2)
    do(g4, "end_turn")                                     # Dragon Wrath is the only level 4 ability
    assert p4.abilities == ["great_fortitude", "cunning_intellect", "dragon_wrath"]
    assert sorted(c for c in p4.hand if g4.cards[c].is_hex) == ["hex_red_1", "hex_red_2"]


def test_no_feat_no_level_up_and_once_per_century():
    g = level_up_game(2)
    p = g.state.players[0]
    do(g, "end_turn")
    assert p.abilities == []
    g = level_up_game(2)
    p = g.state.players[0]
    p.leveled = 2                      # already leveled this century
    p.feat_resources = 4
    refresh(g)
    do(g, "end_turn")
    assert p.abilities == []


def test_spent_resources_count_for_the_feat():
    g = level_up_game(2)
    p = g.state.players[0]
    give(g, 0, "any_livestock_1", "any_livestock_2", "any_gold_1", "any_gold_2")
    g.regions["Gallia"].res.update(livestock=2, gold=2)
    refresh(g)
    for c in ["any_livestock_1", "any_livestock_2", "any_gold_1", "any_gold_2"]:
        do(g, "play_card", card=c)
    do(g, "move", region="Britannia")                      # eats a livestock
    do(g, "turn_hex", choice="left")                       # spends a gold
    assert p.feat_resources == 4 and p.card.res["livestock"] == 1 and p.card.res["gold"] == 1
    do(g, "end_turn")
    assert g.decision.kind == "level_up"


def test_mighty_wings_and_cunning_intellect_once_per_century():
    g = attack_turn(region="Gallia", century=3)
    p = g.state.players[0]
    p.abilities = ["regeneration", "mighty_wings"]
    refresh(g)
    do(g, "fly", region="Britannia")
    assert not options(g, "fly")
    g = attack_turn(region="Gallia", century=3)
    p = g.state.players[0]
    p.abilities = ["regeneration", "cunning_intellect"]
    refresh(g)
    do(g, "turn_hex_free", choice="left")
    assert not options(g, "turn_hex_free")


def test_end_of_turn_five_steps():
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "any_gold_1")
    s = g.state
    p = s.players[0]
    hex_facing(g, "Gallia", "steal_livestock")
    p.lair.res["gold"] = 1
    refresh(g)
    do(g, "play_card", card="any_gold_1")
    do(g, "use_hex")
    do(g, "turn_hex", choice="left")
    stock_gold = s.stock["gold"]
    do(g, "end_turn")
    assert p.region is None                                       # 1. off the board
    assert any(g.cards[c].is_hex for c in p.hand)                  # 2. hex card back in hand
    assert "any_gold_1" in s.discard and p.played == []            # 3. played cards discarded
    assert p.spent["gold"] == 0 and s.stock["gold"] >= stock_gold  # 4. spent gold to the stockpile
    assert p.card.is_empty() and p.lair.res["gold"] == 1 and p.lair.res["livestock"] == 1   # 5. loot stashed


def test_villages_from_a_stockpile_count_for_the_destroy_3_villages_feat():
    """Leveling Up: "Destroy 3 villages"; Terminology: "regardless of the terminology used (capture,
    gain, raze, scorch, steal, or take), when the player is allowed to remove a resource from a region
    or the stockpile, they place it first on their Dragon Card". House rules: Feat "destroy 3
    villages": "village pieces gained during this Attack Phase, by any means" - A Bard's Tale's
    village from the region's stockpile counts (docs/rules-notes.md, Leveling up)."""
    g = level_up_game(2)
    p = g.state.players[0]
    give(g, 0, "bards_tale_gallia", "any_gold_1")
    p.feat_villages = 2
    refresh(g)
    do(g, "play_card", card="any_gold_1")
    do(g, "play_card", card="bards_tale_gallia")
    assert p.card.villages == {"Gallia": 1} and p.feat_villages == 3
    do(g, "end_turn")
    assert g.decision.kind == "level_up"
