"""One seat's window onto the game (game.snapshot): plain data that holds
nothing the seat may not know.

Rulebook, Components and Setup: each player keeps a hand of Action Cards and
"Lair Screens" hide what each dragon has stashed; The Strategist's variant
lifts the screens. House rules: the Scheme cards are seen only by the player
choosing among them. A seat's snapshot therefore holds no card whose place it
cannot know (another hand, the deck, a draft it does not choose from), no
hidden lair, no other seat's private log line, and never the seed or the
generator's state (whoever knew them would know the deck's order).
"""
import json
import random

import pytest

from game import new_game
from game.events import is_public, visible_to
from game.snapshot import seat_snapshot
from game.view import sees, unseen_cards

SEEDS = (1234567891, 2718281828, 3141592653, 1618033988)
GAMES = [(2, "standard"), (3, "strategist"), (4, "desolation"), (5, "standard"), (6, "strategist+desolation")]


def publicly_seen(g):
    """Cards that some public log line named (played, taken from the track, discarded, ...)."""
    seen = set()
    for e in g.state.log:
        if is_public(e):
            for key in ("card", "cards"):
                value = e.get(key)
                seen.update([value] if isinstance(value, str) else value or [])
    return seen


def words_in(snapshot_json):
    """Every string and number of a JSON text, as the text holds them."""
    out = set()

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                out.add(k)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        else:
            out.add(x)
    walk(json.loads(snapshot_json))
    return out


def check(g, seat, seed, cursor):
    snap = seat_snapshot(g, seat, since=cursor)
    text = json.dumps(snap)                      # plain data, or this raises
    words = words_in(text)
    secret = set(unseen_cards(g, seat)) - publicly_seen(g)
    if seat is not None:
        secret -= set(g.state.players[seat].hand)
    leaked = secret & words
    assert not leaked, f"seat {seat} sees {sorted(leaked)[:3]} in its snapshot"
    assert seed not in words and str(seed) not in text, "the seed reached a snapshot"
    assert g.rng.state not in words and str(g.rng.state) not in text, "the generator's state reached a snapshot"
    for p, shown in zip(g.state.players, snap["board"]["players"]):
        if not sees(g, seat, "hand", p.seat):
            assert shown["hand"] is None
        if not sees(g, seat, "lair", p.seat):
            assert shown["lair"] is None and shown["lair_rv"] is None
    assert all(visible_to(e["event"], seat) for e in snap["events"]), "another seat's private line"
    assert snap["turn_order"] == seat_snapshot(g, None, since=None)["turn_order"], "the turn order is public"
    d = snap["decision"]
    if d is not None and d["player"] != seat:
        assert set(d) == {"player", "kind", "prompt", "mine"}, "another seat's options reached a snapshot"
    return snap["log_size"]


@pytest.mark.slow
@pytest.mark.parametrize("players,variant", GAMES)
def test_no_snapshot_holds_what_its_seat_may_not_know(players, variant):
    seed = SEEDS[players % len(SEEDS)]
    g = new_game(players, seed=seed, variant=variant)
    rng = random.Random(players)
    cursors = {s: 0 for s in list(range(players)) + [None]}
    steps = 0
    while not g.is_over and steps < 400:
        for seat in cursors:
            cursors[seat] = check(g, seat, seed, cursors[seat] if steps % 7 else 0)
        g.apply(rng.choice(g.decision.options))
        steps += 1
    assert g.is_over or steps == 400


def test_the_deciding_seat_gets_every_option_with_its_words_touches_and_preview():
    g = new_game(4, seed=5)
    rng = random.Random(5)
    while not (g.decision.kind == "attack_turn" and len(g.decision.options) > 3):
        g.apply(rng.choice(g.decision.options))
    d = g.decision
    snap = seat_snapshot(g, d.player)
    options = snap["decision"]["options"]
    assert [o["action"] for o in options] == [a.to_dict() for a in d.options]
    assert [o["text"] for o in options] == [g.describe(a) for a in d.options]
    end = next(o for o in options if o["action"]["kind"] == "end_turn")
    assert end["button"] == "End Turn" and end["preview"]["returns"] is not None
    others = seat_snapshot(g, (d.player + 1) % 4)["decision"]
    assert others == {"player": d.player, "kind": d.kind, "prompt": d.prompt, "mine": False}


def test_log_lines_come_with_their_place_so_a_table_asks_only_for_new_ones():
    g = new_game(3, seed=8)
    rng = random.Random(8)
    for _ in range(30):
        g.apply(rng.choice(g.decision.options))
    whole = seat_snapshot(g, 0)
    assert [e["seq"] for e in whole["events"]] == sorted(e["seq"] for e in whole["events"])
    for _ in range(5):
        g.apply(rng.choice(g.decision.options))
    later = seat_snapshot(g, 0, since=whole["log_size"])
    assert later["events"] and all(e["seq"] >= whole["log_size"] for e in later["events"])
    again = seat_snapshot(g, 0)
    assert [e for e in again["events"] if e["seq"] >= whole["log_size"]] == later["events"]
    assert seat_snapshot(g, 0, since=None)["events"] == []


def test_the_turn_order_is_the_phases_from_its_marker_and_says_who_is_next():
    """Phase 3: Lair: "Beginning with the player that possesses the First Lair Action marker,
    players take turns selecting a benefit ... Selection continues to the left around the game
    board." Phase 4: Attack: "Beginning with the player that has the First Attack Action marker
    and proceeding to the left"."""
    g = new_game(4, seed=3)
    rng = random.Random(3)
    seen, first = set(), {}
    while not g.is_over and len(seen) < 2:
        d = g.decision
        t = seat_snapshot(g, None, since=None)["turn_order"]
        phase = g.state.phase
        if phase in ("lair", "attack") and d.kind in ("lair_action", "attack_turn"):
            marker = {"lair": "first_lair", "attack": "first_attack"}[phase]
            if not t["done"]:                      # (the First Lair marker may change hands in the phase)
                first[phase] = g.state.markers[marker]
            assert t["order"] == g.seats_from(first[phase]) and t["marker"] == marker
            k = t["order"].index(d.player)
            assert t["now"] == d.player and t["done"] == t["order"][:k] and t["ahead"] == t["order"][k + 1:]
            seen.add(phase)
        g.apply(rng.choice(d.options))
    assert seen == {"lair", "attack"}


def test_what_is_still_open_says_nothing_of_a_hidden_lair():
    """The last century's goals (game.goals) come from the seat's own lair and what was taken in
    the open: another seat's lair may hold anything, they stay the same."""
    g = new_game(4, seed=21)
    rng = random.Random(21)
    while g.state.century < g.data.setup["centuries"]:
        g.apply(rng.choice(g.decision.options))
    for seat in range(4):
        before = seat_snapshot(g, seat, since=None)["goals"]
        assert before is not None and before["text"].startswith("Last century")
        other = g.copy(keep_log=True)
        a, b = [p for p in other.state.players if p.seat != seat][:2]
        a.lair.res["gold"] += 3
        a.lair.add_piece("city", "Gallia", 2)
        b.lair.res, a.lair.res = a.lair.res, b.lair.res
        assert seat_snapshot(other, seat, since=None)["goals"] == before
    assert seat_snapshot(g, None, since=None)["goals"] is None


def _shared_objects(snap, g):
    """The lists and dicts the snapshot holds that the game holds too (by identity)."""
    mine = {}

    def walk(x):
        if isinstance(x, (dict, list)):
            mine[id(x)] = x
            for v in (x.values() if isinstance(x, dict) else x):
                walk(v)
    walk(snap)
    shared = []

    def walk_state(x, seen):
        if id(x) in seen:
            return
        seen.add(id(x))
        if isinstance(x, (dict, list)) and id(x) in mine:
            shared.append(x)
        if isinstance(x, dict):
            items = x.values()
        elif isinstance(x, (list, tuple, set, frozenset)):
            items = x
        elif hasattr(x, "__dict__"):
            items = vars(x).values()
        elif hasattr(x, "__slots__"):
            items = [getattr(x, s) for s in x.__slots__ if hasattr(x, s)]
        else:
            return
        for v in items:
            walk_state(v, seen)
    walk_state(g.state, set())
    return shared


@pytest.mark.slow
@pytest.mark.parametrize("players,variant", GAMES)
def test_a_snapshot_is_json_as_it_is_and_its_own_copy(players, variant):
    """The online server keeps the last snapshot it sent each seat and sends the difference to the
    next one: a snapshot must read back from JSON as it is (no tuple, no number as a key), and hold
    no list or dict of the game's, which a later move would change under it."""
    g = new_game(players, seed=SEEDS[players % len(SEEDS)], variant=variant)
    rng = random.Random(players + 10)
    kept = []
    steps = 0
    while not g.is_over and steps < 300:
        seat = rng.choice(list(range(players)) + [None])
        snap = seat_snapshot(g, seat, since=0 if steps % 5 == 0 else None)
        assert json.loads(json.dumps(snap)) == snap, f"step {steps}: the snapshot is not JSON as it is"
        assert not _shared_objects(snap, g), f"step {steps}: the snapshot holds the game's own objects"
        kept.append((snap, json.dumps(snap, sort_keys=True)))
        g.apply(rng.choice(g.decision.options))
        steps += 1
    for snap, text in kept:
        assert json.dumps(snap, sort_keys=True) == text, "a later move changed a snapshot taken before it"
