"""Settings of the benchmark's server: the site's own, plus the bare view to compare a move with."""
from catsite.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.server_urls"
