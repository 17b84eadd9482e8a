"""Rulebook: Phase 2: Awakening, Phase 3: Lair and the Lair Action Descriptions."""
import pytest

from game import Action, IllegalAction, new_game
from game.flow import FLOW
from rules_helpers import do, options, passive, play_until, refresh


def to_lair(n=4, seed=1, century=None):
    g = new_game(n, seed=seed)
    play_until(g, "lair_action")
    if century:
        g.state.century = century
        refresh(g)
    return g


def test_awakening_life_regeneration_and_cap():
    g = new_game(4, seed=1)
    s = g.state
    a, b, c, d = s.players
    a.life, b.life, c.life, d.life = 2, 4, 1, 5
    b.abilities = []                    # already at max 4: stays 4
    c.abilities = ["regeneration"]      # +2
    d.abilities = ["great_fortitude"]   # max 6
    FLOW["awakening"].enter(g)
    assert (a.life, b.life, c.life, d.life) == (3, 4, 3, 6)


def test_the_regeneration_text_says_the_life_it_gives_in_all():
    """Level-Up Abilities: "Regeneration: Gain +2 Life during the Awakening Phase", and
    Phase 2: Awakening: "Each player moves their Dragon's Life marker up by 1 ... If a
    player has selected the Regeneration Level-Up Ability, that player moves their Life
    marker up an additional 1": 2 in all. Playtest: a new player read the text as 2 on
    top of the usual 1; the text shown says it is the usual 1 and 1 more."""
    g = new_game(4, seed=1)
    text = g.data.ability("regeneration").text
    assert "+2 Life during the Awakening Phase" in text and "usual 1 and 1 more" in text
    p = g.state.players[0]
    p.life, p.abilities = 1, ["regeneration"]
    FLOW["awakening"].enter(g)
    assert p.life == 1 + 2


def test_awakening_draw_two_discard_one_not_hex():
    """Phase 2: Awakening: "Then each player selects 1 card to discard (the discard cannot be a
    Dragon Hex Card)."
    """
    g = new_game(4, seed=1)
    play_until(g, "place_dragon")
    play_until(g, "discard", passive)   # the 2nd Century's Awakening
    s = g.state
    assert s.century == 2 and s.phase == "awakening"
    assert g.decision.player == s.markers["first_lair"]
    p = s.players[g.decision.player]
    assert all(not g.cards[a.card].is_hex for a in g.decision.options)
    before = len(p.hand)
    g.apply(g.decision.options[0])
    assert len(p.hand) == before - 1
    hexcard = next(c for c in p.hand if g.cards[c].is_hex)
    s.players[g.decision.player]       # next player's discard now
    with pytest.raises(IllegalAction, match="Dragon Hex Card"):
        g.apply(Action("discard", card=g.data.hex_cards[s.players[g.decision.player].dragon][0]))
    assert hexcard in p.hand


def to_last_turn_of_the_first_century(n=4, seed=1):
    """The last dragon's attack turn of the 1st Century, waiting to end."""
    g = new_game(n, seed=seed)
    while not (g.state.phase == "attack" and g.state.cursor == n and g.decision.kind == "attack_turn"):
        g.apply(passive(g))
    return g


def test_in_the_awakening_every_dragon_draws_before_anyone_discards():
    """Phase 2: Awakening: "Beginning with the player holding the First Lair
    Action marker, each player draws 2 cards from the Action Deck. Then each
    player selects 1 card to discard": all draw, in turn from the marker's
    holder; then all discard, in the same order."""
    g = new_game(4, seed=1)
    play_until(g, "place_dragon")
    play_until(g, "discard", passive)
    s = g.state
    assert (s.century, s.phase) == (2, "awakening")
    first = s.markers["first_lair"]
    log = s.log[next(i for i, e in enumerate(s.log) if e["kind"] == "century_begins"):]
    drawn = [e["seat"] for e in log if e["kind"] == "draws"]
    assert drawn == g.seats_from(first)                        # all four, from the marker's holder
    assert all(e["n"] == 2 for e in log if e["kind"] == "draws")
    assert not [e for e in log if e["kind"] in ("discards", "sets_aside", "reveals_discard")]
    assert g.decision.player == first and g.decision.kind == "discard"
    chosen = []
    for seat in g.seats_from(first):                           # then each selects 1 card to discard
        assert g.decision.player == seat and s.phase == "awakening"
        chosen.append(g.decision.options[0].card)
        g.apply(g.decision.options[0])
    assert s.phase == "lair" and s.discard[-4:] == chosen


def test_the_awakening_with_two_cards_left_and_no_discard_pile():
    """Phase 2: Awakening: "Beginning with the player holding the First Lair
    Action marker, each player draws 2 cards from the Action Deck. Then each
    player selects 1 card to discard". With 2 cards left in the Action Deck
    after the growth and an empty discard pile, the marker's holder draws them
    and nobody else can draw: the discards come after everyone drew, so none
    can be shuffled into a new deck and drawn in the same Awakening. (The
    engine let each dragon draw and discard in turn: the first discard was
    reshuffled and drawn by the next dragon.)"""
    g = to_last_turn_of_the_first_century()
    s = g.state
    growth = s.num_players + g.data.setup["track_extra"]
    keep = s.deck[-(growth + 2):]                 # the growth's cards on top, then 2
    s.players[g.decision.player].hand += s.deck[:-(growth + 2)] + s.discard
    s.deck, s.discard = keep, []
    refresh(g)
    g.apply(next(a for a in g.decision.options if a.kind == "end_turn"))
    assert (s.century, s.phase) == (2, "awakening") and s.deck == [] and s.discard == []
    first = s.markers["first_lair"]
    hands = {p.seat: list(p.hand) for p in s.players}
    after_growth = keep[:2]
    assert set(after_growth) <= set(hands[first])
    log = s.log[next(i for i, e in enumerate(s.log) if e["kind"] == "century_begins"):]
    assert [e["seat"] for e in log if e["kind"] == "draws"] == [first]
    assert [e["seat"] for e in log if e["kind"] == "cannot_draw"] == g.seats_from(first)[1:]
    assert not [e for e in log if e["kind"] == "reshuffle"]
    discarded = []
    while s.phase == "awakening":
        seat, a = g.decision.player, g.decision.options[0]
        discarded.append(a.card)
        g.apply(a)
        assert s.players[seat].hand == [c for c in hands[seat] if c != a.card]
    assert s.discard == discarded and s.deck == []
    for p in s.players:                           # nobody drew another dragon's discard
        assert not set(p.hand) & (set(discarded) - set(hands[p.seat]))


@pytest.mark.parametrize("phase", ["setup", "awakening"])
def test_the_discards_stay_face_down_until_every_dragon_has_chosen(phase):
    """Setup: "Each player then chooses 1 card and discards it"; Phase 2:
    "Then each player selects 1 card to discard": every player chooses, none
    seeing the others' choices; the discards are shown once all have chosen."""
    g = new_game(4, seed=2)
    if phase == "awakening":
        play_until(g, "place_dragon")
        play_until(g, "discard", passive)
    s = g.state
    pile = list(s.discard)
    first = g.decision.player
    card = g.decision.options[0].card
    g.apply(g.decision.options[0])
    second = g.decision.player
    mine, theirs = g.view(first), g.view(second)
    assert mine["players"][first]["face_down"] == [card]
    assert theirs["players"][first]["face_down"] is None and theirs["players"][first]["face_down_count"] == 1
    assert theirs["discard"] == pile == s.discard
    assert all(card not in str(e["event"]) for e in theirs["log"])
    assert [e["text"] for e in mine["log"]][-1].endswith("face down to discard.")
    while s.phase == phase:
        g.apply(g.decision.options[0])
    assert s.discard[len(pile)] == card
    shown = [e["event"] for e in g.view(second)["log"] if e["event"]["kind"] == "reveals_discard"][-4:]
    assert [e["seat"] for e in shown] == g.seats_from(first) and shown[0]["card"] == card


def test_lair_actions_by_century_are_cumulative():
    ids = lambda g: {a.choice for a in g.decision.options}  # noqa: E731
    g = to_lair()
    assert ids(g) == {"first_lair", "first_attack", "plot", "hunt_and_hoard", "hunt", "hoard"}
    for century, new in [(2, "dragon_ward"), (3, "scheme"), (4, "capture"), (5, "first_strike"), (6, "terrify")]:
        g = to_lair(century=century)
        assert new in ids(g) and "hoard" in ids(g)
        assert len(ids(g)) == 5 + century


def test_each_lair_action_has_one_taker_in_player_order():
    g = to_lair()
    s = g.state
    order = g.seats_from(s.markers["first_lair"])
    assert g.decision.player == order[0]
    do(g, "lair_action", choice="hoard")
    assert g.decision.player == order[1]
    assert not options(g, "lair_action", choice="hoard")
    with pytest.raises(IllegalAction, match="already took"):
        g.apply(Action("lair_action", choice="hoard"))


def test_hunt_hoard_and_capture_go_behind_the_screen():
    g = to_lair(century=4)
    s = g.state
    seat = g.decision.player
    do(g, "lair_action", choice="capture")
    assert s.players[seat].lair.res == {"livestock": 1, "gold": 1, "noble": 1, "field": 0}
    seat = g.decision.player
    do(g, "lair_action", choice="hunt")
    assert s.players[seat].lair.res["livestock"] == 2
    seat = g.decision.player
    do(g, "lair_action", choice="hunt_and_hoard")
    assert s.players[seat].lair.res["livestock"] == 1 and s.players[seat].lair.res["gold"] == 1


def test_hoard_takes_only_what_is_available():
    g = to_lair()
    g.state.stock["gold"] = 1
    seat = g.decision.player
    do(g, "lair_action", choice="hoard")
    assert g.state.players[seat].lair.res["gold"] == 1 and g.state.stock["gold"] == 0


def test_first_lair_marker_moves_and_chooses_cards_first():
    g = to_lair()
    s = g.state
    order = g.seats_from(s.markers["first_lair"])
    do(g, "lair_action", choice="hunt")
    do(g, "lair_action", choice="first_lair")          # the second player takes the marker
    assert s.markers["first_lair"] == order[1]
    play_until(g, "select_card")
    assert g.decision.player == order[1]                # first choice of the track
    assert len(s.track) == 5
    for _ in range(4):
        g.apply(g.decision.options[0])
    assert s.track == [] and len(s.discard) >= 1        # the remaining card is discarded


def test_first_attack_marker_places_and_attacks_first():
    g = to_lair()
    s = g.state
    seat = g.decision.player
    do(g, "lair_action", choice="first_attack")
    assert s.markers["first_attack"] == seat
    play_until(g, "place_dragon")
    assert g.decision.player == seat


def test_plot_draws_two_then_discards_one():
    """Plot: "Immediately draw 2 cards, and then discard 1 card (this card cannot be the Dragon
    Hex Card)."
    """
    g = to_lair()
    p = g.state.players[g.decision.player]
    n = len(p.hand)
    do(g, "lair_action", choice="plot")
    assert g.decision.kind == "discard" and len(p.hand) == n + 2
    assert all(not g.cards[a.card].is_hex for a in g.decision.options)
    g.apply(g.decision.options[0])
    assert len(p.hand) == n + 1


def test_dragon_ward_marker_is_kept_until_taken():
    g = to_lair(century=2)
    seat = g.decision.player
    do(g, "lair_action", choice="dragon_ward")
    assert g.state.markers["dragon_ward"] == seat


def test_scheme_draft_passes_left_and_schemer_gets_the_last_card():
    g = to_lair(n=4, century=3)
    s = g.state
    owner = g.decision.player
    hands = [len(p.hand) for p in s.players]
    do(g, "lair_action", choice="scheme")
    assert len(s.draft) == 5
    pickers = []
    while g.decision.kind == "scheme_pick":
        pickers.append(g.decision.player)
        view = g.view(g.decision.player)
        assert view["draft"] == list(s.draft)          # the picker sees the passed cards
        g.apply(g.decision.options[0])
    assert pickers == g.seats_from(owner)
    gained = [len(p.hand) - h for p, h in zip(s.players, hands)]
    assert gained[owner] == 2 and sum(gained) == 5 and s.draft == []


def test_first_strike_takes_a_village_from_any_stockpile():
    g = to_lair(century=5)
    seat = g.decision.player
    do(g, "lair_action", choice="first_strike")
    assert g.decision.kind == "first_strike"
    do(g, "first_strike", region="Slavia")
    assert g.state.players[seat].lair.villages == {"Slavia": 1}


def test_terrify_takes_the_plus_three_counter():
    g = to_lair(century=6)
    seat = g.decision.player
    do(g, "lair_action", choice="terrify")
    assert g.state.markers["terrify"] == seat
