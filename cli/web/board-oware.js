// Oware (RULES.md O): two rows of houses and each side's store (the
// board's `stores`). A move is shown step by step from the engine's frames
// that the server's update carries (the sowing, then the captures); the
// update's board after the move is the one that stays.

import { s, svgRoot, sideClass } from "./dom.js";
import { markClasses, drawStones, CELL } from "./board-generic.js";
import { boardCells } from "./picker.js";

/** The seeds in each player's store, by player number, as the board carries them. */
export function stores(board) {
  return [0, 1].map((p) => Number((board.stores || [])[p]) || 0);
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
  const storeCounts = stores(board);
  // The top row's owner has the store on the left, the bottom row's on the right.
  const topOwner = cells[0] ? cells[0].owner : 1;
  const bottomOwner = topOwner === null ? 0 : 1 - topOwner;
  const storeAt = (owner, x) => {
    const count = storeCounts[owner];
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
    const text = cell.text;
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

export default {
  draw,
};
