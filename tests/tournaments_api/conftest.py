import pytest


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # Six users per test evening: the default PBKDF2 would dominate the run time.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
