// Clocks in the browser: a Hus match of 3 s + 0 made from the lobby for two
// browsers; the clocks show by the players' names, tick down on the page
// between updates, the running one marked, and the first mover lets its
// flag fall: both seats and a spectator see the game over, reason time.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import * as H from "./harness.mjs";

let served;
let chromium;

H.serverAndBrowser((s, c) => {
  served = s;
  chromium = c;
});

/** The text of player `p`'s clock on `page`. */
const clockText = (page, p) => page.textContent(`#clock-${p} .clock-time`);

test("clocks tick and a flag falls", async () => {
  const contexts = [];
  const context = async () => {
    const c = await chromium.newContext({ viewport: { width: 1200, height: 900 } });
    contexts.push(c);
    return c;
  };
  try {
    const lobby = await H.newPage(await context());
    await lobby.goto(`${served.url}/`);
    await lobby.selectOption("#game-select", "hus");
    await lobby.check("#mode-online");
    // A custom clock: 0.05 minutes (3 s), no increment.
    await lobby.selectOption("#clock-select", "custom");
    await lobby.fill("#clock-base", "0.05");
    await lobby.fill("#clock-increment", "0");
    await lobby.fill("#seed", "4");
    await lobby.click("#create");
    await lobby.waitForSelector(".seat-link");
    const links = await lobby.$$eval(".seat-link", (as) => as.map((a) => a.href));
    const watch = await lobby.$eval(".spectator-link", (a) => a.href);
    assert.equal(links.length, 2);

    const seats = [];
    for (const href of links) {
      const page = await H.newPage(await context());
      await page.goto(href);
      seats.push(page);
    }
    const spectator = await H.newPage(await context());
    await spectator.goto(watch);
    const everyone = [...seats, spectator];
    for (const page of everyone) {
      await page.waitForSelector("#clocks .clock");
      assert.equal(await clockText(page, 0), "0:03.0");
      assert.equal(await clockText(page, 1), "0:03.0");
      assert.match(await page.textContent("#clock-0"), /south|north/, "the clock is by the player's name");
      assert.equal(await page.$("#clocks .clock.running"), null, "no clock runs before the first moves");
      assert.ok(await page.$("#clock-0.low"), "under 10 s is marked low");
    }

    // Each seat's first move is not timed.
    const first = (await H.gameState(seats[0])).myTurn ? 0 : 1;
    const order = [first, 1 - first];
    for (const p of order) {
      assert.ok(await H.waitTurn(seats[p]));
      await H.clickMove(seats[p], H.rng(p + 1));
    }
    // Now the first mover's clock runs, and counts down on every page
    // with no update in between.
    const mover = seats[first];
    await H.waitTurn(mover);
    for (const page of everyone) await page.waitForSelector(`#clock-${first}.running`, { timeout: 2000 });
    const before = await clockText(spectator, first);
    const beforeMover = await clockText(mover, first);
    await new Promise((r) => setTimeout(r, 800));
    const later = await clockText(spectator, first);
    assert.notEqual(later, before, `the spectator's clock ticks (${before} then ${later})`);
    assert.notEqual(await clockText(mover, first), beforeMover, "the mover's clock ticks");
    assert.equal(await clockText(spectator, 1 - first), "0:03.0", "the other clock stands");
    await mover.screenshot({ path: join(H.SHOTS, "clocks-running.png"), fullPage: true });

    // The mover waits: its flag falls, and everyone sees the end.
    for (const page of everyone) {
      await page.waitForFunction(() => document.querySelector("#game").dataset.state === "over", null, { timeout: 10000 });
      const status = await page.textContent("#status");
      assert.match(status, /wins \(time\)/, `the status tells the reason: ${status}`);
      await page.waitForSelector(`#clock-${first}.flagged`);
      assert.equal(await clockText(page, first), "0:00.0");
      assert.equal(await page.$("#clocks .clock.running"), null, "no clock runs after the end");
      assert.deepEqual(page.errors, []);
    }
    await spectator.screenshot({ path: join(H.SHOTS, "clocks-flag-fell.png"), fullPage: true });
  } finally {
    for (const c of contexts) await c.close();
  }
});
