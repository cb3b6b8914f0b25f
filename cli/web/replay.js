// The replay viewer: open a record file (as `plateau` writes it), step
// through it and choose whose view to see. The server computes each
// position (POST /api/replay) from the viewer's seat only.

import { h, clear } from "./dom.js";
import { api } from "./net.js";
import { boardModule, lastMoveKeys } from "./boards.js";
import { boardCells } from "./picker.js";

export function showReplay(root) {
  let record = null;
  let ply = 0;
  let plies = 0;
  let info = null;
  const file = h("input", { type: "file", id: "record-file", accept: ".json,application/json", "aria-label": "record file" });
  const viewer = h("select", { id: "viewer", "aria-label": "viewpoint" });
  const area = h("div", { id: "replay-board", class: "board-area" });
  const status = h("div", { class: "status", id: "replay-status" });
  const moves = h("ol", { class: "move-list", id: "replay-moves" });
  const error = h("div", { class: "message", id: "replay-error" });
  const position = h("span", { id: "replay-ply" });
  const slider = h("input", { type: "range", id: "replay-slider", min: 0, max: 0, value: 0, "aria-label": "ply" });

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
    moves.replaceChildren(...(answer.moves || []).map((m, i) => h("li", { class: i < ply ? "played" : "", title: (answer.log || [])[i] || null, text: m === null ? "(secret)" : m })));
    const seatBoard = answer.board || {};
    const board = seatBoard.board && seatBoard.board.cells ? seatBoard.board : seatBoard;
    clear(area);
    if (board && board.cells) {
      const lastMove = seatBoard.last_move;
      const module = boardModule(record.game);
      const last = lastMoveKeys(lastMove, boardCells(board), board.cols);
      const drawn = module.draw({ board, view: null, status: answer.status, info, me: v, marks: { last } });
      area.append(drawn);
      if (board.notes && board.notes.length) area.append(h("ul", { class: "notes" }, board.notes.map((n) => h("li", { text: n }))));
    } else if (answer.text) {
      area.append(h("pre", { text: answer.text }));
    }
    const current = moves.children[Math.max(0, ply - 1)];
    if (current) moves.scrollTop = Math.max(0, current.offsetTop - moves.clientHeight / 2);
    root.querySelector("#replay").dataset.ply = String(ply);
  };
  const step = (to) => {
    ply = Math.max(0, Math.min(plies, to));
    show();
  };

  file.addEventListener("change", async () => {
    const f = file.files[0];
    if (!f) return;
    try {
      record = JSON.parse(await f.text());
    } catch {
      error.textContent = `${f.name} is not a JSON record`;
      return;
    }
    const catalog = await api("/api/games").catch(() => ({ games: [] }));
    const game = (catalog.games || []).find((g) => g.game === record.game);
    const variant = game && (game.variants.find((v) => v.name === record.variant) || game.variants[0]);
    const players = (variant && variant.players) || ["first", "second"];
    info = { game: record.game, variant: record.variant, players, params: record.params || (variant && variant.params) || {} };
    viewer.replaceChildren(h("option", { value: "", text: "the whole position" }), ...players.map((p, i) => h("option", { value: String(i), text: `${p}'s view` })));
    ply = 0;
    await show();
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
      status,
      error,
      h("div", { class: "layout" }, [h("div", { class: "main" }, [area]), h("aside", { class: "side" }, [h("h3", { text: "Moves" }), moves])]),
      h("p", {}, [h("a", { href: "/", text: "new game" })]),
    ]),
  );
}
