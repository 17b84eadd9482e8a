"""The engine's readings of unclear passages (docs/rules-notes.md) that no other
rules test covers: each test quotes the rulebook words it reads."""
import re
from pathlib import Path

import pytest

from game import Action, IllegalAction
from game.state import VILLAGE
from rules_helpers import attack_turn, clear_hand, do, give, options, refresh, set_sites
from test_attack import hex_facing
from test_awakening_lair import to_lair


def test_identical_copies_are_one_option():
    """Playing Action Cards: "A player can play any number of cards on their turn." Two copies of
    the same card do the same thing, so the choice between them is one option, and the other copy
    can still be played afterwards."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "attack_gallia_1", "attack_gallia_2")
    set_sites(g, "Gallia", VILLAGE, VILLAGE)
    plays = options(g, "play_card")
    assert len(plays) == 1 and plays[0].card in ("attack_gallia_1", "attack_gallia_2")
    do(g, "play_card")
    do(g, "attack", site=0, icons=1)
    assert len(options(g, "play_card")) == 1


def test_valiant_knight_needs_an_attack_icon_from_an_action_card():
    """Card Reading Examples: "Play this card after attacking Britannia." Which means through the
    use of an Action Card, the player must play an Attack icon on the Britannia region first".
    An attack with the Action Hex alone does not allow it."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "valiant_knight_gallia")
    set_sites(g, "Gallia", VILLAGE, VILLAGE)
    hex_facing(g, "Gallia", "attack")
    do(g, "use_hex")
    do(g, "attack", site=0, icons=1)
    assert not options(g, "play_card", card="valiant_knight_gallia")
    with pytest.raises(IllegalAction):
        g.apply(Action("play_card", card="valiant_knight_gallia", alt=0))


def test_bards_tale_counts_a_gain_from_the_action_hex():
    """Card Reading Examples: "if the player gains a gold, livestock, or noble from the Gothia
    region, the player may play this card" - however it was gained, here with the Action Hex."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "bards_tale_gallia")
    hex_facing(g, "Gallia", "take_gold")
    assert not options(g, "play_card", card="bards_tale_gallia")
    do(g, "use_hex")
    do(g, "play_card", card="bards_tale_gallia")
    assert g.state.players[0].card.villages == {"Gallia": 1}


def test_wrath_attack_reduction_goes_to_the_first_hit_and_is_lost_unused():
    """Card Reading Examples: "Must discard 1 other card; reduce damage taken by 1." ... "which
    reduces the damage their Dragon takes from resolving the Attack icons": the icons of that card.
    Unused icons, and their reduction, are lost when the dragon stops attacking."""
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "wrath_attack_gallia", "heal_1", "attack_gallia_1", "attack_gallia_2")
    set_sites(g, "Gallia", VILLAGE, VILLAGE)
    p = g.state.players[0]
    do(g, "play_card", card="wrath_attack_gallia")
    do(g, "discard", card="heal_1")
    do(g, "attack", site=0, icons=1)
    assert p.life == 4                                 # 1 damage - 1 reduction
    do(g, "attack", site=1, icons=1)
    assert p.life == 3                                 # the reduction was spent on the first hit
    g = attack_turn(region="Gallia")
    clear_hand(g, 0)
    give(g, 0, "wrath_attack_gallia", "heal_1", "attack_gallia_1")
    set_sites(g, "Gallia", VILLAGE)
    p = g.state.players[0]
    do(g, "play_card", card="wrath_attack_gallia")
    do(g, "discard", card="heal_1")
    do(g, "stop_attack")
    assert p.pool == 0 and p.reduction == 0
    do(g, "play_card", card="attack_gallia_1")
    do(g, "attack", site=0, icons=1)
    assert p.life == 3                                 # no reduction left over


def test_a_dragon_joined_by_the_ward_holder_may_stay():
    """Phase 4: Attack: "a dragon can move into a region with a dragon, but cannot stay in that
    region unless the player currently holds the Dragon Ward marker." The dragon placed first did
    not move into an occupied region, so when the Dragon Ward holder joins it, it may stay."""
    g = attack_turn(region="Gallia", others={1: "Gallia"})
    g.state.markers["dragon_ward"] = 1
    refresh(g)
    assert g.occupants("Gallia", exclude=0)                  # the ward holder is there too
    assert options(g, "end_turn")                             # and yet the turn may end here


def test_scheme_cards_are_seen_only_by_the_player_choosing():
    """Scheme: "select 1 card and pass the remaining cards to the left. Each player then selects a
    card and passes the remaining cards to the left." Only the player holding the passed cards
    sees them; the others see how many there are."""
    g = to_lair(n=4, century=3)
    do(g, "lair_action", choice="scheme")
    while g.decision.kind == "scheme_pick":
        picker = g.decision.player
        for seat in range(4):
            view = g.view(seat)
            assert view["draft"] == (list(g.state.draft) if seat == picker else None)
            assert view["draft_count"] == len(g.state.draft)
        g.apply(g.decision.options[0])


def test_every_reading_names_tests_that_exist_and_quote_the_rulebook():
    """docs/rules-notes.md names its tests; each must exist and carry a quotation in its docstring."""
    import importlib
    notes = (Path(__file__).resolve().parents[1] / "docs" / "rules-notes.md").read_text()
    named = re.findall(r"`(test_\w+)\.py::(test_\w+)`", notes)
    assert len(named) >= 20
    for module, name in named:
        test = getattr(importlib.import_module(module), name, None)
        assert test is not None, f"{module}.py::{name} named in docs/rules-notes.md does not exist"
        assert '"' in (test.__doc__ or ""), f"{module}.py::{name} quotes no rulebook words"
