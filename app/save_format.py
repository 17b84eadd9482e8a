"""Save files: YAML with a format number, the settings, the action list and
the state; written atomically, read as plain data only (``game.safe_yaml``).

    save_session(session, path, name=None)   # atomic: temp file + fsync + rename
    save_session(..., exclusive=True)        # a new file only: FileExistsError if the name is taken
    load_session(path) -> Session            # validated and verified by replay
    read_header(path) -> dict                # name, saved, summary (cheap)
    document_summary(doc) -> dict            # the summary of the game inside (to check a header against)

Loading never modifies the file and never shows a traceback: every problem
becomes a ``SaveError`` whose message is one line naming the file and the
problem (unprintable characters escaped). Only regular files are read, YAML
through ``game.safe_yaml`` (no aliases, no duplicate keys, bounded size and
nesting). A save is only accepted if replaying its actions from its seed
gives exactly its stored state.
"""
from __future__ import annotations

import datetime
import hashlib
import os
import re
import stat
import tempfile
import time
from functools import lru_cache

from game import safe_yaml, start_cache
from game.actions import Action, IllegalAction
from game.data import default_data
from game.plaintext import escape
from app.save_check import (FACE_DOWN, FORMAT, HIDDEN_WORDS, READABLE, Invalid, before_face_down, check_actions,
                         check_header, check_settings, check_state, drop_newer_fields, first_difference, mapping,
                         secret_place, short, without_cards)

GAME_NAME = "Wrath of Dragons"
END_MARK = "# end of save"
SEAL = b"# sealed: "
MAX_BYTES = 4 * 1024 * 1024        # a finished 6-player game saves in ~65 KB
HEADER_BYTES = 64 * 1024
STALE_SECONDS = 60                 # a temporary of an older version (no PID) untouched this long is stale
TOP_REQUIRED = ("format", "settings", "actions", "state")
TOP_OPTIONAL = ("game", "name", "saved", "summary")
# As write_atomic names them (saves, settings): .<file>.<writer's PID>.<random>.tmp; before the PID was
# part of the name: .<file>.<random>.tmp
_TEMPORARY = re.compile(r"^\..+\.ya?ml\.(?:(?P<pid>[0-9]{1,10})\.)?[A-Za-z0-9_]{8}\.tmp$")


@lru_cache(maxsize=None)
def dumper():
    """PyYAML's dumper, made when first needed (PyYAML is imported after the
    window's first frame: game.safe_yaml)."""
    import yaml

    class Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
        def ignore_aliases(self, data):
            return True            # never write anchors: loading refuses them
    return Dumper


class SaveError(Exception):
    """A save that cannot be written or loaded: ``path`` and ``problem`` (one
    printable line: what came from the file or the path is escaped)."""

    def __init__(self, path, problem):
        self.path = os.fspath(path)
        self.problem = escape(" ".join(str(problem).split()))
        super().__init__(f"{escape(self.path)}: {self.problem}")


# ----- writing -------------------------------------------------------------
def summary(session):
    """A few plain facts for the title screen's list of saves."""
    g = session.game
    s = g.state
    to_play = None if g.is_over else g.name(g.decision.player)
    return summary_of([seat.name for seat in session.seats], [seat.kind for seat in session.seats],
                      session.variant, s.century, s.phase, bool(s.over), len(session.actions), to_play)


def summary_of(players, kinds, variant, century, phase, over, actions, to_play):
    status = "finished" if over else f"century {century}, {phase.replace('_', ' ')}, {to_play} to play"
    return {"players": players, "kinds": kinds, "variant": variant, "century": century, "phase": phase,
            "over": over, "actions": actions, "text": f"{len(players)} players ({variant}), {status}"}


def document_summary(doc, actions=None):
    """The summary that the game inside a save document has (its settings,
    actions and state), to check a header against: raises Invalid if those
    cannot be read. (Whether the state is the one its actions lead to is
    only known by loading it.) ``actions``: their number, if the document's
    list was left out (``without_long_parts``)."""
    if not isinstance(doc, dict):
        raise Invalid("not a save of this game (expected a mapping of fields at the top)")
    mapping(doc, "save", required=TOP_REQUIRED, optional=TOP_OPTIONAL)
    check_settings(doc["settings"], default_data())
    seats, st = doc["settings"]["seats"], doc["state"]
    try:
        over, century, phase = st["over"], st["century"], st["phase"]
        to_play = None if over else st["players"][st["stack"][-1]["p"]]["name"]
        facts = summary_of([x["name"] for x in seats], [x["kind"] for x in seats], doc["settings"]["variant"],
                           century, phase, over, len(doc["actions"]) if actions is None else actions, to_play)
    except (KeyError, TypeError, IndexError) as exc:
        raise Invalid(f"not a save of this game (its state cannot be read: {type(exc).__name__})") from None
    if not (isinstance(over, bool) and isinstance(century, int) and isinstance(phase, str)
            and isinstance(to_play, (str, type(None))) and isinstance(doc["actions"], list)):
        raise Invalid("not a save of this game (its state cannot be read)")
    check_header({"summary": facts})        # (only printable names and words)
    return facts


def session_document(session, name=None):
    """The save document (plain data) for a session."""
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    return {"format": FORMAT, "game": GAME_NAME, "name": name,
            "saved": now.isoformat().replace("+00:00", "Z"), "summary": summary(session),
            "settings": session.settings(), "actions": session.action_dicts(), "state": session.game.to_dict()}


def without_long_parts(text):
    """A save's text without the two parts that make most of it, the actions
    (one line each: counted) and the state's log, for ``document_summary``
    (a tenth of the time to parse): (text, number of actions), or None if the
    text is not laid out as document_text writes it."""
    lines = text.splitlines(keepends=True)
    out, actions, i = [], None, 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("actions:") and actions is None:
            j = i + 1
            while j < len(lines) and lines[j].startswith("- {"):
                j += 1
            actions = j - i - 1
            if actions == 0 and line.strip() != "actions: []":
                return None
            out.append("actions: []\n")
            i = j
        elif line.startswith("  log:"):
            j = i + 1
            while j < len(lines) and lines[j].startswith(("  - ", "    ")):
                j += 1
            out.append("  log: []\n")
            i = j
        else:
            out.append(line)
            i += 1
    return None if actions is None else ("".join(out), actions)


def sealed(data):
    """The save's bytes with a second line that seals them: the SHA-256 of
    everything else. A file still as the game wrote it shows its header as it
    is; any other file (edited by hand, or of an earlier version) has its
    header checked against the game inside first (``is_sealed``)."""
    head, _, rest = data.partition(b"\n")
    return b"%s\n%s%s\n%s" % (head, SEAL, _digest(head, rest), rest)


def is_sealed(data):
    """True if the save's bytes are exactly as ``sealed`` wrote them."""
    head, _, rest = data.partition(b"\n")
    seal, _, rest = rest.partition(b"\n")
    return seal == SEAL + _digest(head, rest)


def named(data, name):
    """A save's bytes with ``name`` in its header (the rest as it was; still
    sealed if it was, so the list of saves shows it as the game wrote it)."""
    was_sealed = is_sealed(data)
    lines = data.split(b"\n")
    if was_sealed:
        del lines[1]
    import yaml
    line = yaml.safe_dump({"name": name}, allow_unicode=True, width=1_000_000).strip().encode("utf-8")
    end = next((i for i, x in enumerate(lines) if x.startswith(b"settings:")), len(lines))
    at = next((i for i, x in enumerate(lines[:end]) if x.startswith(b"name:")), None)
    if at is None:
        lines.insert(end, line)
    else:
        lines[at] = line
    data = b"\n".join(lines)
    return sealed(data) if was_sealed else data


def _digest(head, rest):
    return hashlib.sha256(head + b"\n" + rest).hexdigest().encode("ascii")


def document_text(doc):
    import yaml
    body = yaml.dump(doc, Dumper=dumper(), sort_keys=False, allow_unicode=True, default_flow_style=None,
                     width=120)
    return f"# {GAME_NAME} save (format {FORMAT}); loaded with yaml.safe_load and checked by replay.\n" \
           f"{body}{END_MARK}\n"


def write_bytes(fh, data):
    """Write all of data to an open binary file (one place, so tests can cut it short)."""
    fh.write(data)


def write_atomic(path, data, exclusive=False):
    """Replace path with data so that a crash at any moment leaves either the
    old file or the new one, never a mix: a temporary file in the same folder,
    flushed and fsync'ed, then renamed over the old file. ``exclusive``: the
    file must not exist yet (FileExistsError otherwise, even if another
    process creates it at the same moment): the temporary file is linked
    to its name, which never replaces a file."""
    path = os.path.abspath(path)
    folder = os.path.dirname(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.{os.getpid()}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            write_bytes(fh, data)
            fh.flush()
            os.fsync(fh.fileno())
        if exclusive:
            _link_new(tmp, path)
        else:
            os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_folder(folder)


def _link_new(tmp, path):
    """Give the finished temporary file the name ``path`` only if no file has
    it. A hard link is atomic and never replaces; a file system without hard
    links (FAT, some network shares) claims the name with O_EXCL first."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:                     # no hard links here
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)))
        os.replace(tmp, path)
        return
    os.unlink(tmp)


def _fsync_folder(folder):
    """Make the rename itself durable (POSIX only; Windows has no folder fsync)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def save_session(session, path, name=None, exclusive=False):
    """Write the session to path atomically; raises SaveError. Returns path.
    ``exclusive``: only as a new file; FileExistsError if path exists."""
    if name is None:
        name = escape(os.path.splitext(os.path.basename(path))[0])[:100].strip() or "save"
    import yaml
    doc = session_document(session, name)
    try:
        check_header(doc)                                     # never write a save that cannot be loaded
        check_settings(doc["settings"], default_data())
    except Invalid as exc:
        raise SaveError(path, f"cannot be saved: {exc}") from None
    try:
        data = sealed(document_text(doc).encode("utf-8"))
    except (yaml.YAMLError, UnicodeError) as exc:
        raise SaveError(path, f"cannot be written: the game state is not plain data ({exc})") from None
    try:
        write_atomic(path, data, exclusive)
    except OSError as exc:
        if exclusive and isinstance(exc, FileExistsError):
            raise
        raise SaveError(path, f"cannot be written: {exc.strerror or exc}") from None
    remember_header(path, data)
    return path


def remember_header(path, data):
    """The header of a save just written, parsed as read_header will read it at
    the next start, kept for it (game.start_cache: no PyYAML before the title)."""
    head = header_text(data[:HEADER_BYTES].decode("utf-8", errors="ignore"))
    if head is not None:
        try:
            start_cache.load_yaml(head, os.path.abspath(path))
        except safe_yaml.YamlProblem:
            pass                        # (cannot be: the game wrote it; read_header says so at the next start)


# ----- reading -------------------------------------------------------------
def read_text(path, limit=MAX_BYTES, start_only=False):
    """The file's text (read only), or SaveError; with start_only, at most
    the first ``limit`` bytes of a longer file."""
    try:
        raw = safe_yaml.read_bytes(path, limit)
    except safe_yaml.FileProblem as exc:
        raise SaveError(path, str(exc)) from None
    if len(raw) > limit and start_only:
        raw = raw[:limit]
    elif len(raw) > limit:
        raise SaveError(path, f"is larger than {limit // (1024 * 1024)} MB: not a save of this game")
    if not raw.strip():
        raise SaveError(path, "the file is empty")
    try:
        return raw.decode("utf-8", errors="ignore" if start_only else "strict")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"is not a text file (bad UTF-8 at byte {exc.start})") from None


def parse_yaml(text):
    """The document as plain data, or Invalid (one line)."""
    try:
        return safe_yaml.load(text)
    except safe_yaml.YamlProblem as exc:
        raise Invalid(str(exc)) from None


def session_from_document(doc):
    """Validate a save document and rebuild its session by replay; raises Invalid."""
    if not isinstance(doc, dict):
        raise Invalid("not a save of this game (expected a mapping of fields at the top)")
    if "format" not in doc:
        raise Invalid("not a save of this game (no 'format' field)")
    fmt = doc["format"]
    if isinstance(fmt, bool) or not isinstance(fmt, int):
        raise Invalid(f"format: expected a whole number, got {short(fmt, 40)}")
    if fmt not in READABLE:
        newer = "written by a newer version of the game" if fmt > FORMAT else "an unknown save format"
        raise Invalid(f"{newer} (format {short(fmt, 40)}; this version reads formats {READABLE[0]} to {FORMAT})")
    mapping(doc, "save", required=TOP_REQUIRED, optional=TOP_OPTIONAL)
    if doc.get("game", GAME_NAME) != GAME_NAME:
        raise Invalid(f"not a save of this game (game: {short(doc['game'], 40)})")
    from app.session import Session         # (the engine: not needed for a header, the title's list)
    check_header(doc)
    data = default_data()
    settings = doc["settings"]
    check_settings(settings, data)
    check_actions(doc["actions"], data)
    check_state(doc["state"], data, settings, fmt)
    try:
        session = Session.new(settings["seats"], settings["seed"], settings["variant"])
    except ValueError as exc:
        raise Invalid(f"settings: {exc}") from None
    # A save from before the discards of Setup and the Awakening were face down is
    # replayed in the rulebook's order; what that order changes is not compared.
    earlier = "" if fmt >= FACE_DOWN else (
        f"saved by an earlier version (format {fmt}) whose Awakening let each dragon discard before the next one "
        "drew; in the rulebook's order this game goes differently, so it cannot be continued: ")
    for i, d in enumerate(doc["actions"]):
        try:
            action = Action.from_dict(d)
        except ValueError as exc:
            raise Invalid(f"actions[{i}]: {exc}") from None
        try:
            session.apply(action)
        except Exception as exc:  # (an engine failure on this input must not become a traceback either)
            reason = str(exc) if isinstance(exc, IllegalAction) else f"{type(exc).__name__}: {exc}"
            unseen = hidden_cards(session.game)     # the message never names a card someone holds unseen
            raise Invalid(without_cards(f"{earlier}actions[{i}] ({action}) cannot be replayed: {reason}", data,
                                        unseen)) from None
    stored = take_names(doc, session)
    replayed = session.game.to_dict()
    drop_newer_fields(stored, replayed)
    if earlier:
        stored, replayed = before_face_down(stored, replayed)
    diff = first_difference(stored, replayed)
    if diff:
        where, was, now = diff
        if secret_place(where, stored, replayed):
            raise Invalid(f"{earlier}the stored state disagrees with a replay of its actions: {where} is not what "
                          f"the replay gives ({HIDDEN_WORDS})")
        raise Invalid(f"{earlier}the stored state disagrees with a replay of its actions: {where} is {was} in "
                      f"the save but {now} after replaying")
    return session


def take_names(doc, session):
    """Names are not rules: a save whose only difference from its replay is a
    player's name edited by hand, in the settings or in the stored state,
    loads with that name (checked like any name: save_check). The changed one
    is the one that differs from the header's list of players. Returns the
    stored state with the session's names, to compare with the replay."""
    stored = doc["state"]
    header = doc.get("summary", {}).get("players", []) if isinstance(doc.get("summary"), dict) else []
    players = []
    for i, (seat, p) in enumerate(zip(session.seats, stored["players"])):
        if p["name"] != seat.name and (i >= len(header) or header[i] == seat.name):
            seat.name = p["name"]               # the settings' name is the header's: the state's was changed
        session.game.state.players[i].name = seat.name
        players.append(dict(p, name=seat.name))
    return dict(stored, players=players)


def hidden_cards(g):
    """The cards some player may not see now: in the hands, the deck and the Scheme draft."""
    s = g.state
    return {c for p in s.players for c in p.hand} | set(s.deck) | set(s.draft)


def sentence_log(g):
    """The log as format 1 stored it: [seat, sentence, private seat or None] per event."""
    from game.log_text import log_texts
    return [[e["seat"], text, e.get("private")] for e, text in zip(g.state.log, log_texts(g))]


def load_session(path):
    """The session saved at path, validated and verified by replay; raises
    SaveError (one line: the file and the problem). Never modifies the file."""
    text = read_text(path)
    try:
        if text.startswith(f"# {GAME_NAME} save") and not text.rstrip().endswith(END_MARK):
            raise Invalid(f"the file ends early (no '{END_MARK}' line): it is truncated")
        return session_from_document(parse_yaml(text))
    except Invalid as exc:
        raise SaveError(path, str(exc)) from None


def header_text(text):
    """The header's lines of a save's text (all before ``settings:``), or None if
    they run longer than HEADER_BYTES."""
    lines = []
    size = 0
    for line in text.splitlines(keepends=True):
        if line.startswith("settings:"):
            break
        lines.append(line)
        size += len(line)
        if size > HEADER_BYTES:
            return None
    return "".join(lines)


def read_header(path):
    """The first fields of a save (format, game, name, saved, summary), read
    cheaply for a list of saves; raises SaveError if they cannot be read."""
    text = read_text(path, limit=HEADER_BYTES, start_only=True)
    head_text = header_text(text)
    if head_text is None:
        raise SaveError(path, "not a save of this game (no settings near the start)")
    try:
        head = start_cache.load_yaml(head_text, os.path.abspath(path))     # (no PyYAML if kept)
    except safe_yaml.YamlProblem as exc:
        raise SaveError(path, str(exc)) from None
    if not isinstance(head, dict) or "format" not in head:
        raise SaveError(path, "not a save of this game (no 'format' field)")
    if head["format"] not in READABLE:
        raise SaveError(path, f"unsupported save format {short(head['format'], 40)} "
                              f"(this version reads formats {READABLE[0]} to {FORMAT})")
    try:
        check_header(head)
    except Invalid as exc:
        raise SaveError(path, str(exc)) from None
    if text.startswith(f"# {GAME_NAME} save") and not _ends_with_mark(path):
        raise SaveError(path, f"the file ends early (no '{END_MARK}' line): it is truncated")
    return head


def _ends_with_mark(path):
    try:
        with open(path, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            fh.seek(max(0, fh.tell() - 64))
            tail = fh.read()
    except OSError:
        return False
    return tail.rstrip().endswith(END_MARK.encode())


def remove_stale_temporaries(folder, older_than=STALE_SECONDS):
    """Delete the temporary files that write_atomic leaves when the game is
    killed in the middle of a save (a kill -9 or a power cut): every one whose
    writing process is gone. Called when the game starts, before this process
    writes anything (so a temporary named with its own PID is an earlier
    process's). Temporaries of older versions, which carry no PID, go once
    they are ``older_than`` seconds old. Returns how many were removed."""
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    removed = 0
    for name in names:
        found = _TEMPORARY.match(name)
        if not found:
            continue
        path = os.path.join(folder, name)
        try:
            st = os.lstat(path)               # (a link is never ours)
            if not stat.S_ISREG(st.st_mode):
                continue
            pid = found.group("pid")
            if (not writer_running(int(pid)) if pid is not None else time.time() - st.st_mtime > older_than):
                os.unlink(path)
                removed += 1
        except OSError:
            continue
    return removed


def writer_running(pid):
    """True if process ``pid`` is running and is not this process."""
    if pid == os.getpid() or pid <= 0:
        return False
    if os.name == "nt":
        return _windows_process_running(pid)
    try:
        os.kill(pid, 0)                       # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:                   # it exists (another user's)
        return True
    except OSError:
        return False
    return True


def _windows_process_running(pid):
    """(os.kill would terminate the process on Windows.)"""
    import ctypes
    kernel32 = ctypes.windll.kernel32
    handle = kernel32.OpenProcess(0x1000, False, pid)           # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return ctypes.GetLastError() == 5                        # access denied: it exists
    try:
        code = ctypes.c_ulong()
        return bool(kernel32.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == 259   # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)
