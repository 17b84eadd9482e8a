"""Hosts: where a game is held for a table.

The window's table never touches the Game: it reads seat snapshots
(``game.snapshot``: plain data, one seat's eyes) and sends commands (plain
data) to a host, which holds the session, runs the AI seats, the hint and the
autosave. ``LocalHost`` holds the game in this process; a network host holds
it in a server and implements the same calls; a ``ReplayHost`` (app.replay_host)
steps through a recorded game.

The calls every host answers, and what each returns, whether it blocks and
which thread calls it, are declared in ``app.ports`` (``Host``; ``PlayedHost``
for saving a game played here). The rest is for this process (the online
server's room, tools, tests): ``snapshots`` for several seats at once,
``think`` and ``ai_to_move`` for the AI seats, ``play_random`` for the
screenshots (sprites/shot.py, which makes a LocalHost of its own), ``game``.

Commands are checked as a network host checks them: the seat must be the one
to decide, the option one the engine offers, the version the current one.
"""
from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

from game.actions import IllegalAction
from game.ai import about, make_ai
from game.ai_levels import OFFERED
from game.snapshot import seat_snapshots, table
from app.hint import hint as suggest, why
from app.ports import Answer, Command, News, ReplayControls, SeatInfo, SeatSnapshot, Summary, Unsaved
from app.session import SEAT_KINDS, Seat, Session, undoable_after  # noqa: F401  (SEAT_KINDS: for the view)

HINT_LEVEL = "normal"


def seat_kinds():
    """[(kind, a sentence about it)]: a person, then the AI levels weakest first ("random" last)."""
    return [("human", "A person plays this seat.")] + [(k, about(k)) for k in OFFERED]


class LocalHost:
    read_only = False
    here = None                   # the seats played at this window: every human seat

    def __init__(self, session, threaded=True, autosaver=None, notify=None):
        self.session = session
        self.threaded = threaded
        self.notify = notify or (lambda: None)      # called from threads: there is news for the window
        self.autosaver = autosaver
        if autosaver is not None and autosaver not in session.listeners:
            session.listeners.append(autosaver)
        self.table = table(session.game)
        self._ais = {}
        self._thought = None          # [version, seat, action or None, done, error] of the AI thinking now
        self._hint = None             # [question, version, seat, action or None, done]
        self._questions = 0
        self._news = []
        self._closed = False

    @classmethod
    def new(cls, seats, seed, variant="standard", **kw):
        """A new game: ``seats`` as {"name", "dragon", "kind"} (or Seat)."""
        return cls(Session.new([s if isinstance(s, Seat) else Seat(**s) for s in seats], seed, variant), **kw)

    # ----- what the table reads ----------------------------------------------------------
    @property
    def game(self):
        """The Game itself: for tools and tests in this process, never for the view."""
        return self.session.game

    @property
    def version(self) -> int:
        return self.session.changes

    @property
    def seats(self) -> list[SeatInfo]:
        return [{"name": s.name, "dragon": s.dragon, "kind": s.kind} for s in self.session.seats]

    @property
    def data(self) -> Any:
        return self.session.game.data

    @property
    def over(self) -> bool:
        return self.session.game.is_over

    @property
    def decider(self) -> int | None:
        """The seat that must choose now (None once the game is over): everyone may know it."""
        d = self.session.game.decision
        return d.player if d is not None else None

    def snapshot(self, seat: int | None, since: int | None = 0, standings: bool = True) -> SeatSnapshot:
        return self.snapshots([seat], since, standings)[seat]

    def snapshots(self, seats, since=0, standings=True):
        """{seat: ``snapshot(seat, since)``} for several seats at once (the online server after
        each move): what they all may see is worked out once (game.snapshot.seat_snapshots).
        ``standings`` False: without them (a table whose standings panel is closed)."""
        g = self.session.game
        d = g.decision
        human = d is not None and self.session.seats[d.player].is_human
        snaps = seat_snapshots(g, seats, since, undoable=(lambda game, after: undoable_after(self.session, game, after))
                               if human else None, standings=standings)
        for seat, snap in snaps.items():
            snap["version"] = self.version
            snap["events_from"] = snap["log_size"] if since is None else min(max(0, since), snap["log_size"])
            mine = d is not None and d.player == seat
            snap["undo"] = {"can": mine and self.session.can_undo(), "why": self.session.why_no_undo() if mine else None}
        return snaps

    def ai_to_move(self):
        """The seat of the AI that must move now, or None."""
        d = self.session.game.decision
        return d.player if d is not None and not self.session.seats[d.player].is_human else None

    # ----- commands ------------------------------------------------------------------------
    def send(self, seat: int, command: Command) -> Answer:
        kind = command.get("type") if isinstance(command, dict) else None
        handler = {"apply": self._apply, "fly": self._fly, "undo": self._undo, "hint": self._ask_hint}.get(kind)
        if handler is None:
            return {"error": f"Unknown command {kind!r}."}
        g = self.session.game
        if command.get("version") != self.version:
            return {"error": "The game has moved on since: look again.", "stale": True}
        d = g.decision
        if d is None:
            return {"error": "The game is over."}
        if d.player != seat or not self.session.seats[seat].is_human:
            return {"error": f"Wait: it is {self.session.seats[d.player].name}'s decision."}
        return handler(seat, command)

    def _apply(self, seat, command):
        options = self.session.game.decision.options
        i = command.get("option")
        if type(i) is not int or not 0 <= i < len(options):
            return {"error": "That is not one of the choices now."}
        return self._play(options[i])

    def _play(self, action):
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            return {"error": str(exc)}
        return {"ok": True, "version": self.version}

    def _fly(self, seat, command):
        """A flight of several moves (``game.routes``), each one the engine offers in its turn."""
        from game.routes import route
        steps = route(self.session.game, command.get("region"))
        if not steps:
            return {"error": "No flight goes there now."}
        for step in steps:
            g = self.session.game
            if g.decision is None or g.decision.player != seat or step not in g.decision.options:
                break
            answer = self._play(step)
            if "error" in answer:
                return answer
        return {"ok": True, "version": self.version}

    def _undo(self, seat, command):
        if not self.session.can_undo():
            return {"error": f"Undo is not possible: {self.session.why_no_undo()}."}
        self.session.undo()
        return {"ok": True, "version": self.version}

    def play_random(self, steps, rng):
        """Apply ``steps`` random legal options (screenshots, benches), or fewer if the game ends."""
        for _ in range(steps):
            g = self.session.game
            if g.is_over:
                break
            self._play(rng.choice(g.decision.options))

    # ----- AI seats ------------------------------------------------------------------------
    @property
    def thinking(self) -> bool:
        return (self._thought is not None and not self._thought[3]) or (self._hint is not None and not self._hint[4])

    def ready(self) -> bool:
        """An AI move has been thought out and waits to be applied."""
        t = self._thought
        return t is not None and t[3] and t[0] == self.version

    def think(self):
        """Start thinking for the AI seat that must move, if it is not thinking yet; never
        applies a move (``advance`` does: the server commits each move before it is told)."""
        t = self._thought
        if t is None or (t[3] and t[0] != self.version):
            self._thought = None
            if self.ai_to_move() is not None and self.threaded:
                self.advance()

    def advance(self) -> bool:
        """Apply the AI move thought out, or start thinking about the next one."""
        seat = self.ai_to_move()
        t = self._thought
        if t is not None and t[3]:
            self._thought = None
            if t[0] == self.version and t[1] == seat:
                return self._ai_move(seat, t[2], t[4])
        if seat is None or self._thought is not None or self._closed:
            return False
        g = self.session.game
        ai = self._ai(seat)
        copy = g.copy(keep_log=True)         # a fraction of a millisecond
        thought = self._thought = [self.version, seat, None, False, None]

        def think():
            try:
                thought[2] = ai.choose(copy, seat)
            except Exception as exc:          # a broken AI must not stop the game: say so, play on
                thought[4] = f"The {self.session.seats[seat].kind} AI failed ({exc}); it made a random legal move."
            thought[3] = True
            self.notify()
        if not self.threaded:
            think()
            return self.advance()
        threading.Thread(target=think, name="ai", daemon=True).start()
        return False

    def _ai(self, seat):
        if seat not in self._ais:
            self._ais[seat] = make_ai(self.session.seats[seat].kind, self.session.seed * 7919 + seat)
        return self._ais[seat]

    def _ai_move(self, seat, action, error):
        g = self.session.game
        options = g.decision.options
        if action is None or action not in options:
            if action is not None:
                error = f"The AI chose an illegal move ({action}); it made a random legal move."
            action = random.Random(len(self.session.actions)).choice(options)
        if error:
            self._news.append({"type": "notice", "text": error})
        self._play(action)
        return True

    # ----- the hint ------------------------------------------------------------------------
    def _ask_hint(self, seat, command):
        if self._hint is not None and not self._hint[4]:
            return {"pending": True}
        self._questions += 1
        g = self.session.game
        ai = make_ai(HINT_LEVEL, self.session.seed * 31 + len(self.session.actions))
        copy = g.copy(keep_log=True)
        hint = self._hint = [self._questions, self.version, seat, None, False]

        def think():
            try:
                hint[3] = suggest(copy, seat, ai)
            except Exception:                  # a hint that fails is no hint, never a crash
                hint[3] = None
            hint[4] = True
            self.notify()
        if not self.threaded:
            think()
            return {"ok": True, "hint": self._hint_answer()}
        threading.Thread(target=think, name="hint", daemon=True).start()
        return {"pending": True}

    def forget_hint(self) -> None:
        """Drop a hint being thought about (hot seat: its answer would reach the next player)."""
        self._questions += 1
        self._hint = None

    def _hint_answer(self):
        """{"seat", "version", "option" (index or None), "text", "plan": [sentences]} of a finished
        hint, once (``app.hint``: its words say why; its plan is the turn it would play)."""
        h = self._hint
        if h is None or not h[4]:
            return None
        self._hint = None
        question, version, seat, found = h[:4]
        g = self.session.game
        if question != self._questions or version != self.version or g.decision is None:
            return None
        if found is None:
            return {"seat": seat, "version": version, "option": None, "text": "Hint: the AI found no suggestion.",
                    "plan": []}
        action = found["action"]
        if action not in g.decision.options:
            return None
        return {"seat": seat, "version": version, "option": g.decision.options.index(action),
                "text": f"Hint ({HINT_LEVEL} AI): {g.describe(action)}.{why(found)}", "plan": found["plan"]}

    # ----- news, saves, the end ---------------------------------------------------------------
    def poll(self) -> list[News]:
        news, self._news = self._news, []
        hint = self._hint_answer()
        if hint is not None:
            news.append({"type": "hint", **hint})
        saver = self.autosaver
        problem = saver.take_error() if saver is not None else None
        if problem:
            news.append({"type": "autosave_failed", "problem": problem})
        return news

    def start_autosave(self, save_dir: str, fname: str | None = None,
                       notify: Callable[[], None] | None = None) -> object:
        """Autosave after every change to ``fname`` in ``save_dir`` (by default a new
        file of this game's own); one writer thread, ended by ``close``."""
        from app.autosave import BackgroundAutosaver
        from app.save_folder import autosave_name
        if self.autosaver is None:
            self.autosaver = BackgroundAutosaver(save_dir, fname or autosave_name(self.session), notify=notify,
                                                 new=fname is None)
            self.session.listeners.append(self.autosaver)
        return self.autosaver

    @property
    def autosave_file(self) -> str | None:
        """The autosave's file name in the save folder, or None (autosave off)."""
        return self.autosaver.fname if self.autosaver is not None else None

    def unsaved(self) -> Unsaved | None:
        """While the autosave fails: {"line", "short", "leaving"}, what to say of it
        (app.unsaved has the words); None otherwise."""
        from app.unsaved import trouble_of
        found = trouble_of(self.autosaver) if self.autosaver is not None else None
        return None if found is None else {"line": found.line(), "short": found.short(), "leaving": found.leaving()}

    def save_elsewhere(self, path: str) -> str:
        """Save the game at ``path``; it autosaves there from now on (app.unsaved.save_elsewhere)."""
        from app.unsaved import save_elsewhere
        return save_elsewhere(self.session, path)

    def frame_drawn(self) -> None:
        if self.autosaver is not None:
            self.autosaver.frame_drawn()

    def flush(self, timeout: float | None = None) -> str | None:
        """Wait for the autosave; the one-line problem if it failed or did not finish, else None."""
        saver = self.autosaver
        if saver is None:
            return None
        done = saver.flush() if timeout is None else saver.flush(timeout)
        return saver.last_error if not done or saver.last_error else None

    def close(self) -> str | None:
        """The window is done with this game: the last autosave lands and no thread is kept."""
        self._closed = True
        self._thought = self._hint = None
        saver = self.autosaver
        if saver is None:
            return None
        done = saver.close()
        if saver in self.session.listeners:
            self.session.listeners.remove(saver)
        return saver.last_error if not done or saver.last_error else None

    def summary(self) -> Summary:
        """The game in a few facts, as a save's header holds them (app.save_format.summary)."""
        from app.save_format import summary
        return summary(self.session)

    def save_as(self, save_dir: str, name: str) -> str:
        """A named save of the game ("Save as"); returns its path (raises as save_folder.save_as)."""
        from app.save_folder import save_as
        return save_as(self.session, save_dir, name)

    def replay(self) -> ReplayControls | None:
        """A host that steps through this game from its start (app.replay_host)."""
        from app.replay_host import ReplayHost
        return ReplayHost(self.session)

