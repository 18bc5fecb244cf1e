"""A form posted in another charset than UTF-8, to every URL of the site, signed in and not: the site's 400 page
(issue 27, point 1). Django refuses such a body when the CSRF check reads it; the 400 page must not read it again."""
import pytest
from django.test import Client

from tests.catsite.site_urls import site_urls
from tests.catsite.test_error_pages import looks_like_the_site

CHARSETS = ["utf-16", "latin-1", "ascii", "UTF8"]


@pytest.mark.django_db
@pytest.mark.parametrize("signed_in", [False, True])
def test_a_form_in_another_charset_to_any_url_is_the_sites_400(signed_in, django_user_model):
    client = Client(enforce_csrf_checks=True)
    if signed_in:
        client.force_login(django_user_model.objects.create_user(username="mia", password="a-Long-passw0rd"))
    token = client.cookies["csrftoken"] = "charsetcsrfsecretforthetests0001"  # a valid secret: cookie and header
    answers = {}
    for url in site_urls():
        for charset in CHARSETS:
            response = client.post(url, "language=zh-hant",  # encoded in `charset` by the client
                                   HTTP_X_CSRFTOKEN=token, HTTP_ACCEPT_LANGUAGE="zh-TW",
                                   content_type=f"application/x-www-form-urlencoded; charset={charset}")
            answers[url, charset] = (response.status_code,
                                     "無法讀取" in response.text and looks_like_the_site(response.text))
    assert {key: answer for key, answer in answers.items() if answer != (400, True)} == {}
