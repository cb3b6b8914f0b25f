// The page's step-by-step sowings (cli/web/board-hus.js, board-oware.js)
// followed against the engine: for moves of seeded games played through
// `plateau serve`, the last frame of each animation must be the board the
// server gives after the move (every stone where the rules put it, H3, O2,
// O3). No browser needed.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { PLATEAU } from "./harness.mjs";
import hus, { sowingFrames as husFrames } from "../../cli/web/board-hus.js";
import oware, { sowingFrames as owareFrames, stores } from "../../cli/web/board-oware.js";
import { boardCells } from "../../cli/web/picker.js";

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

function counts(board, players, withStores) {
  const result = new Map();
  for (const cell of boardCells(board)) if (cell.key) result.set(cell.key, cell.text);
  if (withStores) stores(board, players).forEach((n, p) => result.set(`store:${p}`, n));
  return result;
}

async function followGames(game, frames, withStores, module) {
  const server = serve();
  try {
    await followWith(server, game, frames, withStores, module);
  } finally {
    server.close();
  }
}

async function followWith(server, game, frames, withStores, module) {
  let checked = 0;
  let captures = 0;
  for (const seed of [1, 2, 3, 4]) {
    const opened = await server.request({ cmd: "new", game, seed });
    const id = opened.id;
    // The board the page builds from its own frames, move after move (as
    // it does when an agent's reply follows the seat's move at once).
    let chained = (await server.request({ cmd: "board", id, log: false })).board.board;
    for (let ply = 0; ply < 60; ply++) {
      const before = await server.request({ cmd: "board", id, log: false });
      if (before.status.over) break;
      assert.deepEqual(counts(chained, opened.players, withStores), counts(before.board.board, opened.players, withStores), `${game} seed ${seed} ply ${ply}: the board built from the frames`);
      await server.request({ cmd: "genmove", id, agent: `random:seed=${seed * 100 + ply}`, play: true });
      const after = await server.request({ cmd: "board", id, log: false });
      const shown = frames(before.board.board, after.described, opened.players);
      assert.ok(shown.length > 1, `${game} seed ${seed} ply ${ply}: no animation for ${JSON.stringify(after.described)}`);
      assert.deepEqual(
        shown[shown.length - 1],
        counts(after.board.board, opened.players, withStores),
        `${game} seed ${seed} ply ${ply}: the animation ends elsewhere than the move (${after.described})`,
      );
      if (/capture/.test(after.described)) captures++;
      chained = module.afterFrames(chained, shown[shown.length - 1], { players: opened.players });
      checked++;
    }
  }
  assert.ok(checked > 40, `only ${checked} moves followed`);
  assert.ok(captures > 3, `only ${captures} captures followed`);
}

test("Hus sowings, relays and captures end where the engine puts the stones", async () => {
  await followGames("hus", husFrames, false, hus);
});

test("Oware sowings, laps and captures end where the engine puts the seeds", async () => {
  await followGames("oware", owareFrames, true, oware);
});
