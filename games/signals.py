"""What the live-match framework announces to whoever listens.

`match_changed` is sent once for every change committed to a match (a move, a deal, an ending, a seat taken,
a rematch offered), after the commit, with `match` (the Match instance the change was made on, as committed;
listeners read it and never change it, and run in the committing thread), `bots` (whether the match has bot
seats) and `to_move_before` (for a move, the seats that were to move before it; None for any other change).
games/pushes.py sends the tables to the sockets; games/bot_runner.py wakes the bots; notices/rules.py tells whose
turn began. It is sent robustly: a listener that fails (a channel layer that is down) is logged and changes
nothing for the others, nor for the change itself, which is committed already.
"""
from django.dispatch import Signal

match_changed = Signal()
