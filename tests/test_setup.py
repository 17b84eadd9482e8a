"""Rulebook: Setup: The Players and Setup: The Game Board."""
import pytest

from game import new_game
from game.state import VILLAGE
from game.invariants import check


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_board_setup(n):
    g = new_game(n, seed=11)
    s = g.state
    # Each region begins with one village per player.
    assert all(r.sites.count(VILLAGE) == n and r.villages == 10 - n and r.cities == 4 for r in s.regions)
    # Card Selection Track: players + 1 cards.
    assert len(s.track) == n + 1
    # 1 livestock, 1 gold, 1 noble and 2 fields per region, plus the hex bonus.
    assert sum(r.res["livestock"] for r in s.regions) == 7
    assert sum(r.res["field"] for r in s.regions) == 13
    assert s.century_fields == [0, 1, 1, 1, 1, 1]       # the 1st Century's field was the hex bonus
    assert s.stock == {"livestock": 17, "gold": 17, "noble": 17}
    # The First Lair and First Attack markers go to two different players.
    assert s.markers["first_lair"] != s.markers["first_attack"]
    assert check(g) == []


def test_hex_points_at_top_card_back_and_adds_resources():
    """Setup: The Game Board: "The arrow on the Hex points to the region indicated on the back of
    the current top card of the Action Deck" - the deck as it lies after the cards were dealt and
    the Card Selection Track filled."""
    g = new_game(4, seed=3)
    s = g.state
    back = g.cards[s.deck[-1]].back
    assert g.ring[s.hex_arrow] == back
    facing = {side: g.ring[(s.hex_arrow + k) % 6] for k, side in enumerate(g.data.hex_sides)}
    assert g.regions[facing["field"]].res["field"] == 3
    for res in ("noble", "gold", "livestock"):
        assert g.regions[facing[res]].res[res] == 2


def test_players_dealt_three_and_discard_one_not_the_hex_card():
    """Setup: The Players: "Each player then chooses 1 card and discards it (this card cannot be
    the player's Dragon Hex Card)."
    """
    g = new_game(4, seed=4)
    s = g.state
    first = s.markers["first_lair"]
    assert g.decision.kind == "discard" and g.decision.player == first
    p = s.players[first]
    assert len(p.hand) == 4 and len(p.aside) == 1          # 3 dealt + 1 Dragon Hex Card in hand
    assert all(not g.cards[a.card].is_hex for a in g.decision.options)
    for _ in range(4):
        g.apply(g.decision.options[0])
    assert all(len(p.hand) == 3 for p in s.players)
    assert g.decision.kind == "lair_action"


def test_rogue_dragons_two_and_three_players():
    """Two- and Three-Player Variations: "Rogue Dragons (unused Dragon pieces) are placed into
    regions": drawn from the dragons no seat plays."""
    assert len(new_game(2, seed=1).state.rogue_dragons) == 2
    assert len(new_game(3, seed=1).state.rogue_dragons) == 1
    assert new_game(4, seed=1).state.rogue_dragons == []
    g = new_game(3, seed=1, dragons=["Red", "Blue", "Green"])
    assert g.state.rogue_dragons[0] in {"Black", "Orange", "White"}


def test_same_seed_same_game():
    a, b = new_game(5, seed=42), new_game(5, seed=42)
    assert a.to_dict() == b.to_dict()
    assert new_game(5, seed=43).to_dict() != a.to_dict()


def test_bad_setup_arguments_are_refused():
    with pytest.raises(ValueError, match="2 to 6"):
        new_game(7)
    with pytest.raises(ValueError, match="variant"):
        new_game(4, variant="chaos")
    with pytest.raises(ValueError, match="different dragons"):
        new_game(2, dragons=["Red", "Red"])
