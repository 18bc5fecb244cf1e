"""Makes sure every logged-in user has a player profile before any view or template asks for it."""

from scoring.services import profile_for


class PlayerProfileMiddleware:
    """Gives users made outside sign-up (createsuperuser, the admin) a profile on their first request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            profile_for(user)
        return self.get_response(request)
