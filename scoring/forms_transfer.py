"""The upload form of record imports: it reads the file; scoring.transfer checks and imports it."""
from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.photos.archive import MAX_ARCHIVE_BYTES, is_zip
from scoring.transfer import MAX_FILE_BYTES

MAX_UPLOAD_MB = MAX_FILE_BYTES // (1024 * 1024)


class ImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Record file"),
        help_text=format_lazy(gettext_lazy("A .json file from this site or another Top Cat: one match record, or "
                                           "a list of them (at most {mb} MB); or a .zip of records with their "
                                           "photos (at most {zip_mb} MB)."), mb=MAX_UPLOAD_MB,
                              zip_mb=MAX_ARCHIVE_BYTES // (1024 * 1024)),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,.zip,application/json,application/zip"}),
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size <= MAX_ARCHIVE_BYTES and is_zip(upload.read(4)):
            upload.seek(0)
            return upload.read()
        upload.seek(0)
        if upload.size > MAX_UPLOAD_MB * 1024 * 1024:
            raise forms.ValidationError(_("The file is larger than %(mb)d MB; split it into smaller files.")
                                        % {"mb": MAX_UPLOAD_MB})
        return upload.read()
