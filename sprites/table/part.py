"""What a part adds to the table: the replay's bar, the tutorial's guide.

The table calls these hooks at fixed points; a part overrides the ones it
needs. ``plays``: the table plays a game (AI pacing, hints); ``has_undo``:
it offers Undo; ``replaces``: the table's bar buttons the part's own stand in for.
"""
from __future__ import annotations

import weakref


class TablePart:
    plays = True
    has_undo = True
    replaces = ()

    def attach(self, table):
        """The table is being made (before its first snapshot). The part holds it
        weakly: the window freezes what lives at its quiet moments out of the
        collector (sprites.app.settle_memory), and a cycle frozen with the table
        could never be collected, so every table left behind stayed with its
        game. Without a cycle the last reference to it frees it."""
        self.table = weakref.proxy(table)

    def laid_out(self):
        """The table's panels were made afresh (a new size): the part dresses them."""

    def refresh(self):
        """The table has its new snapshot; its elements are registered next."""

    def more_tips(self, tips):
        """Words the part adds to the tooltips of the table's elements (``tips``: name -> tooltip),
        as {name: words}, when the table has its new snapshot."""
        return {}

    def in_sight(self, groups):
        """Of the table's offers (element name -> options), those a hand shown a page at a
        time turns to when none of them shows (after ``refresh``)."""
        return groups

    def register(self):
        """Add the part's elements (after the table's own: ``front=True`` to be hit first)."""

    def kept_clear(self):
        """Rects over the map that the captions of moves never cover (the tutorial's panel)."""
        return ()

    def bar_extra(self):
        """Rects of buttons the part puts in the prompt bar (the prompt's text stays clear of them)."""
        return ()

    def header(self, header):
        """(header line, prompt, colour, letter) of the prompt bar, as the part words it."""
        return header

    def click(self, name):
        """True if the part took the click."""
        return False

    def key(self, event):
        """True if the part took the key."""
        return False

    def changed(self, actor, chosen):
        """The game changed: ``actor`` decided; ``chosen``: the kinds of the options the
        viewer chose for it at this table ([] for another seat's move)."""

    def undone(self):
        """The viewer's last move was taken back."""

    def tick(self, now):
        """Time passes (the replay's auto-play): ms until the part wants the next tick, or None."""
        return None

    def draw_under(self, surface):
        """Draw over the painted table, under its marks, questions and tooltips."""

    def draw(self, surface):
        """Draw over everything of the table."""
