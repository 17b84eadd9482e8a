"""Hot-seat privacy at its edges (issue "One seat's window onto the game"):
a replay of an unfinished hot-seat game, and AI dragons playing between two
people. Rulebook, Components: each player's Action Cards are a hand the others
do not see, and "Lair Screens" hide what each dragon stashed; in hot seat the
table itself must keep them apart (nothing one seat saw survives the hand-off)."""
from __future__ import annotations

import random

import pygame

from ui_helpers import DrawnText, DRAGONS, NAMES, click, human_seats, make_app, play_option, redraw

from app.session import Seat, Session
from sprites.scenes.handoff import HandOffScene
from sprites.scenes.table import TableScene


def played(session, steps, seed):
    rng = random.Random(seed)
    for _ in range(steps):
        if session.game.is_over:
            break
        session.apply(rng.choice(session.game.decision.options))
    return session


def hand_titles(session, seat):
    cards = session.game.data.cards
    return {cards[c].title for c in session.game.state.players[seat].hand}


def test_a_replay_of_an_unfinished_hot_seat_game_shows_no_hand_and_no_hidden_lair():
    """Whoever watches the replay could go on playing the game: the replay shows only
    what every player may see (it used to show each deciding player's hand)."""
    session = played(Session.new(human_seats(3), seed=11), 120, 11)
    assert not session.game.is_over
    app = make_app()
    replay = app.show_replay(session)
    shown = 0
    while True:
        view = replay.view
        assert all(p["hand"] is None for p in view["players"]), f"a hand at step {replay.replay.index}"
        assert all(p["lair"] is None for p in view["players"]), f"a lair at step {replay.replay.index}"
        assert replay.hand == [] and not any(n.startswith("hand:") for n in replay.element_names())
        shown += 1
        if replay.replay.at_end:
            break
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, unicode="", mod=0, scancode=0))
        app.pump()
    assert shown == len(session.actions) + 1


def test_a_replay_of_an_unfinished_solo_game_shows_only_the_player_s_own_hand():
    seats = [Seat(NAMES[0], DRAGONS[0])] + [Seat(NAMES[i], DRAGONS[i], "easy") for i in (1, 2)]
    session = played(Session.new(seats, seed=12), 80, 12)
    app = make_app()
    replay = app.show_replay(session)
    for _ in range(len(session.actions)):
        players = replay.view["players"]
        assert players[0]["hand"] is not None and players[1]["hand"] is None and players[2]["hand"] is None
        replay.replay.forward()
        replay.part.step()


def test_a_finished_game_replays_with_the_hand_of_whoever_decides():
    session = Session.new(human_seats(3), seed=13)
    played(session, 10 ** 5, 13)
    assert session.game.is_over
    app = make_app()
    replay = app.show_replay(session)
    seen = set()
    for _ in range(60):
        d = replay.replay.game.decision
        assert replay.view["players"][d.player]["hand"] is not None
        seen.add(d.player)
        replay.replay.forward()
        replay.part.step()
    assert len(seen) > 1


def test_ai_dragons_playing_between_two_people_show_a_table_without_any_hand(monkeypatch):
    """Ash ends a turn, then AI dragons move before Bryn's turn: the table must not keep
    Ash's hand (or lair) on screen meanwhile (Bryn may already be at the computer)."""
    drawn = DrawnText(monkeypatch)
    seats = [Seat("Ash", "Black"), Seat("Cora", "Green", "easy"), Seat("Bryn", "Blue"), Seat("Dain", "Orange", "easy")]
    session = Session.new(seats, seed=21)
    app = make_app()
    table = app.start_game(session, handoff=True)
    rng = random.Random(21)
    neutral = 0
    for _ in range(3000):
        if session.game.is_over or neutral > 12:
            break
        if isinstance(app.scene, HandOffScene):
            click(app, "handoff:confirm")
            continue
        d = session.game.decision
        if session.seats[d.player].is_human:
            play_option(app, table, rng.randrange(len(d.options)))
            continue
        assert app.scene is table
        titles = hand_titles(session, 0) | hand_titles(session, 2)
        drawn.clear()
        redraw(app)
        in_hand = drawn.within(table.lay.hand)
        assert all(p["hand"] is None for p in table.view["players"]), "a hand while the AI dragons move"
        assert all(p["lair"] is None for p in table.view["players"]), "a lair while the AI dragons move"
        assert not [t for t in in_hand if t in titles], f"a person's card while the AI dragons move: {in_hand}"
        assert table.tips.get("lair") == "Your lair." and table.hinted is None
        neutral += 1
        app.pump()
    assert neutral > 12 and isinstance(app.find(TableScene), TableScene)
