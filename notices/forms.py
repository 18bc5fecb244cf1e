"""The profile's choice of notices: each kind, by push and by e-mail."""
from django import forms
from django.utils.translation import gettext_lazy

from notices.models import KINDS, Preferences


class PreferencesForm(forms.Form):
    def __init__(self, *args, preferences: Preferences, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = []
        for kind, label in KINDS:
            push = f"push_{kind}"
            email = f"email_{kind}"
            self.fields[push] = forms.BooleanField(
                required=False, initial=preferences.wants(kind, "push"),
                label=gettext_lazy("%(kind)s: by push") % {"kind": label})
            self.fields[email] = forms.BooleanField(
                required=False, initial=preferences.wants(kind, "email"),
                label=gettext_lazy("%(kind)s: by e-mail") % {"kind": label})
            self.rows.append((label, self[push], self[email]))

    def save(self, preferences: Preferences) -> Preferences:
        preferences.push = [kind for kind, _label in KINDS if not self.cleaned_data[f"push_{kind}"]]
        preferences.email = [kind for kind, _label in KINDS if self.cleaned_data[f"email_{kind}"]]
        preferences.save()
        return preferences
