"""The host port: what the window (sprites/) asks of the host that holds its game.

Three hosts implement it: ``app.host.LocalHost`` (the game in this process),
``app.replay_host.ReplayHost`` (a recorded game, read-only) and
``client.remote.RemoteHost`` (the game on a server). The view never touches a
Game: it reads seat snapshots and sends commands through these members only
(tests/test_structure.py checks that every member it reads is declared here;
tests/test_host_conformance.py runs one script of calls against all three hosts;
tests/test_ports_typed.py has mypy check that each host class fits its port).

- ``Host``: every host. The window's thread calls it (the table, once a frame);
  no member blocks unless its docstring says so. Hosts that think or talk in
  threads of their own (an AI, the hint, the autosave, the network) only hand
  their results over, and the window finds them at its next call.
- ``PlayedHost``: a game played or watched as it goes (LocalHost, RemoteHost):
  saving it. The view calls these only on a host that is not ``read_only``
  (a replay is never a PlayedHost), and ``start_autosave`` on every game it
  opens at a table (a spectator's window keeps the finished game's record).
- ``OnlineHost``: RemoteHost's connection and the other players' presence. The
  view asks ``is_online(host)``, and nothing else, before it uses them.
- ``ReplayControls``: ReplayHost's stepping and whose eyes it shows. Only the
  replay scene holds one, made as such (``LocalHost.replay``, ``App.show_replay``).

Snapshots, commands, answers and news are plain data (dicts and lists, no
objects), typed below as TypedDicts; whatever a snapshot holds beyond its top
level is the engine's (game/snapshot.py) and typed as plain data here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol, TypedDict, TypeGuard, Union, runtime_checkable

Plain = Any          # plain data (dicts, lists, str, int, bool, None) whose shape the engine declares


# ----- the data that crosses the port ------------------------------------------------------------

# (Keys a dict may lack are in a ``total=False`` part of their own: NotRequired is not in Python 3.10.)
class _Seat(TypedDict):
    name: str
    dragon: str
    kind: str                    # "human" or an AI level (online: the level standing in, if one does)


class SeatInfo(_Seat, total=False):
    """One entry of ``Host.seats``: who sits where; online, whether they are here."""
    connected: bool | None       # is this seat's player connected now
    away: float | None           # seconds gone when the seat list came
    claimed: bool                # an invited seat someone took
    stand_in: str | None         # the AI level playing for an absent player


class _Decision(TypedDict):
    player: int
    kind: str
    prompt: str
    mine: bool


class Decision(_Decision, total=False):
    """The waiting decision as one seat sees it; the choices only if it is that seat's."""
    options: list[Plain]         # game.snapshot.option: sentence, touch, preview, spends, undoable
    refused: Plain               # why pointing at a thing does nothing
    flights: dict[str, Plain]    # region -> the flight of several moves that reaches it


class LogLine(TypedDict):
    seq: int                 # its place in the game's log
    seat: int | None
    text: str
    event: dict[str, Plain]


class UndoState(TypedDict):
    can: bool
    why: str | None          # why not (None when it is not this seat's decision)


class SeatSnapshot(TypedDict):
    """Everything one seat may know and needs to draw its table (game.snapshot.seat_snapshot),
    with what the host adds: the version it was taken at, where its log lines start, undo."""
    seat: int | None                   # None: what everyone may see (a spectator, a hot-seat hand-off)
    board: dict[str, Plain]
    decision: Decision | None          # None once the game is over
    standings: Plain | None            # None if not asked for
    goals: Plain | None
    final_scores: Plain | None         # once the game is over
    events: list[LogLine]              # the log lines from ``since`` on
    log_size: int
    turn_starts: bool
    since_last_turn: list[list[Plain]]
    turn_order: list[int]
    version: int
    events_from: int
    undo: UndoState


class ApplyCommand(TypedDict):
    type: Literal["apply"]
    option: int              # an index into the decision's options
    version: int             # the version the option was seen at


class FlyCommand(TypedDict):
    type: Literal["fly"]
    region: str
    version: int


class OtherCommand(TypedDict):
    type: Literal["undo", "hint"]
    version: int


Command = Union[ApplyCommand, FlyCommand, OtherCommand]


class Answer(TypedDict, total=False):
    """``send``'s answer: exactly one of ok, error, pending."""
    ok: Literal[True]
    version: int             # with ok: the version now
    hint: Plain              # with ok, to a hint thought out at once (a LocalHost without threads)
    error: str               # in words, for the player
    stale: Literal[True]     # with error: the version sent was not the current one
    pending: Literal[True]   # the answer comes later (as news, or as a new version)


News = dict[str, Plain]
"""One item of ``Host.poll``: {"type": "hint", "seat", "version", "option", "text", "plan"},
{"type": "notice", "text"}, {"type": "autosave_failed", "problem"}, {"type": "presence"} (online),
{"type": "resent"} (online: a seat's snapshot and log came whole again, maybe at the same version)."""


class Unsaved(TypedDict):
    """What to say while the game is not kept safe (``Host.unsaved``)."""
    line: str                # the table's banner
    short: str               # a list row's words
    leaving: str | None      # what leaving the game now means


class Summary(TypedDict):
    """A game in a few facts, as a save's header holds them (app.save_format.summary_of)."""
    players: list[str]
    kinds: list[str]
    variant: str
    century: int
    phase: str
    over: bool
    actions: int
    text: str


class TurnClock(TypedDict):
    seat: int
    left: float              # seconds before an easy AI moves for that seat


# ----- the ports ------------------------------------------------------------------------------------

@runtime_checkable
class Host(Protocol):
    """Every host: what the table, the scores, the hand-off and the window's menus ask."""

    @property
    def seats(self) -> list[SeatInfo]:
        """Who sits where, a fresh list each call. Never blocks."""

    @property
    def table(self) -> dict[str, Plain]:
        """What stays the same for the whole game (game.snapshot.table: buttons, texts, players, variant)."""

    @property
    def data(self) -> Plain:
        """The rule data the game is played with (game.data.GameData): the view's numbers and names."""

    @property
    def version(self) -> int:
        """Changes so far as this window has been shown them (every applied action, undo, or a replay's
        step counts one): a table whose snapshot has another version takes a new one."""

    @property
    def over(self) -> bool:
        """Is the game (as shown now) over?"""

    @property
    def decider(self) -> int | None:
        """The seat that must choose now (None once the game is over): everyone may know it."""

    @property
    def read_only(self) -> bool:
        """Nothing can be played or saved from this window (a replay, a spectator)."""

    @property
    def here(self) -> list[int] | None:
        """The seats this window plays (online); None: every human seat (a local game, a replay)."""

    @property
    def thinking(self) -> bool:
        """Another seat (an AI, or the server for another player) is deciding and nothing has come yet."""

    @property
    def autosave_file(self) -> str | None:
        """The autosave's file name in the save folder, or None (no autosave here)."""

    def snapshot(self, seat: int | None, since: int | None = 0, standings: bool = True) -> SeatSnapshot:
        """The snapshot of ``seat`` (None: what everyone may see) as shown now, with its log lines from
        sequence number ``since`` on (None: none); ``standings`` False: they may be left out (None);
        True: the seat's standings at this version, or None while an online host asks the server
        for them (its news "standings" says they came; once the game is over they come with it).
        A replay shows the eyes it decides on, whatever ``seat`` says; an online host has ``seat`` None
        only when it holds several seats or watches (the server sends it no other). Never blocks (a
        LocalHost works it out: a few milliseconds)."""

    def send(self, seat: int, command: Command) -> Answer:
        """A command of ``seat``'s, at the version it saw. Never blocks: a host that asks a thread or a
        server answers ``{"pending": True}``, and the change shows as a new ``version`` (or an error
        or a hint as news from ``poll``)."""

    def ready(self) -> bool:
        """A move of another seat is waiting to be let through (``advance``)."""

    def advance(self) -> bool:
        """Let the next move of another seat through: True if one was. If none is ready, a host that
        thinks for AI seats starts thinking (in a thread; a LocalHost without threads thinks here)."""

    def poll(self) -> list[News]:
        """News since the last call (each item once): hints, notices, autosave failures, presence."""

    def forget_hint(self) -> None:
        """Drop a hint not yet shown (hot seat: its answer would reach the next player)."""

    def frame_drawn(self) -> None:
        """The window drew a frame (an autosave waiting for one may write now)."""

    def flush(self, timeout: float | None = None) -> str | None:
        """Wait (blocks, up to ``timeout`` seconds) for the autosave: its problem in a line, or None."""

    def close(self) -> str | None:
        """The window is done with this game: the last autosave lands (blocks until it does), threads
        end, connections close. Its problem in a line, or None."""

    def unsaved(self) -> Unsaved | None:
        """While the game is not kept safe (an autosave failing, a connection down): what to say."""

    def replay(self) -> ReplayControls | None:
        """A replay of this game from its start (None: an online game whose record has not come yet).
        A LocalHost's builds it here (blocks: it replays the game, well under a second)."""


@runtime_checkable
class PlayedHost(Host, Protocol):
    """A game played (or watched) as it goes: LocalHost, RemoteHost. The view calls these on a host
    that is not ``read_only``, except ``start_autosave`` (``App.open_table`` on every game it opens)."""

    def start_autosave(self, save_dir: str, fname: str | None = None,
                       notify: Callable[[], None] | None = None) -> object:
        """Keep the game in ``save_dir`` from now on (a local game: after every change, in a writer
        thread; an online one: its record once it is over)."""

    def save_as(self, save_dir: str, name: str) -> str:
        """A named save; its path. Blocks while it writes. Raises (its words are the player's) if it
        cannot (a bad name, a folder that fails, an online game not over yet)."""

    def save_elsewhere(self, path: str) -> str:
        """A save at ``path`` while the save folder fails; the game autosaves there from now on. Raises
        (its words are the player's) where that cannot be (an online game: the server keeps it)."""

    def summary(self) -> Summary:
        """The game in a few facts (the title screen's row for the game in progress)."""


@runtime_checkable
class OnlineHost(PlayedHost, Protocol):
    """RemoteHost: the connection and the presence of the other players. Only after ``is_online``."""

    @property
    def connected(self) -> bool:
        """Connected, with every snapshot of this window's seats here: the table can be drawn."""

    @property
    def fatal(self) -> str | None:
        """Why the connection ended for good (another version, a certificate not trusted), or None."""

    @property
    def offer(self) -> str | None:
        """The fingerprint of a certificate the player may choose to trust (with ``fatal``), or None."""

    @property
    def uri(self) -> str:
        """The server's address."""

    @property
    def problem(self) -> str | None:
        """Why the connection is down now (it is being tried again), or None."""

    @property
    def watching(self) -> str | None:
        """The game's code when this window watches it as a spectator, else None."""

    @property
    def invites(self) -> dict[int, str]:
        """{seat: invite code} of the friends' seats of a table this window made (never a spectator's)."""

    @property
    def absent_limit(self) -> float | None:
        """Seconds an absent player is waited for before an AI may stand in (None: the table waits)."""

    def away_for(self, seat: int) -> float | None:
        """Seconds the person of ``seat`` has been gone (None: connected, or not a person's seat)."""

    def turn_clock(self) -> TurnClock | None:
        """With a turn limit: whose clock runs and the seconds left (None: no limit, nobody on it)."""

    def take_over(self, seat: int, level: str) -> bool:
        """Ask the server to let an AI ``level`` play an absent player's seat; False if not connected."""

    def reclaim(self, seat: int) -> bool:
        """Take this window's ``seat`` back from the AI that played it; False if not connected."""

    def catch_up(self) -> None:
        """Show every move received at once (no table paces them: the window shows another screen)."""


@runtime_checkable
class ReplayControls(Host, Protocol):
    """ReplayHost: stepping through a recorded game, and whose eyes it shows. Each step that moves
    counts one ``version``. None of these blocks (a step replays one action)."""

    @property
    def followed(self) -> int | None:
        """The seat whose eyes the watcher chose (None: the replay's own choice)."""

    @property
    def index(self) -> int:
        """Actions shown so far (0: the start)."""

    @property
    def at_end(self) -> bool:
        """Is the last recorded action shown?"""

    def __len__(self) -> int:
        """The recorded actions."""

    def eyes(self) -> int | None:
        """The seat whose view is shown now (None: only what everyone may see)."""

    def eyes_allowed(self) -> list[int]:
        """The seats whose eyes the watcher may follow ([] when the replay decides alone)."""

    def eyes_fixed(self) -> str | None:
        """Why the watcher cannot choose whose eyes to follow, in words (None if it can)."""

    def follow(self, seat: int | None) -> bool:
        """Follow ``seat``'s eyes (None: whoever decides); False if not allowed."""

    def forward(self) -> bool:
        """One step on; False at the end."""

    def back(self) -> bool:
        """One step back; False at the start."""

    def to_start(self) -> bool:
        """To the start; False if there already."""

    def to_end(self) -> bool:
        """To the end; False if there already."""

    def seek(self, index: int) -> bool:
        """Show the position after the first ``index`` actions (clamped); False if it did not move."""

    def centuries(self) -> list[list[int]]:
        """[[century, the step where it begins], ...]."""

    def last_step(self) -> tuple[int, str] | None:
        """(seat, sentence) of the action that led here, as the eyes shown may know it; None at the start."""


class HostDefaults:
    """The answers of a host that has nothing of its own for a member (no autosave, no thread, no
    other seat's move to let through). A host class takes them by inheriting; so a new ``Host``
    member with such an answer is written in three files: here (declared, and its default), and
    the two hosts that do something with it (docs/architecture.md, "The host port")."""

    autosave_file: str | None = None

    @property
    def thinking(self) -> bool:
        return False

    def ready(self) -> bool:
        return False

    def advance(self) -> bool:
        return False

    def poll(self) -> list[News]:
        return []

    def forget_hint(self) -> None:
        return None

    def frame_drawn(self) -> None:
        return None

    def flush(self, timeout: float | None = None) -> str | None:
        return None

    def close(self) -> str | None:
        return None

    def unsaved(self) -> Unsaved | None:
        return None


def is_online(host: Host) -> TypeGuard[OnlineHost]:
    """The one way the view asks whether a host is online (and has ``OnlineHost``'s members)."""
    return isinstance(host, OnlineHost)
