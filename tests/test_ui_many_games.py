"""Nothing piles up in one window (issue "One seat's window onto the game",
item 7; issue "Faults at the edges", item 9): each game left behind used to
keep its autosave thread for good (a few hundred games under a memory limit
ended in "can't start new thread"). A window keeps one autosave thread, for
its live game, and a game it is done with lands its last save and ends its
thread."""
from __future__ import annotations

import gc
import threading
import weakref

from ui_helpers import human_seats, make_app

from app.save_folder import KEEP_AUTOSAVES
from app.save_format import load_session
from app.session import Session
from sprites.app import settle_memory
from sprites.table import cardface


def autosave_threads(before=()):
    """The autosave threads running now (but those of other tests' windows, running ``before``)."""
    return [t for t in threading.enumerate() if t.name == "autosave" and t not in before]


def test_sixty_games_in_one_window_keep_one_autosave_thread(tmp_path):
    others = autosave_threads()
    app = make_app(tmp_path)
    games = []
    for seed in range(60):
        session = Session.new(human_seats(3), seed=seed)
        table = app.start_game(session, handoff=False)
        table.apply(0)                              # a move: this game's autosave writes
        app.pump()
        games.append((session, table.host.autosave_file))
        mine = autosave_threads(others)
        assert len(mine) <= 1, f"{len(mine)} autosave threads after {seed + 1} games"
    for session, name in games[1 - KEEP_AUTOSAVES:-1]:   # left behind, saved before its thread ended (older: pruned)
        assert load_session(str(tmp_path / name)).actions == session.actions
    app.close()
    assert autosave_threads(others) == [], "the window's last game ends its thread when the window closes"


def test_a_table_left_for_the_next_game_is_freed_with_its_game_and_its_card_pictures(tmp_path):
    """The window freezes what lives at its quiet moments out of the collector
    (sprites.app.settle_memory): a cycle through a table, or through its game,
    frozen while the game was on, could never be collected after, and each game
    left behind kept its table, its game and the pictures drawn for it (the
    window grew by 5 MB a game). A table's parts point back at it weakly and a
    decision at its game, so once the next game's table opens the last one goes
    by reference counting alone; and the card faces drawn at the sizes of its
    hands go with it (they piled up, 9-12 MB a game, in sprites.art.cards)."""
    app = make_app(tmp_path)
    session = Session.new(human_seats(3), seed=4)
    table = app.start_game(session, handoff=False)
    for _ in range(6):                              # left mid-game: a decision is waiting
        table.apply(0)
        app.pump()
    assert session.game.decision is not None
    settle_memory()                                 # a quiet moment, as the event loop has them
    cid = table.view["players"][table.seats.viewer]["hand"][0]
    w, h = table.handview.card_size()
    face = cardface.face(table.data, cid, w - 3, h - 3, table.lay.font(16), shown_w=w // 3)
    left = {"table": weakref.ref(table), "host": weakref.ref(table.host), "session": weakref.ref(session),
            "game": weakref.ref(session.game), "a card face drawn for it": weakref.ref(face)}
    del table, session, face
    app.start_game(Session.new(human_seats(3), seed=5), handoff=False)
    app.pump()
    gc.collect()
    alive = [name for name, ref in left.items() if ref() is not None]
    assert alive == [], f"still alive after the next game's table opened: {alive}"
    app.close()


def test_a_game_dropped_before_its_decision_was_worded_is_freed_without_the_collector():
    """The AI's copies of the game: a copy caches its decision, whose sentence is
    worded only when read (drivers never read it); the decision pointed back at
    its game, and the two, frozen out of the collector at a quiet moment while an
    AI dragon thought, outlived the thought. Reference counting alone frees them."""
    session = Session.new(human_seats(3), seed=2)
    copy = session.game.copy()
    decision = copy.decision
    assert decision is not None
    left = weakref.ref(copy)
    gc.collect()
    gc.disable()                                    # only reference counting from here
    try:
        del copy, decision
        assert left() is None, "a game and its decision keep each other alive"
    finally:
        gc.enable()
    words = session.game.decision.prompt            # still worded when read, while the game lives
    assert words and isinstance(words, str)


def test_a_decision_read_after_its_game_is_gone_still_has_its_sentence():
    """A driver may keep a decision longer than the game it came from (a copy made to look
    ahead): its sentence is still there to read, the same as the game's own."""
    session = Session.new(human_seats(3), seed=2)
    kept = session.game.copy().decision             # the copy is gone at once
    assert kept.prompt == session.game.decision.prompt
