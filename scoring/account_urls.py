"""Account URLs under /accounts/: sign-up, login and logout, password change and reset."""

from django.contrib.auth import views as auth_views
from django.urls import path

from scoring import account_views

urlpatterns = [
    path("signup/", account_views.signup, name="signup"),
    path("login/", account_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password_change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("password_change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path(
        "password_reset/",
        account_views.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path("password_reset/done/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("reset/<uidb64>/<token>/", account_views.PasswordResetConfirmView.as_view(), name="password_reset_confirm"),
    path("reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
]
