// The clocks of a match, drawn by the players' names. The server keeps the
// time: each update carries every player's time left at `server_time_ms`
// and whose clock runs; between updates the page counts the running clock
// down by itself. A flag fall comes as any end of the game (reason `time`).

import { h, sideClass } from "./dom.js";

/** The last clocks received, and when (performance.now()), for the ticker. */
let latest = null;
let ticker = null;

/** How late an update may be taken to be: beyond, the page's clock is off. */
const MAX_LAG_MS = 1000;

/** Low time: under 10 seconds. */
const LOW_MS = 10000;

/** Keeps the clocks of an update (none: the match has no clock). */
export function noteClock(update) {
  const clock = update && update.clock;
  if (!clock) {
    latest = null;
    return;
  }
  // The time the update spent on its way, where the two clocks agree.
  const lag = Math.min(Math.max(Date.now() - clock.server_time_ms, 0), MAX_LAG_MS);
  latest = { clock, at: performance.now() - lag };
  if (!ticker) ticker = setInterval(tick, 100);
}

/** Each player's time left now, as this page counts it. */
export function remainingNow() {
  if (!latest) return null;
  const { clock, at } = latest;
  const elapsed = performance.now() - at;
  return clock.remaining_ms.map((ms, p) => (clock.running === p ? Math.max(0, ms - elapsed) : ms));
}

/** `5:03`, `0:09.4` (tenths under 10 s), `1:02:03`. */
export function formatClock(ms) {
  const tenths = Math.floor(ms / 100);
  const total = Math.floor(tenths / 10);
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  const pad = (n) => String(n).padStart(2, "0");
  if (hours > 0) return `${hours}:${pad(m)}:${pad(s)}`;
  if (ms < LOW_MS) return `${m}:${pad(s)}.${tenths % 10}`;
  return `${m}:${pad(s)}`;
}

/** The settings in words: `3+2` (minutes plus seconds) or `30s+0`. */
function settingsText(settings) {
  const base = settings.base_ms % 60000 === 0 ? `${settings.base_ms / 60000}` : `${settings.base_ms / 1000}s`;
  return `${base}+${settings.increment_ms / 1000}`;
}

/**
 * The clocks panel (`#clocks`, one `.clock` per player with its name), or
 * nothing when the match has no clock: `game.append(...clockPanel(info, me))`.
 */
export function clockPanel(info, me) {
  if (!latest) return [];
  injectStyle();
  const { clock } = latest;
  const left = remainingNow();
  const panel = h("div", { class: "clocks", id: "clocks", title: `clock ${settingsText(clock.settings)}` });
  clock.remaining_ms.forEach((_, p) => {
    const name = (info.players || [])[p] || `player ${p}`;
    panel.append(
      h("div", { class: clockClass(clock, p, left[p]), "data-player": p, id: `clock-${p}` }, [
        h("span", { class: "clock-name", text: `${name}${p === me ? " (you)" : ""}` }),
        h("span", { class: "clock-time", text: formatClock(left[p]) }),
        clock.flagged === p ? h("span", { class: "clock-flag", text: " flag fell" }) : null,
      ]),
    );
  });
  return [panel];
}

function clockClass(clock, p, left) {
  const classes = ["clock", sideClass(p)];
  if (clock.running === p) classes.push("running");
  if (left < LOW_MS) classes.push("low");
  if (clock.flagged === p) classes.push("flagged");
  return classes.join(" ");
}

/** Redraws the times of the clocks shown (the running one counts down). */
function tick() {
  const panel = document.getElementById("clocks");
  if (!panel || !latest) return;
  const left = remainingNow();
  for (const el of panel.querySelectorAll(".clock")) {
    const p = Number(el.dataset.player);
    const time = el.querySelector(".clock-time");
    const text = formatClock(left[p]);
    if (time && time.textContent !== text) time.textContent = text;
    el.className = clockClass(latest.clock, p, left[p]);
  }
}

/** The lobby's clock choice, in minutes plus seconds as on lichess. */
const PRESETS = [
  ["1+0", 60, 0],
  ["3+2", 180, 2],
  ["5+3", 300, 3],
  ["15+10", 900, 10],
];

/**
 * The lobby's clock chooser: `{row, value()}`, `value()` the `clock` field
 * of `POST /api/matches` (`{base, increment}` in seconds) or undefined for
 * no clock.
 */
export function clockChooser() {
  const select = h("select", { id: "clock-select", "aria-label": "clock" }, [
    h("option", { value: "none", text: "no clock" }),
    ...PRESETS.map(([label]) => h("option", { value: label, text: `${label} (minutes + seconds a move)` })),
    h("option", { value: "custom", text: "custom…" }),
  ]);
  const base = h("input", { id: "clock-base", type: "number", min: 0, step: "any", value: 10, size: 5, "aria-label": "base time in minutes" });
  const increment = h("input", { id: "clock-increment", type: "number", min: 0, step: "any", value: 5, size: 4, "aria-label": "increment in seconds" });
  const custom = h("span", { id: "clock-custom", hidden: true }, [" base ", base, " min, increment ", increment, " s a move"]);
  select.addEventListener("change", () => { custom.hidden = select.value !== "custom"; });
  const row = h("div", { class: "row", id: "clock-row" }, [h("label", { text: "Clock " }), select, custom]);
  const value = () => {
    if (select.value === "none") return undefined;
    if (select.value === "custom") {
      // The server checks the numbers and names what is wrong.
      return { base: Math.round(Number(base.value) * 60 * 1000) / 1000, increment: Number(increment.value) };
    }
    const [, b, i] = PRESETS.find(([label]) => label === select.value);
    return { base: b, increment: i };
  };
  return { row, value };
}

function injectStyle() {
  if (document.getElementById("clock-style")) return;
  const style = document.createElement("style");
  style.id = "clock-style";
  style.textContent = `
.clocks { display: flex; gap: 0.8em; margin: 0.4em 0; flex-wrap: wrap; }
.clock { display: flex; gap: 0.6em; align-items: baseline; padding: 0.2em 0.7em; border: 1px solid var(--line); border-radius: 4px; background: var(--panel); }
.clock .clock-time { font: 600 1.3em/1.2 ui-monospace, monospace; }
.clock.running { border-color: var(--ink); box-shadow: 0 0 0 2px var(--last); }
.clock.side-0.running { background: var(--side0-soft); }
.clock.side-1.running { background: var(--side1-soft); }
.clock.low .clock-time { color: #c0392b; }
.clock.flagged { opacity: 0.8; }
.clock .clock-flag { color: #c0392b; font-size: 0.9em; }
`;
  document.head.append(style);
}
