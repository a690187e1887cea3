from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.templatetags.static import static

from scoring.games import game_choices


def home(request: HttpRequest) -> HttpResponse:
    # The tagline names every game the service scores, as the registry lists them.
    games = ", ".join(str(name) for _key, name in game_choices())
    return render(request, "home.html", {"games": games})


def favicon(request: HttpRequest) -> HttpResponse:
    """The site's icon for browsers that ask for /favicon.ico (the pages link the SVG);
    resolved per request, so that a hashed static file name is found once collected. A 302,
    not a 301: browsers keep a permanent redirect, and the hashed name changes with the icon."""
    return HttpResponseRedirect(static("img/favicon.svg"))
