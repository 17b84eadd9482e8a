"""The table by keyboard: a visible focus that the arrows move and Enter
activates. With a question open (All choices, "which one?", a panel, the Scheme
draft), Up and Down go through its choices and its Cancel; otherwise Left and
Right go through every button of the table (the prompt bar's, those beside the
hand, Standings). Enter on the focus clicks it; Esc takes the focus away first.
``t`` is the TableScene; ``t.focus`` is the focused element's name (or None)."""
from __future__ import annotations

import pygame

FOCUS = (40, 150, 255)          # the focus ring: unlike the glow of what can be clicked, and the hint's


def targets(t):
    """The names the focus goes through now, in reading order."""
    if t.dialog is not None:
        return [name for name, _ in t.dialog.elements(t.lay)]
    buttons = [e for e in t.elements if e.name.startswith("button:")]
    return [e.name for e in sorted(buttons, key=lambda e: (e.rect.centery > t.lay.map.y, e.rect.x, e.rect.y))]


def current(t):
    """The focus if it is on something there now (a question that closed takes its focus along)."""
    return t.focus if t.focus is not None and t.focus in targets(t) else None


def move(t, step):
    names = targets(t)
    if not names:
        t.focus = None
        return
    at = current(t)
    k = names.index(at) + step if at is not None else (0 if step > 0 else len(names) - 1)
    t.focus = names[k % len(names)]
    t.app.dirty = True


def key(t, event):
    """Handle a key of the focus; True if it was one."""
    arrows = (pygame.K_UP, pygame.K_DOWN) if t.dialog is not None else (pygame.K_LEFT, pygame.K_RIGHT)
    if event.key in arrows:
        move(t, 1 if event.key == arrows[1] else -1)
        return True
    at = current(t)
    if at is None:
        return False
    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        t.focus = None
        t.click(at)
        return True
    if event.key == pygame.K_ESCAPE and t.dialog is None:
        t.focus = None
        t.app.dirty = True
        return True
    return False


def draw(t, surface):
    """A ring round the focused element."""
    at = current(t)
    rect = t.element_rect(at) if at is not None else None
    if rect is None:
        return
    w = max(3, t.lay.px(4))
    pygame.draw.rect(surface, (10, 20, 40), rect.inflate(2 * w + 4, 2 * w + 4), 2, border_radius=8)
    pygame.draw.rect(surface, FOCUS, rect.inflate(2 * w, 2 * w), w, border_radius=8)
