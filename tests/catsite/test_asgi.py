"""The server's entry point: what it loads before its first request."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_what_the_server_loads_at_start_is_kept_out_of_the_collectors_passes():
    """A full collection walks every object that is not frozen; the modules, models and URLs loaded at start live as
    long as the process, so the entry point freezes them (in a fresh interpreter: this one has frozen nothing)."""
    code = "import gc; assert gc.get_freeze_count() == 0; import catsite.asgi; print(gc.get_freeze_count())"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "catsite.settings"})
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 10_000  # Django and the apps: tens of thousands of objects
