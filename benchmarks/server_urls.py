"""The site's URLs plus a bare view returning a short page, for the benchmark's server."""
from django.http import HttpResponse
from django.urls import path

from catsite.urls import urlpatterns as site


def bare(request):
    return HttpResponse("<p>ok</p>")


urlpatterns = [path("bench/bare/", bare), *site]
