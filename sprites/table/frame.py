"""What the table's parts are given: ``Frame``, what one frame of the table
shows (read only), and ``Panels``, the table's drawing objects, each with
its own state.

The scene (``TableScene.frame()``) makes a Frame when a part is to draw or
lay out its elements; a part reads it and never writes it. What a part
changes at the table, it asks of the scene by a named method (``repaint``,
``set_question``, ``set_summary``, ...), or keeps in its own object among the
Panels. tests/test_structure.py counts what the parts still read of the scene.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Frame:
    # the game as the viewer sees it (the seat's snapshot)
    data: Any                   # the game's data in this palette's colours (palette.view_data)
    snap: dict                  # the snapshot shown (its "seat" None: between two players in hot seat)
    view: dict                  # its board, with the log lines so far, the goals and the seat shown
    decision: dict | None       # the decision now (None: the game is over)
    options: list               # its options if they are the viewer's, else []
    mine: bool                  # the decision is the viewer's, made by a person at this table now
    can_undo: bool
    decider: int | None         # the seat that must choose now
    seats: Any                  # who plays which seat at this window (sprites.seats.SeatControl; read only)
    kinds: tuple                # each seat's kind ("human", an AI level), "away" for an online player gone
    paused: bool                # the AI dragons wait (Pause)
    has_ai: bool                # other dragons still to play here (Pause and Step)
    # what the table makes of it
    lay: Any                    # where each part of the table lies; its fonts (sprites.table.layout)
    groups: dict                # element name -> the options it offers
    tips: dict                  # element name -> its tooltip
    labels: dict                # button name -> its label
    hand: list                  # the viewer's cards as shown (sprites.table.handlayout)
    slots: list                 # (card, rect) where they lie
    gaps: list                  # rects where a card just left
    hex_angle: float | None     # the Action Hex's arrow as drawn now
    # what is in front of the table
    hover: str | None           # the element under the pointer (or the keyboard's focus)
    resting: str | None         # what a click or the hand brought under a still pointer (no tooltip, not enlarged)
    pointer: tuple | None       # the last pointer position seen
    focus: str | None           # the element the keyboard is on
    dialog: Any                 # the question open (sprites.table.dialog.Dialog), or None
    dialog_kind: str | None     # "choose", "panel", "draft", "confirm"
    summary: list | None        # "since your last turn": its lines (None: not shown)
    summary_open: bool          # unfolded over the right column
    century: dict | None        # a new century's banner
    toast: tuple | None         # a message: (text, until ms, note)
    hinted: dict | None         # the hint shown for this decision
    unsaved: str | None         # while the autosave fails: what to say


@dataclass(frozen=True)
class Panels:
    """The table's drawing objects (each keeps its own state), as the scene made them for its size."""
    map: Any                    # sprites.table.mapview.MapView
    right: Any                  # sprites.table.rightpanel.RightPanel (the dragons' rows, the Dragon Card, the log)
    handview: Any               # sprites.table.handview.HandView (the strip and the hand)
    log: Any                    # sprites.table.logpanel.LogPanel
    standings: Any              # sprites.table.standings.StandingsPanel
    motion: Any                 # sprites.table.motion.Motion (animations in flight)
    happened: Any               # sprites.table.marks.Marks: what the last actions touched
    pointed: Any                # sprites.table.marks.Marks: what a clicked log line touched
    part: Any                   # the table's part (sprites.table.part.TablePart)
