// The replay viewer: open a record file (as `plateau` writes it), or a
// finished match's record (`/?replay=1&match=ID&token=T`), step through it
// and choose whose view to see. The server computes each position (POST
// /api/replay) from the viewer's seat only.
//
// *Analyse* asks the server for an analysis (POST /api/analyses, then GET
// /api/analyses/ID until it is done, with its progress): the evaluation
// graph (a click jumps to that ply), the marks in the move list (?! ? ??)
// and, at each ply, the better move drawn on the board. In a game of
// hidden information it is analysed from the chosen seat's view.

import { h, clear } from "./dom.js";
import { api } from "./net.js";
import { boardModule, lastMoveKeys } from "./boards.js";
import { boardCells } from "./picker.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element (the graph). */
function svg(tag, attrs) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  return e;
}

/**
 * The evaluation graph: the value after every ply (for `graph_for`), a
 * dot on the current ply, marked moves in colour; a click on it calls
 * `jump(ply)`.
 */
export function evalGraph(analysis, ply, jump) {
  const n = analysis.plies.length;
  const W = 600;
  const H = 140;
  const x = (i) => 30 + (n <= 1 ? 0 : (i / (n - 1)) * (W - 40));
  const y = (v) => 10 + ((1 - v) / 2) * (H - 20);
  const root = svg("svg", { id: "eval-graph", viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img", "aria-label": `values for ${analysis.graph_for}`, "data-plies": n });
  root.append(svg("line", { x1: 30, x2: W - 10, y1: y(0), y2: y(0), class: "eval-zero" }));
  const points = analysis.plies.map((p, i) => (typeof p.graph === "number" ? `${x(i).toFixed(1)},${y(p.graph).toFixed(1)}` : null)).filter(Boolean);
  root.append(svg("polyline", { points: points.join(" "), class: "eval-line" }));
  analysis.plies.forEach((p, i) => {
    if (typeof p.graph !== "number") return;
    const classes = ["eval-point"];
    if (p.mark) classes.push(`mark-${p.mark}`);
    if (i === ply - 1) classes.push("current");
    const dot = svg("circle", { cx: x(i), cy: y(p.graph), r: i === ply - 1 ? 5 : p.mark ? 4 : 2.5, class: classes.join(" "), "data-ply": i + 1, "data-value": p.graph });
    root.append(dot);
  });
  root.addEventListener("click", (e) => {
    const box = root.getBoundingClientRect();
    const at = ((e.clientX - box.left) / box.width) * W;
    const i = n <= 1 ? 0 : Math.round(((at - 30) / (W - 40)) * (n - 1));
    jump(Math.max(0, Math.min(n, i + 1)));
  });
  return root;
}

const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

export function showReplay(root, options = {}) {
  let record = null;
  let ply = 0;
  let plies = 0;
  let info = null;
  let analysis = null;
  const file = h("input", { type: "file", id: "record-file", accept: ".json,application/json", "aria-label": "record file" });
  const viewer = h("select", { id: "viewer", "aria-label": "viewpoint" });
  const area = h("div", { id: "replay-board", class: "board-area" });
  const status = h("div", { class: "status", id: "replay-status" });
  const moves = h("ol", { class: "move-list", id: "replay-moves" });
  const error = h("div", { class: "message", id: "replay-error" });
  const position = h("span", { id: "replay-ply" });
  const slider = h("input", { type: "range", id: "replay-slider", min: 0, max: 0, value: 0, "aria-label": "ply" });
  const analyseButton = h("button", { id: "analyse", text: "Analyse", title: "the server's agent values every move", disabled: true });
  const progress = h("span", { id: "analysis-progress", class: "analysis-progress" });
  const graphArea = h("div", { id: "eval-graph-area", class: "eval-graph-area" });
  const better = h("div", { id: "better-move", class: "better-move" });

  const show = async () => {
    if (!record) return;
    error.textContent = "";
    const v = viewer.value === "" ? null : Number(viewer.value);
    let answer;
    try {
      answer = await api("/api/replay", { record, ply, viewer: v });
    } catch (e) {
      error.textContent = e.message;
      return;
    }
    plies = answer.plies;
    ply = answer.ply;
    slider.max = String(plies);
    slider.value = String(ply);
    position.textContent = `ply ${ply} of ${plies}`;
    status.textContent = answer.status && answer.status.over ? answer.status.result : `${(answer.status && answer.status.to_move_name) || ""} to move`;
    const marked = (i) => (analysis && analysis.plies[i] && analysis.plies[i].mark) || null;
    moves.replaceChildren(
      ...(answer.moves || []).map((m, i) =>
        h("li", {
          class: [i < ply ? "played" : "", marked(i) ? `mark-${marked(i)}` : ""].join(" ").trim(),
          "data-mark": marked(i),
          title: (answer.log || [])[i] || null,
          text: (m === null ? "(secret)" : m) + (marked(i) ? ` ${SIGNS[marked(i)]}` : ""),
        }),
      ),
    );
    const seatBoard = answer.board || {};
    const board = seatBoard.board && seatBoard.board.cells ? seatBoard.board : seatBoard;
    clear(area);
    if (board && board.cells) {
      const lastMove = seatBoard.last_move;
      const module = boardModule(record.game);
      const cells = boardCells(board);
      const last = lastMoveKeys(lastMove, cells, board.cols);
      // The better move for the player about to move, where the analysis has one.
      const next = analysis && analysis.plies[ply];
      const best = new Set();
      better.textContent = "";
      if (next && next.best && (v === null || info.players[v] === next.mover || !info.hidden)) {
        const mover = info.players.indexOf(next.mover);
        for (const name of next.best_squares || []) {
          const cell = cells.find((c) => c.name === name && c.owner === mover) || cells.find((c) => c.name === name);
          if (cell && cell.key) best.add(cell.key);
        }
        better.textContent = (next.best !== next.played ? `${next.mover}'s better move here: ${next.best}` : `${next.mover} played the agent's move here`) + (next.exact ? " (exact value, endgame tables)" : "");
      }
      const drawn = module.draw({ board, view: null, status: answer.status, info, me: v, marks: { last, best } });
      area.append(drawn);
      if (board.notes && board.notes.length) area.append(h("ul", { class: "notes" }, board.notes.map((n) => h("li", { text: n }))));
    } else if (answer.text) {
      area.append(h("pre", { text: answer.text }));
    }
    if (analysis) graphArea.replaceChildren(evalGraph(analysis, ply, (to) => step(to)));
    const current = moves.children[Math.max(0, ply - 1)];
    if (current) moves.scrollTop = Math.max(0, current.offsetTop - moves.clientHeight / 2);
    root.querySelector("#replay").dataset.ply = String(ply);
  };
  const step = (to) => {
    ply = Math.max(0, Math.min(plies, to));
    show();
  };

  /** Opens a record: the viewpoints of its game, the start. */
  const open = async (opened) => {
    record = opened;
    analysis = null;
    graphArea.replaceChildren();
    progress.textContent = "";
    analyseButton.disabled = false;
    const catalog = await api("/api/games").catch(() => ({ games: [] }));
    const game = (catalog.games || []).find((g) => g.game === record.game);
    const variant = game && (game.variants.find((v) => v.name === record.variant) || game.variants[0]);
    const players = (variant && variant.players) || ["first", "second"];
    info = { game: record.game, variant: record.variant, players, params: record.params || (variant && variant.params) || {}, hidden: !!(game && game.hidden_information) };
    viewer.replaceChildren(h("option", { value: "", text: "the whole position" }), ...players.map((p, i) => h("option", { value: String(i), text: `${p}'s view` })));
    if (options.seat !== undefined && options.seat !== null) viewer.value = String(options.seat);
    ply = 0;
    await show();
  };

  file.addEventListener("change", async () => {
    const f = file.files[0];
    if (!f) return;
    let opened;
    try {
      opened = JSON.parse(await f.text());
    } catch {
      error.textContent = `${f.name} is not a JSON record`;
      return;
    }
    await open(opened);
  });

  analyseButton.addEventListener("click", async () => {
    if (!record) return;
    error.textContent = "";
    const v = viewer.value === "" ? null : Number(viewer.value);
    const body = options.match ? { match: options.match, token: options.token || undefined } : { record };
    if (!options.match && v !== null) body.seat = info.players[v];
    if (info.hidden && !options.match && v === null) {
      error.textContent = "this game hides information: choose a seat's view to analyse it from";
      return;
    }
    analyseButton.disabled = true;
    let started;
    try {
      started = await api("/api/analyses", body);
    } catch (e) {
      error.textContent = e.message;
      analyseButton.disabled = false;
      return;
    }
    progress.textContent = `analysing… 0 of ${started.total} moves`;
    for (;;) {
      await new Promise((r) => setTimeout(r, 400));
      let state;
      try {
        state = await api(`/api/analyses/${encodeURIComponent(started.analysis_id)}`);
      } catch (e) {
        error.textContent = e.message;
        break;
      }
      progress.textContent = `analysing… ${state.done} of ${state.total} moves`;
      if (state.finished) {
        if (state.error) error.textContent = state.error.message;
        if (state.analysis) {
          analysis = state.analysis;
          const counts = {};
          for (const p of analysis.plies) if (p.mark) counts[p.mark] = (counts[p.mark] || 0) + 1;
          progress.textContent = `analysed by ${analysis.agent}${analysis.seat ? ` from ${analysis.seat}'s view` : ""}: ${counts.inaccuracy || 0} ?!, ${counts.mistake || 0} ?, ${counts.blunder || 0} ??`;
          root.querySelector("#replay").dataset.analysed = "true";
          await show();
        }
        break;
      }
    }
    analyseButton.disabled = false;
  });
  viewer.addEventListener("change", show);
  slider.addEventListener("input", () => step(Number(slider.value)));

  root.replaceChildren(
    h("div", { id: "replay", class: "replay" }, [
      h("h2", { text: "Replay a record" }),
      h("div", { class: "row" }, [file, " ", viewer]),
      h("div", { class: "row replay-controls" }, [
        h("button", { id: "replay-first", text: "|◀", title: "start", onclick: () => step(0) }),
        h("button", { id: "replay-back", text: "◀", title: "back", onclick: () => step(ply - 1) }),
        h("button", { id: "replay-forward", text: "▶", title: "forward", onclick: () => step(ply + 1) }),
        h("button", { id: "replay-last", text: "▶|", title: "end", onclick: () => step(plies) }),
        slider,
        position,
      ]),
      h("div", { class: "row" }, [analyseButton, " ", progress]),
      graphArea,
      status,
      better,
      error,
      h("div", { class: "layout" }, [h("div", { class: "main" }, [area]), h("aside", { class: "side" }, [h("h3", { text: "Moves" }), moves])]),
      h("p", {}, [h("a", { href: "/", text: "new game" })]),
    ]),
  );
  // A finished match's record, as its seat (or a spectator) may have it.
  if (options.match) {
    const q = options.token ? `?token=${encodeURIComponent(options.token)}` : "";
    fetch(`/api/matches/${encodeURIComponent(options.match)}/record${q}`)
      .then(async (r) => {
        const json = await r.json();
        if (!r.ok) throw new Error((json.error && json.error.message) || `HTTP ${r.status}`);
        await open(json);
        // An analysis made already (the game-over panel's), and a ply to show.
        if (options.analysis) {
          const done = await api(`/api/analyses/${encodeURIComponent(options.analysis)}`);
          if (done.analysis) {
            analysis = done.analysis;
            root.querySelector("#replay").dataset.analysed = "true";
            progress.textContent = `analysed by ${analysis.agent}${analysis.seat ? ` from ${analysis.seat}'s view` : ""}`;
          }
        }
        if (options.ply) step(Number(options.ply));
        else if (analysis) await show();
      })
      .catch((e) => {
        error.textContent = e.message;
      });
  }
}
