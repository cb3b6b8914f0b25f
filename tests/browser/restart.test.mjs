// The server is killed (SIGKILL) and started again on the same data
// directory in the middle of a two-browser Stratego game: both pages and
// the spectator reconnect by themselves, find the same position and move
// list, and the game goes on to its end; at every step neither page holds
// the other seat's unrevealed ranks (hidden-ranks.mjs). This test starts
// its own server (it must restart it), on a port of its own.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import * as H from "./harness.mjs";
import { army, findLeaks } from "./hidden-ranks.mjs";

let chromium;
let dataDir;
let child = null;

/** Starts `plateau web` on `port` (0: any) with the test's data directory; resolves to its URL. */
function startServer(port) {
  child = spawn(H.PLATEAU, ["web", "--bind", `127.0.0.1:${port}`, "--data", dataDir], { stdio: ["ignore", "pipe", "inherit"] });
  const started = child;
  return new Promise((resolve, reject) => {
    let buffer = "";
    started.stdout.on("data", (chunk) => {
      buffer += chunk;
      const line = buffer.split("\n")[0];
      const m = buffer.includes("\n") && line.match(/^listening on (http:\/\/\S+?)\/?$/);
      if (m) resolve(m[1]);
      else if (buffer.includes("\n")) reject(new Error(`plateau web printed ${JSON.stringify(line)} first`));
    });
    started.on("exit", (code) => reject(new Error(`plateau web exited with ${code} before listening`)));
  });
}

/** Kills the server at once, as a crash would. */
async function killServer() {
  const dying = child;
  child = null;
  await new Promise((resolve) => {
    dying.on("exit", resolve);
    dying.kill("SIGKILL");
  });
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "plateau-restart-"));
  chromium = await H.browser();
});

after(async () => {
  if (chromium) await chromium.close();
  if (child) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Waits until every page shows exactly `moves` moves and is drawn (not loading, busy or reconnecting). */
async function allAt(pages, moves, timeout = 20000) {
  for (const p of pages) {
    await p.waitForFunction(
      (n) => {
        const g = document.querySelector("#game");
        return g && !["busy", "loading", "reconnecting"].includes(g.dataset.state) && g.dataset.movesPlayed === String(n);
      },
      moves,
      { timeout },
    );
  }
}

/** The move list of a page, as its text. */
function moveList(page) {
  return page.$$eval("#move-list li", (lis) => lis.map((li) => li.textContent));
}

test("a restart of the server in the middle of a two-browser Stratego game: both pages reconnect and go on, still without the other's ranks", async () => {
  const url = await startServer(0);
  const port = Number(new URL(url).port);
  const setup = await army(url, "barrage");
  const created = await (
    await fetch(`${url}/api/matches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: "stratego", variant: "barrage", seed: 11, set: { max_plies: 60 } }),
    })
  ).json();
  assert.equal(created.ok, true, JSON.stringify(created));
  const contexts = [];
  for (let i = 0; i < 3; i++) contexts.push(await chromium.newContext({ viewport: { width: 1100, height: 1000 } }));
  try {
    const pages = [];
    for (const seat of created.seats) {
      pages[seat.player] = await H.newPage(contexts[seat.player], { seed: 30 + seat.player });
      await pages[seat.player].goto(`${url}${seat.url}`);
    }
    const watcher = await H.newPage(contexts[2]);
    await watcher.goto(`${url}${created.spectator_url}`);
    const everyone = [...pages, watcher];
    const random = H.rng(9);
    const check = async (moves) => {
      await allAt(everyone, moves);
      const { found } = await findLeaks(pages, watcher, setup, moves);
      for (const [who, result] of Object.entries(found)) {
        assert.deepEqual(result.problems, [], `after ${moves} moves, ${who}'s page holds what it may not`);
      }
    };
    /** Plays `count` moves by clicking (setups by the random fill); returns the moves played after them. */
    const play = async (from, count) => {
      let ply = from;
      for (let i = 0; i < count; i++) {
        const mover = await Promise.race(pages.map((p, k) => H.waitTurn(p).then((going) => (going ? k : -1))));
        if (mover < 0) return ply;
        const page = pages[mover];
        if (await page.$("#setup-editor")) {
          await page.click("#setup-random");
          await page.click("#setup-done");
        } else {
          await H.clickMove(page, random, { preferAttack: true });
        }
        ply++;
        await check(ply);
      }
      return ply;
    };
    let ply = await play(0, 8);
    assert.equal(ply, 8, "the game went on for the first eight moves");
    const before = await Promise.all(everyone.map(moveList));

    await killServer();
    for (const p of everyone) {
      await p.waitForFunction(() => document.querySelector("#game").dataset.state === "reconnecting", null, { timeout: 10000 });
    }
    await startServer(port);

    // Each page is back by itself, at the same position and move list.
    await check(ply);
    const after = await Promise.all(everyone.map(moveList));
    assert.deepEqual(after, before, "every page finds its own move list again");
    for (const p of everyone) assert.equal(await p.$eval("#message", (m) => m.textContent).catch(() => ""), "");

    // And the game goes on to its end.
    for (;;) {
      const states = await Promise.all(pages.map((p) => H.gameState(p)));
      if (states.some((s) => s && s.state === "over")) break;
      const next = await play(ply, 1);
      if (next === ply) break;
      ply = next;
      if (ply > 200) throw new Error("the game did not end");
    }
    assert.ok(ply > 8, "moves were played after the restart");
    for (const p of everyone) assert.deepEqual(p.errors, []);
  } finally {
    for (const c of contexts) await c.close();
  }
});
