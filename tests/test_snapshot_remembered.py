"""What a seat's snapshot remembers from one move to the next (issue 37: the server's work per move),
checked against working it out afresh at every step of whole games.

- ``view.boards`` gives a part of the board equal to the last call's as that very object (a server's
  patch passes over it at once);
- "since your last turn" remembers each dragon's line by the very events it tells and its name;
- the flights start from the copies the options' previews played the moves in;
- ``protocol.diff`` passes over a part that is the very object it was.

A fresh copy of the game (``copy(keep_log=True)``) remembers nothing: its snapshots are what
working everything out afresh gives, and they must read the same, byte for byte.
"""
from __future__ import annotations

import copy
import json
import random

import pytest

from game import new_game
from game.routes import flights
from game.snapshot import flight, seat_snapshots
from game.summary import since_last_turn
from game.view import boards
from wire import protocol

GAMES = [(2, "standard"), (3, "strategist"), (4, "desolation"), (5, "standard"), (6, "strategist+desolation")]
RENAMED_AT = (40, 41, 120)              # steps after which a seat gets a new name (as a friend takes it online)


def plain_diff(old, new):
    """The patch as protocol.diff gave it before it passed over shared parts: compared by value only."""
    if type(old) is type(new) and old == new:
        return None
    if type(old) is dict and type(new) is dict:
        changed = {}
        for k, v in new.items():
            if k not in old:
                changed[k] = ["=", v]
            else:
                p = plain_diff(old[k], v)
                if p is not None:
                    changed[k] = p
        return ["{", changed, [k for k in old if k not in new]]
    if type(old) is list and type(new) is list and old and new:
        common = min(len(old), len(new))
        changed = {}
        for i in range(common):
            p = plain_diff(old[i], new[i])
            if p is not None:
                changed[str(i)] = p
        return ["[", common, changed, new[common:]]
    return ["=", new]


@pytest.mark.slow
@pytest.mark.parametrize("players,variant", GAMES)
def test_remembered_parts_of_snapshots_are_the_ones_worked_out_afresh(players, variant):
    g = new_game(players, seed=70 + players, variant=variant)
    rng = random.Random(players)
    seats = list(range(players)) + [None]
    last, kept, steps, shared = {}, [], 0, 0
    while not g.is_over:
        if steps in RENAMED_AT:
            g.rename(steps % players, f"Friend {steps}")
        snaps = seat_snapshots(g, seats, since=None, standings=False)       # as the server asks
        fresh = seat_snapshots(g.copy(keep_log=True), seats, since=None, standings=False)
        text = json.dumps(snaps)
        assert text == json.dumps(fresh), f"step {steps}: a remembered part is not what is worked out afresh"
        kept.append((snaps, text))
        decider = g.decision.player
        d = snaps[decider]["decision"]
        assert d["flights"] == {region: flight(g, way) for region, way in flights(g).items()}, steps
        full = boards(g, seats)
        for seat in seats:
            assert list(snaps[seat]["board"].items()) == [(k, v) for k, v in full[seat].items() if k != "decision"]
        seen = {}
        for seat in seats:
            if seat in last:
                p = protocol.diff(last[seat], snaps[seat], seen)
                assert p == plain_diff(last[seat], snaps[seat]), (steps, seat)
                assert protocol.patch(last[seat], p) == snaps[seat] if p is not None else last[seat] == snaps[seat]
                before, now = last[seat]["board"]["players"], snaps[seat]["board"]["players"]
                shared += any(was is entry for was, entry in zip(before, now))
            last[seat] = snaps[seat]
        g.apply(rng.choice(g.decision.options))
        steps += 1
    assert shared > steps                          # the boards did share the parts that stayed the same
    for snaps, text in kept:
        assert json.dumps(snaps) == text, "a later move changed a snapshot given before it"


def test_a_renamed_dragon_is_named_anew_since_the_last_turn():
    """The lines are remembered by the dragon's name too: a seat taken online by a friend gets a new
    name, and every summary that tells what that dragon did says the new one at once."""
    g = new_game(3, seed=5)
    rng = random.Random(5)
    while True:
        g.apply(rng.choice(g.decision.options))
        lines = since_last_turn(g, 0)
        told = [line for seat, line in lines if seat == 1]
        if told:
            break
    before = copy.deepcopy(lines)
    assert told[0].startswith(g.name(1))
    g.rename(1, "Friend")
    told = [line for seat, line in since_last_turn(g, 0) if seat == 1]
    assert told[0].startswith("Friend: ")
    assert since_last_turn(g.copy(keep_log=True), 0) == since_last_turn(g, 0) != before


@pytest.mark.slow
@pytest.mark.parametrize("players,variant", [(2, "standard"), (4, "desolation"), (5, "strategist")])
def test_the_decider_is_the_decisions_player_without_its_options(players, variant):
    """Game.decider (a preview asks it of every option's copy, and works out the options of
    the next decision only when they are its chooser's own) is ``decision.player``, or None once
    the game is over, in every position of whole games and after every option."""
    g = new_game(players, seed=80 + players, variant=variant)
    rng = random.Random(players)
    while not g.is_over:
        assert g.decider == g.decision.player
        for a in g.decision.options:
            after = g.copy()
            after.apply(a)
            assert after.decider == (after.decision.player if after.decision is not None else None)
        g.apply(rng.choice(g.decision.options))
    assert g.decider is None and g.decision is None


@pytest.mark.slow
@pytest.mark.parametrize("players,variant", [(3, "strategist"), (4, "desolation"), (6, "standard")])
def test_no_place_of_a_board_holds_two_kinds_of_number(players, variant):
    """The boards keep a part that is equal (==) to the last one's; True == 1 and 1 == 1.0 in Python,
    but not in JSON. No place of a board (a key's path, list items alike) ever holds two of bool, int
    and float, so an equal part always reads the same on the wire."""
    kinds = {}

    def walk(x, path):
        if type(x) is dict:
            for k, v in x.items():
                walk(v, path + (k,))
        elif type(x) is list:
            for v in x:
                walk(v, path + ("[]",))
        elif type(x) in (bool, int, float):
            kinds.setdefault(path, set()).add(type(x))

    g = new_game(players, seed=90 + players, variant=variant)
    rng = random.Random(players)
    while True:
        for board in boards(g, list(range(players)) + [None]).values():
            walk(board, ())
        if g.is_over:
            break
        g.apply(rng.choice(g.decision.options))
    assert len(kinds) > 50
    assert not {path: k for path, k in kinds.items() if len(k) > 1}
