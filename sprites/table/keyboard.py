"""The table by keyboard: a visible focus that the arrows and Tab move and Enter
activates. With a question open (All choices, "which one?", a panel, the Scheme
draft), Up, Down and Tab go through its choices and its Cancel; otherwise Tab
(Shift+Tab back) goes through everything that offers a move now - the Lair
Actions, the map's regions, sites and hex, the track, the hand - and every
button, in reading order, and Left and Right through the buttons alone. The
focused thing shows its tooltip and preview as under the pointer. Enter (or
Space) on the focus clicks it; Esc takes the focus away first. What the
focus goes through is read from the frame (``f``: sprites.table.frame) and the
elements registered; the keys are handled for the TableScene ``t``, which
keeps the focus (``t.set_focus``)."""
from __future__ import annotations

import pygame

FOCUS = (40, 150, 255)          # the focus ring: unlike the glow of what can be clicked, and the hint's


def targets(f, elements, everything=False):
    """The names the focus goes through now, in reading order (``everything``: Tab's order,
    the elements that offer a move as well as the buttons)."""
    if f.dialog is not None:
        return [name for name, _ in f.dialog.elements(f.lay)]
    buttons = [e for e in elements if e.name.startswith("button:")]
    if not everything:
        return [e.name for e in sorted(buttons, key=lambda e: (e.rect.centery > f.lay.map.y, e.rect.x, e.rect.y))]
    offered = [e for e in elements if e.name in f.groups and not e.name.startswith(("button:", "option:"))]
    return [e.name for e in sorted(buttons + offered, key=lambda e: reading_order(f.lay, e.rect))]


def reading_order(lay, rect):
    """Where a rect comes in Tab's order: the prompt bar, the left column, the map, the
    strip under it, the hand (left to right, then its buttons), the right column."""
    x, y = rect.center
    if y < lay.map.y:
        return 0, 0, x, y
    if lay.left.collidepoint(x, y):
        return 1, 0, y, x
    if lay.right.collidepoint(x, y):
        return 5, 0, y, x
    for band, area in ((2, lay.map), (3, lay.strip)):
        if area.collidepoint(x, y):
            return band, 0, y, x
    return 4, 0, x, y


def current(f, elements):
    """The focus if it is on something there now (a question that closed takes its focus along)."""
    return f.focus if f.focus is not None and f.focus in targets(f, elements, everything=True) else None


def move(t, step, everything=False):
    f = t.frame()
    names = targets(f, t.elements, everything)
    if not names:
        t.set_focus(None)
        return
    at = current(f, t.elements)
    k = names.index(at) + step if at in names else (0 if step > 0 else len(names) - 1)
    # its tooltip and preview, as under the pointer; in a list the pointer is on, the keys' choice
    # is the one shown (the marks of what it would do), until the pointer moves
    t.set_focus(names[k % len(names)], hover=f.dialog is None or (f.hover or "").startswith("option:"))


def key(t, event):
    """Handle a key of the focus; True if it was one."""
    if event.key == pygame.K_TAB:
        move(t, -1 if event.mod & pygame.KMOD_SHIFT else 1, everything=True)
        return True
    arrows = (pygame.K_UP, pygame.K_DOWN) if t.dialog is not None else (pygame.K_LEFT, pygame.K_RIGHT)
    if event.key in arrows:
        move(t, 1 if event.key == arrows[1] else -1)
        return True
    at = current(t.frame(), t.elements)
    if at is None:
        return False
    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        t.set_focus(None)
        t.click(at)
        return True
    if event.key == pygame.K_ESCAPE and t.dialog is None:
        t.set_focus(None, hover=True)
        return True
    return False


def draw(f, scene, surface):
    """A ring round the focused element (``scene``: the elements registered)."""
    at = current(f, scene.elements)
    rect = scene.element_rect(at) if at is not None else None
    if rect is None:
        return
    w = max(3, f.lay.px(4))
    pygame.draw.rect(surface, (10, 20, 40), rect.inflate(2 * w + 4, 2 * w + 4), 2, border_radius=8)
    pygame.draw.rect(surface, FOCUS, rect.inflate(2 * w, 2 * w), w, border_radius=8)
