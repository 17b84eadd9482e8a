"""Input at the table: what a click, a key or the wheel means. A click on an
element that offers options chooses or asks (``questions``); on one that
offers nothing it says why (the snapshot's ``refused``); the table's own
buttons and keys do what they say. ``t`` is the TableScene: input runs its
commands, and changes it through its named methods (``repaint``,
``set_summary``, ...)."""
from __future__ import annotations

import pygame

from sprites.anim import now_ms
from sprites.table import happenings, keyboard, leftpanel, marks, questions
from sprites.table.standings import KEY as STANDINGS_KEY
from sprites.targets import why_not

POINTED_MS = 2600        # the marks of a clicked log line
EXPLAINED = ("hand", "track", "draft", "lair_action", "region", "site", "hex", "button")   # why they offer nothing


def click(t, name):
    if t.century is not None:            # a new century's banner: read first (see happenings.century_banner)
        hold = t.century["hold"]
        happenings.put_century_away(t)
        if hold:
            return None
    if t.part.click(name):
        return None
    if t.standings.click(name):
        return None
    if t.summary is not None and name == "summary:close":
        return put_summary_away(t)
    if t.summary is not None and name == "summary":
        return fold_summary(t, not t.summary_open)      # the strip opens, the panel folds
    if t.summary is not None and t.summary_open and not name.startswith("log:"):
        fold_summary(t)                 # read: a click elsewhere folds it back into its strip
    if t.dialog is not None:
        inside = {n for n, _ in t.dialog.elements(t.lay)}
        if name in inside:
            return questions.dialog_click(t, name)
        if name in ("button:choices", "button:help"):
            return t.show_all_choices() if name == "button:choices" else t.app.show_help()
        if name != "dialog" and t.dialog.cancel:
            questions.close(t)
            return t.click(name)
        return None
    simple = {"button:help": t.app.show_help, "button:menu": lambda: t.app.show_game_menu(t),
              "button:speed": lambda: t.set_speed({1: 2, 2: 4, 4: 1}[t.speed]),
              "button:pause": t.toggle_pause, "button:step": t.step_ai, "button:undo": t.undo,
              "button:hint": t.ask_hint, "button:scores": lambda: t.app.show_scores(t.host),
              "button:choices": t.show_all_choices}
    if name in simple:
        return simple[name]()
    if name in ("hand:prev", "hand:next"):
        return page_hand(t, -1 if name == "hand:prev" else 1)
    if name.startswith("log:"):
        return click_log(t, name)
    name = whole_region(t, name)
    if name in t.groups:
        return questions.offer(t, name, t.groups[name])
    if name.startswith("region:") and t.groups and questions.offer_flight(t, name.split(":", 1)[1]):
        return None
    return explain(t, name)


def whole_region(t, name):
    """A click on a token, or on a site that offers nothing, inside a region
    that offers something is a click on that region."""
    kind, _, rest = name.partition(":")
    if kind in ("token", "site") and name not in t.groups:
        region = f"region:{rest.split(':')[0]}"
        if kind == "token" or region in t.groups:
            return region
    return name


def put_summary_away(t):
    """The "since your last turn" summary has been read: its strip goes (the log takes the room)."""
    t.set_summary(None)
    t.repaint()


def fold_summary(t, open_=False):
    """Open "since your last turn" over the right column, or fold it back into its strip."""
    t.set_summary(t.summary, open_)
    t.register()
    t.app.dirty = True


def click_nothing(t, pos):
    """A click on the map's scenery or coast counts for the region it lies in;
    anywhere else it folds an open "since your last turn" back into its strip."""
    if t.summary is not None and t.summary_open:
        return fold_summary(t)
    if t.dialog is None and t.lay.map.collidepoint(pos):
        region = t.map.geo.region_near(pos)
        if region is not None:
            t.click(f"region:{region}")


def click_log(t, name):
    """Filter chips and century headers change the log; a line shows what it touched on the map."""
    picked = t.log.click(name)
    t.pointed.clear()
    if picked is not None:
        event = t.view["log"][picked]["event"]
        colour = happenings.seat_colour(t.frame(), t.map, event.get("seat"))
        t.pointed.add(marks.event_marks(event), now_ms(), POINTED_MS, colour=colour)
    t.repaint()


def explain(t, name):
    d = t.decision
    if d is None or name.split(":")[0] not in EXPLAINED:
        return None
    if not t.my_decision():
        return t.say(f"Wait: it is {t.seats.name(d['player'])}'s decision.")
    reason = why_not(d, name, t.hand, t.view["track"], t.view["draft"] or [])
    return t.say(reason) if reason else None


def key(t, event):
    if t.century is not None:
        hold = t.century["hold"]
        happenings.put_century_away(t)
        if hold:
            return
    if t.part.key(event):
        return
    if keyboard.key(t, event):
        pass
    elif event.key == pygame.K_ESCAPE and t.dialog is not None and t.dialog.cancel:
        questions.close(t)            # the question on top goes first
    elif event.key == STANDINGS_KEY or (event.key == pygame.K_ESCAPE and t.standings.open):
        t.standings.toggle()
    elif event.key == pygame.K_ESCAPE and t.summary is not None and t.summary_open:
        fold_summary(t)
    elif event.key == pygame.K_ESCAPE and t.dialog is None:
        t.app.show_game_menu(t)       # nothing else to close: the game menu
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        if t.dialog_kind == "confirm":
            questions.dialog_click(t, "button:confirm")
        elif t.dialog is None and "button:end_turn" in t.groups:
            t.click("button:end_turn")
    elif event.key == pygame.K_u:
        t.undo()
    elif event.key == pygame.K_h:
        t.ask_hint()
    elif event.key == pygame.K_p and t.has_ai():
        t.toggle_pause()
    elif event.key == pygame.K_s and t.has_ai():
        t.step_ai()
    elif event.key == pygame.K_a and t.dialog_kind not in ("choose", "confirm"):
        t.show_all_choices()
    elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
        t.log.scroll_by(3 if event.key == pygame.K_PAGEUP else -3)
        t.repaint()
    t.app.dirty = True


def page_hand(t, direction):
    """Another page of a hand too large to show every card's name at once."""
    if t.handview.turn_page(t.hand, direction):
        t.lay_out_hand(afresh=True)
        t.repaint()


def scroll(t, pos, dy):
    if t.lay.hand.collidepoint(pos) and t.handview.page(t.hand) is not None:
        return page_hand(t, -1 if dy > 0 else 1)
    if t.lay.left.collidepoint(pos):       # large text in a short window: the left column scrolls
        lay = t.lay
        most = leftpanel.overflow(lay, t.data, t.view)
        lay.left_scroll = max(0, min(most, getattr(lay, "left_scroll", 0) - dy * lay.line(19)))
    elif t.right.log_rect.collidepoint(pos):
        t.log.scroll_by(dy)
    else:
        return
    t.repaint()
