"""A client for `plateau serve`, the JSON-lines protocol (docs/PROTOCOL.md).

Standard library only. The server runs as a subprocess; each request is one
JSON line and each response one JSON line.

    from plateau_client import Client

    with Client() as plateau:
        game = plateau.new("hus", seed=7)["id"]
        moves = plateau.legal(game)
        status = plateau.play(game, moves[0])["status"]

The binary is taken from the environment variable PLATEAU_BIN, else
target/release/plateau or target/debug/plateau of this repository, else
`plateau` on the PATH.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = ["Client", "PlateauError", "find_binary", "run_main"]

_dumps = json.dumps
_loads = json.loads
_os_write = os.write


class PlateauError(Exception):
    """A request that failed: `kind` is the error kind (docs/PROTOCOL.md)."""

    def __init__(self, kind, message, response):
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message
        self.response = response


def find_binary():
    """The path of the `plateau` binary to run."""
    env = os.environ.get("PLATEAU_BIN")
    if env:
        return env
    root = Path(__file__).resolve().parents[2]
    exe = "plateau.exe" if os.name == "nt" else "plateau"
    for profile in ("release", "debug"):
        candidate = root / "target" / profile / exe
        if candidate.is_file():
            return str(candidate)
    found = shutil.which("plateau")
    if found:
        return found
    raise FileNotFoundError(
        "no plateau binary: set PLATEAU_BIN or run "
        "`cargo build --release -p plateau-cli`"
    )


class Client:
    """A `plateau serve` subprocess and the requests it answers."""

    def __init__(self, binary=None, args=("serve",)):
        self._proc = subprocess.Popen(
            [binary or find_binary(), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=1 << 16,
        )
        self._write = self._proc.stdin.write
        self._flush = self._proc.stdin.flush
        self._readline = self._proc.stdout.readline
        # The fast paths (legal, play) write short lines with one system call.
        self._fd = self._proc.stdin.fileno()
        self._quoted = {}  # move text -> its JSON string, as bytes

    # -- plumbing ---------------------------------------------------------

    def send_line(self, line):
        """Sends one raw request line (bytes or str, newline added) and
        returns the response as a dict, `ok` or not."""
        if isinstance(line, str):
            line = line.encode()
        if not line.endswith(b"\n"):
            line += b"\n"
        self._write(line)
        self._flush()
        return self._read()

    def _read(self):
        reply = self._readline()
        if not reply:
            self._ended()
        return _loads(reply)

    def _ended(self):
        code = self._proc.poll()
        raise ConnectionError(f"plateau serve ended (exit code {code})")

    def call(self, cmd, **fields):
        """Sends a request and returns its response; raises PlateauError if
        it failed. Fields that are None are left out."""
        request = {"cmd": cmd}
        request.update((k, v) for k, v in fields.items() if v is not None)
        return self._check(self.send_line(_dumps(request, separators=(",", ":")).encode()))

    @staticmethod
    def _check(response):
        if not response["ok"]:
            error = response["error"]
            raise PlateauError(error["kind"], error["message"], response)
        return response

    # -- commands ---------------------------------------------------------

    def games(self):
        """The registered games, with variants, players and parameters."""
        return self.call("games")["games"]

    def new(self, game, variant=None, seed=0, overrides=None, rules=None):
        """Opens a game; the response holds its `id` and `status`.
        `overrides` is a dict of parameters ({"max_plies": 300}); `rules` a
        whole rules file as TOML text."""
        return self.call(
            "new", game=game, variant=variant, seed=seed, set=overrides, rules=rules
        )

    def _fast(self, line):
        """Sends a short request line and returns its response, which must
        be `ok`."""
        written = _os_write(self._fd, line)
        if written < len(line):
            self._write(line[written:])
            self._flush()
        reply = self._readline()
        if not reply:
            self._ended()
        response = _loads(reply)
        if response["ok"]:
            return response
        return self._check(response)

    def _quote(self, move):
        quoted = self._quoted.get(move)
        if quoted is None:
            if len(self._quoted) > 4096:
                self._quoted.clear()
            quoted = self._quoted[move] = _dumps(move).encode()
        return quoted

    def legal(self, game_id):
        """The legal moves of the player to move, in notation."""
        return self._fast(b'{"cmd":"legal","id":%d}\n' % game_id)["moves"]

    def legal_full(self, game_id):
        """The whole `legal` response (`moves`, `enumerable`, `hint`)."""
        return self.call("legal", id=game_id)

    def play(self, game_id, move, viewer=None, describe=True):
        """Plays a move (or a list of moves, all or nothing); the response
        holds the new `status` and, unless `describe` is false, what the
        move did (`described`) as `viewer` (default: the mover's opponent)
        may know it."""
        if viewer is None and isinstance(move, str):
            line = b'{"cmd":"play","id":%d,"move":%s}\n' if describe else \
                b'{"cmd":"play","id":%d,"move":%s,"describe":false}\n'
            return self._fast(line % (game_id, self._quote(move)))
        return self.call("play", id=game_id, move=move, viewer=viewer,
                         describe=None if describe else False)

    def status(self, game_id):
        """Who is to move, or the outcome."""
        return self.call("status", id=game_id)["status"]

    def view(self, game_id, player=None):
        """A player's view (number or name; default the player to move)."""
        return self.call("view", id=game_id, player=player)

    def state(self, game_id):
        """The full state, hidden information included."""
        return self.call("state", id=game_id)

    def undo(self, game_id, count=1):
        """Takes back `count` moves."""
        return self.call("undo", id=game_id, count=count)

    def resign(self, game_id, player=None):
        """A player (default the player to move) resigns."""
        return self.call("resign", id=game_id, player=player)

    def record(self, game_id):
        """The game record (a dict)."""
        return self.call("record", id=game_id)["record"]

    def load(self, record):
        """Opens a game from a record (a dict or JSON text)."""
        return self.call("load", record=record)

    def genmove(self, game_id, agent="random", budget=None, play=False, viewer=None,
                describe=True):
        """A move from an agent for the player to move; played too if
        `play` is true."""
        return self.call(
            "genmove",
            id=game_id,
            agent=agent,
            budget=budget,
            play=play if play else None,
            viewer=viewer,
            describe=None if describe else False,
        )

    def playout(self, game, count=100, seed=0, variant=None, overrides=None,
                max_plies=None, outcomes=False):
        """Plays `count` seeded random games on the server; win counts."""
        return self.call(
            "playout",
            game=game,
            variant=variant,
            set=overrides,
            seed=seed,
            count=count,
            max_plies=max_plies,
            list=True if outcomes else None,
        )

    def close_game(self, game_id):
        """Forgets a game."""
        return self.call("close", id=game_id)

    def quit(self):
        """Ends the server and waits for it."""
        if self._proc.poll() is None:
            try:
                self.call("quit")
            except (BrokenPipeError, ConnectionError):
                pass
        self.close()

    def close(self):
        """Closes the pipe and waits for the server to end."""
        try:
            self._proc.stdin.close()
        except BrokenPipeError:
            pass
        self._proc.wait()
        self._proc.stdout.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.quit()
        return False


def run_main(main):
    """Runs a script's `main()` and returns its exit code: 0, or 1 after a
    one-line message on standard error if a request failed, the binary is
    missing or the server ended. For `sys.exit(run_main(main))`."""
    prog = Path(sys.argv[0]).name
    try:
        main()
    except PlateauError as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 1
    except (FileNotFoundError, ConnectionError, BrokenPipeError) as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    # A module, not a script: say how to use it.
    print(__doc__.strip())
