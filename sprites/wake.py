"""Waking the window from a background thread (an AI's thought, a hint, a save
loaded, an autosave that failed): an event the event loop takes as news."""
from __future__ import annotations

import pygame

WAKE_EVENT = pygame.USEREVENT + 9        # a background thread has news for the window


def wake_up():
    """Called from background threads (pygame.event.post is thread-safe)."""
    try:
        pygame.event.post(pygame.event.Event(WAKE_EVENT))
    except pygame.error:                  # the window is gone: nothing to wake
        pass
