"""A corpus of broken data files (copies of data/ in a temporary folder): each
stops loading with a DataError whose problems name the file, the entry and
the field; main.py prints the list and exits 2, without a traceback."""
import os
import shutil

import pytest

import game.data
from game.data import DATA_DIR, FILES, DataError, load_data


@pytest.fixture
def data_copy(tmp_path):
    for name in FILES:
        shutil.copy(os.path.join(DATA_DIR, name + ".yaml"), tmp_path / (name + ".yaml"))
    return tmp_path


def replace(name, old, new):
    def edit(folder):
        path = folder / (name + ".yaml")
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return edit


def overwrite(name, content):
    def edit(folder):
        path = folder / (name + ".yaml")
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return edit


CASES = {
    "unknown back region": (
        replace("cards", "{id: wrath_attack_gallia, type: wrath_attack, region: Gallia, back: Gothia}",
                "{id: wrath_attack_gallia, type: wrath_attack, region: Gallia, back: Galia}"),
        "data/cards.yaml: cards[{wrath_attack_gallia}] (wrath_attack_gallia).back: unknown region 'Galia'"),
    "unknown card type": (
        replace("cards", "{id: raid_britannia, type: raid,", "{id: raid_britannia, type: riad,"),
        "(raid_britannia).type: unknown card type 'riad'"),
    "duplicate card id": (
        replace("cards", "{id: attack_britannia_2,", "{id: attack_britannia_1,"),
        "(attack_britannia_1).id: duplicate card id 'attack_britannia_1'"),
    "hex card of an unknown dragon": (
        replace("cards", "{id: hex_red_2, dragon: Red}", "{id: hex_red_2, dragon: Purple}"),
        "data/cards.yaml: hex_cards[9] (hex_red_2).dragon: unknown dragon 'Purple'"),
    "negative start life": (replace("setup", "start_life: 4", "start_life: -4"),
                            "data/setup.yaml: start_life: must be between"),
    "attack cost without Life": (replace("setup", "city: [[2, 3]]", "city: [[2]]"),
                                 "data/setup.yaml: attack_costs.city[0]: expected [Attack icons (1 or more), "
                                 "Life lost (0-10)], got [2]"),
    "attack of no icons": (replace("setup", "village: [[1, 1]]", "village: [[0, 1]]"),
                           "data/setup.yaml: attack_costs.village[0]: expected [Attack icons (1 or more)"),
    "town with no way to hit it": (replace("setup", "town: [[1, 1], [2, 2]]", "town: []"),
                                   "data/setup.yaml: attack_costs.town: expected at least one"),
    "heal as text": (replace("setup", "heal: {consume_noble: 2,", "heal: {consume_noble: two,"),
                     "data/setup.yaml: heal.consume_noble: expected a whole number, got str 'two'"),
    "divination draws missing": (replace("setup", "divination: {draw: 2, discard: 1}", "divination: {discard: 1}"),
                                 "data/setup.yaml: divination.draw: missing"),
    "huge stockpile": (replace("regions", "villages: 10", "villages: 100000000000000000000"),
                       "data/regions.yaml: stockpile.villages: must be between 0 and 1000"),
    "decimal sites": (replace("regions", "sites_per_region: 6", "sites_per_region: 6.5"),
                      "data/regions.yaml: sites_per_region: expected a whole number, got float 6.5"),
    "missing field": (replace("regions", "    letter: B\n", ""),
                      "data/regions.yaml: regions[0] (Britannia).letter: missing"),
    "regions not a list": (replace("regions", "regions:\n", "regions: nothing\nold_regions:\n"),
                           "data/regions.yaml: regions: expected a list"),
    "empty file": (overwrite("scoring", ""), "data/scoring.yaml: the file is empty"),
    "top-level list": (overwrite("hex", "- attack\n- field\n"),
                       "data/hex.yaml: expected a mapping at the top, got list"),
    "not utf-8": (overwrite("dragons", b"dragons: [\xff\xfe]\n"), "data/dragons.yaml: "),
    "python tag": (overwrite("desolation", "levels: !!python/object/apply:os.system ['echo pwned']\n"),
                   "data/desolation.yaml: refused: the file asks to build Python objects"),
    "truncated": (lambda folder: (folder / "lair_actions.yaml").write_bytes(
        (folder / "lair_actions.yaml").read_bytes()[:300]), "data/lair_actions.yaml: "),
    "missing file": (lambda folder: os.remove(folder / "setup.yaml"), "data/setup.yaml: file is missing"),
}


def card_index(text):
    """Replace {card_id} in an expected message by that card's index."""
    if "[{" not in text:
        return text
    cid = text.split("[{")[1].split("}]")[0]
    index = load_data().action_cards.index(cid)
    return text.replace("{" + cid + "}", str(index))


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_data_is_named(data_copy, case):
    edit, expected = CASES[case]
    edit(data_copy)
    with pytest.raises(DataError) as err:
        load_data(str(data_copy))
    problems = err.value.problems
    assert problems and all(isinstance(p, str) and "\n" not in p and p.startswith("data/") for p in problems)
    expected = card_index(expected)
    assert any(expected in p for p in problems), problems


def test_start_up_lists_the_problems(data_copy, monkeypatch, capsys):
    replace("cards", "{id: raid_britannia, type: raid,", "{id: raid_britannia, type: riad,")(data_copy)
    replace("setup", "start_life: 4", "start_life: -4")(data_copy)
    monkeypatch.setattr(game.data, "DATA_DIR", str(data_copy))
    game.data.default_data.cache_clear()
    try:
        import main
        assert main.main(["--headless"]) == 2
        assert main.main(["--headless", "--load", str(data_copy / "any.yaml")]) == 2
    finally:
        game.data.default_data.cache_clear()
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.startswith("Wrath of Dragons cannot start: the data files have problems:")
    assert "(raid_britannia).type: unknown card type 'riad'" in err and "start_life: must be between" in err
