"""Helpers for UI tests: a window on SDL's dummy driver, and clicking named
elements with synthetic mouse events (as a person would)."""
from __future__ import annotations

import os
import random
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"          # sound effects play silently in tests
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402

from sprites.app import App, open_window  # noqa: E402


def make_app(tmp_path=None, size=(1600, 900), **kw):
    screen = open_window(size)
    kw.setdefault("animate", False)
    kw.setdefault("threaded_ai", False)
    kw.setdefault("ai_delay_ms", 0)
    kw.setdefault("autosave", tmp_path is not None)
    return App(screen, save_dir=str(tmp_path) if tmp_path is not None else None, **kw)


def click(app, name, wait=True):
    """Click the middle of a named element of the current scene. A save the
    click loads (in a worker thread) is waited for, as a player would."""
    scene = app.scene
    pos = scene.element_point(name)
    assert pos is not None, f"no element {name!r} on {type(scene).__name__}; have {scene.element_names()[:60]}"
    hit = scene.element_at(pos)
    if hit is not None and hit.name.startswith("summary") and not name.startswith("summary"):
        click(app, "summary")           # "since your last turn" lies over it: a person closes it first
        return click(app, name)
    assert hit is not None and hit.name == name, f"clicking {name} at {pos} hits {hit and hit.name}"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.pump()
    if wait:
        finish_loading(app)


def leave_to_title(app):
    """The table's Menu button opens the game menu; its "Leave to the title screen" leads there."""
    click(app, "button:menu")
    click(app, "menu:title")


def finish_loading(app, timeout=30):
    """Wait for a save the title screen is loading, and let the window take it."""
    opening = getattr(app.scene, "opening", None)
    if opening is not None:
        assert opening[0].wait(timeout), "the save did not load"
        app.pump()


def click_at(app, pos):
    """A left click at a screen point, whatever lies there."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.pump()


def press(app, key, unicode="", mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod, scancode=0))
    app.pump()


def option_elements(table, index):
    """Names of elements that offer option ``index``, direct ones first."""
    names = [n for n, idx in table.groups.items() if index in idx]
    return sorted(names, key=lambda n: n.startswith("option:"))


def offered_index(table, index):
    """The option the table offers for option ``index``: itself, or the same
    action on another copy of the card (copies count once on the table)."""
    if option_elements(table, index):
        return index
    same = table.options[index]["same"]
    return next(i for i, o in enumerate(table.options) if o["same"] == same and option_elements(table, i))


def play_option(app, table, index):
    """Choose option ``index`` of the current decision (or the same action on
    another copy of the card) by clicking, answering the table's questions."""
    session = table.host.session
    before = len(session.actions)
    index = offered_index(table, index)
    action = session.game.decision.options[index]
    names = option_elements(table, index)
    assert names, f"no element offers {action} (groups {table.groups})"
    show_card(app, table, names[0])
    click(app, names[0])
    for _ in range(2):                  # a "which one?" list, then maybe "this cannot be undone: sure?"
        if len(session.actions) > before or table.dialog is None:
            break
        if table.dialog_kind == "confirm":
            click(app, "button:confirm")
        else:
            click(app, f"option:{index}")
    assert len(session.actions) > before, f"clicking {names[0]} for {action} applied nothing"
    assert session.actions[before] == action      # AI dragons may have moved right after it
    return action


def show_card(app, table, name):
    """A card of a hand shown a page at a time, off its page: the player clicks the "+N"
    on its side until it shows (other names: nothing to do)."""
    for _ in range(len(table.hand)):
        if table.element(name) is not None or not name.startswith("hand:") or not name[5:].isdigit():
            return
        page = table.handview.page(table.hand)
        assert page is not None, f"{name} does not show, in a hand shown whole ({table.element_names()})"
        first, _ = page
        click(app, "hand:prev" if int(name[5:]) < first else "hand:next")
    assert table.element(name) is not None, f"{name} never shows on a page of the hand"


class DrawnText:
    """Every string the view draws through sprites.theme (blit_text,
    blit_wrapped, button labels) as it appears on screen (shortened with
    "..." where the view cuts it), with its font size and rect; install with
    ``DrawnText(monkeypatch)``, then ``clear()``, draw, and read ``items``."""

    def __init__(self, monkeypatch):
        from sprites import theme
        from sprites.table.rowpictures import RowPictures
        self.theme = theme
        self.items = []
        for name in ("blit_text", "blit_wrapped", "button"):
            real = getattr(theme, name)
            monkeypatch.setattr(theme, name, self._wrap(name, real))
        monkeypatch.setattr(RowPictures, "draw", self._painted)

    @staticmethod
    def _painted(pictures, surf, lay, key, rect, paint, under=None):
        """Rows are painted every time, not blitted as kept, so that their words are recorded."""
        from sprites.table.rowpictures import paint_in
        paint_in(surf, rect, paint, under)

    def _wrap(self, name, real):
        fit = self.theme.fit

        def recorded(surface, *args, **kw):
            out = real(surface, *args, **kw)
            if name == "button":
                rect, label, size = pygame.Rect(args[0]), str(args[1]), args[2]
                if label:
                    self.items.append((fit(label, size, rect.w - 8, True), size, rect))
            elif name == "blit_wrapped":
                self.items.append((str(args[0]), args[1], pygame.Rect(args[2])))
            else:
                s, size = str(args[0]), args[1]
                width = kw.get("width", args[6] if len(args) > 6 else None)
                bold = kw.get("bold", args[4] if len(args) > 4 else False)
                shown = fit(s, size, int(width), bold) if width is not None else s
                self.items.append((shown, size, out))
            return out
        return recorded

    def clear(self):
        self.items = []

    def strings(self):
        return [s for s, _, _ in self.items]

    def joined(self):
        return "\n".join(self.strings())

    def within(self, rect):
        """The strings drawn inside rect."""
        rect = pygame.Rect(rect)
        return [s for s, _, r in self.items if r is not None and rect.collidepoint(pygame.Rect(r).center)]


def redraw(app):
    """Draw the current scene afresh (every part repainted), as after a resize."""
    scene = app.scene
    if hasattr(scene, "_painted"):
        scene.base = None
        scene._painted = {}
    app.dirty = True
    app.render()


def screen_bytes(app):
    return pygame.image.tostring(app.screen, "RGB")


NAMES = ["Ash", "Bryn", "Cora", "Dain", "Elin", "Finn"]
DRAGONS = ["Black", "Blue", "Green", "Orange", "Red", "White"]


def human_seats(n):
    from app.session import Seat
    return [Seat(NAMES[i], DRAGONS[i]) for i in range(n)]


def against_ai(seed=5, steps=150):
    """Mid-game: one person (seat 0, Ash) and three normal AI dragons, played on at random."""
    from app.session import Seat, Session
    seats = [Seat("Ash", "Black")] + [Seat(n, d, kind="normal") for n, d in
                                      (("Bryn", "Blue"), ("Cora", "Green"), ("Dain", "Red"))]
    session = Session.new(seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        session.apply(rng.choice(session.game.decision.options))
    return session


def reach(done, players=3, variant="standard", seeds=range(1, 80)):
    """A session of human seats, played with random legal moves from the first
    of ``seeds`` that gets there, at a position where done(game) holds."""
    from app.session import Session
    for seed in seeds:
        s = Session.new(human_seats(players), seed=seed, variant=variant)
        rng = random.Random(seed)
        while not s.game.is_over:
            if done(s.game):
                return s
            s.apply(rng.choice(s.game.decision.options))
    raise AssertionError("no such position")


def table_at(session, size=(1600, 900), text_scale=None):
    """A window showing ``session``'s table (no hand-off screen, no summary over the map);
    ``text_scale``: the Text size setting, in per cent."""
    settings = None
    if text_scale is not None:
        from sprites.settings import Settings
        settings = Settings()
        settings.text_scale = text_scale
    app = make_app(size=size, settings=settings)
    table = app.start_game(session, handoff=False)
    table.summary = None
    table.refresh()
    redraw(app)
    return app, table


def without_action_buttons(app, table, drawn, sizes=((1600, 900), (1200, 700))):
    """At each window size in turn, the table drawn without its buttons for action kinds
    (Divination, Consume Noble, Lick Wounds): neither elements nor labels drawn. Yields at
    each size, the table drawn (``drawn``: a DrawnText), for the caller's own checks."""
    kinds = [f"button:{k}" for k in table.host.table["buttons"]]
    labels = [b["label"] for b in table.host.table["buttons"].values()]
    assert kinds and labels
    for size in sizes:
        app.screen = pygame.display.set_mode(size)
        table.resize(app.screen.get_size())
        drawn.clear()
        redraw(app)
        assert not set(kinds) & set(table.element_names()), table.element_names()
        assert not set(labels) & set(drawn.strings()), [s for s in drawn.strings() if s in labels]
        yield size


def hover(app, name):
    """The pointer moves onto a named element."""
    pos = app.scene.element_point(name)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()


def index_of(table, action):
    """The number of ``action`` among the options of the game's decision (the table's options are in that order)."""
    return table.host.game.decision.options.index(action)


def type_into(app, field, text):
    """Click a text field, clear it and type ``text`` (then Tab out of it)."""
    click(app, field)
    for _ in range(40):
        press(app, pygame.K_BACKSPACE)
    for ch in text:
        press(app, 0, ch)
    press(app, pygame.K_TAB)


def pump_until(app, test, seconds=30):
    """Let the window run until ``test()`` holds (True), or ``seconds`` pass (False)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.pump()
        if test():
            return True
        time.sleep(0.01)
    return False


def create_table(app, scene):
    """Create the table set up on the Play online screen ``scene``; wait for its invite codes."""
    click(app, "button:create")
    assert pump_until(app, lambda: scene.invites is not None), scene.message


def click_option(app, table, index):
    """Choose option ``index`` by clicking what offers it (answering the table's questions), on a
    table whose host may answer later (online); True once the host's game moved on."""
    before = table.host.version
    names = option_elements(table, index) or [n for n, idx in table.groups.items() if idx]
    click(app, names[0])
    for _ in range(3):
        if table.host.version != before or table.dialog is None:
            break
        if table.dialog_kind == "confirm":
            click(app, "button:confirm")
        elif choices := [n for n in app.scene.element_names() if n.startswith("option:")]:
            click(app, choices[0])
        else:                                   # a panel without choices of its own: close it, choose again
            press(app, pygame.K_ESCAPE)
            return False
    return pump_until(app, lambda: table.host.version != before and table.version == table.host.version, 20)
