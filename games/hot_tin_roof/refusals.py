"""Raising a refusal: every refusal is a games.contract.IllegalAction with a code and its parameters."""

from games.contract import IllegalAction


def refuse(code: str, message: str, **params):
    raise IllegalAction(code, message, **params)
