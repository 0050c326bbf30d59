"""Load and faults on a shared-table server.

Starts ``cardtable serve`` as a child process on a free localhost port, then runs N
scripted clients (default 50: ten tables' worth of five seats, tables opened on demand)
in this process, playing R rounds in all (default 2,000). Clients disconnect now and
then (mid-round too) and come back with their token after a short while; one more
client sends garbage all along (bad JSON, unknown types, bad fields, actions out of
turn, floods, a line over 64 KiB). At the end the server is stopped with SIGTERM.

Checks and figures:
- p95 (and p50, max) of the time from a client's action to the moment *every* client at
  its table has received it (the ``action`` event), against the 50 ms target;
- the server's exit code (0) and its log: no traceback, no ``internal`` error line;
- every player's bankroll reconciles with their history (``Store.reconcile``) and no
  round is left open.

    python benchmarks/net_load.py [--clients 50] [--rounds 2000] [--think-ms 30] [--seed 1]

``--think-ms`` is the most a scripted player waits before acting (uniform, default 30):
with none at all the clients answer the instant a turn starts and the figure measures a
saturated server's queue rather than an action's cost.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import IO, Any

from cardtable.net.client import Client, ServerClosed
from cardtable.net.protocol import MAX_LINE
from cardtable.store import Store

TARGET_P95_MS = 50.0


class Shared:
    """What the scripted clients share: the clock marks and the counts."""

    def __init__(self, rounds: int) -> None:
        self.rounds = rounds
        self.settled: set[tuple[int, int]] = set()
        #: (table, round, seat, hand, n) -> time the action was sent
        self.sent: dict[tuple[int, int, int, int, int], float] = {}
        #: the same key -> [receive times, one per client at the table]
        self.arrived: dict[tuple[int, int, int, int, int], list[float]] = defaultdict(list)
        self.audience: dict[tuple[int, int, int, int, int], int] = {}
        self.seen_by: dict[str, set[tuple[int, int]]] = defaultdict(set)
        self.disconnects = 0
        self.finished: set[str] = set()
        self.errors: dict[str, int] = defaultdict(int)
        self.done = asyncio.Event()


class Player:
    def __init__(self, name: str, port: int, shared: Shared, rng: random.Random, think: float) -> None:
        self.name = name
        self.port = port
        self.shared = shared
        self.rng = rng
        self.think = think
        self.token: str | None = None
        self.client: Client | None = None
        self.round: dict[int, int] = {}
        self.counts: dict[tuple[int, int, int, int], int] = defaultdict(int)
        self.actions_seen = 0
        self.acted_at = -1
        self.fresh = False
        self.bet_sent = False

    async def run(self) -> None:
        while not self.shared.done.is_set():
            try:
                await self.session()
            except (ServerClosed, ConnectionError, OSError, asyncio.TimeoutError):
                pass
            if self.shared.done.is_set():
                return
            await asyncio.sleep(self.rng.uniform(0.05, 0.3))

    async def session(self) -> None:
        client = await Client.connect("127.0.0.1", self.port)
        self.client = client
        # Events were missed while away: no latency is taken until the next round.
        self.actions_seen, self.acted_at, self.fresh, self.bet_sent = 0, -1, False, False
        try:
            welcome = await client.hello(self.name, self.token, timeout=30)
            if welcome["type"] != "welcome":
                raise RuntimeError(f"{self.name}: {welcome}")
            self.token = client.token
            if welcome["seated"] is None:
                await client.send({"type": "sit"})
            while True:  # after the last round too: the rounds under way are played out
                message = await client.next(timeout=60)
                if message["type"] == "bye":
                    self.shared.finished.add(self.name)
                    return
                if await self.handle(client, message):
                    self.shared.disconnects += 1
                    return
        finally:
            self.client = None
            await client.close()

    async def handle(self, client: Client, m: dict[str, Any]) -> bool:
        """React to one message; True to drop the connection now."""
        kind = m["type"]
        now = time.perf_counter()
        if kind == "round_started":
            self.round[m["table"]] = m["round"]
            self.actions_seen = 0
            self.acted_at = -1
            self.fresh = True
            self.bet_sent = False
        elif kind == "action":
            self.actions_seen += 1
            if m["by"] == "player":
                base = (m["table"], self.round.get(m["table"], 0), m["seat"], m["hand"])
                self.counts[base] += 1
                self.shared.arrived[(*base, self.counts[base])].append(now)
        elif kind == "round_settled":
            key = (m["table"], m["round"])
            self.shared.settled.add(key)
            if any(r["name"] == self.name for r in m["results"]):
                self.shared.seen_by[self.name].add(key)
            if len(self.shared.settled) >= self.shared.rounds:
                self.shared.done.set()
        elif kind == "error":
            self.shared.errors[m["code"]] += 1
            self.bet_sent = False
        elif kind == "table":
            return await self.on_table(client, m)
        return False

    async def on_table(self, client: Client, m: dict[str, Any]) -> bool:
        you = m["you"]
        if you is None:
            return False
        me = m["seats"][you["seat"]]
        if m["phase"] == "betting" and me.get("bet", 0) == 0 and not self.bet_sent and not self.shared.done.is_set():
            if self.rng.random() < 0.01:
                return True  # leave between rounds
            if you["bankroll"] < m["rules"]["min_bet"]:
                await client.send({"type": "refill"})
            else:
                amount = min(you["bankroll"], self.rng.choice((500, 500, 1000, 2500)))
                self.bet_sent = True
                await client.send({"type": "bet", "amount": amount})
        elif m["phase"] == "playing" and you["legal"] and self.acted_at < self.actions_seen:
            if self.rng.random() < 0.02 and not self.shared.done.is_set():
                return True  # drop mid-round, come back with the token
            hand = me["hands"][m["turn"]["hand"]]
            legal = you["legal"]
            if "split" in legal and self.rng.random() < 0.5:
                action = "split"
            elif "double" in legal and 9 <= hand["total"] <= 11:
                action = "double"
            elif hand["total"] < 12 or (hand["total"] < 17 and self.rng.random() < 0.4):
                action = "hit"
            else:
                action = "stand"
            self.acted_at = self.actions_seen
            if self.think:
                await asyncio.sleep(self.rng.uniform(0, self.think))
            table = m["table"]
            base = (table, self.round.get(table, 0), you["seat"], m["turn"]["hand"])
            key = (*base, self.counts[base] + 1)
            if self.fresh:
                self.shared.audience[key] = sum(
                    1 for s in m["seats"] if s.get("kind") == "human" and s.get("connected"))
                self.shared.sent[key] = time.perf_counter()
            await client.send({"type": "act", "action": action})
        return False


GARBAGE = [
    b"{not json\n", b"\xff\xfe\xfd\n", b"[]\n", b'{"type":"shuffle"}\n', b'{"type":"bet","amount":"all"}\n',
    b'{"type":"act","action":"hit"}\n', b'{"type":"bet","amount":99999999999}\n', b'{"type":"sit","table":777}\n',
    b'{"type":"computer","seat":9,"level":"god"}\n', b"null\n", b'{"type":"act","action":"surrender"}\n',
]


async def garbage(port: int, shared: Shared, rng: random.Random) -> int:
    """A client that sends nonsense (it does not sit: a seated player who never bets
    would hold a table's every deal for the betting window)."""
    sent = 0
    token: str | None = None
    while not shared.done.is_set():
        try:
            c = await Client.connect("127.0.0.1", port)
            await c.hello("garbage", token)
            token = c.token
            while not shared.done.is_set():
                roll = rng.random()
                if roll < 0.02:
                    await c.send_raw(b'{"type":"ping","x":"' + b"y" * (MAX_LINE + 10) + b'"}\n')
                elif roll < 0.05:
                    await c.send_raw(b'{"type":"ping"}\n' * 300)
                else:
                    await c.send_raw(rng.choice(GARBAGE))
                sent += 1
                await asyncio.sleep(0.02)
                await c.drain_for(0)
        except (ServerClosed, ConnectionError, OSError, asyncio.TimeoutError):
            await asyncio.sleep(0.1)
    return sent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start_server(args: argparse.Namespace, data: Path, port: int, log: IO[str]) -> subprocess.Popen[bytes]:
    """``cardtable serve`` in a child process (under cProfile with ``--profile``)."""
    profile = ["-m", "cProfile", "-o", args.profile] if args.profile else []
    return subprocess.Popen(
        [sys.executable, *profile, "-m", "cardtable", "serve", "--port", str(port), "--data-dir", str(data),
         "--turn-timeout", "2", "--seed", str(args.seed),
         # every client comes from 127.0.0.1: the per-address limits must let them all in
         "--max-per-address", str(args.clients + 10), "--new-names-per-minute", str(args.clients + 10)],
        stderr=log, stdout=subprocess.DEVNULL, env=dict(os.environ, PYTHONUNBUFFERED="1"),
    )


async def _wait_for_rounds(shared: Shared, started: float) -> None:
    """Until the rounds asked for are settled, or 10 s pass with none settled."""
    last = 0
    while not shared.done.is_set():
        try:
            await asyncio.wait_for(shared.done.wait(), 10)
        except asyncio.TimeoutError:
            n = len(shared.settled)
            print(f"  {n:,} rounds after {time.perf_counter() - started:.0f} s", file=sys.stderr)
            if n == last:
                print("no progress for 10 s: giving up", file=sys.stderr)
                return
            last = n


def _latencies(shared: Shared) -> tuple[list[float], int]:
    """Each action's time until every client at the table had its update (ms, sorted),
    and the actions not counted (someone dropped meanwhile, or the action was refused)."""
    latencies = []
    incomplete = 0
    for key, t0 in shared.sent.items():
        arrivals = shared.arrived.get(key, [])
        if not arrivals or len(arrivals) < shared.audience.get(key, 1):
            incomplete += 1
            continue
        latencies.append((max(arrivals) - t0) * 1000)
    return sorted(latencies), incomplete


def _problems(code: int | None, server_log: list[str], players: list[Player], data: Path) -> tuple[list[str], int]:
    """What went wrong (exit code, log, each player's books), and the player-rounds kept."""
    problems = []
    if code != 0:
        problems.append(f"server exit code {code}")
    bad_lines = [line for line in server_log if "Traceback" in line or "internal" in line]
    if bad_lines:
        problems.append(f"{len(bad_lines)} bad server log lines, e.g. {bad_lines[0]}")
    history_rounds = 0
    for p in players:
        with Store.open(data / "players" / p.name) as store:
            expected, held = store.reconcile()
            if expected != held:
                problems.append(f"{p.name}: bankroll {held} but the history says {expected}")
            if store.open_round("blackjack") is not None:
                problems.append(f"{p.name}: a round is still open")
            history_rounds += store.history_count("blackjack")
    return problems, history_rounds


async def main_async(args: argparse.Namespace) -> int:
    data = Path(tempfile.mkdtemp(prefix="cardtable-net-"))
    port = free_port()
    log_path = data / "server.log"
    log = log_path.open("w")
    server = _start_server(args, data, port, log)
    for _ in range(200):
        if "listening" in log_path.read_text():
            break
        await asyncio.sleep(0.05)
    shared = Shared(args.rounds)
    rng = random.Random(args.seed)
    players = [Player(f"p{i:02d}", port, shared, random.Random(rng.random()), args.think_ms / 1000)
               for i in range(args.clients)]
    started = time.perf_counter()
    cpu0 = _child_cpu(server.pid)
    tasks = [asyncio.ensure_future(p.run()) for p in players]
    junk = asyncio.ensure_future(garbage(port, shared, random.Random(rng.random())))
    await _wait_for_rounds(shared, started)
    wall = time.perf_counter() - started
    cpu = _child_cpu(server.pid) - cpu0
    server.send_signal(signal.SIGTERM)  # the players finish the rounds under way
    code = await asyncio.get_running_loop().run_in_executor(None, server.wait, 60)
    for t in tasks:
        t.cancel()
    junk_sent = 0
    try:
        junk_sent = await asyncio.wait_for(junk, 5)
    except (asyncio.TimeoutError, asyncio.CancelledError):
        junk.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    log.close()
    server_log = log_path.read_text().splitlines()

    latencies, incomplete = _latencies(shared)
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
    problems, history_rounds = _problems(code, server_log, players, data)
    tables = len({t for t, _ in shared.settled})
    print(f"net_load: {args.clients} clients (+1 sending garbage: {junk_sent} messages), "
          f"{len(shared.settled):,} rounds on {tables} tables in {wall:.1f} s "
          f"(server CPU {cpu:.1f} s), {history_rounds:,} player-rounds, "
          f"{shared.disconnects} disconnects")
    print(f"  errors sent to clients: {dict(sorted(shared.errors.items()))}")
    if latencies:
        print(f"  action -> every client's update: p50 {statistics.median(latencies):.1f} ms, "
              f"p95 {p95:.1f} ms, max {latencies[-1]:.1f} ms over {len(latencies):,} actions "
              f"({incomplete} not counted: a client away); target p95 < {TARGET_P95_MS:.0f} ms "
              f"-> {'PASS' if p95 < TARGET_P95_MS else 'FAIL'}")
    print(f"  server log: {len(server_log)} lines, {sum('join' in line for line in server_log)} joins; "
          f"reconciliation: {'PASS' if not problems else 'FAIL'}")
    for problem in problems[:20]:
        print(f"  problem: {problem}")
    print(f"  data folder: {data}")
    ok = not problems and latencies and p95 < TARGET_P95_MS
    return 0 if ok else 1


def _child_cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--think-ms", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE", help="run the server under cProfile, stats to FILE")
    args = parser.parse_args()
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
