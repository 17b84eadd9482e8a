"""The server's data folder: one server at a time, data it can vouch for, a clean stop, backups.

Issue "Online play a group can trust": "Two `serve` on one `--data` start
without complaint ... the second process refuses with one line naming the
folder (and the holder's pid)"; "A damaged `games.sqlite` is served without a
word (pages overwritten, or a WAL cut by a crash) ... At start run an
integrity check (`PRAGMA quick_check`, bounded in time for big files), refuse
with one line and leave the file untouched. Fold the WAL into the database on
a clean stop (SIGTERM/SIGINT), and give `serve` a way to make a consistent
backup while running ... say in docs/online.md how to restore."
Developers' guide: "The server may never ... open data it cannot vouch for:
test each promise by breaking it."
"""
from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
import signal
import sqlite3
import subprocess
import sys

import pytest

from client.bot import Bot
from online_helpers import ROOT, ServerProcess, play_out, seat_plan, table_of_bots


def serve(*args, timeout=60):
    return subprocess.run([sys.executable, "main.py", "serve", "--port", "0", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def backup(*args, command="backup"):
    return subprocess.run([sys.executable, "main.py", command, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


def restore(*args):
    return backup(*args, command="restore")


def one_line_refusal(out, *words):
    assert out.returncode == 2, (out.returncode, out.stdout, out.stderr)
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: "), out.stderr
    assert "Traceback" not in out.stderr + out.stdout
    for word in words:
        assert word in out.stderr, (word, out.stderr)


def digests(folder):
    return {name: hashlib.sha256((folder / name).read_bytes()).hexdigest()
            for name in sorted(os.listdir(folder)) if name.startswith("games.sqlite")}


def play_some(uri, moves=40, players=2, seed=1):
    """A table of scripted players that makes ``moves`` moves and leaves: its seat tokens."""
    async def go():
        bots = await table_of_bots(uri, seat_plan(players), seed=seed)
        await asyncio.wait_for(asyncio.gather(*(b.play(until=lambda b=b: b.mirror.version >= moves) for b in bots)), 60)
        tokens = [b.created["tokens"]["0"] if b.created else b.joined["token"] for b in bots]
        version = max(b.mirror.version for b in bots)
        for b in bots:
            await b.close()
        return tokens, version
    return asyncio.run(go())


def seen_version(uri, token):
    """The game's version as a returning player's window is told it."""
    async def go():
        bot = Bot(uri, {"type": "hello", "tokens": [token]}, __import__("random").Random(0))
        await bot.connect()
        while not bot.mirror.snaps:
            await asyncio.wait_for(bot.receive(), 20)
        await bot.close()
        return bot.mirror.version
    return asyncio.run(go())


def killed_mid_game(data):
    """A server that stored moves and was killed -9 (its log not folded in): (tokens, version)."""
    server = ServerProcess(data, "--snapshot-every", "0")
    try:
        tokens, version = play_some(server.uri)
        server.proc.send_signal(signal.SIGKILL)
        server.proc.wait(30)
    finally:
        server.stop()
    assert os.path.getsize(data / "games.sqlite-wal") > 0, "the moves should still be in the log"
    return tokens, version


def test_a_second_server_on_the_same_data_folder_refuses_with_the_folder_and_the_holders_pid(tmp_path):
    first = ServerProcess(tmp_path)
    try:
        out = serve("--data", str(tmp_path))
        one_line_refusal(out, str(tmp_path), f"pid {first.proc.pid}")
        tokens, version = play_some(first.uri, moves=10)         # the first one goes on serving
        assert version >= 10
    finally:
        first.kill()
        first.stop()
    # Killed, it leaves no lock behind: the next server opens the folder and has the game.
    second = ServerProcess(tmp_path)
    try:
        assert seen_version(second.uri, tokens[0]) >= 10
    finally:
        second.stop()


def test_a_clean_stop_folds_the_log_into_the_database_on_sigterm_and_on_sigint(tmp_path):
    for sig in (signal.SIGTERM, signal.SIGINT):
        data = tmp_path / sig.name
        server = ServerProcess(data)
        tokens, version = play_some(server.uri, moves=30)
        assert os.path.getsize(data / "games.sqlite-wal") > 0
        server.proc.send_signal(sig)
        out, err = server.proc.communicate(timeout=30)
        assert server.proc.returncode == 0 and "Stopped" in out and "Traceback" not in err, (out, err)
        assert not os.path.exists(data / "games.sqlite-wal") or os.path.getsize(data / "games.sqlite-wal") == 0
        db = sqlite3.connect(f"file:{data / 'games.sqlite'}?mode=ro", uri=True)
        assert db.execute("SELECT count(*) FROM records").fetchone()[0] >= version
        db.close()


def test_a_log_cut_short_after_a_crash_is_refused_and_left_as_it_is(tmp_path):
    data = tmp_path / "server"
    killed_mid_game(data)
    wal = data / "games.sqlite-wal"
    with open(wal, "r+b") as fh:                                 # the disk lost the log's end
        fh.truncate(os.path.getsize(wal) // 2)
    before = digests(data)
    out = serve("--data", str(data))
    one_line_refusal(out, "games.sqlite-wal", "cut short", "left as it is")
    assert digests(data) == before, "a refused database must be left as it was"
    # The log gone altogether is refused the same way.
    os.remove(wal)
    out = serve("--data", str(data))
    one_line_refusal(out, "games.sqlite-wal", "missing")


def test_a_crashed_servers_whole_log_is_served_with_every_move(tmp_path):
    """The check refuses only what lost moves: after kill -9 the log is whole and the game is all there."""
    data = tmp_path / "server"
    tokens, version = killed_mid_game(data)
    server = ServerProcess(data)
    try:
        assert seen_version(server.uri, tokens[0]) >= version
    finally:
        server.stop()


def test_overwritten_pages_are_refused_with_one_line_and_the_file_left_as_it_is(tmp_path):
    data = tmp_path / "server"
    server = ServerProcess(data)
    try:
        for seed in range(3):
            play_some(server.uri, moves=60, seed=seed)
    finally:
        server.stop()                                            # clean: one file, no log
    path = data / "games.sqlite"
    db = sqlite3.connect(path)
    page = db.execute("PRAGMA page_size").fetchone()[0]
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'records'").fetchone()[0]
    db.close()
    assert os.path.getsize(path) >= 8 * page
    with open(path, "r+b") as fh:           # the records' first page overwritten (a page in use: a free one
        fh.seek((root - 1) * page)          # may hold anything, and SQLite rightly says nothing of it)
        fh.write(bytes(range(256)) * (page // 256))
    before = digests(data)
    out = serve("--data", str(data))
    one_line_refusal(out, "games.sqlite", "damaged", "left as it is")
    assert digests(data) == before


def test_another_programs_database_is_refused_and_left_as_it_is(tmp_path):
    data = tmp_path / "server"
    data.mkdir()
    db = sqlite3.connect(data / "games.sqlite")
    db.executescript("CREATE TABLE games (name TEXT, score INTEGER); INSERT INTO games VALUES ('chess', 3);")
    db.commit()
    db.close()
    before = digests(data)
    one_line_refusal(serve("--data", str(data)), "not a games database")
    assert digests(data) == before
    # A file that is not a database at all.
    (data / "games.sqlite").write_bytes(b"these are my notes, not a database\n" * 200)
    before = digests(data)
    one_line_refusal(serve("--data", str(data)), "games.sqlite")
    assert digests(data) == before


def test_the_check_of_a_big_file_is_bounded_in_time_and_says_how_to_give_it_more(tmp_path):
    from server.store import SQLiteStore
    data = tmp_path / "server"
    store = SQLiteStore(data / "games.sqlite")          # a long-lived server's file: many records
    store.create_game("long", {"seed": 1, "variant": "standard"}, [])
    store.append("long", 1, [{"action": {"kind": "pass", "choice": "x" * 200}}] * 30_000)
    store.close()
    assert os.path.getsize(data / "games.sqlite") > 5_000_000
    out = serve("--data", str(data), "--check-seconds", "0.000001")
    one_line_refusal(out, "did not finish", "--check-seconds")
    server = ServerProcess(data, "--check-seconds", "0")            # skipped when the host says so
    server.stop()


def test_a_backup_made_while_serving_is_consistent_and_restores_the_game(tmp_path):
    data = tmp_path / "server"
    server = ServerProcess(data)
    try:
        copy = tmp_path / "backup.sqlite"

        async def scenario():
            bots = await table_of_bots(server.uri, seat_plan(2), seed=3)
            await asyncio.wait_for(asyncio.gather(*(b.play(until=lambda b=b: b.mirror.version >= 40)
                                                    for b in bots)), 60)
            for b in bots:
                b.pause = 0.01
            done = asyncio.ensure_future(asyncio.wait_for(play_out(bots), 120))
            made = await asyncio.to_thread(backup, "--data", str(data), str(copy))     # while they play
            await done
            return made, [b.created["tokens"]["0"] if b.created else b.joined["token"] for b in bots], \
                bots[0].mirror.version
        out, tokens, final = asyncio.run(scenario())
        assert out.returncode == 0 and out.stdout.startswith("Backed up 1 game (") and str(copy) in out.stdout, out
        again = backup("--data", str(data), str(copy))          # never over a file
        one_line_refusal(again, "exists")
    finally:
        server.stop()
    db = sqlite3.connect(copy)
    assert db.execute("PRAGMA quick_check").fetchone() == ("ok",)
    saved = db.execute("SELECT count(*) FROM records").fetchone()[0]
    db.close()
    assert 40 <= saved < final, "the copy is of the game in play"
    assert not os.path.exists(f"{copy}-wal")
    # Restoring, as docs/online.md says: the server stopped, `restore` puts the copy in place of the
    # games, and keeps the games that were there (with their log) under a dated name.
    before = digests(data)
    out = restore("--data", str(data), str(copy))
    assert out.returncode == 0 and out.stdout.startswith("Restored 1 game (") and "kept in" in out.stdout, out
    aside = sorted(n for n in os.listdir(data) if n.startswith("games.before-restore-") and n.endswith(".sqlite"))
    assert len(aside) == 1
    assert {name.replace("games.sqlite", aside[0]): d for name, d in before.items()} == \
        {n: d for n, d in digests_of(data, aside[0]).items()}, "the games that were there are kept whole"
    server = ServerProcess(data)
    try:
        assert seen_version(server.uri, tokens[0]) == saved
    finally:
        server.stop()


def digests_of(folder, prefix):
    return {name: hashlib.sha256((folder / name).read_bytes()).hexdigest()
            for name in sorted(os.listdir(folder)) if name.startswith(prefix)}


def test_restore_refuses_while_a_server_holds_the_folder_and_a_damaged_copy_and_changes_nothing(tmp_path):
    data = tmp_path / "server"
    copy = tmp_path / "copy.sqlite"
    server = ServerProcess(data)
    try:
        play_some(server.uri, moves=30)
        assert backup("--data", str(data), str(copy)).returncode == 0
        before = digests(data)
        out = restore("--data", str(data), str(copy))
        one_line_refusal(out, str(data), f"pid {server.proc.pid}", "stop it")
        assert digests(data) == before
    finally:
        server.stop()
    before = digests(data)
    size = os.path.getsize(copy)
    with open(copy, "r+b") as fh:                                 # the copy's pages damaged
        fh.seek(size // 2)
        fh.write(bytes(range(256)) * 16)
    one_line_refusal(restore("--data", str(data), str(copy)), str(copy), "damaged", "nothing restored")
    one_line_refusal(restore("--data", str(data), str(tmp_path / "nothing.sqlite")), "no such file")
    notes = tmp_path / "notes.sqlite"
    sqlite3.connect(notes).execute("CREATE TABLE t (x)").connection.close()
    one_line_refusal(restore("--data", str(data), str(notes)), "not a games database")
    assert digests(data) == before and not any(n.startswith("games.before-restore") for n in os.listdir(data))


def test_backup_refuses_a_folder_without_games_with_one_line(tmp_path):
    one_line_refusal(backup("--data", str(tmp_path / "nothing"), str(tmp_path / "b.sqlite")), "no games database")
    assert not os.path.exists(tmp_path / "b.sqlite")
