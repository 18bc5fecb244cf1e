"""The upload form of record imports: it reads the file; scoring.transfer checks and imports it."""
from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.transfer import MAX_FILE_BYTES

MAX_UPLOAD_MB = MAX_FILE_BYTES // (1024 * 1024)


class ImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Record file"),
        help_text=format_lazy(gettext_lazy("A .json file from this site or another Top Cat: one match record, or "
                                           "a list of them. At most {mb} MB."), mb=MAX_UPLOAD_MB),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_MB * 1024 * 1024:
            raise forms.ValidationError(_("The file is larger than %(mb)d MB; split it into smaller files.")
                                        % {"mb": MAX_UPLOAD_MB})
        return upload.read()
