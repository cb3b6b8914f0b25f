// Undo between two people in two browsers: the request shows the other
// seat Accept / Decline, and nothing is taken back without its consent.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as H from "./harness.mjs";

let served;
let chromium;

H.serverAndBrowser((s, c) => {
  served = s;
  chromium = c;
});

const movesPlayed = (page) => page.getAttribute("#game", "data-moves-played");

async function until(page, moves) {
  await page.waitForFunction((n) => {
    const g = document.querySelector("#game");
    return g && g.dataset.state !== "busy" && g.dataset.movesPlayed === String(n);
  }, moves);
}

test("an undo between two browsers waits for the other seat's Accept", async () => {
  const contexts = [await chromium.newContext(), await chromium.newContext()];
  try {
    const response = await fetch(`${served.url}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "hus", seed: 4 }) });
    const created = await response.json();
    const pages = [];
    for (const p of [0, 1]) {
      pages[p] = await H.newPage(contexts[p], { seed: 30 + p });
      await pages[p].goto(`${served.url}${created.seats[p].url}`);
    }
    const [south, north] = pages;
    assert.ok(await H.waitTurn(south));
    await H.clickMove(south, H.rng(1));
    await until(north, 1);
    await until(south, 1);
    // South asks; north is asked, south waits.
    await south.click("#undo");
    await north.waitForSelector("#undo-request #undo-accept");
    assert.match(await north.textContent("#undo-request"), /south asks to take back a move/);
    await south.waitForSelector("#undo-pending");
    assert.equal(await south.$("#undo-accept"), null, "the one who asks does not answer");
    assert.equal(await movesPlayed(south), "1", "nothing is taken back before an answer");
    // North declines: the move stays.
    await north.click("#undo-decline");
    await south.waitForFunction(() => !document.querySelector("#undo-pending"));
    await north.waitForFunction(() => !document.querySelector("#undo-request"));
    assert.equal(await movesPlayed(south), "1");
    assert.equal(await movesPlayed(north), "1");
    // Asked again, north accepts: south's move is taken back on both pages.
    await south.click("#undo");
    await north.waitForSelector("#undo-accept");
    await north.click("#undo-accept");
    await until(south, 0);
    await until(north, 0);
    assert.ok(await H.waitTurn(south), "south's turn again");
    assert.equal(await north.$("#undo-request"), null);
    assert.deepEqual(south.errors, []);
    assert.deepEqual(north.errors, []);
  } finally {
    for (const c of contexts) await c.close();
  }
});
