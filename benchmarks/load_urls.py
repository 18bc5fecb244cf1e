"""The site's URLs plus the floor's (benchmarks/floor.py)."""
from benchmarks.floor import urlpatterns as floor
from catsite.urls import urlpatterns as site

urlpatterns = [*floor, *site]
