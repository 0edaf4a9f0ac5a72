// The step's clock, counting down each second to the state's `deadline.due_at` (the server
// decides when time is up; this only shows it). Paused clocks say so.
let timer = null;

export function runClock(output, state, names) {
  clearInterval(timer);
  const deadline = state.deadline;
  if (!deadline || !deadline.due_at || state.status !== "running") {
    output.textContent = "";
    output.dataset.left = "";
    return;
  }
  const who = (deadline.seats || []).map(names).join(", ");
  if (state.clock_paused_at || deadline.paused_at) {
    output.textContent = `clock paused${who ? " (" + who + ")" : ""}`;
    output.dataset.left = "paused";
    return;
  }
  const due = Date.parse(deadline.due_at);
  const tick = () => {
    const left = Math.max(0, Math.round((due - Date.now()) / 1000));
    const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    output.textContent = `⏱ ${text} left${who ? " for " + who : ""}`;
    output.dataset.left = left;
    if (!left) clearInterval(timer);
  };
  tick();
  timer = setInterval(tick, 1000);
}
