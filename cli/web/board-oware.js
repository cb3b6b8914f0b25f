// Oware (RULES.md O): two rows of houses and each side's store. A move is
// shown seed by seed, counterclockwise (O1.2), skipping the house sown from
// on a lap (O2.1), then the houses captured emptied into the store (O3),
// as the move's description tells; the server's board after the move is
// the one that stays.

import { s, svgRoot, sideClass } from "./dom.js";
import { markClasses, drawStones, CELL } from "./board-generic.js";
import { boardCells, cellKey } from "./picker.js";
import { afterFrames as cellsAfter } from "./board-hus.js";

/** The stores by player from the board's notes ("north: store 3"). */
export function stores(board, players) {
  const result = [0, 0];
  for (const note of board.notes || []) {
    const m = String(note).match(/^(\S+): store (\d+)/);
    if (m && players.indexOf(m[1]) >= 0) result[players.indexOf(m[1])] = Number(m[2]);
  }
  return result;
}

/** The frames of a move: seed counts by cell key, stores as `store:P`. */
export function sowingFrames(before, described, players) {
  if (!before || !described) return [];
  const lines = described.split("\n").map((l) => l.trim()).filter(Boolean);
  const first = lines[0] && lines[0].match(/^(\S+) \S+: sows (\d+) seeds? from (\w)/);
  if (!first) return [];
  const mover = players.indexOf(first[1]);
  if (mover < 0) return [];
  const houses = before.cols;
  const name = (owner, i) => String.fromCharCode((owner === 0 ? 65 : 97) + i);
  const ring = [];
  for (const owner of [0, 1]) for (let i = 0; i < houses; i++) ring.push(cellKey({ owner, name: name(owner, i) }));
  const counts = new Map();
  for (const cell of boardCells(before)) if (cell.key) counts.set(cell.key, Number(cell.text) || 0);
  const st = stores(before, players);
  counts.set("store:0", st[0]);
  counts.set("store:1", st[1]);
  const origin = cellKey({ owner: first[3] === first[3].toUpperCase() ? 0 : 1, name: first[3] });
  let pos = ring.indexOf(origin);
  if (pos < 0 || !ring.every((k) => counts.has(k))) return [];
  const frames = [];
  const snap = () => frames.push(new Map([...counts].map(([k, v]) => [k, k.startsWith("store") ? v : v === 0 ? "" : String(v)])));
  let hand = Number(first[2]);
  counts.set(origin, 0);
  snap();
  while (hand > 0) {
    pos = (pos + 1) % ring.length;
    if (ring[pos] === origin) continue;
    counts.set(ring[pos], counts.get(ring[pos]) + 1);
    hand--;
    snap();
  }
  const capture = lines.find((l) => l.startsWith("captures "));
  const m = capture && capture.match(/^captures \d+ seeds? from (.+)$/);
  if (m) {
    for (const house of m[1].split(",").map((x) => x.trim())) {
      const key = cellKey({ owner: 1 - mover, name: house });
      if (!counts.has(key)) continue;
      counts.set(`store:${mover}`, counts.get(`store:${mover}`) + counts.get(key));
      counts.set(key, 0);
      snap();
    }
  }
  return frames;
}

function draw(ctx) {
  const board = ctx.board;
  const players = ctx.info.players;
  const cells = boardCells(board);
  const storeWidth = CELL * 1.2;
  const width = board.cols * CELL + 2 * storeWidth + 20;
  const height = board.rows * CELL + 50;
  const svg = svgRoot(width, height, { class: "board oware-board" });
  svg.style.maxWidth = `${width * 1.5}px`;
  const storeCounts = stores(board, players);
  // The top row's owner has the store on the left, the bottom row's on the right.
  const topOwner = cells[0] ? cells[0].owner : 1;
  const bottomOwner = topOwner === null ? 0 : 1 - topOwner;
  const storeAt = (owner, x) => {
    const count = ctx.counts && ctx.counts.has(`store:${owner}`) ? ctx.counts.get(`store:${owner}`) : storeCounts[owner];
    const g = s("g", { class: `store ${sideClass(owner)}`, "data-store": owner, transform: `translate(${x},25)` });
    g.append(s("rect", { x: 2, y: 2, width: storeWidth - 4, height: board.rows * CELL - 4, rx: 20 }));
    g.append(s("text", { class: "cell-text", x: storeWidth / 2, y: (board.rows * CELL) / 2, text: count }));
    g.append(s("text", { class: "label", x: storeWidth / 2, y: board.rows * CELL + 14, text: `${players[owner]} store` }));
    return g;
  };
  svg.append(storeAt(topOwner, 5));
  svg.append(storeAt(bottomOwner, width - storeWidth - 5));
  for (const cell of cells) {
    if (cell.kind === "Gap") continue;
    const text = ctx.counts && cell.key && ctx.counts.has(cell.key) ? ctx.counts.get(cell.key) : cell.text;
    const g = s("g", {
      class: ["cell", "house", sideClass(cell.owner), ...markClasses(cell, ctx.marks)].join(" "),
      "data-square": cell.name,
      "data-key": cell.key,
      "data-owner": cell.owner,
      transform: `translate(${storeWidth + 10 + cell.col * CELL},${25 + cell.row * CELL})`,
    });
    g.append(s("rect", { class: "cell-bg", x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 8 }));
    g.append(s("circle", { class: "pit", cx: CELL / 2, cy: CELL / 2, r: CELL / 2 - 5 }));
    drawStones(g, Number(text) || 0);
    if (text !== "") g.append(s("text", { class: "cell-text count", x: CELL - 11, y: CELL - 11, text }));
    g.append(
      s("text", {
        class: "label house-name",
        x: CELL / 2,
        y: cell.row === 0 ? -8 : CELL + 14,
        text: cell.name,
      }),
    );
    svg.append(g);
  }
  return svg;
}

/** The board after a move's last frame: houses and the stores' notes. */
function afterFrames(board, frame, info) {
  const next = cellsAfter(board, frame);
  next.notes = (board.notes || []).map((note) => {
    const m = String(note).match(/^(\S+): store \d+/);
    const p = m ? info.players.indexOf(m[1]) : -1;
    return p >= 0 && frame.has(`store:${p}`) ? note.replace(/store \d+/, `store ${frame.get(`store:${p}`)}`) : note;
  });
  return next;
}

export default {
  draw,
  afterFrames,
  frames(before, described, info) {
    return sowingFrames(before, described, info.players);
  },
};
