"""``python main.py serve`` at its edges, and this computer's list of online games.

Developers' guide: "A bad file gets one clear line naming the file, the entry
and the problem, exit code 2; never a traceback, a hang or a lost save."
"""
from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys

from client.my_games import MyGames
from online_helpers import ROOT


def serve(*args, timeout=30):
    return subprocess.run([sys.executable, "main.py", "serve", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def test_serve_refuses_a_port_in_use_a_bad_port_and_a_data_folder_that_is_a_file(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        out = serve("--port", str(busy.getsockname()[1]), "--data", str(tmp_path / "d"))
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and out.stderr.startswith("error: cannot serve")
    out = serve("--port", "70000")
    assert out.returncode == 2 and "--port" in out.stderr and "Traceback" not in out.stderr
    (tmp_path / "file").write_text("x")
    out = serve("--port", "0", "--data", str(tmp_path / "file"))
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "file" in out.stderr, out.stderr
    assert "Traceback" not in out.stderr


def test_serve_refuses_a_host_that_cannot_be_one_and_a_trusted_proxy_that_is_no_address_with_one_line(tmp_path):
    """Issue "Online play a group can trust", defect 7: "`serve --host` of 10,000 characters gives a
    traceback"; defect 6: `--trusted-proxy ADDR`."""
    for host in ("x" * 10_000, "a" * 64 + ".example", "no-such-host.invalid", "two words"):
        out = serve("--host", host, "--port", "0", "--data", str(tmp_path / "d"))
        assert out.returncode == 2 and out.stderr.count("\n") == 1 and out.stderr.startswith("error: "), out.stderr
        assert "Traceback" not in out.stderr and len(out.stderr) < 300, out.stderr
    out = serve("--trusted-proxy", "my proxy", "--port", "0", "--data", str(tmp_path / "d"))
    assert out.returncode == 2 and "--trusted-proxy" in out.stderr and out.stderr.count("\n") == 1


def test_serve_has_help():
    out = serve("--help")
    assert out.returncode == 0 and "--host" in out.stdout and "--data" in out.stdout


def test_my_games_are_kept_for_this_user_only_and_a_damaged_list_is_never_overwritten(tmp_path):
    mine = MyGames.load(str(tmp_path))
    assert mine.games == [] and mine.problem is None
    mine.server, mine.name = "ws://192.168.1.20:8765", "Ann"
    mine.add("ws://192.168.1.20:8765", "g1", ["t" * 43], ["Ann"])
    assert mine.save() is None
    path = tmp_path / "online.yaml"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600          # seat tokens are secrets
    again = MyGames.load(str(tmp_path))
    assert (again.server, again.name, [g["game"] for g in again.games]) == ("ws://192.168.1.20:8765", "Ann", ["g1"])
    for bad, entry in (("games: [{server: 'ftp://x', game: g, tokens: [t]}]", "games[0].server"),
                       ("games: [{server: 'ws://x:1', game: g, tokens: []}]", "games[0].tokens"),
                       ('name: "\\u200b"', "name"), ("[1, 2]", "expected a mapping"), ("{", ""),
                       ("table: {seats: [here, root], variant: standard, absent: null, turn: null}", "table.seats"),
                       ("table: {seats: [here], variant: standard, absent: null, turn: null}", "table.seats"),
                       ("table: {seats: [here, easy], variant: standard, absent: -5, turn: null}", "table.absent"),
                       ("table: {seats: [here, easy], variant: standard, absent: null, turn: 1.5}", "table.turn"),
                       ("table: {seats: [here, easy], variant: 'a b', absent: null, turn: null}", "table.variant"),
                       ("table: [here, easy]", "table")):
        path.write_text(bad, encoding="utf-8")
        damaged = MyGames.load(str(tmp_path))
        assert damaged.problem and str(path) in damaged.problem and entry in damaged.problem, damaged.problem
        damaged.add("ws://x:1", "g2", ["u" * 43], ["Bo"])
        assert damaged.save() == damaged.problem
        assert path.read_text(encoding="utf-8") == bad              # left as it was


def test_the_games_help_names_the_server_command():
    """Playtest: "python main.py --help does not mention the serve subcommand that the README
    documents"; a player looking for how to host finds it in the game's own help."""
    out = subprocess.run([sys.executable, "main.py", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert out.returncode == 0 and "main.py serve" in " ".join(out.stdout.split()), out.stdout
    assert "serve --help" in " ".join(out.stdout.split())
