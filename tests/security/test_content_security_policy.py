"""Content-Security-Policy (django-csp): scripts and styles from this site only, no inline
code on any page, Swagger UI served from this site, HTML reports sandboxed."""

from __future__ import annotations

import json
import os
from html.parser import HTMLParser

import pytest

from tests.browser import CHROMIUM_ARGS
from tests.security.conftest import page_urls

pytestmark = pytest.mark.django_db


class InlineCode(HTMLParser):
    """Collects what a strict policy would block: inline <script> and <style>, style="" and
    on…="" attributes, javascript: URLs."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if tag == "script" and "src" not in names and names.get("type") != "application/json":
            self.found.append("<script> without src")
        if tag == "style":
            self.found.append("<style>")
        for name, value in attrs:
            if name == "style" or name.startswith("on"):
                self.found.append(f"<{tag} {name}=…>")
            if name in ("href", "src", "action") and (value or "").startswith("javascript:"):
                self.found.append(f"<{tag} {name}=javascript:…>")


def inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    return parser.found


def directives(response) -> dict[str, str]:
    policy = response["Content-Security-Policy"]
    return {
        part.strip().split(" ", 1)[0]: part.strip().partition(" ")[2]
        for part in policy.split(";")
        if part.strip()
    }


def test_it_has_no_inline_code_on_any_page(client, hostile_night):
    client.force_login(hostile_night.organiser)
    for url in page_urls(hostile_night):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.get(url, **headers)
            assert response.status_code == 200, url
            assert inline_code(response.content.decode()) == [], url
            policy = directives(response)
            assert policy["script-src"] == "'self'", url
            assert policy["style-src"] == "'self'", url
            assert policy["object-src"] == "'none'"
            assert policy["frame-ancestors"] == "'none'"


def test_it_serves_swagger_ui_from_this_site(client):
    page = client.get("/api/docs/")
    html = page.content.decode()
    assert inline_code(html) == []
    assert "cdn" not in html.lower()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()


def test_it_sandboxes_html_reports(client, hostile_night, django_capture_on_commit_callbacks):
    client.force_login(hostile_night.organiser)
    with django_capture_on_commit_callbacks(execute=True):
        job = client.post(
            f"/api/v1/tournaments/{hostile_night.tournament.pk}/reports/",
            data=json.dumps({"kind": "round", "round": 1, "format": "html"}),
            content_type="application/json",
        ).json()["job"]
    response = client.get(f"/api/v1/jobs/{job}/download/")
    assert response["Content-Type"].startswith("text/html")
    policy = directives(response)
    assert "sandbox" in policy
    assert policy["default-src"] == "'none'"
    assert "script-src" not in policy


def test_the_policy_kept_built_is_django_csps_own_and_follows_the_settings(client, settings):
    from csp.utils import build_policy

    answer = client.get("/api/v1/rules/")
    assert answer["Content-Security-Policy"] == build_policy()
    assert "Content-Security-Policy-Report-Only" not in answer
    settings.CONTENT_SECURITY_POLICY = {
        "DIRECTIVES": {"default-src": ["'self'"], "img-src": ["'self'", "https://cdn.example"]}
    }
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {
        "DIRECTIVES": {"script-src": ["'none'"]},
        "EXCLUDE_URL_PREFIXES": ["/api/v1/rules/"],
    }
    answer = client.get("/api/v1/rules/")
    assert directives(answer)["img-src"] == "'self' https://cdn.example"
    assert "Content-Security-Policy-Report-Only" not in answer  # excluded there
    page = client.get("/")
    assert page["Content-Security-Policy-Report-Only"] == build_policy(report_only=True)
    assert directives(page)["img-src"] == "'self' https://cdn.example"
    assert "script-src 'none'" in page["Content-Security-Policy-Report-Only"]


def test_a_view_that_asks_for_its_own_policy_still_gets_it(rf):
    from csp.decorators import csp_exempt, csp_update
    from django.http import HttpResponse

    from config.security import ContentSecurityPolicyMiddleware

    @csp_update({"img-src": ["https://maps.example"]})
    def with_maps(request):
        return HttpResponse("map")

    @csp_exempt()
    def exempt(request):
        return HttpResponse("free")

    for view, expected in ((with_maps, "https://maps.example"), (exempt, None)):
        request = rf.get("/somewhere/")
        middleware = ContentSecurityPolicyMiddleware(view)
        answer = middleware(request)
        header = answer.get("Content-Security-Policy")
        assert (expected in header) if expected else header is None


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.slow
def test_a_browser_reports_no_policy_violation(live_server, chromium_path, hostile_night):
    """Chromium loads each page under the real policy: nothing is blocked, Swagger UI draws."""
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import expect, sync_playwright

    violations: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        context = browser.new_context()
        page = context.new_page()
        # Every page reports what the policy blocked (the browser's own event).
        context.add_init_script(
            "window.__blocked = [];"
            "document.addEventListener('securitypolicyviolation', e =>"
            " window.__blocked.push(e.violatedDirective + ' ' + e.blockedURI));"
        )
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("input[name=username]", hostile_night.organiser.username)
        page.fill("input[name=password]", "demo")
        page.click("main form button[type=submit]")
        for url in page_urls(hostile_night):
            page.goto(f"{live_server.url}{url}")
            page.wait_for_load_state("networkidle")
            violations += [f"{url}: {v}" for v in page.evaluate("window.__blocked")]
        page.goto(f"{live_server.url}/api/docs/")
        expect(page.locator("#swagger-ui .information-container")).to_be_visible()
        # The watch itself works: an inline style is blocked and reported.
        page.evaluate("document.body.setAttribute('style', 'color: red')")
        page.wait_for_timeout(200)
        assert page.evaluate("window.__blocked.length") == 1
        # The language switch works without inline handlers: chosen, then confirmed.
        page.goto(f"{live_server.url}/")
        page.select_option("select[name=language]", "uk")
        page.get_by_test_id("language-apply").click()
        page.wait_for_load_state("networkidle")
        assert page.locator("html").get_attribute("lang") == "uk"
        browser.close()
    assert violations == []
