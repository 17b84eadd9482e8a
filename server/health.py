"""Plain HTTP on the server's port (websockets' ``process_request``), before any WebSocket:

- ``GET /health``: 200 and a small JSON document (games held in memory, connections,
  store commits, the store's state) for a supervisor or a load balancer, or 503 with the
  reason when the store cannot be read or its last write failed;
- any other request that is not a WebSocket handshake: 404 (405 if it is not a GET),
  nothing more.

Nothing in the answer is hidden information (no game ids, names, addresses, tokens);
it is computed from counters, and the store is probed at most once a second whatever
the number of requests (a probe slower than PROBE_SECONDS is reported as such).
"""
from __future__ import annotations

import asyncio
import datetime
import json
import time

from app.version import VERSION as RELEASE
from game.fingerprint import rules_fingerprint, short
from server.store import StoreError

PROBE_SECONDS = 3            # the store must answer the probe by then, else it is said not to
FRESH_SECONDS = 1.0          # a probe's outcome is reused this long


class Health:
    def __init__(self, running):
        self.games, self.transport = running.games, running.transport
        self.started = time.monotonic()
        self._probe = None           # the last probe (an asyncio future) and when it started
        self._probe_at = float("-inf")

    async def process_request(self, connection, request):
        if getattr(request, "method", "GET") != "GET":          # (websockets before 15 refuse them itself)
            return connection.respond(405, "Only GET.\n")
        if request.path.split("?", 1)[0] == "/health":
            code, report = await self.report()
            response = connection.respond(code, json.dumps(report) + "\n")
            del response.headers["Content-Type"]
            response.headers["Content-Type"] = "application/json"
            response.headers["Cache-Control"] = "no-store"
            return response
        if not any("websocket" in v.lower() for v in request.headers.get_all("Upgrade")):
            return connection.respond(404, "Not found.\n")
        return None                          # a WebSocket: the game's handshake goes on

    async def report(self):
        """(HTTP status, the document)."""
        store = self.games.store
        state = {"kind": store.kind, "state": "ok"}
        problem = await self._store_problem()
        if problem is not None:
            state.update(state="unreachable", reason=f"The server {problem}.")
        elif store.failing is not None:
            at, reason = store.failing
            state.update(state="failing", reason=f"The server {reason}: its last write failed.",
                         since=datetime.datetime.fromtimestamp(at, datetime.timezone.utc).isoformat(timespec="seconds"))
        report = {"status": "ok" if state["state"] == "ok" else "failing", "release": RELEASE,
                  "rules": short(rules_fingerprint()), "uptime_seconds": round(time.monotonic() - self.started),
                  "games_held": len(self.games.rooms), "connections": sum(self.transport.addresses.values()),
                  "commits": store.commits, "store": state}
        return (200 if state["state"] == "ok" else 503), report

    async def _store_problem(self):
        """Why the store cannot be read now (words after "The server ..."), or None."""
        now = time.monotonic()
        if self._probe is None or (self._probe.done() and now - self._probe_at > FRESH_SECONDS):
            self._probe_at = now
            self._probe = asyncio.ensure_future(self.games.db(self.games.store.probe))
            self._probe.add_done_callback(lambda f: f.cancelled() or f.exception())   # (read, even if nobody waits)
        try:
            await asyncio.wait_for(asyncio.shield(self._probe), PROBE_SECONDS)
        except asyncio.TimeoutError:
            return f"has had no answer from its games database in {PROBE_SECONDS} s"
        except StoreError as exc:
            return exc.reason
        except Exception as exc:              # a fault of ours: said, never hidden as "ok"
            return f"cannot check its games database ({type(exc).__name__})"
        return None
