// What the browser tests share: the server under test, Chromium, and a
// player that chooses moves by clicking the board like a person.

import { chromium } from "playwright-core";
import { before, after } from "node:test";
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SHOTS = join(REPO, "target", "browser-screenshots");
mkdirSync(SHOTS, { recursive: true });

/** The `plateau` binary (PLATEAU_BIN, else the workspace's debug build). */
export const PLATEAU =
  process.env.PLATEAU_BIN || join(process.env.CARGO_TARGET_DIR || join(REPO, "target"), "debug", "plateau");

/**
 * The server's address: PLATEAU_URL when .ci/browser-tests started it,
 * else a `plateau web` started here (and stopped by `stop`).
 */
export async function server() {
  if (process.env.PLATEAU_URL) return { url: process.env.PLATEAU_URL.replace(/\/$/, ""), stop() {} };
  // Matches are kept in a data directory of the test's own, removed at the end.
  const data = mkdtempSync(join(tmpdir(), "plateau-web-"));
  const child = spawn(PLATEAU, ["web", "--bind", "127.0.0.1:0", "--data", data], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      const line = buffer.split("\n")[0];
      const m = buffer.includes("\n") && line.match(/^listening on (http:\/\/\S+?)\/?$/);
      if (m) resolve(m[1]);
      else if (buffer.includes("\n")) reject(new Error(`plateau web printed ${JSON.stringify(line)} first`));
    });
    child.on("exit", (code) => reject(new Error(`plateau web exited with ${code} before listening`)));
  });
  return {
    url,
    stop() {
      child.kill();
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** Headless Debian Chromium. */
export async function browser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  });
}

/** A seeded generator (mulberry32), so that a failing game can be replayed. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A new page whose Math.random is seeded and whose animations are off (or `stepMs`). */
export async function newPage(context, { seed = 1, stepMs = 0 } = {}) {
  const page = await context.newPage();
  await page.addInitScript(
    ([s, ms]) => {
      let a = s >>> 0;
      Math.random = () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
      localStorage.setItem("plateau.stepMs", String(ms));
    },
    [seed, stepMs],
  );
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.errors = errors;
  return page;
}

/** The game screen's state attributes. */
export async function gameState(page) {
  return page.evaluate(() => {
    const g = document.querySelector("#game");
    if (!g) return null;
    return {
      state: g.dataset.state,
      myTurn: g.dataset.myTurn === "true",
      moves: Number(g.dataset.movesPlayed || 0),
      status: (document.querySelector("#status") || {}).textContent || "",
    };
  });
}

/** Waits until it is this page's turn (true) or the game is over (false). */
export async function waitTurn(page, timeout = 20000) {
  await page.waitForFunction(
    () => {
      const g = document.querySelector("#game");
      return g && (g.dataset.state === "over" || (g.dataset.state === "ready" && g.dataset.myTurn === "true"));
    },
    null,
    { timeout },
  );
  return (await gameState(page)).state !== "over";
}

/**
 * Makes one move by clicking: a legal origin, then one of its targets (or a
 * point to mark, or a move button). `prefer(page, targets)` may pick the
 * target. Returns what was clicked.
 */
export async function clickMove(page, random, { preferAttack = false } = {}) {
  const pick = (n) => Math.floor(random() * n);
  const singles = await page.$$("#board-area .point.target");
  const origins = await page.$$("#board-area .cell.origin, #board-area .qcell.origin");
  const buttons = await page.$$("#move-buttons .move-button");
  const choices = [...singles.map((e) => ["single", e]), ...origins.map((e) => ["origin", e]), ...buttons.map((e) => ["button", e])];
  if (choices.length === 0) throw new Error("no legal move is shown on the board");
  const [kind, el] = choices[pick(choices.length)];
  const before = (await gameState(page)).moves;
  await el.click();
  if (kind === "origin") {
    // A one-square move (a pit) is played at once; otherwise targets show.
    const played = await page
      .waitForFunction((n) => Number(document.querySelector("#game").dataset.movesPlayed) > n || document.querySelector("#game").dataset.state !== "ready" || document.querySelector("#board-area .target"), before, { timeout: 5000 })
      .then(() => true);
    if (played && (await page.$("#board-area .target")) && (await gameState(page)).moves === before) {
      let targets = await page.$$("#board-area .cell.target, #board-area .qcell.target");
      if (preferAttack) {
        const attacks = [];
        for (const t of targets) if (await t.$(".piece")) attacks.push(t);
        if (attacks.length) targets = attacks;
      }
      if (targets.length === 0) throw new Error("a selected piece shows no target");
      await targets[pick(targets.length)].click();
    }
  }
  await page.waitForFunction(
    (n) => {
      const g = document.querySelector("#game");
      return g && (Number(g.dataset.movesPlayed) > n || g.dataset.state === "over" || g.dataset.state === "result" || g.dataset.state === "handover");
    },
    before,
    { timeout: 20000 },
  );
  return kind;
}

/** The ranks this page's own pieces show, by square, and whether each is revealed. */
export async function ownPieces(page, me) {
  return page.evaluate((me) => {
    const result = {};
    for (const piece of document.querySelectorAll(`#board-area .piece[data-owner="${me}"]`)) {
      const square = piece.closest("[data-square]").dataset.square;
      const rank = piece.querySelector(".rank");
      result[square] = { rank: rank ? rank.textContent : null, revealed: piece.classList.contains("revealed") };
    }
    return result;
  }, me);
}

/** Runs the `plateau` command and returns its standard output. */
export function plateau(args, input) {
  return execFileSync(PLATEAU, args, { input, encoding: "utf8" });
}

/**
 * A server and a browser for a test file: started before its tests, handed
 * to `started(served, browser)`, and stopped after them.
 */
export function serverAndBrowser(started) {
  let served;
  let opened;
  before(async () => {
    served = await server();
    opened = await browser();
    started(served, opened);
  });
  after(async () => {
    if (opened) await opened.close();
    if (served) served.stop();
  });
}
