"""WSGI entry point (HTTP only; the site is meant to run over ASGI for its websockets)."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "catsite.settings")
application = get_wsgi_application()
