"""What every page's header shows from scoring: how many records need the user (scoring/confirmations.py)."""
from scoring import confirmations


class NeedingCount:
    """The count, asked of the database only when a template reads it (the header of a whole page, not an htmx
    fragment), and once per request however often it is read. Templates call it: `{{ needs_you }}`."""

    def __init__(self, user):
        self.user = user
        self.count = None

    def __call__(self) -> int:
        if self.count is None:
            self.count = confirmations.needing_count(self.user)
        return self.count


def needs_you(request) -> dict:
    user = getattr(request, "user", None)
    return {"needs_you": NeedingCount(user)} if user is not None and user.is_authenticated else {}
