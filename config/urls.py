from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import language, views
from .auth_views import TokenDetailView, TokenListView, obtain_auth_token
from .forms import AdminSignInForm, SignInForm

admin.site.login_form = AdminSignInForm

api_v1: list[URLPattern | URLResolver] = [
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("tokens/", TokenListView.as_view(), name="api-tokens"),
    path("tokens/<int:token_id>/", TokenDetailView.as_view(), name="api-token-revoke"),
    path("", include("scoring.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("referee.api_urls")),
]

urlpatterns = [
    # Browsers that ask for /favicon.ico before reading the page's <link rel="icon">.
    path("favicon.ico", views.favicon),
    path("", views.home, name="home"),
    # The language kept in the person's profile too (config.language), then Django's own.
    path("i18n/setlang/", language.set_language, name="set_language"),
    path("i18n/", include("django.conf.urls.i18n")),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(authentication_form=SignInForm),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file of its own (?script=)
    # instead of inline: the Content-Security-Policy allows no inline script.
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(
            url_name="schema", template_name="api_docs/swagger_ui.html"
        ),
        name="api-docs",
    ),
    path("api/v1/", include(api_v1)),
    path("", include("scoring.urls")),
    path("", include("tournaments.urls")),
    path("", include("referee.urls")),
]

# MEDIA_ROOT is never served, not even with DEBUG on: it holds report files of unpublished
# tournaments. They go out only through the job's download view, which checks who may see the
# job (GET /api/v1/jobs/<id>/download/, tournaments.reports.api.JobDownloadView).

# Under /api/, Django's own 400, 403, 404 and 500 answer in the API's error shape.
handler400 = "config.api_errors.bad_request"
handler403 = "config.api_errors.permission_denied"
handler404 = "config.api_errors.page_not_found"
handler500 = "config.api_errors.server_error"
