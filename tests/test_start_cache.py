"""The start's cache (game.start_cache): the rule data's and the tutorial's
parse kept between starts. It is used only for the same files, bytes for
bytes; a damaged, foreign or stale cache is ignored and written again; what
it gives is checked as the parser's docs are (a bad file is named, exit 2,
cache or not); and a cache folder that cannot be written leaves no cache
and no error."""
import os
import shutil

import pytest

import game.data
import game.safe_yaml
from app.tutorial_script import load_script
from game import start_cache
from game.data import DATA_DIR, FILES, DataError, load_data

BAD_TYPE = ("{id: raid_britannia, type: raid,", "{id: raid_britannia, type: riad,")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    assert start_cache.cache_dir() == str(folder / "wrath-of-dragons")
    return folder / "wrath-of-dragons" / "rules.cache"


@pytest.fixture
def data_copy(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    for name in FILES + ("tutorial",):
        shutil.copy(os.path.join(DATA_DIR, name + ".yaml"), folder / (name + ".yaml"))
    return folder


@pytest.fixture
def parses(monkeypatch):
    """How many YAML documents were parsed."""
    count = []
    real = game.safe_yaml.load

    def load(text, loader=None):
        count.append(1)
        return real(text, loader)
    monkeypatch.setattr(game.safe_yaml, "load", load)
    return count


def edit(folder, name, old, new):
    path = folder / (name + ".yaml")
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_second_start_parses_nothing_and_gets_the_same_data(cache, data_copy, parses):
    first = load_data(str(data_copy))
    assert len(parses) == len(FILES) and cache.is_file()
    second = load_data(str(data_copy))
    assert len(parses) == len(FILES)                     # nothing parsed again
    assert second == first and second.digest == first.digest


def test_a_changed_file_is_parsed_again(cache, data_copy, parses):
    before = load_data(str(data_copy))
    edit(data_copy, "setup", "start_life: 4", "start_life: 5")
    after = load_data(str(data_copy))
    assert len(parses) == 2 * len(FILES)
    assert (before.setup["start_life"], after.setup["start_life"]) == (4, 5)
    assert load_data(str(data_copy)).setup["start_life"] == 5 and len(parses) == 2 * len(FILES)
    edit(data_copy, "setup", "start_life: 5", "start_life: 5   # a comment changes no rule, but the bytes")
    assert load_data(str(data_copy)) == after and len(parses) == 3 * len(FILES)


def test_a_bad_file_is_named_with_a_cache_present(cache, data_copy, parses):
    load_data(str(data_copy))
    edit(data_copy, "cards", *BAD_TYPE)
    for _ in range(2):                                   # parsed, then its parse from the cache: checked alike
        with pytest.raises(DataError) as err:
            load_data(str(data_copy))
        assert any("(raid_britannia).type: unknown card type 'riad'" in p for p in err.value.problems)
    assert len(parses) == 2 * len(FILES)


def test_a_file_that_does_not_parse_is_never_cached(cache, data_copy, parses):
    edit(data_copy, "scoring", "independent:", "independent: [")
    for _ in range(2):
        with pytest.raises(DataError) as err:
            load_data(str(data_copy))
        assert err.value.problems[0].startswith("data/scoring.yaml: not valid YAML")
    assert not cache.exists()
    os.remove(data_copy / "hex.yaml")
    with pytest.raises(DataError) as err:
        load_data(str(data_copy))
    assert err.value.problems[0] == "data/hex.yaml: file is missing"


def test_the_start_says_what_is_wrong_through_the_cache(cache, data_copy, monkeypatch, capsys):
    edit(data_copy, "cards", *BAD_TYPE)
    monkeypatch.setattr(game.data, "DATA_DIR", str(data_copy))
    import main
    for _ in range(2):
        game.data.default_data.cache_clear()
        try:
            assert main.main(["--headless"]) == 2
        finally:
            game.data.default_data.cache_clear()
        assert cache.is_file()
        err = capsys.readouterr().err
        assert err == ("Wrath of Dragons cannot start: the data files have problems:\n"
                       "  data/cards.yaml: cards[8] (raid_britannia).type: unknown card type 'riad'\n"), err


def damaged(blob):
    return blob[:-1] + bytes([blob[-1] ^ 1])


@pytest.mark.parametrize("spoil", [
    lambda blob: damaged(blob),                         # a bit flipped
    lambda blob: blob[:len(blob) // 2],                  # cut short
    lambda blob: b"",                                    # empty
    lambda blob: b"not a cache at all\n" * 10,
    lambda blob: blob.replace(start_cache.MAGIC, b"wrath-of-dragons start cache 0\n"),
])
def test_a_damaged_cache_is_ignored_and_written_again(cache, data_copy, parses, spoil):
    good = load_data(str(data_copy))
    blob = cache.read_bytes()
    cache.write_bytes(spoil(blob))
    assert load_data(str(data_copy)) == good and len(parses) == 2 * len(FILES)
    assert cache.read_bytes() == blob                    # written again
    assert load_data(str(data_copy)) == good and len(parses) == 2 * len(FILES)


def test_a_cache_of_other_files_or_another_python_is_ignored(cache, data_copy, parses, monkeypatch):
    good = load_data(str(data_copy))
    raw = {name: (data_copy / (name + ".yaml")).read_bytes() for name in FILES}
    other = dict(raw, setup=raw["setup"] + b"\n")
    start_cache.write("rules", other, {"setup": {"start_life": 99}})   # a valid cache, for other bytes
    assert start_cache.read("rules", other) == {"setup": {"start_life": 99}}
    assert load_data(str(data_copy)) == good and len(parses) == 2 * len(FILES)
    monkeypatch.setattr(start_cache.sys, "version", "another Python")
    assert start_cache.read("rules", raw) is None
    assert load_data(str(data_copy)) == good and len(parses) == 3 * len(FILES)


def test_a_cache_whose_value_has_another_shape_is_ignored(cache, data_copy, parses):
    good = load_data(str(data_copy))
    raw = {name: (data_copy / (name + ".yaml")).read_bytes() for name in FILES}
    for value in (["a list"], {"regions": {}}, {name: [] for name in FILES}):
        start_cache.write("rules", raw, value)
        assert load_data(str(data_copy)) == good
    assert len(parses) == 4 * len(FILES)


@pytest.mark.parametrize("blocker", ["file", "folder"])
def test_no_cache_where_it_cannot_be_written(tmp_path, monkeypatch, data_copy, parses, blocker):
    if blocker == "file":                                # the cache folder's place taken by a file
        (tmp_path / "blocked").write_text("a file")
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "blocked"))
    else:                                                # rules.cache's place taken by a folder
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
        os.makedirs(tmp_path / "wrath-of-dragons" / "rules.cache")
    good = load_data(str(data_copy))
    assert load_data(str(data_copy)) == good and len(parses) == 2 * len(FILES)
    if blocker == "folder":                              # no temporary left behind
        assert os.listdir(tmp_path / "wrath-of-dragons") == ["rules.cache"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a folder this user cannot write")
def test_no_cache_in_a_read_only_folder(tmp_path, monkeypatch, data_copy, parses):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    try:
        good = load_data(str(data_copy))
        assert load_data(str(data_copy)) == good and len(parses) == 2 * len(FILES)
    finally:
        folder.chmod(0o700)


def test_the_tutorial_script_is_cached_and_checked(cache, data_copy, parses):
    path = str(data_copy / "tutorial.yaml")
    script = load_script(path)
    parsed = len(parses)                                 # (the rule data's too, if not loaded yet)
    assert load_script(path) == script and len(parses) == parsed
    assert (cache.parent / "tutorial.cache").is_file()
    edit(data_copy, "tutorial", "seed:", "seed: -1\nold_seed:")
    for _ in range(2):
        with pytest.raises(DataError) as err:
            load_script(path)
        assert any(p.startswith("data/tutorial.yaml: seed: must be a whole number") for p in err.value.problems)
    assert len(parses) == parsed + 1


def test_the_cache_folder_of_each_platform():
    home = {"HOME": "/home/ann"}
    assert start_cache.cache_dir("linux", home) == "/home/ann/.cache/wrath-of-dragons"
    assert start_cache.cache_dir("linux", dict(home, XDG_CACHE_HOME="/c")) == "/c/wrath-of-dragons"
    assert start_cache.cache_dir("linux", dict(home, XDG_CACHE_HOME="rel")) == "/home/ann/.cache/wrath-of-dragons"
    assert start_cache.cache_dir("darwin", home) == "/home/ann/Library/Caches/Wrath of Dragons"
    assert start_cache.cache_dir("win32", {"LOCALAPPDATA": "C:/L"}) == os.path.join("C:/L", "Wrath of Dragons",
                                                                                     "Cache")
