"""Shipping the game (issue 13): `pip install .` installs a `wrath-of-dragons`
command that finds its data through the installed package, tools/build.py
makes a standalone bundle, and a Linux desktop entry with the window's icon.
Issue 38, 2: "the desktop game and client install pygame, PyYAML and websockets;
PostgreSQL support is an extra (pip install .[postgresql], and a separate
requirements file for those who use -r)"."""
import json
import os
import shlex
import shutil
import subprocess
import sys
import tomllib
import urllib.request

import pygame
import pytest
from hostile_helpers import ROOT, run_main

from app import desktop
from app.version import VERSION

SKIP = {".git", "__pycache__", "build", "dist", ".pytest_cache"}
# The pip commands of README and docs/hosting.md, run in this order in a fresh environment
# (tests/test_hosting_doc.py checks that the page has no other).
REQUIREMENTS, INSTALL, UPGRADE = "pip install -r requirements.txt", "pip install .", "pip install --upgrade ."
INSTALL_POSTGRESQL, REQUIREMENTS_POSTGRESQL = "pip install '.[postgresql]'", "pip install -r requirements-server.txt"
PIP_COMMANDS = (REQUIREMENTS, INSTALL, UPGRADE, INSTALL_POSTGRESQL, REQUIREMENTS_POSTGRESQL)


def clean_env(**extra):
    """The environment of a player's shell: nothing pointing into the clone."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **extra)
    return env


def expected_result():
    r = run_main("--headless", "--players", 3, "--seed", 1, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def check_runs(command, cwd, tmp_path):
    """The installed or bundled game, started from a folder that holds no game files."""
    env = clean_env(XDG_DATA_HOME=str(tmp_path / "home-data"), HOME=str(tmp_path / "home"))

    def run(*args):
        r = subprocess.run([*command, *map(str, args)], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, (args, r.stdout[-2000:], r.stderr[-2000:])
        return r.stdout
    assert run("--version") == f"Wrath of Dragons {VERSION}\n"
    assert json.loads(run("--headless", "--players", 3, "--seed", 1, "--json")) == expected_result()
    assert run("--where") == str(tmp_path / "home-data" / "wrath-of-dragons") + "\n"
    shot = tmp_path / "title.png"
    run("--screenshot", shot, "--screen", "title", "--size", "1280x720")     # the view, its fonts and art
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    assert "--install-desktop" in run("--help")
    return run


def test_pyproject_installs_every_package():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as fh:
        project = tomllib.load(fh)
    packages = set(project["tool"]["setuptools"]["packages"])
    found = {os.path.relpath(d, ROOT).replace(os.sep, ".") for top in ("game", "app", "wire", "client", "server", "sprites")
             for d, _, files in os.walk(os.path.join(ROOT, top)) if "__init__.py" in files}
    assert packages == found | {"game.datafiles"}
    assert project["tool"]["setuptools"]["py-modules"] == ["wrath_of_dragons"]
    assert project["tool"]["setuptools"]["package-dir"] == {"game.datafiles": "data"}
    assert project["project"]["scripts"] == {"wrath-of-dragons": "wrath_of_dragons:main"}
    assert sorted(project["project"]["dependencies"]) == requirements("requirements.txt")
    assert project["project"]["optional-dependencies"] == {"postgresql": requirements("requirements-server.txt")}
    assert not any(r.startswith("psycopg") for r in project["project"]["dependencies"])
    with open(os.path.join(ROOT, "requirements-dev.txt")) as fh:          # CI's: everything, PostgreSQL's driver too
        assert fh.readline().startswith("-r requirements-server.txt")


def requirements(name):
    """The requirements a file names itself (not those of the files it includes with -r)."""
    with open(os.path.join(ROOT, name)) as fh:
        lines = [line.split(" #")[0].strip() for line in fh]
    return sorted(line for line in lines if line and not line.startswith(("#", "-r ")))


def copy_of_the_source(tmp_path):
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=lambda d, names: [n for n in names if n in SKIP or n.endswith(".egg-info")])
    return source


@pytest.mark.slow
def test_pip_install_gives_a_command_that_runs_from_any_folder(tmp_path):
    """pip install . into a fresh environment (build isolation, as a player's
    pip does it; pygame and PyYAML come from this Python's site-packages),
    the source deleted, then the command run from an empty folder."""
    source = copy_of_the_source(tmp_path)
    fonts = source / "sprites" / "fonts"
    fonts.mkdir(exist_ok=True)
    (fonts / "probe-not-code.txt").write_text("non-code files under sprites/ are installed")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", venv], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    r = subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", source],
                       capture_output=True, text=True, timeout=600, env=clean_env(), cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    shutil.rmtree(source)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    command = venv / ("Scripts/wrath-of-dragons.exe" if os.name == "nt" else "bin/wrath-of-dragons")
    check_runs([str(command)], elsewhere, tmp_path)
    where = subprocess.run([python, "-c", "import game.data, sprites; print(game.data.DATA_DIR); "
                            "print(sprites.__path__[0])"], cwd=elsewhere, env=clean_env(), capture_output=True,
                           text=True, check=True).stdout.split("\n")
    assert where[0].startswith(str(venv)) and where[0].endswith(os.path.join("game", "datafiles"))
    assert os.path.exists(os.path.join(where[1], "fonts", "probe-not-code.txt"))
    assert os.path.exists(os.path.join(where[1], "icons", "wrath-of-dragons-256.png"))


@pytest.mark.slow
def test_pip_install_in_a_fresh_environment_brings_the_game_and_its_client_and_postgresql_only_as_an_extra(tmp_path):
    """A fresh venv (no system site-packages: nothing installed here leaks in), pip with its
    own configuration (its index and find-links), the README's command: the game, the window's
    online client and serve run; psycopg is not there, and serve --db says how to get it."""
    source = copy_of_the_source(tmp_path)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True, timeout=300)
    python = str(venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python"))
    command = str(venv / ("Scripts/wrath-of-dragons.exe" if os.name == "nt" else "bin/wrath-of-dragons"))

    def pip(line):
        r = subprocess.run([python, "-m", *shlex.split(line)], cwd=source, capture_output=True, text=True,
                           timeout=900, env=clean_env())
        assert r.returncode == 0, (line, r.stderr[-3000:])

    def installed():
        r = subprocess.run([python, "-m", "pip", "list", "--format", "json"], capture_output=True, text=True,
                           check=True, timeout=120)
        return {p["name"].lower() for p in json.loads(r.stdout)}
    pip(REQUIREMENTS)
    pip(INSTALL)
    pip(UPGRADE)
    names = installed()
    assert {"pygame", "pyyaml", "websockets"} <= names and not {"psycopg", "psycopg-binary"} & names, names
    check_runs([command], tmp_path, tmp_path)
    r = subprocess.run([command, "serve", "--port", "0", "--db", "postgresql://wrath@127.0.0.1/wrath"],
                       capture_output=True, text=True, timeout=120, env=clean_env(), cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "pip install 'wrath-of-dragons[postgresql]'" in r.stderr
    server = subprocess.Popen([command, "serve", "--port", "0", "--data", tmp_path / "server"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=clean_env(), cwd=tmp_path)
    try:
        uri = server.stdout.readline().split(" on ")[1].split()[0]
        with urllib.request.urlopen(uri.replace("ws://", "http://") + "/health", timeout=10) as answer:
            assert answer.status == 200
    finally:
        server.terminate()
        server.communicate(timeout=60)
    pip(INSTALL_POSTGRESQL)
    assert {"psycopg", "psycopg-binary"} <= installed()
    pip("pip uninstall -y -q psycopg psycopg-binary")
    pip(REQUIREMENTS_POSTGRESQL)
    assert {"psycopg", "psycopg-binary"} <= installed()


@pytest.mark.slow
def test_the_standalone_bundle_runs_without_python(tmp_path):
    pytest.importorskip("PyInstaller", reason="pip install -r requirements-dev.txt brings PyInstaller")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build.py"), "--dist", tmp_path / "dist",
                        "--work", tmp_path / "work"], capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    bundle = tmp_path / "dist" / "wrath-of-dragons"
    exe = bundle / ("wrath-of-dragons.exe" if os.name == "nt" else "wrath-of-dragons")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = check_runs([str(exe)], elsewhere, tmp_path)
    if sys.platform.startswith("linux"):
        run("--install-desktop")
        entry = (tmp_path / "home-data" / "applications" / "wrath-of-dragons.desktop").read_text()
        assert f"\nExec={exe}\n" in entry
        assert (tmp_path / "home-data" / "icons" / "hicolor" / "256x256" / "apps" / "wrath-of-dragons.png").exists()
    assert not (bundle / "_internal" / "numpy").exists()        # installed here, never used by the game


# ----- the desktop entry and the icon --------------------------------------------------
def test_the_packaged_desktop_entry_is_the_one_the_game_writes():
    with open(os.path.join(ROOT, "packaging", "linux", "wrath-of-dragons.desktop"), encoding="utf-8") as fh:
        assert fh.read() == desktop.entry_text(["wrath-of-dragons"])
    validate = shutil.which("desktop-file-validate")
    if validate:
        r = subprocess.run([validate, os.path.join(ROOT, "packaging", "linux", "wrath-of-dragons.desktop")],
                           capture_output=True, text=True)
        assert r.returncode == 0 and not r.stdout.strip(), r.stdout


def test_install_desktop_writes_the_entry_and_icons(tmp_path):
    if not sys.platform.startswith("linux"):
        pytest.skip("desktop entries are for Linux")
    r = run_main("--install-desktop", env={"XDG_DATA_HOME": str(tmp_path)})
    assert r.returncode == 0 and not r.stderr, r.stderr
    entry = tmp_path / "applications" / "wrath-of-dragons.desktop"
    assert r.stdout == f"Wrath of Dragons is in the desktop's menu: {entry} (and its icon)\n"
    exec_line = next(line for line in entry.read_text().splitlines() if line.startswith("Exec="))
    assert exec_line == f"Exec={sys.executable} {os.path.join(ROOT, 'main.py')}"       # as it was started
    for size in desktop.ICON_SIZES:
        icon = tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "wrath-of-dragons.png"
        assert pygame.image.load(str(icon)).get_size() == (size, size)
    assert "--players cannot be used with --install-desktop" in run_main("--install-desktop", "--players", 3).stderr


def test_exec_words_are_quoted_as_the_specification_says():
    assert desktop.entry_text(["/opt/Wrath of Dragons/wrath-of-dragons", "100%", 'say "$x"']).splitlines()[5] == \
        'Exec="/opt/Wrath of Dragons/wrath-of-dragons" 100%% "say \\\\"\\\\$x\\\\""'


def test_the_icons_are_the_window_icon():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import make_icons
    finally:
        sys.path.remove(os.path.join(ROOT, "tools"))
    for size in make_icons.SIZES:
        stored = pygame.image.load(make_icons.icon_path(size))
        drawn = make_icons.render(size)
        assert stored.get_size() == drawn.get_size() == (size, size)
        differ = sum(1 for x in range(size) for y in range(size) if stored.get_at((x, y)) != drawn.get_at((x, y)))
        assert differ <= size * size // 100, f"the icons are out of date: python tools/make_icons.py ({differ} px)"
