// The game screen: one seat (or a spectator) of a match on the server, over
// its WebSocket. It draws only what the server sent to this connection and
// keeps nothing else: on a hand-over every board and view is dropped.

import { h, clear, sleep, sideClass } from "./dom.js";
import { api, Connection } from "./net.js";
import { boardModule, stepMs, lastMoveKeys } from "./boards.js";
import { Picker, boardCells } from "./picker.js";

/** The board inside a `board` answer (a SeatBoard: the BoardView and the last move). */
function splitSeatBoard(seatBoard) {
  if (!seatBoard) return { board: null, lastMove: null };
  if (seatBoard.board && Array.isArray(seatBoard.board.cells)) {
    return { board: seatBoard.board, lastMove: seatBoard.last_move || null };
  }
  return { board: seatBoard, lastMove: seatBoard.last_move || null };
}

/** The status in words, for the status line. */
export function statusLine(status, info, me) {
  if (!status) return "";
  if (status.over) return status.result || "the game is over";
  const who = status.to_move_name || (info.players && info.players[status.to_move]) || `player ${status.to_move}`;
  if (me === null || me === undefined) return `${who} to move`;
  return status.to_move === me ? `${who} to move: your turn` : `${who} to move`;
}

export class GameScreen {
  /**
   * @param root the element to draw in
   * @param options `{match, token, hotseat}` from the page's address
   */
  constructor(root, options) {
    this.root = root;
    this.match = options.match;
    this.token = options.token || null;
    this.hotseat = !!options.hotseat;
    this.info = { game: options.game || null, variant: options.variant || null, players: [], params: {}, hidden: false };
    this.me = null;
    this.data = null; // what the server last sent: {board, lastMove, legal, status, text, log, view}
    this.picker = null;
    this.counts = null;
    this.described = null;
    this.message = "";
    this.handover = false;
    this.dirty = false;
    this.refreshing = null;
    this.confirmResign = false;
    this.closed = false;
  }

  async start() {
    this.root.replaceChildren(h("div", { id: "game", "data-state": "loading" }, [h("p", { text: "connecting…" })]));
    this.catalog = await api("/api/games").catch(() => ({ games: [] }));
    this.conn = new Connection(
      this.match,
      this.token,
      (event) => this.onEvent(event),
      () => {
        this.closed = true;
        this.message = "the connection to the server closed";
        this.render();
      },
    );
    await this.conn.ready;
    const welcome = await Promise.race([this.conn.welcome, sleep(3000).then(() => null)]);
    if (welcome) {
      this.learn(welcome);
      const you = welcome.you || {};
      if (typeof you.player === "number") this.me = you.player;
      if (you.hotseat) this.hotseat = true;
      if (Array.isArray(welcome.seats)) this.info.agentSeats = welcome.seats.filter((s) => s.agent).map((s) => s.player);
    }
    if (this.hotseat) {
      const first = await this.conn.request({ cmd: "status" });
      this.learn(first);
      if (this.info.hidden && !first.status.over) {
        // Nothing of anyone's pieces before the first player says it is them.
        this.handOver(first.status);
        return;
      }
    }
    await this.refresh();
  }

  /** Fills in the game, its players and parameters from the answers and the catalog. */
  learn(answer) {
    for (const key of ["game", "variant"]) if (answer[key]) this.info[key] = answer[key];
    if (Array.isArray(answer.players)) this.info.players = answer.players;
    if (typeof answer.hidden_information === "boolean") this.info.hidden = answer.hidden_information;
    if (answer.params) this.info.params = answer.params;
    if (typeof answer.player === "number" && !this.hotseat && this.token) this.me = answer.player;
    const game = (this.catalog.games || []).find((g) => g.game === this.info.game);
    if (game) {
      const variant = game.variants.find((v) => v.name === this.info.variant) || game.variants[0];
      if (!this.info.players.length) this.info.players = variant.players;
      if (!answer.params && !Object.keys(this.info.params).length) this.info.params = variant.params;
      if (typeof answer.hidden_information !== "boolean") this.info.hidden = game.hidden_information;
      this.info.name = game.name;
    }
  }

  onEvent(event) {
    if (event.event === "update") {
      if (event.described && event.moves_played !== undefined) {
        this.described = { text: event.described, moves: event.moves_played };
      }
      // Hot-seat, hidden information: play() shows the mover's result and
      // the hand-over follows; nothing is fetched until the next player is there.
      if (this.hotseat && this.info.hidden && (this.awaitingResult || this.resultText || this.handover)) return;
      if (this.hotseat && this.info.hidden && this.data && event.status && !event.status.over) {
        // The other player is to move: hide this one's board at once (the
        // mover's result is shown first, see play()).
        if (this.data.status && this.data.status.to_move !== event.status.to_move) {
          this.handOver(event.status);
          return;
        }
      }
      this.queueRefresh();
    }
  }

  queueRefresh() {
    this.dirty = true;
    if (!this.refreshing) {
      this.refreshing = (async () => {
        while (this.dirty) {
          this.dirty = false;
          try {
            await this.refresh();
          } catch (e) {
            this.message = e.message;
            this.render();
          }
        }
        this.refreshing = null;
      })();
    }
    return this.refreshing;
  }

  /** Asks the server for this seat's board (and view) and draws it. */
  async refresh() {
    if (this.handover || this.closed) return;
    const answer = await this.conn.request({ cmd: "board" });
    this.learn(answer);
    const fresh = JSON.stringify(answer.board) + JSON.stringify(answer.status) + (answer.legal || []).length;
    const module = boardModule(this.info.game);
    let view = null;
    if (module.needsView || (this.me === null && this.token && !this.hotseat)) {
      const v = await this.conn.request({ cmd: "view" }).catch(() => null);
      if (v) {
        view = v.view;
        if (typeof v.player === "number" && this.token && !this.hotseat) this.me = v.player;
      }
    }
    if (this.handover) return; // handed over while the answer was on its way
    // The same board again (an update this screen already drew): keep the
    // selection and draw nothing.
    if (this.data && this.data.fresh === fresh && JSON.stringify(view) === JSON.stringify(this.data.view) && !this.message) return;
    const { board, lastMove } = splitSeatBoard(answer.board);
    if (this.hotseat) this.me = answer.status && !answer.status.over ? answer.status.to_move : this.me;
    const before = this.data;
    const next = {
      board,
      lastMove,
      legal: answer.legal || [],
      status: answer.status,
      text: answer.text || "",
      log: answer.log || [],
      moves: answer.moves || [],
      fresh,
      view,
    };
    // The moves of a sowing game are shown step by step from the board
    // before them (the seat's own move and an agent's reply one after the
    // other), each as the server described it.
    const played = before && before.status && next.status.moves_played - before.status.moves_played;
    if (module.frames && before && before.board && played >= 1 && played <= 4 && stepMs() > 0 && !this.handover) {
      const described = (answer.log || []).slice(-played);
      if (described.length === played && described.every(Boolean)) {
        this.data = { ...before, legal: [] };
        this.picker = null;
        this.animating = true;
        this.render();
        let board = before.board;
        for (const text of described) {
          const frames = module.frames(board, text, this.info);
          if (!frames.length) break;
          const ms = Math.max(8, Math.min(stepMs(), 3000 / frames.length));
          for (const frame of frames) {
            this.counts = frame;
            this.renderBoard();
            await sleep(ms);
          }
          board = module.afterFrames(board, frames[frames.length - 1], this.info);
        }
        this.counts = null;
        this.animating = false;
      }
    }
    this.data = next;
    const mover = next.status.over ? null : next.status.to_move;
    this.picker = this.myTurn() ? new Picker(next.legal, boardCells(board), mover) : null;
    this.render();
  }

  myTurn() {
    const st = this.data && this.data.status;
    return !!st && !st.over && this.me !== null && st.to_move === this.me && !!this.token;
  }

  /** Plays `move` for this seat. */
  async play(move) {
    this.message = "";
    this.busy = true;
    this.picker = null;
    this.render();
    try {
      const handOver = this.hotseat && this.info.hidden;
      this.awaitingResult = handOver;
      const answer = await this.conn.request({ cmd: "play", move });
      this.busy = false;
      if (handOver && answer.status && !answer.status.over) {
        this.showResult(answer.described || `you played ${move}`, answer.status);
        return;
      }
    } catch (e) {
      this.busy = false;
      this.awaitingResult = false;
      this.message = e.message;
    }
    await this.queueRefresh();
  }

  /** Hot-seat: the mover reads what the move did, then hides the board. */
  showResult(described, status) {
    this.awaitingResult = false;
    this.pendingStatus = status;
    this.resultText = described;
    this.render();
  }

  /** Hot-seat: drops every board and view and shows the hand-over screen. */
  handOver(status) {
    this.handover = true;
    this.resultText = null;
    this.pendingStatus = null;
    this.message = "";
    this.choices = null;
    this.confirmResign = false;
    this.data = { status, board: null, legal: [], log: [], view: null, lastMove: null, text: "" };
    this.picker = null;
    this.counts = null;
    this.render();
  }

  async takeOver() {
    this.handover = false;
    this.data = null;
    await this.queueRefresh();
  }

  async undo() {
    const st = this.data.status;
    // Against an agent, take back its reply too, so that it is this seat's turn again.
    const againstAgent = !this.hotseat && this.info.agentSeats && this.info.agentSeats.length > 0;
    const count = againstAgent && this.myTurn() && st.moves_played >= 2 ? 2 : 1;
    try {
      await this.conn.request({ cmd: "undo", count });
    } catch (e) {
      this.message = e.message;
    }
    await this.queueRefresh();
  }

  async resign() {
    if (!this.confirmResign) {
      this.confirmResign = true;
      this.render();
      return;
    }
    this.confirmResign = false;
    try {
      await this.conn.request({ cmd: "resign" });
    } catch (e) {
      this.message = e.message;
    }
    await this.queueRefresh();
  }

  async hint() {
    try {
      const answer = await this.conn.request({ cmd: "genmove", agent: "greedy" });
      this.message = `hint: ${answer.move}`;
    } catch (e) {
      this.message = e.message;
    }
    this.render();
  }

  /** The marks of the board: legal origins and targets, the selection, the last move. */
  marks() {
    const d = this.data;
    const cells = boardCells(d.board);
    const last = lastMoveKeys(d.lastMove, cells, d.board.cols);
    if (!this.picker) return { last };
    return {
      last,
      origins: this.picker.origins(),
      singles: this.picker.singles(),
      multiOrigins: this.picker.multiOrigins(),
      targets: this.picker.targets(),
      selected: this.picker.selected,
    };
  }

  boardContext() {
    return {
      board: this.data.board,
      view: this.data.view,
      status: this.data.status,
      info: this.info,
      me: this.me,
      marks: this.marks(),
      counts: this.counts,
    };
  }

  onBoardClick(event) {
    if (!this.picker || this.busy || this.animating) return;
    const target = event.target.closest("[data-key]");
    if (!target || !target.dataset.key) return;
    const moves = this.picker.click(target.dataset.key, target.dataset.intent);
    if (moves.length === 1) this.play(moves[0]);
    else if (moves.length > 1) {
      this.choices = moves;
      this.render();
    } else this.renderBoard();
  }

  renderBoard() {
    const area = this.root.querySelector("#board-area");
    if (!area || !this.data || !this.data.board) return;
    const module = boardModule(this.info.game);
    const ctx = this.boardContext();
    clear(area);
    if (module.inSetup && module.inSetup(ctx) && this.token) {
      area.append(module.setupEditor(ctx, (move) => this.play(move)));
      return;
    }
    const drawn = module.draw(ctx);
    drawn.addEventListener("click", (e) => this.onBoardClick(e));
    area.append(drawn);
  }

  render() {
    const d = this.data;
    const state = this.handover
      ? "handover"
      : this.resultText
        ? "result"
        : !d
          ? "loading"
          : this.busy || this.animating
            ? "busy"
            : d.status.over
              ? "over"
              : "ready";
    const game = h("div", {
      id: "game",
      "data-state": state,
      "data-game": this.info.game,
      "data-me": this.me === null ? "" : this.me,
      "data-my-turn": String(this.myTurn() && !this.busy && !this.animating),
      "data-moves-played": d && d.status ? d.status.moves_played : "",
    });
    const title = `${this.info.name || this.info.game || "game"}${this.info.variant ? ` (${this.info.variant})` : ""}`;
    const seat = this.token
      ? this.hotseat
        ? "hot-seat"
        : this.me !== null && this.info.players[this.me]
          ? `you play ${this.info.players[this.me]}`
          : "a seat"
      : "spectator";
    game.append(
      h("div", { class: "game-head" }, [
        h("h2", { text: title }),
        h("span", { class: `seat ${sideClass(this.me)}`, id: "seat", text: seat }),
      ]),
    );
    let line = d ? statusLine(d.status, this.info, this.me) : "";
    if (d && d.status && !d.status.over && (this.info.agentSeats || []).includes(d.status.to_move)) line += " (the agent is thinking…)";
    game.append(h("div", { class: "status", id: "status", text: line }));
    if (this.message) game.append(h("div", { class: "message", id: "message", text: this.message }));
    if (this.handover) {
      const next = this.info.players[d.status.to_move] || "the next player";
      game.append(
        h("div", { class: "handover", id: "handover" }, [
          h("h3", { text: `Hand over to ${next}` }),
          h("p", { text: `${next}: press the button when the other player cannot see the screen.` }),
          h("button", { id: "take-over", class: "primary", text: `I am ${next}: show my board`, onclick: () => this.takeOver() }),
        ]),
      );
      this.root.replaceChildren(game);
      return;
    }
    if (this.resultText) {
      game.append(
        h("div", { class: "handover result", id: "result" }, [
          h("h3", { text: "Your move" }),
          h("pre", { text: this.resultText }),
          h("button", {
            id: "hide-board",
            class: "primary",
            text: "Hide my board and hand over",
            onclick: () => this.handOver(this.pendingStatus),
          }),
        ]),
      );
      this.root.replaceChildren(game);
      return;
    }
    const layout = h("div", { class: "layout" });
    const main = h("div", { class: "main" }, [h("div", { id: "board-area", class: "board-area" })]);
    if (d && d.board && d.board.notes && d.board.notes.length) {
      main.append(h("ul", { class: "notes", id: "notes" }, d.board.notes.map((n) => h("li", { text: n }))));
    }
    if (this.choices) {
      main.append(
        h("div", { class: "choices", id: "choices" }, [
          h("span", { text: "Which move? " }),
          ...this.choices.map((m) => h("button", { class: "choice", text: m, onclick: () => { this.choices = null; this.play(m); } })),
          h("button", { text: "cancel", onclick: () => { this.choices = null; this.render(); } }),
        ]),
      );
    }
    if (this.picker && this.picker.buttons().length) {
      main.append(
        h("div", { class: "move-buttons", id: "move-buttons" }, this.picker.buttons().map((m) => h("button", { class: "move-button", "data-move": m, text: m, onclick: () => this.play(m) }))),
      );
    }
    layout.append(main);
    layout.append(this.sidePanel());
    game.append(layout);
    this.root.replaceChildren(game);
    const list = game.querySelector("#move-list");
    if (list) list.scrollTop = list.scrollHeight;
    this.renderBoard();
  }

  sidePanel() {
    const d = this.data;
    const side = h("aside", { class: "side" });
    const log = (d && d.log) || [];
    const moves = (d && d.moves) || [];
    side.append(h("h3", { text: "Moves" }));
    side.append(
      h(
        "ol",
        { class: "move-list", id: "move-list" },
        moves.map((m, i) => h("li", { title: log[i] || null, text: m === null ? "(secret)" : m })),
      ),
    );
    const controls = h("div", { class: "controls" });
    if (this.token && d && d.status && !d.status.over) {
      if (!this.info.hidden) {
        controls.append(h("button", { id: "undo", text: "Undo", disabled: d.status.moves_played === 0 || this.busy, onclick: () => this.undo() }));
      }
      if (this.myTurn()) {
        controls.append(h("button", { id: "hint", text: "Hint", onclick: () => this.hint() }));
      }
      controls.append(
        h("button", {
          id: "resign",
          class: this.confirmResign ? "danger" : "",
          text: this.confirmResign ? "Really resign?" : "Resign",
          onclick: () => this.resign(),
        }),
      );
    }
    side.append(controls);
    if (this.myTurn()) {
      const input = h("input", { id: "move-text", placeholder: "or type a move", "aria-label": "move in notation" });
      const form = h("form", { class: "move-form", onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) this.play(input.value.trim()); } }, [
        input,
        h("button", { type: "submit", text: "Play" }),
      ]);
      side.append(form);
    }
    if (d && d.text) {
      side.append(h("details", { class: "text-board" }, [h("summary", { text: "text board" }), h("pre", { text: d.text })]));
    }
    side.append(h("p", {}, [h("a", { href: "/", text: "new game" })]));
    return side;
  }
}
