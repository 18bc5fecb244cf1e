/* "Tell me when it's my turn": asks the browser's own permission only when the button is pressed, registers the
   service worker (/sw.js, the whole site's scope), subscribes this device to push with the site's VAPID key and
   posts the subscription to the site (notices/views.py). */
(function () {
  "use strict";

  function keyBytes(base64url) {
    const padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  async function subscribe(offer, say) {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") return say(offer.dataset.refused);
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    const subscription = (await registration.pushManager.getSubscription())
      || await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(offer.dataset.key) });
    const answer = await fetch(offer.dataset.url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": offer.dataset.csrf },
      body: JSON.stringify(subscription.toJSON()),
    });
    say(answer.ok ? offer.dataset.done : offer.dataset.failed);
  }

  function offer(element) {
    const button = element.querySelector("button");
    const status = element.querySelector(".push-offer-status");
    const say = (text) => { status.textContent = text; };
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      button.hidden = true;
      return say(element.dataset.unsupported);
    }
    if (Notification.permission === "denied") say(element.dataset.refused);
    button.addEventListener("click", () => {
      button.disabled = true;
      subscribe(element, say).catch(() => say(element.dataset.failed)).finally(() => { button.disabled = false; });
    });
  }

  document.querySelectorAll("[data-push-offer]").forEach(offer);
})();
