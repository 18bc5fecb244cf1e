"""Forms for accounts and player profiles: they parse and check input; the services do the work."""

import re

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.core.validators import MaxLengthValidator
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scoring import avatars, services

HANDLE_HELP = _("Letters, digits, - and _ only: your page will be at /players/your-handle/.")
HANDLE_ERRORS = {"invalid": _("A handle is letters, digits, - and _ only: no spaces or other signs.")}
USERNAME = re.compile(r"[A-Za-z0-9_-]+")
DUPLICATE_HANDLE = _("That handle is already taken (handles ignore upper and lower case). Please choose another.")


def clean_handle_value(handle: str, *, exclude=None) -> str:
    handle = services.normalise_handle(handle)
    if handle in services.RESERVED_HANDLES:
        raise forms.ValidationError(_("That handle is reserved by the site. Please choose another."))
    if services.handle_taken(handle, exclude=exclude):
        raise forms.ValidationError(DUPLICATE_HANDLE)
    return handle


class SignUpForm(UserCreationForm):
    """Only what an account needs: a username (also the address of the player's page), an e-mail address to
    reset the password with, and the password twice. The name other players see starts as the username and
    can be changed on the profile."""

    email = forms.EmailField(label=_("E-mail"), help_text=_("Only used to reset your password."))

    field_order = ["username", "email", "password1", "password2"]

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        username = self.fields["username"]
        username.max_length = services.HANDLE_MAX_LENGTH
        username.validators.append(MaxLengthValidator(services.HANDLE_MAX_LENGTH))
        username.widget.attrs["maxlength"] = services.HANDLE_MAX_LENGTH
        username.help_text = _("Letters, digits, - and _ only. You log in with it, other players see it, and your "
                               "page will be at /players/your-username/.")

    def clean_username(self):
        username = super().clean_username()
        if self.has_error("username"):  # Django's own check: an account has that username, in any case
            return username
        username = username.strip()
        if not USERNAME.fullmatch(username):
            raise forms.ValidationError(_("Use only letters, digits, - and _ (no spaces) in your username."))
        if services.normalise_handle(username) in services.RESERVED_HANDLES:
            raise forms.ValidationError(_("That username is reserved by the site. Please choose another."))
        if services.handle_taken(username):
            raise forms.ValidationError(_("That username is already taken (upper and lower case count as the "
                                          "same). Please choose another."))
        return username

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with that e-mail address already exists. Try logging in."))
        return email


class ProfileForm(forms.Form):
    """What a player (or the creator of a table player) may change on a profile."""

    display_name = forms.CharField(label=_("Display name"), max_length=60)
    favourite_game = forms.ChoiceField(label=_("Favourite game"), choices=services.game_choices, required=False)
    bio = forms.CharField(label=_("Short bio"), max_length=500, required=False,
                          widget=forms.Textarea(attrs={"rows": 4}))
    avatar = forms.FileField(
        label=_("Avatar"),
        required=False,
        help_text=format_lazy(_("A JPEG, PNG, WebP or GIF picture, at most {mb} MB. It is cropped to a square and any "
                                "hidden data (location, camera) is removed."), mb=avatars.MAX_BYTES // (1024 * 1024)),
        widget=forms.FileInput(attrs={"accept": "image/jpeg,image/png,image/webp,image/gif"}),
    )
    remove_avatar = forms.BooleanField(label=_("Remove my picture (use my initials)"), required=False)
    bgg_username = forms.RegexField(
        label=_("BoardGameGeek username"), max_length=50, required=False, regex=r"^[\w .-]*$",
        help_text=_("Optional: plays imported from BoardGameGeek or BG Stats that name this username are this "
                    "player's."),
        error_messages={"invalid": _("A BoardGameGeek username is letters, digits, spaces, ., - and _ only.")},
    )

    text_mode = forms.BooleanField(
        label=_("Text-first mode for screen readers"), required=False,
        help_text=_("Match pages show the table as text with headings, and you play by typing commands such as "
                    "“draw” or “help”."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.avatar_images: dict[str, bytes] | None = None

    def clean_display_name(self):
        name = self.cleaned_data["display_name"].strip()
        if not name:
            raise forms.ValidationError(_("Please enter a display name."))
        return name

    def clean_avatar(self):
        upload = self.cleaned_data.get("avatar")
        if upload:
            try:
                self.avatar_images = avatars.make_avatars(avatars.read_upload(upload))
            except avatars.AvatarError as error:
                raise forms.ValidationError(str(error), code="avatar") from None
        return upload

    @classmethod
    def initial_for(cls, profile) -> dict:
        return {"display_name": profile.display_name, "favourite_game": profile.favourite_game, "bio": profile.bio,
                "bgg_username": profile.bgg_username, "text_mode": profile.text_mode}


class TablePlayerForm(ProfileForm):
    """A new table player: a profile without an account. The handle is made from the name when left blank."""

    handle = forms.SlugField(
        max_length=services.HANDLE_MAX_LENGTH,
        label=_("Handle"),
        required=False,
        help_text=format_lazy("{} {}", _("Optional: made from the name when left blank."), HANDLE_HELP),
        error_messages=HANDLE_ERRORS,
    )
    field_order = ["display_name", "handle", "favourite_game", "bio", "avatar"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["remove_avatar"]
        del self.fields["text_mode"]  # a table player has no account and no match pages of its own

    def clean_handle(self):
        handle = self.cleaned_data.get("handle")
        return clean_handle_value(handle) if handle else ""
