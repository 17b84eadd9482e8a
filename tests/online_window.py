"""One real game window playing online, driven by synthetic clicks (run by
tests/test_ui_online_windows.py under Xvfb, one process per window).

    python tests/online_window.py create|join URI SAVE_DIR CODE_FILE VERSIONS

``create`` makes a table of itself and one invited friend and writes the
invite code to CODE_FILE; ``join`` waits for that file and joins with the
code. Each then plays its own decisions by clicking until the game's version
reaches VERSIONS, and prints one JSON line: the moves it made, the version,
the seats it holds and whether another seat's hand ever reached its window.
"""
from __future__ import annotations

import json
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE), HERE]

import pygame  # noqa: E402

from sprites.app import open_window, App  # noqa: E402
from sprites.scenes.table import TableScene  # noqa: E402
from ui_helpers import click, click_option, create_table, pump_until, type_into  # noqa: E402

os.environ["SDL_VIDEODRIVER"] = "x11"       # a real window on the Xvfb display (ui_helpers chose the dummy one)


def main(role, uri, save_dir, code_file, versions):
    app = App(open_window((1280, 720)), save_dir=save_dir, animate=True, ai_delay_ms=0)
    app.to_title()
    click(app, "button:online")
    online = app.scene
    type_into(app, "field:server", uri)
    type_into(app, "field:name", "Ann" if role == "create" else "Bo")
    if role == "create":
        assert online.seats == ["here", "invite"], online.seats
        create_table(app, online)
        with open(code_file + ".tmp", "w") as fh:
            fh.write(online.invites[0][0][2])
        os.replace(code_file + ".tmp", code_file)
        click(app, "button:open_new")
    else:
        end = time.monotonic() + 60
        while not os.path.exists(code_file) and time.monotonic() < end:
            time.sleep(0.05)
        type_into(app, "field:code", open(code_file).read())
        click(app, "button:join")
    assert pump_until(app, lambda: isinstance(app.scene, TableScene)), online.message
    table = app.scene
    rng = random.Random(role)
    moves, leaked = 0, False
    end = time.monotonic() + 150
    while table.host.version < versions and not table.host.over and time.monotonic() < end:
        app.pump()
        for seat, snap in table.host.mirror.snaps.items():
            leaked |= any(p["hand"] is not None for p in snap["board"]["players"] if p["seat"] != seat)
        if table.my_decision() and table.version == table.host.version and table.options:
            if click_option(app, table, rng.randrange(len(table.options))):
                moves += 1
        time.sleep(0.01)
    print(json.dumps({"role": role, "moves": moves, "version": table.host.version, "here": table.host.here,
                      "leaked": leaked, "driver": pygame.display.get_driver()}), flush=True)
    app.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
