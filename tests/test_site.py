"""The site answers: home page, API schema and docs, sign-in page."""

import pytest

pytestmark = pytest.mark.django_db


def test_it_serves_the_home_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "Deberc Desk" in response.content.decode()


def test_it_serves_the_openapi_schema(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"openapi" in response.content


def test_it_serves_the_login_page_in_russian(client):
    response = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200


def test_every_page_names_the_sites_icon_and_the_old_address_leads_to_it(client):
    page = client.get("/").content.decode()
    assert 'rel="icon" href="/static/img/favicon.svg"' in page
    answer = client.get("/favicon.ico")
    assert answer.status_code == 302 and answer["Location"] == "/static/img/favicon.svg"
    from django.contrib.staticfiles import finders

    assert finders.find("img/favicon.svg")
