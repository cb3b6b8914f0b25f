// The board of any game, drawn from its BoardView (framework/src/board.rs):
// a grid of cells with a short text, the side that owns each, lakes and
// gaps, labels around and notes below. Every game without a board of its
// own is drawn so; the Hus board is this grid with pits.

import { s, svgRoot, sideClass } from "./dom.js";
import { boardCells } from "./picker.js";

export const CELL = 56;
const MARGIN = 28;

/** The CSS classes of a cell from the marks of the move being chosen. */
export function markClasses(cell, marks) {
  const classes = [];
  if (!cell.key || !marks) return classes;
  if (marks.last && marks.last.has(cell.key)) classes.push("last");
  if (marks.origins && marks.origins.has(cell.key)) classes.push("origin");
  if (marks.targets && marks.targets.has(cell.key)) classes.push("target");
  if (marks.selected === cell.key) classes.push("selected");
  if (marks.best && marks.best.has(cell.key)) classes.push("best");
  return classes;
}

/**
 * Draws a BoardView as an SVG grid.
 * @param ctx `{board, marks}`
 * @param options `{shape: "rect" | "pit"}`
 */
export function gridBoard(ctx, options = {}) {
  const board = ctx.board;
  const cells = boardCells(board);
  const hasColLabels = board.col_labels && board.col_labels.length > 0;
  const hasRowLabels = board.row_labels && board.row_labels.length > 0;
  const rowLabelWidth = hasRowLabels
    ? Math.max(MARGIN, 9 * Math.max(...board.row_labels.map((l) => String(l).length)))
    : 6;
  const top = hasColLabels ? MARGIN : 6;
  const width = rowLabelWidth * 2 + board.cols * CELL;
  const height = top * 2 + board.rows * CELL;
  const svg = svgRoot(width, height, { class: `board grid-board shape-${options.shape || "rect"}` });
  svg.style.maxWidth = `${Math.max(width, 320) * 1.4}px`;
  for (const cell of cells) {
    const x = rowLabelWidth + cell.col * CELL;
    const y = top + cell.row * CELL;
    if (cell.kind === "Gap") continue;
    const classes = ["cell", sideClass(cell.owner), ...markClasses(cell, ctx.marks)];
    if (cell.kind === "Blocked") classes.push("blocked");
    if (cell.marked) classes.push("marked");
    const text = cell.text;
    const g = s("g", {
      class: classes.join(" "),
      "data-square": cell.name || null,
      "data-key": cell.key,
      "data-owner": cell.owner === null ? null : cell.owner,
      transform: `translate(${x},${y})`,
    });
    if (options.shape === "pit" && cell.kind !== "Blocked") {
      g.append(s("rect", { class: "cell-bg", x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 6 }));
      g.append(s("circle", { class: "pit", cx: CELL / 2, cy: CELL / 2, r: CELL / 2 - 5 }));
      drawStones(g, Number(text) || 0);
    } else {
      g.append(s("rect", { class: "cell-bg", x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 3 }));
    }
    if (text !== "" && text !== undefined) {
      if (options.shape === "pit") {
        g.append(s("text", { class: "cell-text count", x: CELL - 11, y: CELL - 11, text }));
      } else {
        g.append(s("text", { class: "cell-text", x: CELL / 2, y: CELL / 2, text }));
      }
    }
    svg.append(g);
  }
  if (hasColLabels) {
    // Above, the opponent's row may be named from the other side of the
    // table (a mancala's top_labels); below, the columns as the viewer
    // names them.
    const above = board.top_labels && board.top_labels.length ? board.top_labels : board.col_labels;
    board.col_labels.forEach((label, col) => {
      const x = rowLabelWidth + col * CELL + CELL / 2;
      svg.append(s("text", { class: "label label-top", x, y: top / 2 + 2, text: above[col] ?? label }));
      svg.append(s("text", { class: "label label-bottom", x, y: height - top / 2 + 2, text: label }));
    });
  }
  if (hasRowLabels) {
    board.row_labels.forEach((label, row) => {
      const y = top + row * CELL + CELL / 2;
      svg.append(s("text", { class: "label", x: rowLabelWidth / 2, y, text: label }));
      svg.append(s("text", { class: "label", x: width - rowLabelWidth / 2, y, text: label }));
    });
  }
  return svg;
}

/** Places of the stones drawn in a pit: a centre, then two rings. */
const STONE_PLACES = [[0, 0]]
  .concat([...Array(6)].map((_, i) => [9 * Math.cos((i * Math.PI) / 3), 9 * Math.sin((i * Math.PI) / 3)]))
  .concat([...Array(10)].map((_, i) => [17 * Math.cos((i * Math.PI) / 5 + 0.3), 17 * Math.sin((i * Math.PI) / 5 + 0.3)]));

/** Small stones in a pit (up to 17 drawn; the number says how many). */
export function drawStones(g, n, cx = CELL / 2, cy = CELL / 2) {
  for (const [dx, dy] of STONE_PLACES.slice(0, Math.min(n, STONE_PLACES.length))) {
    g.append(s("circle", { class: "stone", cx: cx + dx, cy: cy + dy, r: 4 }));
  }
}

/** The generic board module. */
export default {
  draw(ctx) {
    return gridBoard(ctx);
  },
};
