// The game screen: one seat (or a spectator) of a match on the server, over
// its WebSocket. It sends one message per action and draws only what the
// server's `update` for this connection carries: the board, the legal
// moves and their squares, the last move's frames, the pending undo and
// draw requests. It knows no rule of any game; on a hand-over every board
// and view is dropped.

import { h, clear, sleep, sideClass } from "./dom.js";
import { api, Connection } from "./net.js";
import { boardModule, stepMs, lastMoveKeys, animationBoards } from "./boards.js";
import { Picker, boardCells } from "./picker.js";
import { noteClock, clockPanel } from "./clock.js";
import { playersPanel, pageTitle, downloadRecord, gameOverPanel, rematchAddress } from "./online.js";

/** The status of an update, as the screen keeps it. */
export function statusOf(update) {
  return {
    over: update.over,
    to_move: update.to_move === null || update.to_move === undefined ? null : update.to_move,
    moves_played: update.moves_played,
    result: update.status,
  };
}

/** The status in words, for the status line. */
export function statusLine(status, info, me) {
  if (!status) return "";
  if (status.over) return status.result || "the game is over";
  const who = info.players[status.to_move] || `player ${status.to_move}`;
  if (me === null || me === undefined) return `${who} to move`;
  return status.to_move === me ? `${who} to move: your turn` : `${who} to move`;
}

/** The legal moves of an update with their squares, as the picker takes them. */
export function legalOf(update) {
  const squares = new Map((update.legal_move_squares || []).map(([move, sq]) => [move, sq]));
  return (update.legal_moves || []).map((move) => ({ move, squares: squares.get(move) || [] }));
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
    this.data = null; // what the last update drew: {board, lastMove, legal, status, text, view, placement, ...}
    this.moves = []; // the move list: {text, title} per move, as this connection may know them
    this.latest = null; // the last update received
    this.picker = null;
    this.message = "";
    this.handover = false;
    this.confirmResign = false;
    this.closed = false;
    this.queue = Promise.resolve();
    this.waitingPast = null; // the version an action was sent at, until a later update
  }

  async start() {
    this.root.replaceChildren(h("div", { id: "game", "data-state": "loading" }, [h("p", { text: "connecting…" })]));
    this.catalog = await api("/api/games").catch(() => ({ games: [] }));
    // The link is checked first: a match that is not there, or a token
    // that is none of its seats, gets a page that says so.
    const path = `/api/matches/${encodeURIComponent(this.match)}` + (this.token ? `?token=${encodeURIComponent(this.token)}` : "");
    const check = await fetch(path).then(async (r) => ({ status: r.status, body: await r.json().catch(() => ({})) })).catch(() => null);
    if (check && (check.status === 404 || check.status === 403)) {
      this.showUnreachable(check.status === 404 ? "unknown_match" : "bad_token");
      return;
    }
    this.conn = new Connection(
      this.match,
      this.token,
      (event) => this.onEvent(event),
      () => {
        this.closed = true;
        this.message = "the connection to the server closed";
        this.render();
      },
      (status) => {
        // The server went away (a restart): the connection comes back by
        // itself and the server's next update redraws everything.
        this.reconnecting = status === "reconnecting";
        this.busy = false;
        this.waitingPast = null;
        this.message = this.reconnecting ? "reconnecting to the server…" : "";
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
  }

  /** The page of a link that leads nowhere: what happened, and the ways on. */
  showUnreachable(kind) {
    const spectator = `/?match=${encodeURIComponent(this.match)}`;
    const text = kind === "unknown_match"
      ? [
          "No match with this id is on this server.",
          "The link may be mistyped or cut short, or the match ended and was removed (finished and abandoned matches are removed after a while).",
        ]
      : [
          "This link's seat token is not one of this match's seats.",
          "The link may be mistyped or cut short, or it belongs to another match. You can still watch the match as a spectator.",
        ];
    const ways = [h("a", { href: "/", id: "back-to-lobby", class: "button", text: "Back to the lobby (a new game)" })];
    if (kind === "bad_token") ways.push(h("a", { href: spectator, id: "watch-instead", class: "button", text: "Watch as a spectator" }));
    this.root.replaceChildren(
      h("div", { id: "game", "data-state": "unreachable", "data-reason": kind }, [
        h("div", { class: "unreachable", id: "unreachable" }, [
          h("h2", { text: kind === "unknown_match" ? "Match not found" : "Not a seat of this match" }),
          ...text.map((t) => h("p", { text: t })),
          h("p", {}, ways),
        ]),
      ]),
    );
    document.title = kind === "unknown_match" ? "Match not found - Plateau" : "Wrong seat link - Plateau";
  }

  /** Fills in the game, its players and parameters from the welcome and the catalog. */
  learn(answer) {
    for (const key of ["game", "variant"]) if (answer[key]) this.info[key] = answer[key];
    if (Array.isArray(answer.players)) this.info.players = answer.players;
    if (typeof answer.hidden_information === "boolean") this.info.hidden = answer.hidden_information;
    const game = (this.catalog.games || []).find((g) => g.game === this.info.game);
    if (game) {
      const variant = game.variants.find((v) => v.name === this.info.variant) || game.variants[0];
      if (!this.info.players.length) this.info.players = variant.players;
      if (!Object.keys(this.info.params).length) this.info.params = variant.params;
      this.info.name = game.name;
    }
  }

  onEvent(event) {
    if (event.event === "closed") {
      const why = { deleted: "its owner ended it", dropped: "the server made room for new matches", abandoned: "nobody played it for a long time", unwatched: "nobody watched it", shutdown: "the server is stopping" };
      this.message = `the match was closed: ${why[event.reason] || event.reason}`;
      this.render();
      return;
    }
    if (event.event === "presence") {
      // Drawn again only when it changed (a page reloaded stays online).
      const before = JSON.stringify([this.presence, this.rematchOffer]);
      this.presence = event.presence;
      this.rematchOffer = event.rematch_offer || null;
      if (this.data && JSON.stringify([this.presence, this.rematchOffer]) !== before) this.render();
      return;
    }
    if (event.event === "rematch") {
      // The new match, with this seat's own new token.
      this.closed = true;
      location.assign(rematchAddress(event, this.info));
      return;
    }
    if (event.event !== "update") return;
    if (event.presence) this.presence = event.presence;
    if ("rematch_offer" in event) this.rematchOffer = event.rematch_offer || null;
    this.followMoves(event);
    this.latest = event;
    noteClock(event);
    // Updates are drawn one after the other (an animation finishes first).
    this.queue = this.queue.then(() => this.show(event)).catch((e) => {
      this.message = e.message;
      this.render();
    });
  }

  /** Keeps the move list from the update's events (each move as this connection may know it). */
  followMoves(update) {
    if (update.resync) this.moves = [];
    for (const e of update.events || []) {
      if (e.event === "moved") {
        while (this.moves.length < e.ply - 1) this.moves.push({ text: "…", title: null });
        this.moves.length = e.ply - 1;
        this.moves.push({ text: e.notation === null ? "(secret)" : e.notation, title: e.description || null });
      }
    }
    this.moves.length = Math.min(this.moves.length, update.moves_played);
    while (this.moves.length < update.moves_played) this.moves.push({ text: "…", title: null });
  }

  /** Draws an update, animating its last move when it is the next one. */
  async show(update) {
    if (this.closed) return;
    if (this.waitingPast !== null && update.version > this.waitingPast) {
      // The update after this screen's own action: it may act again.
      this.waitingPast = null;
      this.busy = false;
    }
    if (this.hotseat) this.me = update.seat === null || update.seat === undefined ? null : update.seat;
    else if (typeof update.seat === "number" && this.token) this.me = update.seat;
    const status = statusOf(update);
    if (this.hotseat && this.info.hidden) {
      // Hot-seat, hidden information: the mover reads the result first,
      // then the hand-over screen; nothing is drawn until the next player
      // says it is them.
      if (this.awaitingResult || this.resultText) return;
      const before = this.data && this.data.status;
      const firstLook = !this.handedOver && !this.handover && !status.over;
      const changedHands = before && !status.over && before.to_move !== status.to_move;
      if (firstLook || changedHands) {
        this.handOver(status);
        return;
      }
      if (this.handover) {
        this.data = { ...this.data, status };
        if (status.over) this.handover = false;
        else return;
      }
    }
    const next = {
      board: update.board ? update.board.board : null,
      lastMove: update.board ? update.board.last_move : null,
      legal: legalOf(update),
      yourTurn: !!update.your_turn,
      status,
      text: update.text || "",
      view: update.seat_view || null,
      placement: update.placement || null,
      undoRequest: update.undo_request || null,
      drawOffer: update.draw_offer || null,
      seats: update.seats || [],
      outcome: update.outcome || null,
    };
    const before = this.data;
    const last = update.last_move;
    const module = boardModule(this.info.game);
    const drawnMoves = before && before.status ? before.status.moves_played : null;
    const oneMore = drawnMoves !== null && status.moves_played === drawnMoves + 1;
    // Moves made since the board drawn last (an agent may have replied
    // before this update went out): each one's frames from the events, in
    // order, then the board now.
    const fewMore = drawnMoves !== null && status.moves_played > drawnMoves + 1 && status.moves_played <= drawnMoves + 4;
    let boards = animationBoards(update);
    if (fewMore) {
      const framed = (update.events || []).filter((e) => e.event === "moved" && e.ply > drawnMoves && Array.isArray(e.frames));
      const frames = framed.flatMap((e) => e.frames);
      if (frames.length && update.board && update.board.board) boards = [...frames, update.board.board];
    }
    if ((oneMore || fewMore) && boards.length > 1 && stepMs() > 0 && last && !this.handover) {
      this.picker = null;
      this.animating = true;
      this.data = { ...before, legal: [], yourTurn: false, status };
      this.render();
      const ms = Math.max(8, Math.min(stepMs() * 2, 3000 / boards.length));
      for (const board of boards) {
        this.data = { ...this.data, board, lastMove: null };
        this.renderBoard();
        await sleep(ms);
      }
      this.animating = false;
    }
    if (this.handover) return;
    this.data = next;
    const mover = status.over ? null : status.to_move;
    this.picker = next.yourTurn ? new Picker(next.legal, boardCells(next.board || { cells: [], cols: 1 }), mover) : null;
    this.render();
  }

  myTurn() {
    return !!this.data && !!this.data.yourTurn && !!this.token;
  }

  /** Sends one action; shows its refusal. Returns the answer or null. */
  async send(request) {
    try {
      return await this.conn.request(request);
    } catch (e) {
      this.message = e.message;
      this.render();
      return null;
    }
  }

  /** Plays `move` (its notation) for this seat. */
  async play(move) {
    await this.act({ cmd: "play", move });
  }

  /** Plays a setup from the placement editor. */
  async place(arrangement) {
    await this.act({ cmd: "placement", arrangement });
  }

  /**
   * Sends a move; the screen stays busy until the update that follows it
   * (the answer comes before the update), so nothing stale is clickable.
   */
  async act(request) {
    this.message = "";
    this.busy = true;
    this.picker = null;
    this.render();
    const sentAt = this.latest ? this.latest.version : 0;
    const handOver = this.hotseat && this.info.hidden;
    this.awaitingResult = handOver;
    const answer = await this.send(request);
    this.awaitingResult = false;
    if (!answer) {
      this.busy = false;
      if (this.data) {
        const mover = this.data.status.over ? null : this.data.status.to_move;
        this.picker = this.myTurn() ? new Picker(this.data.legal, boardCells(this.data.board), mover) : null;
      }
      this.render();
      return;
    }
    const p = answer.played || {};
    if (handOver && !p.outcome) {
      const lines = [p.notation ? `you played ${p.notation}` : "you played", p.description || ""];
      this.busy = false;
      this.showResult(lines.filter(Boolean).join("\n"));
      return;
    }
    if (this.latest && this.latest.version > sentAt) {
      // Its update came first.
      this.busy = false;
      this.queue = this.queue.then(() => this.show(this.latest));
    } else {
      this.waitingPast = sentAt;
    }
  }

  /** Hot-seat: the mover reads what the move did, then hides the board. */
  showResult(described) {
    this.resultText = described;
    this.render();
  }

  /** Hot-seat: the mover has read the result; the next player's turn, or the end. */
  hideBoard() {
    this.resultText = null;
    const status = statusOf(this.latest);
    if (status.over) {
      this.queue = this.queue.then(() => this.show(this.latest));
      return;
    }
    this.handOver(status);
  }

  /** Hot-seat: drops every board and view and shows the hand-over screen. */
  handOver(status) {
    this.handover = true;
    this.handedOver = true;
    this.resultText = null;
    this.message = "";
    this.choices = null;
    this.confirmResign = false;
    this.data = { status, board: null, legal: [], view: null, lastMove: null, text: "", yourTurn: false };
    this.picker = null;
    this.render();
  }

  async takeOver() {
    this.handover = false;
    this.data = null;
    // The view of the player now at the screen.
    const answer = await this.send({ cmd: "view" });
    if (answer && answer.update) {
      this.latest = answer.update;
      this.queue = this.queue.then(() => this.show(answer.update));
    }
  }

  /** Asks to take back moves (the match decides: at once, or the others are asked). */
  async undo() {
    await this.send({ cmd: "undo" });
  }

  async answerUndo(accept) {
    await this.send({ cmd: "answer_undo", accept });
  }

  async offerDraw() {
    await this.send({ cmd: "offer_draw" });
  }

  async answerDraw(accept) {
    await this.send({ cmd: "answer_draw", accept });
  }

  async resign() {
    if (!this.confirmResign) {
      this.confirmResign = true;
      this.render();
      return;
    }
    this.confirmResign = false;
    await this.send({ cmd: "resign" });
  }

  async hint() {
    const answer = await this.send({ cmd: "hint", agent: "greedy" });
    if (answer) {
      this.message = `hint: ${answer.move}`;
      this.render();
    }
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
      placement: this.data.placement,
      yourTurn: this.myTurn() && !this.busy && !this.animating,
      status: this.data.status,
      info: this.info,
      me: this.me,
      marks: this.marks(),
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
    if (module.inSetup && module.inSetup(ctx) && this.token && !this.animating) {
      area.append(module.setupEditor(ctx, (arrangement) => this.place(arrangement)));
      return;
    }
    const drawn = module.draw(ctx);
    drawn.addEventListener("click", (e) => this.onBoardClick(e));
    area.append(drawn);
  }

  /** The pending undo request or draw offer, with the answer buttons for the one asked. */
  requests() {
    const d = this.data;
    const out = [];
    const name = (p) => this.info.players[p] || `player ${p}`;
    const asked = (r) => r && this.token && this.me !== null && (r.asked || []).includes(this.me);
    if (d.undoRequest) {
      const r = d.undoRequest;
      if (asked(r)) {
        out.push(
          h("div", { class: "request", id: "undo-request" }, [
            h("span", { text: `${name(r.by)} asks to take back ${r.plies === 1 ? "a move" : `${r.plies} moves`}. ` }),
            h("button", { id: "undo-accept", class: "primary", text: "Accept", onclick: () => this.answerUndo(true) }),
            h("button", { id: "undo-decline", text: "Decline", onclick: () => this.answerUndo(false) }),
          ]),
        );
      } else {
        out.push(h("div", { class: "request", id: "undo-pending", text: `${name(r.by)} asked to take back ${r.plies === 1 ? "a move" : `${r.plies} moves`}: waiting for an answer` }));
      }
    }
    if (d.drawOffer) {
      const r = d.drawOffer;
      if (asked(r) && !(r.accepted || []).includes(this.me)) {
        out.push(
          h("div", { class: "request", id: "draw-offer" }, [
            h("span", { text: `${name(r.by)} offers a draw. ` }),
            h("button", { id: "draw-accept", class: "primary", text: "Accept", onclick: () => this.answerDraw(true) }),
            h("button", { id: "draw-decline", text: "Decline", onclick: () => this.answerDraw(false) }),
          ]),
        );
      } else {
        out.push(h("div", { class: "request", id: "draw-pending", text: `${name(r.by)} offered a draw: waiting for an answer` }));
      }
    }
    return out;
  }

  /** Saves the record as this page may know it. */
  async download() {
    try {
      await downloadRecord(this.match, this.token, this.info.game);
    } catch (e) {
      this.message = e.message;
      this.render();
    }
  }

  /** Asks for a rematch (the server makes it once every player asked). */
  async rematch() {
    this.rematchAsked = true;
    const answer = await this.send({ cmd: "rematch" });
    if (!answer) this.rematchAsked = false;
    this.render();
  }

  render() {
    const d = this.data;
    document.title = pageTitle(this.handover ? null : d, this.info, this.token);
    const state = this.reconnecting
      ? "reconnecting"
      : this.handover
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
    game.append(...clockPanel(this.info, this.me));
    let line = d ? statusLine(d.status, this.info, this.me) : "";
    if (d && d.status && !d.status.over && (this.info.agentSeats || []).includes(d.status.to_move)) line += " (the agent is thinking…)";
    game.append(h("div", { class: "status", id: "status", text: line }));
    if (d && d.seats && d.seats.length && !this.handover) game.append(playersPanel(d.seats, this.presence, this.hotseat ? null : this.me, this.info));
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
            onclick: () => this.hideBoard(),
          }),
        ]),
      );
      this.root.replaceChildren(game);
      return;
    }
    if (d && !d.status.over) for (const r of this.requests()) game.append(r);
    if (d && d.status && d.status.over && !this.animating) game.append(gameOverPanel(this));
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
    side.append(h("h3", { text: "Moves" }));
    side.append(
      h(
        "ol",
        { class: "move-list", id: "move-list" },
        this.moves.map((m) => h("li", { title: m.title, text: m.text })),
      ),
    );
    const controls = h("div", { class: "controls" });
    if (this.token && d && d.status && !d.status.over) {
      if (!this.info.hidden) {
        controls.append(h("button", { id: "undo", text: "Undo", disabled: d.status.moves_played === 0 || this.busy || !!d.undoRequest, onclick: () => this.undo() }));
      }
      if (this.myTurn()) {
        controls.append(h("button", { id: "hint", text: "Hint", onclick: () => this.hint() }));
      }
      if (!this.hotseat && !d.drawOffer) {
        controls.append(h("button", { id: "offer-draw", text: "Offer a draw", onclick: () => this.offerDraw() }));
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
