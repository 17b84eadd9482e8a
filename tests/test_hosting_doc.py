"""docs/hosting.md: every command on the page is run here or checked.

Issue "Host it yourself in five minutes", 4: "Operations page (docs/hosting.md ...):
a systemd unit, running on a home computer or a small VPS (TLS with Let's Encrypt
files via --tls-cert/--tls-key, or behind Caddy/nginx with --trusted-proxy),
backups and restore, an upgrade that keeps stored games, and PostgreSQL for several
processes. Every command on the page is run by a test or by CI."

The page's commands run as written, on this computer's loopback in a temporary
folder: only the places change (/var/lib/wrath-of-dragons and Let's Encrypt's
folder are folders of the test, ports 8765/8766 are free ones, --host 0.0.0.0 is
127.0.0.1, /opt/wrath-of-dragons/bin/wrath-of-dragons and ``python main.py`` are this
clone's main.py, ``sudo`` is left out). pip's commands are run by tests/test_install.py
in a fresh environment. The commands that change the system itself (a user,
systemctl, journalctl, certbot, git pull, copying the units) cannot run here: the
test checks that the files, units, users and folders they name are the ones the page
and packaging/systemd define, and systemd-analyze verifies the units (whose own
ExecStart lines are run here too).
"""
from __future__ import annotations

import configparser
import datetime
import os
import re
import shlex
import shutil
import ssl
import subprocess
import sys
import threading
import urllib.request

import pytest

import test_install
from client import lobby
from online_helpers import ROOT
from postgres_fixtures import postgres_server  # noqa: F401  (the tests' PostgreSQL)
from tls_helpers import make_certificate

PAGE = os.path.join(ROOT, "docs", "hosting.md")
UNITS = os.path.join(ROOT, "packaging", "systemd")
VENV = "/opt/wrath-of-dragons"
PROGRAM = f"{VENV}/bin/wrath-of-dragons"
STATE = "/var/lib/wrath-of-dragons"
LETSENCRYPT = "/etc/letsencrypt/live/games.example.org"
PAGE_DAY = "2026-12-06"                  # the day in the page's backup names: today's here
GAME = [{"kind": "here", "name": "Ann"}, {"kind": "easy"}]

# Commands that change the system (never run by a test): what each must name to be right.
SYSTEM = (r"sudo useradd ", r"sudo systemctl ", r"journalctl ", r"sudo certbot ", r"git pull$", r"sudo cp ",
          r"sudo install ", r"sudo python3 -m venv ")


def page():
    with open(PAGE, encoding="utf-8") as fh:
        return fh.read()


def blocks(kind):
    """The bodies of the page's fenced blocks of that kind (sh, ini, caddy, nginx, text)."""
    return re.findall(rf"^```{kind}\n(.*?)^```$", page(), re.M | re.S)


def commands():
    """Every command of the page's sh blocks, in the page's order (no block is left indented)."""
    assert not re.search(r"^    (python|pip|sudo|curl|openssl)", page(), re.M), "a command outside a ```sh block"
    return [line for body in blocks("sh") for line in body.splitlines() if line.strip()]


def strict():
    return os.environ.get("CI", "") not in ("", "0", "false") or bool(os.environ.get("WRATH_TEST_POSTGRES"))


class Site:
    """The host's computer in a folder: its state folder, Let's Encrypt's files, a home."""

    def __init__(self, tmp_path):
        self.root = tmp_path
        self.state = tmp_path / "var-lib-wrath-of-dragons"
        self.home = tmp_path / "home"
        self.home.mkdir()
        self.credentials = tmp_path / "credentials"
        authority = make_certificate(tmp_path, "authority", authority=True)
        leaf = make_certificate(tmp_path, "games", dns=("games.example.org",), ips=(), signer=authority)
        self.letsencrypt = tmp_path / "letsencrypt"
        self.letsencrypt.mkdir()
        (self.letsencrypt / "fullchain.pem").write_bytes(leaf.cert.read_bytes() + authority.cert.read_bytes())
        (self.letsencrypt / "privkey.pem").write_bytes(leaf.key.read_bytes())
        self.authority = authority.cert
        self.leaf = leaf.fingerprint
        self.printed = {}                  # certificate file -> the fingerprint serve printed for it
        self.port = None                   # the port of the server curl asks

    def here(self, command):
        """The page's command with this site's places."""
        command = re.sub(r"^sudo (-u \w+ )?", "", command)
        me = f"{shlex.quote(sys.executable)} {shlex.quote(os.path.join(ROOT, 'main.py'))}"
        for page_text, site_text in ((PROGRAM, me), ("python main.py", me), (STATE, str(self.state)),
                                     (LETSENCRYPT, str(self.letsencrypt)),
                                     ("${CREDENTIALS_DIRECTORY}", str(self.credentials)),
                                     ("--host 0.0.0.0", "--host 127.0.0.1"), ("--port 8765", "--port 0"),
                                     ("--port 8766", "--port 0"), (PAGE_DAY, datetime.date.today().isoformat())):
            command = command.replace(page_text, site_text)
        if self.port is not None:
            command = command.replace("127.0.0.1:8765", f"127.0.0.1:{self.port}")
        return command

    def env(self):
        return {**{k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}, "HOME": str(self.home)}

    def run(self, command, timeout=120):
        r = subprocess.run(["bash", "-c", self.here(command)], cwd=self.root, env=self.env(), capture_output=True,
                           text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        assert r.returncode == 0, (command, r.stdout[-1500:], r.stderr[-1500:])
        return r.stdout

    def run_unit(self, line):
        """A unit's command line as systemd runs it: no shell, $$ and %% are a $ and a %."""
        words = shlex.split(self.here(line.replace("$$", "$").replace("%%", "%")))
        r = subprocess.run(words, cwd="/", env=self.env(), capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, (line, r.stdout[-1500:], r.stderr[-1500:])

    def serving(self, command):
        return Served(self, command)


class Served:
    """A page's ``serve`` command running: its address, what it printed; stopped with SIGTERM."""

    def __init__(self, site, command):
        self.proc = subprocess.Popen(["bash", "-c", "exec " + site.here(command)], cwd=site.root, env=site.env(),
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     stdin=subprocess.DEVNULL)
        self.lines = []
        got = threading.Event()

        def read():
            for line in self.proc.stdout:
                self.lines.append(line)
                if "Invite codes" in line:
                    got.set()
            got.set()
        self.reader = threading.Thread(target=read, daemon=True)
        self.reader.start()
        if not got.wait(60) or not self.lines or " on " not in self.lines[0]:
            self.proc.kill()
            raise AssertionError(f"{command} did not start: {self.lines} {self.proc.stderr.read()[-1500:]}")
        self.uri = self.lines[0].split(" on ")[1].split()[0]
        self.port = int(self.uri.rsplit(":", 1)[1])

    def health(self, cafile=None):
        url = self.uri.replace("wss://", "https://").replace("ws://", "http://") + "/health"
        context = None
        if url.startswith("https"):
            context = ssl.create_default_context(cafile=str(cafile))
            context.check_hostname = False                  # (the certificate names games.example.org)
        with urllib.request.urlopen(url, timeout=10, context=context) as r:
            return r.status

    def stop(self):
        self.proc.terminate()
        self.proc.wait(60)
        self.reader.join(10)
        err = self.proc.stderr.read()
        self.proc.stderr.close()
        assert self.proc.returncode == 0 and "Stopped; every game is stored" in self.lines[-1], (self.lines, err)
        return "".join(self.lines)


# ----- every command is known --------------------------------------------------------------------------------

def kind_of(command):
    if any(re.match(pattern, command) for pattern in SYSTEM):
        return "system"
    if re.match(r"(sudo )?(\S+/)?pip install ", command):
        return "pip"
    if "createuser" in command or "createdb" in command or "--db " in command:
        return "postgresql"
    return "run"


def test_every_command_on_the_page_is_run_here_run_by_the_install_test_or_a_system_command_checked():
    found = commands()
    assert len(found) >= 25, found
    pip = [c for c in found if kind_of(c) == "pip"]
    run_by_install_test = set(test_install.PIP_COMMANDS)
    for command in pip:
        assert re.sub(r"^sudo \S+/bin/", "", command) in run_by_install_test, command
    assert {kind_of(c) for c in found} == {"system", "pip", "postgresql", "run"}


def test_the_commands_that_change_the_system_name_the_units_users_and_folders_the_page_defines():
    units = set(os.listdir(UNITS))
    service = read_unit("wrath-of-dragons.service")
    assert service["Service"]["User"] == "wrath" and service["Service"]["ExecStart"].startswith(PROGRAM + " ")
    for command in (c for c in commands() if kind_of(c) == "system"):
        words = shlex.split(command)
        if words[:2] == ["sudo", "useradd"]:
            assert words[-1] == "wrath" and "--system" in words
        elif words[:2] == ["sudo", "systemctl"]:
            for name in words[2:]:
                if not name.startswith("-") and name not in ("daemon-reload", "enable", "restart", "stop", "start"):
                    assert (name if "." in name else name + ".service") in units, command
        elif words[0] == "journalctl":
            assert words[words.index("-u") + 1] + ".service" in units
        elif words[:2] == ["sudo", "certbot"]:
            assert words[words.index("--deploy-hook") + 1] == "systemctl restart wrath-of-dragons"
            assert f"/etc/letsencrypt/live/{words[words.index('-d') + 1]}" == LETSENCRYPT
        elif words[:2] == ["sudo", "cp"]:
            assert words[-1] == "/etc/systemd/system/"
            assert sorted(os.path.basename(w) for w in words[2:-1]) == sorted(u for u in units if u != "tls.conf")
        elif words[:2] == ["sudo", "install"]:
            assert words[-2] == "packaging/systemd/tls.conf"
            assert words[-1] == "/etc/systemd/system/wrath-of-dragons.service.d/tls.conf"
        elif words[:3] == ["sudo", "python3", "-m"]:
            assert words[-1] == VENV                              # (the install test makes a venv the same way)
        else:
            assert command == "git pull"


# ----- the commands run ----------------------------------------------------------------------------------------

@pytest.mark.slow
def test_the_page_s_commands_run_here_in_order(tmp_path):
    for program in ("openssl", "bash"):
        if shutil.which(program) is None:
            (pytest.fail if strict() else pytest.skip)(f"{program} is not installed here")
    site = Site(tmp_path)
    running = None
    try:
        for command in (c for c in commands() if kind_of(c) == "run"):
            if re.search(r"\bserve\b", command):
                if running is not None:
                    running.stop()
                running = site.serving(command)
                site.port = running.port
                said = "".join(running.lines)
                if "--tls-cert cert.pem" in command:
                    site.printed["cert.pem"] = re.search(r"fingerprint: ([0-9A-F:]{95})", said).group(1)
                    assert running.health(site.root / "cert.pem") == 200
                elif "--tls-cert" in command:                # Let's Encrypt's files
                    assert "Its certificate is signed by an authority" in said      # (on 127.0.0.1 here)
                    assert running.health(site.authority) == 200
                else:
                    assert running.health() == 200
                if "--trusted-proxy" in command:
                    assert "through your reverse proxy" in said
            elif command.startswith("openssl x509"):
                out = site.run(command)
                assert out.split("=", 1)[1].strip() == site.printed["cert.pem"]       # serve printed the same
            elif command.startswith("curl "):
                assert '"status": "ok"' in site.run(command)
            elif command.startswith("sqlite3 ") and shutil.which("sqlite3") is None:
                # (sqlite3's program is not here: the same statement through Python's sqlite3)
                import sqlite3
                path = shlex.split(site.here(command))[1]
                assert sqlite3.connect(path).execute("PRAGMA quick_check").fetchone()[0] == "ok"
            else:
                if " restore " in command and running is not None:      # (the page stops the service first)
                    running.stop()
                    running = None
                if " backup " in command or " restore " in command or command.startswith("sqlite3 "):
                    prepare_backups(site)
                out = site.run(command)
                if command.startswith("sqlite3 "):
                    assert out.strip() == "ok"
                if command.startswith("openssl req"):
                    assert (site.root / "cert.pem").exists() and (site.root / "key.pem").exists()
    finally:
        if running is not None:
            running.stop()


def prepare_backups(site):
    """What the page's backup commands find on a server that has run: its games, and the day's
    backup that the timer made (by the backup unit's own command)."""
    if not (site.state / "games.sqlite").exists():
        server = site.serving(f"{PROGRAM} serve --port 8765 --data {STATE}")
        try:
            lobby.create(server.uri, GAME)
        finally:
            server.stop()
    if not (site.state / "backups" / f"games-{datetime.date.today()}.sqlite").exists():
        (site.state / "backups").mkdir(exist_ok=True)                  # (systemd's StateDirectory=)
        site.run_unit(read_unit("wrath-of-dragons-backup.service")["Service"]["ExecStart"])


@pytest.mark.slow
def test_the_units_are_the_packaged_ones_systemd_accepts_them_and_their_commands_run(tmp_path):
    shown = blocks("ini")
    with open(os.path.join(UNITS, "wrath-of-dragons.service"), encoding="utf-8") as fh:
        assert fh.read() in shown, "the page's unit is not packaging/systemd/wrath-of-dragons.service"
    with open(os.path.join(UNITS, "tls.conf"), encoding="utf-8") as fh:
        assert fh.read() in shown, "the page's drop-in is not packaging/systemd/tls.conf"
    verify_units(tmp_path)
    site = Site(tmp_path)
    service = read_unit("wrath-of-dragons.service")["Service"]
    server = site.serving(service["ExecStart"])
    assert server.health() == 200
    server.stop()
    os.makedirs(site.credentials)                                 # systemd's LoadCredential=, as the drop-in asks
    tls = read_unit("tls.conf")["Service"]
    for credential in tls["LoadCredential"]:
        name, _, path = credential.partition(":")
        shutil.copy(site.here(path), site.credentials / name)
    exec_start = [line for line in tls["ExecStart"] if line]
    server = site.serving(exec_start[-1])
    assert server.uri.startswith("wss://") and server.health(site.authority) == 200
    try:
        lobby.create(server.uri, GAME, trust=site.leaf)           # (the certificate names games.example.org)
        backup = read_unit("wrath-of-dragons-backup.service")["Service"]
        (site.state / "backups").mkdir()                          # systemd's StateDirectory=
        old = site.state / "backups" / "games-2020-01-01.sqlite"  # a backup older than 30 days: deleted
        old.write_bytes(b"")
        os.utime(old, (0, 0))
        for line in (backup["ExecStart"], backup["ExecStartPost"]):
            site.run_unit(line)
        assert os.listdir(site.state / "backups") == [f"games-{datetime.date.today()}.sqlite"]
    finally:
        server.stop()


def read_unit(name):
    """A unit file's sections: {section: {key: value, or [values] for a key given several times}}."""
    out = {}
    section = None
    with open(os.path.join(UNITS, name), encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                section = out.setdefault(line.strip("[]"), {})
                continue
            key, _, value = line.partition("=")
            if key in section:
                section[key] = (section[key] if isinstance(section[key], list) else [section[key]]) + [value]
            else:
                section[key] = value
    return out


def verify_units(tmp_path):
    """systemd-analyze verify (with the program of ExecStart made to exist here), else a parse
    that knows each unit's sections."""
    folder = tmp_path / "units"
    folder.mkdir()
    program = tmp_path / "wrath-of-dragons"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    for name in os.listdir(UNITS):
        with open(os.path.join(UNITS, name), encoding="utf-8") as fh:
            text = fh.read().replace(PROGRAM, str(program))
        if name == "tls.conf":                         # a drop-in: verified with the unit it changes
            with open(os.path.join(UNITS, "wrath-of-dragons.service"), encoding="utf-8") as fh:
                text = fh.read().replace(PROGRAM, str(program)) + text
            name = "wrath-of-dragons-tls.service"
        (folder / name).write_text(text)
    analyze = shutil.which("systemd-analyze")
    if analyze is not None:
        r = subprocess.run([analyze, "verify", *sorted(str(p) for p in folder.iterdir())], capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 0 and not r.stdout.strip() and not r.stderr.strip(), r.stdout + r.stderr
        return
    for path in folder.iterdir():                      # (no systemd here: its file format, read strictly)
        parser = configparser.ConfigParser(strict=False, interpolation=None)
        parser.optionxform = str
        parser.read(path)
        wanted = {"service": {"Service"}, "timer": {"Timer", "Install"}}[path.suffix[1:]]
        assert wanted <= set(parser.sections()), path


def test_the_proxy_configurations_lead_to_the_server_the_page_starts_behind_them():
    proxied = next(c for c in commands() if "--trusted-proxy" in c)
    port = re.search(r"--port (\d+)", proxied).group(1)
    caddy, = blocks("caddy")
    nginx, = blocks("nginx")
    assert f"reverse_proxy 127.0.0.1:{port}" in caddy
    assert f"proxy_pass http://127.0.0.1:{port};" in nginx
    for header in ("proxy_set_header Upgrade $http_upgrade;", 'proxy_set_header Connection "upgrade";',
                   "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;", "proxy_http_version 1.1;"):
        assert header in nginx
    assert nginx.count("{") == nginx.count("}") and caddy.count("{") == caddy.count("}")


def test_the_page_s_postgresql_commands_make_a_database_two_processes_share(postgres_server, tmp_path):
    """The page's createuser, createdb and two serve --db, against the tests' PostgreSQL (its
    superuser instead of ``sudo -u postgres``, a role and a database of this test's own name)."""
    import secrets
    import urllib.parse

    import psycopg

    import pg_cluster
    bin_dir = pg_cluster.binaries()
    if bin_dir is None:
        (pytest.fail if strict() else pytest.skip)("no PostgreSQL programs (createuser, createdb) here")
    server = urllib.parse.urlsplit(postgres_server)
    name = "wrath_doc_" + secrets.token_hex(4)
    site = Site(tmp_path)
    found = [c for c in commands() if kind_of(c) == "postgresql"]
    assert [c.split()[3] for c in found[:2]] == ["createuser", "createdb"]
    running = []
    try:
        for command in found:
            command = re.sub(r"\bwrath\b", name, command)
            if command.startswith("sudo -u postgres "):
                words = shlex.split(command)[3:]
                words = [os.path.join(bin_dir, words[0]), "-h", server.hostname, "-p", str(server.port),
                         "-U", server.username, *words[1:]]
                r = subprocess.run(words, capture_output=True, text=True, timeout=60)
                assert r.returncode == 0, (command, r.stderr)
                continue
            command = command.replace("?host=/var/run/postgresql",
                                      f"?host={server.hostname}&port={server.port}&user={name}")
            running.append(site.serving(command))
        assert len(running) == 2 and all(s.health() == 200 for s in running)
        created = lobby.create(running[0].uri, GAME)                     # made on one, seen from the other
        assert lobby.look(running[1].uri, [created["tokens"]["0"]])["here"] == [0]
        with psycopg.connect(postgres_server.replace(server.path, f"/{name}"), autocommit=True) as db:
            assert db.execute("SELECT tableowner FROM pg_tables WHERE tablename = 'games'").fetchone()[0] == name
    finally:
        for s in running:
            s.stop()
        with psycopg.connect(postgres_server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            admin.execute(f"DROP ROLE IF EXISTS {name}")

