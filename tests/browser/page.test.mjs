// The page of `plateau web` in headless Chromium: whole games played by
// clicking, a two-browser Stratego game that checks after every move that
// neither page holds the other seat's unrevealed ranks, the hot-seat
// hand-over, and the replay viewer. Screenshots of each board are saved
// under target/browser-screenshots/.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import * as H from "./harness.mjs";

let served;
let chromium;

before(async () => {
  served = await H.server();
  chromium = await H.browser();
});

after(async () => {
  if (chromium) await chromium.close();
  if (served) served.stop();
});

/** Creates a game from the lobby by clicking, and returns its page. */
async function fromLobby(context, { game, variant, mode = "agent", agent = "random", settings = "", seed = 7, stepMs = 0 }) {
  const page = await H.newPage(context, { seed, stepMs });
  await page.goto(`${served.url}/`);
  await page.selectOption("#game-select", game);
  if (variant) await page.selectOption("#variant-select", variant);
  await page.waitForSelector("#agent-select option", { state: "attached" });
  assert.equal(await page.inputValue("#agent-spec"), "ai", "the agent chooser starts at the server's default, ai");
  await page.check(`#mode-${mode}`);
  if (mode === "agent") await page.fill("#agent-spec", agent);
  if (settings) await page.fill("#settings", settings);
  await page.fill("#seed", String(seed));
  await page.click("#create");
  return page;
}

/** Plays this page's side to the end by clicking; returns the moves it made. */
async function playToTheEnd(page, random, options = {}) {
  let made = 0;
  while (await H.waitTurn(page)) {
    if (await page.$("#setup-editor")) {
      await page.click("#setup-random");
      if (options.onSetup) await options.onSetup(page);
      await page.click("#setup-done");
      await page.waitForFunction(() => document.querySelector("#game").dataset.movesPlayed !== "0" || !document.querySelector("#setup-editor"));
    } else {
      await H.clickMove(page, random, options);
    }
    made++;
    if (made > 400) throw new Error("the game did not end in 400 moves");
  }
  return made;
}

async function wholeGame(name, lobby, { minMoves, shot, onSetup } = {}) {
  const context = await chromium.newContext({ viewport: { width: 1200, height: 900 } });
  try {
    const page = await fromLobby(context, lobby);
    await page.waitForSelector("#game[data-state]");
    assert.match(await page.textContent("#seat"), /you play/);
    const made = await playToTheEnd(page, H.rng(11), { preferAttack: true, onSetup });
    const state = await H.gameState(page);
    assert.equal(state.state, "over");
    assert.match(state.status, /wins|draw/, `${name}: the status line tells the outcome`);
    assert.ok(made >= minMoves, `${name}: only ${made} moves were clicked`);
    const listed = await page.$$eval("#move-list li", (items) => items.length);
    assert.equal(listed, state.moves, `${name}: the move list has every move`);
    assert.equal(await page.$("#undo"), null, `${name}: no undo once the game is over`);
    await page.screenshot({ path: join(H.SHOTS, `${shot || name}.png`), fullPage: true });
    assert.deepEqual(page.errors, [], `${name}: errors in the page`);
  } finally {
    await context.close();
  }
}

test("a whole game of Hus against random, by clicking pits", async () => {
  await wholeGame("hus", { game: "hus" }, { minMoves: 3 });
});

test("a whole game of Oware against greedy, by clicking houses", async () => {
  await wholeGame("oware", { game: "oware", agent: "greedy" }, { minMoves: 5 });
});

test("a whole game of Quinque against random: marks, tile moves and end", async () => {
  await wholeGame("quinque", { game: "quinque", settings: "parachutes=8" }, { minMoves: 10 });
});

test("a whole game of Stratego (barrage) against random: setup by drag and drop, then moves", async () => {
  const onSetup = async (page) => {
    // Take one piece back to the tray and drag it onto an empty square.
    const placed = page.locator("#setup-editor .setup-square .setup-piece").first();
    const symbol = await placed.getAttribute("data-symbol");
    await placed.dragTo(page.locator("#setup-tray"));
    assert.equal(await page.isDisabled("#setup-done"), true, "a setup with a piece in the tray cannot be played");
    const empty = page.locator("#setup-editor .setup-square:not(:has(.setup-piece))").first();
    const square = await empty.getAttribute("data-square");
    await page.locator(`#setup-tray .setup-piece[data-symbol="${symbol}"]`).dragTo(empty);
    assert.equal(await page.getAttribute(`#setup-editor .setup-square[data-square="${square}"] .setup-piece`, "data-symbol"), symbol);
    // Saved setups stay in the browser.
    await page.click("#setup-save");
    assert.ok((await page.$$("#saved-setups option")).length >= 2, "the saved setup is offered");
    await page.screenshot({ path: join(H.SHOTS, "stratego-setup.png"), fullPage: true });
  };
  await wholeGame("stratego", { game: "stratego", variant: "barrage", settings: "max_plies=80" }, { minMoves: 2, onSetup });
});

test("Hus sowings are animated step by step", async () => {
  const context = await chromium.newContext({ viewport: { width: 1200, height: 900 } });
  try {
    const page = await fromLobby(context, { game: "hus", stepMs: 100 });
    await H.waitTurn(page);
    const countsNow = () => page.$$eval("#board-area .cell", (cells) => cells.map((c) => (c.querySelector(".count") || {}).textContent || "").join(","));
    const start = await countsNow();
    const seen = new Set();
    const watch = setInterval(() => countsNow().then((c) => seen.add(c)).catch(() => {}), 15);
    await page.click("#board-area .cell.origin");
    await page.waitForFunction(() => document.querySelector("#game").dataset.state === "busy");
    await H.waitTurn(page);
    clearInterval(watch);
    seen.delete(start);
    assert.ok(seen.size >= 3, `the sowing showed only ${seen.size} boards`);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

/** What a Stratego page shows of its own pieces (square → rank, revealed). */
async function ownRanks(page, me) {
  return H.ownPieces(page, me);
}

/** What a Stratego page shows of the enemy's pieces and any rank text anywhere near them. */
async function enemyShown(page, enemy) {
  return page.evaluate((enemy) => {
    const result = {};
    for (const piece of document.querySelectorAll(`#board-area .piece[data-owner="${enemy}"]`)) {
      const cell = piece.closest("[data-square]");
      result[cell.dataset.square] = {
        text: cell.textContent,
        rank: (cell.querySelector(".rank") || {}).textContent || "",
        known: piece.classList.contains("known"),
        attributes: [...cell.querySelectorAll("*")].flatMap((e) => [...e.attributes].map((a) => `${a.name}=${a.value}`)).join(" "),
      };
    }
    return result;
  }, enemy);
}

/**
 * Neither seat's page shows an enemy rank that its owner's page does not
 * show as revealed.
 */
async function checkNoLeak(pages, ply) {
  let revealedSeen = 0;
  for (const me of [0, 1]) {
    const enemy = 1 - me;
    const truth = await ownRanks(pages[enemy], enemy);
    const shown = await enemyShown(pages[me], enemy);
    assert.deepEqual(Object.keys(shown).sort(), Object.keys(truth).sort(), `ply ${ply}: seat ${me} shows the enemy's pieces where they stand`);
    for (const [square, piece] of Object.entries(truth)) {
      const there = shown[square];
      if (piece.revealed) {
        revealedSeen++;
        assert.equal(there.rank, piece.rank, `ply ${ply}: seat ${me} shows the revealed enemy piece on ${square} as its rank`);
      } else {
        assert.equal(there.known, false, `ply ${ply}: seat ${me} knows the unrevealed enemy piece on ${square}`);
        assert.equal(there.text, "", `ply ${ply}: seat ${me}'s page holds text on the unrevealed enemy piece on ${square}: ${there.text}`);
        assert.ok(!there.attributes.includes(piece.rank), `ply ${ply}: an attribute on ${square} holds the rank: ${there.attributes}`);
      }
    }
  }
  return revealedSeen;
}

test("two browsers play Stratego; neither page ever holds the other seat's unrevealed ranks", async () => {
  const lobbyContext = await chromium.newContext();
  const contexts = [await chromium.newContext({ viewport: { width: 1100, height: 1000 } }), await chromium.newContext({ viewport: { width: 1100, height: 1000 } })];
  try {
    const lobby = await fromLobby(lobbyContext, { game: "stratego", variant: "barrage", mode: "online", settings: "max_plies=40", seed: 5 });
    await lobby.waitForSelector(".seat-link");
    const links = await lobby.$$eval(".seat-link", (as) => as.map((a) => [Number(a.dataset.player), a.href]));
    const spectator = await lobby.$eval(".spectator-link", (a) => a.href);
    assert.equal(links.length, 2);
    assert.notEqual(links[0][1], links[1][1], "each seat has its own link");
    for (const [, href] of links) assert.match(href, /token=[0-9a-f]{32}/, "each seat link holds a 128-bit token");
    assert.doesNotMatch(spectator, /token=/);
    const pages = [];
    for (const [player, href] of links) {
      pages[player] = await H.newPage(contexts[player], { seed: 20 + player });
      await pages[player].goto(href);
    }
    const watcher = await H.newPage(lobbyContext);
    await watcher.goto(spectator);
    const random = H.rng(3);
    let ply = 0;
    let revealedSeen = 0;
    for (;;) {
      const states = await Promise.all(pages.map((p) => H.gameState(p)));
      if (states.some((s) => s && s.state === "over")) break;
      const mover = await Promise.race(pages.map((p, i) => H.waitTurn(p).then((going) => (going ? i : -1))));
      if (mover < 0) break;
      const page = pages[mover];
      if (await page.$("#setup-editor")) {
        await page.click("#setup-random");
        await page.click("#setup-done");
      } else {
        await H.clickMove(page, random, { preferAttack: true });
      }
      ply++;
      // Both pages drawn at the same number of moves, then compared.
      const want = (await H.gameState(page)).moves;
      for (const p of pages) {
        await p.waitForFunction((n) => {
          const g = document.querySelector("#game");
          return g && Number(g.dataset.movesPlayed) >= n && g.dataset.state !== "busy" && g.dataset.state !== "loading";
        }, want);
      }
      if (ply >= 3) revealedSeen += await checkNoLeak(pages, ply);
      if (ply === 12) {
        for (const p of [0, 1]) await pages[p].screenshot({ path: join(H.SHOTS, `stratego-seat-${p}.png`), fullPage: true });
      }
      if (ply > 200) throw new Error("the game did not end");
    }
    assert.ok(ply > 10, `only ${ply} moves were played`);
    assert.ok(revealedSeen > 0, "no fight revealed a piece: the check compared nothing revealed");
    // The spectator sees no rank of either side that is not revealed.
    await watcher.waitForSelector("#game[data-state]");
    const spectated = await watcher.$$eval("#board-area .piece", (ps) => ps.map((p) => ({ known: p.classList.contains("known"), revealed: p.classList.contains("revealed") })));
    assert.ok(spectated.length > 0);
    for (const p of spectated) assert.ok(!p.known || p.revealed, "the spectator sees an unrevealed rank");
    assert.equal(await watcher.$("#resign"), null, "a spectator cannot resign");
    await watcher.screenshot({ path: join(H.SHOTS, "stratego-spectator.png"), fullPage: true });
    for (const p of [...pages, watcher]) assert.deepEqual(p.errors, []);
  } finally {
    for (const c of [lobbyContext, ...contexts]) await c.close();
  }
});

/** Everything on the page that could show a piece. */
async function piecesOnScreen(page) {
  return page.evaluate(() => ({
    pieces: document.querySelectorAll(".piece, .setup-piece, .rank, #board-area, svg").length,
    text: document.body.innerText,
  }));
}

test("hot-seat Stratego: the hand-over screen shows nothing of either side", async () => {
  const context = await chromium.newContext({ viewport: { width: 1100, height: 1000 } });
  try {
    const page = await fromLobby(context, { game: "stratego", variant: "barrage", mode: "hotseat", settings: "max_plies=30" });
    await page.waitForSelector("#handover");
    assert.equal((await piecesOnScreen(page)).pieces, 0, "the first hand-over shows no board");
    const setups = [];
    let turns = 0;
    for (;;) {
      await page.waitForSelector("#handover, #game[data-state=over]");
      if ((await H.gameState(page)).state === "over") break;
      const shown = await piecesOnScreen(page);
      assert.equal(shown.pieces, 0, `hand-over ${turns}: pieces in the DOM`);
      for (const setup of setups) assert.ok(!shown.text.includes(setup), `hand-over ${turns}: a setup is on the screen`);
      if (turns === 1) await page.screenshot({ path: join(H.SHOTS, "stratego-handover.png"), fullPage: true });
      await page.click("#take-over");
      assert.ok(await H.waitTurn(page), "the next player gets the board");
      const me = Number(await page.getAttribute("#game", "data-me"));
      if (await page.$("#setup-editor")) {
        await page.click("#setup-random");
        await page.click("#setup-done");
        await page.waitForSelector("#result");
        const own = await page.textContent("#result");
        const m = own.match(/setup \S+/);
        assert.ok(m, `the mover reads their own setup: ${own}`);
        setups.push(m[0].slice(6));
      } else {
        // The other side's pieces are face down for the player to move.
        const enemy = await page.$$eval(`#board-area .piece[data-owner="${1 - me}"]`, (ps) => ps.filter((p) => p.classList.contains("known") && !p.classList.contains("revealed")).length);
        assert.equal(enemy, 0, "the player to move sees an unrevealed enemy rank");
        await H.clickMove(page, H.rng(turns), { preferAttack: true });
        if ((await H.gameState(page)).state === "over") break;
        await page.waitForSelector("#result");
      }
      // The mover reads the result, then hides the board.
      await page.click("#hide-board");
      turns++;
      if (turns > 60) throw new Error("the hot-seat game did not end");
    }
    assert.ok(turns >= 4, `only ${turns} hand-overs`);
    assert.equal(setups.length, 2, "both setups were made and looked for on the hand-over screens");
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

test("the replay viewer steps through a record from each viewpoint", async () => {
  // A record of a Stratego game of random moves, written by `plateau`.
  const lines = [
    { cmd: "new", game: "stratego", variant: "barrage", seed: 9 },
    ...Array.from({ length: 24 }, (_, i) => ({ cmd: "genmove", id: 1, agent: `random:seed=${i}`, play: true })),
    { cmd: "record", id: 1 },
  ];
  const out = H.plateau(["serve"], lines.map((l) => JSON.stringify(l)).join("\n")).trim().split("\n");
  const record = JSON.parse(out[out.length - 1]).record;
  assert.ok(record && record.moves.length === 24, "the record has every move");
  const file = join(tmpdir(), `plateau-replay-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(record));
  const context = await chromium.newContext({ viewport: { width: 1100, height: 1000 } });
  try {
    const page = await H.newPage(context);
    await page.goto(`${served.url}/`);
    await page.click("#replay-link");
    await page.setInputFiles("#record-file", file);
    await page.waitForSelector("#replay[data-ply='0']");
    const ranks = () => page.$$eval("#replay-board .piece", (ps) => ps.map((p) => `${p.dataset.owner}:${p.classList.contains("known")}`));
    const step = async (button, ply) => {
      await page.click(button);
      await page.waitForSelector(`#replay[data-ply='${ply}']`);
    };
    await step("#replay-forward", 1);
    await step("#replay-forward", 2);
    assert.equal((await ranks()).length, 16, "both barrage armies are on the board after both setups");
    await step("#replay-last", 24);
    const atEnd = await page.$$eval("#replay-board .piece", (ps) => ps.length);
    await step("#replay-back", 23);
    await step("#replay-first", 0);
    assert.equal((await ranks()).length, 0, "no piece before the setups");
    await step("#replay-last", 24);
    assert.equal(await page.$$eval("#replay-board .piece", (ps) => ps.length), atEnd);
    // The whole position shows every rank; red's view hides blue's unrevealed ones.
    const whole = await ranks();
    assert.ok(whole.every((r) => r.endsWith("true")), "the whole position shows every rank");
    await page.selectOption("#viewer", "0");
    await page.waitForFunction(() => document.querySelectorAll('#replay-board .piece[data-owner="1"].face-down').length > 0);
    const red = await page.$$eval("#replay-board .piece", (ps) => ps.map((p) => ({ owner: p.dataset.owner, known: p.classList.contains("known"), revealed: p.classList.contains("revealed") })));
    assert.ok(red.filter((p) => p.owner === "0").every((p) => p.known), "red sees its own ranks");
    assert.ok(red.filter((p) => p.owner === "1").every((p) => !p.known || p.revealed), "red sees blue's revealed ranks only");
    const moves = await page.$$eval("#replay-moves li", (li) => li.map((l) => l.textContent));
    assert.equal(moves.length, 24);
    assert.equal(moves[1], "(secret)", "blue's setup is not shown to red");
    assert.match(moves[0], /^setup /, "red sees its own setup");
    await page.screenshot({ path: join(H.SHOTS, "replay.png"), fullPage: true });
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

test("undo takes back the seat's move and the agent's reply; resign ends the game", async () => {
  const context = await chromium.newContext({ viewport: { width: 1200, height: 900 } });
  try {
    const page = await fromLobby(context, { game: "oware", agent: "random" });
    await H.waitTurn(page);
    const start = await page.$$eval("#board-area .cell", (cells) => cells.map((c) => c.textContent).join(","));
    await H.clickMove(page, H.rng(1));
    await H.waitTurn(page);
    assert.equal((await H.gameState(page)).moves, 2, "the agent replied");
    await page.click("#undo");
    await page.waitForFunction(() => document.querySelector("#game").dataset.movesPlayed === "0");
    await H.waitTurn(page);
    assert.equal(await page.$$eval("#board-area .cell", (cells) => cells.map((c) => c.textContent).join(",")), start, "the board is back at the start");
    await page.click("#resign");
    assert.equal(await page.textContent("#resign"), "Really resign?", "resigning asks first");
    await page.click("#resign");
    await page.waitForSelector("#game[data-state=over]");
    assert.match(await page.textContent("#status"), /resign/);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

test("a game of hidden information offers no undo to a seat", async () => {
  const context = await chromium.newContext();
  try {
    const page = await fromLobby(context, { game: "stratego", variant: "barrage" });
    await page.waitForSelector("#setup-editor");
    assert.equal(await page.$("#undo"), null);
    assert.ok(await page.$("#resign"));
  } finally {
    await context.close();
  }
});

test("the generic board (any game's render data) plays Oware by clicking", async () => {
  const context = await chromium.newContext({ viewport: { width: 1200, height: 900 } });
  try {
    const lobby = await H.newPage(context);
    await lobby.goto(`${served.url}/`);
    const created = await lobby.evaluate(async () => {
      const r = await fetch("/api/matches", { method: "POST", body: JSON.stringify({ game: "oware", variant: "small", agents: { 1: "random" }, seed: 3 }) });
      return r.json();
    });
    const page = await H.newPage(context);
    await page.goto(`${served.url}${created.seats[0].url}&board=generic`);
    assert.ok(await H.waitTurn(page));
    assert.equal(await page.$(".oware-board"), null, "the generic board is drawn, not Oware's own");
    const cells = await page.$$eval("#board-area .grid-board .cell", (cs) => cs.length);
    assert.equal(cells, 8, "every house of the small variant is a cell");
    const made = await playToTheEnd(page, H.rng(4));
    assert.ok(made >= 1);
    assert.match((await H.gameState(page)).status, /wins|draw/);
    await page.screenshot({ path: join(H.SHOTS, "generic.png"), fullPage: true });
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

test("hot-seat Hus: one screen plays both sides, each from its own side of the board", async () => {
  const context = await chromium.newContext({ viewport: { width: 1200, height: 900 } });
  try {
    const page = await fromLobby(context, { game: "hus", mode: "hotseat" });
    const sides = new Set();
    for (let i = 0; i < 6; i++) {
      assert.ok(await H.waitTurn(page), "the game goes on");
      const me = await page.getAttribute("#game", "data-me");
      sides.add(me);
      // The player to move has their own rows at the bottom (H1.2).
      const bottom = await page.$$eval("#board-area .cell", (cells) => cells.slice(-8).map((c) => c.dataset.owner));
      assert.ok(bottom.every((o) => o === me), `the bottom row is the mover's: ${bottom}`);
      await H.clickMove(page, H.rng(i));
    }
    assert.deepEqual([...sides].sort(), ["0", "1"], "both sides moved from the one screen");
    assert.equal(await page.$("#handover"), null, "a game of perfect information needs no hand-over");
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});
