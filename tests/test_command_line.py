"""The command line (issue 12 point 6, issue 13 "--help"): the window, the
headless mode and --screenshot check their flags the same way; anything
wrong or meaningless is one line on stderr and exit code 2, never a
traceback, a silent fix-up or a window that opens anyway."""
import os

import pytest
from hostile_helpers import one_line_error, run_main
from save_helpers import new_session, play_random

import main
from app import cli
from app.save_format import save_session


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    s = new_session(3, seed=4)
    play_random(s, 2, steps=20)
    path = tmp_path_factory.mktemp("cli") / "game.yaml"
    save_session(s, path)
    return str(path)


@pytest.fixture
def window(monkeypatch):
    """main.main with the window replaced by a recorder of its arguments."""
    import sprites.app
    opened = []
    monkeypatch.setattr(sprites.app, "run", lambda args: opened.append(args) or 0)

    def start(*argv):
        return main.main([str(a) for a in argv]), opened
    return start


def refused(capsys, window, *argv):
    code, opened = window(*argv)
    err = capsys.readouterr().err
    assert code == 2 and not opened, (argv, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in err, err
    return lines[0]


BAD = {
    "seven players": (["--players", 7], "--players: the game is played by 2 to 6 players, not 7"),
    "no players": (["--players", 0], "--players: the game is played by 2 to 6 players, not 0"),
    "unknown variant": (["--variant", "bogus"], "--variant: unknown variant 'bogus' (known: standard, strategist,"),
    "unknown AI level": (["--ai", "godlike"], "--ai: unknown level 'godlike' (known: human, random, easy,"),
    "more levels than players": (["--players", 2, "--ai", "hard,hard,hard"], "--ai: 3 levels for 2 players"),
    "empty load": (["--load", ""], "--load: needs a file name"),
    "empty replay": (["--replay", " "], "--replay: needs a file name"),
    "empty save folder": (["--save-dir", ""], "--save-dir: needs a folder name"),
    "huge seed": (["--seed", "1180591620717411303424"], "--seed: must be a whole number from 0 to 9223372036854775807"),
    "negative seed": (["--seed", "-1"], "--seed: must be a whole number from 0 to"),
    "seed of 5000 digits": (["--seed", "9" * 5000], "--seed: must be a whole number from 0 to"),
    "seed that is a word": (["--seed", "abc"], "--seed: must be a whole number from 0 to"),
    "headless with a save folder": (["--headless", "--save-dir", "x"], "--save-dir cannot be used with --headless"),
    "json in the window": (["--json"], "--json only works with --headless"),
    "steps without a screenshot": (["--steps", 5], "--steps only works with --screenshot"),
    "size headless": (["--headless", "--size", "1280x720"], "--size cannot be used with --headless"),
    "a size too small for the window": (["--size", "800x600"], "--size: must be from 1100x650 to 8192x8192, not 800x600"),
    "screen without a screenshot": (["--screen", "title"], "--screen only works with --screenshot"),
    "headless screenshot": (["--headless", "--screenshot", "x.png"], "--screenshot cannot be used with --headless"),
    "human AI level headless": (["--headless", "--ai", "human"], "--ai: unknown level 'human' (known: random, easy,"),
    "negative steps": (["--screenshot", "x.png", "--steps", -3], "--steps: must be between 0 and 100000, not -3"),
    "a budget in the window": (["--ai", "expert:0.5"], "--ai: a time budget ('expert:0.5') only works with --headless"),
    "a bad budget": (["--headless", "--ai", "expert:0"], "--ai: the time budget in 'expert:0' must be a number"),
    "an empty budget": (["--headless", "--ai", "expert:"], "--ai: the time budget in 'expert:' must be a number"),
    "a budget for easy": (["--headless", "--ai", "easy:1"], "--ai: only normal, hard and expert take a time budget"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_flags_exit_2_with_one_line(capsys, window, case):
    argv, expected = BAD[case]
    assert expected in refused(capsys, window, *argv)


FLAGS_WITH_A_SAVE = {
    "json with replay": (["--headless", "--replay", "{save}", "--json"], "--json cannot be used with --replay"),
    "players with load": (["--load", "{save}", "--players", 3], "--players cannot be used with --load"),
    "variant with load": (["--load", "{save}", "--variant", "strategist"], "--variant cannot be used with --load"),
    "ai with load": (["--load", "{save}", "--ai", "hard"], "--ai cannot be used with --load"),
    "seed with replay": (["--replay", "{save}", "--seed", 3], "--seed cannot be used with --replay"),
    "save folder with headless replay": (["--headless", "--replay", "{save}", "--save-dir", "x"],
                                         "--save-dir cannot be used with --replay"),
    "load and replay": (["--load", "{save}", "--replay", "{save}"], "--replay cannot be used with --load"),
    "screenshot of a save": (["--screenshot", "x.png", "--load", "{save}"], "--load cannot be used with --screenshot"),
}


@pytest.mark.parametrize("case", sorted(FLAGS_WITH_A_SAVE))
def test_flags_that_make_no_sense_together(capsys, window, saved, case):
    argv, expected = FLAGS_WITH_A_SAVE[case]
    assert expected in refused(capsys, window, *[saved if a == "{save}" else a for a in argv])


def test_good_flags_open_the_window(capsys, window, saved, tmp_path):
    code, opened = window("--players", 3, "--ai", "human,hard", "--variant", "desolation", "--seed", 5,
                          "--save-dir", tmp_path)
    assert code == 0 and len(opened) == 1
    args = opened[0]
    assert (args.players, args.ai, args.variant, args.seed, args.save_dir) == \
        (3, "human,hard", "desolation", 5, str(tmp_path))
    code, opened = window("--load", saved, "--save-dir", tmp_path)
    assert code == 0 and len(opened[-1].session.actions) == 20
    code, opened = window()             # unset: the title screen shows the remembered setup
    assert code == 0 and opened[-1].players is None and opened[-1].variant is None


SHOTS = {
    "huge size": (["--size", "99999x99999"], "--size: must be from 1100x650 to 8192x8192, not 99999x99999"),
    "tiny size": (["--size", "1x1"], "--size: must be from 1100x650 to 8192x8192, not 1x1"),
    "size that is a word": (["--size", "big"], "--size: must look like 1600x900, not 'big'"),
    "unknown variant": (["--variant", "bogus"], "--variant: unknown variant 'bogus'"),
    "huge seed": (["--seed", "1180591620717411303424"], "--seed: must be a whole number from 0 to"),
}


@pytest.mark.parametrize("case", sorted(SHOTS))
def test_screenshot_flags_are_checked_before_drawing(tmp_path, case):
    argv, expected = SHOTS[case]
    out = tmp_path / "shot.png"
    line = one_line_error(run_main("--screenshot", out, *argv))
    assert expected in line and not out.exists()


def test_screenshot_into_a_missing_folder(tmp_path):
    out = tmp_path / "missing" / "shot.png"
    line = one_line_error(run_main("--screenshot", out, "--players", 3))
    assert line == f"error: --screenshot: the folder {out.parent} does not exist"


def test_a_screenshot_that_cannot_be_written_is_one_line(tmp_path):
    """The folder can be written to, but the file cannot be opened (a link to a
    missing folder): one line and exit code 2, not pygame's traceback."""
    out = tmp_path / "shot.png"
    os.symlink(tmp_path / "missing" / "shot.png", out)
    line = one_line_error(run_main("--screenshot", out, "--screen", "title", "--steps", 0))
    assert line.startswith(f"error: --screenshot: cannot write {out} (")


def test_help_lists_every_flag_on_one_line_each():
    r = run_main("--help", env={"COLUMNS": "80"})
    assert r.returncode == 0 and not r.stderr
    options = r.stdout.split("options:\n", 1)[1].splitlines()
    assert all(line.startswith("  -") and len(line) <= 80 for line in options if line.strip()), r.stdout
    parser = cli.build_parser()
    flags = [a.option_strings[-1] for a in parser._actions]
    for flag in flags:
        assert sum(flag in line.replace(",", " ").split()[:2] for line in options) == 1, (flag, r.stdout)
    assert len([line for line in options if line.strip()]) == len(flags)


def test_help_and_usage_errors_are_short():
    r = run_main("--players", "many")
    line = one_line_error(r)
    assert line.startswith("error: --players: ") and "--help" in line
    r = run_main("--unknown-flag")
    assert "unrecognized arguments: --unknown-flag" in one_line_error(r)


def test_the_save_folder_must_be_a_folder(capsys, window, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert f"--save-dir: {blocker} is a file, not a folder" in refused(capsys, window, "--save-dir", blocker)
    assert os.path.isfile(blocker)


def test_version_is_printed_and_written_in_one_place():
    from app.version import VERSION
    r = run_main("--version")
    assert r.returncode == 0 and r.stdout == f"Wrath of Dragons {VERSION}\n" and not r.stderr
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "pyproject.toml"), encoding="utf-8") as fh:
        project = fh.read()
    assert VERSION not in project and 'version = {attr = "app.version.VERSION"}' in project


def test_where_prints_the_save_folder(tmp_path):
    r = run_main("--where", env={"XDG_DATA_HOME": str(tmp_path), "HOME": str(tmp_path)})
    assert r.returncode == 0 and not r.stderr
    assert r.stdout == str(tmp_path / "wrath-of-dragons") + "\n"
    r = run_main("--where", "--save-dir", tmp_path / "mine")
    assert r.returncode == 0 and r.stdout == str(tmp_path / "mine") + "\n"
    assert not (tmp_path / "mine").exists() and not (tmp_path / "wrath-of-dragons").exists()   # only printed
    assert one_line_error(run_main("--where", "--headless")) == \
        "error: --headless cannot be used with --where"


@pytest.fixture
def title_after(monkeypatch, tmp_path):
    """main.main up to the first title screen of the real window (dummy
    driver): returns the TitleScene the player would see."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import sprites.app
    seen = []
    monkeypatch.setattr(sprites.app.App, "loop", lambda app: seen.append(app.scene))

    def start(*argv):
        assert main.main(["--save-dir", str(tmp_path), *map(str, argv)]) == 0
        return seen[-1]
    return start


def test_explicit_flags_win_over_the_remembered_setup(tmp_path, title_after):
    from sprites.settings import Settings
    remembered = Settings.load(str(tmp_path))
    remembered.players = 3
    remembered.options = {name: True for name in remembered.options}     # every option of the variants on
    assert remembered.save() is None
    title = title_after()
    assert title.count == 3 and all(title.options.values())            # nothing given: as remembered
    title = title_after("--players", 4, "--variant", "standard")
    assert title.count == 4 and not any(title.options.values())        # given: as asked, even the defaults
    title = title_after("--players", 5)
    assert title.count == 5 and all(title.options.values())


def test_the_screenshot_uses_the_size_the_command_line_parsed(tmp_path, monkeypatch):
    """--size is checked once (app.cli) and the screenshot takes the parsed (w, h)."""
    import argparse
    from sprites.shot import screenshot
    out = tmp_path / "shot.png"
    args = argparse.Namespace(size=(1200, 700), seed=1, screen="title", players=3, variant="standard", steps=0,
                              screenshot=str(out))
    assert screenshot(args) == 0
    import pygame
    assert pygame.image.load(str(out)).get_size() == (1200, 700)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_screenshot_to_a_full_device_is_not_a_success():
    """Issue 28, point 7: --screenshot /dev/full printed "saved" and exited 0."""
    result = run_main("--screenshot", "/dev/full", "--screen", "title", "--steps", 0)
    line = one_line_error(result)
    assert line == "error: --screenshot: cannot write /dev/full (not a regular file)" and "saved" not in result.stdout


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_screenshot_to_a_named_pipe_never_waits(tmp_path):
    os.mkfifo(tmp_path / "shot.png")
    line = one_line_error(run_main("--screenshot", tmp_path / "shot.png", "--screen", "title", "--steps", 0,
                                   timeout=60))
    assert line.endswith("shot.png (not a regular file)")


def test_a_screenshot_that_fails_while_writing_leaves_no_file(tmp_path, monkeypatch, capsys):
    """A full disk: the write fails half-way (here after 100 bytes)."""
    import argparse
    import errno
    from sprites import shot
    real_write = os.write

    def full_disk(fd, data):
        if os.fstat(fd).st_size >= 100:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data[:100])
    monkeypatch.setattr(shot.os, "write", full_disk)
    out = tmp_path / "shot.png"
    args = argparse.Namespace(screenshot=str(out), size=(1100, 650), seed=1, screen="title", players=3,
                              variant="standard", steps=0)
    assert shot.screenshot(args) == 2
    err = capsys.readouterr()
    assert err.err == f"error: --screenshot: cannot write {out} (No space left on device)\n" and "saved" not in err.out
    assert not out.exists()


def test_the_window_opens_at_the_size_asked_for(tmp_path, monkeypatch):
    """Playtest: "Window size can't be chosen at launch: --size only works with --screenshot".
    --size opens the window at that size (else at the last one, remembered)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import sprites.app
    sizes = []
    monkeypatch.setattr(sprites.app.App, "loop", lambda app: sizes.append(app.screen.get_size()))
    assert main.main(["--save-dir", str(tmp_path), "--size", "1280x720"]) == 0
    assert sizes == [(1280, 720)]
