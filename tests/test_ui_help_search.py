"""F1 help (issue 9, "Onboarding and settings": "F1 help searchable by rule
name, with the rulebook section for each topic")."""
import os

import pygame
import pytest
from ui_helpers import DrawnText, click, make_app, press, redraw

from game import default_data
from sprites.scenes.help import HelpScene, topics

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rulebook_headings():
    """The lines of shared/rules/rulebook.txt (beside the repository or above it)."""
    folder = ROOT
    while True:
        path = os.path.join(folder, "shared", "rules", "rulebook.txt")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                return {line.strip() for line in f}
        if os.path.dirname(folder) == folder:
            pytest.skip("shared/rules/rulebook.txt is not beside this repository")
        folder = os.path.dirname(folder)


def test_each_topic_cites_a_section_of_the_rulebook():
    lines = rulebook_headings()
    cited = [t for t in topics(default_data()) if t.section is not None]
    assert len(cited) >= 20
    for topic in cited:
        assert topic.section in lines, f"{topic.title}: no section {topic.section!r} in the rulebook"
    assert sum(t.section is None for t in topics(default_data())) == 1      # only the controls


def type_text(app, text):
    for ch in text:
        press(app, ord(ch), ch)


def test_typing_filters_the_topics_and_a_click_shows_the_rulebook_section(monkeypatch):
    drawn = DrawnText(monkeypatch)
    app = make_app()
    from sprites.scenes.title import TitleScene
    app.push(TitleScene(app, seed=1))
    press(app, pygame.K_F1)
    help_ = app.scene
    assert isinstance(help_, HelpScene)
    type_text(app, "hex")
    titles = [t.title for t in help_.shown]
    assert titles[:2] == ["Turning the hex (spend gold)", "The Action Hex"]      # titles first
    assert all("hex" in f"{t.title} {t.text}".lower() for t in help_.shown)
    assert len(titles) < len(help_.all)
    name = f"topic:{titles.index('The Action Hex')}"
    click(app, name)
    drawn.clear()
    redraw(app)
    shown = drawn.joined()
    assert "Rulebook: Use Action Hex" in shown and "Dragon Hex Card" in shown
    press(app, pygame.K_BACKSPACE)
    assert help_.query == "he"
    press(app, pygame.K_ESCAPE)                  # Esc clears the search first, then closes
    assert help_.query == "" and len(help_.shown) == len(help_.all)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)


def test_a_search_that_matches_nothing_says_so(monkeypatch):
    drawn = DrawnText(monkeypatch)
    app = make_app(size=(1100, 650))
    app.push(HelpScene(app))
    type_text(app, "zebra")
    assert app.scene.shown == []
    drawn.clear()
    redraw(app)
    assert any("No topic mentions" in s for s in drawn.strings())


def test_up_and_down_pick_topics_and_keep_them_in_the_list():
    app = make_app(size=(1100, 650))
    help_ = app.push(HelpScene(app))
    for _ in range(len(help_.all) - 1):
        press(app, pygame.K_DOWN)
    assert help_.selected is help_.all[-1]
    assert help_.element(f"topic:{len(help_.all) - 1}") is not None      # scrolled into view


def test_a_new_search_selects_its_first_match():
    """Typing "dragon" lists "Dragon Life" first: that topic is shown (not a previously
    chosen one further down), and Down moves on from it."""
    app = make_app(size=(1100, 650))
    help_ = app.push(HelpScene(app))
    chosen = help_.selected                  # the first topic, "The goal", mentions dragons too
    type_text(app, "dragon")
    assert help_.shown[0] is not chosen and chosen in help_.shown
    assert help_.selected is help_.shown[0]
    press(app, pygame.K_DOWN)
    assert help_.selected is help_.shown[1]


def test_large_text_in_the_smallest_window_shows_whole_topic_names(monkeypatch):
    """Text size 150 % at 1100 x 650: the topics' names are not cut to "..."."""
    from sprites import theme
    from sprites.settings import Settings
    settings = Settings()
    settings.text_scale = 150
    app = make_app(size=(1100, 650), settings=settings)
    help_ = app.push(HelpScene(app))
    drawn = DrawnText(monkeypatch)
    redraw(app)
    assert theme.text_scale() == 1.5
    names = drawn.within(help_.list_rect)
    assert len(names) >= 10 and not [s for s in names if s.endswith("...")], names


def test_searching_pause_finds_how_to_follow_the_ai_dragons():
    """F1, "pause": the controls topic says P pauses and S steps through the AI's moves."""
    app = make_app()
    help_ = app.push(HelpScene(app))
    type_text(app, "pause")
    assert [t.title for t in help_.shown] == ["Playing with the mouse"]
    assert "S steps" in help_.shown[0].text


def test_searching_tie_explains_ties_for_majorities_and_for_the_win(monkeypatch):
    """Final Scoring: "If there is a tie for most resources collected, add the two
    values together, divide by the number of tied players and round down", and "In
    the event of a tie: The player whose Dragon has reached the highest Level Up
    wins the game. If still tied, the player with the most remaining Life wins the
    game. If there is still a tie, all tying Dragons will forever be remembered"."""
    drawn = DrawnText(monkeypatch)
    app = make_app()
    app.push(HelpScene(app))
    type_text(app, "tie")
    titles = [t.title for t in app.scene.shown]
    assert "Final scoring" in titles
    click(app, f"topic:{titles.index('Final scoring')}")
    drawn.clear()
    redraw(app)
    text = " ".join(drawn.joined().split())
    for words in ("A tie for most shares the most and second most points", "a tie for second shares the second",
                  "rounded down", "the higher level wins, then the most Life left", "the victory is shared"):
        assert words in text, words
