"""The site's own sign-in backend: Django's ModelBackend, whose `get_user` also reads the player's profile.

Every request and socket of a signed-in player reads their user from the session and then their profile (the
header's name and avatar, the language, the text-first mode, a move's viewpoint): read together, one query
instead of two. Sessions made before it name django.contrib.auth's ModelBackend, which stays in
AUTHENTICATION_BACKENDS for them (catsite/settings.py): nobody is signed out by it.
"""
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class PlayerBackend(ModelBackend):
    def get_user(self, user_id):
        users = get_user_model()._default_manager.select_related("profile")
        try:
            user = users.get(pk=user_id)
        except get_user_model().DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None
