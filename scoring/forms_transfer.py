"""The upload form of record imports: it reads the file; scoring.transfer checks and imports it."""
from django import forms

from scoring.transfer import MAX_FILE_BYTES

MAX_UPLOAD_MB = MAX_FILE_BYTES // (1024 * 1024)


class ImportForm(forms.Form):
    file = forms.FileField(
        label="Record file",
        help_text="A .json file from this site or another Top Cat: one match record, or a list of them. "
                  f"At most {MAX_UPLOAD_MB} MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_MB * 1024 * 1024:
            raise forms.ValidationError(f"The file is larger than {MAX_UPLOAD_MB} MB; split it into smaller files.")
        return upload.read()
