// The analysis in the page: the replay viewer asks the server to analyse a
// record (with its progress), then shows the evaluation graph (a click on
// it jumps to that ply), the marks in the move list and the better move on
// the board; a finished match's game-over panel leads there.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as H from "./harness.mjs";

let served;
let chromium;
let dir;

before(async () => {
  served = await H.server();
  chromium = await H.browser();
  dir = mkdtempSync(join(tmpdir(), "plateau-analysis-"));
});

after(async () => {
  if (chromium) await chromium.close();
  if (served) served.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Waits for the analysis to be drawn, then checks the graph, the jump and the better move. */
async function checkAnalysed(page, plies) {
  await page.click("#analyse");
  await page.waitForSelector("#analysis-progress:has-text('analysing')", { timeout: 10000 }).catch(() => {});
  await page.waitForSelector("#replay[data-analysed='true']", { timeout: 90000 });
  const points = await page.$$eval("#eval-graph circle.eval-point", (cs) => cs.length);
  assert.ok(points >= plies - 1 && points <= plies, `${points} points for ${plies} plies`);
  assert.equal(Number(await page.getAttribute("#eval-graph", "data-plies")), plies);
  assert.match(await page.textContent("#analysis-progress"), /analysed by/);
  // A click in the middle of the graph jumps to the middle of the game.
  const box = await (await page.$("#eval-graph")).boundingBox();
  await page.mouse.click(box.x + box.width * (30 + (600 - 40) / 2) / 600, box.y + box.height / 2);
  await page.waitForFunction((n) => {
    const ply = Number(document.querySelector("#replay").dataset.ply);
    return Math.abs(ply - (Math.round((n - 1) / 2) + 1)) <= 1;
  }, plies);
  // The better move of the player about to move, on the board and in words.
  await page.click("#replay-first");
  await page.waitForSelector("#replay[data-ply='0']");
  assert.match(await page.textContent("#better-move"), /better move here|played the agent's move/);
  assert.ok((await page.$$("#replay-board .best")).length >= 1, "the better move is drawn");
  // The marks of the move list (at the end, every move listed) agree with
  // the graph's.
  await page.click("#replay-last");
  await page.waitForSelector(`#replay[data-ply='${plies}']`);
  const listed = await page.$$eval("#replay-moves li[data-mark]", (li) => li.map((l) => l.dataset.mark));
  const dotted = await page.$$eval("#eval-graph circle[class*='mark-']", (cs) => cs.map((c) => c.getAttribute("class").match(/mark-(\w+)/)[1]));
  assert.deepEqual(listed, dotted);
  for (const li of await page.$$eval("#replay-moves li[data-mark]", (li) => li.map((l) => l.textContent))) {
    assert.match(li, /(\?!|\?\?|\?)$/);
  }
}

test("the replay viewer analyses a record: graph, jump, marks, the better move", async () => {
  H.plateau(["arena", "hus", "--a", "greedy", "--b", "random", "-n", "1", "--seed", "5", "--records", join(dir, "games.jsonl")]);
  const record = JSON.parse(readFileSync(join(dir, "games.jsonl"), "utf8").split("\n")[0]);
  const file = join(dir, "hus.json");
  writeFileSync(file, JSON.stringify(record));
  const context = await chromium.newContext();
  try {
    const page = await H.newPage(context);
    await page.goto(`${served.url}/?replay=1`);
    await page.setInputFiles("#record-file", file);
    await page.waitForSelector("#replay[data-ply='0']");
    // Hus's pits are labelled as the notation names them: the opponent's
    // row above from its own side (H1.2).
    assert.deepEqual(await page.$$eval("#replay-board .label-top", (ls) => ls.map((l) => l.textContent)), ["8", "7", "6", "5", "4", "3", "2", "1"]);
    assert.deepEqual(await page.$$eval("#replay-board .label-bottom", (ls) => ls.map((l) => l.textContent)), ["1", "2", "3", "4", "5", "6", "7", "8"]);
    await checkAnalysed(page, record.moves.length);
    assert.deepEqual(page.errors, []);
    await page.screenshot({ path: `${H.SHOTS}/analysis-replay.png`, fullPage: true });
  } finally {
    await context.close();
  }
});

test("a finished match's game-over panel analyses it: the graph there, a click opens that ply in the viewer", async () => {
  const response = await fetch(`${served.url}/api/matches`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "oware", seed: 3, agents: { 0: "greedy", 1: "random" } }),
  });
  const created = await response.json();
  const context = await chromium.newContext();
  try {
    const page = await H.newPage(context);
    await page.goto(`${served.url}${created.spectator_url}`);
    await page.waitForSelector("#game-over #analyse-game", { timeout: 60000 });
    await page.click("#analyse-game");
    await page.waitForSelector("#game-over-graph #eval-graph", { timeout: 90000 });
    assert.match(await page.textContent("#game-over-analysis"), /analysed by/);
    const plies = Number(await page.getAttribute("#game-over-graph #eval-graph", "data-plies"));
    assert.ok(plies > 2, `${plies} plies`);
    // A click in the middle of the graph opens the viewer at that ply,
    // with the same analysis.
    const box = await (await page.$("#game-over-graph #eval-graph")).boundingBox();
    const [viewer] = await Promise.all([
      context.waitForEvent("page"),
      page.mouse.click(box.x + box.width * (30 + (600 - 40) / 2) / 600, box.y + box.height / 2),
    ]);
    await viewer.waitForSelector("#replay[data-analysed='true']", { timeout: 30000 });
    await viewer.waitForFunction((n) => {
      const ply = Number(document.querySelector("#replay").dataset.ply);
      return Math.abs(ply - (Math.round((n - 1) / 2) + 1)) <= 1;
    }, plies);
    assert.equal(Number(await viewer.getAttribute("#eval-graph", "data-plies")), plies);
    // The viewer analyses again on demand as well.
    await viewer.goto(`${served.url}${await page.getAttribute("#analyse-link", "href")}`);
    await viewer.waitForSelector("#replay[data-ply='0']");
    await page.screenshot({ path: `${H.SHOTS}/analysis-game-over.png`, fullPage: true });
  } finally {
    await context.close();
  }
});

test("a game of hidden information is analysed from a seat's view only", async () => {
  const answer = await fetch(`${served.url}/api/analyses`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ record: JSON.parse(H.plateau(["new", "stratego", "--variant", "barrage", "--seed", "2", "--setup", "red=random", "--setup", "blue=random"])) }),
  });
  assert.equal(answer.status, 400);
  assert.match((await answer.json()).error.message, /one seat's view/);
});
