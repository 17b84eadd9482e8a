"""Hostile save files (issue 12, points 1-5, 7, 9, 10): each is refused with
one line naming the file and the problem, quickly, without changing it, with
the C loader and with the pure-Python one; none stops the list of saves."""
import os
import subprocess
import sys
import time

import pytest
from hostile_helpers import ROOT, one_line_error, run_main, small_save_text
from save_helpers import new_session, play_random
from test_save_errors import load_error as refused   # one line, naming the file, the file untouched

from game import safe_yaml
from app.save_format import FORMAT, MAX_BYTES, SaveError, load_session, read_header, save_session
from app.autosave import BackgroundAutosaver
from app.save_folder import list_saves

HEX_BOMB = "0x" + "f" * 5000


@pytest.fixture(scope="module")
def text():
    return small_save_text()


def header_problem(path):
    with pytest.raises(SaveError) as err:
        read_header(path)
    assert "\n" not in str(err.value)
    return err.value.problem


# ----- 1. huge integers ------------------------------------------------------
@pytest.mark.parametrize("where", [f"format: {FORMAT}", "  seed: 3", "game: Wrath of Dragons"])
def test_huge_integer_is_refused_everywhere(tmp_path, text, each_loader, where):
    key = where.split(":")[0]
    path = tmp_path / "hex.yaml"
    path.write_text(text.replace(where, f"{key}: {HEX_BOMB}", 1))
    assert "a number written with more than 40 characters (line" in refused(path)
    [info] = list_saves(tmp_path)
    if key != "  seed":                       # the header (all the list reads) ends before the settings
        assert "more than 40 characters" in header_problem(path)
        assert "more than 40 characters" in info.problem


def test_huge_integer_via_the_command_line(tmp_path, text):
    path = tmp_path / "hex.yaml"
    path.write_text(text.replace(f"format: {FORMAT}", f"format: {HEX_BOMB}", 1))
    line = one_line_error(run_main("--headless", "--load", path))
    assert str(path) in line and "more than 40 characters" in line


# ----- 2. alias bombs --------------------------------------------------------
BOMB = "".join(f"l{i}: &l{i} [" + ",".join([f"*l{i - 1}"] * 10) + "]\n" for i in range(1, 10))


@pytest.mark.parametrize("field", ["format", "summary"])
def test_alias_bomb_is_refused_before_it_expands(tmp_path, text, each_loader, field):
    bomb = "l0: &l0 [x]\n" + BOMB.replace("l9: &l9", f"{field}:")     # 10**9 elements once expanded
    path = tmp_path / "bomb.yaml"
    path.write_text(text.replace(f"{field}:", bomb + f"old_{field}:", 1))
    assert os.path.getsize(path) < len(text) + 1000
    start = time.process_time()           # CPU time: a busy machine's wait for a core does not count
    message = refused(path)
    assert "aliases and anchors (& and *) are not allowed (line" in message
    assert "aliases" in header_problem(path)
    assert "aliases" in list_saves(tmp_path)[0].problem
    assert time.process_time() - start < 2


def test_a_lone_anchor_is_refused_too(tmp_path, text, each_loader):
    path = tmp_path / "anchor.yaml"
    path.write_text(text.replace(f"format: {FORMAT}", f"format: &one {FORMAT}", 1))
    assert "aliases and anchors" in refused(path)


def test_saves_are_written_without_aliases(tmp_path):
    """The same object twice in a document is written twice, never as an alias."""
    from app.save_format import document_text
    shared = [1, 2]
    assert "&" not in document_text({"a": shared, "b": shared})


# ----- 3. named pipes and devices --------------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_load_of_a_named_pipe_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    try:
        result = run_main("--headless", "--load", fifo, timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("--load of a named pipe blocks")
    assert one_line_error(result) == f"error: cannot load {fifo}: is not a regular file (a pipe, device or socket)"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_or_a_link_to_one_is_refused(tmp_path):
    link = tmp_path / "zero.yaml"
    os.symlink("/dev/zero", link)
    with pytest.raises(SaveError) as err:       # (reading /dev/zero to compare it would never end)
        load_session(link)
    assert str(err.value) == f"{link}: is not a regular file (a pipe, device or socket)"


# ----- 4. files just under the size cap ---------------------------------------
def near_cap(head, unit, tail=""):
    """head + unit repeated + tail, just under the size cap."""
    return head + unit * ((MAX_BYTES - 1024 - len(head) - len(tail)) // len(unit)) + tail


WORST = {
    "flow list": lambda: near_cap("format: 1\nactions: [", "1,", "1]\n"),
    "block list": lambda: near_cap("format: 1\nactions:\n", "- 1\n"),
    "many mappings": lambda: near_cap("format: 1\nactions: [", "{kind: a},", "]\n"),
    "deep nesting": lambda: "format: 1\nactions: " + "[" * (MAX_BYTES // 2 - 1024) + "]" * (MAX_BYTES // 2 - 1024),
    "one long line": lambda: near_cap("format: 1\nname: ", "x", "\n"),
    "many short strings": lambda: near_cap("format: 1\nactions: [", "'ab',", "]\n"),
    "log of long lines": lambda: near_cap("format: 1\nstate:\n  log:\n", "  - [null, 'xxxxxxxxxxxxxxxxxx', null]\n"),
}
PROBE = """
import resource, sys, time
from game import safe_yaml
from app.save_format import SaveError, load_session
safe_yaml.Loader = safe_yaml.LOADERS[sys.argv[2]]
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.process_time()
try:
    load_session(sys.argv[1])
    outcome = "loaded"
except SaveError as exc:
    outcome = "refused"
print(outcome, time.process_time() - start, (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024)
"""


@pytest.mark.parametrize("case", sorted(WORST))
def test_any_file_under_the_cap_is_refused_within_2_s_and_200_mb(tmp_path, case):
    """With the C loader (the one PyYAML's wheels carry): at most 2 s of CPU
    time and 200 MB more than the program before loading (ru_maxrss of a child)."""
    pytest.importorskip("resource")
    if "C" not in safe_yaml.LOADERS:
        pytest.skip("PyYAML without libyaml")
    path = tmp_path / "big.yaml"
    path.write_text(WORST[case]())
    assert MAX_BYTES - 2048 < os.path.getsize(path) <= MAX_BYTES
    r = subprocess.run([sys.executable, "-c", PROBE, str(path), "C"], capture_output=True, text=True,
                       timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    outcome, seconds, megabytes = r.stdout.split()
    assert outcome == "refused"
    assert float(seconds) < 2, f"{case}: {float(seconds):.2f} s"
    assert float(megabytes) < 200, f"{case}: {float(megabytes):.0f} MB"


@pytest.mark.slow
def test_the_python_loader_refuses_them_as_well(tmp_path, monkeypatch):
    monkeypatch.setattr(safe_yaml, "Loader", safe_yaml.PyLoader)
    for case in ("flow list", "deep nesting"):
        path = tmp_path / "big.yaml"
        path.write_text(WORST[case]())
        refused(path)


# ----- 5. duplicate keys -----------------------------------------------------
def test_duplicate_keys_are_refused_with_their_line(tmp_path, text, each_loader):
    path = tmp_path / "dup.yaml"
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("  seed:"))
    lines.insert(at + 1, "  seed: 9\n")
    path.write_text("".join(lines))
    assert refused(path).endswith(f"duplicate key 'seed' (line {at + 2}, column 3)")


def test_merge_keys_are_refused(tmp_path, text, each_loader):
    path = tmp_path / "merge.yaml"
    path.write_text(text.replace(f"format: {FORMAT}", f"format: {FORMAT}\n<<: {{cheat: 1}}", 1))
    assert "merge keys (<<) are not allowed" in refused(path)


# ----- 7. names --------------------------------------------------------------
BAD_NAMES = {"lone surrogate": '"\\ud800"', "NUL": '"Ash\\0"', "escape code": '"\\e[31mRed"',
             "newline": '"A\\nB"', "too long": "A" * 25, "only spaces": "'   '"}


def name_refused(message, case, loader):
    """libyaml already refuses a lone surrogate escape; the Python parser reads it."""
    if case == "lone surrogate" and loader == "C":
        return "not valid YAML: found invalid Unicode character escape code (line" in message
    return "name: a name " in message


@pytest.mark.parametrize("case", sorted(BAD_NAMES))
def test_seat_names_are_checked_on_load(tmp_path, text, each_loader, case):
    first = text.index("name: ", text.index("seats:"))
    end = text.index(",", first)
    path = tmp_path / "name.yaml"
    path.write_text(text[:first] + "name: " + BAD_NAMES[case] + text[end:])
    message = refused(path)
    assert name_refused(message, case, each_loader) and ("settings.seats[0].name: " in message or "(line" in message)
    assert "\x1b" not in message and "\x00" not in message and "\ud800" not in message


@pytest.mark.parametrize("case", ["lone surrogate", "NUL", "escape code", "newline"])
def test_save_names_are_checked_in_the_header(tmp_path, text, each_loader, case):
    path = tmp_path / "named.yaml"
    path.write_text(text.replace("name: corpus", "name: " + BAD_NAMES[case], 1))
    assert name_refused(header_problem(path), case, each_loader)
    assert name_refused(refused(path), case, each_loader)
    [info] = list_saves(tmp_path)
    assert info.problem and info.name.isprintable()


SUMMARY_CASES = {
    "a player": ("players: [", 'players: ["A\\0", ', "summary.players[0]: a name cannot contain the character \\x00"),
    "a list for a player": ("players: [", "players: [[x], ", "summary.players[0]: a name must be text"),
    "seven players": ("players: [", "players: [a, b, c, d, e, f, ", "summary.players: more than 6 entries"),
    "the variant": ("variant: standard", 'variant: "\\e[2J"', "summary.variant: a summary cannot contain"),
    "the century": ("  century: ", "  century: -", "summary.century: must be between 0 and"),
    "over": ("over: false", "over: maybe", "summary.over: expected true or false"),
}


@pytest.mark.parametrize("case", sorted(SUMMARY_CASES))
def test_the_summary_a_list_of_saves_shows_is_checked(tmp_path, text, case):
    old, new, expected = SUMMARY_CASES[case]
    path = tmp_path / "autosave-20260101-120000-1.yaml"
    path.write_text(text.replace(old, new, 1))
    assert header_problem(path).startswith(expected)
    assert expected in refused(path)


def test_escape_codes_in_names_never_reach_the_terminal(tmp_path, text):
    first = text.index("name: ", text.index("seats:"))
    path = tmp_path / "esc.yaml"
    path.write_text(text[:first] + 'name: "\\e[2J\\e[31mRed"' + text[text.index(",", first):])
    line = one_line_error(run_main("--headless", "--load", path, "--seed", 1))
    assert "settings.seats[0].name: a name cannot contain the character \\x1b" in line


def test_a_bad_name_never_starts_a_game():
    from app.session import Session
    for name in ("\ud800", "Ash\x00", "\x1b[2J", "A" * 25, " "):
        with pytest.raises(ValueError, match="name"):
            Session.new([{"name": name, "dragon": "Red"}, {"name": "Bo", "dragon": "Blue"}], 1)


def test_the_autosave_never_raises_out_of_apply(tmp_path):
    """A name that slipped past every check (set after the start) makes the
    autosave fail with a reported error; the action itself goes through."""
    s = new_session(2, seed=4)
    saver = BackgroundAutosaver(str(tmp_path))
    s.listeners.append(saver)
    s.seats[0].name = "\ud800"
    play_random(s, 1, steps=3)
    assert len(s.actions) == 3
    saver.flush()
    assert saver.last_error and "cannot be saved" in saver.last_error
    with pytest.raises(SaveError):
        save_session(s, tmp_path / "x.yaml")


# ----- 9. temporary files left by a killed write --------------------------------
def test_stale_temporaries_are_removed_on_start(tmp_path, monkeypatch):
    import main
    import sprites.app
    stale = tmp_path / ".autosave-2026-01-02-1530-7.yaml.k3j_x9a2.tmp"
    stale_settings = tmp_path / ".settings.yml.0a1b2c3d.tmp"
    fresh = tmp_path / ".autosave.yaml.abcd1234.tmp"
    other = tmp_path / ".notes.tmp"
    for f in (stale, stale_settings, fresh, other):
        f.write_text("partial")
    old = time.time() - 3600
    for f in (stale, stale_settings, other):
        os.utime(f, (old, old))
    started = []
    monkeypatch.setattr(sprites.app, "run", lambda args: started.append(args) or 0)
    assert main.main(["--save-dir", str(tmp_path)]) == 0
    assert started and not stale.exists() and not stale_settings.exists()
    assert fresh.exists() and other.exists()       # being written right now / not ours


# ----- 10. what is printed is escaped ---------------------------------------------
def test_a_newline_in_the_path_stays_on_one_line(tmp_path):
    folder = tmp_path / "two\nlines"
    folder.mkdir()
    path = folder / "gone.yaml"
    line = one_line_error(run_main("--headless", "--load", path))
    assert line.endswith("two\\nlines/gone.yaml: no such file")


def test_escape_codes_in_a_save_are_never_printed_raw(tmp_path, text):
    path = tmp_path / "esc\x1b[31m.yaml"
    path.write_text(text.replace("game: Wrath of Dragons", 'game: "\\e[2J\\e[31mpwned"', 1))
    line = one_line_error(run_main("--headless", "--load", path))
    assert "esc\\x1b[31m.yaml" in line and "\\x1b[2J" in line


def test_save_errors_escape_whatever_they_quote(tmp_path):
    err = SaveError(tmp_path / "a\nb\x1b.yaml", "unknown field 'x\x1b[2J\ud800'")
    assert str(err).isprintable() and "a\\nb\\x1b.yaml: unknown field 'x\\x1b[2J\\ud800'" in str(err)


# ----- the bounds hold with the default loader -----------------------------------
def test_the_c_loader_is_used_when_pyyaml_has_it():
    import yaml
    assert (safe_yaml.Loader is safe_yaml.CLoader) == bool(yaml.__with_libyaml__)
    assert issubclass(safe_yaml.PyLoader, yaml.SafeLoader)
    if safe_yaml.CLoader:
        assert issubclass(safe_yaml.CLoader, yaml.CSafeLoader)
