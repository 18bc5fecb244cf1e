"""Forms for accounts and player profiles: they parse and check input; the services do the work."""

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm

from scoring import avatars, services

HANDLE_HELP = "Letters, digits, - and _ only: your page will be at /players/your-handle/."
HANDLE_ERRORS = {"invalid": "A handle is letters, digits, - and _ only: no spaces or other signs."}
DUPLICATE_HANDLE = "That handle is already taken (handles ignore upper and lower case). Please choose another."


def clean_handle_value(handle: str, *, exclude=None) -> str:
    handle = services.normalise_handle(handle)
    if handle in services.RESERVED_HANDLES:
        raise forms.ValidationError("That handle is reserved by the site. Please choose another.")
    if services.handle_taken(handle, exclude=exclude):
        raise forms.ValidationError(DUPLICATE_HANDLE)
    return handle


class SignUpForm(UserCreationForm):
    """Username, e-mail, password twice, and the player's display name and handle."""

    email = forms.EmailField(label="E-mail", help_text="Only used to reset your password.")
    display_name = forms.CharField(max_length=60, help_text="The name other players see.")
    handle = forms.SlugField(max_length=services.HANDLE_MAX_LENGTH, help_text=HANDLE_HELP, error_messages=HANDLE_ERRORS)

    field_order = ["username", "email", "password1", "password2", "display_name", "handle"]

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError("An account with that e-mail address already exists. Try logging in.")
        return email

    def clean_handle(self):
        return clean_handle_value(self.cleaned_data["handle"])

    def clean_display_name(self):
        name = self.cleaned_data["display_name"].strip()
        if not name:
            raise forms.ValidationError("Please enter a display name.")
        return name


class ProfileForm(forms.Form):
    """What a player (or the creator of a table player) may change on a profile."""

    display_name = forms.CharField(max_length=60)
    favourite_game = forms.ChoiceField(choices=services.game_choices, required=False)
    bio = forms.CharField(label="Short bio", max_length=500, required=False, widget=forms.Textarea(attrs={"rows": 4}))
    avatar = forms.FileField(
        label="Avatar",
        required=False,
        help_text=f"A JPEG, PNG, WebP or GIF picture, at most {avatars.MAX_BYTES // (1024 * 1024)} MB. "
        "It is cropped to a square and any hidden data (location, camera) is removed.",
        widget=forms.FileInput(attrs={"accept": "image/jpeg,image/png,image/webp,image/gif"}),
    )
    remove_avatar = forms.BooleanField(label="Remove my picture (use my initials)", required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.avatar_images: dict[str, bytes] | None = None

    def clean_display_name(self):
        name = self.cleaned_data["display_name"].strip()
        if not name:
            raise forms.ValidationError("Please enter a display name.")
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
        return {"display_name": profile.display_name, "favourite_game": profile.favourite_game, "bio": profile.bio}


class TablePlayerForm(ProfileForm):
    """A new table player: a profile without an account. The handle is made from the name when left blank."""

    handle = forms.SlugField(
        max_length=services.HANDLE_MAX_LENGTH,
        required=False,
        help_text="Optional: made from the name when left blank. " + HANDLE_HELP,
        error_messages=HANDLE_ERRORS,
    )
    field_order = ["display_name", "handle", "favourite_game", "bio", "avatar"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["remove_avatar"]

    def clean_handle(self):
        handle = self.cleaned_data.get("handle")
        return clean_handle_value(handle) if handle else ""
