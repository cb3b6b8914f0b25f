// Online play in two browsers: the players' names and presence (online,
// away), the tab's title on one's turn, the game-over panel, the record's
// download, and a rematch that brings both pages to the new match with the
// colours swapped.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as H from "./harness.mjs";

let served;
let chromium;

H.serverAndBrowser((s, c) => {
  served = s;
  chromium = c;
});

const presenceOf = (page, player) =>
  page.$eval(`#players li[data-player="${player}"] .presence`, (e) => e.textContent).catch(() => null);

async function waitPresence(page, player, text) {
  await page.waitForFunction(
    ([p, t]) => {
      const e = document.querySelector(`#players li[data-player="${p}"] .presence`);
      return e && e.textContent === t;
    },
    [player, text],
  );
}

test("two browsers with names: presence, the title, game over, download and a rematch", async () => {
  const contexts = [await chromium.newContext({ acceptDownloads: true }), await chromium.newContext({ acceptDownloads: true })];
  try {
    const response = await fetch(`${served.url}/api/matches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: "hus", seed: 6, names: { 0: "Ann", 1: "Bob" } }),
    });
    const created = await response.json();
    assert.equal(created.seats[0].person, "Ann");
    const ann = await H.newPage(contexts[0], { seed: 40 });
    await ann.goto(`${served.url}${created.seats[0].url}`);
    await ann.waitForSelector("#players");
    // Bob is not there yet.
    await waitPresence(ann, 1, "away");
    const bob = await H.newPage(contexts[1], { seed: 41 });
    await bob.goto(`${served.url}${created.seats[1].url}`);
    // Each page shows both names, and the other as online.
    for (const page of [ann, bob]) {
      await page.waitForSelector("#players");
      const names = await page.$$eval("#players .player-name", (es) => es.map((e) => e.textContent));
      assert.deepEqual(names, ["Ann", "Bob"]);
    }
    await waitPresence(ann, 1, "online");
    await waitPresence(bob, 0, "online");
    // The title: Ann (south) is to move.
    assert.ok(await H.waitTurn(ann));
    await ann.waitForFunction(() => document.title === "● Your move — Plateau");
    assert.doesNotMatch(await bob.title(), /Your move/);
    await H.clickMove(ann, H.rng(2));
    await bob.waitForFunction(() => document.title === "● Your move — Plateau");
    await ann.waitForFunction(() => !document.title.includes("Your move"));
    // Bob closes his page: away; back: online.
    await bob.close();
    await waitPresence(ann, 1, "away");
    const bob2 = await H.newPage(contexts[1], { seed: 42 });
    await bob2.goto(`${served.url}${created.seats[1].url}`);
    await waitPresence(ann, 1, "online");
    // Bob resigns: both pages show the game-over panel.
    assert.ok(await H.waitTurn(bob2));
    await bob2.click("#resign");
    await bob2.click("#resign");
    for (const page of [ann, bob2]) {
      await page.waitForSelector("#game-over");
      assert.match(await page.textContent("#game-over-result"), /south wins/);
      assert.equal(await page.textContent("#game-over-reason .reason"), "resignation");
      assert.equal(await page.textContent("#game-over-length"), "length: 1 move");
      assert.equal(await page.title(), "Game over — Plateau");
      assert.ok(await page.$("#download"));
      assert.ok(await page.$("#rematch"));
    }
    // Download: the record, a file of JSON.
    const [download] = await Promise.all([ann.waitForEvent("download"), ann.click("#download")]);
    assert.equal(download.suggestedFilename(), `plateau-hus-${created.match}.json`);
    const record = JSON.parse(readFileSync(await download.path(), "utf8"));
    assert.equal(record.game, "hus");
    assert.equal(record.moves.length, 1);
    assert.deepEqual(record.players, [{ name: "Ann" }, { name: "Bob" }]);
    assert.equal(record.resigned, 1);
    // Rematch: Ann asks, Bob sees the offer and accepts; both pages go to
    // the new match, the colours swapped.
    await ann.click("#rematch");
    await ann.waitForSelector("#rematch-waiting");
    await bob2.waitForSelector("#rematch-offer");
    assert.match(await bob2.textContent("#rematch-offer"), /asks for a rematch/);
    assert.equal(await bob2.textContent("#rematch"), "Accept the rematch");
    const moved = (page) => page.waitForURL((url) => url.searchParams.get("match") && url.searchParams.get("match") !== created.match);
    await Promise.all([moved(ann), moved(bob2), bob2.click("#rematch")]);
    const annUrl = new URL(ann.url());
    const bobUrl = new URL(bob2.url());
    assert.equal(annUrl.searchParams.get("match"), bobUrl.searchParams.get("match"));
    assert.notEqual(annUrl.searchParams.get("token"), bobUrl.searchParams.get("token"));
    assert.notEqual(annUrl.searchParams.get("token"), created.seats[0].token);
    for (const page of [ann, bob2]) await page.waitForFunction(() => document.querySelector("#game") && document.querySelector("#game").dataset.me !== "");
    assert.equal(await ann.getAttribute("#game", "data-me"), "1", "Ann plays north now");
    assert.equal(await bob2.getAttribute("#game", "data-me"), "0", "Bob plays south now");
    await ann.waitForSelector("#players .player-name");
    const names = await ann.$$eval("#players .player-name", (es) => es.map((e) => e.textContent));
    assert.deepEqual(names, ["Bob", "Ann"]);
    await waitPresence(ann, 0, "online");
    assert.equal(await presenceOf(bob2, 1), "online");
    // Bob is south now: his turn.
    assert.ok(await H.waitTurn(bob2));
    await bob2.waitForFunction(() => document.title === "● Your move — Plateau");
    for (const page of [ann, bob2]) assert.deepEqual(page.errors, []);
  } finally {
    for (const c of contexts) await c.close();
  }
});

test("the lobby names the players and remembers your name", async () => {
  const context = await chromium.newContext();
  try {
    const page = await H.newPage(context);
    await page.goto(`${served.url}/`);
    await page.waitForSelector("#game-select");
    await page.selectOption("#game-select", "hus");
    await page.check("#mode-online");
    await page.fill("#name-0", "Ann");
    await page.fill("#name-1", "Bob");
    await page.click("#create");
    await page.waitForSelector(".seat-link");
    const labels = await page.$$eval("#links .link b", (bs) => bs.map((b) => b.textContent));
    assert.deepEqual(labels.slice(0, 2), ["south (Ann): ", "north (Bob): "]);
    // Against an agent, "your name" is the remembered one.
    await page.goto(`${served.url}/`);
    await page.waitForSelector("#name-0");
    assert.equal(await page.inputValue("#name-0"), "Ann");
    await page.click("#create");
    await page.waitForSelector("#players .player-name");
    const names = await page.$$eval("#players .player-name", (es) => es.map((e) => e.textContent));
    assert.equal(names[0], "Ann");
    assert.match(names[1], /^agent /);
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});

test("a draw offered in one browser is shown in the other, declined, then accepted", async () => {
  const contexts = [await chromium.newContext(), await chromium.newContext()];
  try {
    const response = await fetch(`${served.url}/api/matches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: "hus", seed: 8, names: { 0: "Ann", 1: "Bob" } }),
    });
    const created = await response.json();
    const pages = [];
    for (const p of [0, 1]) {
      pages[p] = await H.newPage(contexts[p], { seed: 50 + p });
      await pages[p].goto(`${served.url}${created.seats[p].url}`);
    }
    const [ann, bob] = pages;
    assert.ok(await H.waitTurn(ann));
    await ann.click("#offer-draw");
    await bob.waitForSelector("#draw-offer #draw-accept");
    assert.match(await bob.textContent("#draw-offer"), /south offers a draw/);
    await ann.waitForSelector("#draw-pending");
    assert.equal(await ann.$("#offer-draw"), null, "no second offer while one is pending");
    await bob.click("#draw-decline");
    await ann.waitForFunction(() => !document.querySelector("#draw-pending"));
    await bob.waitForFunction(() => !document.querySelector("#draw-offer"));
    assert.equal(await ann.$("#game-over"), null, "declined: the game goes on");
    // Offered again and accepted: drawn, on both pages.
    await ann.click("#offer-draw");
    await bob.waitForSelector("#draw-accept");
    await bob.click("#draw-accept");
    for (const page of pages) {
      await page.waitForSelector("#game-over");
      assert.equal(await page.textContent("#game-over-reason .reason"), "draw-agreed");
      assert.equal(await page.textContent("#game-over-length"), "length: 0 moves");
      assert.deepEqual(page.errors, []);
    }
  } finally {
    for (const c of contexts) await c.close();
  }
});

test("a hot-seat rematch is a new hot-seat match", async () => {
  const context = await chromium.newContext();
  try {
    const response = await fetch(`${served.url}/api/matches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: "hus", seed: 9, hotseat: true }),
    });
    const created = await response.json();
    const page = await H.newPage(context);
    await page.goto(`${served.url}${created.hotseat.url}&hotseat=1`);
    assert.ok(await H.waitTurn(page));
    await page.click("#resign");
    await page.click("#resign");
    await page.waitForSelector("#game-over #rematch");
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("match") && url.searchParams.get("match") !== created.match),
      page.click("#rematch"),
    ]);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get("hotseat"), "1");
    assert.notEqual(url.searchParams.get("token"), created.hotseat.token);
    assert.ok(await H.waitTurn(page), "the new match is played at this screen");
    assert.deepEqual(page.errors, []);
  } finally {
    await context.close();
  }
});
