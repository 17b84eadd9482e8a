"""A throwaway PostgreSQL server for the tests and the benchmark: a cluster in a folder, on a free
port of 127.0.0.1, trust authentication (loopback only), stopped and deleted after.

    python tests/pg_cluster.py find             # the folder of initdb/pg_ctl, or exit 1
    python tests/pg_cluster.py start FOLDER     # prints the address: postgresql://postgres@127.0.0.1:PORT/postgres
    python tests/pg_cluster.py stop FOLDER
    python tests/pg_cluster.py restart FOLDER   # stop and start again, same port (a database restart)

initdb refuses to run as root: as root the cluster belongs to the ``postgres`` user (Debian's
package makes it) and its programs run through ``runuser``.
"""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys


def binaries():
    """The folder holding initdb and pg_ctl (PATH first, then Debian's /usr/lib/postgresql/N/bin), or None."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return os.path.dirname(os.path.realpath(found))
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True):
        if os.path.exists(os.path.join(folder, "initdb")) and os.path.exists(os.path.join(folder, "pg_ctl")):
            return folder
    return None


def _version(folder):
    name = os.path.basename(os.path.dirname(folder))
    return int(name) if name.isdigit() else 0


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_owner(cmd):
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


def start(folder, durable=False):
    """Start a cluster in ``folder`` (made if missing); its address. ``durable``: fsync as in
    production (the benchmark); the tests skip it."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("no PostgreSQL server programs (initdb, pg_ctl) found")
    os.makedirs(folder, exist_ok=True)
    if os.geteuid() == 0:
        import pwd
        owner = pwd.getpwnam("postgres")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    data = os.path.join(folder, "data")
    subprocess.run(_as_owner([os.path.join(bin_dir, "initdb"), "-D", data, "-U", "postgres", "-A", "trust",
                              "-E", "UTF8", "--no-sync"]), check=True, capture_output=True, cwd="/")
    port = _free_port()
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
    if not durable:
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    with open(os.path.join(folder, "options"), "w", encoding="utf-8") as fh:
        fh.write(options)                          # for resume (the same port)
    resume(folder)
    return f"postgresql://postgres@127.0.0.1:{port}/postgres"


def resume(folder):
    """Start the server of a cluster made by ``start`` (stopped by ``pause``), on its port."""
    with open(os.path.join(folder, "options"), encoding="utf-8") as fh:
        options = fh.read()
    done = subprocess.run(_as_owner([os.path.join(binaries(), "pg_ctl"), "-D", os.path.join(folder, "data"),
                                     "-o", options, "-l", os.path.join(folder, "log"), "-w", "-t", "60", "start"]),
                          capture_output=True, text=True, cwd="/")
    if done.returncode != 0:
        log = open(os.path.join(folder, "log"), encoding="utf-8", errors="replace").read()[-800:]
        raise RuntimeError(f"PostgreSQL did not start: {done.stderr.strip()} {log}")


def pause(folder):
    """Stop the server (fast: its connections are cut), keeping the cluster."""
    bin_dir = binaries()
    data = os.path.join(folder, "data")
    if bin_dir and os.path.exists(os.path.join(data, "postmaster.pid")):
        subprocess.run(_as_owner([os.path.join(bin_dir, "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop"]),
                       capture_output=True, cwd="/")


def restart(folder):
    pause(folder)
    resume(folder)


def stop(folder):
    pause(folder)
    shutil.rmtree(folder, ignore_errors=True)


def main(argv):
    if argv[:1] == ["find"]:
        folder = binaries()
        if folder:
            print(folder)
        return 0 if folder else 1
    if len(argv) == 2 and argv[0] == "start":
        try:
            print(start(argv[1]))
        except (RuntimeError, subprocess.CalledProcessError, KeyError, OSError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        return 0
    if len(argv) == 2 and argv[0] == "stop":
        stop(argv[1])
        return 0
    if len(argv) == 2 and argv[0] == "restart":
        restart(argv[1])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
