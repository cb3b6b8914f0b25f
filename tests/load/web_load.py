#!/usr/bin/env python3
"""The bounded load test of `plateau web` (run by .ci/load-test).

Loopback only, Python 3.11 standard library, stops by itself:

1. starts `plateau web --bind 127.0.0.1:0` with its default limits;
2. opens 1 100 idle TCP connections (from 127.0.0.2, 127.0.0.3, ...:
   at most 64 per address, the default cap per client) and checks that a
   65th from a full address is refused `503 too_many_connections`;
3. opens 200 WebSockets, spectators of the match a player then plays
   (from four more addresses), and keeps reading them;
4. meanwhile one client (127.0.0.1) plays a whole game of Oware against
   the `random` agent: HTTP create, then one WebSocket `play` per move;
   every request's latency is measured and the test FAILS if one takes a
   second or more;
5. then creates 200 matches of two `random` agents at once (Hus), waits
   for them to end, and FAILS if the server's peak memory (VmHWM of
   /proc/PID/status) is above --max-rss-mb;
6. stops the server with SIGTERM: it must exit 0 within 10 s.

Prints the figures (latencies median/p99/max, peak RSS) at the end.
"""

import argparse
import asyncio
import base64
import json
import os
import random
import signal
import socket
import statistics
import struct
import subprocess
import sys
import time

LATENCY_LIMIT = 1.0
# Linux: bind() to the address only, the port being picked by connect()
# among those free for this server (a port bound first may still be in
# TIME_WAIT there, and the SYN is then dropped and sent again after 1 s).
IP_BIND_ADDRESS_NO_PORT = 24


async def connect(host, port, local):
    """A connection from the loopback address `local`."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_IP, IP_BIND_ADDRESS_NO_PORT, 1)
        sock.bind((local, 0))
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, (host, port))
    except BaseException:
        sock.close()
        raise
    return await asyncio.open_connection(sock=sock)


class Failure(Exception):
    pass


class WebSocket:
    """A minimal WebSocket client (RFC 6455): text frames, ping/pong, close."""

    def __init__(self, reader, writer):
        self.reader = reader
        self.writer = writer
        self.closed = False

    @classmethod
    async def connect(cls, host, port, path, local):
        reader, writer = await connect(host, port, local)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            (
                f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                f"Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 101"):
            raise Failure(f"WebSocket {path} from {local}: {head[:200]!r}")
        return cls(reader, writer)

    def _frame(self, opcode, payload):
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 65536:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        return head + mask + masked

    async def send(self, value):
        self.writer.write(self._frame(0x1, json.dumps(value).encode()))
        await self.writer.drain()

    async def recv(self, raw=False):
        """The next text message as JSON (as bytes if raw); None once closed."""
        while True:
            try:
                b1, b2 = await self.reader.readexactly(2)
                n = b2 & 0x7F
                if n == 126:
                    (n,) = struct.unpack("!H", await self.reader.readexactly(2))
                elif n == 127:
                    (n,) = struct.unpack("!Q", await self.reader.readexactly(8))
                payload = await self.reader.readexactly(n)
            except (asyncio.IncompleteReadError, ConnectionError):
                self.closed = True
                return None
            opcode = b1 & 0x0F
            if opcode == 0x9:  # ping
                self.writer.write(self._frame(0xA, payload))
            elif opcode == 0x8:
                self.closed = True
                return None
            elif opcode == 0x1:
                return payload if raw else json.loads(payload)

    def close(self):
        self.writer.close()


async def http(host, port, method, path, body=None, local="127.0.0.1"):
    """One request on a new connection: (status, JSON body)."""
    reader, writer = await connect(host, port, local)
    data = b"" if body is None else json.dumps(body).encode()
    writer.write(
        (
            f"{method} {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
            f"Connection: close\r\n\r\n"
        ).encode()
        + data
    )
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, rest = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    return status, json.loads(rest) if rest else None


def addresses(first, count):
    return [f"127.0.0.{first + i}" for i in range(count)]


def vm_kb(pid, field="VmHWM"):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


async def run(args):
    proc = subprocess.Popen(
        [args.binary, "web", "--bind", "127.0.0.1:0"],
        stdout=subprocess.PIPE,
        stderr=sys.stderr,
    )
    try:
        return await asyncio.wait_for(scenario(args, proc), args.time_limit)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


async def scenario(args, proc):
    line = await asyncio.get_running_loop().run_in_executor(None, proc.stdout.readline)
    line = line.decode().strip()
    if not line.startswith("listening on http://"):
        raise Failure(f"the server's first line: {line!r}")
    host, port = line.removeprefix("listening on http://").rstrip("/").rsplit(":", 1)
    port = int(port)
    print(f"server pid {proc.pid} on {host}:{port}")

    # 2. Idle connections: 64 per address (the default cap per client).
    idle = []
    idle_from = addresses(2, (args.idle + 63) // 64)
    for i in range(args.idle):
        local = idle_from[i // 64]
        idle.append(await connect(host, port, local))
    full = idle_from[0]
    status, body = await http(host, port, "GET", "/api/games", local=full)
    if status != 503 or body["error"]["kind"] != "too_many_connections":
        raise Failure(f"a 65th connection from {full}: {status} {body}")
    print(f"{len(idle)} idle connections open from {len(idle_from)} addresses; "
          f"the 65th from {full}: 503 too_many_connections; "
          f"server RSS {vm_kb(proc.pid, 'VmRSS') / 1024:.0f} MB")

    # 4. The player's match (created first, so that spectators can watch it).
    latencies = []

    async def timed(label, coro):
        start = time.monotonic()
        out = await coro
        latencies.append((time.monotonic() - start, label))
        return out

    status, created = await timed("create", http(host, port, "POST", "/api/matches",
                                       {"game": "oware", "agents": {"1": "random"}}))
    if status != 200:
        raise Failure(f"create: {status} {created}")
    match = created["match"]
    token = created["seats"][0]["token"]

    # 3. Spectators, from addresses after the idle ones, each read at once.
    ws_from = addresses(2 + len(idle_from), (args.websockets + 49) // 50)
    spectators = []
    for i in range(args.websockets):
        spectators.append(await WebSocket.connect(host, port, f"/ws?match={match}",
                                                  ws_from[i // 50]))
    received = [0]

    async def drain(ws):
        last = None
        # Not parsed (but the last): the client's own time is not the server's.
        while (message := await ws.recv(raw=True)) is not None:
            received[0] += 1
            last = message
        return json.loads(last) if last else None

    readers = [asyncio.create_task(drain(ws)) for ws in spectators]
    print(f"{len(spectators)} spectator WebSockets open from {len(ws_from)} addresses; "
          f"server RSS {vm_kb(proc.pid, 'VmRSS') / 1024:.0f} MB")

    player = await WebSocket.connect(host, port, f"/ws?match={match}&token={token}", "127.0.0.1")
    tag = 0
    moves = 0
    rng = random.Random(7)
    update = None
    while True:
        message = await player.recv()
        if message is None:
            raise Failure("the player's WebSocket closed")
        if message.get("event") == "update":
            update = message
        if update is None:
            continue
        if update["over"]:
            break
        if not update.get("your_turn"):
            continue
        tag += 1
        legal = update["legal_moves"]
        start = time.monotonic()
        await player.send({"cmd": "play", "index": rng.randrange(len(legal)), "tag": str(tag)})
        update = None
        while True:
            answer = await player.recv()
            if answer is None:
                raise Failure("the player's WebSocket closed")
            if answer.get("event") == "update":
                update = answer
            elif answer.get("tag") == str(tag):
                break
        latencies.append((time.monotonic() - start, f"play {moves + 1}"))
        if not answer.get("ok"):
            raise Failure(f"play: {answer}")
        moves += 1
        if moves % 10 == 0:
            await timed("info", http(host, port, "GET", f"/api/matches/{match}"))
        if update is None:
            update = {"over": False, "your_turn": False}
    await timed("info", http(host, port, "GET", f"/api/matches/{match}"))
    player.close()
    print(f"the player's game: {moves} moves, {len(latencies)} requests, "
          f"spectators got {received[0]} messages")
    slow = [x for x in latencies if x[0] >= LATENCY_LIMIT]
    ordered = [x for x, _ in sorted(latencies)]
    figures = {
        "requests": len(latencies),
        "median_ms": round(statistics.median(ordered) * 1000, 1),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
    }
    print(f"latency: median {figures['median_ms']} ms, p99 {figures['p99_ms']} ms, "
          f"max {figures['max_ms']} ms ({max(latencies)[1]})")
    if slow:
        raise Failure(f"{len(slow)} requests took a second or more (max {max(slow)[0]:.2f} s, {max(slow)[1]})")

    # 5. 200 matches of agents at once.
    agent_from = addresses(2 + len(idle_from) + len(ws_from), 4)
    start = time.monotonic()

    async def agent_match(i):
        return await http(host, port, "POST", "/api/matches",
                          {"game": "hus", "agents": {"0": "random", "1": "random"}},
                          local=agent_from[i % 4])

    made = await asyncio.gather(*(agent_match(i) for i in range(args.agent_matches)))
    bad = [m for m in made if m[0] != 200]
    if bad:
        raise Failure(f"{len(bad)} agent matches were refused, e.g. {bad[0]}")
    ids = [m[1]["match"] for m in made]
    pending = set(ids)
    while pending:
        for mid in list(pending)[:50]:
            status, info = await http(host, port, "GET", f"/api/matches/{mid}",
                                      local=agent_from[0])
            if status == 200 and info["status"]["over"]:
                pending.discard(mid)
            elif status != 200:
                raise Failure(f"agent match {mid}: {status} {info}")
        if pending:
            await asyncio.sleep(0.2)
    took = time.monotonic() - start
    rss_mb = vm_kb(proc.pid) / 1024
    print(f"{len(ids)} agent matches played in {took:.1f} s; peak RSS (VmHWM) {rss_mb:.0f} MB "
          f"(limit {args.max_rss_mb} MB)")
    if rss_mb > args.max_rss_mb:
        raise Failure(f"peak RSS {rss_mb:.0f} MB is above {args.max_rss_mb} MB")

    # 6. A clean stop.
    proc.send_signal(signal.SIGTERM)
    stop = time.monotonic()
    while proc.poll() is None and time.monotonic() - stop < 10:
        await asyncio.sleep(0.05)
    if proc.poll() != 0:
        raise Failure(f"after SIGTERM the server did not exit 0 within 10 s: {proc.poll()}")
    lasts = await asyncio.wait_for(asyncio.gather(*readers), 5)
    told = sum(1 for m in lasts if m == {"event": "closed", "reason": "shutdown"})
    if told != len(spectators):
        raise Failure(f"only {told} of {len(spectators)} spectators were told of the shutdown")
    print(f"SIGTERM: exit 0 in {time.monotonic() - stop:.2f} s, spectators closed")
    for _, writer in idle:
        writer.close()
    figures["rss_mb"] = round(rss_mb)
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="target/debug/plateau")
    parser.add_argument("--idle", type=int, default=1100)
    parser.add_argument("--websockets", type=int, default=200)
    parser.add_argument("--agent-matches", type=int, default=200)
    parser.add_argument("--max-rss-mb", type=int, default=256)
    parser.add_argument("--time-limit", type=float, default=150)
    args = parser.parse_args()
    try:
        figures = asyncio.run(run(args))
    except Failure as e:
        print(f"FAIL: {e}", file=sys.stderr)
        sys.exit(1)
    except asyncio.TimeoutError:
        print(f"FAIL: the load test did not end within {args.time_limit} s", file=sys.stderr)
        sys.exit(1)
    print("ok " + json.dumps(figures))


if __name__ == "__main__":
    main()
