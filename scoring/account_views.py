"""Account pages of our own: sign-up, and a login that makes sure the player has a profile."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.db import IntegrityError
from django.shortcuts import redirect, render
from django.views.decorators.debug import sensitive_post_parameters

from scoring import services
from scoring.forms import SignUpForm


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
                display_name=data["display_name"],
                handle=data["handle"],
            )
        except IntegrityError:  # someone took the username or handle between the check and the save
            form.add_error(None, "That username or handle was taken a moment ago. Please choose another.")
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome, {user.profile.display_name}! This is your player profile.")
            return redirect(user.profile)
    return render(request, "registration/signup.html", {"form": form})


class LoginView(auth_views.LoginView):
    """Django's login, plus a player profile for accounts made elsewhere (createsuperuser, the admin)."""

    redirect_authenticated_user = True

    def form_valid(self, form):
        response = super().form_valid(form)
        services.profile_for(self.request.user)
        return response
