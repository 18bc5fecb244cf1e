/* Top Cat's service worker (served at /sw.js, scope "/"): shows the notices pushed to this device and opens the
   match (or the page) a notice names when it is clicked. It caches nothing. */
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(data.title || "Top Cat", {
    body: data.body || "", tag: data.tag || "topcat", data: { url: data.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => client.url === url.href && "focus" in client);
    return open ? open.focus() : self.clients.openWindow(url.href);
  }));
});
