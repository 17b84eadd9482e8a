"""Whose eyes a replay shows (issue 39, polish 7): "say whose eyes the replay
shows and let the viewer switch (only among seats the viewer may see)", and "a
solo replay through one seat's eyes never names another seat's face-down
Awakening discard before that seat has chosen". Phase 2: Awakening: "each
player selects 1 card to discard (the discard cannot be a Dragon Hex Card)";
the engine keeps these discards face down until every dragon has chosen (a
house reading, docs/rules-notes.md)."""
from __future__ import annotations

import random

import pygame
from ui_helpers import DRAGONS, NAMES, DrawnText, click, make_app, press, redraw

from app.session import Seat, Session
from game.log_text import log_texts


def solo_session(seed, centuries=2):
    """One person and two AI dragons, played by random moves into ``centuries`` Awakenings, unfinished."""
    seats = [Seat(NAMES[0], DRAGONS[0])] + [Seat(NAMES[i], DRAGONS[i], "easy") for i in (1, 2)]
    session = Session.new(seats, seed=seed)
    rng = random.Random(seed)
    while session.game.state.century <= centuries and not session.game.is_over:
        session.apply(rng.choice(session.game.decision.options))
    assert not session.game.is_over
    return session


def secrets(game):
    """The words that would name another seat's face-down discard, for each one not yet
    shown to all at this position: {seat: [sentences]} (the action's, its log line's)."""
    out = {}
    texts = log_texts(game)
    revealed = [(e["seat"], e["card"]) for e in game.state.log if e["kind"] == "reveals_discard"]
    for e, text in zip(game.state.log, texts):
        if e["kind"] == "sets_aside" and (e["seat"], e["card"]) not in revealed:
            title = game.data.cards[e["card"]].title
            out.setdefault(e["seat"], []).extend([text, f"{game.name(e['seat'])}: Discard {title}"])
    return out


def shown_words(app, scene, drawn):
    """Every word the replay shows now: what it draws, its header, every tooltip."""
    drawn.clear()
    redraw(app)
    tips = [e.tip for e in scene.elements if e.tip]
    return drawn.strings() + list(scene.header()[:2]) + tips


def test_a_solo_replay_never_names_another_seat_s_face_down_discard(monkeypatch):
    drawn = DrawnText(monkeypatch)
    checked = 0
    for seed in (3, 7):
        session = solo_session(seed, centuries=3)
        app = make_app()
        scene = app.show_replay(session)
        assert scene.replay.eyes() == 0
        for _ in range(len(session.actions)):
            press(app, pygame.K_RIGHT)
            hidden = {seat: words for seat, words in secrets(scene.replay.game).items() if seat != 0}
            if not hidden:
                continue
            shown = shown_words(app, scene, drawn)
            for seat, words in hidden.items():
                for secret in words:
                    leaked = [s for s in shown if secret in s]
                    assert not leaked, f"seed {seed}, step {scene.replay.index}: {leaked} names {secret!r}"
            checked += 1
    assert checked >= 6, "the replays went through Awakenings with hidden discards"


def test_the_step_line_keeps_another_seat_s_hidden_choice_hidden():
    """The header's line of the last step names what the eyes shown may see: another seat's
    face-down discard is "a choice only Bryn sees"; the seat's own is named."""
    session = solo_session(5, centuries=1)
    app = make_app()
    scene = app.show_replay(session)
    own = other = None
    for _ in range(len(session.actions)):
        press(app, pygame.K_RIGHT)
        last = scene.replay.record.last_step
        if last.action.kind == "discard" and scene.replay.game.state.players[last.seat].face_down:
            if last.seat == 0:
                own = scene.header()[1]
            elif other is None:
                other = scene.header()[1]
    assert own and "Ash: Discard " in own
    assert other and "a choice only" in other and ": Discard " not in other


def finished_session(kinds):
    seats = [Seat(NAMES[i], DRAGONS[i], kind) for i, kind in enumerate(kinds)]
    session = Session.new(seats, seed=2)
    rng = random.Random(2)
    while not session.game.is_over:
        session.apply(rng.choice(session.game.decision.options))
    return session


def eyes_label(app, scene, drawn):
    drawn.clear()
    redraw(app)
    return next(s for s in drawn.strings() if s.startswith("Eyes:"))


def test_the_replay_says_whose_eyes_it_shows_and_switches_only_where_it_may(monkeypatch):
    """A finished game: any seat's eyes, or whoever decides, and the button says which. An
    unfinished solo game: the player's own eyes only; an unfinished hot-seat game: only what
    everyone may see. There the button says whose eyes and why they cannot change."""
    drawn = DrawnText(monkeypatch)
    app = make_app()
    scene = app.show_replay(finished_session(("human", "human", "easy")))
    for _ in range(20):
        press(app, pygame.K_RIGHT)
    decider = scene.replay.eyes()
    assert eyes_label(app, scene, drawn) == f"Eyes: {NAMES[decider]} (deciding)"
    seen = []
    for _ in range(4):
        click(app, "replay:eyes")
        seen.append(eyes_label(app, scene, drawn))
        assert scene.view["seat"] == scene.replay.eyes()
    assert seen == ["Eyes: Ash", "Eyes: Bryn", "Eyes: Cora", f"Eyes: {NAMES[scene.replay.eyes()]} (deciding)"]

    scene = app.show_replay(solo_session(4, centuries=1))
    assert eyes_label(app, scene, drawn) == "Eyes: Ash"
    click(app, "replay:eyes")
    press(app, pygame.K_e)
    assert scene.replay.eyes() == 0 and scene.replay.followed is None, "no other seat's eyes"
    assert "not over" in scene.element("replay:eyes").tip and "Ash's eyes only" in scene.toast[0]

    hot = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue"), Seat("Cora", "Green", "easy")], seed=2)
    rng = random.Random(2)
    for _ in range(40):
        hot.apply(rng.choice(hot.game.decision.options))
    scene = app.show_replay(hot)
    assert eyes_label(app, scene, drawn) == "Eyes: everyone's"
    click(app, "replay:eyes")
    assert scene.replay.eyes() is None and all(p["hand"] is None for p in scene.view["players"])
    assert "what everyone may see" in scene.element("replay:eyes").tip


def test_a_replay_shows_no_action_button_nobody_can_use_from_it(monkeypatch):
    """The table's buttons for action kinds (Divination, Consume Noble, Lick Wounds) are a
    player's, to play with: a replay, through any eyes, leaves them out (a playtest saw all
    three beside the hand of a replay, where a click on them could only be refused)."""
    session = solo_session(5, centuries=1)
    app = make_app()
    scene = app.show_replay(session)
    kinds = [f"button:{k}" for k in scene.host.table["buttons"]]
    labels = [b["label"] for b in scene.host.table["buttons"].values()]
    assert kinds and labels
    drawn = DrawnText(monkeypatch)
    for _ in range(3):
        press(app, pygame.K_RIGHT)
        drawn.clear()
        redraw(app)
        assert not set(kinds) & set(scene.element_names()), scene.element_names()
        assert not set(labels) & set(drawn.strings())
        assert "replay:play" in scene.element_names() and "button:menu" in scene.element_names()
    app.close()


def test_the_replay_s_buttons_stay_where_they_are_as_the_eyes_change(monkeypatch):
    """A playtest: "Eyes: Bryn (deciding)" and "Eyes: Ash" differ in width, so Forward moved
    by 58 px between two steps and a click in the same place could hit Play."""
    seats = [Seat(NAMES[0], DRAGONS[0])] + [Seat(NAMES[i], DRAGONS[i], "easy") for i in (1, 2)]
    session = Session.new(seats, seed=5)
    rng = random.Random(5)
    while not session.game.is_over:             # a finished game: its replay follows whoever decides
        session.apply(rng.choice(session.game.decision.options))
    app = make_app()
    scene = app.show_replay(session)
    bar = scene.part
    where, labels = set(), set()
    for _ in range(30):
        press(app, pygame.K_RIGHT)
        rects = bar.rects()
        labels.add(bar.eyes_label())
        where.add(tuple((name, tuple(r)) for name, r in sorted(rects.items())))
    assert len(labels) > 1                      # (the eyes changed: Bryn deciding, Ash, ...)
    assert len(where) == 1, "a button of the replay's bar moved"
    app.close()


def test_a_replay_s_standings_name_the_seat_shown_not_you(monkeypatch):
    """A playtest: a replay's Standings said "1. Zed (you)" and "As Zed knows it: your lair
    exactly" to someone who never played, while its Dragons panel said "Zed (shown)"."""
    session = solo_session(5, centuries=1)
    app = make_app()
    scene = app.show_replay(session)
    for _ in range(20):
        press(app, pygame.K_RIGHT)
    drawn = DrawnText(monkeypatch)
    press(app, pygame.K_v)
    assert scene.standings.open
    redraw(app)
    said = drawn.strings()
    name = scene.seats.name(scene.replay.eyes())
    assert any(s.startswith(f"As {name} knows it: {name}'s lair exactly") for s in said), said
    assert not [s for s in said if "(you)" in s or "your lair" in s]
    assert any(s.endswith(f"{name} (shown)") for s in said), said
    app.close()
