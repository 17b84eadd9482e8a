"""Never lose a game, and the title screen remembers (issue 8, points 6 and
16): each game autosaves under its own name and shows under Recent games;
leaving a game in progress or replacing a save asks first; the seat setup,
Speed and window size are remembered in a validated settings file."""
from __future__ import annotations

import argparse
import os

import pytest
from ui_helpers import DrawnText, click, leave_to_title, make_app, play_option, press, redraw

import pygame

from app.session import Seat, Session
from sprites.scenes.handoff import HandOffScene
from sprites.scenes.table import TableScene
from sprites.scenes.title import TitleScene


def seats(n, kinds=None):
    return [Seat(x, d, k) for x, d, k in zip(["Ash", "Bryn", "Cora"], ["Black", "Blue", "Green"],
                                             kinds or ["human"] * n)][:n]


def to_table(app):
    if isinstance(app.scene, HandOffScene):
        click(app, "handoff:confirm")
    assert isinstance(app.scene, TableScene)
    return app.scene


def play(app, n):
    """n moves on the table: the humans' by clicks, the AI dragons' on their own."""
    table = to_table(app)
    for _ in range(n):
        before = len(table.host.session.actions)
        d = table.host.session.game.decision
        if table.host.session.seats[d.player].is_human:
            play_option(app, table, 0)
        while len(table.host.session.actions) == before:
            app.pump()
        to_table(app)


def autosaves(folder):
    return sorted(f for f in os.listdir(folder) if f.startswith("autosave"))


def test_no_title_screen_action_loses_a_game(tmp_path, monkeypatch):
    """Point 6: two games keep two autosaves; Start, Load and Recent games ask before
    leaving a game in progress; Recent games shows date, seats, century and variant."""
    drawn = DrawnText(monkeypatch)
    app = make_app(tmp_path)
    first = Session.new(seats(3), seed=5, variant="strategist")
    table = app.start_game(first, handoff=False)
    for _ in range(8):
        play_option(app, table, 0)
    leave_to_title(app)
    assert isinstance(app.scene, TitleScene)
    click(app, "button:start")
    assert isinstance(app.scene, TitleScene), "Start over a game in progress must ask first"
    press(app, pygame.K_ESCAPE)                        # "Back": nothing happened
    assert isinstance(app.scene, TitleScene) and app.scene.current is table
    click(app, "button:start")
    click(app, "question:yes")
    second = to_table(app).host.session
    assert second is not first
    play(app, 4)
    app.flush_saves()
    assert len(autosaves(tmp_path)) == 2, "each game autosaves under its own name"

    leave_to_title(app)
    title = app.scene
    drawn.clear()
    redraw(app)
    listed = drawn.joined()
    assert "RECENT GAMES" in listed
    assert "Ash, Bryn, Cora" in listed and "The Strategist" in listed and "century 1 of 6" in listed
    older = next(i for i, info in enumerate(title.recent) if info.facts["actions"] == len(first.actions))
    click(app, f"recent:{older}")
    assert isinstance(app.scene, TitleScene), "continuing another game asks first"
    click(app, "question:yes")
    resumed = to_table(app).host.session
    assert resumed.actions == first.actions and resumed.variant == "strategist"
    play(app, 1)                                         # it goes on in its own file
    app.flush_saves()
    assert len(autosaves(tmp_path)) == 2
    leave_to_title(app)
    click(app, "button:load")
    assert app.scene.loading
    click(app, "load:0")
    assert isinstance(app.scene, TitleScene), "loading over a game in progress asks first"
    press(app, pygame.K_ESCAPE)
    click(app, "button:continue")
    assert isinstance(app.scene, HandOffScene), "a hot-seat game comes back behind the hand-off screen"
    assert to_table(app).host.session is resumed


def test_save_as_over_an_existing_save_asks_first(tmp_path):
    app = make_app(tmp_path)
    session = Session.new(seats(3), seed=5)
    table = app.start_game(session, handoff=False)
    play_option(app, table, 0)
    leave_to_title(app)
    for name in ("sunday", "sunday"):
        click(app, "field:save_name")
        for _ in range(10):
            press(app, pygame.K_BACKSPACE)
        for ch in name:
            press(app, getattr(pygame, f"K_{ch}"), ch)
        click(app, "button:save_as")
    assert app.scene.question is not None, "replacing a save asks first"
    stamp = os.path.getmtime(tmp_path / "sunday.yaml")
    press(app, pygame.K_ESCAPE)
    assert os.path.getmtime(tmp_path / "sunday.yaml") == stamp


def test_the_title_screen_parts_do_not_overlap(tmp_path, monkeypatch):
    """Point 16: the save-name field covers nothing (New seed, the status line)."""
    drawn = DrawnText(monkeypatch)
    for size in ((1600, 900), (1100, 650)):
        app = make_app(tmp_path, size=size)
        table = app.start_game(Session.new(seats(3), seed=5), handoff=False)
        play_option(app, table, 0)
        leave_to_title(app)
        title = app.scene
        title.message = "Saved as /some/where/a-long-name.yaml"
        title.hover = None
        drawn.clear()
        redraw(app)
        rects = [(e.name, e.rect) for e in title.elements]
        for i, (a, ra) in enumerate(rects):
            for b, rb in rects[i + 1:]:
                assert not ra.colliderect(rb), f"{a} overlaps {b} at {size}"
        status = next(r for s, _, r in drawn.items if s == title.message)
        assert not [n for n, r in rects if r.colliderect(status)], "the status line is covered"


def test_seat_levels_are_picked_directly_and_default_to_normal(tmp_path):
    """Point 16: a seat's Human / AI level is picked from a list (not cycled), and AI
    seats default to the normal level."""
    app = make_app(tmp_path)
    app.push(TitleScene(app, players=3, seed=2))
    title = app.scene
    assert [s["kind"] for s in title.seats[:3]] == ["human", "normal", "normal"]
    click(app, "seat:1:kind")
    click(app, "kind:1:hard")
    click(app, "seat:2:kind")
    click(app, "kind:2:human")
    assert [s["kind"] for s in title.seats[:3]] == ["human", "hard", "human"]


def test_seats_speed_and_window_size_are_remembered(tmp_path):
    """Point 16: the seat setup, the Speed and the window size come back at the next run."""
    from sprites.app import build
    from sprites.settings import Settings
    args = argparse.Namespace(session=None, replay=None, save_dir=str(tmp_path), players=None, seed=None,
                              variant=None, ai=None)          # as main.py leaves flags that were not given
    app = build(args, make_app(tmp_path).screen, Settings.load(str(tmp_path)))
    click(app, "button:players_minus")
    click(app, "seat:0:name")
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_z, "z")
    click(app, "seat:2:kind")
    click(app, "kind:2:easy")
    click(app, "toggle:desolation")
    click(app, "button:start")
    table = to_table(app)
    click(app, "button:speed")
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 720), w=1280, h=720))
    app.pump()
    assert table.speed == 2
    assert app.close() == []

    again = Settings.load(str(tmp_path))               # the next run
    assert again.notice is None and again.speed == 2 and again.window == (1280, 720)
    app = build(args, make_app(tmp_path).screen, again)
    title = app.scene
    assert title.count == 3 and title.seats[0]["name"] == "Asz" and title.seats[2]["kind"] == "easy"
    assert title.options["desolation"]
    click(app, "button:start")
    assert to_table(app).speed == 2


@pytest.mark.parametrize("content", [
    "players: [1, 2\n",                                   # not YAML
    "players: 9\nspeed: x\nwindow: [10, 10]\n",           # bad values
    "- just\n- a list\n",                                 # not a mapping
    "players: 0x" + "f" * 5000 + "\n",                    # a number of thousands of digits
    "a: &a [1, 2]\nb: [*a, *a]\n",                        # aliases
    "seats: [{name: \"\\ud800\", dragon: Black}]\n",      # a lone surrogate in a name
    "\xff\xfe not utf-8",
], ids=["not-yaml", "bad-values", "a-list", "huge-number", "aliases", "surrogate", "not-utf8"])
def test_a_bad_settings_file_never_stops_the_game(tmp_path, content):
    """Point 16: a damaged settings file gives the defaults and one line naming the file."""
    from sprites.app import build
    from sprites.settings import FILE, Settings
    (tmp_path / FILE).write_bytes(content.encode("utf-8", "surrogatepass") if "\xff" not in content
                                  else content.encode("latin-1"))
    settings = Settings.load(str(tmp_path))
    assert settings.notice and FILE in settings.notice and "\n" not in settings.notice
    assert settings.players == 4 and settings.speed == 1
    args = argparse.Namespace(session=None, replay=None, save_dir=str(tmp_path), players=4, seed=1,
                              variant="standard", ai=None)
    app = build(args, make_app(tmp_path).screen, settings)
    assert app.scene.message == settings.notice
    click(app, "button:start")
    assert isinstance(to_table(app), TableScene)


def test_the_title_offers_each_option_of_the_variants(tmp_path):
    """One toggle per option of game/variants.py, in one row beside each
    other; the toggles make the variant's name, and the row leaves the rest
    of the title screen where it was."""
    from game.variants import OPTIONS
    app = make_app(tmp_path)
    app.push(TitleScene(app, players=3, seed=1))
    app.pump()
    title = app.scene
    rects = [title.element_rect(f"toggle:{o.name}") for o in OPTIONS]
    assert all(r is not None for r in rects)
    assert all(a.right < b.left and a.y == b.y for a, b in zip(rects, rects[1:]))
    assert title.element_rect("button:start").left > rects[-1].left           # the buttons stay centred
    assert title.recent_rect.right <= app.screen.get_width()
    assert title.variant() == "standard"
    for o in reversed(OPTIONS):
        click(app, f"toggle:{o.name}")
    assert title.variant() == "+".join(o.name for o in OPTIONS)
    click(app, f"toggle:{OPTIONS[0].name}")
    assert title.variant() == "+".join(o.name for o in OPTIONS[1:])


@pytest.mark.parametrize("size", [(1100, 650), (1493, 840)])
def test_recent_games_say_finished_and_show_every_seat(tmp_path, monkeypatch, size):
    """A finished game is not "In progress"; six seats with their AI levels are all readable."""
    import datetime
    import random
    from app import save_folder
    app = make_app(tmp_path, size=size)
    six = [Seat(n, d, k) for n, d, k in zip(["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"],
                                            ["Black", "Blue", "Green", "Orange", "Red", "White"],
                                            ["human", "random", "easy", "normal", "hard", "expert"])]
    session = Session.new(six, seed=1)
    rng = random.Random(1)
    while not session.game.is_over:
        session.apply(rng.choice(session.game.decision.options))
    name = save_folder.autosave_name(session, datetime.datetime(2026, 1, 2, 3, 4))
    save_folder.autosave(session, str(tmp_path), name)
    app.start_game(session, autosave_file=name)
    app.to_title(app.scene)
    drawn = DrawnText(monkeypatch)
    redraw(app)
    row = " ".join(drawn.within(app.scene.element_rect("recent:0")))
    assert "finished" in row and "In progress" not in row, row
    assert "..." not in row and "Finn (AI expert)" in row and "Dain (AI normal)" in row, row


def test_title_labels_headings_and_player_count_at_the_smallest_window(monkeypatch):
    """At 1100 x 650: every AI level reads "AI: ..." (expert too, in the list as on the
    button), a seat's level stays left of its list arrow, headings in capitals are at
    least 12 px tall, and "Players: 4" sits level with its - and + buttons."""
    from sprites import theme
    app = make_app(size=(1100, 650))
    title = app.push(TitleScene(app, seed=1))
    for i, kind in enumerate(["human", "random", "expert", "hard"]):
        title.seats[i]["kind"] = kind
    drawn = DrawnText(monkeypatch)
    redraw(app)
    for i in range(4):
        kr = title.element_rect(f"seat:{i}:kind")
        arrow_left = kr.right - title.px(25)
        (label, _, rect), = [x for x in drawn.items if x[2] is not None and kr.collidepoint(pygame.Rect(x[2]).center)]
        assert label == ("Human" if i == 0 else f"AI: {title.seats[i]['kind']}"), label
        assert pygame.Rect(rect).right <= arrow_left, (label, rect, arrow_left)
    for heading in ("NEW GAME", "RECENT GAMES"):
        size = next(size for s, size, _ in drawn.items if s == heading)
        assert theme.text(heading, size, (255, 255, 255), True).get_bounding_rect().h >= 12, (heading, size)
    players = next(pygame.Rect(r) for s, _, r in drawn.items if s.startswith("Players:"))
    assert abs(players.centery - title.element_rect("button:players_minus").centery) <= 2
    click(app, "seat:2:kind")
    drawn.clear()
    redraw(app)
    rows = [title.element_rect(n) for n in title.element_names() if n.startswith("kind:2:")]
    menu = [s.strip("> ") for s, _, r in drawn.items[-len(rows):] if r is not None]
    assert all(any(row.collidepoint(pygame.Rect(r).center) for row in rows) for _, _, r in drawn.items[-len(rows):])
    assert len(menu) == 6 and all(s.startswith("AI: ") for s in menu if s != "Human"), menu
    assert "..." not in " ".join(menu), menu


def test_large_text_on_the_title_in_the_smallest_window(monkeypatch):
    """Text size 150 % at 1100 x 650: every word of the title screen is shown whole
    (nothing cut to "..."), and no two of its controls overlap."""
    from sprites import theme
    from sprites.settings import Settings
    settings = Settings()
    settings.text_scale = 150
    app = make_app(size=(1100, 650), settings=settings)
    title = app.push(TitleScene(app, seed=1))
    drawn = DrawnText(monkeypatch)
    redraw(app)
    assert theme.text_scale() == 1.5
    cut = [s for s in drawn.strings() if s.endswith("...") and s != "Load..."]
    assert not cut, cut
    rects = [(n, title.element_rect(n)) for n in title.element_names()]
    assert not [(a, b) for i, (a, ra) in enumerate(rects) for b, rb in rects[i + 1:] if ra.colliderect(rb)]


def test_continue_names_the_game_it_continues(tmp_path):
    """Playtest: with a finished game at the top of Recent games, Continue said
    "Continue the most recent game" and opened an older unfinished one. Its tooltip
    names the game it opens, and it opens that one."""
    import datetime
    import random
    from app import save_folder
    older = Session.new(seats(2), seed=3)
    for _ in range(6):
        older.apply(older.game.decision.options[0])
    save_folder.autosave(older, str(tmp_path), save_folder.autosave_name(older, datetime.datetime(2026, 1, 1, 9, 0)))
    done = Session.new([Seat("Dain", "Orange"), Seat("Elin", "Red")], seed=4)
    rng = random.Random(4)
    while not done.game.is_over:
        done.apply(rng.choice(done.game.decision.options))
    save_folder.autosave(done, str(tmp_path), save_folder.autosave_name(done, datetime.datetime(2026, 1, 2, 9, 0)))
    app = make_app(tmp_path)
    app.to_title()
    title = app.scene
    assert (title.recent[0].facts or {}).get("over"), "the finished game is the most recent"
    tip = title.element("button:continue").tip
    assert tip.startswith("Continue the latest unfinished game: ") and "Ash" in tip and "Dain" not in tip, tip
    click(app, "button:continue")
    table = to_table(app)
    assert table.host.session.actions == older.actions


def test_a_question_on_the_title_is_as_tall_as_its_words(tmp_path):
    """Playtest: "Start a new game?" over a game in progress had a wide empty band
    between its two lines of text and its buttons. The box fits its words: the
    buttons follow the text closely, and every line of it is shown."""
    from sprites import theme
    app = make_app(tmp_path)
    table = app.start_game(Session.new(seats(3), seed=5), handoff=False)
    play_option(app, table, 0)
    leave_to_title(app)
    click(app, "button:start")
    title = app.scene
    assert title.question is not None and title.question[0] == "Start a new game?"
    box, yes = title.question_box, title.element_rect("question:yes")
    size = title.fs(22)
    lines = theme.wrap(title.question[1], size, box.w - 48)
    text_bottom = box.y + title.px(70) + len(lines) * theme.font(size).get_linesize()
    assert 0 <= yes.y - text_bottom <= title.px(40), (yes.y, text_bottom)
    assert box.contains(yes) and yes.bottom <= box.bottom - title.px(12)


@pytest.mark.parametrize("scale", [100, 120, 150])
def test_a_recent_game_s_two_lines_stay_apart_in_the_smallest_window(tmp_path, monkeypatch, scale):
    """Playtest: at 1100 x 650 with 120 % text a recent game's date line touched its
    seats line and the row's edge. Each row is as tall as its lines."""
    import datetime
    from app import save_folder
    from sprites.settings import Settings
    session = Session.new(seats(3), seed=3)
    for _ in range(6):
        session.apply(session.game.decision.options[0])
    save_folder.autosave(session, str(tmp_path), save_folder.autosave_name(session, datetime.datetime(2026, 1, 1, 9)))
    settings = Settings()
    settings.text_scale = scale
    app = make_app(tmp_path, size=(1100, 650), settings=settings)
    title = app.push(TitleScene(app, seed=1))
    drawn = DrawnText(monkeypatch)
    redraw(app)
    row = title.element_rect("recent:0")
    inside = [pygame.Rect(r) for _, _, r in drawn.items if r is not None and row.contains(pygame.Rect(r))]
    assert len(inside) == 2, drawn.within(row)
    seats_line, date_line = sorted(inside, key=lambda r: r.y)
    assert seats_line.bottom <= date_line.y, (seats_line, date_line)
    assert seats_line.y > row.y and date_line.bottom < row.bottom
