"""Typing into a one-line text field, as every screen's fields take it: a character is added
at the end, Backspace takes the last one, Ctrl+A selects the whole text (drawn as selected);
then Backspace or Delete clears it and a character typed replaces it. Any other key, or a
click, leaves the selection (the screen keeps whether its focused field is selected)."""
from __future__ import annotations

import pygame

from sprites import theme

SELECTION = (158, 196, 238)        # behind selected text (ink stays readable on it)


def selects_all(event):
    """Is the key Ctrl+A (select the whole text)?"""
    return event.key == pygame.K_a and bool(event.mod & pygame.KMOD_CTRL)


def edit(text, event, selected):
    """The field's text after the key ``event`` (not Ctrl+A), or None if the key leaves it as it
    is; ``selected``: the whole text was selected."""
    if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
        if selected:
            return ""
        return text[:-1] if event.key == pygame.K_BACKSPACE else None
    if event.unicode and event.unicode.isprintable():
        return ("" if selected else text) + event.unicode
    return None


def draw_selection(surface, rect, shown, size, room):
    """A band behind the text ``shown`` at the left of field ``rect`` (its text drawn 10 pixels in,
    at most ``room`` wide), marking it selected; the text is drawn over it after."""
    if not shown:
        return
    w = min(theme.text_width(shown, size), room)
    h = theme.font(size).get_height()
    pygame.draw.rect(surface, SELECTION, pygame.Rect(rect.x + 8, rect.centery - h // 2 - 2, w + 4, h + 4),
                     border_radius=3)
