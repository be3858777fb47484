// The lobby: choose a game, its players and who sits where, create it on the server
// (POST /api/games) and link each human seat's page. The server checks everything asked;
// its refusal is shown as it gives it.
"use strict";

const PLAYERS = { campers: [2, 6], karibou: [3, 7] };
const KINDS = [
  ["human", "a person (this browser or a friend's)"],
  ["bot:heuristic", "the heuristic bot"],
  ["bot:random", "the random bot"],
];

const form = document.getElementById("new-game");
const playersInput = document.getElementById("players");
const seatsBox = document.getElementById("seats");
const errorBox = document.getElementById("lobby-error");

function chosenGame() {
  return form.elements.namedItem("game").value;
}

function seatSelect(seat, kind) {
  const label = document.createElement("label");
  label.textContent = `Seat ${seat} `;
  const select = document.createElement("select");
  select.name = `seat-${seat}`;
  select.dataset.seat = String(seat);
  for (const [value, words] of KINDS) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = words;
    option.selected = value === kind;
    select.append(option);
  }
  label.append(select);
  return label;
}

function drawSeats() {
  const [low, high] = PLAYERS[chosenGame()];
  playersInput.min = String(low);
  playersInput.max = String(high);
  const count = Math.min(high, Math.max(low, Number(playersInput.value) || low));
  if (playersInput.value !== "") playersInput.value = String(count); // empty while typing
  const rounds = chosenGame() === "campers"; // Karibou Camp plays to 9 points, not rounds
  document.getElementById("rounds").hidden = !rounds;
  document.getElementById("rounds-label").hidden = !rounds;
  const kept = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
  seatsBox.querySelectorAll("label").forEach((label) => label.remove());
  for (let seat = 0; seat < count; seat += 1) {
    seatsBox.append(seatSelect(seat, kept[seat] ?? (seat === 0 ? "human" : "bot:heuristic")));
  }
}

function showGame(answer) {
  document.getElementById("game-id").textContent = answer.id;
  const list = document.getElementById("seat-links");
  list.replaceChildren();
  for (const seat of answer.seats) {
    const item = document.createElement("li");
    if (seat.url) {
      const link = document.createElement("a");
      link.href = seat.url;
      link.target = "_blank";
      link.rel = "noopener";
      link.dataset.seat = String(seat.seat);
      link.textContent = `Play seat ${seat.seat}`;
      item.append(link);
    } else {
      item.textContent = `Seat ${seat.seat}: ${seat.kind}`;
    }
    list.append(item);
  }
  document.getElementById("created").hidden = false;
}

async function createGame(event) {
  event.preventDefault();
  errorBox.textContent = "";
  const body = {
    game: chosenGame(),
    players: Number(playersInput.value),
    seats: [...seatsBox.querySelectorAll("select")].map((select) => select.value),
  };
  const seed = form.elements.namedItem("seed").value;
  if (seed !== "") body.seed = Number(seed);
  const rounds = form.elements.namedItem("rounds").value;
  if (rounds !== "" && body.game === "campers") body.rounds = Number(rounds);
  try {
    const response = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (response.status !== 201) {
      errorBox.textContent = answer.error ?? `refused (${response.status})`;
      return;
    }
    showGame(answer);
  } catch (failure) {
    errorBox.textContent = `the server cannot be reached: ${failure}`;
  }
}

form.addEventListener("change", (event) => {
  if (event.target.name === "game" || event.target === playersInput) drawSeats();
});
form.addEventListener("submit", createGame);
drawSeats();
