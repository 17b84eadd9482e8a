"""Each word once (issue 40): "Display words for icons live twice (game/phases/
turn_cards.py ICON_NAMES and sprites/table/tips.py ICON_WORDS)"; "A setting is
declared in 4 places: declare settings once, with type, default, range and
label, and derive the screen, the file and the checks".

An icon's words are written only in its declaration (game.data.ICON_TABLE),
a setting's only in sprites.settings.SETTINGS (counted in the source, with
ast); and a setting added to that declaration alone is shown on the Settings
screen, written to the file and checked when the file is read."""
import ast
import os

import pygame
import yaml
from ui_helpers import DrawnText, click, make_app, redraw

from game.data import ICON_TABLE, ICONS, RESOURCES
from sprites import settings as remembered
from sprites.scenes.settings import SettingsScene
from sprites.settings import Choices, Setting, Settings, Span

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("game", "app", "wire", "client", "server", "sprites")
ICON_HOME, RESOURCE_HOME, SETTING_HOME = "game/data.py", "game/words.py", "sprites/settings.py"
PROSE = ("Attack",)       # icon words the rules' prose uses for other things too (attacks, Attack Actions)


def sources(root=ROOT, packages=PACKAGES):
    """(path from the root, parsed module) of every module of the packages."""
    for package in packages:
        for base, _, files in sorted(os.walk(os.path.join(root, package))):
            for f in sorted(files):
                if f.endswith(".py"):
                    path = os.path.join(base, f)
                    with open(path, encoding="utf-8") as fh:
                        yield os.path.relpath(path, root).replace(os.sep, "/"), ast.parse(fh.read())


def texts(tree):
    """(line, text) of the module's string constants, docstrings left out."""
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def word_tables(tree, keys):
    """Lines of dict literals that give two or more of ``keys`` a text of words."""
    return [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Dict)
            and sum(1 for k, v in zip(n.keys, n.values) if isinstance(k, ast.Constant) and k.value in keys
                    and isinstance(v, ast.Constant) and isinstance(v.value, str)
                    and any(c.isalpha() for c in v.value)) >= 2]


def name_lists(tree, names):
    """Lines of literals that list two or more of ``names`` together: a dict's keys, a
    tuple's or list's items, or the first items of a table's rows (tuples of tuples)."""
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Dict):
            groups = [n.keys]
        elif isinstance(n, (ast.Tuple, ast.List)):
            groups = [n.elts, [e.elts[0] for e in n.elts if isinstance(e, (ast.Tuple, ast.List)) and e.elts]]
        else:
            continue
        if any(sum(1 for e in g if isinstance(e, ast.Constant) and e.value in names) >= 2 for g in groups):
            out.append(n.lineno)
    return out


# ----- icons ------------------------------------------------------------------------------------------
def icon_words_outside(root=ROOT):
    """{icon word: [(path, line)]} for each place outside its declaration that writes it."""
    words = [i.word for i in ICON_TABLE if i.word not in PROSE]
    out = {}
    for path, tree in sources(root):
        for line, text in texts(tree):
            for word in words:
                if word in text:
                    out.setdefault(word, []).append((path, line))
    return {w: [p for p in places if p[0] != ICON_HOME] for w, places in out.items()
            if [p for p in places if p[0] != ICON_HOME]}


def icon_tables_outside(root=ROOT):
    return [(path, line) for path, tree in sources(root) if path != ICON_HOME
            for line in word_tables(tree, set(ICONS))]


def test_each_icon_is_declared_once_with_its_words():
    assert len({i.key for i in ICON_TABLE}) == len(ICON_TABLE) == len(ICONS)
    assert len({i.word for i in ICON_TABLE}) == len(ICON_TABLE)
    assert all(i.word and i.does for i in ICON_TABLE)
    home = dict(sources())[ICON_HOME]
    for icon in ICON_TABLE:
        assert [line for line, text in texts(home) if text == icon.word] != [], icon.key


def test_no_icon_word_is_written_outside_its_declaration():
    """"Scorch Field", "Take Gold", ... are written once, in game/data.py: the engine's
    sentences, the hint, the table's tooltips and the rules help read ICON_WORDS."""
    assert icon_words_outside() == {}


def test_no_table_of_icon_words_outside_the_declaration():
    """No dict literal gives icons their words again (as turn_cards' ICON_NAMES, tips'
    ICON_WORDS and the help's NAMES did); the art's pictures, the AI's values and the
    signs of counted icons are tables of other things."""
    assert icon_tables_outside() == []


def test_no_table_of_resource_words_outside_game_words():
    """The resources' words ("nobles", "Nobles", "2 gold") come from game.words: no dict gives
    them again (goals, the score sheet, turn_cards and the tips each had one, and two
    tables named each resource by itself)."""
    assert [(path, line) for path, tree in sources() if path != RESOURCE_HOME
            for line in word_tables(tree, set(RESOURCES))] == []


# ----- settings ---------------------------------------------------------------------------------------
def settings_listed_outside(root=ROOT):
    names = {s.name for s in remembered.SETTINGS}
    labels = {s.label for s in remembered.shown()}
    out = []
    for path, tree in sources(root, ("sprites",)):       # (the window's settings: its own package)
        if path == SETTING_HOME:
            continue
        out += [(path, line, "names listed") for line in name_lists(tree, names)]
        out += [(path, line, text) for line, text in texts(tree) if text in labels]
    return out


def test_every_entry_of_the_file_and_row_of_the_screen_is_declared_once(tmp_path):
    declared = [s.name for s in remembered.SETTINGS]
    assert len(set(declared)) == len(declared)
    settings = Settings()
    settings.window = (1200, 800)
    assert set(settings.document()) == set(declared) | set(settings.options)
    app = make_app(settings=settings)
    app.push(SettingsScene(app))
    rows = {name.split(":")[1] for name in app.scene.element_names() if name.startswith("set:")}
    assert rows <= {s.name for s in remembered.shown()} and "text_scale" in rows
    assert [s.name for s in app.scene.rows] == [s.name for s in remembered.shown()]


def test_no_setting_is_listed_or_labelled_outside_its_declaration():
    """No other module lists settings together (the screen's rows, the file's checks,
    its writing each did) or writes a row's label."""
    assert settings_listed_outside() == []


def shown_row(app, name):
    """Scroll the Settings screen (Down, as a person would) until ``name`` can be clicked."""
    for _ in range(20):
        if app.scene.element(name) is not None:
            return
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, unicode="", mod=0, scancode=0))
        app.pump()
    raise AssertionError(f"{name} never shows")


def test_a_setting_added_to_the_declaration_alone_is_shown_stored_and_checked(tmp_path, monkeypatch):
    glow = Setting("glow", True, Choices((True, "Bright"), (False, "Dim")), "Glow",
                   "A test-only setting: how brightly the board glows.")
    level = Setting("level", 3, Span(0, 9, 3), "Level", "A test-only number, stepped by three.")
    monkeypatch.setattr(remembered, "SETTINGS", remembered.SETTINGS + (glow, level))
    settings = Settings.load(str(tmp_path))
    assert (settings.glow, settings.level, settings.notice) == (True, 3, None)
    app = make_app(tmp_path, settings=settings)
    app.push(SettingsScene(app))
    assert isinstance(app.scene, SettingsScene)
    # the screen: a row with its label, its words and its buttons, which change it and save it
    shown_row(app, "set:level:+")
    drawn = DrawnText(monkeypatch)
    redraw(app)
    assert {"Glow", "Level", "> Bright", "Dim", "3"} <= set(drawn.strings())
    assert "A test-only setting: how brightly the board glows." in drawn.strings()
    click(app, "set:glow:false")
    click(app, "set:level:+")
    assert (app.settings.glow, app.settings.level) == (False, 6)
    click(app, "set:level:+")
    click(app, "set:level:+")
    assert app.settings.level == 9                       # the range's end
    # the file
    with open(tmp_path / "settings.yaml", encoding="utf-8") as fh:
        stored = yaml.safe_load(fh)
    assert (stored["glow"], stored["level"]) == (False, 9)
    again = Settings.load(str(tmp_path))
    assert (again.glow, again.level, again.notice) == (False, 9, None)
    # the check: a bad entry falls back to its default, in one line naming the file and the entry
    (tmp_path / "settings.yaml").write_text("glow: 3\nlevel: 10\nsound: false\n")
    bad = Settings.load(str(tmp_path))
    assert (bad.glow, bad.level, bad.sound) == (True, 3, False)
    assert bad.notice == (f"{tmp_path / 'settings.yaml'}: glow: must be true or false (and 1 more); "
                          "the default is used instead.")
    (tmp_path / "settings.yaml").write_text("level: 10\n")
    assert "level: must be a whole number from 0 to 9;" in Settings.load(str(tmp_path)).notice
