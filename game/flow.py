"""The century flow, declared once: which phase comes when, and what it does.

Each phase may ``enter`` (work done once, as the phase begins), then give one
``turn`` to every seat in order (starting with the holder of the ``turns_from``
marker), skipping a seat's turn when ``skip_turn`` says so; then it may
``leave`` (work done once, as it ends) and names the ``next`` phase. A turn
pushes that seat's decisions (frames) on the stack; the engine runs until a
decision waits. The 1st Century has no Settlement Growth and no Awakening:
setup leads straight to the Lair Phase; every later century starts with
Growth, and the last Attack Phase ends the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .phases import attack, awakening, common, growth, lair, placement, scoring, setup, turn_cards


@dataclass(frozen=True)
class Phase:
    """A phase of the game: what happens when it begins, in each turn and when it ends."""
    next: str | Callable | None = None      # a phase name, or (game) -> name
    enter: Callable | None = None           # (game)
    turns_from: str | None = None           # marker whose holder takes the first turn
    turn: Callable | None = None            # (game, seat): push the seat's decisions
    skip_turn: Callable | None = None       # (game, seat) -> True if the seat has nothing to do
    leave: Callable | None = None           # (game)


FLOW = {
    "setup": Phase(enter=setup.enter, turns_from="first_lair", turn=setup.turn, leave=setup.leave, next="lair"),
    "growth": Phase(enter=growth.enter, next="awakening"),
    # Everyone draws as the phase begins; then each discards face down, shown as it ends.
    "awakening": Phase(enter=awakening.enter, turns_from="first_lair", turn=awakening.turn, leave=awakening.leave,
                       next="lair"),
    "lair": Phase(enter=lair.enter, turns_from="first_lair", turn=lair.turn, skip_turn=lair.no_lair_action_left,
                  next="card_selection"),
    # The First Lair marker may have changed hands during the Lair Actions.
    "card_selection": Phase(turns_from="first_lair", turn=lair.selection_turn, skip_turn=lair.track_empty,
                            leave=lair.discard_the_last_card, next="placement"),
    "placement": Phase(turns_from="first_attack", turn=placement.turn, leave=placement.rogues_act, next="attack"),
    "attack": Phase(turns_from="first_attack", turn=attack.start_turn, leave=scoring.record_scores,
                    next=attack.after_attack),
    "over": Phase(enter=scoring.enter_over),
}

# Every kind of frame that can wait on the stack.
FRAMES = {cls.kind: cls for cls in (
    common.FaceDownDiscard, common.Discard, lair.LairActionChoice, lair.SchemePick, lair.FirstStrike, lair.SelectCard,
    placement.PlaceDragon, attack.Turn, attack.LevelUp, turn_cards.Effects, turn_cards.ChooseResource,
    turn_cards.Raze)}
# Every action kind's spec (kinds.ActionKind), by the Action.kind it serves.
KINDS = {name: spec for frame in FRAMES.values() for spec in frame.kinds for name in spec.names}
