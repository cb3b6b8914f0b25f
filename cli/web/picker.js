// Choosing a move by clicking squares: every legal move names the squares it
// touches (`{"move":"b4-b5","squares":["b4","b5"]}`). A move of one square is
// played by clicking it; a move of several by clicking its first square, then
// its last. Moves that name no square (a pass, `end`) are buttons.

/** Where a square a move of `mover` names is drawn: the key of the cell. */
export function resolveSquare(cells, name, mover) {
  // As BoardView::locate: the cell of that name owned by the mover, else
  // of exactly that name, else of that name in any case.
  let found = cells.find((c) => c.name === name && mover !== null && c.owner === mover);
  if (!found) found = cells.find((c) => c.name === name);
  if (!found) {
    const lower = name.toLowerCase();
    found = cells.find((c) => c.name && c.name.toLowerCase() === lower);
  }
  return found ? found.key : null;
}

/** The key of a cell: its owner and its name (Hus pits share names). */
export function cellKey(cell) {
  return `${cell.owner === null || cell.owner === undefined ? "-" : cell.owner}:${cell.name}`;
}

/** The cells of a BoardView with their keys and positions. */
export function boardCells(board) {
  const cells = [];
  for (let i = 0; i < board.cells.length; i++) {
    const c = board.cells[i];
    const row = Math.floor(i / Math.max(board.cols, 1));
    const col = i % Math.max(board.cols, 1);
    const cell = { ...c, row, col, index: i, owner: c.owner === undefined ? null : c.owner };
    cell.key = c.name ? cellKey(cell) : null;
    cells.push(cell);
  }
  return cells;
}

export class Picker {
  /**
   * @param legal the legal moves with their squares
   * @param cells the board's cells (boardCells)
   * @param mover the player whose moves they are
   */
  constructor(legal, cells, mover) {
    this.moves = (legal || []).map((m) => ({
      move: m.move,
      keys: (m.squares || []).map((sq) => resolveSquare(cells, sq, mover)).filter((k) => k !== null),
    }));
    this.selected = null;
  }

  /** The moves that name no square: shown as buttons. */
  buttons() {
    return this.moves.filter((m) => m.keys.length === 0).map((m) => m.move);
  }

  /** The squares a move starts from (or is). */
  origins() {
    return new Set(this.moves.filter((m) => m.keys.length > 0).map((m) => m.keys[0]));
  }

  /** The squares of the one-square moves. */
  singles() {
    return new Set(this.moves.filter((m) => m.keys.length === 1).map((m) => m.keys[0]));
  }

  /** The first squares of the moves of several squares. */
  multiOrigins() {
    return new Set(this.moves.filter((m) => m.keys.length > 1).map((m) => m.keys[0]));
  }

  /** The last squares of the moves from the selected square. */
  targets() {
    if (this.selected === null) return new Set();
    return new Set(
      this.moves
        .filter((m) => m.keys.length > 1 && m.keys[0] === this.selected)
        .map((m) => m.keys[m.keys.length - 1]),
    );
  }

  /**
   * A click on the cell `key`. Returns the moves it chooses (one: play it;
   * several: let the player choose; none: only the selection changed).
   * `intent` "single" plays only a one-square move there, "multi" only
   * starts or ends a longer move (a board where both can start on one
   * square, such as Quinque's corner points, tells which was meant).
   */
  click(key, intent) {
    if (intent === "single") {
      this.selected = null;
      return this.moves.filter((m) => m.keys.length === 1 && m.keys[0] === key).map((m) => m.move);
    }
    if (this.selected !== null) {
      const from = this.selected;
      const chosen = this.moves.filter(
        (m) => m.keys.length > 1 && m.keys[0] === from && m.keys[m.keys.length - 1] === key,
      );
      if (chosen.length > 0) {
        this.selected = null;
        return chosen.map((m) => m.move);
      }
      if (key === from && intent !== "multi") {
        // A second click on the selected square plays its one-square move.
        this.selected = null;
        return this.moves.filter((m) => m.keys.length === 1 && m.keys[0] === key).map((m) => m.move);
      }
    }
    const singles = this.moves.filter((m) => m.keys.length === 1 && m.keys[0] === key);
    const longer = this.moves.filter((m) => m.keys.length > 1 && m.keys[0] === key);
    if (longer.length > 0) {
      this.selected = key;
      return [];
    }
    this.selected = null;
    return intent === "multi" ? [] : singles.map((m) => m.move);
  }
}
