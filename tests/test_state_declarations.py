"""State fields are declared once (game/state.py: type, turn reset, hidden,
AI signature); the AI's copy and signature, the turn reset, the save check
and what a seat may see are derived from those declarations."""
import copy
import random

import pytest

from game import new_game
from game.ai.determinize import determinize
from game.ai.planner import signature
from app.save_format import Invalid, session_document, session_from_document
from game.state import GameState, PlayerState, RegionState, declarations, reset_turn
from game.view import sees, unseen_cards
from save_helpers import new_session, play_random

CLASSES = (GameState, PlayerState, RegionState)


def mid_turn_game(seed=3):
    """A 4-player game in the middle of an attack turn, with loot on the Dragon Card."""
    g = new_game(4, seed=seed)
    rng = random.Random(seed)
    while True:
        d = g.decision
        if d.kind == "attack_turn" and g.state.century == 2 and g.state.players[d.player].feat_resources:
            return g
        g.apply(rng.choice(d.options))


@pytest.mark.parametrize("cls", CLASSES)
def test_every_field_says_whether_it_is_part_of_the_ai_signature(cls):
    for name, meta in declarations(cls):
        assert meta["type"], name
        assert (meta["sig"] is None) != (meta["why_not"] is None), \
            f"{cls.__name__}.{name}: declare sig=... or why_not=... (exactly one)"


def test_the_signature_tells_apart_positions_that_differ_in_any_declared_field():
    g = mid_turn_game()
    seat = g.decision.player
    base = signature(g, seat)
    changed = {"value": lambda v: (not v) if isinstance(v, bool) else ("Atlantis" if isinstance(v, str) else v + 1),
               "seq": lambda v: list(v) + [v[0] if v else 1], "sorted": lambda v: list(v) + ["x"],
               "values": lambda d: {**d, next(iter(d)): next(iter(d.values())) + 1},
               "gained": lambda d: {**d, "Gallia": ["gold"] + d.get("Gallia", [])}}
    for name, meta in declarations(PlayerState):
        if meta["sig"] in changed:
            c = g.copy()
            p = c.state.players[seat]
            setattr(p, name, changed[meta["sig"]](getattr(p, name)))
            assert signature(c, seat) != base, f"PlayerState.{name} is declared part of the signature"
    c = g.copy()
    c.state.players[seat].card.add_piece("village", "Gallia")
    assert signature(c, seat) != base
    c = g.copy()
    c.state.regions[2].villages += 1
    assert signature(c, seat) != base
    c = g.copy()
    c.state.players[seat].lair.res["gold"] += 5          # declared outside, with its reason
    assert signature(c, seat) == base


def test_the_copy_copies_every_field_that_can_change():
    g = mid_turn_game()
    c = g.copy()
    for cls, pairs in ((GameState, [(g.state, c.state)]),
                       (PlayerState, list(zip(g.state.players, c.state.players))),
                       (RegionState, list(zip(g.state.regions, c.state.regions)))):
        for original, copied in pairs:
            for name, _ in declarations(cls):
                a, b = getattr(original, name), getattr(copied, name)
                if name == "log":
                    assert b == []              # search never reads the log
                elif isinstance(a, (list, dict)) or hasattr(a, "__dict__"):
                    assert a is not b, f"{cls.__name__}.{name} is shared with the copy"
    assert c.to_dict() | {"log": []} == g.to_dict() | {"log": []}


def other(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 5
    if isinstance(value, list):
        return value + ["x"]
    if isinstance(value, dict):
        return {**value, "Gallia": ["gold"]}
    return value


def test_the_turn_reset_is_the_declared_one():
    p = PlayerState(seat=0, dragon="Red", name="Red", life=3)
    fresh = copy.deepcopy(p)
    for name, meta in declarations(PlayerState):
        setattr(p, name, other(getattr(p, name)))
    reset_turn(p)
    for name, meta in declarations(PlayerState):
        if meta["turn"]:
            assert getattr(p, name) == getattr(fresh, name), name
    assert p.life == 8 and p.hand == ["x"] and p.wings_used == 5      # not turn fields: kept


@pytest.fixture(scope="module")
def saved_doc():
    s = new_session(4, 5, "standard")
    play_random(s, 5, steps=90)
    return session_document(s, "declared")


def test_the_save_check_checks_every_declared_field(saved_doc):
    """A value of the wrong kind in any declared field is refused, naming the field."""
    places = [("state", GameState, lambda d: d["state"]),
              ("state.players[1]", PlayerState, lambda d: d["state"]["players"][1]),
              ("state.regions[3]", RegionState, lambda d: d["state"]["regions"][3])]
    for where, cls, get in places:
        for name, _ in declarations(cls):
            doc = copy.deepcopy(saved_doc)
            get(doc)[name] = {"?": []}
            with pytest.raises(Invalid) as err:
                session_from_document(doc)
            assert str(err.value).startswith(f"{where}.{name}"), (name, str(err.value))


@pytest.mark.parametrize("variant", ["standard", "strategist"])
@pytest.mark.parametrize("where", ["mid-game", "face-down discards"])
def test_what_a_seat_may_see_is_one_definition(variant, where):
    """The view shows a seat exactly the cards the AI's determinisation keeps;
    everything else is what it resamples (plus Dragon Hex Cards, known to all).
    Also while some discards of the Awakening lie face down."""
    g = new_game(4, seed=9, variant=variant)
    rng = random.Random(9)
    for _ in range(120):
        g.apply(rng.choice(g.decision.options))
    if where == "face-down discards":
        while not (g.state.phase == "awakening" and g.state.cursor == 3):
            g.apply(rng.choice(g.decision.options))
    s = g.state
    for seat in range(4):
        v = g.view(seat)
        shown = list(v["track"]) + list(v["discard"]) + list(v["draft"] or [])
        for p in v["players"]:
            shown += (p["hand"] or []) + (p["face_down"] or []) + p["played"] + p["hex_out"]
        hexes_in_hidden_hands = [c for p in s.players if p.seat != seat for c in p.hand if g.cards[c].is_hex]
        everything = list(s.deck) + list(s.discard) + list(s.track) + list(s.draft)
        for p in s.players:
            everything += p.hand + p.face_down + p.played + p.hex_out
        assert sorted(shown + hexes_in_hidden_hands + unseen_cards(g, seat)) == sorted(everything)
        assert all((p["lair"] is not None) == sees(g, seat, "lair", p["seat"]) for p in v["players"])
        d = determinize(g, seat, random.Random(1))
        for p, q in zip(s.players, d.state.players):
            if sees(g, seat, "lair", p.seat):
                assert q.lair == p.lair
            if sees(g, seat, "hand", p.seat):
                assert q.hand == p.hand and q.face_down == p.face_down
            else:
                assert len(q.face_down) == len(p.face_down)
        if where == "face-down discards":
            assert sum(len(p.face_down) for p in s.players) == 2
