"""Build the standalone game with PyInstaller: a one-folder bundle for this OS
that runs without Python.

    pip install -r requirements-dev.txt          # brings PyInstaller
    python tools/build.py                        # -> dist/wrath-of-dragons/wrath-of-dragons (.exe on Windows)
    dist/wrath-of-dragons/wrath-of-dragons --headless --players 3 --seed 1 --json

The bundle starts main.py (sprites.cli.main: every flag works). It carries
data/ as game/datafiles, where an installed game looks for it (game/data.py),
and everything under sprites/ that is not code (fonts, icons). A build takes
about a minute; --windowed makes a Windows or macOS release without a console
window (then --headless and --help print nowhere).
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "wrath-of-dragons"
# Installed here but never used by the game: kept out of the bundle (numpy alone is 30 MB).
EXCLUDE = ("numpy", "tkinter", "unittest", "pydoc", "pytest", "hypothesis", "PyInstaller", "setuptools", "pip")


def pyinstaller_args(dist, work, windowed=False):
    sep = os.pathsep
    args = [os.path.join(ROOT, "main.py"), "--name", NAME, "--onedir", "--noconfirm", "--clean", "--log-level", "WARN",
            "--distpath", dist, "--workpath", work, "--specpath", work, "--paths", ROOT,
            "--add-data", f"{os.path.join(ROOT, 'data')}{sep}game/datafiles",
            "--collect-data", "sprites"]                  # every file under sprites/ that is not code
    for module in EXCLUDE:
        args += ["--exclude-module", module]
    icon = os.path.join(ROOT, "sprites", "icons", f"{NAME}-256.png")
    if sys.platform in ("win32", "darwin"):
        args += ["--icon", icon]                          # (PyInstaller converts the PNG with Pillow)
    elif shutil.which("strip"):
        args.append("--strip")                            # debug symbols: libpython alone is 23 MB with them
    if windowed:
        args.append("--windowed")
    return args


def executable(dist):
    return os.path.join(dist, NAME, NAME + (".exe" if sys.platform == "win32" else ""))


def build(dist, work, windowed=False, quiet=False):
    """Run PyInstaller; returns the bundled executable's path (CalledProcessError if it fails)."""
    shutil.rmtree(os.path.join(dist, NAME), ignore_errors=True)
    out = subprocess.DEVNULL if quiet else None
    subprocess.run([sys.executable, "-m", "PyInstaller", *pyinstaller_args(dist, work, windowed)], cwd=ROOT,
                   check=True, stdout=out, stderr=subprocess.STDOUT if quiet else None)
    return executable(dist)


def folder_size(path):
    """Bytes on disk of a folder's files (a link counts as a link, not as what it points to)."""
    return sum(os.lstat(os.path.join(d, f)).st_size for d, _, files in os.walk(path) for f in files)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", default=os.path.join(ROOT, "dist"), help="where the bundle goes (default dist/)")
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "pyinstaller"), help="PyInstaller's work folder")
    ap.add_argument("--windowed", action="store_true", help="no console window (Windows, macOS)")
    args = ap.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print("error: PyInstaller is not installed (pip install -r requirements-dev.txt)", file=sys.stderr)
        return 2
    start = time.monotonic()
    exe = build(os.path.abspath(args.dist), os.path.abspath(args.work), args.windowed)
    size = folder_size(os.path.dirname(exe))
    print(f"built {exe} in {time.monotonic() - start:.0f} s; the folder holds {size / 1e6:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
