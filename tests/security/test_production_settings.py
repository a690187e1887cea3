"""Production settings come from the environment and are secure by default with DEBUG off:
`manage.py check --deploy` has nothing to say, and the answers carry the security headers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SECRET = "k3y-" + "".join(chr(ord("a") + (i * 7) % 26) for i in range(60)) + "-Zq9!x"


def production_env(**extra: str) -> dict[str, str]:
    """The three variables a production host must set, nothing else of ours."""
    env = {
        key: value
        for key, value in os.environ.items()
        # Browser tests set DJANGO_ALLOW_ASYNC_UNSAFE in this process: not in production.
        if not key.startswith(
            ("SECURE_", "SESSION_", "CSRF_", "DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC")
        )
    }
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "0",
            "SECRET_KEY": SECRET,
            "ALLOWED_HOSTS": "desk.example.org",
            **extra,
        }
    )
    return env


def run_python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


READ_SETTINGS = """
import json, django
django.setup()
from django.conf import settings as s
names = ["SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS",
         "SECURE_HSTS_PRELOAD", "SESSION_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY",
         "CSRF_COOKIE_SECURE", "SECURE_CONTENT_TYPE_NOSNIFF", "SECURE_REFERRER_POLICY",
         "SECURE_PROXY_SSL_HEADER", "DEBUG", "TRUSTED_PROXY_COUNT"]
print(json.dumps({n: getattr(s, n, None) for n in names}))
"""


def test_it_passes_the_deployment_checklist_with_production_environment():
    finished = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = finished.stdout + finished.stderr
    assert finished.returncode == 0, output
    assert "System check identified no issues (0 silenced)." in output


def test_it_refuses_the_development_secret_key_in_production():
    env = production_env()
    env.pop("SECRET_KEY")
    finished = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    # Not a warning of the deployment check any more: with DEBUG off the settings refuse it.
    assert finished.returncode != 0
    output = finished.stdout + finished.stderr
    assert "ImproperlyConfigured" in output and "SECRET_KEY is not set" in output


def test_it_turns_every_https_setting_on_when_debug_is_off():
    finished = run_python(READ_SETTINGS, production_env())
    assert finished.returncode == 0, finished.stderr
    values = json.loads(finished.stdout.strip().splitlines()[-1])
    assert values["DEBUG"] is False
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SECURE_HSTS_SECONDS"] >= 31_536_000
    assert values["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert values["SESSION_COOKIE_SECURE"] is True
    assert values["SESSION_COOKIE_HTTPONLY"] is True
    assert values["CSRF_COOKIE_SECURE"] is True
    assert values["SECURE_CONTENT_TYPE_NOSNIFF"] is True
    assert values["SECURE_REFERRER_POLICY"] == "same-origin"
    assert values["SECURE_PROXY_SSL_HEADER"] is None


def test_it_reads_the_proxy_settings_from_the_environment():
    env = production_env(
        SECURE_SSL_REDIRECT="0",
        SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
        SECURE_HSTS_SECONDS="600",
        TRUSTED_PROXY_COUNT="1",
    )
    finished = run_python(READ_SETTINGS, env)
    assert finished.returncode == 0, finished.stderr
    values = json.loads(finished.stdout.strip().splitlines()[-1])
    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert values["SECURE_HSTS_SECONDS"] == 600
    assert values["TRUSTED_PROXY_COUNT"] == 1


@pytest.fixture
def production_headers(settings):
    """The header settings a production process has (pytest runs with DEBUG's defaults)."""
    settings.SECURE_HSTS_SECONDS = 31_536_000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SECURE_HSTS_PRELOAD = True
    settings.SECURE_SSL_REDIRECT = True
    settings.SESSION_COOKIE_SECURE = True
    settings.CSRF_COOKIE_SECURE = True
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return settings


@pytest.mark.django_db
def test_it_sends_the_security_headers_over_https(client, production_headers):
    response = client.get("/", secure=True)
    assert response.status_code == 200
    assert response["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy


@pytest.mark.django_db
def test_it_redirects_plain_http_to_https_but_not_the_probes(client, production_headers):
    response = client.get("/tournaments/1/")
    assert response.status_code == 301
    assert response["Location"].startswith("https://")
    assert client.get("/healthz").status_code == 200


@pytest.mark.django_db
def test_it_sets_secure_httponly_session_and_secure_csrf_cookies(client, production_headers):
    from tests.factories import UserFactory

    UserFactory(username="cookie_user")
    page = client.get("/accounts/login/", secure=True)
    csrf = page.cookies["csrftoken"]
    assert csrf["secure"]
    response = client.post(
        "/accounts/login/",
        {"username": "cookie_user", "password": "demo", "csrfmiddlewaretoken": csrf.value},
        secure=True,
    )
    assert response.status_code == 302
    session = response.cookies["sessionid"]
    assert session["secure"]
    assert session["httponly"]
    assert session["samesite"] == "Lax"


READ_STORAGES = """
import json, django
django.setup()
from django.conf import settings as s
from django.core.files.storage import default_storage
print(json.dumps({"default": s.STORAGES["default"]["BACKEND"],
                  "static": s.STORAGES["staticfiles"]["BACKEND"],
                  "class": type(default_storage._wrapped if hasattr(default_storage, "_wrapped")
                                else default_storage).__name__,
                  "bucket": getattr(s, "AWS_STORAGE_BUCKET_NAME", None)}))
"""


def test_it_keeps_report_files_on_disk_without_a_bucket():
    finished = run_python(READ_STORAGES, production_env())
    assert finished.returncode == 0, finished.stderr
    values = json.loads(finished.stdout.strip().splitlines()[-1])
    assert values["default"] == "django.core.files.storage.FileSystemStorage"


def test_it_keeps_report_files_in_s3_when_a_bucket_is_set():
    env = production_env(
        AWS_STORAGE_BUCKET_NAME="deberc-reports", AWS_S3_REGION_NAME="eu-central-1"
    )
    code = READ_STORAGES.replace("print(", "default_storage.bucket_name\nprint(", 1)
    finished = run_python(code, env)
    assert finished.returncode == 0, finished.stderr
    values = json.loads(finished.stdout.strip().splitlines()[-1])
    assert values["default"] == "storages.backends.s3.S3Storage"
    assert values["class"] == "S3Storage"
    assert values["static"] == "whitenoise.storage.CompressedStaticFilesStorage"
