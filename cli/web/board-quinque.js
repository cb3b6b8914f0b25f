// Quinque (RULES.md Q): tiles of 2×2 parachutists on an open grid, the
// parachutes on them, the last mark, and the cells around where a tile may
// go. Click a point to mark it (Q4); click a tile's body, then an empty
// cell, to move it (Q5, Q6).

import { s, svgRoot, sideClass } from "./dom.js";
import { boardCells } from "./picker.js";

const POINT = 34;

function draw(ctx) {
  const board = ctx.board;
  const pps = Number((ctx.info.params || {}).points_per_side) || 2;
  const cells = boardCells(board);
  const byName = new Map(cells.filter((c) => c.name).map((c) => [c.name, c]));
  const point = (cell) => cell.name.split(",").map(Number);
  const pad = 10;
  const width = board.cols * POINT + 2 * pad;
  const height = board.rows * POINT + 2 * pad;
  const svg = svgRoot(width, height, { class: "board quinque-board" });
  svg.style.maxWidth = `${Math.max(width * 1.6, 300)}px`;
  const marks = ctx.marks || {};
  // The grid cells: blocks of pps × pps points.
  const blocks = new Map();
  for (const cell of cells) {
    if (!cell.name) continue;
    const [px, py] = point(cell);
    const cx = Math.floor(px / pps);
    const cy = Math.floor(py / pps);
    const id = `${cx},${cy}`;
    if (!blocks.has(id)) blocks.set(id, { cx, cy, points: [], minRow: Infinity, minCol: Infinity });
    const b = blocks.get(id);
    b.points.push(cell);
    b.minRow = Math.min(b.minRow, cell.row);
    b.minCol = Math.min(b.minCol, cell.col);
  }
  for (const b of blocks.values()) {
    const tile = b.points.some((p) => p.text !== "");
    const corner = byName.get(`${b.cx * pps},${b.cy * pps}`);
    const key = corner ? corner.key : null;
    const classes = ["qcell", tile ? "tile" : "empty-cell"];
    if (key && marks.multiOrigins && marks.multiOrigins.has(key)) classes.push("origin");
    if (key && marks.targets && marks.targets.has(key)) classes.push("target");
    if (key && marks.selected === key) classes.push("selected");
    if (key && marks.last && marks.last.has(key) && !(corner && corner.marked)) classes.push("last");
    const g = s("g", {
      class: classes.join(" "),
      "data-cell": `${b.cx},${b.cy}`,
      "data-key": key,
      "data-intent": "multi",
      transform: `translate(${pad + b.minCol * POINT},${pad + b.minRow * POINT})`,
    });
    g.append(s("rect", { x: 2, y: 2, width: pps * POINT - 4, height: pps * POINT - 4, rx: 6 }));
    svg.append(g);
  }
  for (const cell of cells) {
    if (!cell.name) continue;
    const onTile = cell.text !== "";
    const legal = marks.singles && marks.singles.has(cell.key);
    if (!onTile && !legal) continue;
    const classes = ["point", sideClass(cell.text === "R" ? 0 : cell.text === "O" ? 1 : null)];
    if (cell.text === "R" || cell.text === "O") classes.push("parachute");
    if (legal) classes.push("target");
    if (cell.marked || (marks.last && marks.last.has(cell.key) && cell.text !== "·" && cell.text !== "")) {
      classes.push("last");
    }
    const g = s("g", {
      class: classes.join(" "),
      "data-square": cell.name,
      "data-key": cell.key,
      "data-intent": "single",
      transform: `translate(${pad + cell.col * POINT + POINT / 2},${pad + cell.row * POINT + POINT / 2})`,
    });
    g.append(s("circle", { r: onTile ? POINT / 2 - 6 : POINT / 2 - 10 }));
    g.append(s("title", { text: `point ${cell.name}` }));
    svg.append(g);
  }
  return svg;
}

export default { draw };
