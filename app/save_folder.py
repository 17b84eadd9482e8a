"""The save folder: where it is, the autosave files, named saves, the list of saves.

    default_save_dir() -> str                 # ~/.local/share/wrath-of-dragons (XDG), macOS, Windows
    autosave_name(session) -> file name       # each game autosaves under its own name (autosave-...yaml)
    autosave(session, save_dir, fname) -> path  # save_dir/fname (default: the old single autosave.yaml)
    autosave(..., new=True) -> path           # a new game's first save: a file of its own, never another's
    (autosave.BackgroundAutosaver: the session listener that autosaves after each action)
    save_as(session, save_dir, name) -> path  # a named save, e.g. "Sunday game" -> Sunday_game.yaml
    list_saves(save_dir) -> [SaveInfo]         # newest first, for the title screen
    recent_games(save_dir) -> [SaveInfo]       # the games' autosaves and named saves, newest first ("Recent games")
    prune_autosaves(save_dir, current)         # keep the newest KEEP_AUTOSAVES games' autosaves
    rename_save(path, name) -> path            # a save under another name (file and header); delete_save(path)

Besides saves, the folder holds the window's settings (SETTINGS_FILE) and
errors.log (app.errorlog): the list of saves never shows them.
"""
from __future__ import annotations

import datetime
import os
import re
from dataclasses import dataclass

from game import safe_yaml
from game.plaintext import escape, name_problem
from game.user_folders import user_folder
from app.save_check import Invalid
from app.save_format import (MAX_BYTES, SaveError, document_summary, is_sealed, load_session, named, parse_yaml,
                             read_header, read_text, remember_header, save_session, without_long_parts,
                             write_atomic)

AUTOSAVE = "autosave.yaml"          # the single autosave of earlier versions (still listed and continued)
AUTOSAVE_PREFIX = "autosave-"       # autosave-<started>-<seed>.yaml: one file per game
AUTOSAVE_NAME = "Autosave"
# as autosave_name writes them, with "-2", "-3" ... if another game of that second and seed had the name
_GAME_AUTOSAVE = re.compile(r"^autosave-[0-9]{8}-[0-9]{6}-[0-9]+(?:-[0-9]+)?\.yaml$")
NAME_TRIES = 100                    # names tried for a new game's autosave before giving up
CHECK_BYTES = 1024 * 1024           # an unsealed save up to this size has its header checked (a long game: 65 KB)
KEEP_AUTOSAVES = 20                 # autosaves of other games than the one in progress kept in the folder
SETTINGS_FILE = "settings.yaml"     # what the window remembers (sprites/settings.py)
OLD_SETTINGS_FILE = "settings.yml"  # its name in earlier versions (still read)
NOT_SAVES = (SETTINGS_FILE, OLD_SETTINGS_FILE)


def default_save_dir(platform=None, env=None):
    """The user's save folder for this platform (not created here)."""
    return user_folder("data", platform, env)


def ensure_dir(save_dir):
    try:
        os.makedirs(save_dir, exist_ok=True)
    except OSError as exc:
        raise SaveError(save_dir, f"cannot create the save folder: {exc.strerror or exc}") from None
    return save_dir


def autosave_path(save_dir):
    return os.path.join(save_dir, AUTOSAVE)


def autosave_name(session, started=None):
    """The file a new game autosaves to: when it started and its seed (two
    games of the same second and seed, in two windows, get two files: see
    ``autosave(..., new=True)``)."""
    started = started or datetime.datetime.now()
    return f"{AUTOSAVE_PREFIX}{started:%Y%m%d-%H%M%S}-{session.seed}.yaml"


def is_autosave(fname):
    return fname == AUTOSAVE or (fname.startswith(AUTOSAVE_PREFIX) and fname.endswith(".yaml"))


def autosave(session, save_dir, fname=AUTOSAVE, new=False):
    """Write save_dir/fname atomically; raises SaveError. Returns the path.
    ``new``: the game's first save, as a new file that replaces no other
    game's: if fname is taken (by an older file or by another window at
    the same moment), the next free name of fname-2.yaml, fname-3.yaml, ..."""
    ensure_dir(save_dir)
    if not new:
        return save_session(session, os.path.join(save_dir, fname), name=AUTOSAVE_NAME)
    stem = fname[:-len(".yaml")] if fname.endswith(".yaml") else fname
    for n in range(1, NAME_TRIES + 1):
        path = os.path.join(save_dir, fname if n == 1 else f"{stem}-{n}.yaml")
        try:
            return save_session(session, path, name=AUTOSAVE_NAME, exclusive=True)
        except FileExistsError:
            continue
    raise SaveError(os.path.join(save_dir, fname), f"cannot be written: {NAME_TRIES} files of that name are taken")


def file_name(name):
    """A safe file name for a save name: letters, digits, '-' and '_' only."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", name.strip()).strip("_")[:60]
    if not stem:
        raise ValueError("a save needs a name with at least one letter or digit")
    if stem.lower() in (AUTOSAVE[:-5], SETTINGS_FILE[:-5]):
        stem += "_1"                    # never the autosave of earlier versions nor the settings
    elif stem.lower().startswith(AUTOSAVE_PREFIX):
        stem = "save_" + stem           # never taken for a game's autosave (listed as such, pruned)
    return stem + ".yaml"


def save_as(session, save_dir, name):
    """A named save ("Save as"): replaces an earlier save of the same name.
    Raises ValueError for an unusable name, SaveError if it cannot be written."""
    path = os.path.join(ensure_dir(save_dir), file_name(name))
    return save_session(session, path, name=name.strip())


@dataclass
class SaveInfo:
    """A save as the title's lists show it (from its header, or the game inside)."""
    name: str
    path: str
    date: datetime.datetime      # when it was saved (UTC)
    summary: str                 # e.g. "4 players (standard), century 3, attack, Red to play"
    problem: str | None = None   # why it cannot be loaded, if that shows already in its header
    autosave: bool = False
    facts: dict | None = None    # the header's summary (players, variant, century, over ...)
    edited: bool = False         # not as the game wrote it: what is shown comes from the game inside (its header
                                 # said otherwise), or from an unchecked header (a file too large to check)


def _mtime(path):
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return 0


def list_saves(save_dir):
    """Every save in the folder, newest first. Damaged files are listed with
    their problem (one line) instead of being hidden; temporary files left by
    an interrupted write are skipped."""
    try:
        names = os.listdir(save_dir)
    except OSError:
        return []
    out = []
    for fname in names:
        if fname.startswith(".") or not fname.endswith(".yaml") or fname.lower() in NOT_SAVES:
            continue
        path = os.path.join(save_dir, fname)
        if not os.path.isfile(path):
            continue
        out.append(_info(path, fname))
    out.sort(key=lambda s: (s.date, _mtime(s.path)), reverse=True)   # (saved in the same second: the later write first)
    return out


def _info(path, fname):
    try:
        mtime = datetime.datetime.fromtimestamp(os.path.getmtime(path), datetime.timezone.utc)
    except OSError:
        mtime = datetime.datetime.fromtimestamp(0, datetime.timezone.utc)
    stem = escape(fname[:-5])           # undecodable bytes in a file name come back as lone surrogates
    is_auto = is_autosave(fname)
    try:
        head = read_header(path)
    except SaveError as exc:
        return SaveInfo(name=stem, path=path, date=mtime, summary="", problem=exc.problem, autosave=is_auto)
    sealed = header_holds(path)
    try:
        inside = None if sealed else game_summary(path)
    except SaveError as exc:
        return SaveInfo(name=stem, path=path, date=mtime, summary="", problem=exc.problem, autosave=is_auto)
    summary = head.get("summary")
    if inside is not None and (not isinstance(summary, dict) or any(summary[k] != inside[k] for k in inside
                                                                    if k in summary)):
        # the header says something else than the game inside (an earlier version's header says less):
        # show the game, the file's name and time
        return SaveInfo(name=stem, path=path, date=mtime, summary=inside["text"], autosave=is_auto, facts=inside,
                        edited=True)
    name = head.get("name") if isinstance(head.get("name"), str) else stem
    date = _parse_date(head.get("saved")) or mtime
    text = summary.get("text") if isinstance(summary, dict) and isinstance(summary.get("text"), str) else ""
    return SaveInfo(name=name, path=path, date=date, summary=text, autosave=is_auto,
                    facts=summary if isinstance(summary, dict) else None, edited=not sealed and inside is None)


def header_holds(path):
    """True if the file is still as the game wrote it (its seal holds), so
    its header can be shown as it is (a cheap check: no parsing)."""
    try:
        return is_sealed(safe_yaml.read_bytes(path, MAX_BYTES))
    except safe_yaml.FileProblem:
        return False


_inside = {}        # (path, size, mtime) -> the summary of the game inside (each file version is parsed once)


def game_summary(path):
    """The summary of the game inside a save that is not sealed (edited, or of
    an earlier version): its text is parsed without the actions and the log
    (~4 ms for a finished 6-player game; all of it, ~30 ms, if it is laid out
    otherwise). None for a file larger than CHECK_BYTES (not checked: a
    hostile file of 4 MB would hold up the title). Raises SaveError if the
    game inside cannot be read."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise SaveError(path, f"cannot be read: {exc.strerror or exc}") from None
    if st.st_size > CHECK_BYTES:
        return None
    key = (path, st.st_size, st.st_mtime_ns)
    if key not in _inside:
        _inside[key] = _summary_inside(path)
        while len(_inside) > 200:
            _inside.pop(next(iter(_inside)))
    return _inside[key]


def _summary_inside(path):
    text = read_text(path)
    short = without_long_parts(text)
    if short is not None:
        try:
            return document_summary(parse_yaml(short[0]), short[1])
        except Invalid:
            pass                    # (laid out otherwise: the whole text says what is wrong)
    try:
        return document_summary(parse_yaml(text))
    except Invalid as exc:
        raise SaveError(path, str(exc)) from None


def recent_games(save_dir, limit=None):
    """The autosave of each game (one file per game) and the named saves
    ("Save as"), newest first: what the title screen's "Recent games" list and
    Continue offer."""
    games = list_saves(save_dir)
    return games if limit is None else games[:limit]


def prune_autosaves(save_dir, current=None, keep=KEEP_AUTOSAVES):
    """Delete the autosaves of all but the newest ``keep`` games, never the
    game in progress (``current``, a file name) nor a named save. Returns
    the file names removed."""
    autosaves = [s for s in list_saves(save_dir) if s.autosave]
    older = [s for s in autosaves if os.path.basename(s.path) != current][keep:]
    older = [s for s in older if _GAME_AUTOSAVE.match(os.path.basename(s.path)) or os.path.basename(s.path) == AUTOSAVE]
    removed = []
    for info in older:
        try:
            os.unlink(info.path)
            removed.append(os.path.basename(info.path))
        except OSError:
            continue
    return removed


def rename_save(path, name):
    """The save at path under a new name: its file (file_name(name), in the
    same folder; never replacing another) and the name in its header. An
    autosave renamed becomes a named save. Returns the new path; raises
    ValueError for an unusable name, SaveError if it cannot be done."""
    problem = name_problem(name.strip(), 100, "a save's name")
    if problem:
        raise ValueError(problem)
    new = os.path.join(os.path.dirname(path), file_name(name))
    try:
        data = safe_yaml.read_bytes(path, MAX_BYTES)
    except safe_yaml.FileProblem as exc:
        raise SaveError(path, str(exc)) from None
    same = os.path.abspath(new) == os.path.abspath(path)
    try:
        renamed = named(data, name.strip())
        write_atomic(new, renamed, exclusive=not same)
    except FileExistsError:
        raise SaveError(new, "there is a save of that name already: choose another name") from None
    except OSError as exc:
        raise SaveError(new, f"cannot be written: {exc.strerror or exc}") from None
    remember_header(new, renamed)
    if not same:
        delete_save(path)
    return new


def delete_save(path):
    """Remove a save file; raises SaveError if it cannot be."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError(path, f"cannot be deleted: {exc.strerror or exc}") from None


def _parse_date(value):
    if not isinstance(value, str):
        return None
    try:
        d = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
        d = d if d.tzinfo else d.replace(tzinfo=datetime.timezone.utc)
        d.astimezone()          # shown in local time: a date at an end of the calendar may not convert
    except (ValueError, OverflowError):
        return None
    return d


def load_autosave(save_dir):
    """The autosaved session ("Continue"), or None if there is none; SaveError if damaged."""
    path = autosave_path(save_dir)
    if not os.path.exists(path):
        return None
    return load_session(path)
