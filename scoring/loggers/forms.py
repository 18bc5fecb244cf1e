"""The forms of another logger's import: the file and its time zone, then who is who."""
from zoneinfo import available_timezones

from django import forms
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.loggers.importing import MAX_FILE_BYTES
from scoring.loggers.people import NEW, Match

MAX_UPLOAD_MB = MAX_FILE_BYTES // (1024 * 1024)


def zone_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in sorted(available_timezones()) if "/" in name or name == "UTC"]


class LoggerFileForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("BG Stats backup or BoardGameGeek plays file"),
        help_text=format_lazy(gettext_lazy("BG Stats: Settings, Backup, export a .json file. BoardGameGeek: your plays "
                                           "as XML (.xml). At most {mb} MB."), mb=MAX_UPLOAD_MB),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,.xml,.bgsplay,application/json,text/xml"}),
    )
    zone = forms.ChoiceField(
        label=gettext_lazy("Time zone of the plays"), choices=zone_choices,
        help_text=gettext_lazy("The loggers write times without a zone: the zone where the games were played."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["zone"].initial = timezone.get_current_timezone_name()

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(_("The file is larger than %(mb)d MB.") % {"mb": MAX_UPLOAD_MB})
        return upload.read()


class PeopleForm(forms.Form):
    """One choice per person of the file: a player here it may be, or a new table player of that name."""

    def __init__(self, people: list[Match], *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.people = people
        for index, match in enumerate(people):
            choices = [(str(p.pk), _("%(name)s (@%(handle)s)") % {"name": p.display_name, "handle": p.handle})
                       for p in match.candidates]
            choices.append((NEW, _("A new table player named %(name)s") % {"name": match.person.name}))
            field = forms.ChoiceField(label=match.person.name, choices=choices,
                                      initial=str(match.suggested.pk) if match.suggested else NEW)
            if match.person.username:
                field.help_text = _("BoardGameGeek username: %(username)s") % {"username": match.person.username}
            self.fields[f"person_{index}"] = field

    def choices(self) -> dict[str, str]:
        return {match.person.key: self.cleaned_data[f"person_{index}"] for index, match in enumerate(self.people)}
