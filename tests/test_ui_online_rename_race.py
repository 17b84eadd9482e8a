"""News heard in the same moment as a move, at an online table (the real table scene, a
real server on 127.0.0.1, port 0).

A friend's join sends every window its snapshot again at the same version (the log names
the friend now: news "resent"), and a player coming or going changes a row (news
"presence"). The table read its snapshot afresh for either at once; when a move had come
in the same moment, it was read with that move in it, and the move's lines never reached
the table's animations and sounds (the standings that come on request had the same race
and were mended first). Here every move of the AI comes with both news beside it."""
from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from online_helpers import ServerThread                           # noqa: E402
from sprites.table import changes                                 # noqa: E402
from test_ui_online import ann_against_an_ai                      # noqa: E402
from ui_helpers import pump_until                                 # noqa: E402


def heard_without_looking(host, seconds=10):
    """Wait until a move made elsewhere has reached the window's connection, the table not told."""
    end = time.monotonic() + seconds
    while not host.ready():
        assert time.monotonic() < end, "the AI's move never came"
        time.sleep(0.01)


@pytest.mark.slow
def test_every_move_heard_with_news_beside_it_reaches_the_animations(tmp_path, monkeypatch):
    server = ServerThread(tmp_path / "server")
    app, table, shown = ann_against_an_ai(tmp_path, server.uri, monkeypatch)
    try:
        start, ai_moves = table.snap["log_size"], 0
        while ai_moves < 12 and not table.host.over:
            assert pump_until(app, lambda: table.version == table.host.version and not table.host.ready()
                              and (table.my_decision() or table.host.over))
            if table.host.over:
                break
            version = table.version
            assert "error" not in changes.send(table, {"type": "apply", "option": 0})
            assert pump_until(app, lambda: table.version > version), "Ann's move was never shown"
            while table.decider == 1 and not table.host.over:      # the AI's move, heard with news beside it
                heard_without_looking(table.host)
                table.host.news += [{"type": "presence"}, {"type": "resent"}]
                version = table.version
                assert pump_until(app, lambda: table.version > version)
                ai_moves += 1
        seqs = [e["seq"] for e in table.entries if e["seq"] >= start]
        assert ai_moves >= 6 and len(seqs) > 12, (ai_moves, seqs)
        assert sorted(set(shown)) == seqs, "a move's lines never reached the table's animations"
    finally:
        app.close()
        server.stop()
