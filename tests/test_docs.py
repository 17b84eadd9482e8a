"""The front page and the docs: a README a newcomer reads in a minute, with
the commands that work, a picture of the game, and links that lead somewhere."""
from __future__ import annotations

import os
import re
import struct
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import readme_picture  # noqa: E402

PAGES = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"] + [
    os.path.join("docs", f) for f in sorted(os.listdir(os.path.join(ROOT, "docs"))) if f.endswith(".md")]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def anchors(text):
    """The anchors a page's headings get (lower case, punctuation dropped, spaces as dashes)."""
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.*)$", text, re.M)}


def test_the_readme_is_a_short_front_page_with_the_two_commands():
    text = read("README.md")
    assert len(text.splitlines()) <= 120
    assert "pip install -r requirements.txt && python main.py" in text
    assert "python -m pytest" in text
    for heading in ("## Play", "## Test", "## Install", "## Controls", "## Features"):
        assert heading in text


@pytest.mark.parametrize("page", PAGES)
def test_every_link_of_the_docs_leads_to_a_file_and_heading_that_exist(page):
    text = read(page)
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://")):
            continue
        path, _, anchor = target.partition("#")
        full = os.path.normpath(os.path.join(ROOT, os.path.dirname(page), path)) if path else os.path.join(ROOT, page)
        assert os.path.exists(full), f"{page}: {target} leads nowhere"
        if anchor and full.endswith(".md"):
            with open(full, encoding="utf-8") as f:
                assert anchor in anchors(f.read()), f"{page}: {target} has no such heading"


def test_the_readme_shows_the_table_as_the_picture_script_draws_it(tmp_path):
    assert "](docs/table.png)" in read("README.md")
    size = tuple(int(v) for v in readme_picture.ARGS[readme_picture.ARGS.index("--size") + 1].split("x"))
    assert png_size(readme_picture.PICTURE) == size
    out = tmp_path / "table.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(readme_picture.command(str(out)), cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "TableScene" in done.stdout                  # the table, not a hand-off or the scores
    assert png_size(out) == size


def test_every_script_the_contributing_guide_names_exists():
    text = read("CONTRIBUTING.md")
    scripts = set(re.findall(r"`((?:tests/bench|tools)/\w+\.py)`", text))
    scripts |= {"tests/bench/" + s for s in re.findall(r"`(\w+\.py)`", text) if "/" not in s}
    assert len(scripts) >= 8
    for script in scripts:
        assert os.path.exists(os.path.join(ROOT, script)), script
