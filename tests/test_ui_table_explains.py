"""Issue 25, "A table that explains itself and never misleads": the table and
the screens around it, driven as a player drives them (synthetic clicks and
keys on the real scenes)."""
import os
import random

import pygame
import pytest
from ui_helpers import DrawnText, click, click_at, hover, make_app, play_option, press, reach, redraw, table_at

from game.data import ICON_WORDS
from sprites.scenes.settings import SettingsScene
from sprites.settings import TEXT_SCALES, Settings


# ----- 16. Settings: the Text size buttons stay still ----------------------------------------
def test_text_size_buttons_stay_under_the_pointer_as_the_rows_grow():
    """Playtest: "the Text size buttons move under the pointer as the rows grow
    (5 clicks gave 140 %)": five clicks at the same spot give 150 %, and the
    buttons are still there."""
    for size in ((1100, 650), (1600, 900)):
        app = make_app(size=size)
        app.push(SettingsScene(app))
        scene = app.scene
        plus = scene.element_rect("set:text_scale:+")
        spot = plus.center
        for _ in range(len(TEXT_SCALES) - 1):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
            click_at(app, spot)
        assert app.settings.text_scale == TEXT_SCALES[-1], size
        assert scene.element_at(spot).name == "set:text_scale:+"
        minus = scene.element_rect("set:text_scale:-").center
        for _ in range(len(TEXT_SCALES) - 1):
            click_at(app, minus)
        assert app.settings.text_scale == TEXT_SCALES[0], size


# ----- 7. why a card does not glow, before the click ----------------------------------------
def attack_turn_with_a_card_elsewhere():
    """Seat 0's attack turn with a card for another region in hand."""
    def done(g):
        d = g.decision
        if d.kind != "attack_turn" or d.player != 0:
            return False
        p = g.state.players[0]
        return any(g.cards[c].region not in (None, p.region) for c in p.hand)
    return reach(done, players=3)


def test_hovering_a_card_that_cannot_be_played_says_why(monkeypatch):
    """Playtest: "hovering a card that cannot be played now says why ..., before the click; the
    refusal after a click names the one reason that applies"."""
    session = attack_turn_with_a_card_elsewhere()
    app, table = table_at(session)
    g = session.game
    p = g.state.players[0]
    j, cid = next((j, c) for j, c in enumerate(table.hand) if g.cards[c].region not in (None, p.region))
    name = f"hand:{j}"
    assert name not in table.groups
    why = g.why_illegal(g.aimed("hand", cid))
    assert why.startswith(g.cards[cid].title) and p.region in why
    drawn = DrawnText(monkeypatch)
    hover(app, name)
    redraw(app)
    short = why[len(g.cards[cid].title):].lstrip(": ")            # (the tooltip names the card already)
    assert table.element(name).tip.endswith(f" Not now: {short}")
    assert short.split(";")[0] in " ".join(drawn.strings()), "the tooltip says it"
    click(app, name)
    assert table.toast is not None and table.toast[0] == why, "the click says the same one reason"


# ----- 8. turn order, and a new century's banner ----------------------------------------------
def test_the_turn_order_strip_says_who_acts_now_and_that_you_are_next(monkeypatch):
    """Playtest: "a strip shows who acts now and next in this phase (and 'you are next')"."""
    def done(g):
        d = g.decision
        return (g.state.phase == "lair" and d.kind == "lair_action" and d.player == 2
                and g.state.order[g.state.cursor:][:1] == [0])
    session = reach(done, players=3)
    session.seats[1].kind = session.seats[2].kind = "normal"     # Ash waits for Cora, then goes
    app, table = table_at(session)
    table.ai.toggle_pause()                                        # (Cora's move waits)
    drawn = DrawnText(monkeypatch)
    redraw(app)
    line = table.element_rect("turns")
    assert line is not None and table.lay.right.contains(line)
    assert "you are next" in drawn.within(line)
    tip = table.element("turns").tip
    assert "Cora (now)" in tip and "Ash (next)" in tip and "First Lair Action marker" in tip


def last_turn_of_a_century(g):
    d = g.decision
    s = g.state
    return (s.phase == "attack" and d.kind == "attack_turn" and s.cursor == len(s.order) and s.century == 1
            and s.markers["first_lair"] == d.player)


def test_a_new_century_is_announced_before_the_same_seat_goes_on(monkeypatch):
    """Playtest: "at a century's end a short pause or banner before the next century begins for
    the same seat". The dragon that ends the century also opens the next one (it holds the
    First Lair Action marker: Phase 2: Awakening, "Beginning with the player holding the First
    Lair Action marker"): a banner says the century changed, and with animations on the first
    click only puts it away."""
    session = reach(last_turn_of_a_century, players=3)
    app = make_app(animate=True)
    table = app.start_game(session, handoff=False)
    table.summary = None
    app.settings.confirm_end_turn = False
    seat = session.game.decision.player
    drawn = DrawnText(monkeypatch)
    click(app, "button:end_turn")
    assert session.game.state.century == 2 and session.game.decision.player == seat
    assert table.century is not None and table.century["title"] == "Century 2 of 6 begins"
    redraw(app)
    assert "Century 2 of 6 begins" in drawn.strings()
    before = len(session.actions)
    name = next(n for n in table.groups if n.startswith("hand:"))
    click(app, name)                                     # read first: the click only puts it away
    assert table.century is None and len(session.actions) == before
    redraw(app)
    assert "Century 2 of 6 begins" not in drawn.strings()[-50:]


def test_the_century_banner_goes_by_itself():
    session = reach(last_turn_of_a_century, players=3)
    app, table = table_at(session)
    app.settings.confirm_end_turn = False
    click(app, "button:end_turn")
    assert table.century is not None and table.wakeup_ms(pygame.time.get_ticks()) is not None
    table.century["until"] = 0
    app.pump()
    assert table.century is None


# ----- 11. "since your last turn": where it lies ------------------------------------------------
def summary_shown(app, table, rng, limit=400):
    """Play on (random options for the person, the AI dragons in their turn) until the
    table shows "since your last turn"."""
    for _ in range(limit):
        if table.summary is not None:
            return True
        d = table.host.game.decision
        if d is None:
            return False
        if table.my_decision():
            table.choose(rng.randrange(len(table.options)), asked=True)
            if table.dialog_kind == "confirm":
                press(app, pygame.K_RETURN)
        else:
            app.pump()
    return False


@pytest.mark.parametrize("size,text", [((1100, 650), 150), ((1280, 720), 100), ((1600, 900), 100),
                                       ((1920, 1080), 150)])
def test_since_your_last_turn_never_covers_the_map(size, text):
    """Playtest: "the panel covers the top third of the map and the tutorial box"; issue 39,
    polish 4: "'Since your last turn' as a strip that does not cover the map (as in the
    tutorial), expandable on click". Folded or open, it lies in the right column; open, the
    lines it shows are inside it."""
    from app.session import Seat, Session
    settings = Settings()
    settings.text_scale = text
    app = make_app(size=size, settings=settings)
    session = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue", "easy"), Seat("Cora", "Green", "easy")], seed=4)
    table = app.start_game(session, handoff=False)
    rng = random.Random(4)
    for _ in range(3):
        assert summary_shown(app, table, rng)
        strip = table.element_rect("summary")
        assert not table.summary_open and strip.h < 3 * table.lay.line(21)
        assert not strip.colliderect(table.lay.map) and table.lay.right.contains(strip)
        click(app, "summary")
        opened = table.element_rect("summary")
        assert table.summary_open and opened.h > strip.h
        assert not opened.colliderect(table.lay.map) and table.lay.right.contains(opened)
        click(app, "summary:close")                            # read: it goes
        assert table.summary is None


def test_in_the_tutorial_it_is_a_strip_that_opens_and_hides_no_part_of_the_guide(tmp_path):
    from sprites.scenes.title import TitleScene
    from sprites.scenes.tutorial import TutorialScene
    app = make_app(tmp_path)
    app.push(TitleScene(app, seed=1))
    click(app, "button:tutorial")
    table = app.scene
    assert isinstance(table, TutorialScene)
    rng = random.Random(2)
    assert summary_shown(app, table, rng)
    table.register()
    strip = table.element_rect("summary")
    panel = table.element_rect("tutorial:panel")
    assert not table.summary_open and strip.h < 3 * table.lay.line(21)
    assert panel is None or not strip.colliderect(panel)
    click(app, "summary")
    assert table.summary_open and table.summary is not None, "a click on the strip opens it"
    opened = table.element_rect("summary")
    assert opened.h > strip.h and not opened.colliderect(table.lay.map)
    panel = table.element_rect("tutorial:panel")
    assert panel is None or not opened.colliderect(panel)


# ----- 12. the game menu on Esc ------------------------------------------------------------------
def solo(tmp_path=None, **kw):
    from app.session import Seat, Session
    app = make_app(tmp_path, **kw)
    session = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue", "easy"), Seat("Cora", "Green", "easy")], seed=4)
    table = app.start_game(session, handoff=False)
    table.summary = None
    return app, table


def test_esc_opens_the_game_menu_whose_buttons_do_what_they_say(tmp_path):
    """Playtest: "An in-game menu on Esc (resume, settings, save as, rules, leave to title), so
    Settings need not go through the title screen"."""
    import os
    from app.save_format import load_session
    from sprites.scenes.gamemenu import GameMenuScene
    from sprites.scenes.help import HelpScene
    from sprites.scenes.title import TitleScene
    app, table = solo(tmp_path)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, GameMenuScene)
    menu = app.scene
    version = table.host.version
    app.pump()
    assert table.host.version == version, "the game waits under the menu"
    click(app, "menu:settings")
    assert isinstance(app.scene, SettingsScene)
    click(app, "set:speed:2")
    assert app.settings.speed == 2
    click(app, "button:back")
    assert app.scene is menu, "Settings come back to the menu"
    click(app, "menu:rules")
    assert isinstance(app.scene, HelpScene)
    press(app, pygame.K_ESCAPE)
    assert app.scene is menu
    click(app, "menu:save")
    assert "Type a name" in menu.message
    click(app, "field:save_name")
    for ch in "Evening game":
        press(app, 0, ch)
    press(app, pygame.K_RETURN)
    path = os.path.join(str(tmp_path), "Evening_game.yaml")
    assert os.path.exists(path) and "Saved as" in menu.message
    assert load_session(path).actions == table.host.session.actions
    click(app, "menu:save")
    assert "already a save" in menu.message and menu.replacing == "Evening game", "it asks before replacing"
    click(app, "menu:save")
    assert menu.message.startswith("Saved as")
    click(app, "menu:resume")
    assert app.scene is table
    press(app, pygame.K_ESCAPE)
    click(app, "menu:title")
    assert isinstance(app.scene, TitleScene) and app.scene.current is table


def test_the_menu_button_opens_the_same_game_menu_as_esc(tmp_path):
    """Issue 39, polish 1: "Esc and the top "Menu" button open the same menu: Resume, Save as,
    Settings, Rules help, Leave to title, Quit; the top button must not drop the player on the
    title." Up and Down go through the menu, Enter takes the focused button."""
    from sprites.scenes.gamemenu import GameMenuScene
    from sprites.scenes.title import TitleScene
    app, table = solo(tmp_path)
    press(app, pygame.K_ESCAPE)
    by_esc = app.scene
    assert isinstance(by_esc, GameMenuScene)
    names = [n for n in by_esc.element_names() if n.startswith("menu:")]
    press(app, pygame.K_ESCAPE)
    assert app.scene is table
    click(app, "button:menu")
    menu = app.scene
    assert isinstance(menu, GameMenuScene) and not isinstance(menu, TitleScene)
    assert [n for n in menu.element_names() if n.startswith("menu:")] == names
    assert names == ["menu:resume", "menu:save", "menu:settings", "menu:rules", "menu:title", "menu:quit"]
    labels = menu_labels(app)
    for words in ("Resume", "Save as", "Settings", "Rules help", "Leave to the title screen", "Quit"):
        assert any(words in label for label in labels), f"{words!r} not in the menu: {labels}"
    press(app, pygame.K_DOWN)
    assert menu.kfocus == "menu:resume"
    press(app, pygame.K_RETURN)
    assert app.scene is table, "Enter took Resume"
    play_option(app, table, 0)
    click(app, "button:menu")
    while app.scene.kfocus != "menu:quit":
        press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    assert not app.running, "Quit closes the window"
    assert app.close() == [], "the last autosave lands"
    from app.save_format import load_session
    assert load_session(os.path.join(str(tmp_path), table.host.autosave_file)).actions == table.host.session.actions


def menu_labels(app):
    """The labels the game menu draws on its buttons."""
    from sprites import theme
    seen, real = [], theme.button
    theme.button = lambda surface, rect, label, *a, **kw: seen.append(label) or real(surface, rect, label, *a, **kw)
    try:
        redraw(app)
    finally:
        theme.button = real
    return seen


def test_esc_closes_what_is_open_before_it_opens_the_menu():
    from sprites.scenes.gamemenu import GameMenuScene
    app, table = solo()
    table.standings.toggle()
    press(app, pygame.K_ESCAPE)
    assert not table.standings.open and app.scene is table
    table.show_all_choices()
    assert table.dialog is not None
    press(app, pygame.K_ESCAPE)
    assert table.dialog is None and app.scene is table
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, GameMenuScene)
    press(app, pygame.K_ESCAPE)
    assert app.scene is table


def test_no_tooltip_of_the_table_stays_after_leaving_help(monkeypatch):
    """Playtest: "a log tooltip stays after leaving Help"."""
    app, table = solo()
    for _ in range(40):
        app.pump()
    line = next(n for n in table.element_names() if n.startswith("log:line:") or n.startswith("log:"))
    hover(app, line)
    assert table.hover == line
    press(app, pygame.K_F1)
    press(app, pygame.K_ESCAPE)
    assert app.scene is table and table.hover is None


# ----- 13. the keyboard ---------------------------------------------------------------------------
def ring_drawn(app, rect):
    """Is the focus ring's colour on the screen round ``rect``?"""
    from sprites.table.keyboard import FOCUS
    probe = pygame.Rect(rect).inflate(6, 6)
    return any(app.screen.get_at((x, probe.y))[:3] == FOCUS for x in range(probe.x + 10, probe.right - 10))


def test_all_choices_by_arrows_and_enter_with_a_visible_focus():
    """Playtest: "the All choices list navigable with arrows and Enter, with a visible focus"."""
    def done(g):
        d = g.decision
        return d.player == 0 and len({str(a) for a in d.options}) >= 3 and d.kind == "attack_turn"
    app, table = table_at(reach(done, players=3))
    session = table.host.session
    press(app, pygame.K_a, "a")
    assert table.dialog_kind == "choose"
    names = [n for n, _ in table.dialog.choices]
    assert table.focus == names[0]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_UP)
    assert table.focus == names[1]
    redraw(app)
    assert ring_drawn(app, table.element_rect(names[1])), "the focus shows"
    wanted = session.game.decision.options[int(names[1].split(":")[1])]
    before = len(session.actions)
    press(app, pygame.K_RETURN)
    for _ in range(2):                                 # (it may ask first: Enter says yes)
        if table.dialog_kind == "confirm":
            press(app, pygame.K_RETURN)
    assert session.actions[before] == wanted


def test_tab_goes_through_every_option_of_the_table_and_enter_takes_it():
    """Issue 39, polish 2: "Tab order covers the table's options". In an attack turn Tab goes
    through everything that offers a move (hand, map, Lair Actions, track ...) and every button,
    in reading order, Shift+Tab back; the focused thing shows its tooltip; Enter chooses it
    (answering the table's questions by Enter too)."""
    def done(g):
        d = g.decision
        return d.player == 0 and d.kind == "attack_turn" and any(a.kind == "move" for a in d.options) and \
            any(a.kind == "play_card" for a in d.options)
    app, table = table_at(reach(done, players=3))
    session = table.host.session
    offered = {n for n in table.groups if not n.startswith(("option:", "button:")) and table.element(n)}
    buttons = {n for n in table.element_names() if n.startswith("button:")}
    assert any(n.startswith("hand:") for n in offered) and any(n.startswith("region:") for n in offered)
    order = []
    for _ in range(len(offered) + len(buttons)):
        press(app, pygame.K_TAB)
        order.append(table.focus)
    assert set(order) == offered | buttons and len(order) == len(set(order)), order
    assert order.index("button:end_turn") < order.index(next(n for n in order if n.startswith("region:"))) < \
        order.index(next(n for n in order if n.startswith("hand:"))), "reading order: the bar, the map, the hand"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, unicode="", mod=pygame.KMOD_SHIFT,
                                         scancode=0))
    app.pump()
    assert table.focus == order[-2], "Shift+Tab goes back"
    card = next(n for n in order if n.startswith("hand:") and n in table.groups)
    while table.focus != card:
        press(app, pygame.K_TAB)
    assert table.hover == card
    drawn_tip = table.element(card).tip
    assert drawn_tip, "the focused card has its tooltip"
    before = len(session.actions)
    wanted = {session.game.decision.options[i] for i in table.groups[card]}
    press(app, pygame.K_RETURN)
    for _ in range(3):                              # "which one?" (Enter takes the focused choice), "sure?"
        if len(session.actions) > before:
            break
        press(app, pygame.K_RETURN)
    assert len(session.actions) > before and session.actions[before] in wanted


@pytest.mark.parametrize("kind", ["discard", "place_dragon"])
def test_the_hint_says_why_at_setup_and_placement(kind):
    """Issue 39, polish 5: "why the hint suggests a move at setup and placement" (it said "it
    keeps your 0 VP and prepares the turns to come"). Setup: "Each player then chooses 1 card
    and discards it"; an Action Card plays in its region, an Any Region card anywhere (Action
    Cards). The reason comes with the host's answer (app.hint), from the seat's own hand."""
    session = reach(lambda g: g.decision.kind == kind and g.state.century == 1, players=4)
    g = session.game
    seat = g.decision.player
    app, table = table_at(session)
    table.seats.viewer = seat
    table.refresh()
    press(app, pygame.K_h)
    text = table.hinted["text"]
    assert "Why:" in text and "0 VP" not in text, text
    cards = g.cards
    hand = [c for c in g.state.players[seat].hand if not cards[c].is_hex]
    if kind == "place_dragon":
        region = text.split("Place your dragon in ")[1].split(".")[0]
        playable = {cards[c].name for c in hand if cards[c].region in (None, region)}
        assert (f"you can play {len(playable)} of your {len(hand)} cards" in text if playable else
                f"none of your cards plays in {region}" in text), text
        assert f"side facing it is {ICON_WORDS[g.facing_icon(region)]}" in text
    else:
        assert "you keep" in text or "your only card" in text, text


def test_every_button_of_the_table_is_reached_by_the_arrows():
    """Playtest: "every button reachable" (by the keyboard)."""
    from sprites.scenes.help import HelpScene
    app, table = solo()
    buttons = {n for n in table.element_names() if n.startswith("button:")}
    assert {"button:menu", "button:help", "button:standings"} <= buttons
    reached = set()
    for _ in range(len(buttons)):
        press(app, pygame.K_RIGHT)
        reached.add(table.focus)
    assert reached == buttons
    while table.focus != "button:help":
        press(app, pygame.K_LEFT)
    redraw(app)
    assert ring_drawn(app, table.element_rect("button:help"))
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, HelpScene)


# ----- 3. standings that say what is uncertain ---------------------------------------------------
@pytest.mark.parametrize("size,text", [((1100, 650), 150), ((1920, 1080), 100)])
def test_the_standings_mark_your_total_and_name_the_majorities_the_estimates_decide(monkeypatch, size, text):
    """Playtest: "your own total is shown as an exact '41 VP' while majorities you share with
    hidden lairs may go either way ...: show a range or mark every figure that depends on hidden
    lairs, and say which majorities are uncertain". The totals stay in sight at 1100 x 650."""
    from game.words import category
    from sprites.table.standings import KEY
    def done(g):
        d = g.decision
        st = g.standings(d.player)
        return g.state.century >= 3 and st["range"][0] < st["range"][1]
    session = reach(done, players=4)
    app, table = table_at(session, size=size)
    app.settings.text_scale = text
    app.settings_changed()
    st = session.game.standings(table.seats.viewer)
    me = next(e for e in st["scores"] if e["seat"] == table.seats.viewer)
    least, most = st["range"]
    drawn = DrawnText(monkeypatch)
    press(app, KEY)
    table.standings._image = None
    redraw(app)
    shown = drawn.strings()
    assert f"~{me['total']} VP ({least}-{most})" in shown or f"~{me['total']} VP" in shown
    names = [category(k) for k in st["uncertain"]]
    said = " ".join(shown)
    assert f"your total is {least} to {most} VP" in said and all(n in said for n in names)
    assert all(f"~ {n}" in shown for n in names), "their rows are marked"
    panel = pygame.Rect((0, 0), table.standings.rect(table.lay).size)         # (painted into its own picture)
    total = next(r for s, _, r in drawn.items if s == "Total")
    assert panel.contains(total), "the totals stay in sight"


# ----- 9. winning: the hint says why and shows its plan; the last century says what is open -------
def test_the_hint_says_why_and_shows_its_whole_plan_when_asked_again(monkeypatch):
    def done(g):
        d = g.decision
        return d.kind == "attack_turn" and len(d.options) > 5 and g.state.century >= 2
    app, table = table_at(reach(done, players=3, seeds=range(3, 80)))
    for _ in range(30):                        # a suggestion that plans more than one step
        press(app, pygame.K_h)
        if table.hinted and table.hinted.get("plan"):
            break
        table.apply(0)
    hinted = table.hinted
    assert hinted is not None and hinted.get("plan"), "no hint with a plan"
    assert "Why:" in hinted["text"] and "VP" in hinted["text"]
    assert "Hint again (H): its whole plan" in hinted["text"]
    press(app, pygame.K_h)
    hinted = table.hinted                      # (the hint asked again: a new one, with its plan)
    assert hinted["text"].count("1. ") == 1 and "Its plan for this turn: 1. " + hinted["plan"][0] in hinted["text"]
    drawn = DrawnText(monkeypatch)
    redraw(app)
    banner = " ".join(drawn.within(table.lay.map))
    assert "Its plan for this turn" in banner
    press(app, pygame.K_h)
    assert "Its plan" not in table.hinted["text"], "asked once more, it folds again"


def test_the_last_century_says_what_is_still_open_for_you(monkeypatch):
    """Playtest: "a last-century warning says what is still open for you ('you have raided 5 of
    6 regions')". Final Scoring, Step 1: "1 VP for each region in which the player has collected
    a village or city. 4 VP if they have collected a village or city from every region"."""
    session = reach(lambda g: g.state.century == g.data.setup["centuries"] and g.decision.player == 0
                    and g.decision.kind == "lair_action", players=3)
    app, table = table_at(session)
    goals = table.snap["goals"]
    g = session.game
    p = g.state.players[0]
    raided = sum(1 for r in g.ring if p.lair.villages.get(r, 0) + p.card.villages.get(r, 0)
                 + p.lair.cities.get(r, 0) + p.card.cities.get(r, 0))
    assert goals["regions"] == [raided, len(g.ring)]
    ind = g.data.scoring["independent"]
    assert goals["region_vp"] == (ind["per_region"] + (ind["every_region"] if raided == len(g.ring) - 1 else 0)
                                  if raided < len(g.ring) else 0)
    assert f"you have raided {raided} of {len(g.ring)} regions" in goals["text"]
    drawn = DrawnText(monkeypatch)
    redraw(app)
    card = table.element_rect("card")
    assert f"Last century: {raided} of {len(g.ring)} regions raided" in " ".join(drawn.within(card))
    assert goals["text"] in table.element("card").tip


# ----- 14. rematch; the replay plays by itself, jumps to a century, follows whose eyes ----------
def finished_game(kinds=("human", "easy", "easy"), variant="strategist", seed=3):
    from app.session import Seat, Session
    names, dragons = ["Ash", "Bryn", "Cora"], ["Black", "Blue", "Green"]
    s = Session.new([Seat(n, d, k) for n, d, k in zip(names, dragons, kinds)], seed=seed, variant=variant)
    rng = random.Random(seed)
    while not s.game.is_over:
        s.apply(rng.choice(s.game.decision.options))
    return s


def test_rematch_starts_the_same_seats_and_options_with_a_new_seed(monkeypatch):
    """Playtest: "Rematch (same seats and options, new seed) on the end screen"."""
    from sprites.scenes.scores import ScoresScene
    from sprites.scenes.table import TableScene
    session = finished_game()
    app = make_app()
    app.start_game(session, handoff=False)
    assert isinstance(app.scene, ScoresScene)
    old = app.scene.host
    monkeypatch.setattr(random, "randrange", lambda n: 4242)
    click(app, "button:rematch")
    table = app.scene
    assert isinstance(table, TableScene) and table.host is not old and not table.host.over
    assert table.host.seats == old.seats and table.host.table["variant"] == "strategist"
    assert table.host.session.seed == 4242 != session.seed and table.host.session.actions == []


def test_the_replay_plays_by_itself_and_jumps_to_a_century():
    """Playtest: "replay auto-play, jump to a century"."""
    session = finished_game(variant="standard")
    app = make_app()
    app.show_replay(session)
    scene = app.scene
    replay = scene.replay
    click(app, "replay:play")
    assert scene.part.playing
    for _ in range(3):
        scene.part.next_ms = 1                   # (its time has come)
        app.pump()
    assert replay.index == 3
    press(app, pygame.K_SPACE)
    assert not scene.part.playing
    click(app, "replay:century_next")
    starts = dict(replay.centuries())
    assert replay.index == starts[2] and replay.game.state.century == 2
    press(app, pygame.K_4)
    assert replay.index == starts[4] and replay.game.state.century == 4
    click(app, "replay:century_back")
    assert replay.index == starts[3]
    redraw(app)
    assert "Century 3 of 6" in scene.header()[0]


def test_the_replay_follows_whose_eyes_the_watcher_chooses_where_it_may():
    """Playtest: "whose eyes to follow" - within what the replay host allows: a finished game
    may be watched through any seat's eyes; an unfinished hot-seat game shows only what everyone
    may see, and offers no choice."""
    session = finished_game(kinds=("human", "human", "easy"), variant="standard")
    app = make_app()
    app.show_replay(session)
    scene = app.scene
    for _ in range(40):
        press(app, pygame.K_RIGHT)
    assert scene.element("replay:eyes") is not None
    click(app, "replay:eyes")
    assert scene.replay.followed is None or scene.replay.followed == 0
    while scene.replay.followed != 1:
        click(app, "replay:eyes")
    assert scene.view["seat"] == 1 and scene.view["players"][1]["hand"] is not None
    assert "Bryn's eyes" in scene.header()[1]
    press(app, pygame.K_RIGHT)
    assert scene.view["seat"] == 1, "the eyes stay while it steps"
    # an unfinished game with two people: no choice, and only what everyone may see
    from app.session import Seat, Session
    s = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue"), Seat("Cora", "Green", "easy")], seed=2)
    rng = random.Random(2)
    for _ in range(40):
        s.apply(rng.choice(s.game.decision.options))
    app.show_replay(s)
    scene = app.scene
    assert scene.replay.eyes_allowed() == [] and scene.replay.follow(0) is False
    click(app, "replay:eyes")
    assert scene.replay.eyes() is None, "the button says whose eyes, and why it cannot change them"
    assert all(p["hand"] is None for p in scene.view["players"])


# ----- 15. text that fits at 1100 x 650 with 150 % text, and at 1920 x 1080 ------------------------
def small_large_text(session):
    settings = Settings()
    settings.text_scale = 150
    app = make_app(size=(1100, 650), settings=settings)
    table = app.start_game(session, handoff=False)
    table.summary = None
    table.refresh()
    return app, table


def test_a_large_hand_shows_every_cards_name_a_page_at_a_time(monkeypatch):
    """Playtest: "the hand collapses to vertical strips with one card visible ...: lay the hand
    out so at least every card's name and colour stays readable"."""
    session = reach(lambda g: len(g.state.players[g.decision.player].hand) >= 11, players=3)
    app, table = small_large_text(session)
    hv = table.handview
    assert hv.page(table.hand) is not None, "(a hand too large for one row here)"
    seen = set()
    for _ in range(len(table.hand)):
        shown = [n for n in table.element_names() if n.startswith("hand:") and n[5:].isdigit()]
        assert shown
        for name in shown:
            assert table.element_rect(name).w >= hv.spine_w(table.hand[int(name[5:])]) - 1, "its name's edge shows"
            seen.add(table.hand[int(name[5:])])
        if table.element("hand:next") is None:
            break
        click(app, "hand:next")
    assert seen == set(table.hand), "every card can be seen"
    while table.element("hand:prev") is not None:
        click(app, "hand:prev")
    assert hv.first == 0
    drawn = DrawnText(monkeypatch)
    redraw(app)
    assert any(s.startswith("+") for s in drawn.within(table.lay.hand)), "the arrow counts the other cards"


def test_the_dragons_rows_keep_each_ai_level_and_the_turn_order_its_words(monkeypatch):
    """Playtest: at 1100x650 with 150 % text "'Dain [AI]' loses its level"; "the dragons' rows say
    '[AI]' for some and '[AI normal]' for others in one game". Six dragons, four AI levels: every
    row names its level, and the turn order's words are not cut."""
    from app.session import Seat, Session
    from sprites.table.rightpanel import turn_words
    seats = [Seat("Ash", "Black"), Seat("Bryn", "Blue", "normal"), Seat("Cora", "Green", "easy"),
             Seat("Dain", "Orange", "expert"), Seat("Elin", "Red", "hard"), Seat("Finn", "White", "normal")]
    for size, text in (((1100, 650), 150), ((1600, 900), 100), ((1920, 1080), 100)):
        for n in (4, 6):
            s = Session.new(seats[:n], seed=2)
            settings = Settings()
            settings.text_scale = text
            app = make_app(size=size, settings=settings)
            table = app.start_game(s, handoff=False)
            drawn = DrawnText(monkeypatch)
            redraw(app)
            rows = table.right.player_rows(n)
            for seat, row in zip(seats[1:n], rows[1:]):
                assert f"{seat.name} [AI {seat.kind}]" in drawn.within(row), (size, text, n, drawn.within(row))
            said = turn_words(table.snap["turn_order"], 0, [x.name for x in seats[:n]])
            assert set(said) & set(drawn.within(table.right.turns_rect())), (size, n)
        app.show_replay(s)                          # ("... and '[AI]' in a replay")
        drawn.clear()
        redraw(app)
        rows = app.scene.right.player_rows(n)
        for seat, row in zip(seats[1:n], rows[1:]):
            assert f"{seat.name} [AI {seat.kind}]" in drawn.within(row), ("replay", size, drawn.within(row))


def test_the_phase_is_never_cut_from_the_prompt_bars_header(monkeypatch):
    """Playtest: "at 1100x650 with 150 % text the phase title is cut"."""
    from app.session import Seat, Session
    from sprites.table.tips import PHASES
    s = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue"), Seat("Cora", "Green")], seed=5,
                    variant="desolation")
    rng = random.Random(5)
    app, table = small_large_text(s)
    drawn = DrawnText(monkeypatch)
    checked = set()
    for _ in range(120):
        g = s.game
        if g.is_over:
            break
        drawn.clear()
        redraw(app)
        head = next(x for x in drawn.within(table.lay.prompt) if x.startswith("Century"))
        assert not head.endswith("...") and PHASES[g.state.phase] in head, head
        checked.add(g.state.phase)
        table.apply(rng.randrange(len(table.options)))
    assert {"lair", "card_selection", "attack"} <= checked


def test_the_log_reads_as_large_as_the_dragons_rows_at_1920_by_1080(monkeypatch):
    """Playtest: "at 1920x1080 the log is small": its lines are the size of the right column's
    other words, and grow with the window."""
    from app.session import Seat, Session
    s = Session.new([Seat("Ash", "Black"), Seat("Bryn", "Blue", "easy")], seed=5)
    sizes = {}
    for size in ((1600, 900), (1920, 1080)):
        app = make_app(size=size)
        table = app.start_game(s, handoff=False)
        for _ in range(10):
            app.pump()
        drawn = DrawnText(monkeypatch)
        redraw(app)
        log = table.right.log_rect
        lines = [z for x, z, r in drawn.items if r is not None and log.contains(pygame.Rect(r)) and len(x) > 12]
        first = table.right.player_rows(2)[0]
        row = [z for x, z, r in drawn.items if x.startswith("Ash") and r is not None and first.contains(pygame.Rect(r))]
        sizes[size] = max(set(lines), key=lines.count)
        assert sizes[size] >= max(row), "as large as the names in the rows"
    assert sizes[(1920, 1080)] > sizes[(1600, 900)]


# ----- smaller things seen ---------------------------------------------------------------
def test_desolation_shows_no_vp_for_terrify_and_the_strategist_hand_off_no_hidden_lair(monkeypatch):
    """Playtest: "Desolation shows the Dragon Ward's '+3 VP' and Terrify's VP text" (there is
    "no individual scoring"); "The Strategist's hand-off says nobody else sees the lair
    (lairs are open)" ("Players play without their Lair Screens")."""
    from app.session import Seat, Session
    from sprites.scenes.handoff import HandOffScene
    two = [Seat("Ash", "Black"), Seat("Bryn", "Blue")]
    for variant in ("desolation", "standard"):
        app, table = table_at(Session.new(two, seed=4, variant=variant))
        drawn = DrawnText(monkeypatch)
        redraw(app)
        markers = " ".join(drawn.within(table.element_rect("info:markers")))
        vp = f"+{table.data.scoring['independent']['terrify']} VP"
        assert (vp in markers) == (variant == "standard"), markers
        assert (vp in table.tips["info:markers"]) == (variant == "standard")
        if variant == "desolation":
            assert "Terrify counter" in markers and "no VP in Desolation" in table.tips["info:markers"]
    for variant, words in (("strategist", "this player's hand."), ("standard", "this player's hand and lair.")):
        app, table = table_at(Session.new(two, seed=4, variant=variant))
        app.push(HandOffScene(app, table))          # (as the table opens it between two players)
        drawn = DrawnText(monkeypatch)
        redraw(app)
        assert any(s.endswith(words) and "nobody else sees" in s for s in drawn.strings()), variant


@pytest.mark.parametrize("size,text", [((1600, 900), 100), ((1100, 650), 150)])
def test_the_hint_lies_over_nothing_of_the_open_standings(monkeypatch, size, text):
    """Playtest: "The hint banner covers the standings' subtitle". With the standings open the
    hint lies in room the sheet leaves for it: over no word of the sheet, and the totals in sight."""
    from sprites.table import toplayer
    session = reach(lambda g: g.decision.kind == "attack_turn" and g.state.century >= 2, players=3)
    settings = Settings()
    settings.text_scale = text
    app = make_app(size=size, settings=settings)
    table = app.start_game(session, handoff=False)
    table.summary = None
    press(app, pygame.K_v)
    press(app, pygame.K_h)
    assert table.standings.open and table.hinted
    from sprites import theme
    words, real = [], theme.blit_text

    def on_the_sheet(surface, text, *args, **kw):      # the sheet is painted on its own picture
        out = real(surface, text, *args, **kw)
        if surface.get_size() == sheet.size and surface is not app.screen and out is not None:
            words.append((str(text), pygame.Rect(out).move(sheet.topleft)))
        return out
    monkeypatch.setattr(theme, "blit_text", on_the_sheet)
    sheet = table.standings.rect(table.lay)
    table.standings._image = None                      # (painted afresh)
    redraw(app)
    [hint] = toplayer.hint_rects(table.frame(), table.panels())
    assert any(s == "Total" for s, _ in words)
    assert [s for s, r in words if r.colliderect(hint)] == []
    if size == (1600, 900):
        assert any(s.startswith("As Ash knows it") for s, _ in words), "the subtitle stays"


@pytest.mark.parametrize("size,text", [((1100, 650), 150), ((1600, 900), 100)])
def test_the_log_has_no_empty_century_and_no_blank_gap_at_its_top(size, text):
    """Playtest: "an empty expanded 'Century 2' header and a blank gap at the top of the log".
    Scrolled anywhere with the wheel, and filtered to one dragon, the log's rows start at its
    top, and an unfolded century header has lines of its own under it."""
    session = reach(lambda g: g.state.century >= 4, players=3)
    settings = Settings()
    settings.text_scale = text
    app = make_app(size=size, settings=settings)
    table = app.start_game(session, handoff=False)
    table.summary = None
    log = table.right.log
    pos = table.right.log_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()
    for c in range(1, table.view["century"]):        # the earlier centuries unfolded, as a reader does
        if table.element(f"log:century:{c}") is not None and log.folded(c, table.view["century"]):
            click(app, f"log:century:{c}")
    checked = 0
    for only in (None, 0):
        if only is not None:
            click(app, f"log:seat:{only}")
        for _ in range(200):
            shown = log.layout(table.view["log"], table.view["century"])
            assert shown[0][1].y == log.area().y, "no blank rows above the first"
            for (row, _), (after, _) in zip(shown, shown[1:]):      # (the last row: its lines may be below)
                if row[0] == "head" and not row[3]:
                    assert after[0] == "line", f"Century {row[1]} is open with none of its lines under it"
            checked += 1
            before = log.scroll
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
            app.pump()
            if log.scroll == before:
                break
    assert checked > 6
