"""Issue 40, the host port (app/ports.py): one script of calls, run against every
host, gives the same snapshots and the same answers.

The same seeded game (Ann at this window, an easy AI) is played through a
``LocalHost`` and through a ``RemoteHost`` on a real server (127.0.0.1, port 0)
with the same script: snapshots of Ann's seat and of what everyone may see (online:
a spectator's window, which the server sends it), the options chosen by one
seeded generator, a stale version, an option that is not
offered, a hint, an undo and a flight where they can be asked, the AI's moves let
through with ``ready``/``advance``. The ``ReplayHost`` of the recorded game then
shows, at every step, the snapshot the table showed there.

What legitimately differs, and why:
- an answer the host gets later (``{"pending": True}``: the server's, a thread's)
  is compared once it has come, as the table sees it: a new version, or news;
- ``presence`` news is online only (who is connected), and is left out;
- a summary's ``actions``: a LocalHost counts the actions played, a RemoteHost
  the server's version (undos count too: the moves themselves are the server's);
- a replay is watched, never played: its ``version`` counts its own steps, its
  ``undo`` says "this is a replay", its decision has no choices (``mine`` False).
"""
from __future__ import annotations

import random
import secrets
import typing

import pytest

from app import ports
from app.host import LocalHost
from client.remote import RemoteHost
from online_helpers import ServerThread, create_game, wait_until

SEATS = [{"kind": "here", "name": "Ann"}, {"kind": "easy"}]
SEED = 7                     # the game's (the server's, made to choose it)
MOVES = 14                   # Ann's commands in the script (the AI's moves come between them)
WAIT = 120                   # an upper bound for a server's or a thread's answer, never reached when all is well


def typed_keys(snap_part, typed_dict):
    """The keys ``snap_part`` must have, and may have, by its TypedDict."""
    required, optional = typed_dict.__required_keys__, typed_dict.__optional_keys__
    return required <= set(snap_part) <= required | optional


def check_shape(snap):
    assert typed_keys(snap, ports.SeatSnapshot), sorted(snap)
    assert snap["decision"] is None or typed_keys(snap["decision"], ports.Decision), sorted(snap["decision"])
    assert typed_keys(snap["undo"], ports.UndoState)
    assert all(typed_keys(line, ports.LogLine) for line in snap["events"])


def news(host):
    """The host's news as the table reads it (online presence and standings that came left out)."""
    return [n for n in host.poll() if n["type"] not in ("presence", "standings")]


def settle(host, answer, before):
    """The answer to a command once it has come: ("ok", version), ("error", words) or ("hint", ...)."""
    heard = []
    if answer.get("pending"):
        assert wait_until(lambda: host.version != before or heard.extend(news(host)) or heard, WAIT), "no answer came"
    else:
        heard = news(host)
    if answer.get("hint") is not None:
        heard.append({"type": "hint", **answer["hint"]})
    if "error" in answer:
        return ("error", answer["error"])
    for item in heard:
        if item["type"] == "hint":
            return ("hint", item["seat"], item["version"], item["option"], item["text"], item["plan"])
        if item["type"] == "notice":
            return ("error", item["text"])
    return ("ok", host.version)


def seen(host, seat):
    """``seat``'s snapshot as its table shows it with the standings panel open: online, the
    standings are asked of the server and come a moment later (news "standings"), unless the
    server has moved on (its AI's next moves are here, waiting to be shown: the standings of
    this position can no longer be worked out there)."""
    assert wait_until(lambda: host.snapshot(seat, 0)["standings"] is not None or host.ready(), WAIT), \
        "the standings never came"
    return host.snapshot(seat, 0)


def without_standings(snap):
    return {k: v for k, v in snap.items() if k != "standings"}


def let_the_ai_move(host):
    """As the table's pacer does: let the next move of another seat through (the host thinks first)."""
    assert wait_until(host.advance, WAIT), "the AI's move never came"


def play(host, everyone, seat=0):
    """The script: [(what was done, its answer, Ann's snapshot after, everyone's after)]."""
    rng = random.Random(11)
    steps, kinds = [], []
    moves = 0
    while moves < MOVES and not host.over:
        if host.decider != seat:
            let_the_ai_move(host)
            steps.append(("ai", None, seen(host, seat), everyone(host.version)))
            continue
        snap = seen(host, seat)
        options = snap["decision"]["options"]
        version = host.version
        if moves == 1:
            command = {"type": "apply", "option": 0, "version": version - 1}        # a version gone by
        elif moves == 2:
            command = {"type": "apply", "option": len(options) + 5, "version": version}  # not a choice now
        elif moves == 3:
            command = {"type": "hint", "version": version}
        elif snap["undo"]["can"] and kinds.count("undo") < 2:
            command = {"type": "undo", "version": version}
        elif snap["decision"]["flights"] and moves % 3 == 0:
            command = {"type": "fly", "region": sorted(snap["decision"]["flights"])[0], "version": version}
        else:
            command = {"type": "apply", "option": rng.randrange(len(options)), "version": version}
        kinds.append(command["type"])
        answer = settle(host, host.send(seat, command), version)
        steps.append((command["type"], answer, seen(host, seat), everyone(host.version)))
        moves += 1
    while not host.over and host.decider != seat:       # the end, as the start: Ann's decision
        let_the_ai_move(host)
        steps.append(("ai", None, seen(host, seat), everyone(host.version)))
    return steps


def watched(spectator):
    """What everyone may see at a version, from a spectator's window that lets moves through one by one."""
    def at(version):
        while spectator.version < version:
            # (a whole state, after a resync, is shown as it comes: then nothing waits for advance)
            assert wait_until(lambda: spectator.advance() or spectator.version >= version, WAIT), \
                f"the spectator never saw the move: at {spectator.version}, {version} wanted; link " \
                f"{spectator.state} ({spectator.problem}), {len(spectator.waiting)} frames waiting"
        assert spectator.version == version
        return spectator.snapshot(None, 0)
    return at


class Recording(LocalHost):
    """A LocalHost that remembers Ann's snapshot at every position (by the actions that led there),
    to compare the replay with."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.positions = {}

    def snapshot(self, seat, since=0, standings=True):
        snap = super().snapshot(seat, since, standings)
        if seat == 0:
            self.positions[tuple(self.session.actions)] = snap
        return snap


class Seeded:
    """``secrets`` as the server's messages see it here: the new game's seed is SEED."""
    token_urlsafe = staticmethod(secrets.token_urlsafe)

    @staticmethod
    def randbits(bits):
        return SEED


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The script run on a LocalHost and on a RemoteHost of the same game (the server's seed)."""
    mp = pytest.MonkeyPatch()
    mp.setattr("app.host.HINT_LEVEL", "easy")       # a hint without a time budget: the same on any machine
    mp.setattr("server.messages.secrets", Seeded)
    server = ServerThread(tmp_path_factory.mktemp("server"))
    remote = spectator = None
    try:
        created = create_game(server.uri, SEATS)
        remote = RemoteHost(server.uri, [created["tokens"]["0"]])
        spectator = RemoteHost(server.uri, [], watch=created["game"])
        assert wait_until(lambda: remote.connected and spectator.connected, WAIT), "the windows never connected"
        room = server.call(lambda: server.server.games.rooms[created["game"]])
        seats = [{"name": s["name"], "dragon": s["dragon"], "kind": s["kind"]} for s in remote.seats]
        assert room.settings["seed"] == SEED
        local = Recording.new(seats, SEED)
        hosts = {"local": local, "remote": remote}
        for host in hosts.values():                 # (the server's AI may have moved before the window came)
            while host.decider != 0:
                let_the_ai_move(host)
        everyone = {"local": lambda version: local.snapshot(None, 0), "remote": watched(spectator)}
        start = {name: (seen(host, 0), everyone[name](host.version)) for name, host in hosts.items()}
        steps = {name: play(host, everyone[name]) for name, host in hosts.items()}
        local.snapshot(0, 0)                        # (the last position, for the replay)
        server_actions = server.call(lambda: list(room.session.actions))
        yield {"hosts": hosts, "start": start, "steps": steps, "server_actions": server_actions}
    finally:
        for window in (remote, spectator):
            if window is not None:
                window.close()
        server.stop()
        mp.undo()


def test_every_host_declares_its_port(played):
    local, remote = played["hosts"]["local"], played["hosts"]["remote"]
    replay = local.replay()
    assert isinstance(local, ports.PlayedHost) and not isinstance(local, (ports.OnlineHost, ports.ReplayControls))
    assert isinstance(remote, ports.OnlineHost) and not isinstance(remote, ports.ReplayControls)
    assert isinstance(replay, ports.ReplayControls) and not isinstance(replay, ports.PlayedHost)
    assert [ports.is_online(h) for h in (local, remote, replay)] == [False, True, False]
    for host in (local, remote, replay):       # a host the view may save from is one that can be saved
        assert host.read_only or isinstance(host, ports.PlayedHost)


def test_local_and_remote_hosts_give_the_same_snapshots_and_answers(played):
    local, remote = played["steps"]["local"], played["steps"]["remote"]
    assert played["start"]["local"] == played["start"]["remote"]
    kinds = [step[0] for step in local]
    assert {"ai", "apply", "hint", "undo", "fly"} <= set(kinds), kinds       # the script asked every kind it meant to
    assert [step[:2] for step in local] == [step[:2] for step in remote]
    for i, (mine, theirs) in enumerate(zip(local, remote)):
        if theirs[2]["standings"] is None and not (theirs[2]["decision"] or {}).get("mine"):   # (the server moved on: ``seen``)
            assert without_standings(mine[2]) == without_standings(theirs[2]), f"Ann's snapshot differs after step {i}"
        else:
            assert mine[2] == theirs[2], f"Ann's snapshot differs after step {i} ({mine[0]})"
        assert mine[3] == theirs[3], f"everyone's snapshot differs after step {i} ({mine[0]})"
        check_shape(mine[2])
        check_shape(mine[3])
    # where Ann decides, the server waits for her: there her standings were asked for and came
    assert all(step[2]["standings"] is not None for step in remote if (step[2]["decision"] or {}).get("mine"))
    assert sum(step[2]["standings"] is not None for step in remote) > len(remote) // 2
    answers = [step[1][0] for step in local if step[1] is not None]
    assert answers.count("error") == 2 and "ok" in answers and "hint" in answers
    assert played["server_actions"] == list(played["hosts"]["local"].session.actions)
    facts = {name: host.summary() for name, host in played["hosts"].items()}
    assert set(facts["remote"]) == set(typing.get_type_hints(ports.Summary))
    assert {k: v for k, v in facts["local"].items() if k != "actions"} == \
        {k: v for k, v in facts["remote"].items() if k != "actions"}


def test_the_replay_of_the_game_shows_each_position_as_the_table_showed_it(played):
    local = played["hosts"]["local"]
    replay = local.replay()
    actions = tuple(local.session.actions)
    positions = {len(led): snap for led, snap in local.positions.items() if actions[:len(led)] == led}
    assert len(replay) == len(actions) and len(positions) > MOVES // 2       # (an undone move is not replayed)
    assert replay.eyes() == 0                    # an unfinished game with one person: that person's eyes
    for index, live in sorted(positions.items()):
        assert replay.seek(index) or index == 0
        shown = replay.snapshot(None, 0)
        check_shape(shown)
        assert shown["undo"] == {"can": False, "why": "this is a replay"}
        assert shown["version"] == replay.version
        decision = live["decision"] and {k: v for k, v in live["decision"].items()
                                         if k not in ("options", "refused", "flights")} | {"mine": False}
        assert shown["decision"] == decision, f"the decision differs at step {index}"
        same = {k: v for k, v in live.items() if k not in ("version", "undo", "decision")}
        assert {k: v for k, v in shown.items() if k not in ("version", "undo", "decision")} == same, \
            f"the replay's snapshot differs at step {index}"
    version = replay.version
    assert replay.send(0, {"type": "apply", "option": 0, "version": version}) == \
        {"error": "This is a replay: nothing can be played."}
    assert (replay.ready(), replay.advance(), replay.poll(), replay.version) == (False, False, [], version)


def test_the_typed_shapes_are_the_ones_the_hosts_send():
    """The TypedDicts name every key of a snapshot's top level (the rest is checked above, per host)."""
    hints = typing.get_type_hints(ports.SeatSnapshot)
    assert set(hints) == ports.SeatSnapshot.__required_keys__
    host = LocalHost.new([{"name": "A", "dragon": "Black", "kind": "human"},
                          {"name": "B", "dragon": "Blue", "kind": "human"}], 3, threaded=False)
    check_shape(host.snapshot(0))
    assert set(host.summary()) == set(typing.get_type_hints(ports.Summary))
    assert all(set(s) == ports.SeatInfo.__required_keys__ for s in host.seats)


