// Whether a Stratego page holds a rank it may not: the whole DOM of a seat's
// page (or the spectator's) is searched for every piece name and symbol of
// the game, after the parts that may name ranks have been checked one by
// one and taken out of a copy of the document:
//
// - the seat's own pieces on the board, each a symbol and the name of its
//   kind, nothing else;
// - enemy pieces drawn with a rank: only revealed ones (as the owner's own
//   page marks them), with their true rank;
// - the board's file and rank labels;
// - the tray of removed pieces: exactly what is gone from each army;
// - the last fight: only kinds the public description of that move names;
// - the move list: each entry (text and tooltip) as the spectator has it,
//   but for the seat's own setup and the name of the seat's own piece in
//   the description of its own move;
// - the notes and the status line as the spectator has them;
// - the text board: every square checked against the truth, its legend
//   (the same on every page at every move), its tray line, and its last
//   move and game over lines (no kind the move list or status line does
//   not name);
// - the setup editor, on the seat's own setup turn only: its home squares
//   and its own army.
//
// Whatever is left (every element, text, comment, attribute, title, form
// value and the document's title) may name no rank at all: a name
// (`marshal`, `scouts`) anywhere, or a symbol (`X`, `9`, `B`) as a token of
// its own. So a rank that shows up somewhere no check knows about is
// reported too, whoever it belongs to.
//
// The truth is what each army's owner's page shows of its own pieces: the
// rank and whether it is revealed; the spectator's page is the public
// reference. `checkPages` checks both seats and the spectator at one point
// of the game; `scanPage` runs inside a page.

import { ownPieces } from "./harness.mjs";

/** The army, board and home areas of a Stratego variant, from the server's catalog. */
export async function army(url, variant) {
  const catalog = await (await fetch(`${url}/api/games`)).json();
  const game = catalog.games.find((g) => g.game === "stratego");
  const v = game.variants.find((x) => x.name === variant);
  const p = v.params;
  const kinds = Object.entries(p.pieces).map(([name, k]) => ({ name, symbol: k.symbol, count: k.count }));
  const files = Array.from({ length: p.board.files }, (_, i) => String.fromCharCode(97 + i));
  const ranks = Array.from({ length: p.board.ranks }, (_, i) => String(i + 1));
  const homes = [0, 1].map((player) => {
    const squares = [];
    for (let i = 0; i < p.setup.rows; i++) {
      const rank = player === 0 ? i + 1 : p.board.ranks - i;
      for (const f of files) squares.push(`${f}${rank}`);
    }
    return squares;
  });
  return { kinds, files, ranks, homes, players: v.players };
}

/** What the spectator's page shows: the public reference. */
export async function publicReference(page) {
  return page.evaluate(() => {
    const moves = [...document.querySelectorAll("#move-list li")].map((li) => ({ text: li.textContent, title: li.getAttribute("title") || "" }));
    return {
      moves,
      lastTitle: moves.length ? moves[moves.length - 1].title : "",
      notes: [...document.querySelectorAll("#notes li")].map((li) => li.textContent),
      status: (document.querySelector("#status") || {}).textContent || "",
      reason: (document.querySelector("#game-over-reason .reason") || {}).textContent || "",
    };
  });
}

/**
 * Runs in the page. `a`: {own (0, 1 or null for the spectator), players,
 * kinds, files, ranks, homes, truth: [square → {rank, revealed}] per player,
 * setUp: [bool, bool], setupTurn, reference (null for the spectator)}.
 * Returns {problems, checked}.
 */
export function scanPage(a) {
  const problems = [];
  const checked = { hiddenPieces: 0, revealedPieces: 0, textCells: 0, entries: 0, nodes: 0, legend: null };
  const say = (where, what) => problems.push(`${where}: ${what}`);
  const short = (t) => JSON.stringify(String(t).replace(/\s+/g, " ").slice(0, 200));
  const bySymbol = new Map(a.kinds.map((k) => [k.symbol, k]));
  const forms = new Map();
  for (const k of a.kinds) {
    const n = k.name.toLowerCase();
    for (const f of [n, `${n}s`, `${n}es`, n.endsWith("y") ? `${n.slice(0, -1)}ies` : null]) if (f) forms.set(f, k);
  }
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const alternatives = [...forms.keys()].sort((x, y) => y.length - x.length).map(escape).join("|");
  const nameRe = new RegExp(`(?<![A-Za-z])(${alternatives})(?![A-Za-z])`, "gi");
  const namesIn = (t) => [...String(t).matchAll(nameRe)].map((m) => forms.get(m[1].toLowerCase()));
  const symbolsIn = (t) => String(t).split(/[^A-Za-z0-9]+/).filter((x) => bySymbol.has(x)).map((x) => bySymbol.get(x));
  const kindsIn = (t) => new Set([...namesIn(t), ...symbolsIn(t)].map((k) => k.name));
  const subset = (x, y) => [...x].every((k) => y.has(k));
  const own = a.own;
  const spectator = own === null;
  const enemy = spectator ? null : 1 - own;
  const side = (o) => a.players[o];
  const Side = (o) => side(o).charAt(0).toUpperCase() + side(o).slice(1);
  const ref = a.reference;

  // What is gone from each army, and every kind anyone has seen of each.
  const removed = [0, 1].map((o) => {
    const left = new Map(a.kinds.map((k) => [k.symbol, a.setUp[o] ? k.count : 0]));
    for (const piece of Object.values(a.truth[o])) left.set(piece.rank, (left.get(piece.rank) || 0) - 1);
    return left;
  });
  const everRevealed = new Set();
  for (const o of [0, 1]) {
    for (const piece of Object.values(a.truth[o])) if (piece.revealed && bySymbol.has(piece.rank)) everRevealed.add(bySymbol.get(piece.rank).name);
    for (const [symbol, n] of removed[o]) if (n > 0) everRevealed.add(bySymbol.get(symbol).name);
  }
  const sameTray = (text, where) => {
    // "red 2×2 F | blue -": each side's removed pieces, symbol and count.
    const parts = text.split(" | ");
    if (parts.length !== 2) return false;
    for (const part of parts) {
      const [name, ...tokens] = part.trim().split(/\s+/);
      const o = a.players.indexOf(name.toLowerCase());
      if (o < 0) return false;
      const listed = new Map();
      if (!(tokens.length === 1 && tokens[0] === "-")) {
        for (const token of tokens) {
          const m = token.match(/^(.)(?:×(\d+))?$/);
          if (!m || !bySymbol.has(m[1]) || listed.has(m[1])) return false;
          listed.set(m[1], Number(m[2] || 1));
        }
      }
      for (const [symbol, n] of removed[o]) {
        if ((listed.get(symbol) || 0) !== Math.max(n, 0)) {
          say(where, `${side(o)}'s removed ${bySymbol.get(symbol).name}s shown as ${listed.get(symbol) || 0}, truly ${n}: ${short(text)}`);
          return false;
        }
      }
    }
    return true;
  };

  const root = document.documentElement.cloneNode(true);
  const values = [...document.querySelectorAll("input, textarea, select")].map((e) => [`the value of <${e.tagName.toLowerCase()}${e.id ? ` id=${e.id}` : ""}>`, e.value]);
  values.push(["the document's title", document.title]);
  const liveLastTitle = (() => {
    const items = document.querySelectorAll("#move-list li");
    return items.length ? items[items.length - 1].getAttribute("title") || "" : "";
  })();

  // The board: own pieces, revealed enemy pieces, face-down ones.
  const onBoard = [new Set(), new Set()];
  const boardDrawn = !!root.querySelector("#board-area svg");
  for (const piece of root.querySelectorAll("#board-area .piece")) {
    const cell = piece.closest("[data-square]");
    const square = cell ? cell.getAttribute("data-square") : "(no square)";
    const o = Number(piece.getAttribute("data-owner"));
    const where = `the ${side(o)} piece on ${square}`;
    if (o !== 0 && o !== 1) {
      say(where, "no owner");
      continue;
    }
    onBoard[o].add(square);
    const t = a.truth[o][square];
    if (!t) {
      say(where, `${side(o)} has no piece there`);
      continue;
    }
    const attributes = [...piece.attributes].map((x) => x.name).sort().join(",");
    const children = [...piece.children];
    const faceDown = children.length === 1 && children[0].tagName === "rect" && piece.textContent === "";
    if (faceDown) {
      if (!piece.classList.contains("face-down") || piece.classList.contains("known")) say(where, `face down but classed ${short(piece.getAttribute("class"))}`);
      if (!isOwnSide(o) && !t.revealed) checked.hiddenPieces++;
      if (t.revealed && !isOwnSide(o)) say(where, "revealed to everyone, yet drawn face down (the truth and the page disagree)");
      continue; // what it holds is searched with the rest
    }
    // A drawn rank: a rect, one symbol and a title naming its kind.
    const text = children[1];
    const title = children[2];
    const kind = text ? bySymbol.get(text.textContent) : null;
    const wellFormed =
      children.length === 3 &&
      children[0].tagName === "rect" &&
      text.tagName === "text" &&
      title.tagName === "title" &&
      attributes === "class,data-owner" &&
      kind &&
      (title.textContent === kind.name || title.textContent === `${kind.name} (revealed)`) &&
      [...children[0].attributes, ...text.attributes].every((x) => ["x", "y", "width", "height", "rx", "class"].includes(x.name)) &&
      title.attributes.length === 0;
    if (!wellFormed) {
      say(where, `drawn as ${short(piece.outerHTML)}`);
      continue;
    }
    if (isOwnSide(o)) {
      if (kind.symbol !== t.rank) say(where, `drawn as ${kind.symbol}, truly ${t.rank}`);
      piece.remove();
    } else if (!t.revealed) {
      say(where, `not revealed, yet drawn as its rank ${kind.name} (${kind.symbol})`);
    } else if (kind.symbol !== t.rank) {
      say(where, `revealed as ${t.rank} but drawn as ${kind.symbol}`);
    } else {
      checked.revealedPieces++;
      piece.remove();
    }
  }
  function isOwnSide(o) {
    return !spectator && o === own;
  }
  if (boardDrawn && a.setUp[0] && a.setUp[1]) {
    // (Before both setups are made the public board shows no army.)
    for (const o of [0, 1]) {
      for (const square of Object.keys(a.truth[o])) if (!onBoard[o].has(square)) say(`the ${side(o)} piece on ${square}`, "not on the board");
    }
  }
  const labels = new Set([...a.files, ...a.ranks]);
  for (const label of root.querySelectorAll("#board-area svg text.label")) if (labels.has(label.textContent)) label.remove();

  // The tray of removed pieces.
  const tray = root.querySelector("#tray");
  if (tray) {
    let ok = true;
    for (const row of tray.querySelectorAll(".tray-side")) {
      const o = [0, 1].find((x) => row.classList.contains(`side-${x}`));
      const name = row.querySelector(".tray-name");
      if (o === undefined || !name || name.textContent !== `${side(o)} removed:`) {
        ok = false;
        continue;
      }
      const listed = new Map();
      let text = name.textContent;
      for (const item of row.querySelectorAll(".tray-piece")) {
        const b = item.querySelector("b");
        const kind = b && bySymbol.get(b.textContent);
        const m = item.textContent.match(/^.(?:×(\d+))?$/);
        if (!kind || !m || item.getAttribute("title") !== kind.name) {
          say("the tray", `an entry ${short(item.outerHTML)}`);
          ok = false;
          continue;
        }
        listed.set(kind.symbol, Number(m[1] || 1));
        text += item.textContent;
      }
      if (row.querySelector(".tray-none")) text += row.querySelector(".tray-none").textContent;
      for (const [symbol, n] of removed[o]) {
        if ((listed.get(symbol) || 0) !== Math.max(n, 0)) {
          say("the tray", `${side(o)}'s removed ${bySymbol.get(symbol).name}s shown as ${listed.get(symbol) || 0}, truly ${n}`);
          ok = false;
        }
      }
      if (text !== row.textContent || (listed.size === 0) !== !!row.querySelector(".tray-none")) {
        say("the tray", `holds more than the removed pieces: ${short(row.textContent)}`);
        ok = false;
      }
    }
    if (ok) tray.remove();
  }

  // The last fight, in words: no kind the public description of that move does not name.
  const combat = root.querySelector("#combat");
  if (combat) {
    const allowed = kindsIn(ref ? ref.lastTitle : liveLastTitle);
    if (subset(kindsIn(combat.textContent), allowed)) combat.remove();
    else say("the last fight", `${short(combat.textContent)} names more than the public description ${short(ref ? ref.lastTitle : "")}`);
  }

  // The move list, entry by entry, against the spectator's.
  const items = [...root.querySelectorAll("#move-list li")];
  if (ref && items.length !== ref.moves.length) say("the move list", `${items.length} entries, the spectator's ${ref.moves.length}`);
  items.forEach((li, i) => {
    const text = li.textContent;
    const title = li.getAttribute("title") || "";
    const mover = i % 2; // setups at plies 0 and 1, then turns alternate
    const where = `move ${i + 1} in the move list`;
    let ok = false;
    if (ref) {
      const pub = ref.moves[i] || { text: null, title: null };
      if (text === pub.text && title === pub.title) ok = true;
      else if (mover === own && i < 2) {
        // The seat's own setup: its army on its home rows.
        const m = text.match(/^setup ([^ ]+)$/);
        const counts = new Map();
        for (const c of m ? m[1] : "") if (c !== "." && c !== "/") counts.set(c, (counts.get(c) || 0) + 1);
        const isArmy = m && a.kinds.every((k) => counts.get(k.symbol) === k.count) && [...counts.keys()].every((c) => bySymbol.has(c));
        ok = isArmy && title === `${pub.title.replace(/\.$/, "")}: ${text}`;
      } else if (mover === own && text === pub.text) {
        // The seat's own move: the public description and the name of the piece it moved.
        const words = title.split(" ");
        ok = words.some((w, j) => forms.has(w.toLowerCase()) && [...words.slice(0, j), ...words.slice(j + 1)].join(" ") === pub.title);
      }
      if (!ok) say(where, `${short(text)} (${short(title)}); the spectator's is ${short(pub.text)} (${short(pub.title)})`);
    } else {
      ok = (i >= 2 || text === "(secret)") && subset(kindsIn(title), everRevealed) && subset(kindsIn(text), everRevealed);
      if (!ok) say(where, `${short(text)} (${short(title)}) names a kind never revealed`);
    }
    if (ok) {
      checked.entries++;
      li.remove();
    }
  });

  // The notes and the status line.
  for (const li of root.querySelectorAll("#notes li")) {
    const text = li.textContent;
    const count = text.match(/^pieces on the board: (\w+) (\d+), (\w+) (\d+)$/);
    if (count) {
      const ok = [[count[1], count[2]], [count[3], count[4]]].every(([name, n]) => Object.keys(a.truth[a.players.indexOf(name)] || {}).length === Number(n) || !a.setUp[a.players.indexOf(name)]);
      if (ok) li.remove();
      else say("a note", short(text));
    } else if (text.startsWith("tray: ")) {
      if (sameTray(text.slice(6), "a note")) li.remove();
    } else if (ref && ref.notes.includes(text)) li.remove();
  }
  const status = root.querySelector("#status");
  if (status) {
    const text = status.textContent;
    if (ref ? text === ref.status || text === `${ref.status}: your turn` : subset(kindsIn(text), everRevealed)) status.remove();
    else say("the status line", `${short(text)}, the spectator's ${short(ref && ref.status)}`);
  }
  // The game-over panel: the status line's result, the spectator's reason,
  // the moves played.
  const result = root.querySelector("#game-over-result");
  if (result) {
    const text = result.textContent;
    if (ref ? text === ref.status : subset(kindsIn(text), everRevealed)) result.remove();
    else say("the game-over result", `${short(text)}, the spectator's ${short(ref && ref.status)}`);
  }
  const reason = root.querySelector("#game-over-reason .reason");
  if (reason) {
    const text = reason.textContent;
    if (ref ? text === ref.reason : subset(kindsIn(text), everRevealed)) reason.remove();
    else say("the game-over reason", `${short(text)}, the spectator's ${short(ref && ref.reason)}`);
  }
  const length = root.querySelector("#game-over-length");
  const played = Number((root.querySelector("#game") || document.querySelector("#game")).dataset.movesPlayed);
  if (length && length.textContent === `length: ${played} move${played === 1 ? "" : "s"}`) length.remove();

  // The text board.
  const pre = root.querySelector(".text-board pre");
  if (pre) {
    const lines = pre.textContent.split("\n");
    const header = lines.find((l) => /^\s*[a-z](\s+[a-z])*\s*$/.test(l));
    const columns = header ? [...header].map((c, i) => [c, i]).filter(([c]) => /[a-z]/.test(c)) : [];
    const kept = [];
    for (const line of lines) {
      const where = `the text board line ${short(line)}`;
      if (line === header) continue;
      const grid = line.match(/^\s*(\d+) /);
      if (grid && columns.length) {
        const rank = grid[1];
        let rest = [...line];
        let ok = true;
        for (const [file, at] of columns) {
          const square = `${file}${rank}`;
          const chunk = line.slice(at - 1, at + 2);
          for (let i = at - 1; i < at + 2; i++) rest[i] = " ";
          const cell = chunk.trim();
          checked.textCells++;
          if (cell === "" || cell === "." || cell === "~" || cell === "?" || cell === "[?]" || cell === "(?)") continue;
          const enemyMark = cell.match(/^[[(](.)[\])]$/);
          const plain = cell.match(/^(.)(\*?)$/);
          if (!spectator && enemyMark) {
            const t = a.truth[enemy][square];
            if (!(t && t.revealed && t.rank === enemyMark[1])) {
              say(where, `${square} shows the enemy's ${cell}, but ${t ? (t.revealed ? `it is ${t.rank}` : "it is not revealed") : "the enemy has no piece there"}`);
              ok = false;
            }
          } else if (!spectator && plain && plain[1] !== "?") {
            const t = a.truth[own][square];
            if (!(t && t.rank === plain[1])) {
              say(where, `${square} shows ${cell} as the seat's own, but ${t ? `it is ${t.rank}` : "the seat has no piece there"}`);
              ok = false;
            }
          } else if (spectator && plain && !plain[2]) {
            if (![0, 1].some((o) => a.truth[o][square] && a.truth[o][square].revealed && a.truth[o][square].rank === plain[1])) {
              say(where, `${square} shows ${cell}, which is no revealed piece there`);
              ok = false;
            }
          } else {
            say(where, `${square} shows ${short(cell)}`);
            ok = false;
          }
        }
        // Left: the rank labels, and `>` where a text board marks the last move's squares.
        if (ok && /^\s*\d+(\s+\d+)?\s*$/.test(rest.join("").replace(/>/g, " "))) continue;
        kept.push(line);
        continue;
      }
      const legend = line.match(/^You are (\w+)\. Yours: symbol \(\* = known to (\w+)\)\. (\w+): \[\?\] unknown, \(\?\) has moved, \[(.)\] known\. ~ lake\.$/);
      if (legend && !spectator && legend[1] === Side(own) && legend[2] === Side(enemy) && legend[3] === Side(enemy)) {
        checked.legend = legend[4];
        continue;
      }
      if (line.startsWith("Tray: ")) {
        if (sameTray(line.slice(6), "the text board's tray")) continue;
      } else if (line.startsWith("tray: ")) {
        if (sameTray(line.slice(6), "the text board's tray")) continue;
      } else if (line.startsWith("Last: ")) {
        // No kind the move list's description of that move does not name.
        const allowed = ref ? new Set([...kindsIn(ref.lastTitle), ...kindsIn(liveLastTitle)]) : everRevealed;
        if (subset(kindsIn(line.slice(6)), allowed)) continue;
        say(where, "names more than the move list's description of the last move");
      } else if (line.startsWith("Game over: ")) {
        if (subset(kindsIn(line), ref ? kindsIn(ref.status) : everRevealed)) continue;
        say(where, "names more than the status line");
      } else if (/^pieces on the board: /.test(line) && ((ref && ref.notes.includes(line)) || spectator)) {
        const count = line.match(/^pieces on the board: (\w+) (\d+), (\w+) (\d+)$/);
        if (count && [[count[1], count[2]], [count[3], count[4]]].every(([name, n]) => Object.keys(a.truth[a.players.indexOf(name)] || {}).length === Number(n) || !a.setUp[a.players.indexOf(name)])) continue;
      }
      kept.push(line);
    }
    pre.textContent = kept.join("\n");
  }

  // The setup editor: the seat's own home rows and army, on its setup turn.
  const editor = root.querySelector("#setup-editor");
  if (editor) {
    if (spectator || !a.setupTurn) say("the setup editor", "shown when it is not the seat's setup turn");
    else {
      const home = new Set(a.homes[own]);
      const placed = new Map();
      let ok = true;
      for (const square of editor.querySelectorAll(".setup-square")) {
        const name = square.getAttribute("data-square");
        if (!home.has(name) || square.querySelector(".setup-name").textContent !== name) ok = false;
      }
      for (const piece of editor.querySelectorAll(".setup-piece")) {
        const symbol = piece.getAttribute("data-symbol");
        const kind = bySymbol.get(symbol);
        const b = piece.querySelector("b");
        if (!kind || piece.getAttribute("title") !== kind.name || !b || b.textContent !== symbol) ok = false;
        if (piece.getAttribute("data-from") !== "tray") placed.set(symbol, (placed.get(symbol) || 0) + 1);
      }
      for (const [symbol, n] of placed) if (!bySymbol.has(symbol) || n > bySymbol.get(symbol).count) ok = false;
      if (ok) {
        for (const part of editor.querySelectorAll(".setup-grid, .setup-tray, #saved-setups")) part.remove();
      } else say("the setup editor", "holds squares or pieces that are not the seat's own");
    }
  }

  // Everything left names no rank.
  const geometry = new Set(["x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "d", "points", "viewbox", "transform", "style", "data-moves-played"]);
  const path = (node) => {
    const parts = [];
    for (let n = node; n && n.nodeType === 1 && parts.length < 4; n = n.parentElement) {
      parts.unshift(`${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ""}${n.getAttribute("class") ? `.${n.getAttribute("class").split(" ")[0]}` : ""}${n.getAttribute("data-square") ? `[${n.getAttribute("data-square")}]` : ""}`);
    }
    return parts.join(" > ");
  };
  const report = (where, text, symbolsToo) => {
    const found = [...namesIn(text), ...(symbolsToo ? symbolsIn(text) : [])];
    if (found.length) say(where, `${short(text)} names ${[...new Set(found.map((k) => `${k.name} (${k.symbol})`))].join(", ")}`);
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT);
  for (let node = root; node; node = walker.nextNode()) {
    checked.nodes++;
    if (node.nodeType === 1) {
      for (const attr of node.attributes) report(`the attribute ${attr.name} of ${path(node)}`, attr.value, !geometry.has(attr.name.toLowerCase()));
    } else {
      report(`${node.nodeType === 8 ? "a comment" : "the text"} in ${path(node.parentElement)}`, node.data, true);
    }
  }
  for (const [where, value] of values) report(where, value, true);
  return { problems, checked };
}

/**
 * Checks both seats' pages and the spectator's at one point of the game
 * (every page showing `moves` moves). Returns the counts of what was
 * checked, and the problems found per page.
 */
export async function findLeaks(pages, spectator, setup, moves) {
  const truth = [await ownPieces(pages[0], 0), await ownPieces(pages[1], 1)];
  const setUp = [moves >= 1, moves >= 2];
  const reference = await publicReference(spectator);
  const found = {};
  for (const [who, page, own] of [["red", pages[0], 0], ["blue", pages[1], 1], ["the spectator", spectator, null]]) {
    found[who] = await page.evaluate(scanPage, {
      ...setup,
      own,
      truth,
      setUp,
      setupTurn: own !== null && moves === own,
      reference: own === null ? null : reference,
    });
  }
  return { truth, found };
}
