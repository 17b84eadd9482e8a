"""The engine never imports pygame; data files load and bad ones give named errors."""
import os
import shutil
import subprocess
import sys

import pytest

from game.data import DATA_DIR, FILES, DataError, load_data

ROOT = os.path.dirname(DATA_DIR)


def test_import_game_does_not_import_pygame():
    code = "import sys, game, app.session, app.headless; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_every_shipped_data_file_loads():
    d = load_data()
    assert len(d.action_cards) == 84
    assert sum(len(v) for v in d.hex_cards.values()) == 12
    assert len(d.regions) == 6 and len(d.lair_actions) == 11 and len(d.abilities) == 5
    backs = {}
    for cid in d.action_cards:
        backs[d.cards[cid].back] = backs.get(d.cards[cid].back, 0) + 1
    assert set(backs.values()) == {14}
    per_region = {}
    for cid in d.action_cards:
        per_region[d.cards[cid].region] = per_region.get(d.cards[cid].region, 0) + 1
    assert per_region == {**{r: 12 for r in d.ring}, None: 12}


@pytest.fixture
def data_copy(tmp_path):
    for name in FILES:
        shutil.copy(os.path.join(DATA_DIR, name + ".yaml"), tmp_path / (name + ".yaml"))
    return tmp_path


def edit(path, old, new, count=1):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, count))


def problems(path):
    with pytest.raises(DataError) as err:
        load_data(str(path))
    return err.value.problems


def test_unknown_back_region_is_named(data_copy):
    edit(data_copy / "cards.yaml", "{id: wrath_attack_gallia, type: wrath_attack, region: Gallia, back: ",
         "{id: wrath_attack_gallia, type: wrath_attack, region: Gallia, back: Galia, x: ")
    found = problems(data_copy)
    index = next(i for i, c in enumerate(load_data().action_cards) if c == "wrath_attack_gallia")
    assert f"data/cards.yaml: cards[{index}] (wrath_attack_gallia).back: unknown region 'Galia'" in found
    # and the cross-check on the 14 backs per region is reported with it
    assert any("expected 14 cards with" in p for p in found)


def test_all_problems_reported_at_once(data_copy):
    edit(data_copy / "cards.yaml", "icon: scorch_field}", "icon: scorch_feild}")
    edit(data_copy / "regions.yaml", "neighbours: [Scandia, Gallia]", "neighbours: [Scandia, Gothia]")
    edit(data_copy / "lair_actions.yaml", "century: 6", "century: 9")
    found = problems(data_copy)
    assert any("card_types.breath_attack.alternatives[1][0].icon: unknown icon 'scorch_feild'" in p for p in found)
    assert any("regions[0] (Britannia).neighbours" in p and "not symmetric" in p for p in found)
    assert any("lair_actions[10] (terrify).century" in p for p in found)


def test_wrong_types_and_missing_files(data_copy):
    edit(data_copy / "setup.yaml", "start_life: 4", "start_life: four")
    found = problems(data_copy)
    assert any(p.startswith("data/setup.yaml: start_life: expected a whole number") for p in found)
    os.remove(data_copy / "hex.yaml")
    assert "data/hex.yaml: file is missing" in problems(data_copy)


def test_not_yaml_and_python_tags_are_refused(data_copy):
    (data_copy / "scoring.yaml").write_text("independent: [unclosed\n")
    assert any(p.startswith("data/scoring.yaml: not valid YAML") for p in problems(data_copy))
    (data_copy / "scoring.yaml").write_text("!!python/object/apply:os.system ['echo pwned']\n")
    assert any(p.startswith("data/scoring.yaml: refused: the file asks to build Python objects") for p in
               problems(data_copy))


def test_piece_totals_are_cross_checked(data_copy):
    edit(data_copy / "setup.yaml", "field: 18", "field: 12")
    assert any("pieces.field: 12 pieces cannot cover setup" in p for p in problems(data_copy))


def test_main_reports_bad_data_without_traceback(data_copy, monkeypatch):
    edit(data_copy / "dragons.yaml", "level: 4", "level: 7")
    import game.data
    monkeypatch.setattr(game.data, "DATA_DIR", str(data_copy))
    game.data.default_data.cache_clear()
    try:
        import main
        assert main.main(["--headless"]) == 2
    finally:
        game.data.default_data.cache_clear()
