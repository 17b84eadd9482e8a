"""The Settings screen, sound and the colour-blind palette (issue 9,
"Onboarding and settings": "A settings screen, remembered between runs: AI
speed, animations on/off, text scale (100-150 %), a colour-blind palette ...,
sound on/off and volume, confirm-before-end-turn"; "Sound: short effects for a
dragon's attack, a settlement destroyed, a card played, the hex turning, a
level-up, the end of a century ... switchable in settings"). Each setting is
changed by clicking the real Settings screen, and its effect is checked."""
import pygame
import pytest
from ui_helpers import DrawnText, click, index_of, leave_to_title, make_app, reach, redraw

from app.session import Seat, Session
from sprites import palette, sound, theme
from sprites.anim import now_ms
from sprites.scenes.settings import SettingsScene
from sprites.scenes.table import TableScene
from sprites.scenes.title import TitleScene
from sprites.settings import TEXT_SCALES, Settings


def open_settings(app):
    """The game menu's Leave to the title screen, whose Settings button opens the screen."""
    leave_to_title(app)
    assert isinstance(app.scene, TitleScene)
    click(app, "button:settings")
    assert isinstance(app.scene, SettingsScene)


def back_to_table(app):
    click(app, "button:back")
    click(app, "button:continue")
    assert isinstance(app.scene, TableScene)
    return app.scene


def table_with(session, tmp_path, **kw):
    app = make_app(tmp_path, settings=Settings.load(str(tmp_path)), **kw)      # remembered in tmp_path
    table = app.start_game(session, handoff=False)
    app.pump()
    return app, table


def each_text_size(app, table):
    """(Text size in %, the table) at each setting in turn, raised through Settings."""
    for scale in TEXT_SCALES:
        if scale > 100:
            open_settings(app)
            click(app, "set:text_scale:+")
            table = back_to_table(app)
        yield scale, table


def first(done, players=3):
    return reach(done, players=players)


# ----- the file ------------------------------------------------------------------------------
def test_the_settings_are_remembered_and_a_bad_entry_falls_back_with_one_line(tmp_path):
    s = Settings.load(str(tmp_path))
    s.speed, s.animations, s.text_scale, s.colour_blind = 4, False, 130, True
    s.sound, s.volume, s.confirm_end_turn = False, 35, False
    assert s.save() is None
    again = Settings.load(str(tmp_path))
    assert again.notice is None
    assert (again.speed, again.animations, again.text_scale, again.colour_blind, again.sound, again.volume,
            again.confirm_end_turn) == (4, False, 130, True, False, 35, False)
    (tmp_path / "settings.yaml").write_text("text_scale: 175\nvolume: loud\nsound: false\n")
    bad = Settings.load(str(tmp_path))
    assert bad.text_scale == 100 and bad.volume == 70 and bad.sound is False       # the good entry is kept
    assert bad.notice.count("\n") == 0 and "settings.yaml" in bad.notice and "text_scale" in bad.notice
    assert "(and 1 more)" in bad.notice


# ----- each setting's effect ----------------------------------------------------------------------
def test_ai_speed_shortens_the_pause_before_ai_moves(tmp_path):
    session = first(lambda g: g.decision.kind == "lair_action")
    session.seats[1] = Seat(session.seats[1].name, session.seats[1].dragon, "random")
    app, table = table_with(session, tmp_path, ai_delay_ms=800)
    open_settings(app)
    click(app, "set:speed:4")
    assert app.settings.speed == 4
    table = back_to_table(app)
    assert table.speed == 4 and table.labels["button:speed"] == "Speed x4"
    table.ai.pause_until(0)
    before = now_ms()
    table.changed()
    assert table.ai.next_ms - before <= 800 // 4 + 50


def test_animations_off_means_the_table_jumps_to_the_new_state(tmp_path):
    def placing(g):
        return g.decision.kind == "place_dragon"
    for on in (True, False):
        session = first(placing)
        app, table = table_with(session, tmp_path / str(on), animate=True)
        if not on:
            open_settings(app)
            click(app, "set:animations:false")
            table = back_to_table(app)
        assert app.animate is on
        table.apply(index_of(table, session.game.decision.options[0]))
        assert table.motion.busy() is on


def test_text_size_raises_the_smallest_text_and_everything_still_fits(tmp_path, monkeypatch):
    drawn = DrawnText(monkeypatch)
    session = first(lambda g: g.decision.kind == "attack_turn" and len(g.state.players[g.decision.player].hand) >= 4)
    app, table = table_with(session, tmp_path)
    open_settings(app)
    for _ in range(6):
        click(app, "set:text_scale:+")
    assert app.settings.text_scale == 150
    assert theme.text_scale() == 1.5
    table = back_to_table(app)
    assert table.lay.font(17) == round(theme.MIN_FONT * theme.text_scale())       # the log's text, larger
    drawn.clear()
    redraw(app)
    sizes = [size for _, size, _ in drawn.items]
    assert min(sizes) >= round(theme.MIN_FONT * theme.text_scale())
    assert not [s for s in drawn.strings() if s.endswith("...")], "text cut short at 150 %"
    screen = app.screen.get_rect()
    assert all(screen.contains(pygame.Rect(r)) for _, _, r in drawn.items if r is not None)
    # the smallest window shows it too (the QA found 100 % there: no large text on a small screen)
    app.screen = pygame.display.set_mode((1100, 650), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 650), w=1100, h=650))
    app.pump()
    assert theme.text_scale() == 1.5
    open_settings(app)
    settings = app.scene
    drawn.clear()
    redraw(app)
    assert min(size for _, size, _ in drawn.items) >= round(theme.MIN_FONT * 1.5)
    row = settings.row_rect([r.name for r in settings.rows].index("text_scale"))   # its sample line stays in its row
    sample = [pygame.Rect(r) for s, _, r in drawn.items if "Sample" in s or "smallest text on the" in s]
    assert sample and all(row.contains(r) for r in sample), (row, sample)
    # the rows that do not fit scroll: every control can be reached and clicked
    for _ in range(12):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, unicode="", mod=0, scancode=0))
    app.pump()
    click(app, "set:confirm_end_turn:false")
    assert app.settings.confirm_end_turn is False


def map_clashes(table):
    """What the table's map draws outside the map or over a region's name: each
    region's name (emblem + name), its resource tokens as drawn (count badges
    included), its sites and the dragons on it, from the map's geometry."""
    from sprites.art import pieces
    from sprites.table.mapview import SITE_KINDS
    mapview, view, area = table.map, table.view, table.lay.map
    geo = mapview.geo
    assert mapview.rect == area
    names = geo.label_rects
    tsize, ssize, dsize = round(geo.token_radius * 2), round(geo.site_radius * 2), round(geo.dragon_radius * 2.3)

    def drawn(img, centre):
        return img.get_bounding_rect().move(img.get_rect(center=(round(centre[0]), round(centre[1]))).topleft)

    clashes = [f"the name of {r} sticks out of the map" for r, box in names.items() if not area.contains(box)]
    for reg in view["regions"]:
        r, colour = reg["name"], mapview.regions[reg["name"]].colour
        pictures = [(f"{r}'s {res} token ({n})",
                     drawn(pieces.icon_with_count(res, n, tsize), geo.resource_spots[r][res]))
                    for res, n in reg["res"].items()]
        pictures += [(f"{r}'s site {k}", drawn(pieces.building(SITE_KINDS[v], colour, ssize) if v
                                              else pieces.empty_site(ssize), geo.sites[r][k]))
                     for k, v in enumerate(reg["sites"])]
        for what, box in pictures:
            if not area.contains(box):
                clashes.append(f"{what} sticks out of the map: {box} not in {area}")
            clashes += [f"{what} lies over the name of {other}" for other, name in names.items()
                        if box.colliderect(name)]
        tokens = [(what, box) for what, box in pictures if " token " in what]
        sites = [(what, box) for what, box in pictures if "'s site " in what]
        clashes += [f"{what} lies over {site}" for what, box in tokens for site, spot in sites
                    if box.colliderect(spot)]       # (playtest: "tokens sit on settlements")
    dragon = pieces.dragon_token("#c8282d", "K", dsize)
    shape = pygame.mask.from_surface(dragon)
    for r in geo.ring:                  # a dragon in each region, its wings' pixels
        box = dragon.get_rect(center=tuple(map(round, geo.dragon_spots[r])))
        clashes += [f"a dragon in {r} lies over the name of {other}" for other, name in names.items()
                    if shape.overlap(pygame.mask.Mask(name.size, fill=True), (name.x - box.x, name.y - box.y))]
    return clashes


def test_at_the_smallest_window_every_text_size_leaves_each_region_its_tokens_and_name(tmp_path, monkeypatch):
    """The playtest found the map left 440 x 254 px at 1100 x 650 with 150 % text: tokens
    cut off at its edges and lying over Scandia, Britannia and Gothia, their counts unreadable.
    At every Text size the map's tokens, sites, dragons and names stay inside it and apart,
    and the columns still show their words whole."""
    drawn = DrawnText(monkeypatch)
    session = first(lambda g: g.decision.kind == "attack_turn" and len(g.state.players[g.decision.player].hand) >= 4)
    app, table = table_with(session, tmp_path, size=(1100, 650))
    for scale, table in each_text_size(app, table):
        assert theme.text_scale() == scale / 100
        drawn.clear()
        redraw(app)
        assert map_clashes(table) == [], f"at {scale} %"
        assert not [s for s in drawn.strings() if s.endswith("...")], f"text cut short at {scale} %"
    lay = table.lay
    assert lay.left.w > 190 and lay.right.w > 250, "the columns still grow with the text"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_at_other_windows_large_text_leaves_each_region_its_tokens_and_name(tmp_path, size):
    """The same at a laptop's and a large screen's window with 150 % text."""
    session = first(lambda g: g.decision.kind == "attack_turn")
    settings = Settings()
    settings.text_scale = 150
    app = make_app(tmp_path, size=size, settings=settings)
    table = app.start_game(session, handoff=False)
    redraw(app)
    assert map_clashes(table) == []


def test_the_colour_blind_palette_recolours_dragons_and_regions(tmp_path, monkeypatch):
    drawn = DrawnText(monkeypatch)
    seats = [Seat("Ash", "Red"), Seat("Bryn", "Green"), Seat("Cora", "Blue")]
    session = Session.new(seats, seed=3)
    app, table = table_with(session, tmp_path)
    bar = table.lay.prompt
    disc = (bar.x + table.lay.pad + 3, bar.centery)          # the dragon disc of the prompt bar, off its letter
    red = app.screen.get_at(disc)[:3]
    open_settings(app)
    click(app, "set:colour_blind:true")
    table = back_to_table(app)
    drawn.clear()
    redraw(app)
    # the viewer's Dragon Card is named by the colour it is drawn in, as everywhere else
    assert "Ash - Vermilion Dragon card" in drawn.strings() and "Ash - Red Dragon card" not in drawn.joined()
    assert table.tips["player:0"].startswith("Ash - Vermilion Dragon, level")      # the dragons' rows' tooltips
    colours = {d.name: d.colour for d in table.data.dragons}
    assert colours["Red"] == palette.colour_blind("#c8282d") != "#c8282d"
    assert {r.name: r.colour for r in table.data.regions}["Gallia"] == palette.colour_blind("#4f9a4a")
    assert app.screen.get_at(disc)[:3] != red
    assert table.host.game.data.dragons[4].colour == "#c8282d"          # the engine's data is not touched
    assert Settings.load(str(tmp_path)).colour_blind is True


def test_palette_colours_stay_apart_for_red_green_colour_blindness():
    """Simulated deuteranopia and protanopia (Machado 2009, in linear RGB; distances in CIE Lab):
    the closest two dragon colours are much further apart in the colour-blind palette."""
    from game import default_data
    deutan = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
    protan = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))

    def linear(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    def lab(c, m):
        rgb = [linear(v) for v in theme.rgb(c)]
        r, g, b = (max(0.0, sum(m[i][j] * rgb[j] for j in range(3))) for i in range(3))
        x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
            (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089
        f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
        return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])

    def closest(colours, m):
        cs = [lab(c, m) for c in colours]
        return min(sum((a - b) ** 2 for a, b in zip(cs[i], cs[j])) ** 0.5
                   for i in range(len(cs)) for j in range(i + 1, len(cs)))
    normal = [d.colour for d in default_data().dragons]
    blind = [palette.colour_blind(c) for c in normal]
    for m in (deutan, protan):
        assert closest(blind, m) > 1.5 * closest(normal, m)


def test_confirm_before_end_turn_can_be_switched_off(tmp_path):
    def could_play(g):
        return g.decision.kind == "attack_turn" and any(a.kind == "play_card" for a in g.decision.options) and \
            any(a.kind == "end_turn" for a in g.decision.options)
    session = first(could_play)
    app, table = table_with(session, tmp_path)
    before = len(session.actions)
    click(app, "button:end_turn")
    assert table.dialog_kind == "confirm" and len(session.actions) == before      # asks first
    click(app, "button:confirm")
    assert session.actions[before].kind == "end_turn"
    session = first(could_play)
    app, table = table_with(session, tmp_path / "off")
    open_settings(app)
    click(app, "set:confirm_end_turn:false")
    table = back_to_table(app)
    before = len(session.actions)
    click(app, "button:end_turn")
    assert table.dialog is None and session.actions[before].kind == "end_turn"     # at once


# ----- sound -----------------------------------------------------------------------------------------
def test_each_effect_answers_its_event_kind():
    assert sound.effect_of({"kind": "begins_attack"}) == "attack"
    assert sound.effect_of({"kind": "destroys"}) == sound.effect_of({"kind": "razes"}) == "destroyed"
    assert sound.effect_of({"kind": "plays"}) == "card"
    assert sound.effect_of({"kind": "turns_hex"}) == "hex"
    assert sound.effect_of({"kind": "levels_up"}) == "level_up"
    assert sound.effect_of({"kind": "century_begins", "century": 2}) == "century"
    assert sound.effect_of({"kind": "century_begins", "century": 1}) is None       # no century ended yet
    assert sound.effect_of({"kind": "game_ends"}) == "century"
    assert sound.effect_of({"kind": "moves"}) is None
    for name in sound.NAMES:           # made here: short, and not silence
        raw = sound.samples(name)
        assert 0.1 * sound.RATE * 2 <= len(raw) <= 1.1 * sound.RATE * 2
        assert max(raw) > 0


def test_a_card_played_sounds_with_sound_on_and_not_with_sound_off(tmp_path):
    session = first(lambda g: g.decision.kind == "attack_turn" and any(a.kind == "play_card"
                                                                        for a in g.decision.options))
    app, table = table_with(session, tmp_path)
    assert app.settings.sound and app.sounds.ready()          # SDL's dummy audio driver in tests
    open_settings(app)
    click(app, "set:volume:-")
    click(app, "set:volume:-")
    assert app.settings.volume == 50
    table = back_to_table(app)
    app.sounds.played.clear()
    play = next(a for a in table.host.game.decision.options if a.kind == "play_card")
    table.choose(index_of(table, play), asked=True)
    if table.dialog_kind == "confirm":
        click(app, "button:confirm")
    assert "card" in app.sounds.played
    assert app.sounds.sounds["card"].get_volume() == pytest.approx(0.5, abs=0.01)

    session = first(lambda g: g.decision.kind == "attack_turn" and any(a.kind == "play_card"
                                                                        for a in g.decision.options))
    app, table = table_with(session, tmp_path / "off")
    open_settings(app)
    click(app, "set:sound:false")
    table = back_to_table(app)
    app.sounds.played.clear()
    table.choose(index_of(table, next(a for a in table.host.game.decision.options if a.kind == "play_card")), asked=True)
    if table.dialog_kind == "confirm":
        click(app, "button:confirm")
    assert app.sounds.played == [] and table.host.game.state.log[-1]
    assert any(e["kind"] == "plays" for e in table.host.game.state.log[-3:])


def test_ai_moves_sound_too_and_undo_does_not_replay_sounds(tmp_path):
    session = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue", "random"), Seat("Cora", "Green", "random")],
                          seed=5)
    app, table = table_with(session, tmp_path)
    for _ in range(3000):
        if session.game.is_over or "century" in app.sounds.played:
            break
        d = session.game.decision
        if table.seats.is_human(d.player):
            table.apply(index_of(table, d.options[-1]))
        else:
            app.pump()
    assert {"attack", "century"} <= set(app.sounds.played)


def test_no_audio_device_means_silence_not_a_crash(tmp_path, monkeypatch):
    def no_device(*a, **kw):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    session = first(lambda g: g.decision.kind == "attack_turn" and any(a.kind == "play_card"
                                                                        for a in g.decision.options))
    app = make_app(tmp_path)
    app.sounds = sound.Sounds(app.settings)
    table = app.start_game(session, handoff=False)
    play = next(a for a in table.host.game.decision.options if a.kind == "play_card")
    assert table.apply(index_of(table, play))
    assert app.sounds.mixer is False and app.sounds.played == []
    assert app.sounds.play("card") is False


def test_colour_names_on_screen_describe_the_colour_shown(monkeypatch):
    """With the colour-blind palette the title's dragon buttons name the colour drawn
    (Orange's swatch is yellow: "Yellow (O)"), the letters stay."""
    settings = Settings()
    settings.colour_blind = True
    app = make_app(size=(1600, 900), settings=settings)
    title = app.push(TitleScene(app, seed=1))
    for _ in range(2):
        click(app, "button:players_plus")
    drawn = DrawnText(monkeypatch)
    redraw(app)
    shown = {d.name: d for d in palette.view_data(title.data, True).dragons}
    labels = {}
    for i in range(title.count):
        rect = title.element_rect(f"seat:{i}:dragon")
        dragon = shown[title.seats[i]["dragon"]]
        labels[dragon.name] = drawn.within(rect)[0]
        assert app.screen.get_at(rect.move(3, 3).topleft)[:3] == pygame.Color(dragon.colour)[:3]
    assert labels["Orange"] == "Yellow (O)" and labels["Red"] == "Vermilion (R)", labels
    assert labels["Blue"] == "Blue (U)"


def test_large_text_in_the_smallest_window_keeps_the_left_column_readable(tmp_path, monkeypatch):
    """150 % at 1100 x 650: the Lair Action rows keep a line of text each (none squeezed
    over the next); the column scrolls with the mouse wheel to the last one, which can
    then be clicked."""
    settings = Settings()
    settings.text_scale = 150
    session = first(lambda g: g.decision.kind == "lair_action")
    app = make_app(tmp_path, size=(1100, 650), settings=settings)
    table = app.start_game(session, handoff=False)
    app.pump()
    lay = table.lay
    assert theme.text_scale() == 1.5 and lay.font(17) == round(theme.MIN_FONT * 1.5)
    column = lay.left.inflate(-lay.pad, -lay.pad)
    last = f"lair_action:{table.data.lair_actions[-1].id}"
    for _ in range(20):
        rows = sorted((table.element_rect(n) for n in table.element_names() if n.startswith("lair_action:")),
                      key=lambda r: r.y)
        assert all(r.h >= lay.line(19) and column.contains(r) for r in rows)
        assert all(a.bottom <= b.y for a, b in zip(rows, rows[1:]))
        if table.element(last) is not None:
            break
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=column.center, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        app.pump()
    assert table.element(last) is not None, "the last Lair Action cannot be reached"
    drawn = DrawnText(monkeypatch)
    redraw(app)
    assert table.data.lair_actions[-1].name in drawn.within(table.element_rect(last))


def test_rogue_dragons_are_named_by_the_colour_shown(tmp_path, monkeypatch):
    """Colour-blind palette, two players: the left column's "Rogue Dragons" line names the
    colours their tokens are drawn in (Orange's is yellow: "Yellow")."""
    session = reach(lambda g: {"Orange", "Red"} & set(g.view(0)["rogue_dragons"]), players=2)
    settings = Settings()
    settings.colour_blind = True
    app = make_app(tmp_path, settings=settings)
    table = app.start_game(session, handoff=False)
    drawn = DrawnText(monkeypatch)
    redraw(app)
    line = next(s for s in drawn.strings() if s.startswith("Rogue Dragons:"))
    names = {"Orange": "Yellow", "Red": "Vermilion"}
    for rogue in table.view["rogue_dragons"]:
        assert names.get(rogue, rogue) in line, line
    assert "Orange" not in line and "Red" not in line.replace("Vermilion", ""), line


def test_the_log_and_the_summary_name_each_dragon_as_the_palette_draws_it(tmp_path, monkeypatch):
    """Playtest (issue 25, smaller things): "Colour-blind palette: the log still says 'Orange'
    where the title says 'Yellow (O)'; one name per dragon everywhere". The Rogue Dragons' log
    lines and "since your last turn" say the colour shown, and again the data's after the
    palette is switched off."""
    session = reach(lambda g: "Orange" in g.view(0)["rogue_dragons"] and any(
        e["kind"] == "rogue_lands" and e["dragon"] == "Orange" for e in g.state.log), players=2)
    settings = Settings()
    settings.colour_blind = True
    app = make_app(tmp_path, settings=settings)
    table = app.start_game(session, handoff=False)
    logged = [e["text"] for e in table.view["log"]]
    assert any("Rogue Yellow Dragon" in x for x in logged), logged
    assert not any("Orange Dragon" in x or ": Orange" in x or ", Orange" in x for x in logged)
    from sprites.table import changes
    raw = " ".join(words for _, words in table.snap["since_last_turn"])
    assert "Orange Dragon" in raw, "(the engine's words: the data's name)"
    changes.show_summary(table)
    said = " ".join(words for _, words in table.summary)
    assert "Orange" not in said and "Yellow Dragon" in said
    drawn = DrawnText(monkeypatch)
    table.summary_open = True
    redraw(app)
    assert not [x for x in drawn.strings() if "Orange" in x]
    open_settings(app)
    click(app, "set:colour_blind:false")
    table = back_to_table(app)
    assert any("Rogue Orange Dragon" in e["text"] for e in table.view["log"])


@pytest.mark.parametrize("players", [4, 6])
def test_at_the_smallest_window_every_text_size_shows_every_track_card_whole(tmp_path, players):
    """Playtest: at 1100 x 650 with 120 % text the last card of the Card Selection
    Track ("Capture Noble") lay half under the Dragons panel. At every Text size
    each track card lies in the strip under the map, with room for its name; where
    even the smallest cards do not fit side by side (six dragons, 140 % text and
    more) they overlap, each still showing most of itself and taking its own clicks."""
    session = first(lambda g: bool(g.state.track), players=players)
    app, table = table_with(session, tmp_path, size=(1100, 650))
    for scale, table in each_text_size(app, table):
        redraw(app)
        strip, hv = table.lay.strip, table.handview
        tiles = hv.track_rects(len(table.view["track"]))
        assert len(tiles) == players + 1
        assert all(strip.contains(r) for r in tiles), (scale, strip, tiles)
        assert all(hv._name_w(hv.tile_font(r.w)) <= r.w for r in tiles), f"a name does not fit at {scale} %"
        for j, r in enumerate(tiles):                   # each card's own part of the strip, most of it
            shown = table.element_rect(f"track:{j}")
            assert r.contains(shown) and shown.w >= 0.75 * r.w, (scale, j, shown, r)
            assert table.element_at(shown.center).name == f"track:{j}"


def test_the_track_lies_on_a_plate_of_its_own_apart_from_the_discard_pile(tmp_path):
    """Playtest: the discard pile's face-up card sat in one row with the track's cards, and
    a new player took it for a card of the Card Selection Track. The track lies on a plate
    of its own, with its name; the piles stay on the strip beside it."""
    from sprites.table.handview import RAIL
    session = first(lambda g: bool(g.state.track) and bool(g.state.discard), players=4)
    app, table = table_with(session, tmp_path)
    redraw(app)
    hv = table.handview
    tiles = hv.track_rects(len(table.view["track"]))
    rail = hv.track_rail(tiles[0].union(tiles[-1]))
    between = (tiles[0].right + (tiles[1].x - tiles[0].right) // 2, tiles[0].centery)
    assert app.screen.get_at(between)[:3] == RAIL
    assert rail.x > hv.discard_rect().right
    assert app.screen.get_at((hv.discard_rect().right + 2, tiles[0].centery))[:3] != RAIL
