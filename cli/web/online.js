// Online play on the game screen: the players with their names and
// whether each is connected, the tab's title, the game-over panel with
// Download and Rematch, and going to the rematch (docs/WEB.md).

import { h, sideClass } from "./dom.js";
import { api } from "./net.js";
import { evalGraph } from "./replay.js";

const SITE = "Plateau";

/** The players, each with its name (a person's, or the agent's spec) and its presence. */
export function playersPanel(seats, presence, me, info) {
  const online = new Map((presence || []).map((p) => [p.player, !!p.online]));
  return h(
    "ul",
    { class: "players", id: "players" },
    (seats || []).map((seat) => {
      const occupant = seat.occupant || {};
      const player = seat.player;
      const side = seat.player_name || info.players[player] || `player ${player}`;
      const parts = [h("span", { class: "side-name", text: side }), ": "];
      if (occupant.kind === "agent") {
        parts.push(h("span", { class: "player-name agent", text: `agent ${occupant.spec}` }));
      } else if (occupant.kind === "person") {
        parts.push(h("b", { class: "player-name", text: occupant.name }));
        if (player === me) parts.push(h("span", { class: "you", text: " (you)" }));
        if (online.has(player)) {
          const on = online.get(player);
          parts.push(" ", h("span", { class: `presence ${on ? "online" : "away"}`, "data-online": String(on), text: on ? "online" : "away" }));
        }
      } else {
        parts.push(h("span", { class: "player-name", text: "nobody" }));
      }
      return h("li", { class: `player ${sideClass(player)}`, "data-player": player }, parts);
    }),
  );
}

/** The tab's title: the turn of this page's seat, the end, or the game. */
export function pageTitle(data, info, token) {
  const game = info.name || info.game || "";
  if (data && data.status && data.status.over) return `Game over — ${SITE}`;
  if (data && data.yourTurn && token) return `● Your move — ${SITE}`;
  return game ? `${game} — ${SITE}` : SITE;
}

/** Saves the record as this page may know it (`GET /api/matches/ID/record`) as a file. */
export async function downloadRecord(match, token, game) {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const response = await fetch(`/api/matches/${encodeURIComponent(match)}/record${query}`);
  if (!response.ok) {
    let message = `the record could not be downloaded (HTTP ${response.status})`;
    try {
      const e = (await response.json()).error;
      if (e && e.message) message = e.message;
    } catch {
      // the status says enough
    }
    throw new Error(message);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = h("a", { href: url, download: `plateau-${game || "game"}-${match}.json`, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** The game-over panel: result, reason, length, Download and (for a seat) Rematch. */
export function gameOverPanel(screen) {
  const d = screen.data;
  const outcome = d.outcome || {};
  const moves = d.status.moves_played;
  const offer = screen.rematchOffer;
  const children = [
    h("h3", { text: "Game over" }),
    h("div", { id: "game-over-result", class: "result-line", text: d.status.result || "" }),
  ];
  if (outcome.reason) children.push(h("div", { id: "game-over-reason" }, ["reason: ", h("span", { class: "reason", text: outcome.reason })]));
  children.push(h("div", { id: "game-over-length" }, ["length: ", h("span", { class: "length", text: String(moves) }), moves === 1 ? " move" : " moves"]));
  const buttons = [h("button", { id: "download", text: "Download", onclick: () => screen.download() })];
  if (screen.token) {
    const asked = offer && screen.me !== null && (offer.asked || []).includes(screen.me);
    buttons.push(
      h("button", {
        id: "rematch",
        class: "primary",
        text: screen.rematchAsked || asked ? "Rematch asked…" : offer ? "Accept the rematch" : "Rematch",
        disabled: !!(screen.rematchAsked || asked),
        onclick: () => screen.rematch(),
      }),
    );
  }
  // The finished game analysed here (from this seat's view in a game of
  // hidden information): its evaluation graph, a click on which opens the
  // replay viewer at that ply; or the game in the viewer.
  let graph = null;
  if (screen.token || !screen.info.hidden) {
    const viewer = (extra) => {
      const q = new URLSearchParams({ replay: "1", match: screen.match });
      if (screen.token) q.set("token", screen.token);
      if (typeof screen.me === "number") q.set("seat", String(screen.me));
      for (const [k, v] of Object.entries(extra || {})) q.set(k, String(v));
      return `/?${q}`;
    };
    const a = screen.analysisState || {};
    if (!a.analysis) {
      buttons.push(h("button", { id: "analyse-game", text: a.running ? "Analysing…" : "Analyse", disabled: !!a.running, onclick: () => analyseMatch(screen) }));
    }
    buttons.push(h("a", { id: "analyse-link", class: "button", href: viewer(a.id ? { analysis: a.id } : {}), target: "_blank", rel: "noopener", text: "Open in the viewer" }));
    if (a.progress) children.push(h("div", { id: "game-over-analysis", class: "analysis-progress", text: a.progress }));
    if (a.analysis) {
      graph = h("div", { id: "game-over-graph", class: "eval-graph-area" }, [
        evalGraph(a.analysis, 0, (ply) => window.open(viewer({ analysis: a.id, ply }), "_blank", "noopener")),
      ]);
    }
  }
  children.push(h("div", { class: "row buttons" }, buttons));
  if (graph) children.push(graph);
  if (offer && screen.token && !screen.hotseat) {
    const name = (p) => screen.info.players[p] || `player ${p}`;
    const asked = (offer.asked || []).filter((p) => p !== screen.me);
    if (asked.length) children.push(h("p", { id: "rematch-offer", text: `${asked.map(name).join(", ")} asks for a rematch.` }));
    else children.push(h("p", { id: "rematch-waiting", text: "Waiting for the other player to accept the rematch." }));
  }
  return h("div", { class: "game-over", id: "game-over" }, children);
}

/** The address of the rematch (the event's url, with the game named for the page). */
export function rematchAddress(event, info) {
  const u = new URL(event.url, location.origin);
  if (info.game) u.searchParams.set("game", info.game);
  if (info.variant) u.searchParams.set("variant", info.variant);
  return u.toString();
}

/**
 * Analyses the finished match of `screen` on the server (POST
 * /api/analyses with its token), polling its progress; the state is kept
 * on the screen (`analysisState`) and the panel drawn again as it goes.
 */
async function analyseMatch(screen) {
  const state = { running: true, progress: "analysing…" };
  screen.analysisState = state;
  screen.render();
  try {
    const started = await api("/api/analyses", { match: screen.match, token: screen.token || undefined });
    state.id = started.analysis_id;
    for (;;) {
      await new Promise((r) => setTimeout(r, 400));
      const now = await api(`/api/analyses/${encodeURIComponent(started.analysis_id)}`);
      state.progress = `analysing… ${now.done} of ${now.total} moves`;
      if (now.finished) {
        if (now.error) throw new Error(now.error.message);
        state.analysis = now.analysis;
        const counts = {};
        for (const p of now.analysis.plies) if (p.mark) counts[p.mark] = (counts[p.mark] || 0) + 1;
        state.progress = `analysed by ${now.analysis.agent}: ${counts.inaccuracy || 0} ?!, ${counts.mistake || 0} ?, ${counts.blunder || 0} ?? (a click on the graph opens that move)`;
        break;
      }
      screen.render();
    }
  } catch (e) {
    state.progress = `no analysis: ${e.message}`;
  }
  state.running = false;
  screen.render();
}
