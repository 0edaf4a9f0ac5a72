"""``bootleggers bot``: one seat played by its legal examples until the game ends, over HTTP
with the official Python client's play loop (clients/python, bootleggers_play)."""
from __future__ import annotations

import json
from pathlib import Path

import click

from service.desk.cli import lang_option, say


@click.command()
@click.option("--url", envvar="BOOTLEGGERS_URL", default="http://127.0.0.1:8000", show_default=True,
              help="The referee (env BOOTLEGGERS_URL).")
@click.option("--game", "game_id", required=True, help="The game's id.")
@click.option("--token", required=True, envvar="BOOTLEGGERS_TOKEN", help="The seat's player token (env BOOTLEGGERS_TOKEN).")
@click.option("--strategy", type=click.Choice(["random", "greedy"]), default="random", show_default=True,
              help="random: any legal example; greedy: the one that leaves the seat the most cash right after.")
@click.option("--receipts", "receipts_path", type=click.Path(dir_okay=False, writable=True),
              help="Keep the receipt of every command the bot sends in this JSON file (rewritten after each "
                   "answer; receipts already in it are kept), for `bootleggers verify RECORD --receipts FILE`.")
@lang_option
def bot(url: str, game_id: str, token: str, strategy: str, receipts_path: str | None) -> None:
    """Play one seat by its legal examples until the game ends (clients/python's play loop:
    waits on the event stream, retries with the same Idempotency-Key).

    Greedy reads the cash each example leaves from legal-actions' `look_ahead=cash`, which the
    referee works out on a stand-in of the game dealing again what the seat cannot see: the
    bot learns nothing its player may not. Exits 1 with a sentence when the referee refuses
    the seat (given to another player, forfeited, handed to the server's bot) or cannot be
    reached; what it kept stays in the receipts file."""
    try:
        import httpx
        from bootleggers_play import GREEDY, RANDOM, Refused, play_seat, receipt_of
    except ModuleNotFoundError:
        raise click.ClickException(say("cli-bot-no-client")) from None

    kept = _kept_receipts(receipts_path)

    def moved(command) -> None:
        click.echo(say("cli-bot-sent", command=str(command.to_dict())))

    def answered(_command, answer) -> None:
        receipt = receipt_of(answer)
        if receipts_path and receipt is not None:
            kept.append(receipt)
            scratch = Path(f"{receipts_path}.part")
            scratch.write_text(json.dumps(kept, indent=1) + "\n")
            scratch.replace(receipts_path)  # whole or not at all, even if the bot is stopped here

    try:
        final = play_seat(url.rstrip("/"), game_id, token, strategy={"random": RANDOM, "greedy": GREEDY}[strategy],
                          on_move=moved, on_answer=answered)
    except Refused as refused:
        raise click.ClickException(refused_sentence(refused)) from None
    except httpx.TransportError as down:
        raise click.ClickException(say("cli-cannot-reach", url=url, reason=str(down))) from None
    except RuntimeError as broken:          # the event stream said the record is damaged
        raise click.ClickException(str(broken)) from None
    click.echo(say("cli-bot-over", version=str(final)))
    if receipts_path:
        click.echo(say("cli-bot-receipts-kept", n=len(kept), path=receipts_path))


def _kept_receipts(receipts_path: str | None) -> list[dict]:
    """The receipts already in the file (a list, or an object with `receipts`): kept, not lost."""
    if not (receipts_path and Path(receipts_path).is_file()):
        return []
    try:
        old = json.loads(Path(receipts_path).read_text() or "[]")
    except ValueError:
        raise click.ClickException(say("cli-bot-not-receipts", path=receipts_path)) from None
    return [r for r in (old.get("receipts") if isinstance(old, dict) else old) or [] if isinstance(r, dict)]


def refused_sentence(refused) -> str:
    """The sentence for a refusal of the bot's seat (bootleggers_play.Refused)."""
    code = getattr(refused.problem, "code", None)
    code = getattr(code, "value", code)        # the generated enum's value; Unset: none
    code = code if isinstance(code, str) else ""
    detail = getattr(refused.problem, "detail", None)
    detail = detail if isinstance(detail, str) else ""
    said = (say("cli-bot-referee-said", status=str(refused.status), code=code, detail=detail) if code or detail
            else say("cli-bot-referee-status", status=str(refused.status)))
    if refused.status == 401:
        return say("cli-bot-replaced", said=said)
    if refused.status == 403 and code == "seat_played_by_bot":
        return say("cli-bot-to-bot", said=said)
    if refused.status == 403 and code == "seat_forfeited":
        return say("cli-bot-forfeited", said=said)
    if refused.status == 403:
        return say("cli-bot-refused-token", said=said)
    if refused.status == 404:
        return say("cli-bot-no-game", said=said)
    return say("cli-bot-refused", said=said)
