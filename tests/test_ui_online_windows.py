"""Two real windows (each its own process on an Xvfb display) play a few turns
against each other through a real server process (``python main.py serve``).

Issue "Play online with friends": "a UI test with two real windows (Xvfb)
playing a few turns against each other through a real server".
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from online_helpers import ROOT, ServerProcess

VERSIONS = 24          # the game's changes both windows wait for (a few turns each)


IN_CI = os.environ.get("CI", "") not in ("", "0", "false")   # .ci/run installs Xvfb: there it must run


@pytest.mark.slow
@pytest.mark.skipif((not shutil.which("xvfb-run")) and not IN_CI, reason="needs xvfb-run (Debian's xvfb)")
def test_two_real_windows_play_each_other_through_a_real_server(tmp_path):
    server = ServerProcess(tmp_path / "server")
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    env["SDL_AUDIODRIVER"] = "dummy"
    env["SDL_VIDEODRIVER"] = "x11"           # (ui_helpers would choose the dummy driver)
    code = str(tmp_path / "code.txt")
    try:
        windows = [subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", sys.executable,
                                     os.path.join(ROOT, "tests", "online_window.py"), role, server.uri,
                                     str(tmp_path / role), code, str(VERSIONS)],
                                    cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                   for role in ("create", "join")]
        results = []
        for w in windows:
            out, err = w.communicate(timeout=240)
            assert w.returncode == 0, err[-2000:]
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for w in windows:
            if w.poll() is None:
                w.kill()
        server.stop()
    ann, bo = results
    assert ann["driver"] == bo["driver"] == "x11"                 # real windows, not the dummy driver
    assert ann["here"] == [0] and bo["here"] == [1]
    assert ann["moves"] >= 2 and bo["moves"] >= 2, results
    assert min(ann["version"], bo["version"]) >= VERSIONS
    assert not ann["leaked"] and not bo["leaked"]
