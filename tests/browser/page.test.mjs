// The page of `plateau web` in headless Chromium: whole games played by
// clicking, a two-browser Stratego game that checks in every state, from
// before the first setup on, that neither page's DOM holds the other seat's
// unrevealed ranks (hidden-ranks.mjs), a test that the check finds such a
// rank wherever it is put, the hot-seat hand-over, and the replay viewer. Screenshots of each board are saved
// under target/browser-screenshots/.

import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import * as H from "./harness.mjs";
import { army, findLeaks } from "./hidden-ranks.mjs";

let served;
let chromium;

H.serverAndBrowser((s, c) => {
  served = s;
  chromium = c;
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
    // Every board drawn is recorded in the page itself (a mutation
    // observer), not sampled from here: on a busy machine a sample from
    // node could miss the frames.
    await page.evaluate(() => {
      const counts = () => [...document.querySelectorAll("#board-area .cell")].map((c) => (c.querySelector(".count") || {}).textContent || "").join(",");
      window.seenBoards = [counts()];
      new MutationObserver(() => {
        const now = counts();
        if (now !== window.seenBoards[window.seenBoards.length - 1]) window.seenBoards.push(now);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const before = Number(await page.getAttribute("#game", "data-moves-played"));
    await page.click("#board-area .cell.origin");
    // Busy while the sowing is shown, or already past the move on a slow
    // machine that polls late: either way the move was made.
    await page.waitForFunction((n) => {
      const g = document.querySelector("#game");
      return g.dataset.state === "busy" || Number(g.dataset.movesPlayed) > n;
    }, before);
    await H.waitTurn(page);
    const boards = await page.evaluate(() => window.seenBoards);
    const start = boards[0];
    const seen = new Set(boards.filter((b) => b !== start && b !== ""));
    assert.ok(seen.size >= 3, `the sowing showed only ${seen.size} boards: ${JSON.stringify(boards)}`);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

/** Waits until every page shows exactly `moves` moves and is drawn (not loading, not busy). */
async function allAt(pages, moves) {
  for (const p of pages) {
    await p.waitForFunction((n) => {
      const g = document.querySelector("#game");
      return g && g.dataset.state !== "busy" && g.dataset.state !== "loading" && g.dataset.movesPlayed === String(n);
    }, moves);
  }
}

/** Both seats play their setups by clicking (random fill); returns when both are made. */
async function bothSetups(pages, watcher, onEach) {
  for (let moves = 0; moves < 2; moves++) {
    await allAt([...pages, watcher], moves);
    if (onEach) await onEach(moves);
    await H.waitTurn(pages[moves]);
    await pages[moves].click("#setup-random");
    await pages[moves].click("#setup-done");
  }
  await allAt([...pages, watcher], 2);
}

/** Opens both seats' links and the spectator's link of a match. */
async function openMatch(contexts, watcherContext, links, spectatorUrl) {
  const pages = [];
  for (const [player, href] of links) {
    pages[player] = await H.newPage(contexts[player], { seed: 20 + player });
    await pages[player].goto(href);
  }
  const watcher = await H.newPage(watcherContext);
  await watcher.goto(spectatorUrl);
  return { pages, watcher };
}

test("two browsers play Stratego; neither page ever holds the other seat's unrevealed ranks", async () => {
  const lobbyContext = await chromium.newContext();
  const contexts = [await chromium.newContext({ viewport: { width: 1100, height: 1000 } }), await chromium.newContext({ viewport: { width: 1100, height: 1000 } })];
  try {
    const setup = await army(served.url, "barrage");
    const lobby = await fromLobby(lobbyContext, { game: "stratego", variant: "barrage", mode: "online", settings: "max_plies=40", seed: 5 });
    await lobby.waitForSelector(".seat-link");
    const links = await lobby.$$eval(".seat-link", (as) => as.map((a) => [Number(a.dataset.player), a.href]));
    const spectator = await lobby.$eval(".spectator-link", (a) => a.href);
    assert.equal(links.length, 2);
    assert.notEqual(links[0][1], links[1][1], "each seat has its own link");
    for (const [, href] of links) assert.match(href, /token=[0-9a-f]{32}/, "each seat link holds a 128-bit token");
    assert.doesNotMatch(spectator, /token=/);
    const { pages, watcher } = await openMatch(contexts, lobbyContext, links, spectator);
    const random = H.rng(3);
    const seen = { hiddenPieces: 0, revealedPieces: 0, textCells: 0, entries: 0, nodes: 0, checks: 0, legends: new Set() };
    // The whole DOM of both seats and the spectator, from the first state
    // (before either setup) to the last, after every move.
    const check = async (moves) => {
      await allAt([...pages, watcher], moves);
      const { found } = await findLeaks(pages, watcher, setup, moves);
      for (const [who, result] of Object.entries(found)) {
        assert.deepEqual(result.problems, [], `after ${moves} moves, ${who}'s page holds what it may not`);
        for (const key of ["hiddenPieces", "revealedPieces", "textCells", "entries", "nodes"]) seen[key] += result.checked[key];
        if (result.checked.legend !== null) seen.legends.add(result.checked.legend);
      }
      seen.checks++;
    };
    let ply = 0;
    await check(0);
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
      await check(ply);
      if (ply === 12) {
        for (const p of [0, 1]) await pages[p].screenshot({ path: join(H.SHOTS, `stratego-seat-${p}.png`), fullPage: true });
      }
      if (ply > 200) throw new Error("the game did not end");
    }
    assert.ok(ply > 10, `only ${ply} moves were played`);
    assert.equal(seen.checks, ply + 1, "every state was checked, the first one too");
    assert.ok(seen.hiddenPieces > 0, "no unrevealed enemy piece was checked");
    assert.ok(seen.revealedPieces > 0, "no fight revealed a piece: the check compared nothing revealed");
    assert.ok(seen.textCells > 0 && seen.entries > 0, "the text board and the move list were checked");
    assert.equal(seen.legends.size, 1, `the text board's legend is the same on both pages after every move: ${[...seen.legends]}`);
    // The spectator sees no rank of either side that is not revealed.
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

/**
 * Ways a page could leak the rank of an enemy piece that is not revealed
 * (`hidden`: its square, symbol and name), each put into red's page by
 * hand, with what the check must then say.
 */
const INJECTED_LEAKS = [
  {
    what: "a tooltip on the face-down piece",
    expect: (h) => new RegExp(`blue piece on ${h.square}: drawn as`),
    put: (h) => {
      const piece = document.querySelector(`#board-area [data-square="${h.square}"] .piece`);
      piece.append(document.createElementNS("http://www.w3.org/2000/svg", "title"));
      piece.lastChild.textContent = h.name;
    },
  },
  {
    what: "the piece drawn with its rank, as if revealed",
    expect: (h) => new RegExp(`blue piece on ${h.square}: not revealed, yet drawn as its rank ${h.name}`),
    put: (h) => {
      const piece = document.querySelector(`#board-area [data-square="${h.square}"] .piece`);
      piece.setAttribute("class", "piece side-1 known revealed");
      const ns = "http://www.w3.org/2000/svg";
      const text = document.createElementNS(ns, "text");
      text.setAttribute("class", "cell-text rank");
      text.textContent = h.symbol;
      const title = document.createElementNS(ns, "title");
      title.textContent = `${h.name} (revealed)`;
      piece.append(text, title);
    },
  },
  {
    what: "a data attribute holding the symbol",
    expect: (h) => new RegExp(`attribute data-rank of .*\\[${h.square}\\]`),
    put: (h) => document.querySelector(`#board-area [data-square="${h.square}"] .piece`).setAttribute("data-rank", h.symbol),
  },
  {
    what: "an aria-label naming it",
    expect: () => /attribute aria-label/,
    put: (h) => document.querySelector(`#board-area [data-square="${h.square}"]`).setAttribute("aria-label", `blue ${h.name}`),
  },
  {
    what: "the text board showing it",
    expect: (h) => new RegExp(`text board line .*${h.square} shows the enemy's \\[${h.symbol}\\]`),
    put: (h) => {
      const pre = document.querySelector(".text-board pre");
      const lines = pre.textContent.split("\n");
      const header = lines.find((l) => /^\s*[a-z](\s+[a-z])*\s*$/.test(l));
      const at = header.indexOf(h.square[0]);
      const i = lines.findIndex((l) => l.match(/^\s*(\d+) /) && l.match(/^\s*(\d+) /)[1] === h.square.slice(1));
      lines[i] = `${lines[i].slice(0, at - 1)}[${h.symbol}]${lines[i].slice(at + 2)}`;
      pre.textContent = lines.join("\n");
    },
  },
  {
    what: "the other seat's setup in the move list",
    expect: () => /move 2 in the move list: "setup /,
    put: (h) => {
      document.querySelectorAll("#move-list li")[1].textContent = h.enemySetup;
    },
  },
  {
    what: "a tooltip of the move list",
    expect: () => /move 2 in the move list/,
    put: (h) => document.querySelectorAll("#move-list li")[1].setAttribute("title", `Blue set up (the ${h.name} on ${h.square}).`),
  },
  {
    what: "the last fight naming it",
    expect: () => /the last fight/,
    put: (h) => {
      const div = document.createElement("div");
      div.id = "combat";
      div.textContent = `a4-a5: red's scout attacks blue's ${h.name}; blue's ${h.name} wins`;
      document.querySelector(".stratego").prepend(div);
    },
  },
  {
    what: "the tray listing it",
    expect: () => /the tray/,
    put: (h) => {
      const item = document.createElement("span");
      item.className = "tray-piece";
      item.title = h.name;
      item.innerHTML = `<b>${h.symbol}</b>`;
      document.querySelector("#tray .tray-side.side-1").append(item);
    },
  },
  {
    what: "the status line",
    expect: () => /the status line/,
    put: (h) => {
      document.querySelector("#status").textContent += ` (the ${h.name} is on ${h.square})`;
    },
  },
  {
    what: "a note",
    expect: (h) => new RegExp(`the text in .*ul#notes.*names ${h.name}`),
    put: (h) => {
      const li = document.createElement("li");
      li.textContent = `blue ${h.name} on ${h.square}`;
      document.querySelector("#notes").append(li);
    },
  },
  {
    what: "a hidden element outside the game",
    expect: (h) => new RegExp(`the text in .*body > div\\.cache.*names ${h.name}`),
    put: (h) => {
      const div = document.createElement("div");
      div.hidden = true;
      div.className = "cache";
      div.textContent = JSON.stringify({ square: h.square, rank: h.name });
      document.body.append(div);
    },
  },
  {
    what: "a comment",
    expect: (h) => new RegExp(`a comment in .*names ${h.name}`),
    put: (h) => document.querySelector("#game").append(document.createComment(` ${h.square}: ${h.name} `)),
  },
  {
    what: "the value of the move field",
    expect: () => /the value of <input id=move-text>/,
    put: (h) => {
      document.querySelector("#move-text").value = `${h.square} ${h.symbol}`;
    },
  },
  {
    what: "the document's title",
    expect: () => /the document's title/,
    put: (h) => {
      document.title = `Plateau: blue ${h.name}`;
    },
  },
];

test("the check of the two-browser test finds an unrevealed enemy rank put anywhere in a page", async () => {
  const watcherContext = await chromium.newContext();
  const contexts = [await chromium.newContext({ viewport: { width: 1100, height: 1000 } }), await chromium.newContext({ viewport: { width: 1100, height: 1000 } })];
  try {
    const setup = await army(served.url, "barrage");
    const created = await (await fetch(`${served.url}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "stratego", variant: "barrage", seed: 5 }) })).json();
    const links = created.seats.map((s) => [s.player, `${served.url}${s.url}`]);
    const { pages, watcher } = await openMatch(contexts, watcherContext, links, `${served.url}${created.spectator_url}`);
    const clean = async (moves) => {
      const { found } = await findLeaks(pages, watcher, setup, moves);
      for (const [who, result] of Object.entries(found)) assert.deepEqual(result.problems, [], `after ${moves} moves ${who}'s page, untouched, passes`);
    };
    // On blue's setup turn, red's army is on the board and blue's page is
    // the setup editor: red's ranks put into the editor are found.
    await bothSetups(pages, watcher, async (moves) => {
      await clean(moves);
      if (moves !== 1) return;
      const redPieces = await H.ownPieces(pages[0], 0);
      const [square, piece] = Object.entries(redPieces)[0];
      const kind = setup.kinds.find((k) => k.symbol === piece.rank);
      await pages[1].evaluate(([sq, name]) => {
        document.querySelector("#setup-editor .hint").textContent += ` (red's ${name} is on ${sq})`;
      }, [square, kind.name]);
      const { found } = await findLeaks(pages, watcher, setup, 1);
      assert.ok(found.blue.problems.some((p) => p.includes(`names ${kind.name}`)), `red's ${kind.name} in blue's setup editor is found: ${found.blue.problems}`);
      await pages[1].reload();
      await allAt([pages[1]], 1);
      await clean(1);
    });
    await clean(2);
    const truth = await H.ownPieces(pages[1], 1);
    const [square, piece] = Object.entries(truth).find(([, p]) => !p.revealed);
    const kind = setup.kinds.find((k) => k.symbol === piece.rank);
    const enemySetup = await pages[1].$eval("#move-list li:nth-child(2)", (li) => li.textContent);
    assert.match(enemySetup, /^setup /);
    const hidden = { square, symbol: kind.symbol, name: kind.name, enemySetup };
    for (const leak of INJECTED_LEAKS) {
      await pages[0].evaluate(leak.put, hidden);
      const { found } = await findLeaks(pages, watcher, setup, 2);
      const expected = leak.expect(hidden);
      assert.ok(
        found.red.problems.some((p) => expected.test(p)),
        `${leak.what} (blue's ${kind.name} on ${square}): the check says ${JSON.stringify(found.red.problems)}, not ${expected}`,
      );
      assert.deepEqual(found.blue.problems, [], `${leak.what}: blue's page is untouched`);
      await pages[0].reload();
      await allAt([pages[0]], 2);
    }
    await clean(2);
    for (const p of [...pages, watcher]) assert.deepEqual(p.errors, []);
  } finally {
    for (const c of [watcherContext, ...contexts]) await c.close();
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
      const r = await fetch("/api/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "oware", variant: "small", agents: { 1: "random" }, seed: 3 }) });
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
