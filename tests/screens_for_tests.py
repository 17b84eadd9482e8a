"""Every screen of the game, built as a player reaches it, for tests that look at them all."""
from __future__ import annotations

import random

import pygame

from ui_helpers import make_app, reach, redraw

from app.session import Seat, Session
from sprites.settings import Settings

NAMES = ["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"]
DRAGONS = ["Black", "Blue", "Green", "Orange", "Red", "White"]


def window(size, text):
    settings = Settings()
    settings.text_scale = text
    return make_app(size=size, settings=settings)


def humans(n):
    return [Seat(NAMES[i], DRAGONS[i]) for i in range(n)]


def table_of(app, session, summary=False):
    table = app.start_game(session, handoff=False)
    table.summary = None
    if summary:
        from sprites.table import changes
        changes.show_summary(table)
    table.refresh()
    return table


def finished(n=4, seed=3):
    s = Session.new(humans(n), seed=seed)
    rng = random.Random(seed)
    while not s.game.is_over:
        s.apply(rng.choice(s.game.decision.options))
    return s


def table_at_kind(kind, players, variant="standard", century=1):
    """The table of a hot-seat game at a decision of ``kind`` (from ``century`` on)."""
    def build(app):
        session = reach(lambda g: g.decision.kind == kind and g.state.century >= century, players=players,
                        variant=variant)
        return table_of(app, session)
    return build


def short_track(app):
    """The Card Selection Track with one or two cards left (its name wider than its tiles)."""
    return table_of(app, reach(lambda g: g.decision.kind == "select_card" and len(g.state.track) <= 2, players=3))


def crash(app):
    from sprites.scenes.crash import CrashScene
    title(app)
    return app.replace(CrashScene(app, "the window: ZeroDivisionError: division by zero (see "
                                       "/home/someone/.local/share/wrath-of-dragons/errors.log)", True))


def level_menu(app):
    """The title with a seat's Human / AI level list open."""
    scene = title(app)
    scene.click("seat:5:kind")
    return scene


def hovered_card(app):
    """A card of the hand under the pointer: enlarged, with its tooltip and preview."""
    table = attack_turn(app)
    name = next(n for n in table.element_names() if n.startswith("hand:") and n in table.groups)
    pos = table.element_point(name)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return table


def title(app):
    from sprites.scenes.title import TitleScene
    return app.push(TitleScene(app, players=6, seed=12345))


def settings(app):
    title(app)
    app.show_settings()
    return app.scene


def help_screen(app):
    title(app)
    app.show_help()
    return app.scene


def online(app):
    title(app)
    app.show_online()
    return app.scene


def attack_turn(app):
    def done(g):
        d = g.decision
        return d.kind == "attack_turn" and g.state.century >= 2 and len(g.state.players[d.player].hand) >= 5
    session = reach(done, players=6)
    table = table_of(app, session)
    table.summary = [(1, "Bryn: landed in Gallia; took 2 gold and 1 noble."), (2, "Cora: landed in Slavia.")]
    table.refresh()
    return table


def card_selection(app):
    return table_of(app, reach(lambda g: g.decision.kind == "select_card", players=6))


def all_choices(app):
    table = table_of(app, reach(lambda g: g.decision.kind == "attack_turn" and len(g.decision.options) >= 8,
                                players=4))
    table.show_all_choices()
    return table


def summary_open(app):
    table = attack_turn(app)
    table.summary_open = True
    table.register()
    return table


def standings(app):
    table = table_of(app, reach(lambda g: g.state.century >= 3, players=5))
    table.standings.toggle()
    return table


def handoff(app):
    session = reach(lambda g: g.decision.kind == "attack_turn" and g.state.century >= 2, players=4)
    table = app.start_game(session, handoff=True)
    table.hide_for_handoff()
    return app.scene


def game_menu(app):
    table = table_of(app, reach(lambda g: g.decision.kind == "place_dragon", players=4))
    app.show_game_menu(table)
    return app.scene


def scores(app, tab=None):
    app.start_game(finished(), handoff=False)
    scene = app.scene
    if tab:
        scene.click(tab)
    return scene


def scores_chart(app):
    return scores(app, "tab:chart")


def scores_lairs(app):
    return scores(app, "tab:lairs")


def replay(app):
    s = finished(n=3, seed=5)
    app.show_replay(s)
    scene = app.scene
    for _ in range(60):
        scene.replay.forward()
    scene.part.step()
    return scene


def tutorial(app):
    app.start_tutorial()
    return app.scene


SCREENS = {"title": title, "settings": settings, "help": help_screen, "online": online,
           "attack_turn": attack_turn, "card_selection": card_selection, "all_choices": all_choices,
           "summary_open": summary_open, "standings": standings, "handoff": handoff, "game_menu": game_menu,
           "scores": scores, "scores_lairs": scores_lairs, "scores_chart": scores_chart, "replay": replay, "tutorial": tutorial, "short_track": short_track, "crash": crash,
           "level_menu": level_menu, "hovered_card": hovered_card,
           "setup_6": table_at_kind("discard", 6), "lair_6": table_at_kind("lair_action", 6),
           "place_3": table_at_kind("place_dragon", 3, century=2),
           "attack_2_desolation": table_at_kind("attack_turn", 2, "strategist+desolation", century=3),
           "assign_6": table_at_kind("attack_assign", 6, century=2),
           "late_attack_4": table_at_kind("attack_turn", 4, century=5)}
SIZES = [((1100, 650), 150), ((1280, 720), 100), ((1920, 1080), 100), ((1920, 1080), 150)]


def shown(name, size, text):
    """A window of ``size`` with the Text size ``text`` showing the screen ``name``: (app, scene)."""
    app = window(size, text)
    scene = SCREENS[name](app)
    app.pump()
    redraw(app)
    return app, app.scene
