// The report pages of `plateau arena --report` and `plateau tournament
// --report`, opened in Chromium with the network off: their charts are
// drawn, nothing is fetched, and the figures on the page equal the JSON
// results of the same run.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as H from "./harness.mjs";

let chromium;
let dir;

before(async () => {
  chromium = await H.browser();
  dir = mkdtempSync(join(tmpdir(), "plateau-report-"));
});

after(async () => {
  if (chromium) await chromium.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A page opened from a file, offline, every request outside the file refused and counted. */
async function openOffline(file) {
  const context = await chromium.newContext({ offline: true });
  const fetched = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:")) return route.continue();
    fetched.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  await page.goto(pathToFileURL(file).href);
  return { context, page, fetched };
}

/** Width and height of an element as drawn. */
async function drawnSize(page, selector) {
  return page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return [r.width, r.height];
  });
}

test("an arena report shows its charts offline, with the figures of the JSON results", async () => {
  const file = join(dir, "arena.html");
  const results = JSON.parse(
    H.plateau(["arena", "oware", "--a", "greedy", "--b", "random", "-n", "10", "--seed", "4", "--json", "--report", file]),
  );
  const { context, page, fetched } = await openOffline(file);
  try {
    for (const id of ["#elo-chart", "#score-chart", "#length-chart"]) {
      const [w, h] = await drawnSize(page, id);
      assert.ok(w > 100 && h > 40, `${id} drawn ${w}×${h}`);
    }
    assert.ok((await page.$$("#length-chart rect")).length > 0, "bars");
    assert.equal(await page.getAttribute('tr[data-side="A"]', "data-score"), results.summary.score.toFixed(3));
    assert.equal(Number(await page.getAttribute('tr[data-side="A"]', "data-wins")), results.summary.a.wins);
    assert.equal(Number(await page.getAttribute('tr[data-side="B"]', "data-wins")), results.summary.a.losses);
    const games = await page.$$eval("#length-chart [data-games]", (gs) => gs.reduce((n, g) => n + Number(g.dataset.games), 0));
    assert.equal(games, 10);
    assert.deepEqual(fetched, [], "nothing fetched");
    await page.screenshot({ path: `${H.SHOTS}/arena-report.png`, fullPage: true });
  } finally {
    await context.close();
  }
});

test("a tournament report shows the cross table and the ladder offline, as the JSON has them", async () => {
  const file = join(dir, "tournament.html");
  const results = JSON.parse(
    H.plateau(["tournament", "hus", "random", "greedy", "alphabeta:depth=2", "-n", "4", "--seed", "5", "--json", "--report", file]),
  );
  const { context, page, fetched } = await openOffline(file);
  try {
    const [w, h] = await drawnSize(page, "#elo-chart");
    assert.ok(w > 100 && h > 40, `the ladder drawn ${w}×${h}`);
    for (const r of results.ladder) {
      const elo = await page.getAttribute(`#elo-chart [data-agent="${r.agent}"]`, "data-elo");
      assert.equal(Number(elo), r.elo, r.agent);
    }
    const cells = await page.$$eval("#cross td[data-points]", (tds) => tds.map((td) => [Number(td.dataset.row), Number(td.dataset.col), Number(td.dataset.points), Number(td.dataset.games)]));
    assert.equal(cells.length, 6, "every ordered pair");
    for (const [i, j, p, g] of cells) {
      const other = cells.find(([a, b]) => a === j && b === i);
      assert.equal(p + other[2], g, `${i} against ${j}`);
    }
    assert.deepEqual(fetched, [], "nothing fetched");
  } finally {
    await context.close();
  }
});
