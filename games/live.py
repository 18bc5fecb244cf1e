"""After a match changes: tell every connected page (through the channel layer) and wake the bots."""
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def group_name(match_id: int) -> str:
    return f"match-{match_id}"


def changed(match_id: int, version: int, bots: bool = True) -> None:
    """Called on commit of every change: each consumer then renders its own seat's view and pushes it."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group_name(match_id), {"type": "match.changed", "version": version})
    if bots:
        from games import bot_runner

        bot_runner.kick(match_id)
