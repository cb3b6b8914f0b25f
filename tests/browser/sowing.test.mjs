// The page's step-by-step sowings, fed by the frames of the server's
// updates: for seeded Hus and Oware games played over `plateau web`'s
// WebSocket (a hot-seat token), the boards the page animates
// (cli/web/boards.js `animationBoards`: the engine's frames, then the
// update's board) are boards of the same pits, and the last one is the
// board `plateau serve` gives after the same moves (every stone where the
// rules put it, H3, O2, O3). No browser needed; node's WebSocket
// (node --experimental-websocket on node 20).

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { PLATEAU, server as webServer, rng } from "./harness.mjs";
import { animationBoards } from "../../cli/web/boards.js";
import { boardCells } from "../../cli/web/picker.js";
import { stores } from "../../cli/web/board-oware.js";

function serve() {
  const child = spawn(PLATEAU, ["serve"], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const waiting = [];
  lines.on("line", (line) => waiting.shift()(JSON.parse(line)));
  return {
    request(obj) {
      return new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${JSON.stringify(obj)}\n`);
      });
    },
    close() {
      child.stdin.end();
    },
  };
}

/** A WebSocket to a match: `next(pred)` resolves to the next message that matches. */
async function connect(url, match, token) {
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}/ws?match=${match}&token=${token}`);
  const inbox = [];
  const waiting = [];
  ws.addEventListener("message", (e) => {
    inbox.push(JSON.parse(e.data));
    for (const w of [...waiting]) w();
  });
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve);
    ws.addEventListener("error", () => reject(new Error("the WebSocket failed")));
  });
  let tag = 0;
  const next = (pred) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no message in 10 s")), 10000);
      const look = () => {
        const i = inbox.findIndex(pred);
        if (i < 0) return;
        const [m] = inbox.splice(i, 1);
        clearTimeout(timer);
        waiting.splice(waiting.indexOf(look), 1);
        resolve(m);
      };
      waiting.push(look);
      look();
    });
  return {
    next,
    async ask(request) {
      const t = `t${++tag}`;
      ws.send(JSON.stringify({ ...request, tag: t }));
      return next((m) => m.tag === t);
    },
    close() {
      ws.close();
    },
  };
}

/** Each pit's count by owner and name, and each player's store (Oware). */
function counts(board, players) {
  const result = new Map();
  for (const cell of boardCells(board)) if (cell.key) result.set(cell.key, cell.text);
  stores(board).forEach((n, p) => result.set(`store:${p}`, n));
  return result;
}

async function follow(game) {
  const web = await webServer();
  const engine = serve();
  let checked = 0;
  let animated = 0;
  try {
    for (const seed of [1, 2, 3, 4]) {
      const created = await (
        await fetch(`${web.url}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game, seed, hotseat: true }) })
      ).json();
      const table = await connect(web.url, created.match, created.hotseat.token);
      const opened = await engine.request({ cmd: "new", game, seed });
      let update = await table.next((m) => m.event === "update");
      const random = rng(seed);
      for (let ply = 0; ply < 60 && !update.over; ply++) {
        const moves = update.legal_moves;
        const move = moves[Math.floor(random() * moves.length)];
        const answer = await table.ask({ cmd: "play", move });
        assert.equal(answer.ok, true, JSON.stringify(answer));
        update = await table.next((m) => m.event === "update" && m.moves_played === ply + 1);
        await engine.request({ cmd: "play", id: opened.id, move });
        const after = await engine.request({ cmd: "board", id: opened.id, log: false });
        const boards = animationBoards(update);
        const shown = boards.length ? boards : [update.board.board];
        if (boards.length) animated++;
        const pits = (b) => [...counts(b, created.players).keys()].join(",");
        for (const b of shown) assert.equal(pits(b), pits(update.board.board), `${game} seed ${seed} ply ${ply}: a frame of other pits`);
        // Pit by pit (the hot seat sees the board from the side to move).
        assert.deepEqual(
          counts(shown[shown.length - 1], created.players),
          counts(after.board.board, created.players),
          `${game} seed ${seed} ply ${ply}: the animation of ${move} ends elsewhere than the engine puts the stones`,
        );
        checked++;
      }
      table.close();
    }
  } finally {
    engine.close();
    web.stop();
  }
  assert.ok(checked > 40, `only ${checked} moves followed`);
  assert.ok(animated > 10, `only ${animated} moves animated`);
}

test("Hus sowings, relays and captures end where the engine puts the stones", async () => {
  await follow("hus");
});

test("Oware sowings, laps and captures end where the engine puts the seeds", async () => {
  await follow("oware");
});
