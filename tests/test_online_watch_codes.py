"""A game's watch code can be read aloud and typed from a chat, as an invite code can.

A playtest through real windows: "Watch codes are case-sensitive and mix I/l and
0/O" (a friend who typed what they were read got "no game has that code"). A
game's id, which is its watch code, is now three groups of four letters and
digits without 0/O or 1/I/L, and the server takes it typed in any case, with
spaces or dashes."""
from __future__ import annotations

import asyncio
import os
import random

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from client.bot import Bot                                             # noqa: E402
from online_helpers import ServerThread, serving                       # noqa: E402
from server.room import INVITE_LETTERS, new_game_id, normal_game_code  # noqa: E402
from test_online_seats import game_of_two, next_frame                  # noqa: E402


def test_a_new_games_code_has_no_letter_that_reads_like_another():
    for _ in range(300):
        code = new_game_id()
        groups = code.split("-")
        assert [len(g) for g in groups] == [4, 4, 4]
        assert set("".join(groups)) <= set(INVITE_LETTERS)
        assert not set(code) & set("0O1IL")
        assert normal_game_code(code.lower().replace("-", " ")) == code


def test_codes_of_games_made_before_are_taken_only_as_they_are():
    assert normal_game_code("aB3_x-Yz9Qk1") is None          # secrets.token_urlsafe(9): mixed case, - and _
    assert normal_game_code("ABCD EFGH") is None


def test_a_spectator_types_the_code_as_it_was_read_to_them(tmp_path):
    async def scenario():
        async with serving(tmp_path) as (server, uri):
            ann, bo, _ = await game_of_two(uri)
            code = ann.created["watch"]
            assert code == ann.created["game"] and normal_game_code(code) == code
            typed = " ".join(code.split("-")).lower()            # "k7qm p2xr h9td"
            watcher = Bot(uri, {"type": "watch", "game": typed}, random.Random(3))
            await watcher.connect()
            welcome = await next_frame(watcher, "welcome")
            assert welcome["game"] == code
            await next_frame(watcher, "state")
            wrong = Bot(uri, {"type": "watch", "game": code.replace(code[0], "O" if code[0] != "O" else "0")},
                        random.Random(4))
            await wrong.connect()
            with pytest.raises(RuntimeError, match="no game has that code"):
                await next_frame(wrong, "welcome")
    asyncio.run(scenario())


@pytest.mark.slow
def test_the_window_watches_with_the_code_typed_in_small_letters_and_spaces(tmp_path):
    from test_ui_online_spectator import Game, watch
    from sprites.scenes.table import TableScene
    from ui_helpers import make_app
    server = ServerThread(tmp_path / "server")
    game = Game(server.uri, pause=0.5)
    app = make_app(tmp_path / "saves")
    try:
        watch(app, server.uri, " ".join(game.code.split("-")).lower())
        assert isinstance(app.scene, TableScene) and app.scene.host.watching is not None
        assert app.scene.host.mirror.game == game.code
        pygame.image.save(app.screen, str(tmp_path / "watching.png"))
    finally:
        app.close()
        server.stop()


def test_the_window_says_what_is_wrong_with_a_typed_code(tmp_path):
    """A playtest: a watch code pressed with Join got "no open seat has that invite code",
    and a code too long was said to have the wrong characters."""
    from test_ui_online import open_play_online
    from ui_helpers import click, make_app, type_into
    app = make_app(tmp_path / "saves")
    try:
        scene = open_play_online(app, "ws://127.0.0.1:9", "Cy")
        type_into(app, "field:code", "hhwf byf3 8488")
        click(app, "button:join")
        assert "watch code: choose Watch" in scene.message and scene.job is None
        type_into(app, "field:code", "hhwf byf3 8488 hhwf byf3")
        click(app, "button:watch")
        assert "too long" in scene.message and scene.connecting is None
        type_into(app, "field:code", "hhwf*byf3")
        click(app, "button:watch")
        assert "letters, digits, spaces, - and _ only" in scene.message
    finally:
        app.close()
