"""The ASGI application of the benchmark's server (the site's, with the bare view's URL added)."""
from catsite.asgi import application  # noqa: F401
