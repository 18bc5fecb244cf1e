"""Pages about the games themselves: the home page and the rules."""
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext

from games import registry


def home(request):
    return render(request, "games/home.html")


def rules_index(request):
    return render(request, "games/rules_index.html")


def rules(request, slug):
    try:
        game = registry.get(slug)
    except KeyError:
        raise Http404(gettext("There is no such game.")) from None
    return render(request, game.rules_template, {"game": game})
