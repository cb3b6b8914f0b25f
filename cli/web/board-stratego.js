// Stratego (RULES.md S): the board from the seat's side (its home at the
// bottom), lakes, the seat's own pieces with their ranks, the opponent's
// face down until revealed (S6.2), the last fight (S5, S6.3), the tray of
// removed pieces (S5.7) and, on the seat's setup turn, the setup editor.
// Everything drawn comes from what the server sent to this seat: the
// BoardView and the seat's view (S6.4).

import { h, s, svgRoot, sideClass } from "./dom.js";
import { markClasses, CELL } from "./board-generic.js";
import { boardCells } from "./picker.js";

/** The kinds of piece, strongest first, as the engine numbers them. */
export function pieceKinds(params) {
  const pieces = (params && params.pieces) || {};
  return Object.entries(pieces)
    .map(([name, p]) => ({ name, ...p }))
    .sort((a, b) => b.strength - a.strength || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function kindBySymbol(kinds, symbol) {
  return kinds.find((k) => k.symbol === symbol);
}

/** The last fight as both sides saw it, in words (S6.3). */
export function combatText(view, kinds, players) {
  const e = view && view.last_event;
  if (!e || e.type !== "move" || !e.combat) return null;
  const kind = (k) => (k === null || k === undefined ? "a hidden piece" : (kinds[k] && kinds[k].name) || `kind ${k}`);
  const attacker = `${players[e.player]}'s ${kind(e.combat.attacker)}`;
  const defender = `${players[1 - e.player]}'s ${kind(e.combat.defender)}`;
  const result = String(e.combat.result).toLowerCase().replace(/[-_ ]/g, "");
  const outcome =
    result === "attackerwins" ? `${attacker} wins` : result === "defenderwins" ? `${defender} wins` : "both are removed";
  return `${e.from}-${e.to}: ${attacker} attacks ${defender}; ${outcome}`;
}

function drawBoard(ctx) {
  const board = ctx.board;
  const kinds = pieceKinds(ctx.info.params);
  const cells = boardCells(board);
  const margin = 22;
  const width = board.cols * CELL + 2 * margin;
  const height = board.rows * CELL + 2 * margin;
  const svg = svgRoot(width, height, { class: "board stratego-board" });
  svg.style.maxWidth = `${width * 1.25}px`;
  for (const cell of cells) {
    const x = margin + cell.col * CELL;
    const y = margin + cell.row * CELL;
    if (cell.kind === "Gap") continue;
    if (cell.kind === "Blocked") {
      svg.append(
        s("g", { class: "cell lake", transform: `translate(${x},${y})` }, [
          s("rect", { class: "cell-bg", x: 0, y: 0, width: CELL, height: CELL }),
        ]),
      );
      continue;
    }
    const g = s("g", {
      class: ["cell", "square", ...markClasses(cell, ctx.marks)].join(" "),
      "data-square": cell.name,
      "data-key": cell.key,
      transform: `translate(${x},${y})`,
    });
    g.append(s("rect", { class: "cell-bg", x: 0, y: 0, width: CELL, height: CELL }));
    if (cell.owner !== null) {
      // A rank is drawn only where the server sent one: the seat's own
      // pieces and revealed ones. A face-down piece carries no text at all.
      const known = cell.text !== "" && cell.text !== "?";
      const piece = s("g", {
        class: `piece ${sideClass(cell.owner)} ${known ? "known" : "face-down"}${cell.marked ? " revealed" : ""}`,
        "data-owner": cell.owner,
      });
      piece.append(s("rect", { x: 5, y: 5, width: CELL - 10, height: CELL - 10, rx: 7 }));
      if (known) {
        piece.append(s("text", { class: "cell-text rank", x: CELL / 2, y: CELL / 2, text: cell.text }));
        const kind = kindBySymbol(kinds, cell.text);
        if (kind) piece.append(s("title", { text: `${kind.name}${cell.marked ? " (revealed)" : ""}` }));
      }
      g.append(piece);
    }
    svg.append(g);
  }
  (board.col_labels || []).forEach((label, col) => {
    svg.append(s("text", { class: "label", x: margin + col * CELL + CELL / 2, y: 12, text: label }));
    svg.append(s("text", { class: "label", x: margin + col * CELL + CELL / 2, y: height - 8, text: label }));
  });
  (board.row_labels || []).forEach((label, row) => {
    svg.append(s("text", { class: "label", x: 11, y: margin + row * CELL + CELL / 2, text: label }));
    svg.append(s("text", { class: "label", x: width - 11, y: margin + row * CELL + CELL / 2, text: label }));
  });
  return svg;
}

function drawTray(ctx) {
  const view = ctx.view;
  if (!view || !view.trays) return null;
  const kinds = pieceKinds(ctx.info.params);
  const tray = h("div", { class: "tray", id: "tray" });
  view.trays.forEach((counts, player) => {
    const row = h("div", { class: `tray-side ${sideClass(player)}` }, [
      h("span", { class: "tray-name", text: `${ctx.info.players[player]} removed:` }),
    ]);
    let any = false;
    counts.forEach((n, k) => {
      if (!n) return;
      any = true;
      const kind = kinds[k];
      row.append(
        h("span", { class: "tray-piece", title: kind ? kind.name : "" }, [
          h("b", { text: kind ? kind.symbol : "?" }),
          n > 1 ? `×${n}` : "",
        ]),
      );
    });
    if (!any) row.append(h("span", { class: "tray-none", text: "none" }));
    tray.append(row);
  });
  return tray;
}

function draw(ctx) {
  const wrap = h("div", { class: "stratego" });
  const fight = combatText(ctx.view, pieceKinds(ctx.info.params), ctx.info.players);
  if (fight) wrap.append(h("div", { class: "combat", id: "combat", text: fight }));
  wrap.append(drawBoard(ctx));
  const tray = drawTray(ctx);
  if (tray) wrap.append(tray);
  return wrap;
}

// ---- The setup editor (S3) ----

const SAVED = "plateau.stratego.setups";

function savedSetups() {
  try {
    return JSON.parse(localStorage.getItem(SAVED) || "[]");
  } catch {
    return [];
  }
}

/**
 * The editor, from the placement the server sends on the seat's setup
 * turn (its squares, lakes and pieces): drag and drop (or click a piece,
 * then a square), random fill, saved setups. `submit(arrangement)` plays
 * the setup: for each square of the placement, a piece's index or null.
 */
function setupEditor(ctx, submit) {
  const placement = ctx.placement;
  const me = ctx.me;
  const pieces = placement.pieces;
  const squares = placement.squares;
  const lakes = new Set(squares.filter((_, i) => placement.blocked[i]));
  const indexOf = new Map(pieces.map((p, i) => [p.symbol, i]));
  const signature = `${ctx.info.variant}:${pieces.map((p) => `${p.symbol}${p.count}`).join("")}:${squares.length}`;
  // The squares laid out as the board shows them to the seat.
  const cells = boardCells(ctx.board);
  const where = new Map();
  for (const sq of squares) {
    const cell = cells.find((c) => c.name === sq);
    where.set(sq, cell ? { row: cell.row, col: cell.col } : { row: 0, col: squares.indexOf(sq) });
  }
  const screenRows = [...new Set([...where.values()].map((p) => p.row))]
    .sort((x, y) => x - y)
    .map((row) => squares.filter((sq) => where.get(sq).row === row).sort((x, y) => where.get(x).col - where.get(y).col));
  const width = Math.max(...screenRows.map((r) => r.length));
  const placed = new Map();
  let picked = null; // {symbol, from: "tray" | square}
  const root = h("div", { class: "setup-editor", id: "setup-editor" });

  const remaining = () => {
    const left = new Map(pieces.map((p) => [p.symbol, p.count]));
    for (const sym of placed.values()) left.set(sym, left.get(sym) - 1);
    return left;
  };
  const complete = () =>
    [...remaining().values()].every((n) => n === 0) &&
    (!placement.fill || squares.every((sq) => lakes.has(sq) || placed.has(sq)));

  const drop = (target, data) => {
    if (!data || lakes.has(target)) return;
    const { symbol, from } = data;
    if (target === "tray") {
      if (from !== "tray") placed.delete(from);
    } else if (from === "tray") {
      if ((remaining().get(symbol) || 0) <= 0) return;
      placed.set(target, symbol);
    } else if (from !== target) {
      const there = placed.get(target);
      placed.set(target, symbol);
      if (there) placed.set(from, there);
      else placed.delete(from);
    }
    picked = null;
    render();
  };

  const dragData = (e) => {
    try {
      return JSON.parse(e.dataTransfer.getData("text/plain"));
    } catch {
      return null;
    }
  };

  const pieceEl = (symbol, from, count) => {
    const kind = pieces[indexOf.get(symbol)];
    return h(
      "div",
      {
        class: `setup-piece ${sideClass(me)}${picked && picked.from === from && picked.symbol === symbol ? " picked" : ""}`,
        draggable: "true",
        "data-symbol": symbol,
        "data-from": from,
        title: kind ? kind.name : symbol,
        ondragstart: (e) => {
          e.dataTransfer.setData("text/plain", JSON.stringify({ symbol, from }));
        },
        onclick: (e) => {
          e.stopPropagation();
          if (picked && from !== "tray") {
            drop(from, picked);
            return;
          }
          picked = { symbol, from };
          render();
        },
      },
      [h("b", { text: symbol }), count !== undefined ? h("small", { text: `×${count}` }) : null],
    );
  };

  const render = () => {
    root.replaceChildren();
    root.append(h("h3", { text: `Your setup (${ctx.info.players[me]})` }));
    const grid = h("div", { class: "setup-grid", style: `grid-template-columns: repeat(${width}, 1fr)` });
    for (const row of screenRows) {
      for (const sq of row) {
        if (lakes.has(sq)) {
          grid.append(h("div", { class: "setup-lake", "data-lake": sq }));
          continue;
        }
        const symbol = placed.get(sq);
        const cell = h("div", {
          class: "setup-square",
          "data-square": sq,
          ondragover: (e) => e.preventDefault(),
          ondrop: (e) => {
            e.preventDefault();
            drop(sq, dragData(e));
          },
          onclick: () => picked && drop(sq, picked),
        });
        cell.append(h("span", { class: "setup-name", text: sq }));
        if (symbol) cell.append(pieceEl(symbol, sq));
        grid.append(cell);
      }
    }
    root.append(grid);
    const tray = h("div", {
      class: "setup-tray",
      id: "setup-tray",
      ondragover: (e) => e.preventDefault(),
      ondrop: (e) => {
        e.preventDefault();
        drop("tray", dragData(e));
      },
      onclick: () => picked && picked.from !== "tray" && drop("tray", picked),
    });
    for (const [symbol, n] of remaining()) if (n > 0) tray.append(pieceEl(symbol, "tray", n));
    if (tray.childElementCount === 0) tray.append(h("span", { class: "hint", text: "every piece is placed" }));
    root.append(tray);
    const saved = savedSetups().filter((x) => x.signature === signature);
    const choose = h("select", { id: "saved-setups", "aria-label": "saved setups" }, [
      h("option", { value: "", text: saved.length ? "saved setups…" : "no saved setups" }),
      ...saved.map((x, i) => h("option", { value: String(i), text: x.name })),
    ]);
    choose.addEventListener("change", () => {
      const chosen = saved[Number(choose.value)];
      if (!chosen) return;
      placed.clear();
      // Saved in the placement's order of squares.
      [...chosen.arrangement].forEach((sym, i) => sym !== "." && squares[i] && !lakes.has(squares[i]) && placed.set(squares[i], sym));
      render();
    });
    const controls = h("div", { class: "setup-controls" }, [
      h("button", {
        id: "setup-random",
        text: "Random fill",
        onclick: () => {
          const empty = squares.filter((sq) => !placed.has(sq) && !lakes.has(sq));
          const left = [];
          for (const [sym, n] of remaining()) for (let i = 0; i < n; i++) left.push(sym);
          for (const sym of left) {
            const at = empty.splice(Math.floor(Math.random() * empty.length), 1)[0];
            if (at) placed.set(at, sym);
          }
          render();
        },
      }),
      h("button", { id: "setup-clear", text: "Clear", onclick: () => { placed.clear(); render(); } }),
      h("button", {
        id: "setup-save",
        text: "Save",
        disabled: !complete(),
        onclick: () => {
          const name = `setup ${new Date().toISOString().slice(0, 16).replace("T", " ")}`;
          const arrangement = squares.map((sq) => placed.get(sq) || ".").join("");
          localStorage.setItem(SAVED, JSON.stringify([...savedSetups(), { name, signature, arrangement }]));
          render();
        },
      }),
      choose,
      h("button", {
        id: "setup-done",
        class: "primary",
        text: "Play this setup",
        disabled: !complete(),
        onclick: () => submit(squares.map((sq) => (placed.has(sq) ? indexOf.get(placed.get(sq)) : null))),
      }),
    ]);
    root.append(controls);
    root.append(h("p", { class: "hint", text: "Drag pieces onto your home rows (or click a piece, then a square); drag a piece back to the tray to take it off." }));
  };
  render();
  return root;
}

export default {
  draw,
  /** Whether the seat is to make its setup now: the server sent the placement. */
  inSetup(ctx) {
    return ctx.me !== null && !!ctx.placement && ctx.yourTurn;
  },
  setupEditor,
};
