"""Moving about a page by keyboard alone, for the browser tests: Tab until a control has the focus."""
TABS = 200  # at most this many Tab presses to reach a control from where the focus is


def is_focused(locator) -> bool:
    return locator.evaluate("element => element === document.activeElement")


def tab_to(page, locator, most: int = TABS) -> None:
    """Press Tab until this control has the focus (never a click); fail when Tab never gets there."""
    target = locator.first
    target.wait_for(state="attached")
    for _ in range(most):
        page.keyboard.press("Tab")
        if is_focused(target):
            return
    raise AssertionError(f"Tab never reached {locator}")
