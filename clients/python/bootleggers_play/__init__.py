"""The hand-written layer of the official client, on the generated `bootleggers_client`:

- `send`: a command with `If-Match`, retried on a dropped connection or a busy server with
  the same `Idempotency-Key`, so a retry never plays a command twice;
- `events`: the game's Server-Sent Events as typed models, resuming with `Last-Event-ID`
  after a dropped connection;
- `play_seat`: one seat played by legal examples until the game ends, `RANDOM` or `GREEDY`
  (the most cash right after, by the referee's leak-free look-ahead); the `bootleggers bot`
  command of the referee's CLI is this loop. `receipt_of(answer)` is an answer's receipt,
  `{version, receipt}`, to keep for `bootleggers verify --receipts`; a refused seat (401: given
  to another player; 403: forfeited or handed to the server's bot) raises `Refused`.
"""
from bootleggers_play.play import GREEDY, RANDOM, Strategy, play_seat, receipt_of
from bootleggers_play.retries import Refused, Stale, send
from bootleggers_play.stream import StreamRefused, events

__all__ = ["GREEDY", "RANDOM", "Refused", "Stale", "Strategy", "StreamRefused", "events", "play_seat",
           "receipt_of", "send"]
