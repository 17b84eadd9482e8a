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
    how = {t.title for t in topics(default_data()) if t.section is None}      # how this game is played, not rules
    assert how == {"Playing with the mouse", "Hot seat and the hand-off", "Saving and the autosave",
                   "Undo and its limits"}


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


# ----- issue 25, point 10: "topics for hot seat and the hand-off, saving and autosave, undo and
# its limits, Rogue Dragons, The Strategist (now one sentence each); where livestock to fly comes from"
def topic(title):
    return next(t for t in topics(default_data()) if t.title.startswith(title))


def test_rogue_dragons_and_the_strategist_say_what_the_rulebook_says():
    """Two- and Three-Player Variations: "In a three-player game, 1 Rogue Dragon is placed. In a
    two-player game, 2 Rogue Dragons are placed."; "the back of the top card of the Action Deck
    determines in what region a Rogue Dragon is to be placed. The card is then discarded"; "If the
    identified region is occupied by a Rogue Dragon, simply discard the top card and continue";
    "after players have placed their dragons into regions but before players resolve their
    actions, the Rogue Dragons perform the action designated by the Action Hex (if able) and then
    are removed from the board." The Strategist: "Players play without their Lair Screens"."""
    rogues = topic("Rogue Dragons").text
    for words in ("1 with 3 players", "2 with 2 players", "the back of the top card of the Action Deck names the "
                  "region, and that card is discarded", "a region that holds a Rogue Dragon already is discarded",
                  "after every dragon is placed and before anyone's turn", "if it can",
                  "and leaves the board"):
        assert words in rogues, words
    assert "without their Lair Screens" in topic("The Strategist").text
    assert len(topic("The Strategist").text.split(". ")) > 1, "more than one sentence"


def test_where_livestock_comes_from_is_read_from_the_cards_and_lair_actions():
    """Using Resources, Move: "eating 1 livestock for every region moved through or into";
    Hunt: "Immediately take 2 livestock from the stockpile"; the cards' Steal Livestock icons."""
    data = default_data()
    text = topic("Moving").text
    for a in data.lair_actions:
        if dict(dict(a.effect).get("gain") or {}).get("livestock"):
            assert a.name in text
    for c in data.cards.values():
        if any(e.icon == "steal_livestock" for alt in c.alternatives for e in alt):
            assert c.name in text
    assert "Dragon Card first, then from your lair" in text


@pytest.mark.parametrize("query,title", [("hot seat", "Hot seat and the hand-off"), ("hand-off", "Hot seat"),
                                         ("autosave", "Saving and the autosave"), ("undo", "Undo and its limits"),
                                         ("livestock fly", "Moving")])
def test_the_new_topics_are_found_by_search(query, title):
    app = make_app()
    app.push(HelpScene(app))
    type_text(app, query)
    assert app.scene.shown and app.scene.shown[0].title.startswith(title), [t.title for t in app.scene.shown]
