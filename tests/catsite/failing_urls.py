"""A site whose error pages fail in their turn: what an error raised while handling an error does to a request."""
from django.http import Http404
from django.urls import path


def missing(request):
    raise Http404


def failing_page(request, exception=None):
    raise RuntimeError("the error page failed")


urlpatterns = [path("missing/", missing)]
handler404 = failing_page
handler500 = failing_page
