"""Undo: exact, within the current player's own turn, never across a reveal
(a card drawn, a reshuffle, the deck's next back, the RNG) nor another
player's action."""
import random

import pytest
from save_helpers import new_session

from game.actions import Action


def play_checking_undo(n, seed, variant="standard"):
    """Random game; after every action check what undo allows and does."""
    s = new_session(n, seed, variant, kind="human")
    rng = random.Random(seed)
    before = []            # to_dict() before each action
    undone = chains = 0
    while not s.game.is_over:
        d = s.game.decision
        before.append((s.game.to_dict(), d.player))
        s.apply(rng.choice(d.options))
        after = s.game.to_dict()
        if not s.can_undo():
            continue
        # Nothing hidden came out and the same player is still in the same turn.
        prev, seat = before[-1]
        assert s.game.decision.player == seat
        for key in ("rng", "deck", "century", "phase", "cursor"):
            assert prev[key] == after[key], key
        # Undo restores exactly the earlier state; redoing gives the later one.
        a = s.actions[-1]
        assert s.undo() == a
        assert s.game.to_dict() == prev
        undone += 1
        s.apply(a)
        assert s.game.to_dict() == after and s.can_undo()
        if rng.random() < 0.2:          # undo the whole run back to the turn's start, then redo it
            start = s.undo_turn_start()
            redo = s.actions[start:]
            while s.can_undo():
                s.undo()
                assert s.game.to_dict() == before[len(s.actions)][0]
            assert len(s.actions) == start
            for a in redo:
                s.apply(a)
            assert s.game.to_dict() == after
            chains += 1
    return s, undone, chains


@pytest.mark.parametrize("n,seed,variant", [(2, 1, "standard"), (3, 2, "strategist"), (4, 3, "desolation"),
                                            (6, 5, "strategist+desolation")])
@pytest.mark.slow
def test_undo_is_exact_and_stays_in_the_turn(n, seed, variant):
    s, undone, chains = play_checking_undo(n, seed, variant)
    assert undone > 5 and chains > 0


def setup_to_attack(seed=7):
    """A 3-player session at the first attack turn."""
    s = new_session(3, seed, kind="human")
    rng = random.Random(seed)
    while s.game.decision.kind != "attack_turn":
        s.apply(rng.choice(s.game.decision.options))
    return s


def test_no_undo_before_any_action_or_of_another_players_action():
    s = new_session(2, 1, kind="human")
    assert not s.can_undo()
    with pytest.raises(ValueError):
        s.undo()
    seat = s.game.decision.player
    s.apply(s.game.decision.options[0])      # setup discard: the turn passes on
    assert s.game.decision.player != seat and not s.can_undo()


def test_end_turn_cannot_be_undone_by_the_next_player():
    s = setup_to_attack()
    seat = s.game.decision.player
    s.apply(Action("end_turn"))
    assert s.game.decision.player != seat
    assert not s.can_undo()


def test_drawing_cards_is_a_barrier():
    """Divination draws two cards: it cannot be taken back, even when actions
    before it in the same turn could; the discard that follows can be undone
    only back to just after the draw."""
    found = 0
    for seed in range(1, 60):
        s = new_session(3, seed, kind="human")
        rng = random.Random(seed)
        while not s.game.is_over:
            options = s.game.decision.options
            if Action("divination") in options and s.can_undo():
                seat = s.game.decision.player
                s.apply(Action("divination"))
                assert not s.can_undo()
                assert s.game.decision.kind == "discard" and s.game.decision.player == seat
                s.apply(s.game.decision.options[0])
                assert s.can_undo()
                s.undo()
                assert s.game.decision.kind == "discard" and not s.can_undo()
                found += 1
                break
            s.apply(rng.choice(options))
        if found >= 3:
            break
    assert found >= 3


def undoable_session():
    """A session right after an undoable action."""
    for seed in range(1, 50):
        s = new_session(3, seed, kind="human")
        rng = random.Random(seed)
        while not s.game.is_over:
            s.apply(rng.choice(s.game.decision.options))
            if s.can_undo():
                return s
    raise AssertionError("no undoable action in 50 games")


def test_undo_notifies_listeners():
    s = undoable_session()
    calls = []
    s.listeners.append(lambda session: calls.append(len(session.actions)))
    n = len(s.actions)
    s.undo()
    s.apply(s.game.decision.options[0])
    assert calls == [n - 1, n]


def test_ai_seats_never_undo():
    s = undoable_session()
    seat = s.game.decision.player
    s.seats[seat].kind = "normal"
    assert not s.can_undo()
    s.seats[seat].kind = "human"
    assert s.can_undo()


def test_refused_undo_says_why_and_options_say_whether_they_can_be_undone():
    """The table asks the engine why Undo is refused and, before a spending
    click, whether undo could take it back (house rule: undo never crosses a
    point where hidden information came out)."""
    s = new_session(2, 1, kind="human")
    assert s.why_no_undo() == "nothing has been played yet"
    s.apply(s.game.decision.options[0])              # setup discard: the other player decides now
    assert "last move was" in s.why_no_undo()
    s = setup_to_attack()
    end = Action("end_turn")
    assert not s.would_be_undoable(end)              # the turn passes on
    for seed in range(1, 60):
        s = new_session(3, seed, kind="human")
        rng = random.Random(seed)
        while not s.game.is_over and Action("divination") not in s.game.decision.options:
            s.apply(rng.choice(s.game.decision.options))
        if s.game.is_over:
            continue
        divination = Action("divination")
        assert not s.would_be_undoable(divination)   # it draws two cards
        before = s.game.to_dict()
        s.apply(divination)
        assert s.why_no_undo().startswith("a card was drawn")
        moves = [a for a in s.game.decision.options if a.kind == "discard"]
        assert s.would_be_undoable(moves[0]) and s.game.to_dict() != before   # asking changes nothing
        return
    raise AssertionError("nobody could use Divination")
