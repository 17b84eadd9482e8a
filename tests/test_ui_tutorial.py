"""The guided first game (issue 9, "Onboarding and settings": "a short
interactive tutorial ... a fixed seed, scripted prompts pointing at the parts
of the table, the player makes the real moves"; Done when: "a tutorial run
reaches its last step by synthetic clicks")."""
import os
import re

import pygame
import pytest
from ui_helpers import DrawnText, click, make_app, option_elements, play_option, redraw

from game.data import DataError
from sprites.scenes.tutorial import TutorialScene
from sprites.scenes.title import TitleScene
from app import tutorial_script as tutorial

PREFERRED = {"discard": "Gallia", "lair_action": "hunt_and_hoard", "place": "Germania"}


def start(tmp_path, size=(1600, 900), text=None):
    """The tutorial opened from the title (``text``: the Text size setting, in per cent)."""
    settings = None
    if text is not None:
        from sprites.settings import Settings
        settings = Settings()
        settings.text_scale = text
    app = make_app(tmp_path, size=size, settings=settings)
    app.push(TitleScene(app, seed=1))
    click(app, "button:tutorial")
    assert isinstance(app.scene, TutorialScene)
    return app, app.scene


def wait_for_player(app, scene, limit=400):
    """Let the AI dragons move until the step is the player's to do."""
    for _ in range(limit):
        if not scene.guide.waiting(scene.decision):
            return
        app.pump()
    raise AssertionError(f"still waiting at step {scene.guide.step.id}")


def do_step(app, scene):
    """Make a move the step asks for, by clicking what the table outlines."""
    step = scene.guide.pointing()
    options = scene.host.game.decision.options
    wanted = [i for i, a in enumerate(options) if a.kind in step.do]
    assert wanted, f"step {step.id}: nothing of {step.do} is offered"
    like = PREFERRED.get(options[wanted[0]].kind)
    best = next((i for i in wanted if like and like.lower() in str(options[i]).lower()), wanted[0])
    rects, polygons = scene.targets()
    assert rects or polygons, f"step {step.id}: nothing is outlined on the table"
    play_option(app, scene, best)


def test_a_tutorial_run_reaches_its_last_step_by_clicks(tmp_path):
    app, scene = start(tmp_path)
    seen = []
    for _ in range(60):
        step = scene.guide.step
        if step is None or step is scene.guide.steps[-1]:
            break
        seen.append(step.id)
        assert scene.element("tutorial:leave") is not None      # it can be left at any time
        if step.do:
            wait_for_player(app, scene)
            if scene.guide.step is step:
                do_step(app, scene)
            seen.append(scene.guide.step.id)
        else:
            click(app, "tutorial:next")
    assert scene.guide.step is scene.guide.steps[-1], f"stopped at {seen[-1]}"
    # the real moves were made: the player discarded, chose a Lair Action, took a card, placed, played and ended
    assert {"discard", "lair_action", "select_card", "place", "play_card", "end_turn"} <= set(scene.guide.moves)
    for sid in ("welcome", "table", "discard", "lair", "track", "place", "play", "end"):
        assert sid in seen
    click(app, "tutorial:play_on")           # play on: an ordinary table, the same game
    assert type(app.scene).__name__ == "TableScene" and app.scene.host.session is scene.host.session


def test_the_tutorial_can_be_left_at_once(tmp_path):
    app, scene = start(tmp_path)
    click(app, "tutorial:leave")
    assert isinstance(app.scene, TitleScene)


def test_each_step_points_at_the_elements_that_offer_it(tmp_path):
    """The outlines come from the engine's options: at the discard step, exactly the hand cards offered."""
    app, scene = start(tmp_path)
    click(app, "tutorial:next")
    click(app, "tutorial:next")
    assert scene.guide.step.id == "discard"
    rects, _ = scene.targets()
    offered = {scene.element_rect(n).topleft for n, idx in scene.groups.items() if n.startswith("hand:")}
    assert {r.topleft for r in rects} == offered and offered


def test_prompts_take_rule_numbers_from_the_data():
    """No digit is written in the script's texts (key names like F1 aside): numbers come
    from data/ ({setup.deal} ...)."""
    for text in tutorial.raw_texts():
        assert not re.search(r"\d", re.sub(r"\{[^}]*\}|\bF\d+\b", "", text)), text
    script = tutorial.load_script()
    from game import default_data
    setup = default_data().setup
    discard = next(s for s in script.steps if s.id == "discard")
    assert f"dealt {setup['deal']} Action Cards" in discard.text


@pytest.mark.parametrize("change, problem", [
    (("do: [discard]", "do: [dicsard]"), "data/tutorial.yaml: steps[2].do: unknown action kind 'dicsard'"),
    (("dealt {setup.deal}", "dealt {setup.dael}"), "data/tutorial.yaml: steps[2].text: {setup.dael} names no number"),
    (("seed: 2", "seed: two"), "data/tutorial.yaml: seed: must be a whole number"),
    (("point: [area:map,", "point: [area:sea,"), "data/tutorial.yaml: steps[1].point: must list parts"),
    # Values of the wrong shape are problems too, never a TypeError at the window's start (they were).
    (("id: table", "id: {table: 1}"), "data/tutorial.yaml: steps[1].id: must be a name used by no other step"),
    (("do: [discard]", "do: [[discard]]"), "data/tutorial.yaml: steps[2].do: unknown action kind ['discard']"),
    (("dragon: Blue,", "dragon: [Blue],"), "data/tutorial.yaml: seats[1].dragon: unknown dragon ['Blue']"),
    # What the engine refuses when the tutorial starts is refused when the file is read.
    (("seed: 2", "seed: 9223372036854775808"), "data/tutorial.yaml: seed: must be a whole number from 0 to"),
    (("{name: Bryn,", "{name: [Bryn],"), "data/tutorial.yaml: seats[1].name: a name must be text"),
    (("{dragon: Black, kind: human}", "{name: \"\\e[2J\", dragon: Black, kind: human}"),
     "data/tutorial.yaml: seats[0].name: a name cannot contain the character \\x1b"),
])
def test_a_bad_script_gives_one_clear_line(tmp_path, change, problem):
    with open(os.path.join(tutorial.DATA_DIR, tutorial.FILE), encoding="utf-8") as f:
        text = f.read()
    assert change[0] in text
    bad = tmp_path / "tutorial.yaml"
    bad.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        tutorial.load_script(str(bad))
    assert len(err.value.problems) == 1 and err.value.problems[0].startswith(problem), err.value.problems


def test_the_window_does_not_start_with_a_bad_script(tmp_path, monkeypatch, capsys):
    """Like the other data files: one line naming the file, the entry and the problem; exit code 2."""
    import argparse
    from sprites import app as app_module
    with open(os.path.join(tutorial.DATA_DIR, tutorial.FILE), encoding="utf-8") as f:
        text = f.read()
    (tmp_path / tutorial.FILE).write_text(text.replace("do: [discard]", "do: [dicsard]"), encoding="utf-8")
    monkeypatch.setattr(tutorial, "DATA_DIR", str(tmp_path))
    code = app_module.run(argparse.Namespace(screenshot=str(tmp_path / "x.png"), screen="title", size=(1100, 650),
                                             seed=1, players=4, variant="standard", steps=0))
    err = capsys.readouterr().err
    assert code == 2 and not (tmp_path / "x.png").exists()
    assert "data/tutorial.yaml: steps[2].do: unknown action kind 'dicsard'" in err and "Traceback" not in err


@pytest.mark.parametrize("colour_blind, shown, not_shown", [(True, "Vermilion Dragon (R)", "Red Dragon"),
                                                          (False, "Red Dragon (R)", "Vermilion")])
def test_the_guide_names_your_dragon_by_the_colour_it_is_drawn_in(tmp_path, monkeypatch, colour_blind, shown,
                                                                  not_shown):
    """With the colour-blind palette on, the table calls the Red Dragon "Vermilion"
    (hand-off, dragons' rows); the guide's welcome says the same, not "Red"."""
    with open(os.path.join(tutorial.DATA_DIR, tutorial.FILE), encoding="utf-8") as f:
        text = f.read()
    swapped = text.replace("{dragon: Black, kind: human}", "{dragon: Red, kind: human}")
    assert swapped != text
    (tmp_path / tutorial.FILE).write_text(swapped, encoding="utf-8")
    monkeypatch.setattr(tutorial, "DATA_DIR", str(tmp_path))
    drawn = DrawnText(monkeypatch)
    app = make_app(tmp_path)
    app.settings.colour_blind = colour_blind
    app.push(TitleScene(app, seed=1))
    click(app, "button:tutorial")
    assert isinstance(app.scene, TutorialScene) and app.scene.guide.step.id == "welcome"
    drawn.clear()
    redraw(app)
    assert shown in drawn.joined() and not_shown not in drawn.joined()

@pytest.mark.parametrize("screen, scene", [("tutorial", "TutorialScene"), ("settings", "SettingsScene")])
def test_screenshot_draws_the_tutorial_and_the_settings(tmp_path, capsys, screen, scene):
    import argparse
    from app.cli import SCREENS
    from sprites.shot import screenshot
    assert screen in SCREENS
    out = tmp_path / f"{screen}.png"
    assert screenshot(argparse.Namespace(screenshot=str(out), screen=screen, size=(1100, 650), seed=1, players=4,
                                         variant="standard", steps=0)) == 0
    assert out.stat().st_size > 10000 and f"({scene}, 1100x650)" in capsys.readouterr().out


# The QA path: the player places in Germania, plays Attack (Germania), attacks, then uses
# the hex, which gives one more Attack icon to assign.
QA_PATH = {"discard": "Gallia", "lair_action": "hunt_and_hoard", "place": "Germania", "play_card": "attack_germania"}


def pointed(scene, prefer):
    """The option the panel points at (of several, the one ``prefer`` names for its kind)."""
    d, guide = scene.host.game.decision, scene.guide
    wanted = [i for i, a in enumerate(d.options) if a.kind in guide.pointing().do]
    assert wanted or guide.asks(scene.host.game), f"{guide.step.id}: the game asks {d.prompt!r} and the panel says nothing"
    assert wanted, f"{guide.step.id}: nothing to point at"
    rects, polygons = scene.targets()
    assert rects or polygons, f"step {guide.step.id}: nothing is outlined on the table"
    like = prefer.get(d.options[wanted[0]].kind, "").lower()
    return next((i for i in wanted if like and like in str(d.options[i]).lower()), wanted[0])


def walk(app, scene, prefer=QA_PATH, limit=80):
    """Play the tutorial by synthetic clicks on what its panel points at (Next, or the
    outlined elements); yield before each step and when a step is the player's to do."""
    guide = scene.guide
    for _ in range(limit):
        yield
        if guide.step is guide.steps[-1]:
            return
        if not guide.step.do:
            click(app, "tutorial:next")
            continue
        wait_for_player(app, scene)
        yield
        if guide.step.do:
            play_option(app, scene, pointed(scene, prefer))
    raise AssertionError("the tutorial did not reach its end")


def test_following_the_pointers_the_steps_only_go_forward(tmp_path):
    """Played by clicking what the panel points at: the step number never goes back, no
    number is skipped, every question of the game has a step (or the panel names it),
    and the last step is reached."""
    app, scene = start(tmp_path)
    guide, numbers, asides = scene.guide, [], []
    for _ in walk(app, scene):
        numbers.append(guide.number())
        asides.append(guide.aside and guide.aside.id)
    assert guide.step is guide.steps[-1], f"stopped at {guide.step.id}"
    shown = [n for n, _ in numbers if n is not None]
    assert all(b in (a, a + 1) for a, b in zip(shown, shown[1:])), (numbers, guide.seen)   # never back, never skips
    assert numbers[-1][0] == numbers[-1][1], numbers                            # "step 9 of 9"
    assert "attack" in asides          # the hex's Attack icon: the panel said so, at the same step number


def test_an_optional_step_passed_over_is_not_counted(tmp_path):
    """Without a Feat the "Level up!" step is passed over: the last step follows the
    previous number ("step 8" then "step 9 of 9")."""
    app, scene = start(tmp_path)
    numbers = [scene.guide.number() for _ in walk(app, scene, prefer={})]
    assert "level" not in scene.guide.seen
    assert numbers[-1][0] == numbers[-1][1] == numbers[-2][0] + 1, numbers


@pytest.mark.parametrize("prefer", [QA_PATH, {}], ids=["every-part-of-the-turn", "a-short-turn"])
def test_the_step_count_matches_the_steps(tmp_path, prefer):
    """Issue 39, polish 6: "its step count matches its steps". "Step n of N" keeps one N from
    the first step to the last, whatever the turn's parts the player does (a group of steps is
    one step; an optional one is an extra step, without a number), every number from 1 to N is
    shown, and the front page and docs/playing.md say N."""
    app, scene = start(tmp_path)
    numbers = [scene.guide.number() for _ in walk(app, scene, prefer=prefer)]
    totals = {total for _, total in numbers}
    assert len(totals) == 1, numbers
    total = totals.pop()
    shown = sorted({n for n, _ in numbers if n is not None})
    assert shown == list(range(1, total + 1)), numbers
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for doc in ("README.md", os.path.join("docs", "playing.md")):
        with open(os.path.join(root, doc), encoding="utf-8") as fh:
            said = re.findall(r"(\d+) short steps", fh.read())
        assert said == [str(total)], f"{doc} says {said} short steps; the tutorial has {total}"


def follow_to(app, scene, step_id):
    """Follow the pointers (the QA path) until the step ``step_id`` is the player's to do."""
    for _ in walk(app, scene):
        if scene.guide.step.id == step_id and not scene.guide.waiting(scene.decision):
            return
    raise AssertionError(f"never reached {step_id}")


def move_to(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()


def test_the_panel_hides_the_table_under_it_from_the_pointer(tmp_path, monkeypatch):
    """Over the panel, no region under it is hovered or explained, even after the table
    changes (an AI move redraws it) while the pointer rests there."""
    from sprites.table import overlays
    app, scene = start(tmp_path)
    panel = scene.tutorial.panel

    def under(p):
        return [e.name for e in scene.elements if e.rect.collidepoint(p) and (e.hit is None or e.hit(p))]
    pos = next((x, y) for x in range(panel.x + 5, panel.right - 5, 7) for y in range(panel.y + 5, panel.bottom - 5, 7)
               if under((x, y))[1:2] and under((x, y))[1].startswith("region:"))
    move_to(app, pos)
    scene.refresh()                       # what an AI dragon's move does
    tips = []
    monkeypatch.setattr(overlays, "tooltip", lambda surface, lay, text, *a: tips.append(text))
    redraw(app)
    assert scene.hover == "tutorial:panel" and not tips, (scene.hover, tips)


def test_a_played_card_is_not_enlarged_after_it_left_the_hand(tmp_path):
    """The pointer rests where the player clicked the card (a copy of it may be left
    there, the other copy's slot is empty): no card is enlarged there (nor its tooltip
    shown) until the pointer moves."""
    app, scene = start(tmp_path)
    follow_to(app, scene, "play")
    d = scene.host.game.decision
    index = next(i for i, a in enumerate(d.options) if a.kind == "play_card" and "attack_germania" in str(a))
    name = option_elements(scene, index)[0]
    move_to(app, scene.element_point(name))
    redraw(app)
    assert scene.hover == name                # the card is enlarged
    play_option(app, scene, index)
    redraw(app)
    assert scene.hover is None or not scene.hover.startswith("hand:"), (scene.hover, scene.hand)
    move_to(app, (scene.pointer[0] + 6, scene.pointer[1]))      # the pointer moves: the card under it is shown
    assert scene.hover is None or scene.hover.startswith("hand:")


@pytest.mark.parametrize("size, text", [((1100, 650), 100), ((1600, 900), 100), ((1100, 650), 150),
                                        ((1280, 720), 100), ((1920, 1080), 150)])
def test_the_panel_hides_nothing_the_step_is_about(tmp_path, size, text):
    """At every step of a whole run, the panel covers none of what the step points at (issue 39,
    polish 6: "the box never covers its own target": the parts of the table it names, however
    large, with their outlines, and not one pixel of the regions it outlines), nor any element
    that offers a move now (of a region offered: its name and dragon spot)."""
    app, scene = start(tmp_path, size, text)
    guide = scene.guide
    geo = scene.map.geo
    checked = set()
    for _ in walk(app, scene):
        rects, polygons = scene.targets()
        must = [("pointed", r) for r in rects]
        panel = scene.tutorial.panel
        for points in polygons:
            shape = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
            pygame.draw.polygon(shape, (255, 255, 255), points)
            hidden = pygame.mask.from_surface(shape).overlap_area(pygame.mask.Mask(panel.size, fill=True), panel.topleft)
            assert not hidden, f"step {guide.step.id} at {size}: the panel hides {hidden} px of an outlined region"
        must += [(n, scene.element_rect(n)) for n in scene.groups
                 if not n.startswith(("option:", "button:", "region:")) and scene.element(n) is not None]   # (shown)
        offered = {n[7:] for n in scene.groups if n.startswith("region:")}
        offered |= {n for n, pts in geo.polygons.items() if pts in polygons}
        must += [(f"{n} label", geo.label_rects[n]) for n in offered]
        hidden = [n for n, r in must if scene.tutorial.panel.colliderect(r)]
        assert not hidden, f"step {guide.step.id} at {size}: the panel hides {hidden}"
        checked.add(guide.step.id)
    assert checked == set(guide.seen) and len(checked) >= len(guide.steps) - 1, (checked, guide.seen)


@pytest.mark.parametrize("size, text", [((1100, 650), 100), ((1280, 720), 100), ((1100, 650), 150),
                                        ((1600, 900), 100)])
def test_leave_never_comes_under_the_pointer(tmp_path, size, text):
    """Issue 39, polish 6: "Leave does not move under the cursor". Played by clicks, the pointer
    stays where it clicked (Next, a card, a region); whatever the next step, its panel never
    puts Leave there: a second click on Next never leaves the tutorial."""
    app, scene = start(tmp_path, size, text)
    for _ in walk(app, scene):
        assert isinstance(app.scene, TutorialScene)
        if scene.pointer is not None:
            under = scene.element_at(scene.pointer)
            assert under is None or under.name != "tutorial:leave", \
                f"step {scene.guide.step.id}: Leave came under the pointer at {scene.pointer}"
        redraw(app)                     # an AI move's caption never lies over the panel
        caption = scene.happened.caption_rect
        assert caption is None or not caption.colliderect(scene.tutorial.panel), scene.guide.step.id


def test_the_tutorial_teaches_how_to_win_as_the_rulebook_scores(tmp_path, monkeypatch):
    """Issue 25, point 9: "the tutorial covers scoring (majorities, regions raided, cities,
    Terrify)". Final Scoring Chart: "For each region where you have destroyed a settlement 1; If
    you destroy a settlement from every region 4; If you have acquired the +3 VP token 3; Each
    city destroyed 1; If you have amassed the most livestock 5; ... the second most livestock 2;
    If you destroyed the most settlements (RV) in a region 6; ... the second most settlements
    (RV) in a region 3"; Step 3: "Village pieces are worth 1 RV, and city pieces are worth 3 RV".
    The step shows during a played tutorial, with one title to each step number shown."""
    drawn = DrawnText(monkeypatch)
    app, scene = start(tmp_path)
    titles = {}
    for _ in walk(app, scene):
        drawn.clear()
        redraw(app)
        number = f"{scene.guide.number()[0]}{scene.guide.part()}"     # as the counter shows it ("7c")
        title = scene.tutorial._content()[0]
        assert titles.setdefault(number, title) == title, f"step {number}: {titles[number]!r} and {title!r}"
        if scene.guide.step.id == "scoring":
            text = " ".join(drawn.strings())
            for words in ("1 VP for each region you took a settlement from", "4 more for all of them",
                          "1 VP for each city you destroyed", "3 VP for the counter of Terrify",
                          "The most of each resource scores 5 VP, the second most 2",
                          "(a village 1, a city 3) scores 6 VP, the second most 3"):
                assert words in text, words
    assert "scoring" in scene.guide.seen


def panel_head(drawn, scene):
    """The counter line drawn on the panel ("Tutorial - step 7c of 9")."""
    return next(s for s in drawn.within(scene.tutorial.panel) if s.startswith("Tutorial - "))


def test_the_box_speaks_of_one_thing_and_its_counter_moves_with_it(tmp_path, monkeypatch):
    """Playtest: a box titled "End your turn" said "Now: Attack a settlement..." and one titled
    "The Action Hex" gave the attack text; "step 7 of 9" stayed through five different boxes.
    Played through every part of the turn, each box's title is the title of the step whose text
    it shows, and the counter changes whenever the box asks for something new (and never names
    two different boxes)."""
    drawn = DrawnText(monkeypatch)
    app, scene = start(tmp_path)
    texts = {scene.tutorial._named(s.text.split("{now}")[0]): s for s in scene.guide.steps}   # (now: when shown)
    shown, boxes = [], {}
    for _ in walk(app, scene):
        drawn.clear()
        redraw(app)
        title, text, _ = scene.tutorial._content()
        about = [s for t, s in texts.items() if t in text]
        assert [s.title for s in about] == [title], (title, text)
        head = panel_head(drawn, scene)
        if not shown or shown[-1] != (head, title):
            shown.append((head, title))
        assert boxes.setdefault(head, title) == title, f"{head!r}: {boxes[head]!r} and {title!r}"
    titles = [t for _, t in shown]
    assert len(titles) == len(boxes), shown            # every new box, a new counter
    assert {"Attack a settlement", "The Action Hex", "End your turn"} <= set(titles), shown


def test_the_last_box_says_where_the_game_is_when_it_is_shown(tmp_path, monkeypatch):
    """Playtest: "The AI dragons now finish the century; then come Settlement Growth..." was
    shown in Century 2's Awakening. The box names where the game is, as the prompt bar does,
    when it is shown and after the AI dragons played on into the next century."""
    from sprites.table import tips as tiptext
    drawn = DrawnText(monkeypatch)
    app, scene = start(tmp_path)
    for _ in walk(app, scene):
        pass
    guide = scene.guide
    assert guide.step is guide.steps[-1]
    moments = []
    for _ in range(400):
        drawn.clear()
        redraw(app)
        v = scene.view
        words = " ".join(drawn.within(scene.tutorial.panel))
        assert f"Century {v['century']} of 6, {tiptext.PHASES[v['phase']]}" in words, (v["century"], v["phase"], words)
        assert "now finish the century" not in words
        if (v["century"], v["phase"]) not in moments:
            moments.append((v["century"], v["phase"]))
        if len(moments) == 3:
            break
        if scene.decision is not None and scene.decision["player"] == guide.human:
            play_option(app, scene, 0)             # the player plays on under the last box
        else:
            app.pump()
    assert len(moments) == 3 and guide.step is guide.steps[-1], moments


def card_region_cover(scene):
    """Pixels of the regions where the player's cards can be played that the panel hides."""
    v = scene.view
    regions = {scene.data.cards[c].region for c in v["players"][v["seat"]]["hand"] or []} - {None}
    panel, hidden = scene.tutorial.panel, {}
    for name in regions:
        shape = pygame.Surface(scene.app.screen.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(shape, (255, 255, 255), scene.map.geo.polygons[name])
        n = pygame.mask.from_surface(shape).overlap_area(pygame.mask.Mask(panel.size, fill=True), panel.topleft)
        if n:
            hidden[name] = n
    return hidden


def test_the_box_keeps_off_the_regions_of_your_cards_and_the_lair_actions(tmp_path):
    """Playtest: the boxes of steps 1 and 6 (waiting for the AI dragons) hid Germania, where the
    player's cards are played, and step 2's hid the Lair Action board. At every moment of a run
    (1600x900), the box hides no pixel of a region of the player's cards, nor a Lair Action."""
    app, scene = start(tmp_path)
    moments = set()
    for _ in walk(app, scene):
        step = scene.guide.step.id
        moments.add((step, scene.guide.waiting(scene.decision)))
        hidden = card_region_cover(scene)
        assert not hidden, f"step {step}: the box hides {hidden}"
        rows = [e.name for e in scene.elements
                if e.name.startswith("lair_action:") and e.rect.colliderect(scene.tutorial.panel)]
        assert not rows, f"step {step}: the box hides {rows}"
    assert {("welcome", False), ("table", False), ("place", True)} <= moments, moments


@pytest.mark.parametrize("size, text", [((1100, 650), 100), ((1100, 650), 150), ((1600, 900), 100)])
def test_the_box_buttons_never_overlap(tmp_path, size, text):
    """Rendered at 1100x650, step 2's box in the narrow left column drew "Leave the tutorial"
    over "Next" (it read "lext"). At every moment of a run, the box's buttons lie inside it,
    clear of each other."""
    app, scene = start(tmp_path, size, text)
    for _ in walk(app, scene):
        panel = scene.tutorial.panel
        rects = {n: scene.element_rect(n) for n in ("tutorial:leave", "tutorial:next", "tutorial:play_on")
                 if scene.element(n) is not None}
        assert all(panel.contains(r) for r in rects.values()), (scene.guide.step.id, panel, rects)
        names = sorted(rects)
        clash = [(a, b) for a in names for b in names if a < b and rects[a].colliderect(rects[b])]
        assert not clash, f"step {scene.guide.step.id} at {size}: {clash}"
