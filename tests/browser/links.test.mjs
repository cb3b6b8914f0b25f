// A link that leads nowhere: a match that is not on the server, or a seat
// token that is none of the match's, gets a page that says what happened
// and the ways on (the lobby; watching instead), not a bare error.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as H from "./harness.mjs";

let served;
let chromium;

H.serverAndBrowser((s, c) => {
  served = s;
  chromium = c;
});

test("a link to a match that does not exist, or with a wrong token, says so and leads back to the lobby", async () => {
  const context = await chromium.newContext();
  try {
    const page = await H.newPage(context);
    await page.goto(`${served.url}/?match=no-such-match&token=abc`);
    await page.waitForSelector("#unreachable");
    assert.equal(await page.getAttribute("#game", "data-reason"), "unknown_match");
    assert.match(await page.textContent("#unreachable"), /No match with this id is on this server/);
    assert.match(await page.title(), /Match not found/);
    await page.click("#back-to-lobby");
    await page.waitForSelector("#lobby, form");
    assert.equal(new URL(page.url()).search, "");

    const response = await fetch(`${served.url}/api/matches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: "hus", seed: 2 }),
    });
    const created = await response.json();
    const seat = new URL(`${served.url}${created.seats[0].url}`);
    seat.searchParams.set("token", "not-the-token");
    await page.goto(seat.toString());
    await page.waitForSelector("#unreachable");
    assert.equal(await page.getAttribute("#game", "data-reason"), "bad_token");
    assert.match(await page.textContent("#unreachable"), /not one of this match's seats/);
    // Watching instead opens the match as a spectator.
    await page.click("#watch-instead");
    await page.waitForFunction(() => {
      const g = document.querySelector("#game");
      return g && g.dataset.state && g.dataset.state !== "loading" && g.dataset.state !== "unreachable";
    });
    assert.equal(await page.$("#unreachable"), null);
    await page.screenshot({ path: `${H.SHOTS}/link-wrong-token-then-watch.png` });
  } finally {
    await context.close();
  }
});
