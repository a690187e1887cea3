"""Forms of the site's own pages (not of an app)."""

from __future__ import annotations

from typing import Any

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.forms import BaseForm, CharField, ChoiceField


class SignInForm(AuthenticationForm):
    """The sign-in page's form: Django's, with the username's length checked. Django sets the
    field's `max_length` after building it, so no validator enforced it: a longer username
    reached authenticate(), django-axes recorded the failure in a column of 255 characters
    and PostgreSQL refused it (a server error, found by fuzzing). The API's token endpoint
    has the same limit (config.auth_views)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        username = self.fields["username"]
        # Django's UsernameField, a CharField whose max_length __init__ has just set.
        assert isinstance(username, CharField) and username.max_length is not None
        username.validators.append(MaxLengthValidator(username.max_length))


class AdminSignInForm(SignInForm, AdminAuthenticationForm):
    """The admin's sign-in form, with the same check."""


def choice_field(form: BaseForm, name: str) -> ChoiceField:
    """`form.fields[name]` as the choice field it is, to set its choices."""
    field = form.fields[name]
    assert isinstance(field, ChoiceField)
    return field


def errors_by_field(exc: ValidationError) -> dict[str, list[str]]:
    """A service's refusal as a page shows it: the messages by field ("__all__": none)."""
    if hasattr(exc, "error_dict"):
        return {
            field: [m for e in errs for m in e.messages] for field, errs in exc.error_dict.items()
        }
    return {"__all__": list(exc.messages)}
