// A seat's page: the table as this seat sees it, its legal moves as buttons, what it saw
// happen and the scores. Everything shown comes from the server's offer (issue 30's shape:
// format, game, version, view, legal [{text, id}], must_act): the moves are the offer's,
// never worked out here. A move is sent with the offer's version, so the server refuses it
// (409) when the table moved on first. The WebSocket pushes each new offer with the events
// the seat saw; when it closes (a server restart) the page reconnects with backoff.
"use strict";

const GAME_ID = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const TOKEN = new URLSearchParams(location.search).get("token") ?? "";
const TITLES = { campers: "Unhappy Campers", karibou: "Karibou Camp" };
const LOG_LIMIT = 400;
const BACKOFF_FIRST_MS = 250;
const BACKOFF_MOST_MS = 8000;
const PICTURE_EVERY_MS = 250; // at most four pictures a second, well inside the rate limit
const REFUSED = new Set([4401, 4403, 4404]); // closing codes of a bad link: no reconnecting

const page = document.body;
const element = (id) => document.getElementById(id);

let shown = null; // the offer on screen
let shownText = ""; // and its JSON
let drawings = 0; // how many offers were drawn
let ending = ""; // the game's end as the seat saw it (its "over" event)
let socket = null;
let backoff = BACKOFF_FIRST_MS;
let pictured = 0; // the drawing the picture shows
let pictureLoading = false;
let pictureAsked = 0; // when the last picture was asked for (ms)
let awaitingReply = null; // resolves the pending move's reply from the socket

function api(path, options = {}) {
  return fetch(`/api/games/${encodeURIComponent(GAME_ID)}${path}`, {
    ...options,
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
  });
}

function refusal(answer, status) {
  return answer.error || `refused (${status})`;
}

function say(text) {
  element("message").textContent = text;
}

function setConnected(connected) {
  page.dataset.connected = String(connected);
  element("connection").textContent = connected ? "connected" : "reconnecting…";
}

// --- drawing an offer --------------------------------------------------------------------

function verbOf(text) {
  // "p1 draw 2" -> "draw": the moves are grouped by their verb, for reading only
  return text.split(" ")[1] ?? text;
}

function moveButton(text) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = text;
  button.dataset.action = text;
  button.addEventListener("click", () => send(text));
  return button;
}

function drawMoves(offer) {
  // a move still offered keeps its button, so that a click begun as the table changes
  // (real time: the other seats move at any moment) lands on the button it began on
  const texts = offer.legal.map((move) => move.text).join("\n");
  if (texts === element("move-groups").dataset.texts) return; // the same moves
  element("move-groups").dataset.texts = texts;
  const kept = new Map([...document.querySelectorAll("#move-groups button")]
    .map((button) => [button.dataset.action, button]));
  const groups = new Map();
  for (const move of offer.legal) {
    const verb = verbOf(move.text);
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(kept.get(move.text) ?? moveButton(move.text));
  }
  const boxes = [];
  for (const [verb, buttons] of groups) {
    const box = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = verb;
    box.append(legend, ...buttons);
    boxes.push(box);
  }
  if (!boxes.length) {
    const none = document.createElement("p");
    none.textContent = "No move for you now.";
    boxes.push(none);
  }
  element("move-groups").replaceChildren(...boxes);
}

function drawScores(view) {
  const items = [];
  const seats = view.final_scores?.length ? view.final_scores : view.scores;
  if (seats) {
    seats.forEach((points, seat) => {
      const item = document.createElement("li");
      item.textContent = `p${seat}${seat === view.player ? " (you)" : ""}: ${points}`;
      items.push(item);
    });
  } else if (view.score !== undefined) {
    const item = document.createElement("li");
    item.textContent = `p${view.player} (you): ${view.score}`;
    items.push(item);
  }
  if (view.winners?.length) {
    const item = document.createElement("li");
    item.textContent = `winners: ${view.winners.map((seat) => `p${seat}`).join(", ")}`;
    items.push(item);
  }
  element("score-list").replaceChildren(...items);
}

function drawStatus(offer) {
  const over = offer.view.phase === "over";
  page.dataset.over = String(over);
  let text;
  if (over) text = `The game is over. ${ending}`;
  else if (offer.must_act) text = "Your move: the table waits on you.";
  else if (offer.legal.length) text = "You may act; the table does not wait on you.";
  else text = "Waiting for the other seats.";
  element("status").textContent = text;
}

function show(offer) {
  // an older offer arriving late is dropped; one of the same version may still differ (a
  // seat declining a window changes who is asked, not the version)
  if (shown && offer.version < shown.version) return;
  const text = JSON.stringify(offer);
  if (text === shownText) return;
  shown = offer;
  shownText = text;
  drawings += 1;
  const view = offer.view;
  document.title = `${TITLES[offer.game] ?? offer.game}: seat ${view.player}`;
  element("title").textContent = `${TITLES[offer.game] ?? offer.game}, seat p${view.player}`;
  element("hand").textContent = view.hand ? `Your hand: ${view.hand.join(" ") || "(empty)"}` : "";
  drawMoves(offer);
  drawScores(view);
  drawStatus(offer);
  page.dataset.version = String(offer.version);
  page.dataset.drawn = String(drawings);
  refreshPicture();
}

async function refreshPicture() {
  // one request at a time, at most one each PICTURE_EVERY_MS; the latest version wins
  if (pictureLoading || pictured === drawings) return;
  const early = pictureAsked + PICTURE_EVERY_MS - Date.now();
  pictureLoading = true;
  if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
  pictureAsked = Date.now();
  const drawing = drawings;
  const player = shown.view.player;
  try {
    const response = await api("/picture");
    if (!response.ok && response.status !== 429) pictured = drawing; // no retrying that
    if (response.ok) {
      const svg = await response.text();
      const picture = element("picture");
      picture.dataset.drawing = String(drawing);
      picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      picture.alt = `The table as seat p${player} sees it`;
      pictured = drawing;
    }
  } catch {
    // the server is away: the socket's reconnection brings the page back
  } finally {
    pictureLoading = false;
  }
  if (page.dataset.connected === "true") refreshPicture();
}

function logEvents(events) {
  const log = element("log");
  for (const event of events) {
    const item = document.createElement("li");
    item.className = `event-${event.kind}`;
    item.textContent = event.text;
    log.prepend(item);
    if (event.kind === "over") ending = event.text;
  }
  while (log.children.length > LOG_LIMIT) log.lastElementChild.remove();
}

// --- talking to the server ----------------------------------------------------------------

async function fetchOffer() {
  try {
    const response = await api("/offer");
    const answer = await response.json();
    if (response.ok) show(answer);
    else say(refusal(answer, response.status));
  } catch {
    // the socket's reconnection fetches again
  }
}

function overSocket(body) {
  // one move at a time: the server's next reply on the socket answers it
  return new Promise((resolve) => {
    awaitingReply = resolve;
    socket.send(JSON.stringify(body));
  });
}

async function overHttp(body) {
  const response = await api("/actions", { method: "POST", body: JSON.stringify(body) });
  const answer = await response.json();
  return response.ok ? { status: response.status, offer: answer }
    : { status: response.status, ...answer };
}

async function send(text) {
  if (page.dataset.busy === "true" || !shown) return;
  page.dataset.busy = "true";
  page.dataset.sent = String(Number(page.dataset.sent) + 1);
  say("");
  const body = { version: shown.version, action: text };
  try {
    const open = socket && socket.readyState === WebSocket.OPEN;
    const reply = open ? await overSocket(body) : await overHttp(body);
    if (reply.status === 200) {
      show(reply.offer);
    } else if (reply.status === 409) {
      say(`The table moved on before your move arrived: ${refusal(reply, 409)}`);
      await fetchOffer();
    } else if (reply.status === 0) {
      say("The connection closed before the answer came; reconnecting.");
    } else {
      say(refusal(reply, reply.status));
    }
  } catch {
    say("The server cannot be reached; reconnecting.");
  } finally {
    page.dataset.busy = "false";
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws/games/${encodeURIComponent(GAME_ID)}`
    + `?token=${encodeURIComponent(TOKEN)}`;
  socket = new WebSocket(url);
  socket.addEventListener("open", () => {
    backoff = BACKOFF_FIRST_MS;
    setConnected(true);
    fetchOffer();
    refreshPicture(); // one asked for while the server was away is still missing
  });
  socket.addEventListener("message", (message) => {
    let update;
    try {
      update = JSON.parse(message.data);
    } catch {
      return;
    }
    if (update.reply) {
      const answer = awaitingReply;
      awaitingReply = null;
      if (answer) answer(update.reply);
      return;
    }
    if (update.events) logEvents(update.events);
    if (update.offer) show(update.offer);
  });
  socket.addEventListener("close", (closing) => {
    setConnected(false);
    if (awaitingReply) {
      awaitingReply({ status: 0 });
      awaitingReply = null;
    }
    if (REFUSED.has(closing.code)) {
      say(`This seat's link is refused: ${closing.reason || "wrong token"}`);
      return;
    }
    const wait = backoff * (0.75 + Math.random() / 2);
    backoff = Math.min(backoff * 2, BACKOFF_MOST_MS);
    setTimeout(connect, wait);
  });
}

element("picture").addEventListener("load", (loaded) => {
  page.dataset.pictured = loaded.target.dataset.drawing;
});
connect();
