"""A replay as a host: the table shows a recorded game, step by step, and
cannot change it. The replay decides whose eyes it shows:

- a finished game, or one no person plays: the eyes of whoever decides at
  each step (every lair is open once the game is over, and a replay of it is
  for looking back);
- an unfinished game with one human seat: that player's own eyes only;
- an unfinished game with several human seats (hot seat): only what everyone
  may see (no hand, no hidden lair), since whoever watches could go on playing.

Where several eyes are allowed (a finished game, or one no person plays), the
watcher may follow one seat's (``follow``) instead of the decider's; it may
also jump to the start of a century (``centuries``, ``seek``).
"""
from __future__ import annotations

from typing import Any

from game.events import visible_to
from game.log_text import log_texts
from game.snapshot import seat_snapshot, table
from app.ports import Answer, Command, HostDefaults, ReplayControls, SeatInfo, SeatSnapshot
from app.replay import Replay


class ReplayHost(HostDefaults):
    read_only = True
    here = None

    def __init__(self, session):
        self.session = session
        self.record = Replay(session)
        self.record.to_start()
        self.finished = self.record.final.is_over
        self.humans = [i for i, s in enumerate(session.seats) if s.is_human]
        self.table = table(self.record.game)
        self.version = 0
        self.followed = None            # a seat whose eyes the watcher chose (None: the replay's own choice)

    @property
    def seats(self) -> list[SeatInfo]:
        return [{"name": s.name, "dragon": s.dragon, "kind": s.kind} for s in self.session.seats]

    @property
    def data(self) -> Any:
        return self.record.game.data

    @property
    def game(self):
        """The Game at this step: for tools and tests in this process, never for the view."""
        return self.record.game

    @property
    def decider(self) -> int | None:
        d = self.record.game.decision
        return d.player if d is not None else None

    @property
    def over(self) -> bool:
        return self.record.game.is_over

    def eyes(self) -> int | None:
        """The seat whose view is shown now (None: only what everyone may see)."""
        if not self.finished and self.humans:
            return self.humans[0] if len(self.humans) == 1 else None
        if self.followed is not None:
            return self.followed
        d = self.record.game.decision
        return d.player if d is not None else 0

    def eyes_allowed(self) -> list[int]:
        """The seats whose eyes the watcher may follow ([] when the replay decides alone)."""
        if not self.finished and self.humans:
            return []
        return list(range(len(self.session.seats)))

    def eyes_fixed(self) -> str | None:
        """Why the watcher cannot choose whose eyes to follow (None if it can)."""
        if self.finished or not self.humans:
            return None
        if len(self.humans) == 1:
            name = self.session.seats[self.humans[0]].name
            return (f"This game is not over: its replay shows {name}'s eyes only, as {name} saw it "
                    "(no other dragon's hand or lair).")
        return ("This game is not over and several people play it: its replay shows only what everyone "
                "may see.")

    def follow(self, seat: int | None) -> bool:
        """Follow ``seat``'s eyes (None: whoever decides at each step); False if not allowed."""
        if seat is not None and (type(seat) is not int or seat not in self.eyes_allowed()):
            return False
        self.followed = seat
        self.version += 1
        return True

    def snapshot(self, seat: int | None = None, since: int | None = 0, standings: bool = True) -> SeatSnapshot:
        snap = seat_snapshot(self.record.game, self.eyes(), since, standings=standings)
        snap["version"] = self.version
        snap["events_from"] = snap["log_size"] if since is None else min(max(0, since), snap["log_size"])
        snap["undo"] = {"can": False, "why": "this is a replay"}
        if snap["decision"] is not None:      # a replay is watched, never played
            snap["decision"] = {k: v for k, v in snap["decision"].items()
                                if k not in ("options", "refused", "flights")} | {"mine": False}
        return snap

    # ----- stepping --------------------------------------------------------------------------
    def _moved(self, moved):
        if moved:
            self.version += 1
        return moved

    def forward(self) -> bool:
        return self._moved(self.record.forward())

    def back(self) -> bool:
        return self._moved(self.record.back())

    def to_start(self) -> bool:
        before = self.record.index
        self.record.to_start()
        return self._moved(self.record.index != before)

    def to_end(self) -> bool:
        before = self.record.index
        self.record.to_end()
        return self._moved(self.record.index != before)

    def seek(self, index: int) -> bool:
        """Show the position after the first ``index`` actions (clamped); False if not a number."""
        if type(index) is not int:
            return False
        before = self.record.index
        self.record.seek(index)
        return self._moved(self.record.index != before)

    def centuries(self) -> list[list[int]]:
        """[[century, the step where it begins], ...]: century 1 at step 0, each later one at
        the step after the action that began it."""
        out = [[1, 0]]
        steps = self.record.steps
        for pos, e in enumerate(self.record.final.state.log):
            if e["kind"] == "century_begins":
                step = next((st for st in steps if st.log_end > pos), None)
                if step is not None:
                    out.append([e["century"], step.index + 1])
        return out

    @property
    def index(self) -> int:
        return self.record.index

    def __len__(self) -> int:
        return len(self.record)

    @property
    def at_end(self) -> bool:
        return self.record.at_end

    def last_step(self) -> tuple[int, str] | None:
        """(seat, sentence) of the action that led here, or None at the start. The sentence
        names the action's card only if the eyes shown may know it there: another seat's
        face-down discard, or its pick from cards passed, is told by that seat's public
        lines of the step, or as a choice only that seat sees."""
        last = self.record.last_step
        if not last:
            return None
        eyes = self.eyes()
        events = self.record.final.state.log[last.log_start:last.log_end]
        card = last.action.card
        secret = card is not None and any(e.get("card") == card and not visible_to(e, eyes) for e in events) \
            and not any(e.get("card") == card and visible_to(e, eyes) for e in events)
        if not secret:
            return last.seat, last.text
        g = self.record.game              # the position just after it: its log ends with the step's lines
        lines = [text for e, text in zip(events, log_texts(g)[last.log_start:last.log_end])
                 if visible_to(e, eyes) and e.get("seat") == last.seat]
        name = self.session.seats[last.seat].name
        return last.seat, " ".join(lines) or f"a choice only {name} sees"

    # ----- the host calls a replay answers (the rest: app.ports.HostDefaults) -------------------
    def send(self, seat: int, command: Command) -> Answer:
        return {"error": "This is a replay: nothing can be played."}

    def replay(self) -> ReplayControls | None:
        """The same game from its start."""
        return ReplayHost(self.session)
