"""The table opens at once: Start draws what the table shows, the rest of the
cards and the sound effects are made while the window is idle, and once
they are, no frame draws a card for the first time.

Work is counted, not timed (CI shares a busy machine): card pictures drawn
(sprites.art.cards builds each once) and sound effects synthesised.
"""
from __future__ import annotations

import pytest

import pygame
from ui_helpers import against_ai, click, hover, make_app, redraw

from sprites import idle, sound
from sprites.art import cards as art_cards, common, standins
from sprites.scenes.table import TableScene
from sprites.scenes.title import TitleScene
from sprites.settings import Settings
from sprites.table import cardface, overlays


@pytest.fixture
def drawings(monkeypatch):
    """Counts the card pictures drawn from now on (every cache emptied first)."""
    common.clear_caches()
    cardface._full.cache_clear()
    cardface._compact.cache_clear()
    drawn = []
    memo = art_cards._memo

    def counting(key, build):
        if key not in art_cards._cache:
            drawn.append(key)
        return memo(key, build)
    monkeypatch.setattr(art_cards, "_memo", counting)
    return drawn


def start_from_the_title(tmp_path, animate=False):
    """The title screen with one human and three AI dragons; Start clicked (``animate``: in
    the player's configuration, animations on: the window has idle moments; tests and
    screenshots have none)."""
    app = make_app(tmp_path, settings=Settings.load(str(tmp_path)), animate=animate)
    app.push(TitleScene(app, players=4, seed=3))
    app.pump()
    click(app, "button:start")
    assert isinstance(app.scene, TableScene)
    return app, app.scene


def cards_in_sight(table):
    view = table.view
    return len(view["players"][table.seats.viewer]["hand"]) + len(view["track"]) + 2      # and the piles


def test_start_draws_only_the_cards_the_table_shows(tmp_path, drawings):
    app, table = start_from_the_title(tmp_path)
    assert 0 < len(drawings) <= cards_in_sight(table)          # before: every card at five sizes (349 pictures)
    assert idle.pending()
    idle.finish()                                              # the window's idle moments
    drawn = len(drawings)
    hand, data = table.handview, table.data
    for cid in data.cards:                                     # any card in the hand, enlarged, discarded
        cardface.face(data, cid, *hand.card_size(), table.lay.font(16))
        cardface.face(data, cid, *overlays.ZOOM)
        cardface.face(data, cid, *hand.small_size())
    assert len(drawings) == drawn


def test_once_the_window_was_idle_no_frame_draws_a_card_for_the_first_time(tmp_path, drawings):
    app, table = start_from_the_title(tmp_path)
    idle.finish()
    drawn = len(drawings)
    hand = [n for n in table.element_names() if n.startswith(("hand:", "track:"))]
    assert len(hand) >= 4
    for name in hand:                                          # each enlarged in turn
        hover(app, name)
        assert table.zoomed is not None or name.startswith("track:")
    assert len(drawings) == drawn


def test_a_resize_leaves_the_new_size_s_cards_for_idle_moments(tmp_path, drawings):
    app, table = start_from_the_title(tmp_path)
    idle.finish()
    drawn = len(drawings)
    table.resize((1280, 720))
    app.dirty = True
    app.render()
    assert len(drawings) - drawn <= cards_in_sight(table)      # before: every card again, at the new sizes
    assert idle.pending()


def test_sound_effects_are_made_when_idle_or_when_first_played():
    settings = Settings()
    sounds = sound.Sounds(settings)
    sound.samples.cache_clear()
    idle.clear()
    assert sounds.ready()                                      # SDL's dummy audio driver in tests
    assert sound.samples.cache_info().currsize == 0            # none made before the table's first frame
    assert sounds.play("card") and sounds.played == ["card"]   # the first one played is made then
    assert sound.samples.cache_info().currsize == 1
    idle.finish()
    assert sound.samples.cache_info().currsize == len(sound.NAMES)
    assert all(sounds.play(name) for name in sound.NAMES)
    sounds.close()


@pytest.fixture
def map_steps(monkeypatch):
    """Counts the steps of drawing the illustrated map from now on (every map forgotten first)."""
    from sprites.art import geometry, map as art_map
    from sprites.table.mapview import MapView
    art_map._cache.clear()
    geometry._geometry.cache_clear()
    MapView._made.clear()
    idle.clear()
    steps = []
    real = art_map._draw

    def counting(*args):
        gen = real(*args)
        while True:
            try:
                step = next(gen)
            except StopIteration as done:
                return done.value
            steps.append(1)
            yield step
    monkeypatch.setattr(art_map, "_draw", counting)
    return steps


def test_start_shows_the_map_sketched_and_draws_its_picture_while_idle(tmp_path, map_steps):
    """Issue 39: the illustrated map (60-150 ms) made Start slow; the table's first
    frame shows its coasts and names, the picture comes in the window's idle moments."""
    app, table = start_from_the_title(tmp_path, animate=True)
    assert map_steps == [] and not table.map.detailed
    assert table.map_picture is table.map.background               # the sketch, painted
    idle.finish()
    assert map_steps and table.map.detailed
    app.tick()
    assert app.dirty                                               # the window shows it at once
    app.render()
    assert table.map_picture is table.map.background


def test_a_new_window_size_lays_the_map_out_and_draws_its_picture_while_idle(tmp_path, map_steps):
    app, table = start_from_the_title(tmp_path, animate=True)
    idle.finish()
    drawn = len(map_steps)
    table.resize((1280, 720))
    app.dirty = True
    app.render()
    assert table.map.rect.size != (0, 0) and not table.map.detailed
    assert len(map_steps) == drawn and idle.pending()
    idle.finish()
    assert table.map.detailed and len(map_steps) > drawn
    table.resize((1600, 900))                                      # a size seen before: its picture is there
    assert table.map.detailed


def test_without_idle_moments_the_map_is_drawn_at_once(tmp_path, map_steps):
    """Tests and screenshots (no animations, no idle moments) get the illustrated map in the first frame."""
    app, table = start_from_the_title(tmp_path)
    assert table.map.detailed and map_steps


@pytest.fixture
def supersampled(monkeypatch):
    """Counts the small pictures drawn supersampled from now on (pieces, icons, the hex)."""
    drawn = []

    class CountingPen(common.Pen):
        def __init__(self, surface):
            drawn.append(surface.get_size())
            super().__init__(surface)
    monkeypatch.setattr(common, "Pen", CountingPen)
    return drawn


def resize_window(app, size):
    """The player drags the window's corner: SDL resizes it and says so."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.pump()


def test_the_first_frame_at_a_new_size_scales_the_pictures_and_then_shows_them_drawn(tmp_path, supersampled):
    """Issue 39: the first frame at a new size drew its pieces, icons and cards
    supersampled at it (20-25 ms of its 65-75 in a 6-player game). It shows them scaled from the size
    drawn before; they are drawn in the window's idle moments, and then the table
    is what a table painted afresh at that size is, pixel for pixel."""
    app = make_app(tmp_path, animate=True)
    table = app.start_game(against_ai(steps=200), handoff=False)
    app.render()
    idle.finish()
    supersampled.clear()
    resize_window(app, (1280, 720))
    app.dirty = True
    app.render()
    assert table.lay.size == (1280, 720)
    assert len(supersampled) <= 5                                  # before: 23
    assert table.stood_in and idle.pending()
    idle.finish()
    assert len(supersampled) > 23 and not standins.pending()       # now drawn (and the rest of the size's)
    app.tick()
    assert app.dirty and not table.stood_in                        # the window paints them at once
    app.render()
    shown = pygame.image.tostring(table.base, "RGB")
    redraw(app)                                                    # every part painted afresh
    assert pygame.image.tostring(table.base, "RGB") == shown


def test_without_idle_moments_the_first_frame_at_a_new_size_draws_its_pictures(tmp_path, supersampled):
    """Tests and screenshots (no idle moments) draw the real pictures at once."""
    app, table = start_from_the_title(tmp_path)
    resize_window(app, (1280, 720))
    app.dirty = True
    app.render()
    assert not table.stood_in and not standins.pending() and len(supersampled) > 20


def test_a_window_dragged_through_many_sizes_keeps_the_maps_of_the_last_few(tmp_path):
    """Each map size kept its layout and its picture (about 3 MB) for as long as the
    window was open: dragging a window's corner passes through a size a pixel, and
    60 of them took 170 MB. Now the last four sizes are kept (maximise and back)."""
    from sprites.table.mapview import MapView
    app = make_app(tmp_path, animate=True)
    table = app.start_game(against_ai(steps=200), handoff=False)
    app.render()
    maps = [table.map]
    for k in range(12):
        resize_window(app, (1200 + 7 * k, 700 + 4 * k))
        app.dirty = True
        app.render()
        maps.append(table.map)
    assert list(MapView._made.values()) == maps[-4:]
    resize_window(app, (1200 + 7 * 9, 700 + 4 * 9))                 # three sizes back: the same map
    assert table.map is maps[-3]
    resize_window(app, (1200, 700))                                   # long gone: laid out again
    assert table.map is not maps[1] and table.map.rect == maps[1].rect
    assert len(MapView._made) == MapView.KEPT_SIZES
