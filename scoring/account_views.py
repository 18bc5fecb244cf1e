"""Account pages of our own: sign-up, and Django's login and password reset, which keep where the visitor was
going (scoring/arrival.py: a match invitation is named on every page and leads to the seat at the end)."""

from axes.utils import reset as axes_reset
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.db import IntegrityError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_post_parameters

from scoring import arrival, login_limits, services
from scoring.forms import SignUpForm

BACKEND = "scoring.backends.PlayerBackend"


def _arrival_context(request) -> dict:
    going = arrival.wanted(request)
    return {"next": going, "invitation": arrival.invitation(going) if going else None}


@sensitive_post_parameters("password1", "password2")
def signup(request):
    if request.user.is_authenticated:
        return redirect(services.profile_for(request.user))
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user = services.sign_up(
                username=data["username"],
                email=data["email"],
                password=data["password1"],
                display_name=data["username"],
                handle=data["username"],
            )
        except IntegrityError:  # someone took the username or handle between the check and the save
            form.add_error(None, _("That username was taken a moment ago. Please choose another."))
        else:
            going = arrival.wanted(request)
            login(request, user, backend=BACKEND)
            messages.success(request, _("Welcome, %(name)s! This is your player profile: you can change the name "
                                        "other players see on it.") % {"name": user.profile.display_name})
            return redirect(arrival.arrive(request, going) or user.profile.get_absolute_url())
    return render(request, "registration/signup.html", {"form": form, **_arrival_context(request)})


class LoginView(auth_views.LoginView):
    """Django's login, plus a player profile for accounts made elsewhere (createsuperuser, the admin), plus the
    seat of the match the visitor was invited to."""

    redirect_authenticated_user = True

    def form_valid(self, form):
        response = super().form_valid(form)
        services.profile_for(self.request.user)
        login_limits.remember_device(response, self.request.user)  # not locked out by others' failures
        return response

    def get_success_url(self):
        going = self.get_redirect_url() or self.request.session.get(arrival.SESSION_KEY, "")
        if self.request.method != "POST":  # already logged in: go on, but take no seat on a GET
            return going or self.get_default_redirect_url()
        return arrival.arrive(self.request, going) or self.get_default_redirect_url()

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs) | _arrival_context(self.request)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset by e-mail; the link in the e-mail carries where the visitor was going."""

    subject_template_name = "registration/password_reset_subject.txt"

    def form_valid(self, form):
        going = arrival.wanted(self.request)
        arrival.remember(self.request, going)
        self.extra_email_context = {"next": going}
        return super().form_valid(form)

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs) | _arrival_context(self.request)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's "choose a new password"; when the visitor was on their way to a match, it logs them in and
    seats them there instead of asking them to log in again."""

    def dispatch(self, *args, **kwargs):
        arrival.remember(self.request, arrival.safe(self.request, self.request.GET.get("next")))
        return super().dispatch(*args, **kwargs)

    def form_valid(self, form):
        going = self.request.session.get(arrival.SESSION_KEY, "")
        response = super().form_valid(form)
        axes_reset(username=form.user.get_username())  # the reset link lifts a lock-out (docs/security.md)
        if not going:
            return response
        login(self.request, form.user, backend=BACKEND)
        messages.success(self.request, _("Your new password is set."))
        return redirect(arrival.arrive(self.request, going))

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs) | _arrival_context(self.request)
